"""Turn uploaded bytes into one normalized text plus its structure (document.py): the type is decided from the
bytes (detect.py), then the parser of that type reads them (pdf.py, text.py)."""

from __future__ import annotations

from domains.knowledge.ingestion.parsing.detect import decode_text, detect_document_type
from domains.knowledge.ingestion.parsing.document import (
    MEDIA_TYPES,
    BlockKind,
    DocumentParser,
    DocumentType,
    ParsedBlock,
    ParsedDocument,
)
from domains.knowledge.ingestion.parsing.pdf import PDFParser
from domains.knowledge.ingestion.parsing.text import MarkdownParser, TextParser, markdown_blocks

__all__ = [
    "MEDIA_TYPES",
    "BlockKind",
    "DocumentParser",
    "DocumentType",
    "MarkdownParser",
    "PDFParser",
    "ParsedBlock",
    "ParsedDocument",
    "TextParser",
    "decode_text",
    "detect_document_type",
    "markdown_blocks",
    "parse_document",
    "select_parser",
]


_PARSERS: dict[DocumentType, DocumentParser] = {
    "pdf": PDFParser(),
    "markdown": MarkdownParser(),
    "text": TextParser(),
}


def select_parser(data: bytes, filename: str | None = None) -> DocumentParser:
    """Return the parser for these bytes, or raise the 415/422 error that says why they are refused."""
    return _PARSERS[detect_document_type(data, filename)]


def parse_document(data: bytes, filename: str | None) -> ParsedDocument:
    """Detect the type of `data` from its bytes and parse it into a `ParsedDocument`."""
    return select_parser(data, filename).parse(data, filename)
