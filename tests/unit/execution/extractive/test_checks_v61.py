"""Answerer v61, from batches 22 and 23 (read after they were counted for v60): a question asking when something
starts is not answered by a sentence giving only when it ends; "what brand of X", "what make is X" and "what is X
called" ask a name; "how much is <a product's name>", "how much is it per entry" and "what rent / fee do they ..."
ask a sum. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import expected_unit, expects_money, states_only_end
from tests.unit.execution.extractive.helpers import candidate_quotes

CLUB = """## Chess club

Chess club runs until 6:15pm in the library and costs £3 a week.

## Choir

Choir meets from 12:30pm to 1:10pm on Wednesdays."""


def test_a_sentence_giving_only_an_end_does_not_say_when_something_starts() -> None:
    assert candidate_quotes("what time does chess club start", CLUB) == []
    assert candidate_quotes("what time does chess club finish", CLUB) == [
        "Chess club runs until 6:15pm in the library and costs £3 a week."
    ]
    assert candidate_quotes("what time does choir start", CLUB) == ["Choir meets from 12:30pm to 1:10pm on Wednesdays."]


@pytest.mark.parametrize(
    ("text", "only_end"),
    [
        ("The workshop runs until 4pm.", True),
        ("The workshop runs from 1pm until 4pm.", False),
        ("Doors open at 7pm and the quiz goes on till 10pm.", False),
        ("Sessions are 9.30am to 11am.", False),
        ("The hall is booked between 2pm and 5pm.", False),
        ("Registration opens on Monday.", False),
    ],
)
def test_what_only_states_an_end(text: str, only_end: bool) -> None:
    assert states_only_end(text) is only_end


SERVICE = """# Service visit

Engineer: Tom Hale

Recommendations:
Fit a magnetic filter to catch sludge before it reaches the boiler.
We recommend the Vortexa MX filter, which fits a 22 mm pipe."""


def test_a_brand_asked_needs_a_name() -> None:
    unnamed = "Recommendations:\nFit a magnetic filter to catch sludge before it reaches the boiler."
    quotes = candidate_quotes("what brand of magnetic filter would they fit", SERVICE)
    assert "We recommend the Vortexa MX filter, which fits a 22 mm pipe." in quotes
    assert unnamed not in quotes
    assert unnamed in candidate_quotes("what kind of filter would they fit", SERVICE)


def test_what_a_thing_is_called_asks_its_name() -> None:
    letter = "Your dog has been in my garden twice this week.\n\nThe dog, Pepper, dug up the bulbs."
    assert candidate_quotes("what is the neighbour's dog called", letter) == ["The dog, Pepper, dug up the bulbs."]


@pytest.mark.parametrize(
    ("question", "money"),
    [
        ("how much is larkfield care plus", True),
        ("how much is it per entry at the autumn show", True),
        ("what rent will they pay for the hall", True),
        ("what fee do they charge for a late return", True),
        ("what deposit do we pay", True),
        ("how much is left over", False),
        ("what fees are there", False),
    ],
)
def test_more_questions_ask_a_sum(question: str, money: bool) -> None:
    assert expects_money(question) is money


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "how many meals did the kitchen hand out last winter",
            "The kitchen gave out 2,140 meals between November and February.",
        ),
        ("who was the surveyor that came round", "Our surveyor, Mr Omar Leith, visited the flat on 4 March."),
        ("why did they knock money off for the sofa", "We have deducted £90 because the sofa was eleven years old."),
        (
            "who has to sign off a purchase over £1,000",
            "Purchases over £1,000 must be approved by the finance director.",
        ),
        ("how long is the voucher good for", "The voucher is valid for 12 months from the date of issue."),
    ],
)
def test_a_phrasal_verb_is_found_as_the_word_a_document_uses(question: str, text: str) -> None:
    document = f"# Notes\n\n## This year\n\n- {text}\n- Parking permits are renewed each spring.\n"
    assert text in candidate_quotes(question, document)


LEAVE = """# Leave

| Length of service | Annual leave days | Carry-over allowed |
| --- | --- | --- |
| Less than 2 years | 25 | 3 days |
| 2 to 5 years | 27 | 5 days |
| More than 5 years | 30 | 5 days |
"""


def test_a_number_of_years_asked_is_not_met_by_the_same_number_of_days() -> None:
    """Outside check 32: "days leave after 3 years" was answered with the "Less than 2 years" row, whose 3 counts
    days."""
    assert candidate_quotes("how much annual leave do i get after 3 years", LEAVE) == ["2 to 5 years | 27 | 5 days"]
    refund = "# Refunds\n\n- Refunds are paid within 3 working days of the return.\n- Exchanges are free.\n"
    assert "Refunds are paid within 3 working days of the return." in candidate_quotes(
        "are refunds paid within 3 days", refund
    )


@pytest.mark.parametrize(
    ("question", "address"),
    [
        ("landlord's email", True),
        ("what is the landlord's email", True),
        ("email for the booking team?", True),
        ("can i email the office", False),
        ("how do i email the landlord", False),
    ],
)
def test_an_email_typed_as_a_note_asks_for_an_address(question: str, address: bool) -> None:
    """Outside check 32: "landlord's email" was answered with "The fridge belongs to the landlord ..."."""
    unit = expected_unit(question)
    assert (unit is not None and bool(unit.search("write to lettings@harbour.example"))) is address
