"""BM25 inside Postgres: term statistics per organization, sparse BM25 vectors per chunk, usage counters.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30

A chunk's `bm25` sparsevec holds BM25-saturated, length-normalised weights of the lexemes of its tsvector
(term ids are a stable hash of the lexeme). A query becomes a sparsevec of IDF weights computed from the
organization's document frequencies, and the BM25 score is their inner product (ADR-0007).

Document frequencies are kept exact without making parallel uploads contend on shared rows: ingestion and
deletion append signed deltas, a compaction folds them into `lexical_df`, and a query sums both for its few
terms. Reserved term ids carry the corpus size (0) and total length (-1).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APP_ROLE = "orion_app"
SPARSE_DIM = 1_000_000_000
TERM_SPACE = 999_999_937  # a prime below pgvector's sparsevec dimension limit


def upgrade() -> None:
    op.create_table(
        "lexical_df",
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("term_id", sa.Integer(), nullable=False),
        sa.Column("df", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_lexical_df_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "term_id", name=op.f("pk_lexical_df")),
    )
    op.create_table(
        "lexical_df_deltas",
        sa.Column("id", sa.BigInteger(), sa.Identity(), nullable=False),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("term_id", sa.Integer(), nullable=False),
        sa.Column("delta", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_lexical_df_deltas_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lexical_df_deltas")),
    )
    op.create_index("ix_lexical_df_deltas_organization_id_term_id", "lexical_df_deltas", ["organization_id", "term_id"])
    op.create_table(
        "lexical_corpus",
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("vector_avgdl", sa.Float(), nullable=False),
        sa.Column("text_search_config", sa.String(63), nullable=False),
        sa.Column("k1", sa.Float(), nullable=False),
        sa.Column("b", sa.Float(), nullable=False),
        sa.Column("rebuilt_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_lexical_corpus_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_lexical_corpus")),
    )
    op.create_table(
        "document_usage_counters",
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("document_id", sa.String(36), nullable=False),
        sa.Column("times_retrieved", sa.BigInteger(), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_document_usage_counters_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "document_id", name=op.f("pk_document_usage_counters")),
    )
    op.create_index(
        "ix_document_chunks_organization_id_searchable",
        "document_chunks",
        ["organization_id", "document_id"],
        postgresql_where=sa.text("searchable"),
    )
    op.create_index(
        "ix_document_chunks_bm25_hnsw",
        "document_chunks",
        [sa.text("bm25 sparsevec_ip_ops")],
        postgresql_using="hnsw",
        postgresql_where=sa.text("searchable"),
    )
    _create_functions()
    for table in ("lexical_df", "lexical_df_deltas", "lexical_corpus", "document_usage_counters"):
        op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {APP_ROLE}")
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} "
            f"USING (organization_id = current_setting('orion.org_id', true)) "
            f"WITH CHECK (organization_id = current_setting('orion.org_id', true))"
        )


def _create_functions() -> None:
    op.execute(
        f"""
        CREATE FUNCTION orion_term_id(lexeme text) RETURNS integer
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        -- hashtextextended is what hash partitioning persists, so it is stable across upgrades.
        RETURN (((hashtextextended(lexeme, 0) % {TERM_SPACE}) + {TERM_SPACE}) % {TERM_SPACE} + 1)::integer
        """
    )
    op.execute(
        """
        CREATE FUNCTION orion_lexical_length(tv tsvector) RETURNS integer
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN coalesce((SELECT sum(coalesce(array_length(positions, 1), 1)) FROM unnest(tv)), 0)::integer
        """
    )
    op.execute(
        f"""
        CREATE FUNCTION orion_bm25_vector(tv tsvector, avgdl float8, k1 float8, b float8) RETURNS sparsevec
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        BEGIN ATOMIC
            WITH terms AS (
                SELECT orion_term_id(lexeme) AS id, sum(coalesce(array_length(positions, 1), 1))::float8 AS tf
                FROM unnest(tv) GROUP BY 1
            ), length AS (SELECT greatest(sum(tf), 1) AS dl FROM terms)
            SELECT (
                '{{' || coalesce(string_agg(
                    t.id || ':' || (t.tf * (k1 + 1) / (t.tf + k1 * (1 - b + b * l.dl / greatest(avgdl, 1))))::real,
                    ',' ORDER BY t.id), '') || '}}/{SPARSE_DIM}'
            )::sparsevec
            FROM terms t CROSS JOIN length l;
        END
        """
    )
    op.execute(
        f"""
        CREATE FUNCTION orion_bm25_query(org text, query tsvector) RETURNS sparsevec
        LANGUAGE sql STABLE PARALLEL SAFE
        BEGIN ATOMIC
            WITH terms AS (
                SELECT DISTINCT orion_term_id(lexeme) AS id FROM unnest(query)
            ), counts AS (
                SELECT s.term_id, sum(s.n)::float8 AS n FROM (
                    SELECT term_id, df AS n FROM lexical_df
                    WHERE organization_id = org AND term_id IN (SELECT id FROM terms UNION ALL SELECT 0)
                    UNION ALL
                    SELECT term_id, delta AS n FROM lexical_df_deltas
                    WHERE organization_id = org AND term_id IN (SELECT id FROM terms UNION ALL SELECT 0)
                ) s GROUP BY s.term_id
            ), corpus AS (SELECT coalesce((SELECT n FROM counts WHERE term_id = 0), 0) AS n)
            SELECT (
                '{{' || coalesce(string_agg(
                    c.term_id || ':' || ln(1 + (k.n - c.n + 0.5) / (c.n + 0.5))::real, ',' ORDER BY c.term_id), '')
                || '}}/{SPARSE_DIM}'
            )::sparsevec
            FROM counts c CROSS JOIN corpus k
            WHERE c.term_id > 0 AND c.n > 0;
        END
        """
    )


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS orion_bm25_query(text, tsvector)")
    op.execute("DROP FUNCTION IF EXISTS orion_bm25_vector(tsvector, float8, float8, float8)")
    op.execute("DROP FUNCTION IF EXISTS orion_lexical_length(tsvector)")
    op.execute("DROP FUNCTION IF EXISTS orion_term_id(text)")
    op.drop_index("ix_document_chunks_bm25_hnsw", table_name="document_chunks")
    op.drop_index("ix_document_chunks_organization_id_searchable", table_name="document_chunks")
    op.drop_table("document_usage_counters")
    op.drop_table("lexical_corpus")
    op.drop_index("ix_lexical_df_deltas_organization_id_term_id", table_name="lexical_df_deltas")
    op.drop_table("lexical_df_deltas")
    op.drop_table("lexical_df")
