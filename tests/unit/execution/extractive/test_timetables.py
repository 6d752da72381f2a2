"""Timetables: "What time does the first weekday bus leave X?" is answered by X's row of the weekday table. No row
repeats "first", "leave" or "weekday" (they are what a timetable is), and a table headed for other days (Saturday
for a weekday question, Monday to Friday for a Sunday one) speaks of those days. The texts are written for these
tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import for_other_days, timetable_row_of
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import grounded_quotes, trusted_chunks

HEADED = (
    "# Line 12 Riverside shuttle\n\n## Monday to Friday\n\n| Stop | Trip 1 | Trip 2 | Trip 3 |\n|---|---|---|---|\n"
    "| Mill Lane | 06:40 | 08:10 | 17:20 |\n| Town Hall | 06:52 | 08:22 | 17:32 |\n\n"
    "## Saturday\n\n| Stop | Trip 1 | Trip 2 |\n|---|---|---|\n| Mill Lane | 09:15 | 14:45 |\n"
    "| Town Hall | 09:27 | 14:57 |\n"
)
LED_IN = (
    "# Island launch\n\nMonday to Saturday crossings:\n\n| Pier | Out 1 | Out 2 |\n|---|---|---|\n"
    "| North Slip | 07:30 | 12:00 |\n\nSunday crossings:\n\n| Pier | Out 1 | Out 2 |\n|---|---|---|\n"
    "| North Slip | 10:30 | 15:00 |\n"
)


@pytest.mark.parametrize(
    ("text", "question", "row"),
    [
        (HEADED, "What time does the first weekday shuttle leave Mill Lane?", "Mill Lane | 06:40 | 08:10 | 17:20"),
        (HEADED, "What time does the first shuttle leave Mill Lane on a Saturday?", "Mill Lane | 09:15 | 14:45"),
        # The lead-in stands one blank line above its table.
        (LED_IN, "What time does the first weekday launch leave North Slip?", "North Slip | 07:30 | 12:00"),
        (LED_IN, "What time is the first launch from North Slip on Sundays?", "North Slip | 10:30 | 15:00"),
    ],
)
async def test_a_timetable_question_is_answered_by_its_place_row_of_its_days_table(
    text: str, question: str, row: str
) -> None:
    assert (await grounded_quotes(question, trusted_chunks(text)))[0] == row


def test_a_timetable_row_names_the_one_place_asked_and_lists_times() -> None:
    assert timetable_row_of("Mill Lane | 06:40 | 08:10 | 17:20", frozenset({"mill", "lane"}))
    assert not timetable_row_of("Town Hall | 06:52 | 08:22 | 17:32", frozenset({"mill", "lane"}))
    # Two places asked ("from Mill Lane, when do I reach the Town Hall?"): the usual rules decide.
    assert not timetable_row_of("Town Hall | 06:52 | 08:22", frozenset({"mill", "lane", "town", "hall"}))
    assert not timetable_row_of("Mill Lane | £2.20 | £1.10", frozenset({"mill", "lane"}))  # a fare table's row


def test_a_table_for_other_days() -> None:
    def days(text: str) -> set[str]:
        return {stem(word.lower()) for word in text.split()}

    assert for_other_days(frozenset(days("first weekday bus")), "Saturday Stop Trip")
    assert not for_other_days(frozenset(days("first weekday bus")), "Monday to Friday Stop")
    assert for_other_days(frozenset(days("Sunday first bus")), "Monday to Friday")
    assert not for_other_days(frozenset(days("Saturday first bus")), "Monday to Saturday")
    assert not for_other_days(frozenset(days("first bus")), "Saturday")  # no day asked
