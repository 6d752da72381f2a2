"""Answerer v86, from the ninth outside check: sums of money count no one, a month names no one, and a telephone
number answers "who do I ring?". The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import counts_nothing, gives_contact
from tests.unit.execution.extractive.helpers import answered

HALL = """ASHCOMBE VILLAGE HALL - NOTES FOR HIRERS

1. ROOMS

Main hall ........... 90 people seated, or 130 standing.
Committee room ...... tables and chairs for small meetings.

2. CHARGES (per hour)

Main hall, weekdays ............. £24.00
Committee room, any time ........ £11.00

3. REPAIRS AND EMERGENCIES

Report small repairs to the caretaker by email. If a pipe leaks or the power fails, call the emergency line on
01632 960418 at any hour. The boiler is serviced every March by Dunmore Heating.
"""


def answer(question: str) -> list[str]:
    return answered(question, HALL, "hall.txt")


def test_a_sum_of_money_counts_no_one() -> None:
    assert counts_nothing("Committee room, any time ........ £11.00")
    assert counts_nothing("up 12% on last year, at a cost of £4,000")
    assert counts_nothing("Bookings: 01632 960418")
    assert not counts_nothing("Main hall: 90 people seated, £24.00 an hour")
    assert answer("how many people can the committee room hold") == []
    # v93: a dot leader's label is quoted with its value
    assert answer("how many people fit in the main hall") == [
        "Main hall ........... 90 people seated, or 130 standing."
    ]


def test_a_telephone_number_answers_who_to_ring_and_a_month_names_no_one() -> None:
    assert gives_contact("call the emergency line on 01632 960418") and gives_contact("email hire@hall.example")
    assert not gives_contact("The boiler is serviced every March.")
    assert answer("who do i call if a pipe leaks") == [
        "If a pipe leaks or the power fails, call the emergency line on 01632 960418 at any hour."
    ]
    # a "who" question that asks for a name still takes the named firm
    assert answer("who services the boiler") == ["The boiler is serviced every March by Dunmore Heating."]
