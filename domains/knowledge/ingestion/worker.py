"""The background worker: finishes queued (202) uploads and keeps the lexical statistics compact and honest.

Its queue is the `document_versions` table itself (repository.py): a version in status `processing` is a job. A
worker claims one with a short lease that it renews as it makes progress, so several processes can share the queue
and a restart resumes whatever a dead process was doing once its lease lapses (at once, for a process that proved
it is alone). Each embedded batch is kept as a checkpoint as soon as it is computed, so a resumed job embeds only
the batches it had not finished; chunking is deterministic and each batch carries the digest of its texts, so a
checkpoint is reused only for exactly the texts it embedded with the same model. A job the database interrupted
(restart, lost connection) is not failed: the worker gives its lease back as soon as the database answers again
and resumes it from its checkpoints.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Callable
from datetime import timedelta

import anyio
import numpy as np
from sqlalchemy.exc import IntegrityError

from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.ingestion.indexing import write_chunks
from domains.knowledge.ingestion.pipeline import (
    EMBED_PROGRESS_BATCH,
    PreparedDocument,
    embed_chunks,
    parse_limits,
    prepare_document,
    version_metadata,
)
from domains.knowledge.ingestion.relabel import relabel_some
from domains.knowledge.ingestion.repository import Checkpoint, IngestionRepository, Job
from domains.knowledge.search import lexical, vector_index
from domains.knowledge.search.usage import UsageRecorder
from packages.config.settings import Settings
from packages.core.clock import utcnow
from packages.core.errors import OrionError
from packages.database.availability import database_unavailable
from packages.database.engine import Database

logger = logging.getLogger(__name__)

LEASE = timedelta(seconds=90)
MAX_ATTEMPTS = 3
MAINTENANCE_SECONDS = 10.0
COMPACT_MIN_DELTAS = 200
COMPACT_ALL_SECONDS = 60.0
CHECKPOINT_BATCH = EMBED_PROGRESS_BATCH


def batch_fingerprint(texts: list[str]) -> str:
    """Return the digest of a batch's texts (a checkpoint is reused only for exactly these texts)."""
    digest = hashlib.sha256()
    for item in texts:
        digest.update(hashlib.sha256(item.encode("utf-8", "surrogatepass")).digest())
    return digest.hexdigest()


OCR_PROGRESS_SHARE = 0.8
RELABEL_SECONDS = 2.0  # re-labelling time per maintenance pass, so uploads are never kept waiting for long


class _VersionDeleted(Exception):
    """The version being indexed was deleted meanwhile: nothing to finish, nothing to mark failed."""


class IngestionWorker:
    def __init__(
        self,
        db: Database,
        settings: Settings,
        embedder: Callable[[], EmbeddingProvider],
        usage: UsageRecorder,
        on_corpus_change: Callable[[str], None] = lambda org: None,
    ) -> None:
        self.db = db
        self.settings = settings
        self.embedder = embedder
        self.usage = usage
        self.on_corpus_change = on_corpus_change
        self._wake = asyncio.Event()
        self._last_full_compaction = 0.0
        self._index_builds: asyncio.Task[None] | None = None
        self.reclaim_on_start = False
        # New chunks are written with the current detector version, so once a pass finds nothing to re-label,
        # nothing will appear until the next process start (a new detector ships with a new release).
        self._labels_current = False
        self._interrupted: set[str] = set()  # versions whose job a database outage cut off; leases to give back

    def notify(self) -> None:
        """Wake the worker now (a job was queued) instead of at the next poll."""
        self._wake.set()

    async def run(self) -> None:
        """Process jobs and maintenance until cancelled (first reclaiming every lease, when this process is alone)."""
        try:
            if self.reclaim_on_start:
                await self.release_leases()
            await self._run()
        finally:
            if self._index_builds is not None and not self._index_builds.done():
                self._index_builds.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._index_builds

    async def _run(self) -> None:
        next_maintenance = 0.0
        while True:
            try:
                await self.release_interrupted()
                while await self.process_one():
                    pass
                if time.monotonic() >= next_maintenance:
                    await self.maintain()
                    next_maintenance = time.monotonic() + MAINTENANCE_SECONDS
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if database_unavailable(exc):
                    logger.warning("ingestion worker: the database is unavailable (%s); retrying", type(exc).__name__)
                else:
                    logger.exception("ingestion worker iteration failed")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self.settings.worker_poll_seconds)

    # --- jobs ----------------------------------------------------------------------------------------------------

    async def release_leases(self) -> int:
        """Make every queued version claimable now (the processes that held their leases are gone)."""
        async with self.db.owner_session() as session:
            released = await IngestionRepository(session).release_leases()
        if released:
            logger.info("resuming %d interrupted ingestions", released)
        return released

    async def release_interrupted(self) -> int:
        """Give back the leases of jobs a database outage interrupted, so they are claimed again at once."""
        if not self._interrupted:
            return 0
        version_ids = sorted(self._interrupted)
        async with self.db.owner_session() as session:
            released = await IngestionRepository(session).release_interrupted(version_ids)
        self._interrupted.difference_update(version_ids)
        if released:
            logger.info("resuming %d ingestions a database outage interrupted", released)
        return released

    async def claim(self) -> Job | None:
        async with self.db.owner_session() as session:
            return await IngestionRepository(session).claim_job(utcnow(), utcnow() + LEASE)

    async def process_one(self) -> bool:
        """Claim and finish one queued version; return False when the queue is empty."""
        job = await self.claim()
        if job is None:
            return False
        if job.attempts > MAX_ATTEMPTS:
            await self._fail(job, f"gave up after {MAX_ATTEMPTS} attempts (the worker kept stopping mid-way)")
            return True
        try:
            try:
                await self._process(job)
            except _VersionDeleted:
                logger.info("version %s was deleted while it was being indexed; dropped", job.version_id)
            except OrionError as exc:
                await self._fail(job, exc.message)
            except Exception as exc:
                if database_unavailable(exc):
                    raise
                logger.exception("ingestion of version %s failed", job.version_id)
                # The reason is shown to the uploader: the exception's class is for the log above, not for them.
                await self._fail(job, "indexing failed because of an internal error; the server's log has the details")
        except Exception as exc:
            if database_unavailable(exc):  # not the document's fault: resume it once the database is back
                self._interrupted.add(job.version_id)
            raise
        return True

    async def _process(self, job: Job) -> None:
        async with self.db.owner_session() as session:
            content, title = await IngestionRepository(session).job_input(job.version_id)

        def ocr_progress(done: int, pages: int) -> None:  # OCR is the slow part of a scan: most of the bar
            anyio.from_thread.run(self._progress, job, OCR_PROGRESS_SHARE * done / pages)

        # A queued message's attachments are documents (and jobs) of their own: only its own text is needed here.
        limits = parse_limits(self.settings, "run", ocr_progress, parse_attachments=False)
        prepared = await anyio.to_thread.run_sync(
            prepare_document, content, job.file_name, self.settings, title, limits
        )
        read_by_ocr = any(source.text_source == "ocr" for source in prepared.parsed.page_sources)
        floor = OCR_PROGRESS_SHARE if read_by_ocr else 0.0
        provider = self.embedder()
        vectors = await self._embed_resumably(job, prepared, provider, floor)
        async with self.db.owner_session() as session:
            repo = IngestionRepository(session)
            if not await repo.lock_if_queued(job.version_id):
                return  # deleted (or finished elsewhere) while we worked
            if read_by_ocr:  # the request stored the text without the scanned pages; now they are read
                await repo.store_parsed(job.version_id, prepared.parsed, version_metadata(prepared.parsed))
            await write_chunks(
                session,
                self.settings,
                organization_id=job.organization_id,
                document_id=job.document_id,
                version_id=job.version_id,
                prepared=prepared,
                vectors=vectors,
                provider=provider,
            )
            await repo.mark_indexed(job.version_id, len(prepared.chunks))
            await repo.drop_checkpoints(job.version_id)
        self.on_corpus_change(job.organization_id)

    async def _embed_resumably(
        self, job: Job, prepared: PreparedDocument, provider: EmbeddingProvider, floor: float = 0.0
    ) -> np.ndarray:
        """Embed the version's chunks batch by batch, reusing kept batches and keeping each new one at once;
        progress runs from `floor` (what OCR already used of the bar) to 1."""
        texts = prepared.index_texts
        if not texts:
            return np.zeros((0, provider.dimension), dtype=np.float32)
        async with self.db.owner_session() as session:
            kept = await IngestionRepository(session).checkpoints(job.version_id, provider.model_key)
        parts = []
        for start in range(0, len(texts), CHECKPOINT_BATCH):
            batch = texts[start : start + CHECKPOINT_BATCH]
            fingerprint = batch_fingerprint(batch)
            saved = kept.get(start)
            if saved is not None and saved.fingerprint == fingerprint:
                vectors = np.frombuffer(saved.vectors, dtype=np.float32).reshape(len(batch), provider.dimension)
            else:
                vectors = np.asarray(await anyio.to_thread.run_sync(embed_chunks, provider, batch), dtype=np.float32)
                checkpoint = Checkpoint(fingerprint, np.ascontiguousarray(vectors).tobytes())
                try:
                    async with self.db.owner_session() as session:
                        repo = IngestionRepository(session)
                        await repo.keep_checkpoint(
                            job.organization_id, job.version_id, start, checkpoint, provider.model_key
                        )
                except IntegrityError:
                    # The checkpoint's version row is gone: the document was deleted while it was being embedded.
                    async with self.db.owner_session() as session:
                        if not await IngestionRepository(session).lock_if_queued(job.version_id):
                            raise _VersionDeleted() from None
                    raise
            parts.append(vectors)
            await self._progress(job, floor + (1 - floor) * min(start + len(batch), len(texts)) / len(texts))
        return np.vstack(parts)

    async def _progress(self, job: Job, fraction: float) -> None:
        async with self.db.owner_session() as session:
            await IngestionRepository(session).set_progress(job.version_id, fraction, utcnow() + LEASE)

    async def _fail(self, job: Job, reason: str) -> None:
        async with self.db.owner_session() as session:
            await IngestionRepository(session).mark_failed(job.version_id, reason)

    # --- maintenance ---------------------------------------------------------------------------------------------

    async def maintain(self, *, full: bool = False) -> None:
        """Flush usage counts, compact document-frequency deltas, rebuild stale BM25 vectors; a full pass (at most
        every COMPACT_ALL_SECONDS, or when asked) also folds small delta sets and starts organization-index builds."""
        async with self.db.owner_session() as session:
            await self.usage.flush(session)
        full = full or time.monotonic() - self._last_full_compaction >= COMPACT_ALL_SECONDS
        async with self.db.owner_session() as session:
            organizations = await lexical.organizations_with_deltas(session, 1 if full else COMPACT_MIN_DELTAS)
            # Changed ORION_BM25_K1/B take effect by rebuilding the vectors built with the old values.
            organizations += [
                organization_id
                for organization_id in await lexical.organizations_with_other_parameters(session, self.settings)
                if organization_id not in organizations
            ]
        if full:
            self._last_full_compaction = time.monotonic()
        for organization_id in organizations:
            await self.compact_and_check(organization_id)
        await self.relabel()
        if full and (self._index_builds is None or self._index_builds.done()):
            # Index builds take minutes for a large organization: they run beside the job loop, never in it.
            self._index_builds = asyncio.create_task(self._build_indexes_logged(), name="organization-indexes")

    async def relabel(self) -> int:
        """Re-label a few versions whose chunks another detector version labelled (ADR-0020); return how many."""
        if self._labels_current:
            return 0
        total, started = 0, time.monotonic()
        while time.monotonic() - started < RELABEL_SECONDS:
            async with self.db.owner_session() as session:
                done = await relabel_some(session)
            total += done
            if done == 0:
                self._labels_current = True
                break
        return total

    async def index_builds(self) -> None:
        """Wait for the organization-index builds that maintenance started, if any."""
        if self._index_builds is not None:
            await self._index_builds

    async def _build_indexes_logged(self) -> None:
        try:
            await self.build_organization_indexes()
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("building organization indexes failed (retried at the next full maintenance)")

    async def build_organization_indexes(self) -> None:
        """Give each organization searched through the index path (more than ORION_EXACT_SEARCH_MAX_ROWS chunks)
        its own partial HNSW indexes (ADR-0008)."""
        provider = self.embedder()
        async with self.db.owner_session() as session:
            organizations = await vector_index.organizations_needing_indexes(
                session, self.settings.exact_search_max_rows, provider.model_key
            )
        for organization_id in organizations:
            started = time.perf_counter()
            await vector_index.build_organization_indexes(
                self.db.owner_engine, organization_id, provider.model_key, provider.dimension
            )
            logger.info("built the HNSW indexes of %s in %.1fs", organization_id, time.perf_counter() - started)

    async def compact_and_check(self, organization_id: str) -> None:
        started = time.perf_counter()
        async with self.db.owner_session() as session:
            stats, rewritten = await lexical.refresh(session, self.settings, organization_id)
        if rewritten:
            logger.info(
                "rebuilt %d BM25 vectors of %s (avgdl %.1f -> %.1f) in %.1fs",
                rewritten,
                organization_id,
                stats.vector_avgdl or 0.0,
                stats.avgdl or 0.0,
                time.perf_counter() - started,
            )
