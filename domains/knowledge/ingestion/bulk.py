"""Bulk ingestion (`orion ingest`, evaluations, benchmarks): the upload path, pipelined across documents.

Three stages overlap: documents are parsed, chunked and classified in one worker thread; their chunks are embedded
in batches that span documents (a few large model calls instead of one tiny call per document, which is most of the
speed-up on CPU); each embedded document is then written in its own short transaction through the same
`KnowledgeService.store_indexed` the API uses, so a failure still leaves nothing of that document behind. An email's
attachments that ORION reads follow their message as documents of their own, linked to it (scans read inline).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field

import anyio
import numpy as np
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.attachments import prepare_attachments
from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.ingestion.pipeline import (
    PreparedDocument,
    content_hash,
    embed_chunks,
    parse_limits,
    prepare_document,
)
from domains.knowledge.service import KnowledgeService, Upload, UploadNames, resolve_names
from packages.config.settings import Settings
from packages.core.errors import OrionError

EMBED_BATCH_CHUNKS = 64
QUEUE_DEPTH = 8


@dataclass
class BulkItemResult:
    name: str
    status: str  # ingested | duplicate | refused
    chunks: int = 0
    reason: str | None = None
    document_id: str | None = None


@dataclass
class BulkReport:
    results: list[BulkItemResult] = field(default_factory=list)
    wall_seconds: float = 0.0
    model_seconds: float = 0.0
    prepare_seconds: float = 0.0
    write_seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def chunks(self) -> int:
        return sum(r.chunks for r in self.results)


@dataclass
class _Pending:
    upload: Upload
    names: UploadNames
    prepared: PreparedDocument
    parent: _Pending | None = None  # an email attachment's message (written before it)
    kept: frozenset[str] | None = None  # a message's attachment sources: its earlier version's others go
    document_id: str | None = None  # set once written


SessionFactory = Callable[[str], AbstractAsyncContextManager[AsyncSession]]


class BulkIngestor:
    def __init__(
        self,
        sessions: SessionFactory,
        settings: Settings,
        provider: EmbeddingProvider,
        organization_id: str,
        on_result: Callable[[BulkItemResult], None] = lambda result: None,
    ) -> None:
        self.sessions = sessions
        self.settings = settings
        self.provider = provider
        self.organization_id = organization_id
        self.on_result = on_result
        self.report = BulkReport()

    async def ingest(self, uploads: Iterable[Upload]) -> BulkReport:
        """Ingest every upload; refusals are recorded, not raised."""
        started = time.perf_counter()
        prepared: asyncio.Queue[_Pending | None] = asyncio.Queue(QUEUE_DEPTH)
        embedded: asyncio.Queue[tuple[list[_Pending], np.ndarray] | None] = asyncio.Queue(2)
        async with anyio.create_task_group() as group:
            group.start_soon(self._prepare_all, uploads, prepared)
            group.start_soon(self._embed_all, prepared, embedded)
            group.start_soon(self._write_all, embedded)
        self.report.wall_seconds = time.perf_counter() - started
        return self.report

    def _record(self, result: BulkItemResult) -> None:
        self.report.results.append(result)
        self.on_result(result)

    async def _prepare_all(self, uploads: Iterable[Upload], out: asyncio.Queue[_Pending | None]) -> None:
        try:
            for upload in uploads:
                names = resolve_names(upload)
                async with self.sessions(self.organization_id) as session:
                    service = KnowledgeService(session, self.settings, lambda: self.provider)
                    duplicate = await service.find_duplicate(
                        self.organization_id, names.source, content_hash(upload.data)
                    )
                if duplicate is not None:
                    self._record(
                        BulkItemResult(
                            names.source,
                            "duplicate",
                            duplicate.response.chunk_count,
                            None,
                            duplicate.response.document_id,
                        )
                    )
                    continue
                began = time.perf_counter()
                try:
                    # No request to keep short here: scanned pages are read by OCR inline.
                    limits = parse_limits(self.settings, "run")
                    document = await anyio.to_thread.run_sync(
                        prepare_document, upload.data, names.filename, self.settings, names.title, limits
                    )
                    attachments = await anyio.to_thread.run_sync(
                        prepare_attachments, names.source, document, self.settings
                    )
                except OrionError as exc:
                    self._record(BulkItemResult(names.source, "refused", reason=exc.message))
                    continue
                finally:
                    self.report.prepare_seconds += time.perf_counter() - began
                message = _Pending(upload, names, document, kept=frozenset(item.source for item in attachments))
                await out.put(message)
                for item in attachments:  # written after the message, linked to it
                    child = UploadNames(item.file_name, item.source, item.prepared.title, title_given=False)
                    upload_of = Upload(data=item.data, filename=item.file_name, title=None, source=item.source)
                    await out.put(_Pending(upload_of, child, item.prepared, parent=message))
        finally:
            await out.put(None)

    async def _embed_all(
        self, inbound: asyncio.Queue[_Pending | None], out: asyncio.Queue[tuple[list[_Pending], np.ndarray] | None]
    ) -> None:
        batch: list[_Pending] = []
        try:
            while True:
                item = await inbound.get()
                if item is not None:
                    batch.append(item)
                size = sum(len(p.prepared.chunks) for p in batch)
                if batch and (item is None or size >= EMBED_BATCH_CHUNKS):
                    await out.put((batch, await self._embed(batch)))
                    batch = []
                if item is None:
                    return
        finally:
            await out.put(None)

    async def _embed(self, batch: list[_Pending]) -> np.ndarray:
        texts = [text for pending in batch for text in pending.prepared.index_texts]
        if not texts:
            return np.zeros((0, self.provider.dimension), dtype=np.float32)
        began = time.perf_counter()
        vectors = await anyio.to_thread.run_sync(embed_chunks, self.provider, texts)  # records the throughput
        self.report.model_seconds += time.perf_counter() - began
        return vectors

    async def _write_all(self, inbound: asyncio.Queue[tuple[list[_Pending], np.ndarray] | None]) -> None:
        while (item := await inbound.get()) is not None:
            batch, vectors = item
            offset = 0
            for pending in batch:
                count = len(pending.prepared.chunks)
                await self._write(pending, vectors[offset : offset + count])
                offset += count

    async def _write(self, pending: _Pending, vectors: np.ndarray) -> None:
        if pending.parent is not None and pending.parent.document_id is None:
            self._record(BulkItemResult(pending.names.source, "refused", reason="its message was not stored"))
            return
        began = time.perf_counter()
        try:
            async with self.sessions(self.organization_id) as session:
                service = KnowledgeService(session, self.settings, lambda: self.provider)
                outcome = await service.store_indexed(
                    self.organization_id,
                    pending.names,
                    pending.prepared,
                    pending.upload,
                    vectors,
                    self.provider,
                    parent=pending.parent.document_id if pending.parent else None,
                )
                if pending.kept is not None and not outcome.response.duplicate:
                    await service.drop_old_attachments(
                        self.organization_id, None, outcome.response.document_id, pending.kept
                    )
        except OrionError as exc:
            self._record(BulkItemResult(pending.names.source, "refused", reason=exc.message))
            return
        finally:
            self.report.write_seconds += time.perf_counter() - began
        pending.document_id = outcome.response.document_id
        status = "duplicate" if outcome.response.duplicate else "ingested"
        self._record(
            BulkItemResult(
                pending.names.source, status, outcome.response.chunk_count, None, outcome.response.document_id
            )
        )
