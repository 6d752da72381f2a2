"""Offline OCR of scanned pages and images: PP-OCRv4 detection + recognition ONNX models shipped inside the
`rapidocr-onnxruntime` wheel (nothing is downloaded at run time), run on CPU by onnxruntime.

A page is rendered to grayscale pixels by pypdfium2, read box by box, and the boxes are put back into reading
order: boxes whose vertical centres fall within half a line height form one line (left to right), and a gap
taller than a line between two lines starts a new paragraph. A page's confidence is the recognition score of
its boxes averaged by their characters.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from statistics import median
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, UnidentifiedImageError

from domains.knowledge.errors import CorruptDocument, DocumentTooComplex, DocumentTooLarge
from domains.knowledge.ingestion.parsing.limits import ParseLimits

# 150 dpi: PP-OCR reads 10-12 pt print reliably from about 120 dpi up; more costs time and memory, not accuracy.
RENDER_SCALE = 150 / 72
_MAX_SIDE = 2400
# A page with fewer letters and digits than this in its text layer is treated as a scan ("usable" text layer).
MIN_TEXT_LAYER_CHARS = 16
MIN_COLUMN_LINES = 5


@dataclass(frozen=True)
class OcrText:
    """What OCR read on one page: its text in reading order and the mean recognition confidence (0..1)."""

    text: str
    confidence: float | None


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
            result, _ = self._engine(pixels, use_cls=False)
        return layout(result or [])


ENGINE = _Engine()


Item = tuple[float, float, float, float, str, float]  # top, bottom, left, right, text, score


def layout(boxes: list[Any]) -> OcrText:
    """Return OCR boxes (`[corners, text, score]`) as text in reading order with its weighted confidence.

    Columns are found first: a gutter is a vertical strip that no box of the page's body crosses. Boxes that
    span a gutter (a title over two columns) cut the page into bands; inside a band, each column is read top to
    bottom before the next one.
    """
    items: list[Item] = []
    for corners, text, score in boxes:
        text = str(text).strip()
        if text:
            xs = [point[0] for point in corners]
            ys = [point[1] for point in corners]
            items.append((min(ys), max(ys), min(xs), max(xs), text, float(score)))
    if not items:
        return OcrText("", None)
    height = median(bottom - top for top, bottom, *_ in items) or 1.0
    gutters = _gutters(items)
    blocks: list[list[Item]] = []
    band: dict[int, list[Item]] = {}
    for item in sorted(items, key=lambda item: item[0]):
        column = _column(item, gutters)
        if column is None:  # crosses a gutter: ends the band above it
            blocks.extend(band[key] for key in sorted(band))
            band = {}
            blocks.append([item])
        else:
            band.setdefault(column, []).append(item)
    blocks.extend(band[key] for key in sorted(band))
    text = "\n\n".join(_lines(block, height) for block in blocks)  # a column or a band is a paragraph break
    weight = sum(len(item[4]) for item in items)
    confidence = sum(len(item[4]) * item[5] for item in items) / weight
    return OcrText(text, round(confidence, 4))


def _gutters(items: list[Item]) -> list[tuple[float, float]]:
    """Return the column gutters: x ranges at least a line height wide that the narrower boxes leave free, with
    at least MIN_COLUMN_LINES boxes on each side and few boxes crossing (a title may; a paragraph may not)."""
    left = min(item[2] for item in items)
    right = max(item[3] for item in items)
    height = median(item[1] - item[0] for item in items) or 1.0
    spans = sorted((item[2], item[3]) for item in items if item[3] - item[2] < (right - left) * 0.6)
    gutters = []
    reach = left
    for start, end in spans:
        if start - reach >= height and reach > left:
            before = sum(1 for item in items if item[3] <= reach + 1)
            after = sum(1 for item in items if item[2] >= start - 1)
            crossing = len(items) - before - after
            if min(before, after) >= MIN_COLUMN_LINES and crossing <= 0.25 * (before + after):
                gutters.append((reach, start))
        reach = max(reach, end)
    return gutters


def _column(item: Item, gutters: list[tuple[float, float]]) -> int | None:
    column = 0
    for low, high in gutters:
        if item[3] <= low + 1:
            return column
        if item[2] < high - 1:
            return None  # the box crosses this gutter
        column += 1
    return column


def _lines(items: list[Item], height: float) -> str:
    lines: list[list[Item]] = []
    for item in sorted(items, key=lambda item: (item[0] + item[1]) / 2):
        centre = (item[0] + item[1]) / 2
        if lines:
            last = lines[-1]
            if abs(centre - sum((i[0] + i[1]) / 2 for i in last) / len(last)) < height / 2:
                last.append(item)
                continue
        lines.append([item])
    parts: list[str] = []
    previous_bottom: float | None = None
    for line in lines:
        line.sort(key=lambda item: item[2])
        top = min(item[0] for item in line)
        if previous_bottom is not None:
            parts.append("\n\n" if top - previous_bottom > height else "\n")
        parts.append(" ".join(item[4] for item in line))
        previous_bottom = max(item[1] for item in line)
    return "".join(parts)


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
                results[number] = ENGINE.read(bitmap.to_numpy().copy())
                bitmap.close()
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
        raise CorruptDocument(f"The image cannot be read ({type(exc).__name__}).") from None
    if width * height > limits.max_image_pixels:
        raise DocumentTooComplex(
            f"The image has {width * height:,} pixels (limit {limits.max_image_pixels:,}).",
            details={"pixels": width * height, "max_pixels": limits.max_image_pixels},
        )
    return image


def ocr_image(data: bytes, limits: ParseLimits) -> OcrText:
    """Decode an image (its first frame), scale it into the OCR range and read it."""
    image = open_image(data, limits)
    try:
        image.seek(0)
        gray = image.convert("L")
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise CorruptDocument(f"The image cannot be decoded ({type(exc).__name__}).") from None
    scale = min(1.0, _MAX_SIDE / max(gray.size))
    if scale < 1.0:
        gray = gray.resize((max(1, int(gray.width * scale)), max(1, int(gray.height * scale))))
    text = ENGINE.read(np.asarray(gray))
    if limits.ocr_progress is not None:
        limits.ocr_progress(1, 1)
    return text
