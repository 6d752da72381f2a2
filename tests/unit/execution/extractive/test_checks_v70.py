"""Answerer v70, from batch 31 (read after it was counted): a table row is one statement however many sentences its
cells hold; text-speak ("r u", "ur") is read out; the asker's kin called by the word alone ("take mum home") and when
a told situation happened ("last night") are not what is asked about; "under-16" bounds an age; a thing's state
("broken") is no kind of it. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import as_typed, in_stated_range
from domains.execution.briefing.extractive.sentences import split_row
from domains.execution.briefing.extractive.structure import Role, read_units
from tests.unit.execution.extractive.helpers import candidate_quotes, question_needs

PRICES = """# Cycle workshop price list

## Service packages

| Service | What's included | Price |
|---|---|---|
| Safety Check | Brakes and tyres checked. Written report included. | £25 |
| Standard Service | Gears and brakes adjusted. Wheels trued in the frame. | £65 |
"""


def test_a_table_row_is_one_unit_however_many_sentences_its_cells_hold() -> None:
    rows = [PRICES[u.start : u.end] for u in read_units(PRICES, 400) if u.role is Role.ROW]
    assert rows == [
        "Safety Check | Brakes and tyres checked. Written report included. | £25",
        "Standard Service | Gears and brakes adjusted. Wheels trued in the frame. | £65",
    ]
    assert "Standard Service | Gears and brakes adjusted. Wheels trued in the frame. | £65" in candidate_quotes(
        "how much is a standard service", PRICES
    )


def test_a_row_longer_than_a_quote_is_still_cut_between_its_cells() -> None:
    row = "Item: A1 | Notes: " + "Long note. " * 30 + "| Price: £5"
    spans = split_row(row, max_chars=120)
    assert len(spans) > 1
    assert all(span.end - span.start <= 120 for span in spans)
    assert row[spans[-1].start : spans[-1].end].endswith("Price: £5")


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("r u open on mondays?", "are you open on mondays?"),
        ("can u deliver", "can you deliver"),
        ("is ur car park free", "is your car park free"),
        ("U-bend leaking", "U-bend leaking"),  # a capital: no text-speak
        ("what is a u turn", "what is a u turn"),
    ],
)
def test_text_speak_is_read_out(typed: str, read: str) -> None:
    assert as_typed(typed) == read


def test_the_askers_kin_and_when_it_happened_are_not_asked_about() -> None:
    assert "mum" not in question_needs("how much notice do you need if we take mum home for the weekend").focus
    assert "mum" in question_needs("what did the mum say in the survey").focus  # "the mum": someone else's
    needs = question_needs("storm last night blew the garden fence down, can we claim for it?")
    assert "night" not in needs.focus and "last" not in needs.focus
    assert "night" in question_needs("is there a night bus").focus  # asked, not told


POLICY = """# Visiting policy

## Trips out
For trips of more than one night, please give us three days' notice."""


def test_a_trip_with_mum_is_answered_by_the_notice_for_trips() -> None:
    assert candidate_quotes("how much notice do you need if we take mum home for the trip", POLICY) == [
        "For trips of more than one night, please give us three days' notice."
    ]


@pytest.mark.parametrize("sentence", ["Under-16s may only attend Family Zumba.", "£16 adult / £8 under-16"])
def test_an_under_16_bound_covers_a_12_year_old(sentence: str) -> None:
    assert in_stated_range("12", sentence)
    assert not in_stated_range("17", sentence)


def test_a_things_state_is_no_kind_of_it() -> None:
    assert ("broken", "fan") not in question_needs("who is coming to replace the broken kitchen fan").phrases
