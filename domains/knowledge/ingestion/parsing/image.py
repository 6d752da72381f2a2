"""PNG, JPEG and TIFF images: one page read by OCR (ocr.py); a multi-page TIFF contributes its first frame."""

from __future__ import annotations

from domains.knowledge.errors import EmptyDocument, PdfWithoutText
from domains.knowledge.ingestion.normalization import normalize_text
from domains.knowledge.ingestion.parsing.detect import IMAGE_SIGNATURES
from domains.knowledge.ingestion.parsing.document import DocumentType, PageSource, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits
from domains.knowledge.ingestion.parsing.ocr import check_image_decodes, ocr_image
from domains.knowledge.ingestion.parsing.text import paragraph_blocks


class ImageParser:
    document_type: DocumentType = "image"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Check the image, then read it by OCR (or leave that to the worker when `limits.ocr == "defer"`)."""
        media_type = next(media for signature, media in IMAGE_SIGNATURES if data.startswith(signature))
        if limits.ocr == "off":
            raise PdfWithoutText("Images are read by OCR, which is switched off on this server (ORION_OCR_ENABLED).")
        if limits.ocr == "defer":
            check_image_decodes(data, limits)
            return ParsedDocument("image", media_type, "", [], page_count=1, ocr_pending=[1])
        result = ocr_image(data, limits)
        text = normalize_text(result.text)
        if not text:
            raise EmptyDocument("OCR found no text in the image.")
        return ParsedDocument(
            "image",
            media_type,
            text,
            paragraph_blocks(text, 0, len(text), 1),
            page_count=1,
            page_spans=[(1, 0, len(text))],
            metadata={"ocr_confidence": result.confidence},
            page_sources=[PageSource(1, "ocr", result.confidence)],
        )
