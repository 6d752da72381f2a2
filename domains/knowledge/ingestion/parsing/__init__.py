"""Turn uploaded bytes into one normalized text plus its structure (document.py): the type is decided from the
bytes (detect.py), then the parser of that type reads them (pdf.py, text.py, docx.py, html.py, email.py,
tabular.py, image.py), within the caps of limits.py."""

from __future__ import annotations

from domains.knowledge.ingestion.parsing.detect import decode_text, detect_document_type
from domains.knowledge.ingestion.parsing.document import (
    MEDIA_TYPES,
    STRUCTURED_TYPES,
    BlockKind,
    DocumentParser,
    DocumentType,
    PageSource,
    ParsedAttachment,
    ParsedBlock,
    ParsedDocument,
    TextSource,
)
from domains.knowledge.ingestion.parsing.docx import DocxParser
from domains.knowledge.ingestion.parsing.email import EmailParser, MboxParser
from domains.knowledge.ingestion.parsing.html import HtmlParser
from domains.knowledge.ingestion.parsing.image import ImageParser
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, OcrMode, ParseLimits
from domains.knowledge.ingestion.parsing.pdf import PDFParser
from domains.knowledge.ingestion.parsing.tabular import CsvParser, XlsxParser
from domains.knowledge.ingestion.parsing.text import MarkdownParser, TextParser, markdown_blocks

__all__ = [
    "DEFAULT_LIMITS",
    "MEDIA_TYPES",
    "STRUCTURED_TYPES",
    "BlockKind",
    "DocumentParser",
    "DocumentType",
    "MarkdownParser",
    "OcrMode",
    "PDFParser",
    "PageSource",
    "ParseLimits",
    "ParsedAttachment",
    "ParsedBlock",
    "ParsedDocument",
    "TextParser",
    "TextSource",
    "decode_text",
    "detect_document_type",
    "markdown_blocks",
    "parse_document",
    "select_parser",
]


def select_parser(data: bytes, filename: str | None = None) -> DocumentParser:
    """Return the parser for these bytes, or raise the 415/422 error that says why they are refused."""
    return _PARSERS[detect_document_type(data, filename)]


def parse_document(data: bytes, filename: str | None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
    """Detect the type of `data` from its bytes and parse it into a `ParsedDocument` within `limits`."""
    return select_parser(data, filename).parse(data, filename, limits)


# An email's attachments go through the same detection and parsers as an upload (email.py lists, never reads, a
# message inside a message, so this does not recurse).
_PARSERS: dict[DocumentType, DocumentParser] = {
    "pdf": PDFParser(),
    "markdown": MarkdownParser(),
    "text": TextParser(),
    "docx": DocxParser(),
    "html": HtmlParser(),
    "email": EmailParser(parse_document, detect_document_type),
    "mbox": MboxParser(parse_document, detect_document_type),
    "csv": CsvParser(),
    "xlsx": XlsxParser(),
    "image": ImageParser(),
}
