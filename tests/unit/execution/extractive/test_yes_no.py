"""A yes/no question is answered by a sentence that restates it, affirmed or denied (answer.restates_yes_no)."""

from __future__ import annotations

import dataclasses

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.answer import Draft, restates_yes_no
from domains.execution.briefing.extractive.checks import asks_yes_no
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.prompt_format import EvidenceItem

POLICY = (
    "# Volunteer travel policy\n\n"
    "## Trains\n"
    "Book standard class at least a week ahead where you can. Sleeper berths are never reimbursed, even when they "
    "cost less than a hotel night.\n\n"
    "## Bicycles\n"
    "Please do not leave bicycles in the office corridor; use the racks by the side door.\n"
)
EVIDENCE = [EvidenceItem("chunk-policy", "trusted", POLICY, rank=1, semantic_rank=1, lexical_rank=1)]


def _restates(question: str, quote: str) -> bool:
    return restates_yes_no(analyze(question, EVIDENCE, max_sentence_chars=400), quote)


def test_a_restatement_answers_and_a_partial_one_does_not() -> None:
    denial = "Sleeper berths are never reimbursed, even when they cost less than a hotel night."
    assert _restates("Will I be reimbursed for a sleeper berth if it costs less than a hotel night?", denial)
    assert not _restates("Will I be reimbursed for a taxi to the station?", denial)  # the thing asked is not there
    assert not _restates("Which berths are reimbursed?", denial)  # not a yes/no question


def test_a_restated_draft_is_answered_at_any_positive_score_unless_the_operator_set_one() -> None:
    draft = Draft(score=0.05, threshold=0.4, quotes=(), semantic=False, restated=True)

    assert ExtractiveBriefingProvider().threshold_for(draft) == 0.0
    assert ExtractiveBriefingProvider(min_score=0.3).threshold_for(draft) == 0.3
    assert ExtractiveBriefingProvider().threshold_for(dataclasses.replace(draft, restated=False)) == 0.4


def test_a_yes_no_question_told_after_its_situation_is_still_one() -> None:
    # The situation ("The stand has a wobbly wheel.") says why one asks; the question proper opens with its auxiliary.
    bicycles = "Please do not leave bicycles in the office corridor; use the racks by the side door."

    assert asks_yes_no("My bike has a wobbly wheel. Can I leave it in the office corridor?")
    assert asks_yes_no("I cycle in most days - can I leave my bicycle in the office corridor?")
    assert not asks_yes_no("My bike has a wobbly wheel. Where can I leave it?")
    # Only the situation's own words ("stand", "wobbly", "wheel") are missing, and weigh half: the restatement answers
    assert _restates("The stand has a wobbly wheel. Can I leave my bicycle in the office corridor?", bicycles)
    assert not _restates("My bike has a wobbly wheel. Can I leave my bicycle in the car park?", bicycles)
