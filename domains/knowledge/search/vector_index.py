"""One HNSW index per embedding model: a partial expression index over that model's searchable vectors.

Vectors of every model share `document_embeddings.vector` (an undimensioned `vector` column); each model in use
gets `USING hnsw ((vector::vector(D)) vector_cosine_ops) WHERE model_key = '<key>' AND searchable`, so vectors
of different models are never compared and switching provider needs no schema change (contract departures).
Queries must repeat the same expression and predicate, with the key as a literal, for the planner to use it.
"""

from __future__ import annotations

import hashlib

import numpy as np
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

from domains.knowledge.search import lexical

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64
# An organization's own indexes are built once, in the background: a better graph is worth the ~2.5x build time
# (BM25 recall@10 at ef_search 600 on a 32k-chunk organization: 0.90 with 64, 0.925 with 200; ADR-0008).
ORGANIZATION_EF_CONSTRUCTION = 200


def vector_literal(vector: np.ndarray) -> str:
    """Return pgvector's text form of a float vector."""
    return "[" + ",".join(f"{value:.7g}" for value in vector.tolist()) + "]"


# Indexes this module creates at run time (they depend on the configured model and on organization sizes), so no
# migration creates them and the ORM metadata does not list them: the schema-drift check ignores these names.
RUNTIME_INDEX_PREFIXES = ("ix_document_embeddings_hnsw_", "ix_chunks_bm25_org_", "ix_embeddings_org_")


def sql_literal(value: str) -> str:
    """Return `value` as a SQL string literal (only ever used for model keys of our own providers)."""
    return "'" + value.replace("'", "''") + "'"


def index_name(model_key: str) -> str:
    return "ix_document_embeddings_hnsw_" + hashlib.sha256(model_key.encode()).hexdigest()[:16]


def vector_expression(dimension: int, alias: str = "") -> str:
    """Return the indexed expression for vectors of `dimension` (queries must use exactly this expression)."""
    prefix = f"{alias}." if alias else ""
    return f"({prefix}vector::vector({int(dimension)}))"


def model_predicate(model_key: str, alias: str = "") -> str:
    """Return the partial-index predicate for one model (what a query must state to use the index)."""
    prefix = f"{alias}." if alias else ""
    return f"{prefix}model_key = {sql_literal(model_key)} AND {prefix}searchable"


async def ensure_vector_index(session: AsyncSession, model_key: str, dimension: int) -> bool:
    """Create the model's HNSW index if it does not exist (needs the table owner); return True if created."""
    name = index_name(model_key)
    exists = (await session.execute(text("SELECT to_regclass(:name)"), {"name": name})).scalar()
    if exists is not None:
        return False
    await session.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))"), {"name": name})
    await session.execute(
        text(
            f"CREATE INDEX IF NOT EXISTS {name} ON document_embeddings USING hnsw "
            f"({vector_expression(dimension)} vector_cosine_ops) "
            f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION}) "
            f"WHERE {model_predicate(model_key)}"
        )
    )
    return True


# --- per-organization indexes ---------------------------------------------------------------------------------
# A tenant filter on a shared HNSW index loses recall: the graph walk meets mostly other tenants' rows. Small
# organizations are searched exactly (no index); an organization too large for that gets its own partial HNSW
# indexes, which hold only its rows, so the walk never leaves them (ADR-0008).


def organization_index_names(organization_id: str, model_key: str) -> tuple[str, str]:
    """Return the names of the organization's BM25 index and its index for `model_key`'s vectors."""
    tag = hashlib.sha256(organization_id.encode()).hexdigest()[:12]
    model = hashlib.sha256(model_key.encode()).hexdigest()[:8]
    return f"ix_chunks_bm25_org_{tag}", f"ix_embeddings_org_{tag}_{model}"


def organization_index_statements(organization_id: str, model_key: str, dimension: int) -> list[str]:
    """Return CREATE INDEX CONCURRENTLY statements for the organization's two partial HNSW indexes."""
    bm25_name, vector_name = organization_index_names(organization_id, model_key)
    organization = sql_literal(organization_id)
    return [
        f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {bm25_name} ON document_chunks USING hnsw (bm25 sparsevec_ip_ops) "
        f"WITH (m = {HNSW_M}, ef_construction = {ORGANIZATION_EF_CONSTRUCTION}) "
        f"WHERE searchable AND organization_id = {organization}",
        f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {vector_name} ON document_embeddings USING hnsw "
        f"({vector_expression(dimension)} vector_cosine_ops) "
        f"WITH (m = {HNSW_M}, ef_construction = {ORGANIZATION_EF_CONSTRUCTION}) "
        f"WHERE {model_predicate(model_key)} AND organization_id = {organization}",
    ]


async def organizations_needing_indexes(session: AsyncSession, minimum_rows: int, model_key: str) -> list[str]:
    """Return organizations with more than `minimum_rows` searchable chunks that lack their own indexes."""
    larger = await lexical.organizations_larger_than(session, minimum_rows)
    valid = {row[0] for row in await session.execute(_VALID_INDEXES)}
    return [org for org in larger if not set(organization_index_names(org, model_key)) <= valid]


_VALID_INDEXES = text(
    "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indisvalid AND i.indisready"
)


async def build_organization_indexes(engine: AsyncEngine, organization_id: str, model_key: str, dimension: int) -> None:
    """Build the organization's partial indexes without blocking writes (CONCURRENTLY, outside a transaction);
    an invalid leftover of an interrupted build is dropped first."""
    async with engine.connect() as connection:
        connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
        key = f"organization-indexes:{organization_id}:{model_key}"
        locked = await connection.execute(text("SELECT pg_try_advisory_lock(hashtextextended(:key, 0))"), {"key": key})
        if not locked.scalar():
            return  # another process is building them
        try:
            await _build(connection, organization_id, model_key, dimension)
        finally:
            await connection.execute(text("SELECT pg_advisory_unlock(hashtextextended(:key, 0))"), {"key": key})


async def _build(connection: AsyncConnection, organization_id: str, model_key: str, dimension: int) -> None:
    valid = {row[0] for row in await connection.execute(_VALID_INDEXES)}
    for name in organization_index_names(organization_id, model_key):
        if name not in valid:  # an interrupted CONCURRENTLY build leaves an invalid index behind
            await connection.execute(text(f"DROP INDEX CONCURRENTLY IF EXISTS {name}"))
    for statement in organization_index_statements(organization_id, model_key, dimension):
        await connection.execute(text(statement))
