"""Tables without ruling in a PDF page, found from where the words sit (pdfplumber's word boxes).

A table without lines is still visible in its geometry: rows are lines of several phrases separated by wide gaps,
at least one of them a number, one under the other; its columns are the x-ranges those phrases fill; its header
is the few lines of text right above the first row. Each column takes the name of the header phrases over it
(stacked header lines join: "DATE" over "POSTED" is `DATE POSTED`; a group over sub-columns prefixes each), and a
line with a phrase in only one or two columns and no number continues the row above (a wrapped description).

What is not a table: prose (one phrase per line, or two in a two-column layout), a run of fewer than three rows,
a header naming fewer than three columns, or a "row" whose phrase crosses two columns.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field
from typing import Any

from domains.knowledge.ingestion.parsing.builder import header_names, render_row

MIN_COLUMNS = 3  # phrases in a data line, and named columns in a header
MIN_ROWS = 3  # data lines in a table
MAX_HEADER_LINES = 4
MAX_HEADER_WORDS = 6  # a header names its columns; a longer phrase above the rows is a sentence
NUMBER = re.compile(r"[$(]?[-+]?\d[\d,./:\-]*%?\)?")  # a figure: a cell's number, or a word of a row of figures


@dataclass(frozen=True)
class Phrase:
    """Words of one line separated by less than a word gap: a cell's text, or a header name."""

    x0: float
    x1: float
    top: float
    text: str

    def overlap(self, x0: float, x1: float) -> float:
        return min(self.x1, x1) - max(self.x0, x0)


@dataclass
class _Line:
    top: float
    height: float
    phrases: list[Phrase] = field(default_factory=list)

    @property
    def numeric(self) -> bool:
        return any(NUMBER.fullmatch(phrase.text) for phrase in self.phrases)

    @property
    def is_data(self) -> bool:
        return len(self.phrases) >= MIN_COLUMNS and self.numeric


def unruled_rows(page: Any) -> list[str]:
    """Return the header-named rows of every unruled table on a pdfplumber page (none for prose)."""
    words = page.extract_words(x_tolerance=1, y_tolerance=2, extra_attrs=["size", "upright"])
    lines = _lines([word for word in words if word["upright"]])  # a rotated margin stamp is not a cell
    rows: list[str] = []
    index = 0
    while index < len(lines):
        if not lines[index].is_data:
            index += 1
            continue
        end = _body_end(lines, index)
        rows.extend(_render(lines, index, end))
        index = end
    return rows


def _lines(words: list[dict[str, Any]]) -> list[_Line]:
    """Group words into lines (by their top edge) and each line's words into phrases (by the gaps between them)."""
    lines: list[_Line] = []
    for word in sorted(words, key=lambda w: (w["top"], w["x0"])):
        size = float(word.get("size") or (word["bottom"] - word["top"]))
        if not lines or word["top"] - lines[-1].top > size * 0.5:
            lines.append(_Line(float(word["top"]), size))
        line = lines[-1]
        line.height = max(line.height, size)
        last = line.phrases[-1] if line.phrases else None
        gap = word["x0"] - last.x1 if last is not None else None
        if last is not None and gap is not None and -size < gap < size:
            line.phrases[-1] = Phrase(last.x0, float(word["x1"]), last.top, f"{last.text} {word['text']}")
        else:
            line.phrases.append(Phrase(float(word["x0"]), float(word["x1"]), float(word["top"]), word["text"]))
    for line in lines:
        line.phrases.sort(key=lambda phrase: phrase.x0)
    return lines


def _body_end(lines: list[_Line], start: int) -> int:
    """Return the index after the last line of the table body that starts at `start` (a data line)."""
    pitches = [
        b.top - a.top for a, b in zip(lines[start:], lines[start + 1 :], strict=False) if b.is_data and a.is_data
    ]
    pitch = statistics.median(pitches[:20]) if pitches else lines[start].height * 1.5
    columns = _intervals([p for line in lines[start : start + 1] for p in line.phrases])
    end = start + 1
    while end < len(lines):
        line, previous = lines[end], lines[end - 1]
        if line.top - previous.top > max(pitch, line.height) * 3.5:
            break
        if line.is_data:
            columns = _merge(columns, _intervals(line.phrases))
        elif line.numeric or len(line.phrases) > 2 or any(_crosses(p, columns) for p in line.phrases):
            break  # not a wrapped cell: the table ended
        end += 1
    return end


def _intervals(phrases: list[Phrase]) -> list[tuple[float, float]]:
    return _merge([], [(p.x0, p.x1) for p in phrases])


def _merge(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for x0, x1 in sorted(a + b):
        if merged and x0 <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], x1))
        else:
            merged.append((x0, x1))
    return merged


def _crosses(phrase: Phrase, columns: list[tuple[float, float]]) -> bool:
    return sum(1 for x0, x1 in columns if phrase.overlap(x0, x1) > 0) > 1


def _header(lines: list[_Line], start: int) -> list[Phrase]:
    """Return the phrases of the (up to four) text lines right above the first row, nearest line last."""
    phrases: list[Phrase] = []
    above = start - 1
    bottom = lines[start].top
    while above >= 0 and start - above <= MAX_HEADER_LINES:
        line = lines[above]
        if line.numeric or bottom - line.top > line.height * 3:
            break
        if phrases and not all(_is_name(phrase.text) for phrase in line.phrases):
            break  # a sentence introducing the table ("The table below lists ...") sits above its header
        phrases = line.phrases + phrases
        bottom = line.top
        above -= 1
    return phrases


def _is_table(data: list[_Line], header: list[Phrase], columns: list[tuple[float, float]]) -> bool:
    """Tell a table from prose laid out in blocks: its rows put one phrase per column (prose lines, whose gaps
    fall anywhere, put several phrases into one merged column), a column holds a number in most rows, and the
    header is a few short names."""
    if len(data) < MIN_ROWS or len(header) < MIN_COLUMNS or len(columns) < MIN_COLUMNS:
        return False
    if not all(_is_name(phrase.text) for phrase in header):
        return False
    cells = [[_column_of(phrase, columns) for phrase in line.phrases] for line in data]
    if sum(len(set(row)) < len(row) for row in cells) * 5 > len(data):
        return False
    numeric = [0] * len(columns)
    for line, row in zip(data, cells, strict=True):
        for phrase, column in zip(line.phrases, row, strict=True):
            numeric[column] += bool(NUMBER.fullmatch(phrase.text))
    return max(numeric) * 10 >= len(data) * 6


def _is_name(text: str) -> bool:
    """A column name is short, does not start in lower case and holds no sentence break (prose above rows does)."""
    return len(text.split()) <= MAX_HEADER_WORDS and not text[:1].islower() and ". " not in text


def _column_of(phrase: Phrase, columns: list[tuple[float, float]]) -> int:
    return max(range(len(columns)), key=lambda c: phrase.overlap(*columns[c]))


def _render(lines: list[_Line], start: int, end: int) -> list[str]:
    data = [line for line in lines[start:end] if line.is_data]
    header = _header(lines, start)
    columns = _intervals([phrase for line in data for phrase in line.phrases])
    if not _is_table(data, header, columns):
        return []
    names = [_column_name(header, x0, x1) for x0, x1 in columns]
    if sum(1 for name in set(names) if name) < MIN_COLUMNS:
        return []
    rows: list[list[str]] = []
    for line in lines[start:end]:
        if line.is_data:
            rows.append([""] * len(columns))
        elif not rows:
            continue
        for phrase in line.phrases:
            column = _column_of(phrase, columns)
            rows[-1][column] = f"{rows[-1][column]} {phrase.text}".strip()
    distinct = list(dict.fromkeys(names))  # columns named alike (no header over one of them) share a cell
    merged_names = header_names(distinct)
    out: list[str] = []
    for row in rows:
        cells = [" ".join(row[c] for c in range(len(columns)) if names[c] == name and row[c]) for name in distinct]
        rendered = render_row(merged_names, cells)
        if rendered.count(": ") >= 2:
            out.append(rendered)
    return out


def _column_name(header: list[Phrase], x0: float, x1: float) -> str:
    """Name a column by the lowest header phrase over it, joined with the phrases stacked above that one."""
    over = [phrase for phrase in header if phrase.overlap(x0, x1) > 0]
    if not over:
        return ""
    leaf = max(over, key=lambda phrase: (phrase.top, phrase.overlap(x0, x1)))
    stack = sorted((p for p in header if p.overlap(leaf.x0, leaf.x1) > 0 and p.top <= leaf.top), key=lambda p: p.top)
    return " ".join(phrase.text for phrase in stack)
