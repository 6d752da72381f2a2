"""Answerer v91: a request opened by a greeting or by the name of the one asked ("Dear agent, could you ...", "Hi Tom,
can you ...", "Sam, could you ...") is a request, as it is without them: it states the duty and its deadline. The
texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import asks_only
from tests.unit.execution.extractive.helpers import answered

LETTER = (
    "Dear agent, could you send the signed inventory to the landlord by Thursday 9 July?\n\n"
    "The deposit of £980 was registered with the scheme on 1 July.\n\nBest wishes,\nNoor"
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Dear agent, could you send the signed inventory to the landlord by Thursday 9 July?",
        "Hi Tom, can you book the minibus for the away match on Saturday?",
        "Sam, could you order twelve more chairs before the open evening?",
        "Good morning all, could everyone hand in their timesheets by Friday noon?",
    ],
)
def test_a_request_after_a_greeting_or_a_name_states_something(sentence: str) -> None:
    assert not asks_only(sentence)


def test_a_question_after_a_greeting_still_states_nothing() -> None:
    assert asks_only("Hi Tom, is the minibus booked?")
    assert asks_only("Dear agent, could you confirm whether the boiler was serviced?")


def test_the_deadline_in_a_greeted_request_answers() -> None:
    assert answered("By when should the inventory be sent to the landlord?", LETTER, None, quotes=True) == [
        "Dear agent, could you send the signed inventory to the landlord by Thursday 9 July?"
    ]
