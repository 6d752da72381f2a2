"""Turn uploaded bytes into one normalized text plus its structure: PDF, Markdown or plain text.

The type is decided from the bytes, never from a declared content type (api-contract §Knowledge):

1. `%PDF-` at offset 0, or within the first 1 KiB behind bytes that are not readable text -> PDF.
2. A known binary signature (images, archives, office containers, executables, media) -> 415.
3. A UTF-16/UTF-32 byte-order mark, or the NUL pattern of BOM-less UTF-16 -> 422 `not_utf8`: it is text,
   just not in the encoding we accept.
4. More than 5% control bytes in the first 64 KiB (NUL, C0 except tab/newline/CR/FF/VT/ESC, DEL) -> 415.
   Random or compressed data has about 10.5% of them, text in any legacy encoding almost none, so a few
   stray NULs in a text file do not turn it into "binary" (normalization removes them).
5. Otherwise valid UTF-8 (a BOM is stripped) is text; invalid UTF-8 is 422 `not_utf8` naming the byte offset.

Markdown is recognised by its extension, or by its structure when the name has no known text extension.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pypdf import PasswordType, PdfReader
from pypdf.errors import DependencyError

from domains.knowledge.errors import (
    CorruptPdf,
    EmptyDocument,
    EncryptedPdf,
    NotUtf8Text,
    PdfWithoutText,
    UnsupportedDocumentType,
)
from domains.knowledge.ingestion.normalization import normalize_pdf_pages, normalize_text

DocumentType = Literal["pdf", "markdown", "text"]
BlockKind = Literal["heading", "paragraph", "code"]
MEDIA_TYPES: dict[DocumentType, str] = {
    "pdf": "application/pdf",
    "markdown": "text/markdown",
    "text": "text/plain",
}

# pypdf logs a warning for every font it cannot fully map ("fontTools is required ..."), hundreds per
# document; the extracted text is what we judge, so only its errors are worth a log line.
logging.getLogger("pypdf").setLevel(logging.ERROR)


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


# --- type detection -------------------------------------------------------------------------------------

_PDF_MAGIC = b"%PDF-"
_PDF_MAGIC_WINDOW = 1024
_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"II*\x00", "TIFF image"),
    (b"MM\x00*", "TIFF image"),
    (b"PK\x03\x04", "ZIP archive (or an Office/OpenDocument file)"),
    (b"PK\x05\x06", "ZIP archive"),
    (b"\x1f\x8b", "gzip archive"),
    (b"BZh", "bzip2 archive"),
    (b"\xfd7zXZ\x00", "xz archive"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    (b"Rar!\x1a\x07", "RAR archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "legacy Office document"),
    (b"\x7fELF", "executable"),
    (b"\x00asm", "WebAssembly module"),
    (b"\xca\xfe\xba\xbe", "executable"),
    (b"OggS", "audio/video"),
    (b"fLaC", "audio"),
    (b"ID3", "audio"),
    (b"SQLite format 3\x00", "SQLite database"),
)
_UNICODE_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\xfe\xff", "UTF-16"),
    (b"\xff\xfe", "UTF-16"),
)
_UTF8_BOM = b"\xef\xbb\xbf"
_SAMPLE_BYTES = 64 * 1024
_BINARY_CONTROL_RATIO = 0.05
# Control bytes that never occur in text; tab, LF, VT, FF, CR and ESC (ANSI colour codes in logs) can.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0E, 0x0F, *range(0x10, 0x1B), *range(0x1C, 0x20), 0x7F])
_MARKDOWN_EXTENSIONS = (".md", ".markdown", ".mdown", ".mkd", ".mkdn")
_TEXT_EXTENSIONS = (".txt", ".text", ".log", ".csv", ".tsv", ".rst", ".json", ".xml", ".yaml", ".yml")


def detect_document_type(data: bytes, filename: str | None = None) -> DocumentType:
    """Return the document type of `data`, or raise the 415/422 error that says why it is refused."""
    if not data.strip():
        raise EmptyDocument()
    if _is_pdf(data):
        return "pdf"
    _refuse_binary(data)
    text = decode_text(data)
    if not text.strip():
        raise EmptyDocument()
    return "markdown" if _is_markdown(text, filename) else "text"


def _is_pdf(data: bytes) -> bool:
    offset = data.find(_PDF_MAGIC, 0, _PDF_MAGIC_WINDOW + len(_PDF_MAGIC))
    if offset <= 0:
        return offset == 0
    # Junk before the header (a BOM, whitespace, transport bytes) is tolerated; readable text is not, or a
    # note that merely mentions "%PDF-1.7" near its top would be taken for a broken PDF.
    prefix = data[:offset]
    if not prefix.strip() or (prefix.startswith(_UTF8_BOM) and not prefix[3:].strip()):
        return True
    try:
        prefix.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return len(prefix.translate(None, _CONTROL_BYTES)) < len(prefix)


def _refuse_binary(data: bytes) -> None:
    for signature, kind in _BINARY_SIGNATURES:
        if data.startswith(signature):
            raise UnsupportedDocumentType(f"The file is a {kind}, not a PDF or text.", details={"detected": kind})
    for bom, encoding in _UNICODE_BOMS:
        if data.startswith(bom):
            raise NotUtf8Text(
                f"The text is encoded as {encoding}; re-save it as UTF-8 and upload it again.",
                details={"encoding": encoding},
            )
    sample = data[:_SAMPLE_BYTES]
    if _looks_like_utf16(sample):
        raise NotUtf8Text(
            "The text looks like UTF-16 without a byte-order mark; re-save it as UTF-8 and upload it again.",
            details={"encoding": "UTF-16"},
        )
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if controls > _BINARY_CONTROL_RATIO * len(sample):
        raise UnsupportedDocumentType("The file is binary data, not a PDF or text.", details={"detected": "binary"})


def _looks_like_utf16(sample: bytes) -> bool:
    if len(sample) < 8:
        return False
    even, odd = sample[0::2], sample[1::2]
    even_nuls, odd_nuls = even.count(0), odd.count(0)
    # ASCII-range UTF-16 puts a NUL in every other byte and almost never two NULs side by side.
    return max(even_nuls / len(even), odd_nuls / len(odd)) > 0.8 and min(even_nuls, odd_nuls) < 0.05 * len(odd)


def decode_text(data: bytes) -> str:
    """Decode UTF-8 bytes (a leading BOM is dropped), or raise `NotUtf8Text` naming the first bad byte."""
    skip = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + skip
        raise NotUtf8Text(
            f"The text is not valid UTF-8 (byte 0x{data[offset]:02x} at offset {offset}); it may be in a legacy "
            "encoding such as Latin-1 or Windows-1252. Re-save it as UTF-8 and upload it again.",
            details={"byte_offset": offset},
        ) from None


_ATX_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}[ \t]+\S", re.MULTILINE)
_SETEXT_UNDERLINE = re.compile(r"^[^\n]*\S[^\n]*\n {0,3}(?:=+|-{2,})[ \t]*$", re.MULTILINE)
_FENCE_LINE = re.compile(r"^ {0,3}(?:```|~~~)", re.MULTILINE)
_MARKDOWN_INLINE = re.compile(r"\[[^\]\n]+\]\([^)\s]+\)|\*\*[^*\n]+\*\*|^ {0,3}[-*+] \S|^ {0,3}>", re.MULTILINE)


def _is_markdown(text: str, filename: str | None) -> bool:
    name = (filename or "").lower()
    if name.endswith(_MARKDOWN_EXTENSIONS):
        return True
    if name.endswith(_TEXT_EXTENSIONS):
        return False
    sample = text[:_SAMPLE_BYTES]
    strong = (
        len(_ATX_HEADING_LINE.findall(sample))
        + len(_SETEXT_UNDERLINE.findall(sample))
        + len(_FENCE_LINE.findall(sample)) // 2
    )
    return strong >= 2 or (strong == 1 and _MARKDOWN_INLINE.search(sample) is not None)


# --- parsers ----------------------------------------------------------------------------------------------

_PARAGRAPH_BREAK = re.compile(r"\n\n+")


def _paragraph_blocks(text: str, start: int, end: int, page: int | None = None) -> list[ParsedBlock]:
    blocks = []
    position = start
    for match in _PARAGRAPH_BREAK.finditer(text, start, end):
        if match.start() > position:
            blocks.append(ParsedBlock("paragraph", position, match.start(), page))
        position = match.end()
    if end > position:
        blocks.append(ParsedBlock("paragraph", position, end, page))
    return blocks


class TextParser:
    document_type: DocumentType = "text"

    def parse(self, data: bytes, filename: str | None = None) -> ParsedDocument:
        """Parse UTF-8 plain text into normalized text and its paragraphs."""
        text = _normalized_or_empty(decode_text(data))
        return ParsedDocument("text", MEDIA_TYPES["text"], text, _paragraph_blocks(text, 0, len(text)))


class MarkdownParser:
    document_type: DocumentType = "markdown"

    def parse(self, data: bytes, filename: str | None = None) -> ParsedDocument:
        """Parse UTF-8 Markdown into normalized text, its headings (with levels) and paragraphs."""
        text = _normalized_or_empty(decode_text(data))
        return ParsedDocument("markdown", MEDIA_TYPES["markdown"], text, markdown_blocks(text))


_ATX_HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*?))??(?:[ \t]+#+)?[ \t]*")
_SETEXT_RULE = re.compile(r"(=+|-{2,})[ \t]*")
_FENCE = re.compile(r"(```+|~~~+)")


def markdown_blocks(text: str) -> list[ParsedBlock]:
    """Return the headings, code blocks and paragraphs of normalized Markdown, in order."""
    lines = _line_spans(text)
    blocks: list[ParsedBlock] = []
    paragraph: tuple[int, int] | None = None
    fence: tuple[str, int] | None = None

    def close_paragraph() -> None:
        nonlocal paragraph
        if paragraph is not None:
            blocks.append(ParsedBlock("paragraph", *paragraph))
            paragraph = None

    for index, (start, end) in enumerate(lines):
        line = text[start:end]
        if fence is not None:
            if line.startswith(fence[0]):
                blocks.append(ParsedBlock("code", fence[1], end))
                fence = None
            continue
        if fence_match := _FENCE.match(line):
            close_paragraph()
            fence = (fence_match.group(1), start)
            continue
        heading = _ATX_HEADING.fullmatch(line)
        if heading and heading.group(2):
            close_paragraph()
            level, label = len(heading.group(1)), heading.group(2).strip()
            blocks.append(ParsedBlock("heading", start, end, heading_level=level, heading_label=label))
        elif not line:
            close_paragraph()
        elif paragraph is not None and _SETEXT_RULE.fullmatch(line) and paragraph[0] == lines[index - 1][0]:
            # A one-line paragraph underlined with === or --- is a setext heading.
            level = 1 if line.startswith("=") else 2
            label = text[paragraph[0] : paragraph[1]]
            blocks.append(ParsedBlock("heading", paragraph[0], end, heading_level=level, heading_label=label))
            paragraph = None
        else:
            paragraph = (paragraph[0] if paragraph else start, end)
    close_paragraph()
    if fence is not None:  # an unclosed fence runs to the end, as CommonMark renders it
        blocks.append(ParsedBlock("code", fence[1], len(text)))
    return blocks


def _line_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for line in text.split("\n"):
        spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans


def _normalized_or_empty(raw: str) -> str:
    text = normalize_text(raw)
    if not text:
        raise EmptyDocument()
    return text


class PDFParser:
    document_type: DocumentType = "pdf"

    def parse(self, data: bytes, filename: str | None = None) -> ParsedDocument:
        """Parse a PDF into normalized text with page spans; refuse damaged, locked or text-less files."""
        reader, was_encrypted = _open_pdf(data)
        raw_pages, unreadable = _extract_pages(reader)
        pages = normalize_pdf_pages(raw_pages)
        text, page_spans = _join_pages(pages)
        if _is_textless(text, len(pages)):
            raise PdfWithoutText()
        blocks = [block for number, start, end in page_spans for block in _paragraph_blocks(text, start, end, number)]
        metadata = _pdf_metadata(reader)
        if was_encrypted:
            metadata["encrypted"] = True
        if unreadable:
            metadata["unreadable_pages"] = unreadable
        return ParsedDocument("pdf", MEDIA_TYPES["pdf"], text, blocks, len(pages), page_spans, metadata)


def _open_pdf(data: bytes) -> tuple[PdfReader, bool]:
    # pypdf reports malformed files through many exception types (its own, ValueError, KeyError, ...);
    # whichever it raises, the file cannot be read.
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        encrypted = reader.is_encrypted
        if encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            raise EncryptedPdf()
        if not reader.pages:
            raise CorruptPdf("The PDF has no pages.")
    except (EncryptedPdf, CorruptPdf):
        raise
    except DependencyError:
        raise EncryptedPdf(
            "The PDF is encrypted with AES, which this server cannot decrypt; remove the protection and upload "
            "it again."
        ) from None
    except Exception as exc:
        raise CorruptPdf(f"The PDF is damaged and cannot be read ({type(exc).__name__}).") from None
    return reader, encrypted


def _extract_pages(reader: PdfReader) -> tuple[list[str], list[int]]:
    texts: list[str] = []
    unreadable: list[int] = []
    for number, page in enumerate(reader.pages, start=1):
        # One damaged page (a broken font or content stream) costs that page, not the document.
        try:
            texts.append(page.extract_text())
        except Exception:
            texts.append("")
            unreadable.append(number)
    if len(unreadable) == len(texts):
        raise CorruptPdf("No page of the PDF could be read.")
    return texts, unreadable


_PAGE_SEPARATOR = "\n\n"


def _join_pages(pages: list[str]) -> tuple[str, list[tuple[int, int, int]]]:
    parts: list[str] = []
    spans: list[tuple[int, int, int]] = []
    position = 0
    for number, page in enumerate(pages, start=1):
        if not page:
            continue
        if parts:
            parts.append(_PAGE_SEPARATOR)
            position += len(_PAGE_SEPARATOR)
        parts.append(page)
        spans.append((number, position, position + len(page)))
        position += len(page)
    return "".join(parts), spans


# A scan often carries a page number or a stamp as text; real text pages have hundreds of characters.
_MIN_ALNUM_PER_PAGE = 8


def _is_textless(text: str, page_count: int) -> bool:
    alnum = sum(1 for char in text if char.isalnum())
    return alnum == 0 or alnum < _MIN_ALNUM_PER_PAGE * page_count


def _pdf_metadata(reader: PdfReader) -> dict[str, Any]:
    try:
        info = reader.metadata
    except Exception:  # a broken info dictionary is no reason to refuse readable pages
        return {}
    if not info:
        return {}
    fields = {"title": info.title, "author": info.author, "subject": info.subject}
    return {key: value.strip() for key, value in fields.items() if isinstance(value, str) and value.strip()}


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
