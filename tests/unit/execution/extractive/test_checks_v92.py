"""Answerer v92: a date written in figures names its day and month ("13/01/2025" is 13 January) where the document
shows the order its dates are written in: a day over 12 in some date of it. A lone "06/01/2025" is left unread (6
January or June 1). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import day_first, figure_date_stems
from tests.unit.execution.extractive.helpers import answered

ROTA = (
    "Week commencing: 06/01/2025 | Site: Quay Road | Shift lead: Hana Ito | Phone: 07700 900111\n\n"
    "Week commencing: 13/01/2025 | Site: Quay Road | Shift lead: Owen Pryce | Phone: 07700 900222\n\n"
    "Week commencing: 13/01/2025 | Site: Bank Street | Shift lead: Mina Sahin | Phone: 07700 900333 | Notes: Oven "
    "service Tuesday\n\n"
    "Week commencing: 20/01/2025 | Site: Bank Street | Shift lead: Hana Ito | Phone: 07700 900111"
)
US_SCHEDULE = (
    "Date: 01/06/2025 | Event: Board meeting | Room: 4B\n\n"
    "Date: 01/20/2025 | Event: Budget review | Room: 2A\n\n"
    "Date: 02/03/2025 | Event: Volunteer training | Room: Hall"
)


def test_the_order_is_what_a_day_over_twelve_shows() -> None:
    assert day_first("Paid on 13/01/2025 and 06/02/2025.") is True
    assert day_first("Paid on 01/13/2025.") is False
    assert day_first("Paid on 06/01/2025.") is None  # either order
    assert day_first("Paid on 13/01/2025 and 01/13/2025.") is None  # both orders: none is trusted
    assert day_first("Ring 0161 496 0000 before 5pm.") is None


def test_a_figure_date_names_its_day_and_month_only_in_a_known_order() -> None:
    assert {"13", "6"} <= figure_date_stems("from 13.01.2025 to 06.02.2025", True)
    assert figure_date_stems("06/01/2025", True) == figure_date_stems("01/06/2025", False)
    assert not figure_date_stems("06/01/2025", None)


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("Who is the shift lead at Bank Street in the week of 13 January?", "Mina Sahin"),
        ("Who leads Quay Road the week of 6 January?", "Hana Ito"),  # its own date is ambiguous; the rota's is not
        ("Who is on at Bank Street the week of 20th January?", "Hana Ito"),
    ],
)
def test_a_row_dated_in_figures_answers_a_question_naming_the_day_and_month(question: str, lead: str) -> None:
    quotes = answered(question, ROTA, None, quotes=True)
    assert quotes and lead in quotes[0]


def test_a_row_of_another_site_or_week_does_not() -> None:
    assert answered("Who leads Quay Road in the week of 20 January?", ROTA, None) == []


def test_month_first_dates_are_read_month_first() -> None:
    quotes = answered("Which room is the budget review in on January 20?", US_SCHEDULE, None, quotes=True)
    assert quotes and "Room: 2A" in quotes[0]
    assert answered("Which room is the board meeting in on 1 June?", US_SCHEDULE, None) == []
