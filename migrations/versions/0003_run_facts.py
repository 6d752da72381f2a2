"""Run facts: one narrow derived row per finished run, and run heartbeats for crash recovery.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30

Analytics read `run_facts` instead of scanning every run's JSONB (full chunk text): the row is written in the same
transaction that ends the run and can be rebuilt from the runs' JSONB (`orion analytics rebuild`). Document ids
are the keys; titles are kept per run only to label documents that have since been deleted (ADR-0033's rule).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APP_ROLE = "orion_app"


def upgrade() -> None:
    op.add_column("runs", sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("runs", sa.Column("recovery_attempts", sa.Integer(), server_default="0", nullable=False))
    op.create_index(
        "ix_runs_unfinished",
        "runs",
        ["heartbeat_at"],
        postgresql_where=sa.text("status IN ('pending', 'running', 'verifying')"),
    )
    op.create_table(
        "run_facts",
        sa.Column("run_id", sa.String(36), nullable=False),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("outcome", sa.String(30), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("evidence_count", sa.Integer(), nullable=False),
        sa.Column("retrieved_document_ids", postgresql.ARRAY(sa.String(36)), nullable=False),
        sa.Column("cited_documents", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("document_titles", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "run_id"],
            ["runs.organization_id", "runs.id"],
            name=op.f("fk_run_facts_organization_id_run_id_runs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("run_id", name=op.f("pk_run_facts")),
    )
    op.create_index("ix_run_facts_organization_id_created_at", "run_facts", ["organization_id", "created_at"])
    op.create_index(
        "ix_run_facts_retrieved_document_ids", "run_facts", ["retrieved_document_ids"], postgresql_using="gin"
    )
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON run_facts TO {APP_ROLE}")
    op.execute("ALTER TABLE run_facts ENABLE ROW LEVEL SECURITY")
    op.execute(
        "CREATE POLICY tenant_isolation ON run_facts "
        "USING (organization_id = current_setting('orion.org_id', true)) "
        "WITH CHECK (organization_id = current_setting('orion.org_id', true))"
    )


def downgrade() -> None:
    op.drop_table("run_facts")
    op.drop_index("ix_runs_unfinished", table_name="runs")
    op.drop_column("runs", "recovery_attempts")
    op.drop_column("runs", "heartbeat_at")
