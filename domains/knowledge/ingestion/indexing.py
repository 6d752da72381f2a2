"""Indexing a prepared version: its chunks, their BM25 statistics and vectors, and the switch of the searchable
version. Runs inside the caller's one short transaction, so a version is searchable whole or not at all."""

from __future__ import annotations

import anyio
import numpy as np
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.ingestion.pipeline import PreparedDocument, embed_distinct, index_text
from domains.knowledge.ingestion.repository import EmbeddingRow, IngestionRepository
from domains.knowledge.search import lexical
from domains.knowledge.search.vector_index import ensure_vector_index
from packages.config.settings import Settings
from packages.database.engine import Database

REINDEX_BATCH = 256


async def write_chunks(
    session: AsyncSession,
    settings: Settings,
    *,
    organization_id: str,
    document_id: str,
    version_id: str,
    prepared: PreparedDocument,
    vectors: np.ndarray,
    provider: EmbeddingProvider,
) -> None:
    """Insert the version's chunks (with BM25 vectors) and embeddings, then make it the searchable version."""
    repo = IngestionRepository(session)
    avgdl = await lexical.vector_avgdl(session, settings, organization_id, prepared.index_texts)
    chunk_ids = await repo.insert_chunks(
        settings,
        organization_id=organization_id,
        document_id=document_id,
        version_id=version_id,
        prepared=prepared,
        avgdl=avgdl,
    )
    rows = [EmbeddingRow(organization_id, document_id, chunk_id) for chunk_id in chunk_ids]
    await repo.insert_embeddings(provider, rows, vectors)
    await make_current(
        session, settings, organization_id=organization_id, document_id=document_id, version_id=version_id
    )


async def make_current(
    session: AsyncSession, settings: Settings, *, organization_id: str, document_id: str, version_id: str
) -> None:
    """Retire the document's other versions from search and make `version_id` the searchable one."""
    repo = IngestionRepository(session)
    previous = await repo.other_searchable_versions(organization_id, document_id, version_id)
    if previous:
        await lexical.record_chunks(session, settings, organization_id, previous, sign=-1)
        await repo.retire_versions(organization_id, previous)
    await lexical.record_chunks(session, settings, organization_id, [version_id], sign=1)
    await repo.set_current_version(organization_id, document_id, version_id)


async def embed_missing(db: Database, provider: EmbeddingProvider, organization_id: str | None) -> int:
    """Embed, in batches, the searchable chunks (of one organization, or all) that lack the provider's vector;
    return how many were embedded (after switching embedding provider: `orion reindex`)."""
    async with db.owner_session() as session:
        await ensure_vector_index(session, provider.model_key, provider.dimension)
    done = 0
    while True:
        async with db.owner_session() as session:
            chunks = await IngestionRepository(session).chunks_without_model(
                provider.model_key, organization_id, REINDEX_BATCH
            )
        if not chunks:
            return done
        texts = [index_text(chunk.index_context, chunk.text) for chunk in chunks]
        vectors = await anyio.to_thread.run_sync(embed_distinct, provider, texts)
        async with db.owner_session() as session:
            rows = [EmbeddingRow(c.organization_id, c.document_id, c.chunk_id) for c in chunks]
            await IngestionRepository(session).insert_embeddings(provider, rows, vectors)
        done += len(chunks)
