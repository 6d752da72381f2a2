"""One HNSW index per embedding model: a partial expression index over that model's searchable vectors.

Vectors of every model share `document_embeddings.vector` (an undimensioned `vector` column); each model in use
gets `USING hnsw ((vector::vector(D)) vector_cosine_ops) WHERE model_key = '<key>' AND searchable`, so vectors
of different models are never compared and switching provider needs no schema change (contract departures).
Queries must repeat the same expression and predicate, with the key as a literal, for the planner to use it.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64


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
