"""The deterministic verifier on in-memory inputs: the briefing contract, then membership, validity and grounding,
in that order, each failing on exactly what it checks."""

from __future__ import annotations

from typing import Any

import pytest

from domains.execution.briefing.output import BriefingOutput
from domains.execution.run.records import StoredCitation
from domains.execution.verification import briefing_contract_violation, verify_stages
from domains.execution.verification.verifier import check_grounding, check_membership, check_validity
from domains.knowledge.repository import StoredChunk

ORG = "org-1"
TEXT = "Boil water for one minute before drinking it.\nNever leave a campfire unattended."


def citation(chunk_id: str = "c1", **changes: Any) -> StoredCitation:
    values: dict[str, Any] = {
        "chunk_id": chunk_id,
        "document_id": "d1",
        "document_version_id": "v1",
        "document_title": "Handbook",
        "source_type": "markdown",
        "page": None,
        "section": "Water",
        "content": TEXT,
        "content_hash": "hash-1",
        "char_start": 100,
        "retrieval_score": 0.5,
        "retrieval_rank": 1,
        "retrieval_method": "hybrid",
        "trust_label": "trusted",
    }
    values.update(changes)
    return StoredCitation.model_validate(values)


def stored(chunk_id: str = "c1", **changes: Any) -> StoredChunk:
    values: dict[str, Any] = {
        "chunk_id": chunk_id,
        "organization_id": ORG,
        "document_id": "d1",
        "document_version_id": "v1",
        "text": TEXT,
        "content_hash": "hash-1",
        "char_start": 100,
    }
    values.update(changes)
    return StoredChunk(**values)


def briefing(*quotes: tuple[str, str], refused: bool = False, statement: str = "Boil water first.") -> BriefingOutput:
    claims = [{"statement": statement, "citations": [{"chunk_id": c, "quote": q}]} for c, q in quotes]
    return BriefingOutput.model_validate({"briefing": "b", "claims": claims, "insufficient_evidence": refused})


# --- contract ------------------------------------------------------------------------------------------------


def test_an_answer_without_claims_breaks_the_contract() -> None:
    assert briefing_contract_violation(briefing()) == (
        None,
        "the briefing makes no claim and does not declare insufficient evidence",
    )


def test_a_refusal_without_claims_keeps_the_contract() -> None:
    assert briefing_contract_violation(briefing(refused=True)) is None


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({"statement": "  ", "citations": [{"chunk_id": "c1", "quote": "Boil"}]}, "claim 1 has an empty statement"),
        ({"statement": "s", "citations": []}, "claim 1 has no citation"),
        ({"statement": "s", "citations": [{"chunk_id": "c1", "quote": " \n "}]}, "claim 1 cites chunk c1 with an"),
    ],
)
def test_each_contract_violation_names_the_claim(payload: dict[str, Any], problem: str) -> None:
    output = BriefingOutput.model_validate({"briefing": "b", "claims": [payload], "insufficient_evidence": False})
    violation = briefing_contract_violation(output)
    assert violation is not None and violation[0] == 1 and violation[1].startswith(problem)


# --- stage 1: membership -----------------------------------------------------------------------------------------


def test_membership_refuses_a_chunk_the_run_did_not_show() -> None:
    failure = check_membership(briefing(("elsewhere", "Boil water")), {"c1": citation()})
    assert failure is not None and failure.stage == "membership" and failure.claim_index == 1
    assert check_membership(briefing(("c1", "Boil water")), {"c1": citation()}) is None


def test_a_withheld_chunk_is_not_a_member_even_though_it_was_retrieved() -> None:
    result = verify_stages(briefing(("c1", "Boil water")), [citation(withheld=True)], {"c1": stored()}, ORG)
    assert not result.ok and result.stage == "membership" and result.stages_passed == ["contract"]


# --- stage 2: validity ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chunk", "problem"),
    [
        (None, "does not exist"),
        (stored(organization_id="org-2"), "belongs to another organization"),
        (stored(document_version_id="v2"), "no longer belongs to the retrieved document version"),
        (stored(content_hash="hash-2"), "changed since it was retrieved"),
    ],
)
def test_validity_refuses_a_gone_foreign_moved_or_changed_chunk(chunk: StoredChunk | None, problem: str) -> None:
    chunks = {} if chunk is None else {"c1": chunk}
    failure = check_validity(briefing(("c1", "Boil water")), {"c1": citation()}, chunks, ORG)
    assert failure is not None and failure.stage == "validity" and problem in failure.problem


def test_validity_accepts_the_unchanged_chunk() -> None:
    assert check_validity(briefing(("c1", "Boil water")), {"c1": citation()}, {"c1": stored()}, ORG) is None


# --- stage 3: grounding --------------------------------------------------------------------------------------------


def test_grounding_returns_spans_in_the_chunk_and_in_the_version() -> None:
    claims, failure = check_grounding(briefing(("c1", "never leave a CAMPFIRE   unattended")), {"c1": stored()})
    assert failure is None
    span = claims[0].citations[0].span
    assert span is not None
    assert TEXT[span.chunk_start : span.chunk_end] == "Never leave a campfire unattended"
    assert (span.version_start, span.version_end) == (100 + span.chunk_start, 100 + span.chunk_end)


@pytest.mark.parametrize(
    "quote",
    [
        "Boil water for two minutes",  # a different word
        "Boil water for one minute after drinking it.",  # a changed word
        "Always leave a campfire unattended.",  # an antonym
        "Boil water for one minute. Never leave a campfire unattended.",  # two sentences spliced without the text
    ],
)
def test_grounding_refuses_anything_but_the_chunks_words(quote: str) -> None:
    _, failure = check_grounding(briefing(("c1", quote)), {"c1": stored()})
    assert failure is not None and failure.stage == "grounding"


def test_a_line_break_in_the_chunk_is_whitespace_to_a_quote() -> None:
    _, failure = check_grounding(briefing(("c1", "drinking it. Never leave")), {"c1": stored()})
    assert failure is None


# --- the order of the stages ---------------------------------------------------------------------------------------


def test_stages_run_in_order_and_the_first_failure_decides() -> None:
    # A foreign chunk with a fabricated quote: membership fails before grounding is even considered.
    result = verify_stages(briefing(("c9", "invented")), [citation()], {"c9": stored("c9")}, ORG)
    assert result.stage == "membership" and result.stages_passed == ["contract"]
    # A shown chunk that changed, quoted wrongly: validity fails first.
    result = verify_stages(briefing(("c1", "invented")), [citation()], {"c1": stored(content_hash="x")}, ORG)
    assert result.stage == "validity" and result.stages_passed == ["contract", "membership"]
    # Everything valid but the quote.
    result = verify_stages(briefing(("c1", "invented")), [citation()], {"c1": stored()}, ORG)
    assert result.stage == "grounding" and result.stages_passed == ["contract", "membership", "validity"]
    assert result.reason is not None and result.reason.startswith("verification failed at stage grounding: claim 1")


def test_one_bad_citation_fails_the_whole_briefing() -> None:
    result = verify_stages(
        briefing(("c1", "Boil water for one minute"), ("c1", "Boil water for two minutes")),
        [citation()],
        {"c1": stored()},
        ORG,
    )
    assert not result.ok and result.claim_index == 2 and result.claims == []
    assert (result.claims_checked, result.citations_checked) == (2, 2)


def test_a_verified_briefing_keeps_every_claim_with_its_spans() -> None:
    result = verify_stages(
        briefing(("c1", "Boil water for one minute"), ("c1", "Never leave a campfire unattended")),
        [citation()],
        {"c1": stored()},
        ORG,
    )
    assert result.ok and result.stages_passed == ["contract", "membership", "validity", "grounding"]
    assert [c.citations[0].quote for c in result.claims] == [
        "Boil water for one minute",
        "Never leave a campfire unattended",
    ]
