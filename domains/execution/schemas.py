"""HTTP bodies of the contract's §Investigations. Everything a run stores is a record (run/records.py); these bodies
use those records, or their public part, instead of restating their fields."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints

from domains.execution.run.records import BriefingResult, Citation, WithheldSpan
from domains.execution.run.status import RunOutcome, RunStatus, StepStatus


class RunCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workflow_type: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    input: dict[str, Any]
    idempotency_key: Annotated[str, StringConstraints(min_length=1, max_length=255)] | None = None


class StepPublic(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: str
    step_index: int
    name: str
    status: StepStatus
    retry_count: int
    max_retries: int
    failure_reason: str | None
    started_at: datetime | None
    completed_at: datetime | None


class RunPublic(BaseModel):
    model_config = ConfigDict(from_attributes=True)

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
    evidence_status: Literal["current", "drifted"] = "current"  # evidence drift (ADR 0021), not a status


class RefusalPublic(BaseModel):
    reason: str


class RunResultPublic(BaseModel):
    run_id: str
    status: RunStatus
    outcome: RunOutcome | None
    result: BriefingResult
    citations: list[Citation]
    completed_at: datetime | None
    refusal: RefusalPublic | None
    withheld: list[WithheldSpan]


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
    model_config = ConfigDict(from_attributes=True)

    id: str
    step_id: str | None
    event_type: str
    payload: dict[str, Any] | None
    created_at: datetime
