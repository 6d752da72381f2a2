"""Knowledge use cases: upload (sync or queued), list, detail, chunks, text, file, delete."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal, Protocol

import anyio
import numpy as np
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domains.analytics.service import AnalyticsService
from domains.identity.audit import record_audit
from domains.knowledge.attachments import prepare_attachments, unread_attachments
from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.errors import (
    DailyUploadCapReached,
    DocumentNotFound,
    EmbeddingBudgetExceeded,
    VersionNotFound,
)
from domains.knowledge.ingestion.indexing import write_chunks
from domains.knowledge.ingestion.pipeline import (
    THROUGHPUT,
    PreparedDocument,
    content_hash,
    embed_before,
    prepare_document,
    version_metadata,
)
from domains.knowledge.models import (
    MAX_FILE_NAME_CHARS,
    MAX_SOURCE_CHARS,
    MAX_TITLE_CHARS,
    Document,
    DocumentVersion,
)
from domains.knowledge.public import attachment_public, chunk_public, document_public, ingest_response
from domains.knowledge.repository import DocumentRepository
from domains.knowledge.safety import DETECTOR_VERSION
from domains.knowledge.schemas import (
    ChunkPublic,
    DocumentDetail,
    DocumentPublic,
    IngestResponse,
    VersionPublic,
)
from domains.knowledge.search import lexical
from packages.config.settings import Settings
from packages.core.clock import new_id, utcnow
from packages.core.errors import InvalidInput
from packages.database.engine import on_commit, release_connection

DAY = timedelta(hours=24)

# Of the request's ingestion budget, the share kept for writing an embedded document's rows (chunks, vectors, BM25)
# after inline embedding stops.
WRITE_SHARE_OF_BUDGET = 0.25


@dataclass(frozen=True)
class Upload:
    data: bytes
    filename: str | None
    title: str | None
    source: str | None


@dataclass(frozen=True)
class UploadNames:
    filename: str | None
    source: str
    title: str
    title_given: bool


def resolve_names(upload: Upload) -> UploadNames:
    """Return the upload's file name, source (stable identity) and title, applying the contract's defaults."""
    filename = _clean(upload.filename, MAX_FILE_NAME_CHARS, "file name", "filename")
    source = (
        _clean(upload.source, MAX_SOURCE_CHARS, "source", "source")
        or filename
        or f"upload-{content_hash(upload.data)[:16]}"
    )
    title = _clean(upload.title, MAX_TITLE_CHARS, "title", "title")
    return UploadNames(filename, source, title or (filename or source)[:MAX_TITLE_CHARS], title is not None)


def too_long(label: str, length: int, limit: int, *, field: str) -> InvalidInput:
    """Return the 422 for an upload name or form field past its column's length, saying both numbers."""
    problem = f"the {label} is {length:,} characters long; the limit is {limit:,} characters"
    errors = [{"loc": ["body", field], "msg": problem, "type": "string_too_long"}]
    return InvalidInput(
        f"The {label} is too long: {length:,} characters, and the limit is {limit:,}.",
        details={"field": field, "errors": errors, "max_chars": limit},
    )


UploadKind = Literal["duplicate", "indexed", "queued"]


@dataclass(frozen=True)
class UploadOutcome:
    """What an upload became: the existing version (duplicate), a searchable new one, or a queued one."""

    response: IngestResponse
    kind: UploadKind


class CitationPurger(Protocol):
    """Removes a deleted document's text from the organization's run history (implemented by execution)."""

    async def purge_document(self, organization_id: str, document_id: str) -> int: ...


def _clean(value: str | None, limit: int, label: str, field: str) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    if len(value) > limit:
        raise too_long(label, len(value), limit, field=field)
    return value


class KnowledgeService:
    def __init__(
        self,
        session: AsyncSession,
        settings: Settings,
        embedder: Callable[[], EmbeddingProvider],
        notify_worker: Callable[[], None] = lambda: None,
        purger: CitationPurger | None = None,
    ) -> None:
        self.session = session
        self.settings = settings
        self.embedder = embedder
        self.notify_worker = notify_worker
        self.purger = purger
        self.repo = DocumentRepository(session)

    # --- upload --------------------------------------------------------------------------------------------------

    async def upload(self, organization_id: str, actor_id: str, upload: Upload) -> UploadOutcome:
        """Ingest an upload: a duplicate, an indexed new version (201) or a queued one (202)."""
        started = time.perf_counter()
        names = resolve_names(upload)
        duplicate = await self.find_duplicate(organization_id, names.source, content_hash(upload.data))
        if duplicate is not None:
            return duplicate
        await self._check_daily_cap(organization_id)
        await release_connection(self.session)  # hold no connection while parsing and embedding

        prepared = await anyio.to_thread.run_sync(
            prepare_document, upload.data, names.filename, self.settings, names.title
        )
        attachments = await anyio.to_thread.run_sync(prepare_attachments, names.source, prepared, self.settings)
        writes = [_Write(names, upload, prepared)] + [
            _Write(
                UploadNames(item.file_name, item.source, item.prepared.title, title_given=False),
                Upload(data=item.data, filename=item.file_name, title=None, source=item.source),
                item.prepared,
            )
            for item in attachments
        ]
        provider = self.embedder()
        vectors: list[np.ndarray | None] = []
        for write in writes:  # everything is parsed and embedded before the first row is written
            if write.prepared.awaits_ocr:
                vectors.append(None)  # OCR runs in the worker only
                continue
            self._check_embedding_budget(provider, write.prepared)
            estimate = THROUGHPUT.estimate_seconds(provider, write.prepared.distinct_index_texts)
            budget = self.settings.ingest_request_budget_seconds
            budget_left = budget - (time.perf_counter() - started)
            if estimate > budget_left:
                vectors.append(None)  # the worker embeds it
                continue
            # The estimate may be wrong (a chunk's cost depends on its words): embedding stops at the deadline, and
            # what it did not finish goes to the worker; a share of the budget is kept for writing the rows.
            deadline = started + budget * (1 - WRITE_SHARE_OF_BUDGET)
            texts = write.prepared.index_texts
            vectors.append(await anyio.to_thread.run_sync(embed_before, provider, texts, deadline))
        outcome = await self._write(organization_id, writes[0], vectors[0], provider)
        if outcome.kind != "duplicate":
            for write, vector in zip(writes[1:], vectors[1:], strict=True):
                await self._write(organization_id, write, vector, provider, parent=outcome.response.document_id)
            kept = {item.source for item in attachments}
            await self.drop_old_attachments(organization_id, actor_id, outcome.response.document_id, kept)
        return outcome

    async def drop_old_attachments(
        self, organization_id: str, actor_id: str | None, message_id: str, kept: Collection[str]
    ) -> None:
        """Delete the attachment documents of a message's earlier version that its new version no longer carries:
        the new message is what the organization now holds (an outside check found a dropped attachment still
        searchable and quoted)."""
        await self._delete_attachments(organization_id, actor_id, message_id, purge=False, kept=kept)

    async def _delete_attachments(
        self,
        organization_id: str,
        actor_id: str | None,
        message_id: str,
        *,
        purge: bool,
        kept: Collection[str] = (),
    ) -> None:
        """Delete a message's attachment documents, but those whose source is `kept`."""
        for attachment_id in await self.repo.attachment_ids(organization_id, message_id):
            attachment = await self.repo.get(organization_id, attachment_id)
            if attachment is not None and attachment.source not in kept:
                await self._delete_one(organization_id, actor_id, attachment, purge=purge)

    async def _write(
        self,
        organization_id: str,
        write: _Write,
        vectors: np.ndarray | None,
        provider: EmbeddingProvider,
        parent: str | None = None,
    ) -> UploadOutcome:
        if vectors is None:
            return await self._queue(organization_id, write.names, write.prepared, write.upload, parent)
        return await self.store_indexed(
            organization_id, write.names, write.prepared, write.upload, vectors, provider, parent=parent
        )

    async def find_duplicate(self, organization_id: str, source: str, digest: str) -> UploadOutcome | None:
        """Return the existing version's outcome (200, duplicate) for identical bytes of the same source."""
        existing = await self.repo.find_version_by_hash(organization_id, source, digest)
        if existing is not None and existing[1].status != "failed":
            return UploadOutcome(ingest_response(existing[1], duplicate=True), "duplicate")
        return None

    async def store_indexed(
        self,
        organization_id: str,
        names: UploadNames,
        prepared: PreparedDocument,
        upload: Upload,
        vectors: np.ndarray,
        provider: EmbeddingProvider,
        *,
        parent: str | None = None,
    ) -> UploadOutcome:
        """Write an embedded document as a new, searchable version (inside the caller's transaction); `parent`
        links an email attachment's document to its message."""
        try:
            version = await self._new_version(organization_id, names, prepared, upload, status="indexed", parent=parent)
        except _Duplicate as duplicate:
            return UploadOutcome(ingest_response(duplicate.version, duplicate=True), "duplicate")
        await write_chunks(
            self.session,
            self.settings,
            organization_id=organization_id,
            document_id=version.document_id,
            version_id=version.id,
            prepared=prepared,
            vectors=vectors,
            provider=provider,
        )
        return UploadOutcome(ingest_response(version, duplicate=False), "indexed")

    async def _queue(
        self,
        organization_id: str,
        names: UploadNames,
        prepared: PreparedDocument,
        upload: Upload,
        parent: str | None = None,
    ) -> UploadOutcome:
        try:
            version = await self._new_version(
                organization_id, names, prepared, upload, status="processing", parent=parent
            )
        except _Duplicate as duplicate:
            return UploadOutcome(ingest_response(duplicate.version, duplicate=True), "duplicate")
        on_commit(self.session, self.notify_worker)
        return UploadOutcome(ingest_response(version, duplicate=False), "queued")

    async def _new_version(
        self,
        organization_id: str,
        names: UploadNames,
        prepared: PreparedDocument,
        upload: Upload,
        *,
        status: str,
        parent: str | None = None,
    ) -> DocumentVersion:
        parsed = prepared.parsed
        source = names.source
        if self.settings.max_documents_per_day_per_tenant is not None:
            # Check-then-insert under the organization's upload lock, so parallel uploads cannot overrun the cap.
            await self.repo.lock_uploads(organization_id)
            await self._check_daily_cap(organization_id)
        try:
            async with self.session.begin_nested():
                previous = await self.repo.find_version_by_hash(organization_id, source, prepared.content_hash)
                if previous is not None and previous[1].status == "failed":
                    await self.repo.delete_version(organization_id, previous[1].id)  # a failed attempt may be retried
                elif previous is not None:
                    raise _Duplicate(previous[1])
                document_id = await self.repo.upsert_document(
                    organization_id,
                    source=source,
                    title=names.title,
                    document_type=parsed.document_type,
                    title_given=names.title_given,
                    parent_document_id=parent,
                )
                version = DocumentVersion(
                    id=new_id(),
                    organization_id=organization_id,
                    document_id=document_id,
                    version_number=await self.repo.next_version_number(organization_id, document_id),
                    content_hash=prepared.content_hash,
                    status=status,
                    progress=1.0 if status == "indexed" else 0.0,
                    chunk_count=len(prepared.chunks),
                    page_count=parsed.page_count,
                    byte_size=prepared.byte_size,
                    media_type=parsed.media_type,
                    file_name=names.filename,
                    normalized_text=parsed.text,
                    source_metadata=version_metadata(parsed),
                    page_map=parsed.page_map,
                    created_at=utcnow(),
                    indexed_at=utcnow() if status == "indexed" else None,
                )
                await self.repo.add_version(version, upload.data)
        except IntegrityError:
            # The same bytes for the same source landed concurrently: answer as the duplicate it is.
            existing = await self.repo.find_version_by_hash(organization_id, source, prepared.content_hash)
            if existing is None:
                raise
            raise _Duplicate(existing[1]) from None
        return version

    async def _check_daily_cap(self, organization_id: str) -> None:
        cap = self.settings.max_documents_per_day_per_tenant
        if cap is None:
            return
        now = utcnow()
        count, oldest = await self.repo.uploads_since(organization_id, now - DAY)
        if count >= cap:
            wait = ((oldest or now) + DAY - now).total_seconds()
            raise DailyUploadCapReached(
                f"The organization uploaded {count} documents in the last 24 hours (limit {cap}).",
                retry_after=int(wait) + 1,
                details={"limit": cap, "uploaded": count},
            )

    def _check_embedding_budget(self, provider: EmbeddingProvider, prepared: PreparedDocument) -> None:
        per_minute = provider.tokens_per_minute
        if per_minute is None:
            return
        seconds = self.settings.max_ingestion_embedding_seconds
        budget = int(per_minute * seconds / 60)
        needed = provider.estimate_tokens(prepared.index_texts)
        if needed > budget:
            raise EmbeddingBudgetExceeded(
                f"The document needs about {needed:,} embedding tokens, but {provider.provider_name} allows "
                f"{per_minute:,} tokens per minute, {budget:,} within the {seconds:g} s ingestion budget.",
                details={"estimated_tokens": needed, "budget_tokens": budget, "tokens_per_minute": per_minute},
            )

    # --- reads ---------------------------------------------------------------------------------------------------

    async def list_documents(
        self, organization_id: str, *, limit: int, offset: int
    ) -> tuple[list[DocumentPublic], int]:
        """List a page of the organization's documents, newest first, with their usage counts."""
        rows, total = await self.repo.list_documents(organization_id, limit=limit, offset=offset)
        usage = await AnalyticsService(self.session).document_usage(organization_id, [r.document.id for r in rows])
        return [document_public(row, usage.get(row.document.id)) for row in rows], total

    async def detail(self, organization_id: str, document_id: str) -> DocumentDetail:
        """Return a document with its versions and usage counts."""
        row = await self.repo.get_with_status(organization_id, document_id)
        if row is None:
            raise DocumentNotFound()
        versions = await self.repo.versions(organization_id, document_id)
        usage = await AnalyticsService(self.session).document_usage(organization_id, [document_id])
        attachments = await self.repo.attachments(organization_id, document_id)
        return DocumentDetail(
            **document_public(row, usage.get(document_id)).model_dump(),
            versions=[
                VersionPublic.model_validate(v, from_attributes=True).model_copy(
                    # a version another detector labelled waits with all its chunks (re-labelling is per version)
                    update={"labels_pending": v.chunk_count if v.safety_version != DETECTOR_VERSION else 0}
                )
                for v in versions
            ],
            parent_document_id=row.document.parent_document_id,
            attachments=[attachment_public(child) for child in attachments],
            unread_attachments=unread_attachments(versions[0].source_metadata if versions else None),
        )

    async def chunks(
        self, organization_id: str, document_id: str, version_id: str | None, *, limit: int, offset: int
    ) -> tuple[list[ChunkPublic], int]:
        document = await self.repo.get(organization_id, document_id)
        if document is None:
            raise DocumentNotFound()
        if version_id is None:
            versions = await self.repo.versions(organization_id, document_id)
            chosen = document.current_version_id or (versions[0].id if versions else None)
            if chosen is None:
                return [], 0
            version_id = chosen
        elif await self.repo.version(organization_id, document_id, version_id) is None:
            raise VersionNotFound()
        rows, total = await self.repo.chunks(organization_id, version_id, limit=limit, offset=offset)
        return [chunk_public(c) for c in rows], total

    async def version_text(self, organization_id: str, document_id: str, version_id: str) -> str:
        version = await self.repo.version(organization_id, document_id, version_id, with_text=True)
        if version is None:
            raise VersionNotFound()
        return version.normalized_text or ""

    async def version_file(self, organization_id: str, document_id: str, version_id: str) -> tuple[bytes, str, str]:
        version = await self.repo.version(organization_id, document_id, version_id)
        content = await self.repo.blob(organization_id, version_id) if version else None
        if version is None or content is None:
            raise VersionNotFound()
        document = await self.repo.get(organization_id, document_id)
        name = version.file_name or (document.source if document else "document")
        return content, version.media_type, name

    # --- delete --------------------------------------------------------------------------------------------------

    async def delete(self, organization_id: str, actor_id: str, document_id: str, *, purge: bool) -> str:
        """Delete a document with its versions, chunks and embeddings (and, with `purge`, its text in every run);
        a message's attachment documents go with it. Return its title. Parallel deletes of one document: one
        succeeds, the others wait on its row lock and answer 404."""
        document = await self.repo.get(organization_id, document_id, for_update=True)
        if document is None and purge:
            return await self._purge_deleted(organization_id, actor_id, document_id)
        if document is None:
            raise DocumentNotFound()
        await self._delete_attachments(organization_id, actor_id, document_id, purge=purge)
        await self._delete_one(organization_id, actor_id, document, purge=purge)
        return document.title

    async def _purge_deleted(self, organization_id: str, actor_id: str, document_id: str) -> str:
        """Purge the run history of a document deleted earlier without purge; 404 when no run of the organization
        cites it (an id it never had, or another organization's, answers as any unknown id)."""
        if self.purger is None:
            raise RuntimeError("purge needs a CitationPurger")
        if not await self.purger.purge_document(organization_id, document_id):
            raise DocumentNotFound()
        await record_audit(
            self.session,
            organization_id=organization_id,
            actor_id=actor_id,
            action="document_purged",
            target=document_id,
            details={"deleted_before": True},
        )
        return ""

    async def _delete_one(self, organization_id: str, actor_id: str | None, document: Document, *, purge: bool) -> None:
        searchable = await self.repo.searchable_version_ids(organization_id, document.id)
        await lexical.record_chunks(self.session, self.settings, organization_id, searchable, sign=-1)
        await self.repo.delete_document(organization_id, document.id)
        details = {"title": document.title, "source": document.source}
        if document.parent_document_id is not None:
            details["parent_document_id"] = document.parent_document_id
        await record_audit(
            self.session,
            organization_id=organization_id,
            actor_id=actor_id,
            action="document_purged" if purge else "document_deleted",
            target=document.id,
            details=details,
        )
        if purge:
            if self.purger is None:
                raise RuntimeError("purge needs a CitationPurger")
            await self.purger.purge_document(organization_id, document.id)


@dataclass(frozen=True)
class _Write:
    """One document an upload writes: the upload itself, or one of its email attachments."""

    names: UploadNames
    upload: Upload
    prepared: PreparedDocument


class _Duplicate(Exception):
    def __init__(self, version: DocumentVersion) -> None:
        self.version = version
