"""Answerer v60, from batch 20 (read after it was counted for v59) and the thirty-first outside check: "how many
guests can I bring" is answered by a sentence naming guests; "for free" is "at no charge"; an interest rate is a
percentage; "what are the opening hours" is no list; a phone number is no code; a label or a cell's first word is no
name; "what does X charge" and "how much extra is it for ..." ask a sum; "extra", "grand", "whole" and a
screen showing a code are no subject. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    asks_for_list,
    expected_unit,
    expects_money,
    gives_value,
    writes_a_name,
)
from domains.execution.briefing.extractive.provider import readable
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes

FAQ = """## Can I bring a guest?

Each member may bring up to two guests per day at no charge.

## Can I print?

Every member gets 50 free pages a month. Colour pages are 20 pence each."""


def test_how_many_guests_i_may_bring_is_answered_where_guests_are_named() -> None:
    quotes = candidate_quotes("how many guests can I bring for free", FAQ)
    assert quotes == ["Each member may bring up to two guests per day at no charge."]


@pytest.mark.parametrize(
    ("question", "money"),
    [
        ("what does Maddox Tiling charge", True),
        ("how much extra is it for the dog", True),
        ("how much extra warranty do repaired ones get", False),
        ("what does the charge cover", False),
        ("how much pocket space is there", False),
    ],
)
def test_more_ways_of_asking_a_sum(question: str, money: bool) -> None:
    assert expects_money(question) is money


def test_an_interest_rate_is_a_percentage() -> None:
    unit = expected_unit("what interest rate do they pay on money they hold for us")
    assert unit is not None
    assert unit.search("Interest is paid at 1.5% a year.")
    assert not unit.search("We will pay you interest on money we hold for you.")


def test_opening_hours_are_no_list() -> None:
    assert not asks_for_list("what are the office opening hours")
    assert asks_for_list("what are the rules for the gym")


def test_a_phone_number_is_no_code() -> None:
    assert not gives_value("We'll text you a key safe code on the day; the night team is on 01632 960123.", "code")
    assert gives_value("The key safe code is 4471.", "code")


def test_a_label_or_a_cells_first_word_is_no_name() -> None:
    terms = frozenset({stem("name"), stem("concierge")})
    row = "Problem: Lift breakdown | Who to contact: Concierge desk | How: 01632 960710"
    assert not writes_a_name(row, tokenize(row), terms)
    named = "Our concierge is Daniel Okoro, at the desk from 8am."
    assert writes_a_name(named, tokenize(named), terms)


def test_extra_grand_whole_and_a_screen_are_no_subject() -> None:
    mail = "## Your booking\n\nThe only difference in price is the dog charge of £40 per dog for the week."
    assert candidate_quotes("how much extra is it for the dog", mail) != []
    quote = "## Quote\n\n| Item | Price |\n|---|---|\n| Boiler | £2,000 |\n| Total | £2,400 |"
    assert any("2,400" in q for q in candidate_quotes("whats the grand total", quote))
    contacts = "## Contacts\n\nSwim Programme Coordinator: Megan Thorley, 01632 960412"
    assert candidate_quotes("who runs the whole swim programme", contacts) != []
    codes = "## Error codes\n\nE4 | Wi-Fi connection lost | Check your router."
    assert candidate_quotes("screen is showing E4 what does that mean", codes) != []


def test_a_statement_reads_links_and_code_as_their_words() -> None:
    quote = "Put peelings in the [compost bin](https://example.org/bins_(green)) and run `tidy --all` **daily**."
    assert readable(quote) == "Put peelings in the compost bin and run tidy --all daily."
    assert readable("snake_case and __init__ stay") == "snake_case and __init__ stay"
