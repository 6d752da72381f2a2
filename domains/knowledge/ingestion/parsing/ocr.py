"""Offline OCR of scanned pages and images: PP-OCRv4 detection + recognition ONNX models shipped inside the
`rapidocr-onnxruntime` wheel (nothing is downloaded at run time), run on CPU by onnxruntime.

A page is rendered to grayscale pixels by pypdfium2 (one page at a time: its bitmap is freed before the next),
read box by box with the position of every character, and put back into page text by ocr_layout.py (dropped
spaces restored from the ink gaps, boxes bridging a column gutter split, columns and lines in reading order).
A page's confidence is the recognition score of its boxes averaged by their characters.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import threading
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, UnidentifiedImageError

from domains.knowledge.errors import CorruptDocument, DocumentTooComplex, DocumentTooLarge
from domains.knowledge.ingestion.parsing.limits import ParseLimits
from domains.knowledge.ingestion.parsing.ocr_layout import OcrText, layout

# 150 dpi: PP-OCR reads 10-12 pt print reliably from about 120 dpi up; more costs time and memory, not accuracy.
RENDER_SCALE = 150 / 72
_MAX_SIDE = 2400
# A page with fewer letters and digits than this in its text layer is treated as a scan ("usable" text layer).
MIN_TEXT_LAYER_CHARS = 16


class _Engine:
    """One RapidOCR instance per process, created on first use (loading the models takes about a second)."""

    def __init__(self) -> None:
        self._engine: Any = None
        self._lock = threading.Lock()

    def read(self, pixels: np.ndarray) -> OcrText:
        with self._lock:  # onnxruntime sessions are thread-safe, but two pages at once only thrash 2 cores
            if self._engine is None:
                from rapidocr_onnxruntime import RapidOCR  # heavy import (cv2, onnxruntime): only when OCR runs

                self._engine = RapidOCR(use_cls=False, max_side_len=_MAX_SIDE, print_verbose=False)
            try:  # with each character's position: ocr_layout restores dropped spaces from it
                result, _ = self._engine(pixels, use_cls=False, return_word_box=True)
            except Exception:  # the position step is an add-on of RapidOCR; the text alone is still worth having
                result, _ = self._engine(pixels, use_cls=False)
        return layout(result or [], pixels)


ENGINE = _Engine()


def _load_libc() -> Any:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


_LIBC = _load_libc()


def release_freed_memory() -> None:
    """Hand the heap a page's OCR freed back to the system. glibc keeps freed blocks of onnxruntime's per-page
    buffers, so without this the worker's RSS climbs from page to page (~180 MB live, 480-530 MB resident after
    each DMCA page, measured) though nothing leaks. A no-op without glibc."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def needs_ocr(page_text: str) -> bool:
    """True when a page's text layer is missing or too thin to be the page's content."""
    return sum(1 for char in page_text if char.isalnum()) < MIN_TEXT_LAYER_CHARS


def pages_with_images(data: bytes, pages: list[int]) -> list[int]:
    """Return those of the 1-based `pages` that carry at least one image (a scan is an image)."""
    found = []
    document = pdfium.PdfDocument(data)
    try:
        for number in pages:
            page = document[number - 1]
            try:
                if any(True for _ in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=2)):
                    found.append(number)
            finally:
                page.close()
    except pdfium.PdfiumError:
        return list(pages)  # cannot tell: let OCR look
    finally:
        document.close()
    return found


def ocr_pdf_pages(data: bytes, pages: list[int], limits: ParseLimits) -> dict[int, OcrText]:
    """Render and read the given 1-based pages of a PDF, reporting progress after each page."""
    if len(pages) > limits.max_ocr_pages:
        raise too_many_pages(len(pages), limits)
    results: dict[int, OcrText] = {}
    document = pdfium.PdfDocument(data)
    try:
        for done, number in enumerate(pages, start=1):
            page = document[number - 1]
            try:
                bitmap = page.render(scale=RENDER_SCALE, grayscale=True)
                try:
                    pixels = bitmap.to_numpy().copy()
                finally:
                    bitmap.close()
                results[number] = ENGINE.read(pixels)
                del pixels
                release_freed_memory()
            finally:
                page.close()
            if limits.ocr_progress is not None:
                limits.ocr_progress(done, len(pages))
    finally:
        document.close()
    return results


def too_many_pages(count: int, limits: ParseLimits) -> DocumentTooLarge:
    return DocumentTooLarge(
        f"{count:,} pages need OCR (limit {limits.max_ocr_pages:,}, ORION_OCR_MAX_PAGES).",
        details={"ocr_pages": count, "max_ocr_pages": limits.max_ocr_pages},
    )


def open_image(data: bytes, limits: ParseLimits) -> Any:
    """Open an image's header (no pixels decoded yet) and check its size, or raise 422."""
    try:
        image = Image.open(io.BytesIO(data))
        width, height = image.size
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise CorruptDocument.unreadable(
            "The image cannot be read: the file is damaged or is not a complete PNG, JPEG or TIFF image.", exc
        ) from None
    if width * height > limits.max_image_pixels:
        raise DocumentTooComplex(
            f"The image has {width * height:,} pixels (limit {limits.max_image_pixels:,}).",
            details={"pixels": width * height, "max_pixels": limits.max_image_pixels},
        )
    return image


def check_image_decodes(data: bytes, limits: ParseLimits) -> None:
    """Decode the whole image once, cheaply, or raise 422: a truncated file must be refused at upload, not accepted
    and left as a failed document when the worker reads it. A JPEG decodes at an eighth of its size (the whole
    stream is still read), a PNG checks its chunks and their CRCs, other formats decode in full."""
    image = open_image(data, limits)
    try:
        if image.format == "JPEG":
            image.draft("L", (max(1, image.width // 8), max(1, image.height // 8)))
            image.load()
        elif image.format == "PNG":
            image.verify()
        else:
            image.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise CorruptDocument.unreadable(
            "The image is damaged or cut short; save or export it again and upload the new file.", exc
        ) from None
    finally:
        image.close()


def ocr_image(data: bytes, limits: ParseLimits) -> OcrText:
    """Decode an image (its first frame), scale it into the OCR range and read it."""
    image = open_image(data, limits)
    try:
        image.seek(0)
        gray = image.convert("L")
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise CorruptDocument.unreadable(
            "The image cannot be decoded: the file is damaged. Save or export it again and upload the new file.", exc
        ) from None
    scale = min(1.0, _MAX_SIDE / max(gray.size))
    if scale < 1.0:
        gray = gray.resize((max(1, int(gray.width * scale)), max(1, int(gray.height * scale))))
    text = ENGINE.read(np.asarray(gray))
    release_freed_memory()
    if limits.ocr_progress is not None:
        limits.ocr_progress(1, 1)
    return text
