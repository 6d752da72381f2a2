"""Answerer v84: "can I <do something with> X?" is answered by a sentence that grants or refuses leave for X
("Generators are not allowed."), whatever verb the question used. The texts are written for these tests."""

from __future__ import annotations

from tests.unit.execution.extractive.helpers import answered

MARKET = """# Riverside craft market: traders' notes

## Rules

Gazebos must be weighted with at least 10kg on each leg. Generators are not allowed. The food hall is dog-free; dogs
on leads are welcome in the courtyard.
"""


def answer(question: str) -> list[str]:
    return answered(question, MARKET, "market.md")


def test_leave_refused_for_the_thing_answers_whatever_verb_was_asked() -> None:
    assert answer("can i run a generator") == ["Generators are not allowed."]


def test_leave_for_another_thing_answers_nothing() -> None:
    assert answer("can i bring my cat") == []
