"""PDF: the text layer of every page (PDFium, pypdf as fallback: pdf_text.py), joined with page spans, normalized
across pages (hyphenation)."""

from __future__ import annotations

import io
import logging
from typing import Any

from pypdf import PasswordType, PdfReader
from pypdf.errors import DependencyError

from domains.knowledge.errors import CorruptPdf, EncryptedPdf, PdfWithoutText
from domains.knowledge.ingestion.normalization import normalize_pdf_pages
from domains.knowledge.ingestion.parsing.document import MEDIA_TYPES, DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits
from domains.knowledge.ingestion.parsing.pdf_tables import append_tables, find_tables, mark_table_rows
from domains.knowledge.ingestion.parsing.pdf_text import page_texts
from domains.knowledge.ingestion.parsing.scans import read_scanned_pages
from domains.knowledge.ingestion.parsing.text import paragraph_blocks

# pypdf logs a warning for every font it cannot fully map ("fontTools is required ..."), hundreds per
# document; the extracted text is what we judge, so only its errors are worth a log line.
logging.getLogger("pypdf").setLevel(logging.ERROR)


class PDFParser:
    document_type: DocumentType = "pdf"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse a PDF into normalized text with page spans; refuse damaged, locked or text-less files."""
        reader, was_encrypted = _open_pdf(data)
        raw_pages, unreadable = page_texts(data, lambda: _extract_pages(reader))
        scans = read_scanned_pages(data, raw_pages, limits)  # scanned pages: OCR (scans.py)
        # tables as header-named rows (pdf_tables.py): ruled ones, and aligned ones on pages with rows of figures
        tables = find_tables(data, limits.max_table_pages, raw_pages)
        pages = normalize_pdf_pages(append_tables(scans.texts, tables))
        text, page_spans = _join_pages(pages)
        if _is_textless(text, len(pages)) and not scans.pending:
            raise PdfWithoutText()
        blocks = [block for number, start, end in page_spans for block in paragraph_blocks(text, start, end, number)]
        blocks = mark_table_rows(text, blocks, tables)
        metadata = _pdf_metadata(reader)
        if was_encrypted:
            metadata["encrypted"] = True
        if unreadable:
            metadata["unreadable_pages"] = unreadable
        sources, pending = scans.provenance(page_spans)
        return ParsedDocument(
            "pdf",
            MEDIA_TYPES["pdf"],
            text,
            blocks,
            len(pages),
            page_spans,
            metadata,
            page_sources=sources,
            ocr_pending=pending,
        )


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
        raise CorruptPdf.unreadable(
            "The PDF is damaged and cannot be read; save or export it again and upload the new file.", exc
        ) from None
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
