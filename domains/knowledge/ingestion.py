"""Ingestion: the slow, pure part (parse, normalize, chunk, classify, embed) and the short write that follows.

Nothing here holds a database transaction while it works on CPU: `prepare_document` and `embed_chunks` run in a
worker thread, then `write_version` inserts everything with a few set-based statements in one transaction, so a
failure anywhere leaves no document, version, chunk or embedding behind.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge import lexical
from domains.knowledge.chunking import ChunkDraft, chunk_document
from domains.knowledge.embeddings import EmbeddingProvider, validate_dimension
from domains.knowledge.parsers import ParsedDocument, parse_document
from domains.knowledge.security import ContentClassification, classify_many
from packages.config.settings import Settings
from packages.core.clock import new_id, utcnow

EMBED_PROGRESS_BATCH = 64


@dataclass(frozen=True)
class PreparedDocument:
    """A parsed, chunked and classified upload, ready to embed and write."""

    parsed: ParsedDocument
    chunks: list[ChunkDraft]
    safety: list[ContentClassification]
    content_hash: str
    byte_size: int
    title: str = ""

    @property
    def texts(self) -> list[str]:
        return [chunk.text for chunk in self.chunks]

    @functools.cached_property
    def contexts(self) -> list[str]:
        """Each chunk's indexing context: the document title and the chunk's section label."""
        return [index_context(self.title, chunk.section) for chunk in self.chunks]

    @functools.cached_property
    def index_texts(self) -> list[str]:
        """What both retrieval channels index for each chunk (the stored, quotable text stays `texts`)."""
        return [index_text(context, chunk.text) for context, chunk in zip(self.contexts, self.chunks, strict=True)]


def index_context(title: str, section: str | None) -> str:
    """Return the context a chunk is indexed with: its document title and section label, one per line."""
    return "\n".join(part for part in (title.strip(), (section or "").strip()) if part)[:1001]


def index_text(context: str, text: str) -> str:
    """Return the indexed text of a chunk; SQL builds the same as `index_context || E'\\n' || text` (lexical.py)."""
    return f"{context}\n{text}" if context else text


def content_hash(data: bytes) -> str:
    """Return the sha256 of the raw bytes (what makes identical re-uploads idempotent)."""
    return hashlib.sha256(data).hexdigest()


def prepare_document(data: bytes, filename: str | None, settings: Settings, title: str = "") -> PreparedDocument:
    """Parse, normalize, chunk and classify an upload (CPU only; raises the knowledge errors for bad input).

    `title` (the document's) becomes part of each chunk's indexing context."""
    parsed = parse_document(data, filename)
    chunks = chunk_document(
        parsed,
        target_chars=settings.chunk_target_chars,
        max_chars=settings.chunk_max_chars,
        overlap_chars=settings.chunk_overlap_chars,
    )
    return PreparedDocument(
        parsed=parsed,
        chunks=chunks,
        safety=classify_many([chunk.text for chunk in chunks]),
        content_hash=content_hash(data),
        byte_size=len(data),
        title=title,
    )


class EmbeddingThroughput:
    """A running estimate of chunks per second per model, to decide whether an upload fits the request budget."""

    _DEFAULTS: ClassVar[dict[str, float]] = {"local": 8.0, "fake": 5000.0}

    def __init__(self) -> None:
        self._rates: dict[str, float] = {}
        self._lock = threading.Lock()

    def estimate_seconds(self, provider: EmbeddingProvider, chunks: int) -> float:
        with self._lock:
            rate = self._rates.get(provider.model_key) or self._DEFAULTS.get(provider.provider_name, 20.0)
        return chunks / rate

    def observe(self, provider: EmbeddingProvider, chunks: int, seconds: float) -> None:
        if chunks < 8 or seconds <= 0:
            return
        with self._lock:
            previous = self._rates.get(provider.model_key)
            rate = chunks / seconds
            self._rates[provider.model_key] = rate if previous is None else 0.7 * previous + 0.3 * rate


THROUGHPUT = EmbeddingThroughput()


def embed_chunks(
    provider: EmbeddingProvider, texts: list[str], progress: Callable[[int], None] | None = None
) -> np.ndarray:
    """Embed chunk texts in batches (reporting progress), validating the dimension."""
    if not texts:
        return np.zeros((0, provider.dimension), dtype=np.float32)
    started = time.perf_counter()
    parts = []
    step = len(texts) if progress is None else EMBED_PROGRESS_BATCH
    for start in range(0, len(texts), step):
        parts.append(validate_dimension(provider.embed_texts(texts[start : start + step]), provider.dimension))
        if progress is not None:
            progress(min(start + step, len(texts)))
    THROUGHPUT.observe(provider, len(texts), time.perf_counter() - started)
    return np.vstack(parts)


def vector_literal(vector: np.ndarray) -> str:
    """Return pgvector's text form of a float vector."""
    return "[" + ",".join(f"{value:.7g}" for value in vector.tolist()) + "]"


_INSERT_CHUNKS = text(
    """
    INSERT INTO document_chunks (
        id, organization_id, document_id, document_version_id, chunk_index, text, section, index_context, page,
        char_start, char_end, char_count, content_hash, trust_label, matched_patterns, searchable,
        lexical_length, bm25, created_at
    )
    SELECT c.id, :org, :doc, :version, c.idx, c.body, c.section, c.context, c.page, c.cs, c.ce, length(c.body), c.hash,
           c.trust, CAST(c.patterns AS jsonb), true, orion_lexical_length(tv.v),
           orion_bm25_vector(tv.v, :avgdl, :k1, :b), :now
    FROM unnest(
        CAST(:ids AS varchar[]), CAST(:idxs AS int[]), CAST(:bodies AS text[]), CAST(:sections AS varchar[]),
        CAST(:pages AS int[]), CAST(:starts AS int[]), CAST(:ends AS int[]), CAST(:hashes AS varchar[]),
        CAST(:trusts AS varchar[]), CAST(:patterns AS text[]), CAST(:contexts AS varchar[])
    ) AS c(id, idx, body, section, page, cs, ce, hash, trust, patterns, context)
    CROSS JOIN LATERAL (SELECT to_tsvector(CAST(:cfg AS regconfig), c.context || E'\\n' || c.body) AS v) tv
    """
)

_INSERT_EMBEDDINGS = text(
    """
    INSERT INTO document_embeddings (
        id, organization_id, chunk_id, document_id, provider_name, model_name, model_version, model_key,
        dimension, vector, searchable, created_at
    )
    SELECT e.id, :org, e.chunk_id, :doc, :provider, :model, :model_version, :model_key, :dimension,
           CAST(e.vec AS vector), true, :now
    FROM unnest(CAST(:ids AS varchar[]), CAST(:chunk_ids AS varchar[]), CAST(:vectors AS text[]))
         AS e(id, chunk_id, vec)
    """
)


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
    import json

    chunks = prepared.chunks
    avgdl = await lexical.vector_avgdl(session, settings, organization_id, prepared.index_texts)
    now = utcnow()
    chunk_ids = [new_id() for _ in chunks]
    if chunks:
        await session.execute(
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
                "starts": [c.char_start for c in chunks],
                "ends": [c.char_end for c in chunks],
                "hashes": [c.content_hash for c in chunks],
                "trusts": [s.trust_label for s in prepared.safety],
                "patterns": [json.dumps(s.matched_patterns) for s in prepared.safety],
                "cfg": settings.text_search_config,
                "avgdl": avgdl,
                "k1": settings.bm25_k1,
                "b": settings.bm25_b,
                "now": now,
            },
        )
        await session.execute(
            _INSERT_EMBEDDINGS,
            {
                "org": organization_id,
                "doc": document_id,
                "ids": [new_id() for _ in chunks],
                "chunk_ids": chunk_ids,
                "vectors": [vector_literal(v) for v in vectors],
                "provider": provider.provider_name,
                "model": provider.model_name,
                "model_version": provider.model_version,
                "model_key": provider.model_key,
                "dimension": provider.dimension,
                "now": now,
            },
        )
    await make_current(
        session, settings, organization_id=organization_id, document_id=document_id, version_id=version_id
    )


async def make_current(
    session: AsyncSession, settings: Settings, *, organization_id: str, document_id: str, version_id: str
) -> None:
    """Retire the document's other versions from search and make `version_id` the searchable one."""
    previous = (
        (
            await session.execute(
                text(
                    """
                    SELECT DISTINCT document_version_id FROM document_chunks
                    WHERE organization_id = :org AND document_id = :doc AND searchable
                      AND document_version_id <> :version
                    """
                ),
                {"org": organization_id, "doc": document_id, "version": version_id},
            )
        )
        .scalars()
        .all()
    )
    if previous:
        await lexical.record_chunks(session, settings, organization_id, list(previous), sign=-1)
        params = {"org": organization_id, "versions": list(previous)}
        await session.execute(
            text(
                "UPDATE document_chunks SET searchable = false "
                "WHERE organization_id = :org AND document_version_id = ANY(:versions) AND searchable"
            ),
            params,
        )
        await session.execute(
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
    await lexical.record_chunks(session, settings, organization_id, [version_id], sign=1)
    await session.execute(
        text("UPDATE documents SET current_version_id = :version WHERE organization_id = :org AND id = :doc"),
        {"org": organization_id, "doc": document_id, "version": version_id},
    )
