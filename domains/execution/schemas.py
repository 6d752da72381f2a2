"""Pydantic shapes the execution domain reads and writes."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

# --- evidence briefing: the structured output the model must produce ------------------------------------------------
# These three models are the whole contract with the model. There is deliberately no field for reasoning or
# "thinking", so none can be persisted. The parser only checks shape: whether a claim is grounded (it has a citation,
# the chunk was retrieved by this run, the quote is verbatim and non-empty) is the verifier's decision, because a
# verification failure must never be retried as if it were a provider failure.


class BriefingCitation(BaseModel):
    """One verbatim quote from one retrieved chunk."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str = Field(description="The id of the evidence block the quote is copied from.")
    quote: str = Field(description="Text copied character for character from that evidence block.")


class BriefingClaim(BaseModel):
    """One statement of the briefing with the quotes that support it."""

    model_config = ConfigDict(extra="forbid")

    statement: str = Field(description="One factual statement answering part of the question.")
    citations: list[BriefingCitation] = Field(
        default_factory=list, description="The quotes that support the statement."
    )


class BriefingOutput(BaseModel):
    """The model's evidence briefing: prose, the claims it makes, or an explicit statement that evidence is lacking."""

    model_config = ConfigDict(extra="forbid")

    briefing: str = Field(description="A short answer to the question, written only from the evidence.")
    claims: list[BriefingClaim] = Field(default_factory=list, description="Every factual claim the briefing makes.")
    insufficient_evidence: bool = Field(description="True when the evidence does not answer the question.")


# --- runs: the HTTP contract's §Investigations ----------------------------------------------------------------------

RunStatus = Literal["pending", "running", "verifying", "completed", "failed", "cancelled"]
RunOutcome = Literal["answered", "insufficient_evidence", "failed", "cancelled"]


def _unique(values: list[str] | None) -> list[str] | None:
    if values is not None and len(set(values)) != len(values):
        raise ValueError("document_ids must not repeat")
    return values


class EvidenceBriefingInput(BaseModel):
    """The input of the `evidence_briefing` workflow."""

    model_config = ConfigDict(extra="forbid")

    query: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000)]
    document_ids: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=36)]] | None,
        Field(max_length=100),
        AfterValidator(_unique),
    ] = None
    top_k: Annotated[int, Field(ge=1, le=50)] = 8


class RunCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workflow_type: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    input: dict[str, Any]
    idempotency_key: Annotated[str, StringConstraints(min_length=1, max_length=255)] | None = None


class StepPublic(BaseModel):
    id: str
    step_index: int
    name: str
    status: str
    retry_count: int
    max_retries: int
    failure_reason: str | None
    started_at: datetime | None
    completed_at: datetime | None


class RunPublic(BaseModel):
    id: str
    workflow_type: str
    status: RunStatus
    input: dict[str, Any]
    steps_executed: int
    max_steps: int
    failure_reason: str | None
    created_at: datetime
    started_at: datetime | None
    completed_at: datetime | None
    steps: list[StepPublic]
    insufficient_evidence: bool
    outcome: RunOutcome | None


class QuoteSpan(BaseModel):
    chunk_start: int
    chunk_end: int
    version_start: int
    version_end: int


class ClaimCitationPublic(BaseModel):
    chunk_id: str
    quote: str
    span: QuoteSpan | None


class ClaimPublic(BaseModel):
    statement: str
    citations: list[ClaimCitationPublic]


class BriefingResultPublic(BaseModel):
    briefing: str
    claims: list[ClaimPublic]
    insufficient_evidence: bool


class CitationPublic(BaseModel):
    chunk_id: str
    document_id: str
    document_version_id: str
    document_title: str
    source_type: str
    page: int | None
    section: str | None
    content: str
    retrieval_score: float
    retrieval_rank: int
    retrieval_method: str
    trust_label: str


class RefusalPublic(BaseModel):
    reason: str


class RunResultPublic(BaseModel):
    run_id: str
    status: RunStatus
    outcome: RunOutcome | None
    result: BriefingResultPublic
    citations: list[CitationPublic]
    completed_at: datetime | None
    refusal: RefusalPublic | None


class DocumentRef(BaseModel):
    document_id: str
    document_title: str


class RunSummaryPublic(BaseModel):
    run_id: str
    status: RunStatus
    outcome: RunOutcome | None
    query: str
    claim_count: int
    citation_count: int
    documents_cited: list[DocumentRef]
    retrieved_count: int
    duration_ms: float | None
    provider: str | None
    model: str | None
    retries: int
    semantic_unavailable: bool
    failure_reason: str | None


class EventPublic(BaseModel):
    id: str
    step_id: str | None
    event_type: str
    payload: dict[str, Any] | None
    created_at: datetime


# --- analytics: the contract's §Analytics --------------------------------------------------------------------------


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


class TrendPointPublic(BaseModel):
    bucket_start: datetime
    total: int
    answered: int
    insufficient_evidence: int
    failed: int
    refusal_rate: float | None


class InvestigationTrendPublic(BaseModel):
    bucket: Literal["day", "week"]
    points: list[TrendPointPublic]
    total_investigations: int
    completed_investigations: int
    enough_for_volume_trend: bool
    enough_for_refusal_trend: bool
    reason: str | None
