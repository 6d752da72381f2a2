"""Answerer v79: a clock time the asker tells before the question ("stuck in the lift at 11 at night - who do I
phone?") is met by a sentence for that part of the day, without the number. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import told_clock_times
from tests.unit.execution.extractive.helpers import may_answer


def test_told_clock_times_and_their_parts_of_the_day() -> None:
    assert told_clock_times("stuck in the lift at 11 at night - ") == (("11", frozenset({"night"})),)
    assert told_clock_times("if i pick the dog up around 2pm, ") == (("2", frozenset({"afternoon"})),)
    assert told_clock_times("my son is 11, ") == ()  # an age, not a time


def test_a_sentence_for_that_part_of_the_day_answers_without_the_number() -> None:
    question = "stuck in the lift at 11 at night - who do i phone?"
    key = frozenset({"11"})
    assert may_answer(question, "Out of hours, call the lift engineers on 01632 960499.", "Lifts", key_terms=key)
    assert may_answer(question, "For a lift breakdown call our 24-hour line on 01632 960499.", "Lifts", key_terms=key)
    # office hours say nothing about 11 at night
    assert not may_answer(question, "Call the concierge on 01632 960400 (9am to 5pm).", "Lifts", key_terms=key)


def test_a_number_asked_in_the_question_itself_is_still_needed() -> None:
    """Only the situation's clock time is told; "the 11 bus" asked about must still be named."""
    assert not may_answer(
        "when does the 11 bus leave?", "Out of hours buses leave every hour.", "Buses", key_terms=frozenset({"11"})
    )
