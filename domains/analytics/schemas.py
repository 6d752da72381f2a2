"""Analytics response bodies (the contract's §Analytics) and per-document usage counts."""

from __future__ import annotations

from pydantic import BaseModel

from domains.analytics.statistics import Trend


class DocumentUsage(BaseModel):
    """How often a document was retrieved, cited in a verified claim, and retrieved by a refused run."""

    times_retrieved: int = 0
    times_cited: int = 0
    times_in_refused: int = 0


class CitedDocumentPublic(BaseModel):
    document_id: str
    document_title: str
    times_cited: int
    historical: bool


class InvestigationAnalyticsPublic(BaseModel):
    total: int
    answered: int
    insufficient_evidence: int
    failed: int
    cancelled: int
    completed: int
    refusal_rate: float | None
    evidence_mean: float | None
    evidence_median: float | None
    evidence_min: float | None
    evidence_max: float | None
    most_cited_documents: list[CitedDocumentPublic]
    drifted: int = 0  # answered runs whose cited evidence changed or was deleted since (ADR 0021)


# The trend the statistics compute is the response body itself (one declaration of its fields).
InvestigationTrendPublic = Trend
