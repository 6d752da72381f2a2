"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-30

The whole schema of LLD §1 plus the additions the issues need: organization_id on every tenant-owned table
(with composite keys so a child row cannot point into another organization), the normalized text and original
bytes of each version, row-level security keyed by `orion.org_id`, the application role, and the RBAC seed.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


APP_ROLE = "orion_app"
TENANT_TABLES = (
    "documents",
    "document_versions",
    "document_blobs",
    "document_chunks",
    "document_embeddings",
    "runs",
    "steps",
    "execution_events",
    "audit_events",
)
PERMISSIONS = {
    "documents:read": "Read documents, versions and chunks",
    "documents:write": "Upload documents",
    "documents:delete": "Delete and purge documents",
    "search:run": "Search the knowledge base",
    "runs:read": "Read investigations",
    "runs:create": "Start and cancel investigations",
    "analytics:read": "Read investigation analytics",
    "admin:users": "Manage users and roles",
    "admin:audit": "Read the audit trail",
}
ROLES = {
    "admin": ("Everything in the organization", tuple(PERMISSIONS)),
    "member": (
        "Upload, delete, search, investigate, read analytics",
        (
            "documents:read",
            "documents:write",
            "documents:delete",
            "search:run",
            "runs:read",
            "runs:create",
            "analytics:read",
        ),
    ),
    "viewer": (
        "Read documents, search, read runs and analytics",
        ("documents:read", "search:run", "runs:read", "analytics:read"),
    ),
}


def upgrade() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS vector")
    op.create_table(
        "organizations",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_organizations")),
        sa.UniqueConstraint("name", name=op.f("uq_organizations_name")),
    )
    op.create_table(
        "permissions",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("code", sa.String(length=150), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_permissions")),
        sa.UniqueConstraint("code", name=op.f("uq_permissions_code")),
    )
    op.create_table(
        "roles",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roles")),
        sa.UniqueConstraint("name", name=op.f("uq_roles_name")),
    )
    op.create_table(
        "documents",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("source", sa.String(length=1000), nullable=False),
        sa.Column("title", sa.String(length=500), nullable=False),
        sa.Column("document_type", sa.String(length=20), nullable=False),
        sa.Column("current_version_id", sa.String(length=36), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_documents_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_documents")),
        sa.UniqueConstraint("organization_id", "id", name=op.f("uq_documents_organization_id_id")),
        sa.UniqueConstraint("organization_id", "source", name="uq_documents_org_source"),
    )
    op.create_index(
        "ix_documents_organization_id_created_at",
        "documents",
        ["organization_id", "created_at"],
        unique=False,
    )
    op.create_table(
        "role_permissions",
        sa.Column("role_id", sa.String(length=36), nullable=False),
        sa.Column("permission_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["permission_id"],
            ["permissions.id"],
            name=op.f("fk_role_permissions_permission_id_permissions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["role_id"], ["roles.id"], name=op.f("fk_role_permissions_role_id_roles"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("role_id", "permission_id", name=op.f("pk_role_permissions")),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("created_by", sa.String(length=36), nullable=True),
        sa.Column("workflow_type", sa.String(length=100), nullable=False),
        sa.Column("idempotency_key", sa.String(length=255), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("outcome", sa.String(length=30), nullable=True),
        sa.Column("input", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("result", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("insufficient_evidence", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("failure_reason", sa.String(length=500), nullable=True),
        sa.Column("max_steps", sa.Integer(), nullable=False),
        sa.Column("steps_executed", sa.Integer(), server_default="0", nullable=False),
        sa.Column("provider", sa.String(length=100), nullable=True),
        sa.Column("model", sa.String(length=200), nullable=True),
        sa.Column("semantic_unavailable", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("cost_usd", sa.Numeric(precision=12, scale=6), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_runs_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_runs")),
        sa.UniqueConstraint("organization_id", "id", name=op.f("uq_runs_organization_id_id")),
        sa.UniqueConstraint("organization_id", "idempotency_key", name="uq_runs_org_idempotency_key"),
    )
    op.create_index("ix_runs_organization_id_created_at", "runs", ["organization_id", "created_at"], unique=False)
    op.create_table(
        "users",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("hashed_password", sa.String(length=255), nullable=False),
        sa.Column("is_active", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("tokens_valid_from", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_users_organization_id_organizations"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
    )
    op.create_index("ix_users_email", "users", ["email"], unique=True)
    op.create_index(op.f("ix_users_organization_id"), "users", ["organization_id"], unique=False)
    op.create_table(
        "audit_events",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("actor_id", sa.String(length=36), nullable=True),
        sa.Column("action", sa.String(length=50), nullable=False),
        sa.Column("target", sa.String(length=255), nullable=True),
        sa.Column("details", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["actor_id"], ["users.id"], name=op.f("fk_audit_events_actor_id_users"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_audit_events_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_events")),
    )
    op.create_index(
        "ix_audit_events_organization_id_created_at",
        "audit_events",
        ["organization_id", "created_at"],
        unique=False,
    )
    op.create_table(
        "document_versions",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("document_id", sa.String(length=36), nullable=False),
        sa.Column("version_number", sa.Integer(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("status_reason", sa.String(length=500), nullable=True),
        sa.Column("progress", sa.Float(), server_default="0", nullable=False),
        sa.Column("chunk_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("page_count", sa.Integer(), nullable=True),
        sa.Column("byte_size", sa.Integer(), nullable=False),
        sa.Column("media_type", sa.String(length=100), nullable=False),
        sa.Column("file_name", sa.String(length=1000), nullable=True),
        sa.Column("normalized_text", sa.Text(), nullable=True),
        sa.Column("source_metadata", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("indexed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id", "document_id"],
            ["documents.organization_id", "documents.id"],
            name=op.f("fk_document_versions_organization_id_document_id_documents"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document_versions")),
        sa.UniqueConstraint("document_id", "content_hash", name="uq_document_versions_doc_hash"),
        sa.UniqueConstraint(
            "document_id", "version_number", name=op.f("uq_document_versions_document_id_version_number")
        ),
        sa.UniqueConstraint("organization_id", "id", name=op.f("uq_document_versions_organization_id_id")),
    )
    op.create_index("ix_document_versions_organization_id", "document_versions", ["organization_id"], unique=False)
    op.create_index(
        "ix_document_versions_pending",
        "document_versions",
        ["created_at"],
        unique=False,
        postgresql_where=sa.text("status = 'processing'"),
    )
    op.create_table(
        "execution_events",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("sequence", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("run_id", sa.String(length=36), nullable=False),
        sa.Column("step_id", sa.String(length=36), nullable=True),
        sa.Column("event_type", sa.String(length=50), nullable=False),
        sa.Column("payload", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "run_id"],
            ["runs.organization_id", "runs.id"],
            name=op.f("fk_execution_events_organization_id_run_id_runs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_execution_events")),
    )
    op.create_index("ix_execution_events_organization_id", "execution_events", ["organization_id"], unique=False)
    op.create_index("ix_execution_events_run_id_sequence", "execution_events", ["run_id", "sequence"], unique=False)
    op.create_table(
        "steps",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("run_id", sa.String(length=36), nullable=False),
        sa.Column("step_index", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("input", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("output", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("retry_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("max_retries", sa.Integer(), server_default="0", nullable=False),
        sa.Column("failure_reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id", "run_id"],
            ["runs.organization_id", "runs.id"],
            name=op.f("fk_steps_organization_id_run_id_runs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_steps")),
        sa.UniqueConstraint("run_id", "step_index", name="uq_steps_run_index"),
    )
    op.create_index("ix_steps_organization_id", "steps", ["organization_id"], unique=False)
    op.create_table(
        "user_roles",
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("role_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["role_id"], ["roles.id"], name=op.f("fk_user_roles_role_id_roles"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_user_roles_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "role_id", name=op.f("pk_user_roles")),
    )
    op.create_table(
        "document_blobs",
        sa.Column("document_version_id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id", "document_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            name=op.f("fk_document_blobs_organization_id_document_version_id_document_versions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("document_version_id", name=op.f("pk_document_blobs")),
    )
    op.create_index("ix_document_blobs_organization_id", "document_blobs", ["organization_id"], unique=False)
    op.create_table(
        "document_chunks",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("document_id", sa.String(length=36), nullable=False),
        sa.Column("document_version_id", sa.String(length=36), nullable=False),
        sa.Column("chunk_index", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("section", sa.String(length=500), nullable=True),
        sa.Column("page", sa.Integer(), nullable=True),
        sa.Column("char_start", sa.Integer(), nullable=False),
        sa.Column("char_end", sa.Integer(), nullable=False),
        sa.Column("char_count", sa.Integer(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column(
            "text_search",
            postgresql.TSVECTOR(),
            sa.Computed("to_tsvector('english'::regconfig, text)", persisted=True),
            nullable=True,
        ),
        sa.Column("trust_label", sa.String(length=20), nullable=False),
        sa.Column("matched_patterns", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
        sa.Column("searchable", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("lexical_length", sa.Integer(), server_default="0", nullable=False),
        sa.Column("bm25", pgvector.sqlalchemy.sparsevec.SPARSEVEC(1_000_000_000), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "document_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            name=op.f("fk_document_chunks_organization_id_document_version_id_document_versions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document_chunks")),
        sa.UniqueConstraint(
            "document_version_id",
            "chunk_index",
            name=op.f("uq_document_chunks_document_version_id_chunk_index"),
        ),
        sa.UniqueConstraint("organization_id", "id", name=op.f("uq_document_chunks_organization_id_id")),
    )
    op.create_index("ix_document_chunks_document_version_id", "document_chunks", ["document_version_id"], unique=False)
    op.create_index("ix_document_chunks_organization_id", "document_chunks", ["organization_id"], unique=False)
    op.create_index(
        "ix_document_chunks_text_search_gin",
        "document_chunks",
        ["text_search"],
        unique=False,
        postgresql_using="gin",
    )
    op.create_table(
        "document_embeddings",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("chunk_id", sa.String(length=36), nullable=False),
        sa.Column("document_id", sa.String(length=36), nullable=False),
        sa.Column("provider_name", sa.String(length=50), nullable=False),
        sa.Column("model_name", sa.String(length=200), nullable=False),
        sa.Column("model_version", sa.String(length=100), nullable=False),
        sa.Column("model_key", sa.String(length=400), nullable=False),
        sa.Column("dimension", sa.Integer(), nullable=False),
        sa.Column("vector", pgvector.sqlalchemy.vector.VECTOR(), nullable=True),
        sa.Column("searchable", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "chunk_id"],
            ["document_chunks.organization_id", "document_chunks.id"],
            name=op.f("fk_document_embeddings_organization_id_chunk_id_document_chunks"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document_embeddings")),
        sa.UniqueConstraint(
            "chunk_id",
            "provider_name",
            "model_name",
            "model_version",
            name="uq_document_embeddings_chunk_model",
        ),
    )
    op.create_index(
        "ix_document_embeddings_organization_id_model_key",
        "document_embeddings",
        ["organization_id", "model_key"],
        unique=False,
    )
    op.create_foreign_key(
        "fk_documents_current_version",
        "documents",
        "document_versions",
        ["organization_id", "current_version_id"],
        ["organization_id", "id"],
        ondelete="SET NULL (current_version_id)",
    )
    _seed_rbac()
    _create_app_role_and_policies()


def _seed_rbac() -> None:
    permissions = sa.table("permissions", sa.column("id"), sa.column("code"), sa.column("description"))
    roles = sa.table("roles", sa.column("id"), sa.column("name"), sa.column("description"))
    links = sa.table("role_permissions", sa.column("role_id"), sa.column("permission_id"))
    permission_ids = {code: str(uuid.uuid4()) for code in PERMISSIONS}
    op.bulk_insert(
        permissions, [{"id": permission_ids[c], "code": c, "description": d} for c, d in PERMISSIONS.items()]
    )
    for name, (description, codes) in ROLES.items():
        role_id = str(uuid.uuid4())
        op.bulk_insert(roles, [{"id": role_id, "name": name, "description": description}])
        op.bulk_insert(links, [{"role_id": role_id, "permission_id": permission_ids[c]} for c in codes])


def _create_app_role_and_policies() -> None:
    # The request path runs as this role: it owns nothing and cannot bypass row-level security (ADR-0004).
    # Where the connecting user may not create roles, the role is skipped: set ORION_APP_DATABASE_URL then.
    op.execute(
        f"""
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                CREATE ROLE {APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
            END IF;
            EXECUTE format('GRANT {APP_ROLE} TO %I', current_user);
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'could not create or grant role {APP_ROLE}; set ORION_APP_DATABASE_URL';
        END
        $$;
        """
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                EXECUTE 'GRANT USAGE ON SCHEMA public TO {APP_ROLE}';
                EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {APP_ROLE}';
                EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {APP_ROLE}';
                EXECUTE 'ALTER DEFAULT PRIVILEGES IN SCHEMA public '
                        'GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {APP_ROLE}';
                EXECUTE 'ALTER DEFAULT PRIVILEGES IN SCHEMA public '
                        'GRANT USAGE, SELECT ON SEQUENCES TO {APP_ROLE}';
            END IF;
        END
        $$;
        """
    )
    for table in TENANT_TABLES:
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} "
            f"USING (organization_id = current_setting('orion.org_id', true)) "
            f"WITH CHECK (organization_id = current_setting('orion.org_id', true))"
        )


def downgrade() -> None:
    for table in TENANT_TABLES:
        op.execute(f"DROP POLICY IF EXISTS tenant_isolation ON {table}")
    op.drop_constraint("fk_documents_current_version", "documents", type_="foreignkey")
    op.drop_index("ix_document_embeddings_organization_id_model_key", table_name="document_embeddings")
    op.drop_table("document_embeddings")
    op.drop_index("ix_document_chunks_text_search_gin", table_name="document_chunks", postgresql_using="gin")
    op.drop_index("ix_document_chunks_organization_id", table_name="document_chunks")
    op.drop_index("ix_document_chunks_document_version_id", table_name="document_chunks")
    op.drop_table("document_chunks")
    op.drop_index("ix_document_blobs_organization_id", table_name="document_blobs")
    op.drop_table("document_blobs")
    op.drop_table("user_roles")
    op.drop_index("ix_steps_organization_id", table_name="steps")
    op.drop_table("steps")
    op.drop_index("ix_execution_events_run_id_sequence", table_name="execution_events")
    op.drop_index("ix_execution_events_organization_id", table_name="execution_events")
    op.drop_table("execution_events")
    op.drop_index(
        "ix_document_versions_pending",
        table_name="document_versions",
        postgresql_where=sa.text("status = 'processing'"),
    )
    op.drop_index("ix_document_versions_organization_id", table_name="document_versions")
    op.drop_table("document_versions")
    op.drop_index("ix_audit_events_organization_id_created_at", table_name="audit_events")
    op.drop_table("audit_events")
    op.drop_index(op.f("ix_users_organization_id"), table_name="users")
    op.drop_index("ix_users_email", table_name="users")
    op.drop_table("users")
    op.drop_index("ix_runs_organization_id_created_at", table_name="runs")
    op.drop_table("runs")
    op.drop_table("role_permissions")
    op.drop_index("ix_documents_organization_id_created_at", table_name="documents")
    op.drop_table("documents")
    op.drop_table("roles")
    op.drop_table("permissions")
    op.drop_table("organizations")
