"""Answerer v72, from the read sets' answered near-misses: days of a month are no clock time ("closed from 24 to 26
December" for "what time does the café open?"); the subject of "which day is X visiting" and "how many years of
warranty does X have" must be named. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import subject_of
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import may_answer


def test_days_of_a_month_are_no_clock_time() -> None:
    question = "What time does the café open in the morning?"
    assert not may_answer(question, "The café is closed from 24 to 26 December and on 1 January.", "Opening times")
    assert may_answer(question, "The café opens from 9 every morning.", "Opening times")


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("which day is the school photographer visiting?", "photographer"),
        ("how many years of warranty does the battery have?", "battery"),
        ("when is the photographer coming to school", "photographer"),
        ("how many people can sit in the committee room", None),  # the subject comes before "can"
        ("when is the next normal planning meeting", None),  # "planning" is no participle here
    ],
)
def test_more_subjects(question: str, subject: str | None) -> None:
    focus = {stem(word): 1.0 for word in question.lower().replace("?", "").split()}
    assert subject_of(question.lower(), focus) == ((stem(subject),) if subject else ())
