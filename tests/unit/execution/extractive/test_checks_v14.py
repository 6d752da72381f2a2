"""Answerer v14's rules, each from a document of the sixth unseen batch or the probe sets, read after answerer v13's
measurement (evaluation/everyday-unseen-6, now development data): opening hours, a name-and-role entry, "what time of
day", "how much is it to ...", the fridge and the freezer, "without paying", vaccinations, hedged and multi-sentence
questions, a number's unit for "how long", "which day". The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    expected_answer,
    expects_money,
    holds_expected,
    name_entry,
    names_a_day,
    number_labels,
)
from domains.execution.briefing.extractive.features import read_question
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes


def test_a_closing_time_is_where_the_text_speaks_of_opening_or_closing() -> None:
    pub = "# Nearby\n\n- The Crown Inn serves food until 9 pm each night.\n"
    assert not candidate_quotes("What time does the Crown Inn close at night?", pub)
    hours = "# Nearby\n\n- The Crown Inn is open until 11 pm.\n"
    assert candidate_quotes("What time does the Crown Inn close?", hours)
    # A section about opening hours says it for its rows.
    table = "# Gallery\n\n## Opening hours\n\n- Saturday: 10:00 - 18:00\n"
    assert candidate_quotes("What time does the gallery close on Saturday?", table)


def test_a_name_and_role_entry_says_who_someone_is_not_what_they_said() -> None:
    assert name_entry("Fiona Hale (Finance Business Partner)")
    assert name_entry("Lina Osei — Lead Developer")
    assert not name_entry("Fiona Hale presented the budget (page 4).")
    assert not name_entry("Room 4 (first floor)")
    minutes = "# Meeting attendees\n\n- Fiona Hale (Finance Business Partner)\n- Lina Osei (Lead Developer)\n"
    assert not candidate_quotes("What did Fiona Hale say about finance at the meeting?", minutes)
    assert any("Fiona Hale" in q for q in candidate_quotes("Who is the Finance Business Partner?", minutes))


def test_what_time_of_day_asks_for_a_clock_time_and_how_much_is_it_to_asks_a_price() -> None:
    assert expected_answer("What time of day are the sprint reviews held?") is Expect.CLOCK
    assert expected_answer("What time of year is the fair?") is not Expect.CLOCK
    assert expected_answer("How much time do the cats get to play?") is Expect.DURATION
    assert expects_money("How much is it to park in the Mill Yard car park?")
    assert not expects_money("How much of the garden is lawn?")
    reviews = "# Meetings\n\n- Sprint reviews are held every second Thursday.\n"
    assert not candidate_quotes("What time of day are the sprint reviews held?", reviews)
    parking = "# Getting here\n\n- We have four blue badge bays at the main entrance.\n"
    assert not candidate_quotes("How much is it to park in the car park?", parking)


def test_the_fridge_is_a_neighbour_of_the_freezer() -> None:
    text = "# Storing\n\n- Cooked lasagne leftovers can be kept in the fridge for 3 days.\n"
    assert not candidate_quotes("How long can cooked lasagne leftovers be kept in the freezer?", text)
    assert candidate_quotes("How long can cooked lasagne leftovers be kept in the fridge?", text)


def test_without_paying_is_found_where_the_text_says_free_and_a_jab_is_a_vaccination() -> None:
    plan = "# Plans\n\n- The free plan includes up to 3 budgets.\n"
    assert candidate_quotes("How many budgets can I have without paying?", plan)
    assert not candidate_quotes("How many budgets can I have when paying?", plan)
    letter = "# Your flu vaccination appointment\n\nTime: 10:40 am\n"
    assert "Time: 10:40 am" in candidate_quotes("What time is my jab?", letter)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("How long after spending the money do I have to claim?", "Claims are due within 60 days of the expense."),
        ("How many keys do we hand back when we move out?", "At the end of the tenancy return all three keys."),
    ],
)
def test_a_phrase_the_document_writes_otherwise_is_found(question: str, text: str) -> None:
    assert text in candidate_quotes(question, f"# Terms\n\n- {text}\n")


def test_a_question_in_several_sentences_has_no_name_in_a_sentences_first_word() -> None:
    told = read_question("My scooter is flat. Roughly how long until it is charged? Thanks", {}, 1.0)
    assert "rough" not in told.weights  # a hedge is no subject
    assert not told.key_terms  # "Roughly" and "Thanks" open sentences: no names
    named = read_question("My scooter is flat. Can Voltra charge it?", {}, 1.0)
    assert "voltra" in named.key_terms
    assert number_labels(tokenize("We arrive around 9 pm, in room 4")) == (("room", "4"),)


@pytest.mark.parametrize(
    ("question", "text", "holds"),
    [
        ("How long does charging take?", "A full charge takes 5 to 6 hours.", True),
        ("How long does charging take?", "Cats are £17 per cat.", False),  # a number without a unit of time
        ("How long does the presentation last?", "Group presentation: Week 11 seminar", False),  # no unit after 11
        ("How long must the password be?", "Use at least 12 characters.", True),
        ("How often must the password be changed?", "Use at least 12 characters.", False),
        ("How long is the app supported?", "Fixes continue until the end of 2026.", True),
    ],
)
def test_a_length_of_time_is_a_number_with_its_unit(question: str, text: str, holds: bool) -> None:
    terms = frozenset(t.stem for t in tokenize(question))
    assert holds_expected(Expect.DURATION, tokenize(text), terms) is holds


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("The club meets on the first Tuesday.", True),
        ("Payment is taken on the 3rd of each month.", True),
        ("The fair is on 15 March.", True),
        ("Renewal is due on 14/03/2026.", True),
        ("We started a monthly lunch club in the spring for 20 guests.", False),
    ],
)
def test_which_day_is_answered_by_a_day_not_by_how_often(text: str, day: bool) -> None:
    assert names_a_day(tokenize(text)) is day


def test_a_monthly_club_does_not_say_on_which_day_it_meets() -> None:
    question = "On which day of the month is the lunch club held?"
    started = (
        "In the spring we started a monthly lunch club at the church hall, which now welcomes 20 guests each month."
    )
    assert not candidate_quotes(question, f"# Our year\n\n{started}\n")
    assert candidate_quotes(question, "# Clubs\n\n- The lunch club meets on the 3rd day of each month.\n")
