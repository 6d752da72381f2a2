"""Every knowledge query. Each read starts from a statement already scoped to the caller's organization."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, func, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import undefer

from domains.knowledge.models import Document, DocumentBlob, DocumentChunk, DocumentVersion
from packages.core.clock import new_id, utcnow


@dataclass(frozen=True)
class StoredChunk:
    """A chunk as the database holds it now (what verification compares a run's citation with)."""

    chunk_id: str
    organization_id: str
    document_id: str
    document_version_id: str
    text: str
    content_hash: str
    char_start: int
    page_map: list[list[int]] | None = None  # the version's page map (ADR 0021); None for a source without pages
    media_type: str = ""

    @property
    def paged(self) -> bool:
        """PDF text, where whitespace between two letters may be an extraction split."""
        return bool(self.page_map) or self.media_type == "application/pdf"


@dataclass(frozen=True)
class CurrentVersionText:
    """A document's current (searchable) version with its normalized text: what a cited quote is re-checked in."""

    document_id: str
    version_id: str
    content_hash: str
    text: str
    media_type: str
    page_map: list[list[int]] | None


@dataclass(frozen=True)
class DocumentRow:
    document: Document
    status: str
    last_indexed_at: datetime | None


class DocumentRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    def visible(self, organization_id: str) -> Select[Document]:
        """Return the base statement for one organization's documents."""
        return select(Document).where(Document.organization_id == organization_id)

    def visible_versions(self, organization_id: str) -> Select[DocumentVersion]:
        return select(DocumentVersion).where(DocumentVersion.organization_id == organization_id)

    async def get(self, organization_id: str, document_id: str, *, for_update: bool = False) -> Document | None:
        """Return the document; `for_update` locks its row until the transaction ends (a delete: a second delete
        of the same document waits, then finds it gone)."""
        statement = self.visible(organization_id).where(Document.id == document_id)
        if for_update:
            statement = statement.with_for_update()
        return (await self.session.execute(statement)).scalar_one_or_none()

    async def existing_ids(self, organization_id: str, document_ids: list[str]) -> set[str]:
        statement = self.visible(organization_id).with_only_columns(Document.id).where(Document.id.in_(document_ids))
        return set((await self.session.execute(statement)).scalars())

    async def with_attachments(self, organization_id: str, document_ids: list[str]) -> list[str]:
        """Return the documents and, level by level, the attachments linked to them (a message's files, and the files
        of a message forwarded as one of them), visible ones only, in a stable order."""
        found, frontier = list(document_ids), list(document_ids)
        while frontier:
            frontier = [doc for doc in await self.attachment_ids(organization_id, *frontier) if doc not in found]
            found.extend(frontier)
        return found

    async def count_being_read(self, organization_id: str) -> int:
        """Return how many documents have a version still being read (OCR pages or indexing in the background)."""
        statement = select(func.count(func.distinct(DocumentVersion.document_id))).where(
            DocumentVersion.organization_id == organization_id, DocumentVersion.status == "processing"
        )
        return int((await self.session.execute(statement)).scalar_one())

    async def count(self, organization_id: str) -> int:
        statement = select(func.count()).select_from(self.visible(organization_id).subquery())
        return int((await self.session.execute(statement)).scalar_one())

    async def sources(self, organization_id: str) -> dict[str, str]:
        """Return every document's source (its stable identifier), by document id."""
        rows = await self.session.execute(self.visible(organization_id).with_only_columns(Document.id, Document.source))
        return {row[0]: row[1] for row in rows}

    async def find_version_by_hash(
        self, organization_id: str, source: str, digest: str
    ) -> tuple[Document, DocumentVersion] | None:
        statement = (
            select(Document, DocumentVersion)
            .join(DocumentVersion, DocumentVersion.document_id == Document.id)
            .where(
                Document.organization_id == organization_id,
                Document.source == source,
                DocumentVersion.content_hash == digest,
            )
        )
        row = (await self.session.execute(statement)).first()
        return (row[0], row[1]) if row else None

    async def lock_uploads(self, organization_id: str) -> None:
        """Serialize the daily-cap check and the insert of new versions within one organization (this transaction)."""
        await self.session.execute(
            text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": f"uploads:{organization_id}"}
        )

    async def uploads_since(self, organization_id: str, since: datetime) -> tuple[int, datetime | None]:
        """Return how many versions the organization created since `since`, and the oldest of them."""
        statement = self.visible_versions(organization_id).with_only_columns(
            func.count(), func.min(DocumentVersion.created_at)
        )
        count, oldest = (await self.session.execute(statement.where(DocumentVersion.created_at >= since))).one()
        return int(count), oldest

    async def upsert_document(
        self,
        organization_id: str,
        *,
        source: str,
        title: str,
        document_type: str,
        title_given: bool,
        parent_document_id: str | None = None,
    ) -> str:
        """Return the id of the organization's document for `source`, creating it if needed; an email
        attachment's document is linked to its message (`parent_document_id`, same organization by key)."""
        statement = pg_insert(Document).values(
            id=new_id(),
            organization_id=organization_id,
            source=source,
            title=title,
            document_type=document_type,
            parent_document_id=parent_document_id,
            created_at=utcnow(),
        )
        updates = {"document_type": statement.excluded.document_type}
        if title_given:
            updates["title"] = statement.excluded.title
        if parent_document_id is not None:
            updates["parent_document_id"] = statement.excluded.parent_document_id
        statement = statement.on_conflict_do_update(index_elements=["organization_id", "source"], set_=updates)
        return str((await self.session.execute(statement.returning(Document.id))).scalar_one())

    async def next_version_number(self, organization_id: str, document_id: str) -> int:
        """Lock the document row (versions of one document are numbered one at a time) and return the next number."""
        await self.session.execute(self.visible(organization_id).where(Document.id == document_id).with_for_update())
        statement = self.visible_versions(organization_id).with_only_columns(
            func.coalesce(func.max(DocumentVersion.version_number), 0)
        )
        current = (await self.session.execute(statement.where(DocumentVersion.document_id == document_id))).scalar_one()
        return int(current) + 1

    async def add_version(self, version: DocumentVersion, content: bytes) -> None:
        self.session.add(version)
        await self.session.flush()
        self.session.add(
            DocumentBlob(document_version_id=version.id, organization_id=version.organization_id, content=content)
        )
        await self.session.flush()

    async def delete_version(self, organization_id: str, version_id: str) -> None:
        await self.session.execute(
            text("DELETE FROM document_versions WHERE organization_id = :org AND id = :id"),
            {"org": organization_id, "id": version_id},
        )

    async def list_documents(self, organization_id: str, *, limit: int, offset: int) -> tuple[list[DocumentRow], int]:
        total = (
            await self.session.execute(select(func.count()).select_from(self.visible(organization_id).subquery()))
        ).scalar_one()
        statement = self._with_status(self.visible(organization_id)).order_by(
            Document.created_at.desc(), Document.id.desc()
        )
        rows = (await self.session.execute(statement.limit(limit).offset(offset))).all()
        return [DocumentRow(doc, status, indexed) for doc, status, indexed in rows], int(total)

    async def get_with_status(self, organization_id: str, document_id: str) -> DocumentRow | None:
        statement = self._with_status(self.visible(organization_id).where(Document.id == document_id))
        row = (await self.session.execute(statement)).first()
        return DocumentRow(row[0], row[1], row[2]) if row else None

    async def attachments(self, organization_id: str, document_id: str) -> list[DocumentRow]:
        """Return the documents read from a message's attachments, oldest first."""
        statement = self._with_status(
            self.visible(organization_id).where(Document.parent_document_id == document_id)
        ).order_by(Document.created_at, Document.source)
        return [DocumentRow(doc, status, indexed) for doc, status, indexed in (await self.session.execute(statement))]

    async def attachment_ids(self, organization_id: str, *parent_ids: str) -> list[str]:
        """Return the documents attached to any of `parent_ids` (one level), in a stable order."""
        statement = (
            self.visible(organization_id)
            .with_only_columns(Document.id)
            .where(Document.parent_document_id.in_(parent_ids))
            .order_by(Document.id)
        )
        return list((await self.session.execute(statement)).scalars())

    def _with_status(self, statement: Select[Document]) -> Select[Document, str, datetime | None]:
        latest = (
            select(DocumentVersion.status)
            .where(DocumentVersion.document_id == Document.id)
            .order_by(DocumentVersion.version_number.desc())
            .limit(1)
            .scalar_subquery()
        )
        indexed = (
            select(func.max(DocumentVersion.indexed_at))
            .where(DocumentVersion.document_id == Document.id)
            .scalar_subquery()
        )
        return statement.add_columns(latest, indexed)

    async def versions(self, organization_id: str, document_id: str) -> list[DocumentVersion]:
        statement = (
            self.visible_versions(organization_id)
            .where(DocumentVersion.document_id == document_id)
            .order_by(DocumentVersion.version_number.desc())
        )
        return list((await self.session.execute(statement)).scalars())

    async def version(
        self, organization_id: str, document_id: str, version_id: str, *, with_text: bool = False
    ) -> DocumentVersion | None:
        statement = self.visible_versions(organization_id).where(
            DocumentVersion.document_id == document_id, DocumentVersion.id == version_id
        )
        if with_text:
            statement = statement.options(undefer(DocumentVersion.normalized_text))
        return (await self.session.execute(statement)).scalar_one_or_none()

    async def blob(self, organization_id: str, version_id: str) -> bytes | None:
        statement = select(DocumentBlob.content).where(
            DocumentBlob.organization_id == organization_id, DocumentBlob.document_version_id == version_id
        )
        return (await self.session.execute(statement)).scalar_one_or_none()

    async def chunks(
        self, organization_id: str, version_id: str, *, limit: int, offset: int
    ) -> tuple[list[DocumentChunk], int]:
        base = select(DocumentChunk).where(
            DocumentChunk.organization_id == organization_id, DocumentChunk.document_version_id == version_id
        )
        total = (await self.session.execute(select(func.count()).select_from(base.subquery()))).scalar_one()
        rows = await self.session.execute(base.order_by(DocumentChunk.chunk_index).limit(limit).offset(offset))
        return list(rows.scalars()), int(total)

    async def searchable_version_ids(self, organization_id: str, document_id: str) -> list[str]:
        rows = await self.session.execute(
            select(DocumentChunk.document_version_id)
            .where(
                DocumentChunk.organization_id == organization_id,
                DocumentChunk.document_id == document_id,
                DocumentChunk.searchable.is_(True),
            )
            .distinct()
        )
        return list(rows.scalars())

    async def delete_document(self, organization_id: str, document_id: str) -> None:
        await self.session.execute(
            text("DELETE FROM documents WHERE organization_id = :org AND id = :id"),
            {"org": organization_id, "id": document_id},
        )

    async def chunks_by_id(self, organization_id: str, chunk_ids: list[str]) -> dict[str, StoredChunk]:
        """Return the organization's chunks by id whose version and document still exist (one query)."""
        if not chunk_ids:
            return {}
        rows = await self.session.execute(
            select(
                DocumentChunk.id,
                DocumentChunk.organization_id,
                DocumentChunk.document_id,
                DocumentChunk.document_version_id,
                DocumentChunk.text,
                DocumentChunk.content_hash,
                DocumentChunk.char_start,
                DocumentVersion.page_map,
                DocumentVersion.media_type,
            )
            .join(
                DocumentVersion,
                (DocumentVersion.id == DocumentChunk.document_version_id)
                & (DocumentVersion.organization_id == DocumentChunk.organization_id),
            )
            .join(
                Document,
                (Document.id == DocumentChunk.document_id)
                & (Document.organization_id == DocumentChunk.organization_id),
            )
            .where(DocumentChunk.organization_id == organization_id, DocumentChunk.id.in_(set(chunk_ids)))
        )
        return {row[0]: StoredChunk(*row) for row in rows}

    async def version_hashes(self, organization_id: str, version_ids: list[str]) -> dict[str, str]:
        """Return the content hash of each of the organization's versions that still exists."""
        if not version_ids:
            return {}
        rows = await self.session.execute(
            select(DocumentVersion.id, DocumentVersion.content_hash).where(
                DocumentVersion.organization_id == organization_id, DocumentVersion.id.in_(set(version_ids))
            )
        )
        return {row[0]: row[1] for row in rows}

    async def current_version_texts(
        self, organization_id: str, document_ids: list[str]
    ) -> dict[str, CurrentVersionText]:
        """Return the current version (with text) of each of the organization's documents that still exists."""
        if not document_ids:
            return {}
        rows = await self.session.execute(
            select(
                Document.id,
                DocumentVersion.id,
                DocumentVersion.content_hash,
                DocumentVersion.normalized_text,
                DocumentVersion.media_type,
                DocumentVersion.page_map,
            )
            .join(
                DocumentVersion,
                (DocumentVersion.id == Document.current_version_id)
                & (DocumentVersion.organization_id == Document.organization_id),
            )
            .where(Document.organization_id == organization_id, Document.id.in_(set(document_ids)))
        )
        return {row[0]: CurrentVersionText(row[0], row[1], row[2], row[3] or "", row[4], row[5]) for row in rows}
