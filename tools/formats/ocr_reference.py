"""What an OCR page is compared with, and what kind of page it is (`make eval-ocr`, tools/formats/ocr_eval.py).

- `page_order_reference`: the page's text layer put in reading order by its geometry. PDFium gives every
  character with its box; characters are grouped into runs along a line (a gap wider than the line is tall, a
  column gutter, ends a run), and the runs go through the same reading-order rules as the OCR boxes (columns,
  lines, paragraphs). This is the fair
  reference: the text layer's own order is the order the producer wrote the strings in, which may put a
  running footer second or interleave three columns line by line (the IRS booklet).
- `prose_share` / `page_kind`: a page is English *prose* when blocks of running sentences (at least 12 words, at
  least 80% of them alphabetic, a sentence end among them) hold at least 60% of its letters and digits;
  anything else (a form, a table, a transcript cover of short lines) is *other* and reported apart. Blocks,
  not lines: a first definition by lines of at least six words classed a three-column page as *other* only
  because its columns are narrow.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium

from domains.knowledge.ingestion.normalization import normalize_text
from domains.knowledge.ingestion.parsing.ocr_layout import layout

_WORD = re.compile(r"^[\"'(\[“‘]*[A-Za-z][A-Za-z'’-]*[.,;:!?)\]”’\"]*$")
PROSE_BLOCK_WORDS = 12
PROSE_SHARE = 0.6


def page_order_reference(data: bytes, number: int, scale: float) -> str:
    """The text layer of 1-based page `number`, in reading order by position (`scale` = pixels per point)."""
    document = pdfium.PdfDocument(data)
    try:
        page = document[number - 1]
        width, height = page.get_size()
        textpage = page.get_textpage()
        chars = []
        for index in range(textpage.count_chars()):
            _, bottom, _, top = textpage.get_charbox(index, loose=True)  # the line's height, whatever the glyph
            left, _, right, _ = textpage.get_charbox(index)  # the glyph's own ink across
            if right < 0 or left > width or top < 0 or bottom > height:
                continue  # outside the page as it is shown and rendered (printer's marks above the crop box)
            char = textpage.get_text_range(index, 1)
            chars.append((char, (height - top) * scale, (height - bottom) * scale, left * scale, right * scale))
        textpage.close()
        page.close()
    finally:
        document.close()
    boxes = [
        [[[left, top], [right, top], [right, bottom], [left, bottom]], text, 1.0]
        for top, bottom, left, right, text in _runs(chars)
    ]
    return normalize_text(layout(boxes).text, pdf=True)


Char = tuple[str, float, float, float, float]  # character, top, bottom, left, right


def _runs(chars: list[Char]) -> list[tuple[float, float, float, float, str]]:
    """Group the page's characters (in the text layer's order) into runs along one line: a line break, a jump
    back or to another line, or a gap wider than the line is tall (a column gutter) ends a run."""
    runs: list[tuple[float, float, float, float, str]] = []
    run: list[Char] = []

    def close() -> None:
        glyphs = [c for c in run if c[0].strip()]
        if glyphs:
            text = " ".join("".join(c[0] for c in run).split())
            top, bottom = min(c[1] for c in glyphs), max(c[2] for c in glyphs)
            runs.append((top, bottom, min(c[3] for c in glyphs), max(c[4] for c in glyphs), text))
        run.clear()

    for char in chars:
        text, top, bottom, left, _ = char
        if not text or text in "\r\n":
            close()
            continue
        if not text.strip():
            run.append((" ", *char[1:]))
            continue
        glyphs = [c for c in run if c[0].strip()]
        if glyphs:
            last = glyphs[-1]
            size = max(min(last[2] - last[1], bottom - top), 1.0)
            other_line = abs((top + bottom) / 2 - (last[1] + last[2]) / 2) > size / 2
            if other_line or not -size / 2 < left - last[4] < size:
                close()
            elif left - last[4] > 0.25 * size and run[-1][0] != " " and text not in ",.;:)":
                run.append((" ", top, bottom, last[4], left))
        run.append(char)
    close()
    return runs


def prose_share(text: str) -> float:
    """The share of the page's letters and digits that stand in blocks of running sentences: a block (text
    between blank lines, its lines joined, so a narrow column counts like a wide one) of at least
    PROSE_BLOCK_WORDS words, at least 80% of them alphabetic, with at least one sentence end."""
    total = prose = 0
    for block in text.split("\n\n"):
        count = sum(1 for char in block if char.isalnum())
        words = block.split()
        total += count
        alphabetic = sum(1 for word in words if _WORD.match(word))
        sentence = any(word.endswith((".", "?", "!")) for word in words)
        if len(words) >= PROSE_BLOCK_WORDS and alphabetic >= 0.8 * len(words) and sentence:
            prose += count
    return prose / total if total else 0.0


def page_kind(text: str) -> str:
    return "prose" if prose_share(text) >= PROSE_SHARE else "other"
