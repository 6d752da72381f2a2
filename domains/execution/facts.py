"""Derive a run's analytics row from its JSONB (the source of truth), at the end of the run or on rebuild."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domains.execution.models import Run, RunFact


def derive_run_fact(run: Run, retrieval_output: dict[str, Any] | None) -> RunFact:
    """Return the run's fact row: outcome, evidence count, retrieved and cited documents (keyed by id)."""
    citations: list[dict[str, Any]] = list((retrieval_output or {}).get("citations") or [])
    by_chunk = {c["chunk_id"]: c for c in citations}
    titles = {c["document_id"]: c.get("document_title") or "" for c in citations}
    cited: Counter[str] = Counter()
    for claim in (run.result or {}).get("claims") or []:
        for citation in claim.get("citations") or []:
            source = by_chunk.get(citation.get("chunk_id"))
            if source is not None:  # claims are verified against this run's own citations
                cited[source["document_id"]] += 1
    return RunFact(
        run_id=run.id,
        organization_id=run.organization_id,
        status=run.status,
        outcome=run.outcome,
        created_at=run.created_at,
        completed_at=run.completed_at,
        evidence_count=sum(1 for c in citations if not c.get("withheld")),
        retrieved_document_ids=sorted({c["document_id"] for c in citations}),
        cited_documents=dict(cited),
        document_titles=titles,
    )
