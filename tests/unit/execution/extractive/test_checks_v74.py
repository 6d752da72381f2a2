"""Answerer v74: an attribute asked by name ("the energy rating of ...", "What wire gauge ...?") must be named by the
answering sentence or its headings. The texts are written for these tests."""

from __future__ import annotations

import pytest

from tests.unit.execution.extractive.helpers import may_answer, question_needs


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("What make is the new dishwasher?", None),  # a make is given by a name (test_checks_v61)
        ("what's the energy rating of the fridge", "rating"),
        ("What wire gauge is the long extension lead?", "gauge"),
        ("What voltage does the charger take?", "voltage"),
        ("What was fixed in version 5.1?", None),  # "version" names a release here
        ("What size is the duvet?", None),  # a measure: its unit says it
    ],
)
def test_an_attribute_asked_by_name(question: str, attribute: str | None) -> None:
    assert question_needs(question).attribute == attribute


def test_an_attribute_asked_must_be_named() -> None:
    """v74: the sentence or its headings name the attribute; the thing's other facts do not answer it."""
    question = "what's the energy rating of the new fridge?"
    assert not may_answer(question, "The new fridge has an energy use of 150 kWh a year.", "Kitchen")
    assert may_answer(question, "Energy rating: A", "New fridge")
    assert may_answer("What wattage is the heater?", "The heater is rated at 2 kW.", "Specifications")
