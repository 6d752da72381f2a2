"""Compound questions and the words that only say how to ask: two questions asked in one ("How many ..., and are
any ...?") or a choice of two situations ("What should I do if ... or ...?") are answered part by part, each part
by its own sentence; an opening order ("List ...") and the verb of a money question ("owe") name no subject. The
texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import QuestionNeeds, names_a_neighbour, question_parts, same_word
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import grounded_quotes, trusted_chunks


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "How many adults are confirmed for the dinner, and are any guests vegetarian?",
            ("How many adults are confirmed for the dinner?", "Are any guests vegetarian?"),
        ),
        (
            "What should I do if the mixture separates or the crust darkens too early?",
            ("What should I do if the mixture separates?", "What should I do if the crust darkens too early?"),
        ),
        (
            "Who keeps the minutes and when is the next meeting?",
            ("Who keeps the minutes?", "When is the next meeting?"),
        ),
        # One question asked of two things named apart: each thing is a part, with the question's words before it
        (
            "When are the spring fair and the summer barbecue?",
            ("When are the spring fair?", "When are the summer barbecue?"),
        ),
        (
            "What is the fee for the beginners' course and the advanced course?",
            ("What is the fee for the beginners' course?", "What is the fee for the advanced course?"),
        ),
        # ... but two things a question relates ("between", "compare") are one question
        ("What is the difference between the basic plan and the family plan?", ()),
        # A second part that points back to the first is no question on its own; only the first is kept.
        ("Is breakfast included, and what time is it served?", ("Is breakfast included?",)),
        # A choice inside one question is one question.
        ("Can I pay by card or cash?", ()),
        ("What does my child need to bring or have sorted each day?", ()),
        ("What happens if I return it late or damaged?", ()),
    ],
)
def test_a_compound_question_is_split_into_the_questions_it_asks(question: str, parts: tuple[str, ...]) -> None:
    assert question_parts(question) == parts


DINNER = (
    "# Reunion dinner\n\n## Numbers\nWe now have 54 adults and 6 children confirmed for the dinner.\n\n"
    "## Diets\nThree guests are vegetarian and one guest needs nut-free food.\n\n"
    "## Music\nA string quartet plays from 7 pm.\n"
)
CLUB = (
    "# Garden club notes\n\nThe committee agreed to ask the members at the AGM whether fees should rise to £20 a year. "
    "The next committee meeting is on Tuesday 6 May at 7 pm in the library. The AGM will be held on Saturday 14 June."
    "\n\nTea and biscuits are £1 a cup.\n"
)
LOAF = (
    "# Ginger loaf\n\n## Troubleshooting\nIf the mixture separates, beat in a tablespoon of flour.\n\n"
    "If the crust darkens before the middle is set, lay a sheet of foil over the tin.\n\n"
    "## Storing\nWrapped in paper, the loaf keeps for five days.\n"
)


@pytest.mark.parametrize(
    ("text", "question", "quotes"),
    [
        (
            DINNER,
            "How many adults are confirmed for the dinner, and are any guests vegetarian?",
            [
                "We now have 54 adults and 6 children confirmed for the dinner.",
                "Three guests are vegetarian and one guest needs nut-free food.",
            ],
        ),
        (
            LOAF,
            "What should I do if the mixture separates or the crust darkens too early?",
            [
                "If the mixture separates, beat in a tablespoon of flour.",
                "If the crust darkens before the middle is set, lay a sheet of foil over the tin.",
            ],
        ),
        (
            CLUB,
            "When are the next committee meeting and the AGM?",
            [
                "The next committee meeting is on Tuesday 6 May at 7 pm in the library.",
                "The AGM will be held on Saturday 14 June.",
            ],
        ),
    ],
)
async def test_each_part_of_a_compound_question_has_its_own_claim(text: str, question: str, quotes: list[str]) -> None:
    assert await grounded_quotes(question, trusted_chunks(text)) == quotes


async def test_a_single_question_still_takes_one_claim() -> None:
    assert await grounded_quotes("Are any guests vegetarian?", trusted_chunks(DINNER)) == [
        "Three guests are vegetarian and one guest needs nut-free food."
    ]


def _focus(question: str) -> dict[str, float]:
    weights = {t.stem: 1.0 for t in tokenize(question) if t.content}
    return QuestionNeeds.of(question, weights, frozenset()).focus


def test_an_opening_order_and_the_verb_of_a_money_question_name_no_subject() -> None:
    assert stem("list") not in _focus("List the action points agreed at the meeting.")
    assert stem("action") in _focus("List the action points agreed at the meeting.")
    assert stem("list") in _focus("Who is on the waiting list?")  # a list asked about is a subject
    owed = _focus("How much do I still owe the garage?")
    assert stem("owe") not in owed and stem("still") not in owed and stem("garage") in owed


def test_annual_means_a_year_and_a_monthly_price_is_no_annual_one() -> None:
    assert same_word(stem("annually"), {stem("year")})
    asked = frozenset(t.stem for t in tokenize("What is the monthly fee?") if t.content)
    assert names_a_neighbour(asked, {t.stem for t in tokenize("The annual fee is £60.")})
    assert not names_a_neighbour(asked, {t.stem for t in tokenize("The fee is £6 monthly or £60 annually.")})
