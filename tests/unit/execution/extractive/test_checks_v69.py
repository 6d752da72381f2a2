"""Answerer v69, from batches 27 and 28 (read): "how heavy" is answered by a weight; more plain synonyms ("worry" /
"concerns"), which the scores now read as the question's word, as the rules do; and the subject of "how much is /
when is / where is X" must be named, as v66 asked of "does X". The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import subject_of
from domains.execution.briefing.extractive.features import with_equivalents
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes

TOUR = """# Coach tour: the Northumberland coast

## Luggage
Luggage is limited to one suitcase of up to 20kg per person.

## Meals
Dinner is served at 7pm in the hotel restaurant."""


def test_a_weight_answers_how_heavy() -> None:
    assert candidate_quotes("how heavy can my suitcase be", TOUR) == [
        "Luggage is limited to one suitcase of up to 20kg per person."
    ]


CLUB = """# Club contacts

## Welfare
Welfare officer: Jas Bhogal, 01632 960658 (for safeguarding concerns)

## Kit
Kit orders: Sam Lee, kit@club.example"""


def test_a_synonym_finds_the_word_the_document_writes() -> None:
    assert "Welfare officer: Jas Bhogal, 01632 960658 (for safeguarding concerns)" in candidate_quotes(
        "who do i talk to about a safeguarding worry", CLUB
    )


def test_scores_read_a_synonym_as_the_question_word() -> None:
    written = {stem("safeguarding"), stem("concerns")}
    asked = [stem("safeguarding"), stem("worry"), stem("talk")]
    assert with_equivalents(asked, written) == written | {stem("worry")}  # "talk" has no synonym written
    assert with_equivalents(asked, {stem("talk")}) == {stem("talk")}


SHOP = """# Swimming pool price list

## Changing rooms
Hair dryers are free to use.

## Lockers
A padlock for the lockers costs £3."""


def test_the_subject_of_how_much_is_must_be_named() -> None:
    # every other word is in the changing rooms' section, and "free" answers a money question: only goggles are missing
    assert candidate_quotes("how much are goggles in the changing rooms", SHOP) == []
    assert candidate_quotes("how much is a padlock for the lockers", SHOP) == ["A padlock for the lockers costs £3."]


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("how much are goggles at reception", "goggles"),
        ("when is the summer show", "summer"),
        ("where is the assembly point", "assembly"),
        ("how much is parking?", "parking"),
        ("how much is it per entry", None),  # a pronoun
        ("how much is the fine for late pick-up?", None),  # the sum asked, whatever the document calls it
        ("where is the closest car park?", None),  # an adjective
    ],
)
def test_the_subject_of_a_question_with_be(question: str, subject: str | None) -> None:
    focus = {stem(word): 1.0 for word in question.lower().replace("?", "").split()}
    assert subject_of(question.lower(), focus) == ((stem(subject),) if subject else ())
