"""Who and what a sentence speaks of: a sentence about a neighbouring alternative ("Adults may borrow ...") does not
answer a question about the one beside it ("... a child ..."), where a document states both side by side; a minutes'
attendance line answers "who" questions only. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    QuestionNeeds,
    expected_answer,
    lettered_names,
    names_a_neighbour,
    names_another_letter,
    names_another_number,
    number_labels,
)
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import draft_score, grounded_quotes, trusted_chunks

LENDING = (
    "# Lending rules\n\n"
    "Adults may borrow up to 12 items at a time. Children's cards allow 8 items.\n\n"
    "There are no fines for overdue children's books. Adult items cost 20p per day overdue.\n"
)


def _names_a_neighbour(question: str, sentence: str) -> bool:
    asked = frozenset(t.stem for t in tokenize(question) if t.content)
    return names_a_neighbour(asked, {t.stem for t in tokenize(sentence)})


@pytest.mark.parametrize(
    ("question", "sentence", "neighbour"),
    [
        ("How many items can a child borrow?", "Adults may borrow up to 12 items.", True),
        ("How many items can a child borrow?", "Children's cards allow 8 items.", False),
        ("When does the last bus depart?", "The last bus arrives at 23:10.", True),
        ("Is the pool open at weekends?", "On weekdays the pool opens at 6:30.", True),
        ("Can children join the adult class?", "The adult class is for over-18s only.", False),  # both asked
        ("What time is breakfast?", "Breakfast is served from 7 in the morning.", False),  # nothing alternative asked
        ("What do students pay for a day pass?", "An adult day pass is £6.", True),
        ("How much is a 30-minute solo lesson?", "A 30-minute group lesson costs £12.", True),
        ("What is the storage limit on the free plan?", "The Pro plan stores 100 GB.", True),
        ("What is the storage limit on the free plan?", "The free plan stores 5 GB; Pro stores 100 GB.", False),
        ("What time is lunch served?", "Breakfast is served from 7:30 to 9:30.", True),
        # v65: staff side by side, and where a trip goes
        ("What is the training allowance for receptionists?", "Dental nurses receive a training allowance.", True),
        ("daily meal allowance for trips within the uk?", "The daily allowance for meals abroad is £60 per day.", True),
        ("daily meal allowance abroad?", "The daily allowance for meals abroad is £60 per day.", False),
        ("is there a fee for international transfers?", "Domestic transfers are free.", True),
    ],
)
def test_a_sentence_naming_only_the_alternative_is_about_the_neighbour(
    question: str, sentence: str, neighbour: bool
) -> None:
    assert _names_a_neighbour(question, sentence) is neighbour


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many items can a child borrow?", "Children's cards allow 8 items."),
        ("What is the fine for an overdue adult book?", "Adult items cost 20p per day overdue."),
    ],
)
async def test_the_question_is_answered_from_the_sentence_about_its_own_alternative(question: str, answer: str) -> None:
    quotes = await grounded_quotes(question, trusted_chunks(LENDING))
    assert quotes[0] == answer


PTA = (
    "Greenway PTA - minutes of 8 October\n\n"
    "Present: Sara (chair), Lewis, Ama, Joe\n\n"
    "1. Playground\nThe climbing frame needs new safety matting. The PTA agreed to pay up to £900 towards it.\n"
)


async def test_a_who_question_may_quote_the_attendance_line_and_no_other_question_does() -> None:
    assert (await grounded_quotes("Who chaired the meeting?", trusted_chunks(PTA)))[0].startswith("Present: Sara")
    quotes = await grounded_quotes("How much will the PTA put towards the safety matting?", trusted_chunks(PTA))
    assert quotes[0] == "The PTA agreed to pay up to £900 towards it."  # "put towards" is no noun phrase
    assert not any(quote.startswith("Present:") for quote in quotes)


CLASSES = (
    "# Class timetable\n\n| Class | Day | Time | Instructor |\n|---|---|---|---|\n"
    "| Spin | Monday | 18:00 | Kai |\n| Pilates | Tuesday | 09:30 | Marta |\n"
)


async def test_who_teaches_is_answered_by_the_instructor_column() -> None:
    assert (await grounded_quotes("Who teaches Pilates?", trusted_chunks(CLASSES)))[0] == (
        "Pilates | Tuesday | 09:30 | Marta"
    )


def test_a_superlative_asks_like_how_high_and_is_no_subject() -> None:
    needs = QuestionNeeds.of(
        "What is the highest I can set the thermostat?", {"highest": 1.7, "thermostat": 1.0, "set": 0.5}, frozenset()
    )
    assert "highest" not in needs.focus and "thermostat" in needs.focus


LIGHTS = (
    "# Router lights\n\n| Light | What it means | What to do |\n|---|---|---|\n"
    "| Power light off | No power | Check the adapter |\n"
    "| Wi-Fi light flashing | Pairing mode | Wait 2 minutes |\n"
    "| Internet light red | No connection | Restart the router |\n"
)


async def test_a_row_named_by_the_question_answers_without_the_other_records() -> None:
    quotes = await grounded_quotes("What should I do if the Wi-Fi light is flashing?", trusted_chunks(LIGHTS))
    assert quotes == ["Wi-Fi light flashing | Pairing mode | Wait 2 minutes"]
    quotes = await grounded_quotes("Which classes does Marta teach?", trusted_chunks(CLASSES))
    assert quotes == ["Pilates | Tuesday | 09:30 | Marta"]


def test_what_hours_asks_for_times_of_day_which_answer_without_the_word_hours() -> None:
    assert expected_answer("What hours can I get to my storage unit?") is Expect.CLOCK
    assert expected_answer("What hours a week can I work?") is Expect.ANY
    text = "# Storage terms\n\n**Access.** You can reach your unit from 6 am to 10 pm every day using your PIN.\n"
    assert draft_score("What hours can I get to my storage unit?", text) > 0.0


@pytest.mark.parametrize(
    ("question", "sentence", "other"),
    [
        ("When will Lift A's motor be replaced?", "Lift B's motor is replaced in April.", True),
        ("When will Lift A's motor be replaced?", "Lift A keeps running; Lift B is replaced.", False),
        ("Is Block C open at weekends?", "Block D opens on Saturdays.", True),
        ("Is Block C open at weekends?", "The library opens on Saturdays.", False),  # names no block at all
    ],
)
def test_a_thing_named_by_a_letter_is_not_its_sibling(question: str, sentence: str, other: bool) -> None:
    assert names_another_letter(sentence, lettered_names(question)) is other


def test_a_question_about_lift_a_is_not_answered_from_lift_b() -> None:
    notice = "Lift B's motor will be replaced from 31 March to 11 April. Lift A stays in service."
    assert draft_score("When will Lift A's motor be replaced?", notice) == 0.0


@pytest.mark.parametrize(
    ("question", "sentence", "other"),
    [
        ("When is parents' evening for Year 6?", "Parents' evening for Year 3 is on 26 March.", True),
        ("When is parents' evening for Year 6?", "Parents' evening for Years 3 to 6 is on 26 March.", False),
        ("What changed in version 4.2?", "Version 4.1 fixed the sync bug.", True),
        ("What changed in version 4.2?", "Version 4.2 adds dark mode; version 4.1 fixed sync.", False),
    ],
)
def test_a_thing_labelled_by_a_number_is_not_its_sibling(question: str, sentence: str, other: bool) -> None:
    asked = number_labels(tokenize(question))
    assert names_another_number(tokenize(sentence), asked, sentence) is other
