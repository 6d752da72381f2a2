"""Derive a run's analytics row from its record (the source of truth), at the end of the run or on rebuild."""

from __future__ import annotations

from collections import Counter

from domains.analytics.models import RunFact
from domains.execution.models import Run
from domains.execution.run.records import RetrievalOutput, RunResult


def derive_run_fact(run: Run, evidence: RetrievalOutput | None) -> RunFact:
    """Return the run's fact row: outcome, evidence count, retrieved and cited documents (keyed by id)."""
    citations = evidence.citations if evidence is not None else []
    by_chunk = {c.chunk_id: c for c in citations}
    cited: Counter[str] = Counter()
    for claim in RunResult.load(run.result).claims:
        for citation in claim.citations:
            source = by_chunk.get(citation.chunk_id)
            if source is not None:  # claims are verified against this run's own citations
                cited[source.document_id] += 1
    return RunFact(
        run_id=run.id,
        organization_id=run.organization_id,
        status=run.status,
        outcome=run.outcome,
        created_at=run.created_at,
        completed_at=run.completed_at,
        evidence_count=sum(1 for c in citations if not c.withheld),
        retrieved_document_ids=sorted({c.document_id for c in citations}),
        cited_documents=dict(cited),
        document_titles={c.document_id: c.document_title for c in citations},
        evidence_status=run.evidence_status or "current",
    )
