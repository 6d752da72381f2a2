"""Answerer v78: an age asked is stated as one, an ordinal counts nothing, "how high can X be" asks a height, a dress
code is no code to type, and a sentence that says the answer is published separately answers nothing. The texts are
written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import asked_identifier, defers
from tests.unit.execution.extractive.helpers import may_answer, question_needs


@pytest.mark.parametrize(
    ("sentence", "answers"),
    [
        ("Pip and Squeak, two inseparable guinea pigs who must be rehomed together.", False),
        ("Pip and Squeak are both 3 years old and very tame.", True),
        ("Pip and Squeak were born in 2023 at the rescue centre.", True),
    ],
)
def test_an_age_asked_is_stated_as_an_age(sentence: str, answers: bool) -> None:
    question = "how old are pip and squeak"
    assert question_needs(question).age
    assert may_answer(question, sentence, "Animals to rehome", key_terms=frozenset({"pip", "squeak"})) is answers


@pytest.mark.parametrize(
    "sentence",
    [
        "Members must be at least 16 years old.",
        "You need to be 21 or over and hold a full licence.",
        "Juniors aged 8 to 11 swim with an adult.",
        "The gas boiler was installed in 2009.",
    ],
)
def test_ages_as_documents_state_them(sentence: str) -> None:
    assert may_answer("how old do you have to be?", sentence, "Membership")


def test_an_ordinal_counts_nothing() -> None:
    """v78: "on the 14th" says which day, not how many."""
    question = "how many guests are coming to the wedding?"
    assert not may_answer(question, "The earliest you can get in on the 14th is 8am.", "Wedding day")
    assert may_answer(question, "We are expecting 86 guests at the wedding.", "Wedding day")


def test_how_high_can_a_thing_be_asks_its_height() -> None:
    question = "how high can the rear extension be?"
    assert question_needs(question).dimension == "high"
    assert question_needs("how long can I stay?").dimension is None  # a time, not a length
    assert not may_answer(question, "A rear extension projecting 4.0 metres from the rear wall.", "Proposal")
    assert may_answer(question, "The rear extension must be no more than 3 metres high at the eaves.", "Conditions")


def test_a_dress_code_is_no_code_to_type() -> None:
    assert asked_identifier("what's the dress code for the dinner on thursday?") is None
    assert asked_identifier("what's the door code?") == "code"
    assert may_answer("what's the dress code for the dinner?", "The dress code is smart business wear.", "Dinner")


def test_a_sentence_that_sends_the_reader_elsewhere_answers_nothing() -> None:
    assert defers("The sixth form has its own dress code, which is published separately.")
    assert defers("Parking rules are set out in a separate leaflet.")
    assert not defers("Sixth formers wear business dress: a suit, or a skirt or trousers with a jacket.")
