"""Span-level content-safety labels: each chunk stores its labelled spans and the detector version that found them.

Revision ID: 0008
Revises: 0004
Create Date: 2026-12-01

A label attaches to the sentence or line that carries a directive, not to the whole chunk (ADR-0020). `trust_label`
stays as the most severe label of the spans. `safety_version` names the detector that labelled the chunk; chunks
labelled by another version (NULL: every chunk stored before this migration) are re-labelled in place by the
background worker, without re-embedding and without a new document version.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "document_chunks",
        sa.Column("labelled_spans", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
    )
    op.add_column("document_chunks", sa.Column("safety_version", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("document_chunks", "safety_version")
    op.drop_column("document_chunks", "labelled_spans")
