"""Knowledge request and response bodies (the contract's §Knowledge)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from domains.analytics.schemas import DocumentUsage
from domains.knowledge.safety import LabelledSpan
from packages.core.text import visible

DocumentType = Literal["pdf", "markdown", "text", "docx", "html", "email", "mbox", "csv", "xlsx", "image"]
TextSource = Literal["text_layer", "ocr"]
VersionStatus = Literal["processing", "indexed", "failed"]
TrustLabel = Literal["trusted", "flagged", "untrusted"]
RetrievalMethod = Literal["hybrid", "semantic", "lexical"]


class IngestResponse(BaseModel):
    document_id: str
    document_version_id: str
    version_number: int
    status: VersionStatus
    chunk_count: int
    duplicate: bool = False


class DocumentPublic(BaseModel):
    id: str
    source: str
    title: str
    document_type: DocumentType
    created_at: datetime
    last_indexed_at: datetime | None
    status: VersionStatus
    usage: DocumentUsage


class VersionPublic(BaseModel):
    id: str
    version_number: int
    content_hash: str
    status: VersionStatus
    status_reason: str | None
    progress: float
    chunk_count: int
    page_count: int | None
    created_at: datetime
    # Chunks of this version still labelled by an older content-safety detector (re-labelled in the background).
    labels_pending: int = 0


class AttachmentPublic(BaseModel):
    """An email attachment read as a document of its own (linked to its message)."""

    document_id: str
    title: str
    document_type: DocumentType
    status: VersionStatus


class UnreadAttachment(BaseModel):
    """An attachment listed on its message but not ingested, and why: `unsupported_type`, `not_read` (a file
    attached to a forwarded message: one level is read), `inline_image`, `empty`, or a parser's rejection reason
    such as `corrupt_pdf`."""

    file_name: str
    media_type: str
    byte_size: int
    reason: str


class DocumentDetail(DocumentPublic):
    versions: list[VersionPublic]
    # For an email attachment: the message it came with. For a message: its attachments read as documents, and
    # (from the latest version) the ones listed but not read.
    parent_document_id: str | None = None
    attachments: list[AttachmentPublic] = Field(default_factory=list)
    unread_attachments: list[UnreadAttachment] = Field(default_factory=list)


class ChunkPublic(BaseModel):
    chunk_id: str
    chunk_index: int
    section: str | None
    page: int | None
    page_start: int | None = None
    page_end: int | None = None
    char_start: int
    char_end: int
    text: str
    trust_label: TrustLabel
    matched_patterns: list[str]
    text_source: TextSource | None = None
    labelled_spans: list[LabelledSpan]


QueryText = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000), AfterValidator(visible)
]


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query_text: QueryText
    method: RetrievalMethod = "hybrid"
    top_k: Annotated[int, Field(ge=1, le=50, strict=True)] = 10
    score_threshold: Annotated[float, Field(allow_inf_nan=False, strict=True)] | None = None
    document_id: Annotated[str, StringConstraints(min_length=1, max_length=255)] | None = None


class ChunkSource(BaseModel):
    """A chunk as search results and run citations show it: its document, where it sits, its text and label."""

    chunk_id: str
    document_id: str
    document_version_id: str
    document_title: str
    source_type: DocumentType
    page: int | None
    page_start: int | None = None  # the chunk's first and last page (`page` is `page_start`)
    page_end: int | None = None
    section: str | None
    content: str
    trust_label: TrustLabel
    text_source: TextSource | None = None  # text_layer | ocr | None: OCR text is marked as such wherever it is shown
    labelled_spans: list[LabelledSpan] = Field(default_factory=list)  # spans content safety withheld (ADR-0020)


class SearchResultPublic(ChunkSource):
    score: float
    rank: int
    retrieval_method: RetrievalMethod
    semantic_rank: int | None
    lexical_rank: int | None
    semantic_score: float | None
    lexical_score: float | None
