"""A run's typed records: the evidence and briefing outputs, the analytics fact derived from them, and purging."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from domains.execution.models import Run
from domains.execution.run.facts import derive_run_fact
from domains.execution.run.purge import PURGED, purge_claims
from domains.execution.run.records import (
    BriefingStepOutput,
    RetrievalOutput,
    RunResult,
    StepOutputs,
    StoredCitation,
)


def stored_citation(chunk_id: str, document_id: str, *, withheld: bool = False) -> StoredCitation:
    return StoredCitation(
        chunk_id=chunk_id,
        document_id=document_id,
        document_version_id=f"v-{document_id}",
        document_title=f"Title {document_id}",
        source_type="text",
        page=None,
        section=None,
        content="Some text.",
        content_hash="h",
        char_start=0,
        retrieval_score=0.1,
        retrieval_rank=1,
        retrieval_method="hybrid",
        trust_label="untrusted" if withheld else "trusted",
        withheld=withheld,
    )


def run_with(result: dict[str, Any] | None, status: str = "completed", outcome: str | None = "answered") -> Run:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return Run(
        id="r1",
        organization_id="o1",
        workflow_type="evidence_briefing",
        status=status,
        outcome=outcome,
        input={"query": "q"},
        result=result,
        max_steps=5,
        created_at=now,
        completed_at=now,
    )


EVIDENCE = RetrievalOutput(
    citations=[stored_citation("c1", "d1"), stored_citation("c2", "d2"), stored_citation("c3", "d3", withheld=True)]
)
RESULT = {
    "briefing": "Answer.",
    "claims": [
        {"statement": "One.", "citations": [{"chunk_id": "c1", "quote": "Some", "span": None}]},
        {"statement": "Two.", "citations": [{"chunk_id": "c1", "quote": "text", "span": None}]},
    ],
    "insufficient_evidence": False,
}


def test_the_fact_counts_cited_documents_by_id_and_shown_evidence_only() -> None:
    fact = derive_run_fact(run_with(RESULT), EVIDENCE)
    assert fact.cited_documents == {"d1": 2}
    assert fact.evidence_count == 2  # the withheld chunk was retrieved but never shown
    assert fact.retrieved_document_ids == ["d1", "d2", "d3"]
    assert fact.document_titles["d2"] == "Title d2"


def test_a_run_that_failed_before_retrieval_has_an_empty_fact() -> None:
    fact = derive_run_fact(run_with(None, status="failed", outcome="failed"), None)
    assert (fact.evidence_count, fact.cited_documents, fact.retrieved_document_ids) == (0, {}, [])
    assert fact.outcome == "failed"


def test_step_outputs_are_found_by_what_they_are() -> None:
    outputs = StepOutputs([EVIDENCE])
    assert outputs.get(RetrievalOutput) is EVIDENCE
    assert outputs.find(BriefingStepOutput) is None
    with pytest.raises(LookupError):
        outputs.get(BriefingStepOutput)


def test_records_read_back_what_older_runs_stored() -> None:
    stored = {"citations": [stored_citation("c1", "d1").model_dump()], "count": 1, "withheld": 0}
    assert RetrievalOutput.model_validate(stored).citations[0].chunk_id == "c1"
    assert RunResult.load(None).claims == [] and RunResult.load(RESULT).claims[1].statement == "Two."


def test_the_public_citation_leaves_out_internal_fields() -> None:
    public = stored_citation("c1", "d1").public().model_dump()
    assert "content_hash" not in public and "withheld" not in public and public["chunk_id"] == "c1"


def test_purging_replaces_only_the_claims_that_cite_the_chunks() -> None:
    result = RunResult.load(
        {
            **RESULT,
            "claims": [
                *RESULT["claims"],
                {"statement": "Three.", "citations": [{"chunk_id": "c2", "quote": "x", "span": None}]},
            ],
        }
    )
    assert purge_claims(result, {"c1"})
    assert [c.statement for c in result.claims] == [PURGED, PURGED, "Three."]
    assert result.claims[2].citations[0].quote == "x" and result.briefing == PURGED
    assert not purge_claims(result, {"c9"})
