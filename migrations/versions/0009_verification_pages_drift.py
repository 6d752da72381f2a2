"""Page-exact citations and evidence drift: a page map per version, a last page per chunk, drift per run.

Revision ID: 0009
Revises: 0004
Create Date: 2026-12-01

A chunk that crosses a page break reported only its first page, so a quote on the second page was cited as the
first. Each version now keeps its page map (character offset -> page, `[[page, start, end], ...]` in the
normalized text) and each chunk its last page (`page` stays the first). Runs gain their evidence status: whether
the chunks an answered run quotes still say the same in the latest version of their documents (ADR 0021). Drift
is not a run status (the status column has one writer, the run lifecycle); it lives in its own columns, mirrored
on `run_facts` so analytics can count drifted runs without reading runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("document_versions", sa.Column("page_map", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("document_chunks", sa.Column("page_end", sa.Integer(), nullable=True))
    op.execute("UPDATE document_chunks SET page_end = page WHERE page IS NOT NULL")
    op.add_column("runs", sa.Column("evidence_status", sa.String(20), server_default="current", nullable=False))
    op.add_column("runs", sa.Column("evidence_drift", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("run_facts", sa.Column("evidence_status", sa.String(20), server_default="current", nullable=False))


def downgrade() -> None:
    op.drop_column("run_facts", "evidence_status")
    op.drop_column("runs", "evidence_drift")
    op.drop_column("runs", "evidence_status")
    op.drop_column("document_chunks", "page_end")
    op.drop_column("document_versions", "page_map")
