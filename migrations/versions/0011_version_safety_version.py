"""The content-safety detector that labelled a version's chunks, recorded on the version (ADR-0020, spans-20).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07

Re-labelling after a detector change rewrote every chunk row to record the new detector, though most chunks keep
their labels. A chunk row carries HNSW, GIN and B-tree index entries, and a full page cannot take the new row beside
the old one, so each rewrite inserted into every index: 114k chunks took 22 minutes of database time on the bench
corpus. `document_versions.safety_version` now names the detector that labelled the version's chunks; re-labelling
writes only the chunks whose labels change, then the version row. Backfilled from the chunks: a version whose chunks
all name one detector takes it; any other version stays NULL and is re-labelled.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("document_versions", sa.Column("safety_version", sa.String(32), nullable=True))
    op.execute(
        """
        UPDATE document_versions AS v SET safety_version = s.detector
        FROM (
            SELECT document_version_id, min(safety_version) AS detector FROM document_chunks
            GROUP BY document_version_id
            HAVING count(DISTINCT safety_version) = 1 AND count(safety_version) = count(*)
        ) AS s
        WHERE v.id = s.document_version_id
        """
    )


def downgrade() -> None:
    op.drop_column("document_versions", "safety_version")
