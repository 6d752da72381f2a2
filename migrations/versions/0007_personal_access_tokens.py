"""Personal access tokens: named, scoped, expiring bearer secrets for scripts and agents (ADR-0019).

Revision ID: 0007
Revises: 0004
Create Date: 2026-12-01

Only the SHA-256 of a token is stored (the secret is 256 random bits, so a slow hash adds nothing). The table is
tenant-owned: the token itself names its organization, so the lookup runs under row-level security like every
other tenant read.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APP_ROLE = "orion_app"


def upgrade() -> None:
    op.create_table(
        "personal_access_tokens",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("scopes", postgresql.ARRAY(sa.String(20)), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_by", sa.String(36), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_personal_access_tokens_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_personal_access_tokens_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["revoked_by"], ["users.id"], name=op.f("fk_personal_access_tokens_revoked_by_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_personal_access_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_personal_access_tokens_token_hash")),
    )
    op.create_index(
        "ix_personal_access_tokens_organization_id_created_at",
        "personal_access_tokens",
        ["organization_id", "created_at"],
    )
    op.create_index("ix_personal_access_tokens_user_id", "personal_access_tokens", ["user_id"])
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON personal_access_tokens TO {APP_ROLE}")
    op.execute("ALTER TABLE personal_access_tokens ENABLE ROW LEVEL SECURITY")
    op.execute(
        "CREATE POLICY tenant_isolation ON personal_access_tokens "
        "USING (organization_id = current_setting('orion.org_id', true)) "
        "WITH CHECK (organization_id = current_setting('orion.org_id', true))"
    )


def downgrade() -> None:
    op.drop_table("personal_access_tokens")
