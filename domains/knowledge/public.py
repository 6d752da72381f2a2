"""How the knowledge service shows its rows: the public bodies of versions, documents, attachments and chunks."""

from __future__ import annotations

from domains.knowledge.models import DocumentChunk, DocumentVersion
from domains.knowledge.repository import DocumentRow
from domains.knowledge.safety import load_spans
from domains.knowledge.schemas import AttachmentPublic, ChunkPublic, DocumentPublic, DocumentUsage, IngestResponse


def ingest_response(version: DocumentVersion, *, duplicate: bool) -> IngestResponse:
    return IngestResponse(
        document_id=version.document_id,
        document_version_id=version.id,
        version_number=version.version_number,
        status=version.status,
        chunk_count=version.chunk_count,
        duplicate=duplicate,
    )


def document_public(row: DocumentRow, usage: DocumentUsage | None) -> DocumentPublic:
    document = row.document
    return DocumentPublic(
        id=document.id,
        source=document.source,
        title=document.title,
        document_type=document.document_type,
        created_at=document.created_at,
        last_indexed_at=row.last_indexed_at,
        status=row.status,
        usage=usage or DocumentUsage(),
    )


def chunk_public(chunk: DocumentChunk) -> ChunkPublic:
    return ChunkPublic(
        chunk_id=chunk.id,
        chunk_index=chunk.chunk_index,
        section=chunk.section,
        page=chunk.page,
        page_start=chunk.page,
        page_end=chunk.page_end,
        char_start=chunk.char_start,
        char_end=chunk.char_end,
        text=chunk.text,
        trust_label=chunk.trust_label,
        matched_patterns=list(chunk.matched_patterns or []),
        text_source=chunk.text_source,
        labelled_spans=load_spans(chunk.labelled_spans),
    )


def attachment_public(row: DocumentRow) -> AttachmentPublic:
    return AttachmentPublic(
        document_id=row.document.id,
        title=row.document.title,
        document_type=row.document.document_type,
        status=row.status,
    )
