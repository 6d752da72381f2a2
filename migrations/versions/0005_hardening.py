"""Hardening: the login throttle lives in the database, run request hashes, normalized workspace names.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

- `login_attempts`: one row per password check reserved by a login attempt, per throttle key (email+address,
  address, account). Counting and reserving happen under a transaction advisory lock per key, before bcrypt,
  so a parallel burst cannot slip past the limit and every replica shares the same counts (ADR-0017).
- `login_guards`: per key, the exponential back-off state (strikes, blocked_until) and, for an email+address
  pair, until when that address is trusted for the account (a recent successful sign-in).
  Keys are SHA-256 digests: neither table stores an email or an address in clear.
- `runs.request_hash`: the SHA-256 of a run's canonical request, so that an idempotency key reused with another
  body is refused (422 idempotency_mismatch) instead of silently returning the first run.
- `ingestion_checkpoints`: the embedded batches of a queued version, written as the worker goes, so that an
  interrupted ingestion resumes from its last durable batch instead of 0% (tenant table, row-level security).
- `organizations.name_key`: a generated column, the workspace name without invisible characters, in NFKC,
  lower-cased; unique, so that look-alike names are one name (raw inserts get it too).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APP_ROLE = "orion_app"
# Kept in step with domains/identity/models.py (NAME_KEY_SQL): NFKC, lower-cased, invisible characters removed.
NAME_KEY_SQL = (
    "lower(normalize(regexp_replace(name, "
    "'[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F"
    "\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0]', '', 'g'), NFKC))"
)


def upgrade() -> None:
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("attempt_id", sa.String(36), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_attempts")),
    )
    op.create_index("ix_login_attempts_key_hash_created_at", "login_attempts", ["key_hash", "created_at"])
    op.create_index("ix_login_attempts_attempt_id", "login_attempts", ["attempt_id"])
    op.create_index("ix_login_attempts_created_at", "login_attempts", ["created_at"])
    op.create_table(
        "login_guards",
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("strikes", sa.Integer(), server_default="0", nullable=False),
        sa.Column("blocked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("trusted_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("key_hash", name=op.f("pk_login_guards")),
    )
    op.create_table(
        "ingestion_checkpoints",
        sa.Column("document_version_id", sa.String(36), nullable=False),
        sa.Column("batch_start", sa.Integer(), nullable=False),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("model_key", sa.String(400), nullable=False),
        sa.Column("vectors", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "document_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            name=op.f("fk_ingestion_checkpoints_organization_id_document_version_id_document_versions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("document_version_id", "batch_start", name=op.f("pk_ingestion_checkpoints")),
    )
    op.create_index("ix_ingestion_checkpoints_organization_id", "ingestion_checkpoints", ["organization_id"])
    op.execute("ALTER TABLE ingestion_checkpoints ENABLE ROW LEVEL SECURITY")
    op.execute(
        "CREATE POLICY tenant_isolation ON ingestion_checkpoints "
        "USING (organization_id = current_setting('orion.org_id', true)) "
        "WITH CHECK (organization_id = current_setting('orion.org_id', true))"
    )
    op.add_column("runs", sa.Column("request_hash", sa.String(64), nullable=True))
    # Look-alike workspaces created before this migration make the unique index fail: rename one, then upgrade.
    op.add_column(
        "organizations",
        sa.Column("name_key", sa.String(300), sa.Computed(NAME_KEY_SQL, persisted=True), nullable=True),
    )
    op.create_index(
        "ix_organizations_name_key",
        "organizations",
        ["name_key"],
        unique=True,
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON login_attempts, login_guards, ingestion_checkpoints '
                        'TO {APP_ROLE}';
                EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {APP_ROLE}';
            END IF;
        END
        $$;
        """
    )


def downgrade() -> None:
    op.drop_index("ix_organizations_name_key", table_name="organizations")
    op.drop_column("organizations", "name_key")
    op.drop_column("runs", "request_hash")
    op.drop_index("ix_ingestion_checkpoints_organization_id", table_name="ingestion_checkpoints")
    op.drop_table("ingestion_checkpoints")
    op.drop_table("login_guards")
    op.drop_index("ix_login_attempts_created_at", table_name="login_attempts")
    op.drop_index("ix_login_attempts_attempt_id", table_name="login_attempts")
    op.drop_index("ix_login_attempts_key_hash_created_at", table_name="login_attempts")
    op.drop_table("login_attempts")
