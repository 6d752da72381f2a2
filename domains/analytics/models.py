"""Analytics tables: one narrow fact row per finished run, derived from the run's record (ADR-0014)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKeyConstraint, Index, Integer, String
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from packages.database.base import ID_LENGTH, Base


class RunFact(Base):
    """One narrow row per finished run, derived from its JSONB (the source of truth) for analytics."""

    __tablename__ = "run_facts"
    __table_args__ = (
        ForeignKeyConstraint(["organization_id", "run_id"], ["runs.organization_id", "runs.id"], ondelete="CASCADE"),
        Index("ix_run_facts_organization_id_created_at", "organization_id", "created_at"),
        Index("ix_run_facts_retrieved_document_ids", "retrieved_document_ids", postgresql_using="gin"),
    )

    run_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    status: Mapped[str] = mapped_column(String(20))
    outcome: Mapped[str | None] = mapped_column(String(30))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    evidence_count: Mapped[int] = mapped_column(Integer)
    retrieved_document_ids: Mapped[list[str]] = mapped_column(ARRAY(String(ID_LENGTH)))
    cited_documents: Mapped[dict[str, int]] = mapped_column(JSONB)
    document_titles: Mapped[dict[str, str]] = mapped_column(JSONB)
    evidence_status: Mapped[str] = mapped_column(String(20), default="current", server_default="current")
