"""Forms answer where and when by their labels, a colon line introduces and states nothing, and a salary is money.
Found by an outside check on Word and text files; the texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import asks_place_or_time, labels_the_other
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import candidate_quotes, may_answer, question_needs

FORM = (
    "# Near-miss report\n\n"
    "Reported by: Tomas Berg\n\n"
    "Date of near miss: Thursday 8 October 2026, 09:40\n\n"
    "Location: Goods-in ramp, Eastfield depot\n\n"
    "What happened: a pallet slid off the forks of a reversing truck.\n\n"
    "Shift leads this week:\n\n"
    "Team: Green | Day: Monday | Lead: Ama Owusu\n\n"
    "Team: Amber | Day: Tuesday | Lead: Jon Price\n"
)
OFFER = (
    "Dear Ms Lund,\n\nWe are pleased to offer you the post of Fleet Coordinator at our Leeds yard, starting on "
    "Monday 1 March 2027. Your annual salary will be £38,400, paid monthly.\n\nYours sincerely,\nHR team\n"
)


def _answer(question: str, text: str, name: str) -> list[str]:
    evidence = [EvidenceItem("c0", "trusted", text, rank=1, section=name)]
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, evidence)
    return [quote.text for quote in draft.quotes] if draft.score >= draft.threshold > 0 else []


def test_a_where_question_is_answered_by_the_line_labelled_as_a_place() -> None:
    assert _answer("Where did the near miss happen?", FORM, "report.md")[:1] == [
        "Location: Goods-in ramp, Eastfield depot"
    ]


def test_a_when_question_is_answered_by_the_line_labelled_as_a_date() -> None:
    assert _answer("When did the near miss happen?", FORM, "report.md")[:1] == [
        "Date of near miss: Thursday 8 October 2026, 09:40"
    ]


@pytest.mark.parametrize(
    ("question", "line", "refused"),
    [
        ("Where did it happen?", "Date of incident: Tuesday 3 March", True),
        ("Where did it happen?", "Team: Blue | Day: Monday | Lead: Ana", True),
        ("Where did it happen?", "Day: Monday | Venue: Hall 2", False),  # the row names a place too
        ("When is it?", "Location: Hall 2", True),
        ("When is it?", "Inset day: school closed on Friday 13 February", False),  # an event named "day"
        ("What colour is it?", "Date: Monday", False),
    ],
)
def test_a_line_labelled_as_the_other_of_place_and_time_answers_nothing(
    question: str, line: str, refused: bool
) -> None:
    asked = asks_place_or_time(question)
    assert (asked is not None and labels_the_other(line, asked)) is refused


def test_a_colon_line_is_no_answer_and_a_salary_is_money() -> None:
    assert "Shift leads this week:" not in candidate_quotes("Who leads the shifts this week?", FORM, "report.md")
    # A line that introduces what follows names the question's words and states nothing
    assert not may_answer("What are the shift leads this week?", "Shift leads this week:")
    assert may_answer("What are the shift leads this week?", "Shift leads this week: Ama Owusu and Jon Price.")
    assert question_needs("What is the annual salary for the Fleet Coordinator?").money
    assert question_needs("What are the wages of a driver?").money
    assert not question_needs("What is the salary review process?").money  # no price asked
    assert _answer("What is the annual salary for the Fleet Coordinator?", OFFER, "offer.txt") == [
        "Your annual salary will be £38,400, paid monthly."
    ]
