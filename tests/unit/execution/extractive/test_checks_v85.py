"""Answerer v85: a table row asked of another row's key, a name asked after whose it is, and how long a thing takes
(not how often, nor how long before). The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import states_time_taken, writes_a_name
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import answered

CLUBS = """# Oakfield Primary: after-school clubs, summer term

Book through the school office by Friday 25 April.

| Club | Day | Start | Finish | Run by |
|---|---|---|---|---|
| Football | Tuesday | 3:20pm | 4:30pm | Coach Dev Patel |
| Gymnastics | Monday | 3:15pm | 4:15pm | Flip Factor |
| Code club | Wednesday | 3:30pm | 4:30pm | Mrs Anna Kowal |
| Choir | Thursday | 12:40pm | 1:10pm | Mr Idris Vaughan |
"""

SURGERY = """# Larch Lane Surgery: repeat prescriptions

## Reviews

Book a medication review with the practice pharmacist every 12 months, even if you feel well. A review takes about
20 minutes.

## Boat trips

Please arrive 20 minutes before your trip so the skipper can give you a safety talk on the pontoon.

## Staff

Our four practice nurses, led by our head nurse, run the asthma and diabetes clinics. At the end of your visit I'll
pass your notes to the building inspector. Practice manager: Colm Devlin.
"""


def answer(question: str, text: str) -> list[str]:
    return answered(question, text, "doc.md")


def test_a_row_asked_of_another_rows_key_does_not_answer() -> None:
    # Football is Tuesday's club: Thursday's row is the choir's, whoever runs it
    assert answer("who runs football on thursdays", CLUBS) == []


def test_a_row_asked_of_its_own_key_or_of_no_key_still_answers() -> None:
    assert answer("what time is choir", CLUBS) == ["Choir | Thursday | 12:40pm | 1:10pm | Mr Idris Vaughan"]
    assert answer("who runs the monday club", CLUBS) == ["Gymnastics | Monday | 3:15pm | 4:15pm | Flip Factor"]


def test_a_name_asked_after_whose_it_is_needs_a_name_of_that_one() -> None:
    assert answer("what's the head nurse's name", SURGERY) == []
    # the section names the inspector; the manager's line names someone else
    assert answer("what's the name of the building inspector", SURGERY) == []
    assert answer("what's the practice manager's name", SURGERY) == ["Practice manager: Colm Devlin."]


def test_i_with_a_contraction_writes_no_name() -> None:
    text = "At the end I'll pass on the completion certificate."
    assert not writes_a_name(text, tokenize(text), frozenset({"inspector"}))
    named = "At the end Ms Okafor will pass on the completion certificate."
    assert writes_a_name(named, tokenize(named), frozenset({"inspector"}))


def test_how_often_and_how_long_before_are_not_how_long_a_thing_takes() -> None:
    assert not states_time_taken("Book a medication review every 12 months, even if you feel well.")
    assert not states_time_taken("Please arrive 20 minutes before your trip.")
    assert states_time_taken("A review takes about 20 minutes.")
    assert states_time_taken("Results take 3 days after the test.")
    assert not states_time_taken("Staff are given at least 4 weeks' notice of any change.")
    assert states_time_taken("Please allow 3 working days before collecting.")  # the time it takes, "before" or not
    assert answer("how long does the safety talk last", SURGERY) == []
    assert answer("how long does a medication review take", SURGERY) == ["A review takes about 20 minutes."]
