"""Answerer v82: a role written in lower case answers "who" ("Ask a partner to approve ..."); "in charge" is written
as "led" or "leader"; "meds" as "medication"; and the notice a time before gives needs no word "notice". The texts
are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import candidate_quotes, may_answer


def candidates_beside(question: str, text: str, other: str) -> list[str]:
    """The candidate quotes of `text` when another document's chunk (`other`) was retrieved too."""
    evidence = [
        EvidenceItem("chunk-0", "trusted", text, rank=1, section="vet.md"),
        EvidenceItem("chunk-1", "trusted", other, rank=2, section="gym.md"),
    ]
    analysis = analyze(question, evidence, max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates if c.passage == 0]


GUIDANCE = """## Sending letters

Read every sentence yourself and correct any figure that does not match the survey file.
Ask a partner to approve letters that quote a valuation.
"""


def test_a_role_in_lower_case_answers_who() -> None:
    assert "Ask a partner to approve letters that quote a valuation." in candidate_quotes(
        "who approves letters that quote a valuation?", GUIDANCE
    )


def test_a_sentence_naming_no_one_still_does_not_answer_who() -> None:
    text = "## Sending letters\n\nLetters that quote a valuation are approved before they are posted.\n"
    assert candidate_quotes("who approves letters that quote a valuation?", text) == []


TRIP = """## Staff

The visit will be led by Mr Callum Fairbairn (Year 6 teacher and trip leader). Two teaching assistants will join him.
"""


def test_in_charge_is_found_where_led_or_leader_is_written() -> None:
    assert candidate_quotes("which teacher is in charge of the trip", TRIP) == [
        "The visit will be led by Mr Callum Fairbairn (Year 6 teacher and trip leader)."
    ]
    assert may_answer("who is in charge of the trip", "Mr Callum Fairbairn leads the visit.")
    assert not may_answer("who is in charge of the trip", "Mr Callum Fairbairn books the coach.")


PRESCRIPTIONS = """## Prescriptions

Please order repeat medication at least 48 hours before you need to collect it. Flea treatments can be collected
the same day.
"""


GYM = "## Membership\n\nMembers give one month's notice to cancel. Meds and supplements are not sold at the desk.\n"


def test_meds_is_medication_and_a_time_before_is_the_notice() -> None:
    assert candidates_beside("how much notice do you need for repeat meds", PRESCRIPTIONS, GYM) == [
        "Please order repeat medication at least 48 hours before you need to collect it."
    ]
    # a document about repeat meds that never writes "notice": the time before is the notice asked
    ordered = "Please order it at least 48 hours before you need to collect it."
    assert may_answer("how much notice do you need for repeat meds", ordered, title="Repeat meds")
    assert not may_answer(
        "how much notice do you need for repeat meds", "Please order it online or at reception.", title="Repeat meds"
    )


def test_notice_asked_of_a_sentence_giving_no_time_before_is_not_answered() -> None:
    text = "## Prescriptions\n\nRepeat medication can be ordered online or at reception.\n"
    assert candidates_beside("how much notice do you need for repeat meds", text, GYM) == []
