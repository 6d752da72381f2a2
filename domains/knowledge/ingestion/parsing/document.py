"""What every parser returns: one normalized text, its structural blocks and its pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from domains.knowledge.ingestion.parsing.limits import ParseLimits

DocumentType = Literal["pdf", "markdown", "text", "docx", "html", "email", "mbox", "csv", "xlsx", "image"]
BlockKind = Literal["heading", "paragraph", "code", "list_item", "table_row"]
TextSource = Literal["text_layer", "ocr"]
MEDIA_TYPES: dict[DocumentType, str] = {
    "pdf": "application/pdf",
    "markdown": "text/markdown",
    "text": "text/plain",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "html": "text/html",
    "email": "message/rfc822",
    "mbox": "application/mbox",
    "csv": "text/csv",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "image": "application/octet-stream",  # the parser names the real one (image/png, image/jpeg, image/tiff)
}
# Types whose parser knows the headings: the chunker takes them from the blocks instead of guessing from lines.
STRUCTURED_TYPES: frozenset[DocumentType] = frozenset({"markdown", "docx", "html", "email", "mbox", "csv", "xlsx"})


@dataclass(frozen=True, slots=True)
class ParsedBlock:
    """A structural block of the normalized text: `text[char_start:char_end]`."""

    kind: BlockKind
    char_start: int
    char_end: int
    page: int | None = None
    heading_level: int | None = None
    heading_label: str | None = None


@dataclass(frozen=True, slots=True)
class PageSource:
    """Where one page's text came from: the PDF's text layer, or OCR (with its mean recognition confidence)."""

    page: int
    text_source: TextSource
    ocr_confidence: float | None = None


@dataclass(frozen=True)
class ParsedDocument:
    """A parsed version: the normalized text every offset indexes into, and its structure."""

    document_type: DocumentType
    media_type: str
    text: str
    blocks: list[ParsedBlock]
    page_count: int | None = None
    page_spans: list[tuple[int, int, int]] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    page_sources: list[PageSource] = field(default_factory=list)
    # Pages that need OCR which this parse deferred (the upload request never runs OCR; the worker does).
    ocr_pending: list[int] = field(default_factory=list)
    # An email's attachments that ORION reads, each parsed on its own: they become documents linked to the message.
    attachments: list[ParsedAttachment] = field(default_factory=list)

    @property
    def page_map(self) -> list[list[int]] | None:
        """Return the page spans as a version stores them (`document_versions.page_map`), or None without pages."""
        return [list(span) for span in self.page_spans] or None


@dataclass(frozen=True)
class ParsedAttachment:
    """An email attachment read as its own document: its original bytes and their parse (OCR always deferred)."""

    file_name: str
    data: bytes
    parsed: ParsedDocument
    number: int  # its position among the upload's listed attachments (1-based): part of its document's source


class DocumentParser(Protocol):
    document_type: DocumentType

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = ...) -> ParsedDocument: ...
