"""Answerer v77: a month asked is answered by a month's name, and a length of time asked in one unit is named by the
same length in another ("a one hour walk" / "60 minutes"). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.answer import _holder_first
from domains.execution.briefing.extractive.checks import (
    QuestionNeeds,
    asked_lengths,
    asked_role,
    names_the_holder,
    stated_minutes,
)
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import may_answer, question_needs


@pytest.mark.parametrize(
    ("sentence", "answers"),
    [
        ("Communal fire doors: checked every three months.", False),
        ("Emergency lighting: a full three-hour test every March.", True),
        ("Alarm servicing: twice a year, in April and October.", True),
        ("The next full test is on 03/09/2026.", True),
    ],
)
def test_a_month_asked_is_answered_by_a_months_name(sentence: str, answers: bool) -> None:
    question = "which months of the year are the fire checks done in?"
    assert question_needs(question).month
    assert may_answer(question, sentence, "Fire checks") is answers


def test_a_month_named_is_the_month_a_which_question_asks_for() -> None:
    """The X of "which months" is met by a month's name, as "which day" is by a weekday."""
    assert may_answer("In which months can I sow broad beans?", "Sow broad beans from February to April.", "Beans")
    assert not question_needs("How many months is the contract?").month


def test_lengths_of_time_are_read_in_minutes() -> None:
    assert asked_lengths("how much is a one hour walk?") == ((60.0, "hour", ""),)
    assert asked_lengths("is a 2 hour session enough?") == ((120.0, "hour", "2"),)
    assert stated_minutes("Solo walk, 60 minutes: £16; group walk, 1.5 hours: £20") == frozenset({60.0, 90.0})
    assert stated_minutes("Half an hour before the start") == frozenset({30.0})


def _needs(question: str, weights: dict[str, float]) -> QuestionNeeds:
    return QuestionNeeds.of(question, weights, frozenset())


def _eligible(needs: QuestionNeeds, sentence: str) -> bool:
    tokens = tokenize(sentence)
    own = frozenset(t.stem for t in tokens)
    return needs.eligible(tokens, own, frozenset(), own, True, sentence, own)


def test_the_same_length_in_other_units_names_the_unit_asked() -> None:
    """v77: "a one hour lesson" is the lesson of 60 minutes; a 30-minute lesson is another one."""
    needs = _needs("how much is a one hour lesson?", {"hour": 2.5, "lesson": 1.0})
    assert _eligible(needs, "Private lesson, 60 minutes: £16")
    assert not _eligible(needs, "Private lesson, 30 minutes: £10")


def test_a_length_asked_in_digits_is_met_in_other_units() -> None:
    assert may_answer(
        "how much is a 2 hour session?", "Session (120 minutes): £30", "Prices", key_terms=frozenset({"2"})
    )


CLUB_POLICY = (
    "# Brookfield Rovers safeguarding policy\n\n"
    "## Who to talk to\n\n"
    "The Welfare Officer is the first point of contact for any worry about a child's safety, and works with the "
    "Club Chair, Mr Tom Reyes, on every concern raised.\n\n"
    "## Contacts\n\n"
    "Club Welfare Officer: Mrs Ada Okafor\n"
    "Club Chair: Mr Tom Reyes\n"
)


def test_the_line_naming_the_roles_holder_answers_who_holds_it() -> None:
    """v77: "Club Welfare Officer: Mrs Ada Okafor" answers "who's the welfare officer?", not the sentence about what
    the welfare officer does, though the ranking put that sentence first."""
    evidence = [EvidenceItem("chunk-0", "trusted", CLUB_POLICY, rank=1, section="safeguarding-policy.md")]
    analysis = analyze("who's the welfare officer at the club?", evidence, max_sentence_chars=400)
    texts = [analysis.quote_text(candidate) for candidate in analysis.candidates]
    prose = next(i for i, text in enumerate(texts) if text.startswith("The Welfare Officer"))
    line = texts.index("Club Welfare Officer: Mrs Ada Okafor")
    assert _holder_first(analysis, [(prose, 0.9), (line, 0.5)])[0][0] == line
    # a "who do I ..." question asks no role's holder: the order stands
    other = analyze("who do i talk to about a worry?", evidence, max_sentence_chars=400)
    order = [(index, 0.5) for index in range(len(other.candidates))]
    assert _holder_first(other, order) == order


def test_a_role_asked_is_read_from_who_is_the() -> None:
    assert asked_role("who's the welfare officer at brookfield?") == frozenset({"welfar", "offic"})
    assert asked_role("who is the treasurer") == frozenset({"treasur"})
    assert asked_role("who do i call about fees?") == frozenset()
    assert names_the_holder("Club Welfare Officer: Mrs Ada Okafor", frozenset({"welfar", "offic"}), frozenset())
    assert not names_the_holder("Club Chair: Mr Tom Reyes", frozenset({"welfar", "offic"}), frozenset())
