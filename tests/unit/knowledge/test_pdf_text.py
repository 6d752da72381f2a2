"""The PDF text layer: PDFium first, pypdf where PDFium cannot read a file (ADR 0021)."""

from __future__ import annotations

from domains.knowledge.ingestion.parsing import PDFParser
from domains.knowledge.ingestion.parsing.pdf_text import _clean, page_texts, pdfium_page_texts
from tests.helpers.pdfs import text_pdf


def test_pdfium_reads_every_page_in_order() -> None:
    texts, unreadable = pdfium_page_texts(text_pdf("First page text.", "Second page text."))
    assert [t.strip() for t in texts] == ["First page text.", "Second page text."] and unreadable == []


def test_line_end_hyphen_mark_and_lone_carriage_return() -> None:
    assert _clean("ingre\ufffedient\r\nnext line\r(c) 2020") == "ingre-\ndient\nnext line (c) 2020"


def test_pypdf_is_the_fallback_when_pdfium_cannot_open_the_file() -> None:
    fallback = (["from pypdf"], [])
    assert page_texts(b"%PDF-1.4 not really a pdf", lambda: fallback) == fallback
    assert page_texts(text_pdf("Readable."), lambda: fallback)[0][0].strip() == "Readable."


def test_a_word_hyphenated_at_a_line_end_is_rejoined_by_normalization() -> None:
    parsed = PDFParser().parse(text_pdf("The notifi-\ncation arrived. A notification is due."))
    assert "The notification arrived." in " ".join(parsed.text.split())
