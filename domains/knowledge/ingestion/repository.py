"""Every ingestion query: chunk and embedding inserts, the searchable-version switch, and the upload queue.

The upload queue is the `document_versions` table itself: a version in status `processing` is a job, claimed with
FOR UPDATE SKIP LOCKED and a lease the worker renews as it makes progress. The worker and the CLI run these as the
table owner; the request path runs the inserts inside its RLS-bound transaction.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.ingestion.parsing import ParsedDocument
from domains.knowledge.ingestion.pipeline import PreparedDocument
from domains.knowledge.ingestion.relabel import VERSION_LABELLED
from domains.knowledge.safety import DETECTOR_VERSION, spans_json
from domains.knowledge.search.vector_index import vector_literal
from packages.config.settings import Settings
from packages.core.clock import new_id, utcnow

_INSERT_CHUNKS = text(
    """
    INSERT INTO document_chunks (
        id, organization_id, document_id, document_version_id, chunk_index, text, section, index_context, page,
        page_end, char_start, char_end, char_count, content_hash, trust_label, matched_patterns, labelled_spans,
        safety_version, searchable, lexical_length, bm25, created_at
    )
    SELECT c.id, :org, :doc, :version, c.idx, c.body, c.section, c.context, c.page, c.page_end, c.cs, c.ce,
           length(c.body), c.hash, c.trust, CAST(c.patterns AS jsonb), CAST(c.spans AS jsonb), :safety_version, true,
           orion_lexical_length(tv.v), orion_bm25_vector(tv.v, :avgdl, :k1, :b), :now
    FROM unnest(
        CAST(:ids AS varchar[]), CAST(:idxs AS int[]), CAST(:bodies AS text[]), CAST(:sections AS varchar[]),
        CAST(:pages AS int[]), CAST(:starts AS int[]), CAST(:ends AS int[]), CAST(:hashes AS varchar[]),
        CAST(:trusts AS varchar[]), CAST(:patterns AS text[]), CAST(:spans AS text[]), CAST(:contexts AS varchar[]),
        CAST(:page_ends AS int[])
    ) AS c(id, idx, body, section, page, cs, ce, hash, trust, patterns, spans, context, page_end)
    CROSS JOIN LATERAL (SELECT to_tsvector(CAST(:cfg AS regconfig), c.context || E'\\n' || c.body) AS v) tv
    """
)

# One insert for every embedding ORION writes (new versions and `orion reindex`); a vector a concurrent writer
# already stored for the same chunk and model is kept.
_INSERT_EMBEDDINGS = text(
    """
    INSERT INTO document_embeddings (
        id, organization_id, chunk_id, document_id, provider_name, model_name, model_version, model_key,
        dimension, vector, searchable, created_at
    )
    SELECT e.id, e.org, e.chunk_id, e.doc, :provider, :model, :model_version, :model_key, :dimension,
           CAST(e.vec AS vector), true, :now
    FROM unnest(CAST(:ids AS varchar[]), CAST(:orgs AS varchar[]), CAST(:chunk_ids AS varchar[]),
                CAST(:docs AS varchar[]), CAST(:vectors AS text[])) AS e(id, org, chunk_id, doc, vec)
    ON CONFLICT ON CONSTRAINT uq_document_embeddings_chunk_model DO NOTHING
    """
)


@dataclass(frozen=True)
class Checkpoint:
    """An embedded batch: the digest of the texts it embedded and the float32 vectors, row-major."""

    fingerprint: str
    vectors: bytes


@dataclass(frozen=True)
class EmbeddingRow:
    organization_id: str
    document_id: str
    chunk_id: str


@dataclass(frozen=True)
class Job:
    """A queued upload the worker claimed."""

    version_id: str
    organization_id: str
    document_id: str
    file_name: str | None
    attempts: int


@dataclass(frozen=True)
class UnembeddedChunk:
    chunk_id: str
    organization_id: str
    document_id: str
    text: str
    index_context: str


class IngestionRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    # --- chunks and embeddings ---------------------------------------------------------------------------------

    async def insert_chunks(
        self,
        settings: Settings,
        *,
        organization_id: str,
        document_id: str,
        version_id: str,
        prepared: PreparedDocument,
        avgdl: float,
    ) -> list[str]:
        """Insert a version's chunks as searchable, with their BM25 vectors; return their ids in order."""
        chunks = prepared.chunks
        chunk_ids = [new_id() for _ in chunks]
        if not chunks:
            return chunk_ids
        await self.session.execute(
            _INSERT_CHUNKS,
            {
                "org": organization_id,
                "doc": document_id,
                "version": version_id,
                "ids": chunk_ids,
                "idxs": [c.index for c in chunks],
                "bodies": [c.text for c in chunks],
                "sections": [c.section for c in chunks],
                "contexts": prepared.contexts,
                "pages": [c.page for c in chunks],
                "page_ends": [c.page_end for c in chunks],
                "starts": [c.char_start for c in chunks],
                "ends": [c.char_end for c in chunks],
                "hashes": [c.content_hash for c in chunks],
                "trusts": [s.trust_label for s in prepared.safety],
                "patterns": [json.dumps(s.matched_patterns) for s in prepared.safety],
                "spans": [spans_json(s) for s in prepared.safety],
                "safety_version": DETECTOR_VERSION,
                "cfg": settings.text_search_config,
                "avgdl": avgdl,
                "k1": settings.bm25_k1,
                "b": settings.bm25_b,
                "now": utcnow(),
            },
        )
        await self.set_text_sources(chunk_ids, prepared.text_sources)
        await self.session.execute(VERSION_LABELLED, {"detector": DETECTOR_VERSION, "version": version_id})
        return chunk_ids

    async def insert_embeddings(
        self, provider: EmbeddingProvider, rows: Sequence[EmbeddingRow], vectors: np.ndarray
    ) -> None:
        """Store one vector of `provider`'s model per row (searchable)."""
        if not rows:
            return
        await self.session.execute(
            _INSERT_EMBEDDINGS,
            {
                "ids": [new_id() for _ in rows],
                "orgs": [row.organization_id for row in rows],
                "chunk_ids": [row.chunk_id for row in rows],
                "docs": [row.document_id for row in rows],
                "vectors": [vector_literal(v) for v in vectors],
                "provider": provider.provider_name,
                "model": provider.model_name,
                "model_version": provider.model_version,
                "model_key": provider.model_key,
                "dimension": provider.dimension,
                "now": utcnow(),
            },
        )

    async def other_searchable_versions(self, organization_id: str, document_id: str, version_id: str) -> list[str]:
        """Return the document's searchable versions other than `version_id`."""
        rows = await self.session.execute(
            text(
                """
                SELECT DISTINCT document_version_id FROM document_chunks
                WHERE organization_id = :org AND document_id = :doc AND searchable AND document_version_id <> :version
                """
            ),
            {"org": organization_id, "doc": document_id, "version": version_id},
        )
        return list(rows.scalars())

    async def retire_versions(self, organization_id: str, version_ids: list[str]) -> None:
        """Take the versions' chunks and embeddings out of search."""
        params = {"org": organization_id, "versions": version_ids}
        await self.session.execute(
            text(
                "UPDATE document_chunks SET searchable = false "
                "WHERE organization_id = :org AND document_version_id = ANY(:versions) AND searchable"
            ),
            params,
        )
        await self.session.execute(
            text(
                """
                UPDATE document_embeddings e SET searchable = false
                FROM document_chunks c
                WHERE c.id = e.chunk_id AND c.organization_id = :org AND c.document_version_id = ANY(:versions)
                  AND e.organization_id = :org AND e.searchable
                """
            ),
            params,
        )

    async def set_current_version(self, organization_id: str, document_id: str, version_id: str) -> None:
        await self.session.execute(
            text("UPDATE documents SET current_version_id = :version WHERE organization_id = :org AND id = :doc"),
            {"org": organization_id, "doc": document_id, "version": version_id},
        )

    async def chunks_without_model(
        self, model_key: str, organization_id: str | None, limit: int
    ) -> list[UnembeddedChunk]:
        """Return up to `limit` searchable chunks (of one organization, or all) that lack a vector of the model."""
        organization_filter = "AND c.organization_id = :org" if organization_id is not None else ""
        rows = await self.session.execute(
            text(
                f"""
                SELECT c.id, c.organization_id, c.document_id, c.text, c.index_context FROM document_chunks c
                WHERE c.searchable {organization_filter} AND NOT EXISTS (
                    SELECT 1 FROM document_embeddings e WHERE e.chunk_id = c.id AND e.model_key = :model_key
                )
                ORDER BY c.id LIMIT :limit
                """
            ),
            {"model_key": model_key, "limit": limit, "org": organization_id},
        )
        return [UnembeddedChunk(*row) for row in rows]

    # --- the upload queue ------------------------------------------------------------------------------------------

    async def claim_job(self, now: datetime, lease_until: datetime) -> Job | None:
        """Claim the oldest queued version whose lease lapsed, counting the attempt."""
        row = (
            await self.session.execute(
                text(
                    """
                    UPDATE document_versions v SET lease_until = :lease, attempts = attempts + 1
                    WHERE v.id = (
                        SELECT id FROM document_versions
                        WHERE status = 'processing' AND (lease_until IS NULL OR lease_until < :now)
                        ORDER BY created_at
                        FOR UPDATE SKIP LOCKED
                        LIMIT 1
                    )
                    RETURNING v.id, v.organization_id, v.document_id, v.file_name, v.attempts
                    """
                ),
                {"now": now, "lease": lease_until},
            )
        ).first()
        return Job(*row) if row else None

    async def job_input(self, version_id: str) -> tuple[bytes, str]:
        """Return the queued version's original bytes and its document's title."""
        content, title = (
            await self.session.execute(
                text(
                    "SELECT b.content, d.title FROM document_blobs b"
                    " JOIN document_versions v ON v.id = b.document_version_id"
                    " JOIN documents d ON d.id = v.document_id WHERE b.document_version_id = :id"
                ),
                {"id": version_id},
            )
        ).one()
        return bytes(content), str(title)

    async def lock_if_queued(self, version_id: str) -> bool:
        """Lock the version for the final write; False when it was deleted or finished elsewhere meanwhile."""
        found = await self.session.execute(
            text("SELECT 1 FROM document_versions WHERE id = :id AND status = 'processing' FOR UPDATE"),
            {"id": version_id},
        )
        return found.first() is not None

    async def store_parsed(self, version_id: str, parsed: ParsedDocument, metadata: dict[str, Any] | None) -> None:
        """Replace a queued version's text and page facts with the worker's parse (scanned pages read by OCR)."""
        # The page map goes with the text it indexes: without it a quote from a page read by OCR had no page number.
        page_map = parsed.page_map
        await self.session.execute(
            text(
                "UPDATE document_versions SET normalized_text = :text, page_count = :pages,"
                " page_map = CAST(:page_map AS jsonb), source_metadata = CAST(:metadata AS jsonb) WHERE id = :id"
            ),
            {
                "id": version_id,
                "text": parsed.text,
                "pages": parsed.page_count,
                "page_map": None if page_map is None else json.dumps(page_map),
                "metadata": None if metadata is None else json.dumps(metadata),
            },
        )

    async def set_text_sources(self, chunk_ids: list[str], sources: Sequence[str | None]) -> None:
        """Record where each chunk's text came from (`text_layer` / `ocr`), for formats with pages."""
        marked = [(chunk_id, source) for chunk_id, source in zip(chunk_ids, sources, strict=True) if source]
        if not marked:
            return
        await self.session.execute(
            text(
                "UPDATE document_chunks c SET text_source = s.source"
                " FROM unnest(CAST(:ids AS varchar[]), CAST(:sources AS varchar[])) AS s(id, source)"
                " WHERE c.id = s.id"
            ),
            {"ids": [chunk_id for chunk_id, _ in marked], "sources": [source for _, source in marked]},
        )

    async def mark_indexed(self, version_id: str, chunk_count: int) -> None:
        await self.session.execute(
            text(
                """
                UPDATE document_versions SET status = 'indexed', progress = 1, chunk_count = :chunks,
                    indexed_at = :now, lease_until = NULL, status_reason = NULL
                WHERE id = :id
                """
            ),
            {"id": version_id, "chunks": chunk_count, "now": utcnow()},
        )

    async def checkpoints(self, version_id: str, model_key: str) -> dict[int, Checkpoint]:
        """Return the embedded batches already kept for a version (by first chunk index), for this model only."""
        rows = await self.session.execute(
            text(
                "SELECT batch_start, fingerprint, vectors FROM ingestion_checkpoints"
                " WHERE document_version_id = :id AND model_key = :model"
            ),
            {"id": version_id, "model": model_key},
        )
        return {int(start): Checkpoint(str(fp), bytes(vectors)) for start, fp, vectors in rows.all()}

    async def keep_checkpoint(
        self, organization_id: str, version_id: str, batch_start: int, checkpoint: Checkpoint, model_key: str
    ) -> None:
        """Store one embedded batch durably (replacing an older one at the same position)."""
        await self.session.execute(
            text(
                """
                INSERT INTO ingestion_checkpoints
                    (document_version_id, batch_start, organization_id, fingerprint, model_key, vectors)
                VALUES (:id, :start, :org, :fp, :model, :vectors)
                ON CONFLICT (document_version_id, batch_start) DO UPDATE
                SET fingerprint = EXCLUDED.fingerprint, model_key = EXCLUDED.model_key, vectors = EXCLUDED.vectors
                """
            ),
            {
                "id": version_id,
                "start": batch_start,
                "org": organization_id,
                "fp": checkpoint.fingerprint,
                "model": model_key,
                "vectors": checkpoint.vectors,
            },
        )

    async def drop_checkpoints(self, version_id: str) -> None:
        await self.session.execute(
            text("DELETE FROM ingestion_checkpoints WHERE document_version_id = :id"), {"id": version_id}
        )

    async def release_leases(self) -> int:
        """Let every queued version be claimed at once (only for a process that proved it is alone)."""
        result = await self.session.execute(
            text("UPDATE document_versions SET lease_until = NULL WHERE status = 'processing'")
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def release_interrupted(self, version_ids: list[str]) -> int:
        """Give back this process's leases on jobs a database outage interrupted, without counting the attempt
        (the outage was not the document's fault); the next claim resumes them from their checkpoints."""
        result = await self.session.execute(
            text(
                "UPDATE document_versions SET lease_until = NULL, attempts = GREATEST(attempts - 1, 0) "
                "WHERE id = ANY(:ids) AND status = 'processing'"
            ),
            {"ids": version_ids},
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def set_progress(self, version_id: str, fraction: float, lease_until: datetime) -> None:
        await self.session.execute(
            text(
                "UPDATE document_versions SET progress = :p, lease_until = :lease "
                "WHERE id = :id AND status = 'processing'"
            ),
            {"id": version_id, "p": round(min(fraction, 0.99), 4), "lease": lease_until},
        )

    async def mark_failed(self, version_id: str, reason: str) -> None:
        await self.session.execute(
            text(
                "UPDATE document_versions SET status = 'failed', status_reason = :reason, lease_until = NULL "
                "WHERE id = :id AND status = 'processing'"
            ),
            {"id": version_id, "reason": reason[:500]},
        )
