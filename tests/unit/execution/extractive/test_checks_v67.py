"""Answerers v67 and v68, from batch 28 (read): words people shorten when they type are read as the words a document
writes ("the ref's fee" / "The referee's fee", "40 mins" / "30 to 59 minutes", "a bbq" / "Barbecues"); "HR" is not
read as hours. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import same_word
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes

LEAGUE = """# League rules

## Officials
The referee's fee is £45 per match, shared by the two clubs.
A club that walks off the pitch is fined £50."""


def test_a_shortened_word_finds_the_word_the_document_writes() -> None:
    assert "The referee's fee is £45 per match, shared by the two clubs." in candidate_quotes(
        "how much is the ref's fee?", LEAGUE
    )


@pytest.mark.parametrize(
    ("typed", "written"),
    [("ref", "referee"), ("ref", "reference"), ("hrs", "hours"), ("mins", "minutes"), ("approx", "approximately")],
)
def test_typed_short_forms(typed: str, written: str) -> None:
    assert same_word(stem(typed), {stem(written)})


def test_hr_is_not_hours() -> None:
    assert not same_word(stem("hr"), {stem("hours")})


HOUSE_RULES = """# House rules

## Balconies
Barbecues are not permitted on balconies.
Plant pots must sit inside the railings."""


def test_v68_more_typed_short_forms() -> None:
    assert "Barbecues are not permitted on balconies." in candidate_quotes(
        "are we allowed a bbq on the balcony?", HOUSE_RULES
    )
    assert same_word(stem("meds"), {stem("medication")})
    assert same_word(stem("intro"), {stem("introductory")})
