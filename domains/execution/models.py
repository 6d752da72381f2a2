"""Execution tables: runs (the record of one investigation), their steps, and the append-only event trace."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKeyConstraint,
    Identity,
    Index,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from packages.database.base import ID_LENGTH, Base, created_at_column, id_column

RUN_STATUSES = ("pending", "running", "verifying", "completed", "failed", "cancelled")
RUN_OUTCOMES = ("answered", "insufficient_evidence", "failed", "cancelled")


class Run(Base):
    __tablename__ = "runs"
    __table_args__ = (
        UniqueConstraint("organization_id", "idempotency_key", name="uq_runs_org_idempotency_key"),
        UniqueConstraint("organization_id", "id"),
        ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        Index("ix_runs_organization_id_created_at", "organization_id", "created_at"),
        Index(
            "ix_runs_unfinished",
            "heartbeat_at",
            postgresql_where=text("status IN ('pending', 'running', 'verifying')"),
        ),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    created_by: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    workflow_type: Mapped[str] = mapped_column(String(100))
    idempotency_key: Mapped[str | None] = mapped_column(String(255))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(20))
    outcome: Mapped[str | None] = mapped_column(String(30))
    input: Mapped[dict[str, Any]] = mapped_column(JSONB)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    insufficient_evidence: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    failure_reason: Mapped[str | None] = mapped_column(String(500))
    max_steps: Mapped[int] = mapped_column(Integer)
    steps_executed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    provider: Mapped[str | None] = mapped_column(String(100))
    model: Mapped[str | None] = mapped_column(String(200))
    semantic_unavailable: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    cost_usd: Mapped[float] = mapped_column(Numeric(12, 6), default=0, server_default="0")
    created_at: Mapped[datetime] = created_at_column()
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    heartbeat_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    recovery_attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Evidence drift (ADR 0021): not a status; written by the drift re-check, never by the lifecycle.
    evidence_status: Mapped[str] = mapped_column(String(20), default="current", server_default="current")
    evidence_drift: Mapped[dict[str, Any] | None] = mapped_column(JSONB)


class Step(Base):
    __tablename__ = "steps"
    __table_args__ = (
        UniqueConstraint("run_id", "step_index", name="uq_steps_run_index"),
        ForeignKeyConstraint(["organization_id", "run_id"], ["runs.organization_id", "runs.id"], ondelete="CASCADE"),
        Index("ix_steps_organization_id", "organization_id"),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    run_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    step_index: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(20))
    input: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    output: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    retry_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    max_retries: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    failure_reason: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = created_at_column()
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ExecutionEvent(Base):
    __tablename__ = "execution_events"
    __table_args__ = (
        ForeignKeyConstraint(["organization_id", "run_id"], ["runs.organization_id", "runs.id"], ondelete="CASCADE"),
        Index("ix_execution_events_run_id_sequence", "run_id", "sequence"),
        Index("ix_execution_events_organization_id", "organization_id"),
    )

    id: Mapped[str] = id_column()
    sequence: Mapped[int] = mapped_column(BigInteger, Identity())
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    run_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    step_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    event_type: Mapped[str] = mapped_column(String(50))
    payload: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = created_at_column()
