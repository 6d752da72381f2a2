"""Scanned pages of a PDF: which pages lack a usable text layer, and their OCR text (ocr.py) in their place.

Called by pdf.py with the text layer of every page. In the upload request (`ocr="defer"`) nothing is read: the
pages are listed in `pending` and the version is queued for the worker, which parses again with `ocr="run"`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domains.knowledge.ingestion.parsing.document import PageSource
from domains.knowledge.ingestion.parsing.limits import ParseLimits
from domains.knowledge.ingestion.parsing.ocr import needs_ocr, ocr_pdf_pages, pages_with_images, too_many_pages


@dataclass
class ScannedPages:
    """The page texts to use, the confidence of the pages OCR read, and the pages still waiting for OCR."""

    texts: list[str]
    confidence: dict[int, float | None] = field(default_factory=dict)
    pending: list[int] = field(default_factory=list)

    def provenance(self, page_spans: list[tuple[int, int, int]]) -> tuple[list[PageSource], list[int]]:
        """Return the source of every page that has text, and the pages pending OCR."""
        sources = [
            PageSource(number, "ocr", self.confidence[number])
            if number in self.confidence
            else PageSource(number, "text_layer")
            for number, _, _ in page_spans
        ]
        return sources, self.pending


def read_scanned_pages(data: bytes, texts: list[str], limits: ParseLimits) -> ScannedPages:
    """Return the page texts with scanned pages read by OCR (or listed as pending, or left empty)."""
    thin = [number for number, text in enumerate(texts, start=1) if needs_ocr(text)]
    if not thin or limits.ocr == "off":
        return ScannedPages(list(texts))
    scanned = pages_with_images(data, thin)  # a blank page (no image on it) has nothing to read
    if not scanned:
        return ScannedPages(list(texts))
    if len(scanned) > limits.max_ocr_pages:
        raise too_many_pages(len(scanned), limits)
    if limits.ocr == "defer":
        return ScannedPages(list(texts), pending=scanned)
    read = ocr_pdf_pages(data, scanned, limits)
    out = list(texts)
    for number, result in read.items():
        # A thin text layer (a stamp, a page number) is replaced: OCR reads it too, in its place on the page.
        out[number - 1] = result.text
    return ScannedPages(out, {number: result.confidence for number, result in read.items() if result.text})
