"""`orion reindex`: give every searchable chunk a vector of the configured embedding model."""

from __future__ import annotations

import anyio
from sqlalchemy import text

from apps.cli.context import CommandContext, find_organization
from domains.knowledge.ingestion import index_text, vector_literal
from domains.knowledge.vector_index import ensure_vector_index

BATCH = 256


async def reindex_organizations(context: CommandContext, organization: str | None) -> int:
    """Embed, in batches, the searchable chunks of one (or every) organization that lack the model's vector."""
    provider = context.provider
    org_filter = ""
    params: dict[str, object] = {"model_key": provider.model_key, "limit": BATCH}
    if organization is not None:
        found = await find_organization(context.db, organization)
        if found is None:
            raise SystemExit(f"orion reindex: no organization with id or name {organization!r}")
        org_filter = "AND c.organization_id = :org"
        params["org"] = found.id
    async with context.db.owner_session() as session:
        await ensure_vector_index(session, provider.model_key, provider.dimension)
    done = 0
    while True:
        async with context.db.owner_session() as session:
            rows = (
                await session.execute(
                    text(
                        f"""
                        SELECT c.id, c.organization_id, c.document_id, c.text, c.index_context FROM document_chunks c
                        WHERE c.searchable {org_filter} AND NOT EXISTS (
                            SELECT 1 FROM document_embeddings e WHERE e.chunk_id = c.id AND e.model_key = :model_key
                        )
                        ORDER BY c.id LIMIT :limit
                        """
                    ),
                    params,
                )
            ).all()
        if not rows:
            return done
        vectors = await anyio.to_thread.run_sync(
            provider.embed_texts, [index_text(row.index_context, row.text) for row in rows]
        )
        async with context.db.owner_session() as session:
            await session.execute(
                text(
                    """
                    INSERT INTO document_embeddings (id, organization_id, chunk_id, document_id, provider_name,
                        model_name, model_version, model_key, dimension, vector, searchable)
                    SELECT gen_random_uuid()::text, r.org, r.chunk, r.doc, :provider, :model, :version, :model_key,
                           :dimension, CAST(r.vec AS vector), true
                    FROM unnest(CAST(:orgs AS varchar[]), CAST(:chunks AS varchar[]), CAST(:docs AS varchar[]),
                                CAST(:vecs AS text[])) AS r(org, chunk, doc, vec)
                    ON CONFLICT ON CONSTRAINT uq_document_embeddings_chunk_model DO NOTHING
                    """
                ),
                {
                    "orgs": [row.organization_id for row in rows],
                    "chunks": [row.id for row in rows],
                    "docs": [row.document_id for row in rows],
                    "vecs": [vector_literal(v) for v in vectors],
                    "provider": provider.provider_name,
                    "model": provider.model_name,
                    "version": provider.model_version,
                    "model_key": provider.model_key,
                    "dimension": provider.dimension,
                },
            )
        done += len(rows)
