"""Answerer v75: a list question told after its situation ("I'm putting the mower away for the winter. What do I need
to do?") is read from its question proper. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.listing import asks_for_several


@pytest.mark.parametrize(
    ("question", "several"),
    [
        ("I'm putting the mower away for the winter. What do I need to do?", True),
        ("We're moving out next month - what do we have to do?", True),
        ("I'm putting the mower away for the winter. When should I do it?", False),  # one thing asked
        ("What do I need to do?", True),
    ],
)
def test_a_list_question_after_its_situation(question: str, several: bool) -> None:
    assert asks_for_several(question) is several
