"""The text layer of a PDF's pages: PDFium (pypdfium2) first, pypdf where PDFium cannot read the file (ADR 0021).

Measured on the 12 shared PDFs (bench/pdf_text.py): PDFium splits far fewer words ("notificatio n") and is an
order of magnitude faster than pypdf. PDFium marks a hyphen at a line end as U+FFFE with no line break; it becomes
"-\\n" so that normalization judges it like any other line-end hyphen (rejoin, or keep a real compound).

PDFium is not thread-safe and ingestion parses in worker threads, so every PDFium call holds one process-wide lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pypdfium2 as pdfium

_PDFIUM = threading.Lock()
_LINE_END_HYPHEN = "\ufffe"

PageTexts = tuple[list[str], list[int]]  # page texts in order, and the 1-based numbers of unreadable pages


def pdfium_page_texts(data: bytes) -> PageTexts:
    """Return the text of every page with PDFium; raise when PDFium cannot open the file at all."""
    texts: list[str] = []
    unreadable: list[int] = []
    with _PDFIUM:
        document = pdfium.PdfDocument(data)
        try:
            for index in range(len(document)):
                try:
                    page = document[index]
                    try:
                        textpage = page.get_textpage()
                        try:
                            text = textpage.get_text_range()
                        finally:
                            textpage.close()
                    finally:
                        page.close()
                except pdfium.PdfiumError:
                    text = ""
                    unreadable.append(index + 1)
                texts.append(_clean(text))
        finally:
            document.close()
    return texts, unreadable


def _clean(text: str) -> str:
    # PDFium ends lines with CRLF; a lone CR is a glyph without a Unicode mapping (the "©" of "© 2020"), not a
    # line break, and must not split its line.
    return text.replace("\r\n", "\n").replace("\r", " ").replace(_LINE_END_HYPHEN, "-\n")


def page_texts(data: bytes, fallback: Callable[[], PageTexts]) -> PageTexts:
    """Return the page texts by PDFium, or by `fallback` (pypdf) when PDFium fails on the file or reads no page
    that the fallback can."""
    try:
        texts, unreadable = pdfium_page_texts(data)
    except Exception:  # PDFium refuses some damaged files pypdf's lenient reader can still read
        return fallback()
    if len(unreadable) == len(texts) or not any(text.strip() for text in texts):
        return fallback()
    return texts, unreadable
