"""Email attachments as documents of their own, linked to the message they came with (issue 17, ADR-0018).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01

`documents.parent_document_id` names the message document an attachment came with. The link is a composite
foreign key on (organization_id, parent_document_id), so the database itself refuses a link into another
organization; deleting the message deletes its attachments (the service deletes them first, keeping the lexical
statistics and the audit log right; the cascade is the backstop). No new table, so no new RLS policy: the column
lives on `documents`, which already carries `tenant_isolation`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("documents", sa.Column("parent_document_id", sa.String(36), nullable=True))
    op.create_foreign_key(
        "fk_documents_parent_document",
        "documents",
        "documents",
        ["organization_id", "parent_document_id"],
        ["organization_id", "id"],
        ondelete="CASCADE",
    )
    op.create_index(
        "ix_documents_organization_id_parent_document_id",
        "documents",
        ["organization_id", "parent_document_id"],
        postgresql_where=sa.text("parent_document_id IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_documents_organization_id_parent_document_id", table_name="documents")
    op.drop_constraint("fk_documents_parent_document", "documents", type_="foreignkey")
    op.drop_column("documents", "parent_document_id")
