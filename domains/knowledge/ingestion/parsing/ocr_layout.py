"""OCR boxes back into page text: spaces the recognizer dropped, full-width punctuation, reading order.

The PP-OCRv4 recognizer (trained mostly on Chinese) reads English letters well but often drops the space between
words ("TITLEI:WIPOTREATY", "treaties.First") and writes full-width punctuation ("，"). With the page's pixels
and the position of every recognized character (the CTC column it was decoded at), a dropped space is restored
where the ink between two characters leaves a blank gap as wide as the spaces the recognizer did read on that
line (or on the page, for a line without any). A gap wider than the box is tall is no space but a column gutter
or a table cell gap the detector bridged: the box is split there, so the columns can be found.

Reading order: columns are found first (a gutter is a vertical strip that no box of the page's body crosses;
boxes that span it, such as a title over two columns, cut the page into bands); inside a band each column is
read top to bottom before the next one; boxes whose vertical centres fall within half a line height form one
line, read left to right, and a gap taller than a line between two lines starts a new paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from statistics import median
from typing import Any

import numpy as np

MIN_COLUMN_LINES = 5
INK_LEVEL = 160  # a grayscale pixel darker than this is ink
SPACE_SHARE = 0.6  # a blank gap this share of the line's typical word space (or wider) is a space
MIN_SPACE_GAP = 0.12  # ... but never narrower than this share of the box height
DEFAULT_SPACE_GAP = 0.3  # typical word space / box height when the page has too few read spaces to tell
SPLIT_GAP = 1.0  # a blank gap wider than the box is tall splits the box (a gutter or a table cell gap)
_NO_SPACE_AFTER = frozenset("([{$“‘")
_NO_SPACE_BEFORE = frozenset(",.;:!?)]}%”’")
# Full-width ASCII forms (U+FF01..U+FF5E) and the ideographic space, as the Chinese recognizer writes them.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20, 0x3001: 0x2C, 0x3002: 0x2E}


@dataclass(frozen=True)
class OcrText:
    """What OCR read on one page: its text in reading order and the mean recognition confidence (0..1)."""

    text: str
    confidence: float | None


Item = tuple[float, float, float, float, str, float]  # top, bottom, left, right, text, score


@dataclass
class _Box:
    top: float
    bottom: float
    left: float
    right: float
    text: str
    score: float
    centres: list[float] | None  # x of each character of `text`, when the recognizer gave positions

    def item(self) -> Item:
        return (self.top, self.bottom, self.left, self.right, self.text, self.score)


def layout(boxes: list[Any], pixels: np.ndarray | None = None) -> OcrText:
    """Return OCR boxes as text in reading order with its confidence (recognition score averaged by characters).

    A box is `[corners, text, score]`, optionally followed by the per-character boxes and characters that
    RapidOCR gives with `return_word_box=True`; with those and the page's grayscale `pixels`, dropped spaces
    are restored and boxes bridging a gutter are split (see the module docstring).
    """
    parsed = [box for box in (_parse(entry) for entry in boxes) if box is not None]
    if pixels is not None and parsed:
        parsed = _respace(parsed, pixels < INK_LEVEL)
    items = [box.item() for box in parsed if box.text.strip()]
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


def fold_full_width(text: str) -> str:
    """Map full-width ASCII forms (and the ideographic space, comma and full stop) to ASCII."""
    return text.translate(_FULL_WIDTH)


def _parse(entry: Any) -> _Box | None:
    corners, text, score = entry[0], fold_full_width(str(entry[1])), float(entry[2])
    if not text.strip():
        return None
    xs = [point[0] for point in corners]
    ys = [point[1] for point in corners]
    centres = None
    if len(entry) >= 5 and len(entry[3]) == len(entry[4]) == len(text):
        centres = [(char_box[0][0] + char_box[1][0]) / 2 for char_box in entry[3]]
        if any(later < earlier for earlier, later in pairwise(centres)):
            centres = None  # not a left-to-right line (a rotated box): leave its text as read
    return _Box(min(ys), max(ys), min(xs), max(xs), text, score, centres)


def _blank_run(ink: np.ndarray, top: float, bottom: float, start: float, end: float) -> int:
    """The widest run of ink-free pixel columns between x = start and x = end within the box's rows."""
    columns = ink[max(int(top), 0) : max(int(bottom), 0), max(int(start), 0) : max(int(end), 0)]
    if columns.size == 0:
        return 0
    blank = ~columns.any(axis=0)
    padded = np.concatenate(([0], blank.astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(padded))
    return int((edges[1::2] - edges[::2]).max()) if edges.size else 0


def _gaps(box: _Box, ink: np.ndarray) -> tuple[list[tuple[int, float]], list[float]]:
    """Return the blank gap (share of the box height) between each pair of adjacent non-space characters
    (index of the left one), and the gaps across the spaces the recognizer read."""
    assert box.centres is not None
    height = max(box.bottom - box.top, 1.0)
    text, centres = box.text, box.centres
    pairs: list[tuple[int, float]] = []
    spaces: list[float] = []
    for index in range(len(text) - 1):
        if text[index] == " ":
            continue
        if text[index + 1] == " ":
            after = index + 2
            if after < len(text) and text[after] != " ":
                run = _blank_run(ink, box.top, box.bottom, centres[index], centres[after])
                spaces.append(run / height)
            continue
        run = _blank_run(ink, box.top, box.bottom, centres[index], centres[index + 1])
        pairs.append((index, run / height))
    return pairs, spaces


def _respace(boxes: list[_Box], ink: np.ndarray) -> list[_Box]:
    measured = [(box, *_gaps(box, ink)) for box in boxes if box.centres is not None]
    read_spaces = [gap for _, _, spaces in measured for gap in spaces]
    page_space = median(read_spaces) if len(read_spaces) >= 5 else DEFAULT_SPACE_GAP
    out = [box for box in boxes if box.centres is None]
    for box, pairs, spaces in measured:
        typical = median(spaces) if len(spaces) >= 2 else page_space
        threshold = max(SPACE_SHARE * typical, MIN_SPACE_GAP)
        out.extend(_apply(box, pairs, threshold))
    return out


def _apply(box: _Box, pairs: list[tuple[int, float]], threshold: float) -> list[_Box]:
    """Insert the restored spaces into the box's text, and split it at gaps wider than it is tall."""
    assert box.centres is not None
    cuts = {index for index, gap in pairs if gap >= SPLIT_GAP}
    spaced = {index for index, gap in pairs if gap >= threshold and _may_space(box.text[index], box.text[index + 1])}
    segments: list[list[tuple[str, float]]] = [[]]
    for index, char in enumerate(box.text):
        segments[-1].append((char, box.centres[index]))
        if index in cuts:
            segments.append([])
        elif index in spaced:
            segments[-1].append((" ", (box.centres[index] + box.centres[index + 1]) / 2))
    half = (box.right - box.left) / len(box.text) / 2  # half the mean character pitch
    pieces = []
    for segment in segments:
        while segment and segment[0][0] == " ":
            segment.pop(0)
        while segment and segment[-1][0] == " ":
            segment.pop()
        if segment:
            centres = [centre for _, centre in segment]
            left = box.left if len(segments) == 1 else max(box.left, centres[0] - half)
            right = box.right if len(segments) == 1 else min(box.right, centres[-1] + half)
            text = "".join(char for char, _ in segment)
            pieces.append(_Box(box.top, box.bottom, left, right, text, box.score, centres))
    return pieces


def _may_space(left: str, right: str) -> bool:
    if left in _NO_SPACE_AFTER or right in _NO_SPACE_BEFORE:
        return False
    # Digits of one number ("1201"), or a number and its parenthesised part ("1201(c)", "(c)(1)"), stay together.
    return not ((left.isdigit() or left == ")") and (right.isdigit() or right == "("))


def _gutters(items: list[Item]) -> list[tuple[float, float]]:
    """Return the column gutters, left to right.

    A candidate is the least covered stretch, at least a line height wide, of a run of x positions that few
    boxes cover (a title or a page number may sit across a gutter; the lines of a paragraph may not). It is a
    gutter when at least
    MIN_COLUMN_LINES boxes lie wholly on each side of its middle and at most a quarter of the smaller side's
    count cross it; its
    bounds are the right edge of the boxes on its left and the left edge of the boxes on its right.
    """
    left = int(min(item[2] for item in items))
    right = int(max(item[3] for item in items)) + 1
    height = median(item[1] - item[0] for item in items) or 1.0
    cover = np.zeros(right - left + 1, dtype=np.int32)
    for item in items:
        cover[int(item[2]) - left : int(item[3]) - left + 1] += 1
    sparse = np.concatenate(([0], (cover <= 0.2 * len(items)).astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(sparse))
    gutters = []
    for run_start, run_end in zip(edges[::2], edges[1::2], strict=True):
        if run_start == 0 or run_end >= len(cover):
            continue  # the page's own margin
        start, end = _least_covered(cover[run_start:run_end], len(items))
        if end - start < height:
            continue  # narrower than a line is tall
        middle = left + run_start + (start + end) / 2
        before = [item[3] for item in items if item[3] <= middle]
        after = [item[2] for item in items if item[2] >= middle]
        crossing = len(items) - len(before) - len(after)
        if min(len(before), len(after)) >= MIN_COLUMN_LINES and crossing <= 0.25 * min(len(before), len(after)):
            low, high = max(before), min(after)
            if high - low >= height / 2:
                gutters.append((low, high))
    return gutters


def _least_covered(cover: np.ndarray, boxes: int) -> tuple[int, int]:
    """The longest run of the positions with (nearly) the least cover: the gutter inside a sparse stretch."""
    least = np.concatenate(([0], (cover <= cover.min() + max(1, 0.05 * boxes)).astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(least))
    widths = edges[1::2] - edges[::2]
    best = int(widths.argmax())
    return int(edges[2 * best]), int(edges[2 * best + 1])


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
