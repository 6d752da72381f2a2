"""Contextual indexing: each chunk is indexed with its document title and section label.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30

A chunk cut from the middle of a document often lacks the words that name its subject (they sit in the title or
the heading). Both channels now index `index_context || newline || text`; the stored, quotable `text` is unchanged.
The context is kept on the chunk row as it was at indexing time so that document-frequency deltas and BM25
rebuilds recompute exactly the same lexemes later (ADR-0009).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "document_chunks",
        sa.Column("index_context", sa.String(1001), server_default="", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("document_chunks", "index_context")
