"""Where a chunk's text came from: a PDF's text layer or OCR (scanned pages and images, ADR-0018).

Revision ID: 0006
Revises: 0004
Create Date: 2026-12-01

NULL for formats without pages (text, Markdown, Word, HTML, email, CSV, Excel). No new table, so no new RLS
policy: the column lives on `document_chunks`, which already carries `tenant_isolation`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("document_chunks", sa.Column("text_source", sa.String(20), nullable=True))


def downgrade() -> None:
    op.drop_column("document_chunks", "text_source")
