"""What every parser returns: one normalized text, its structural blocks and its pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

DocumentType = Literal["pdf", "markdown", "text"]
BlockKind = Literal["heading", "paragraph", "code"]
MEDIA_TYPES: dict[DocumentType, str] = {
    "pdf": "application/pdf",
    "markdown": "text/markdown",
    "text": "text/plain",
}


@dataclass(frozen=True, slots=True)
class ParsedBlock:
    """A structural block of the normalized text: `text[char_start:char_end]`."""

    kind: BlockKind
    char_start: int
    char_end: int
    page: int | None = None
    heading_level: int | None = None
    heading_label: str | None = None


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


class DocumentParser(Protocol):
    document_type: DocumentType

    def parse(self, data: bytes, filename: str | None = None) -> ParsedDocument: ...
