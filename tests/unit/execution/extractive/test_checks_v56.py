"""Answerer v56: a day of a month asked is not met by other days of that month, a phase asked ("while on probation")
not by another ("after probation"), and a code or password asked only by a sentence that gives it (batch 15, read
after it was counted); v57: a document titled for another month answers nothing about the asked one (the twelfth
outside check). The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import (
    calendar_dates,
    gives_value,
    names_other_dates_only,
    other_phase_only,
    phases_of,
    title_names_other_months,
)
from domains.execution.briefing.extractive.terms import fold, stem
from tests.unit.execution.extractive.helpers import candidate_quotes


def test_calendar_dates_read_days_of_a_month_in_words_only() -> None:
    assert calendar_dates("on Sunday 9 February") == {(9, 1)}
    assert calendar_dates("Feb 16th and 3rd of March") == {(16, 1), (3, 2)}
    assert calendar_dates("Weekends of 8-9 February") == {(8, 1), (9, 1)}
    assert calendar_dates("Collection date: 09/02/2025") == frozenset()  # figures: day and month order unknown
    assert calendar_dates("You may 5 times a day") == frozenset()  # the verb


def test_another_day_of_the_asked_month_answers_nothing() -> None:
    asked = calendar_dates("What time is the first bus on Sunday 9 February?")
    assert names_other_dates_only("Sun 16 Feb 07:50 from Ashby Parkway", asked)
    assert not names_other_dates_only("Sun 9 Feb 08:05 from Fenwick", asked)
    assert not names_other_dates_only("Buses replace trains on 8-9 February and 15-16 February.", asked)
    assert not names_other_dates_only("Buses run every 30 minutes from 06:00.", asked)  # no date: may hold for all
    timetable = "## Replacement buses\n\nSun 16 Feb: first bus 07:50 from Ashby Parkway."
    assert candidate_quotes("What time is the first bus from Ashby Parkway on Sunday 9 February?", timetable) == []


def test_another_phase_of_what_is_asked_answers_nothing() -> None:
    asked = phases_of(fold("What's the notice period while I'm still on probation?"))
    assert asked == {("during", stem("probation"))}
    assert other_phase_only("Notice: after probation, one month's notice on either side.", asked)
    assert not other_phase_only("During probation one week's notice applies; after probation, one month.", asked)
    assert not other_phase_only("Notice is one month on either side.", asked)
    assert other_phase_only(
        "After the course starts, no refunds are given.", phases_of("can i cancel before the course")
    )


def test_a_code_asked_needs_a_sentence_that_gives_it() -> None:
    code, password = stem("code"), stem("password")
    for given in ("Gate code: 4471", "The code is 4471.", "The code for the gate changed to 8812.", "Use SPRING10."):
        assert gives_value(given, code), given
    for given in ("The password is sunflower.", "The Wi-Fi password is 'tulip42'.", "Network: Guest, password: t42"):
        assert gives_value(given, password), given
    assert not gives_value("Send new gate code to all members by text | Raj Pillai | 15 March 2025", code)
    assert not gives_value("The Wi-Fi password is on the card by the router.", password)
    minutes = "## Actions\n\n- Send the new gate code to all members by text (Raj, by 15 March 2025)."
    assert candidate_quotes("What's the new code for the main gate?", minutes) == []
    notice = "## Access\n\nThe code for the main gate has changed to 8812."
    assert candidate_quotes("What's the new code for the main gate?", notice) == [
        "The code for the main gate has changed to 8812."
    ]


def test_a_document_titled_for_another_month_answers_nothing_about_this_one() -> None:
    # v57, the twelfth outside check: "rent-roll-oct-2025.xlsx" answered "... on the September 2025 rent roll?"
    row = "Unit: 2A | Tenant: Rosa Delgado | Monthly Rent: $1,720.00 | Balance Due: $1,720.00"
    asked = "What was the balance due for unit 2A on the September 2025 rent roll?"
    assert candidate_quotes(asked, row, "rent-roll-oct-2025.xlsx") == []
    assert candidate_quotes(asked.replace("September", "October"), row, "rent-roll-oct-2025.xlsx") == [row]
    september = frozenset({stem("september")})
    assert title_names_other_months(frozenset({"rent", "roll", "oct", "2025"}), september)
    assert not title_names_other_months(frozenset({"rent", "roll", "2025"}), september)  # no month: it may hold
    assert not title_names_other_months(frozenset({"rent", "roll", "sept"}), september)
    assert title_names_other_months(frozenset({"newslett", "may"}), frozenset({stem("june")})) is False  # the verb
