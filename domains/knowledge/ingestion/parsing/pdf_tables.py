"""Tables in a PDF's text layer, found by pdfplumber (ruled tables: the lines strategy; on a page where it finds
none, tables drawn by alignment alone: pdf_unruled.py), appended to their page's text as header-named rows, so
each row stays one quotable line whatever the text layer did with the columns.

The page's own text is left as the extractor produced it (its spans and page map do not move); the table view
follows it on the same page. Rows that a PDF stacks into one ruled cell (several values separated by line
breaks in every cell of the row) are split back into one row per value.
"""

from __future__ import annotations

import io
import itertools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from domains.knowledge.ingestion.parsing.builder import header_names, inline, render_row
from domains.knowledge.ingestion.parsing.document import ParsedBlock
from domains.knowledge.ingestion.parsing.pdf_unruled import MIN_ROWS, NUMBER, unruled_rows

logging.getLogger("pdfminer").setLevel(logging.ERROR)

ROW_SEPARATOR = "\n\n"
# A ruled table is drawn with paths; a page with fewer path objects holds none worth the slow pdfplumber pass.
MIN_PATHS = 10
UNMAPPED_GLYPH = "(cid"  # pdfminer's "(cid:N)", a glyph without a character: such a row is not text to quote


@dataclass(frozen=True)
class PageTables:
    """The rendered rows of the tables found on one page (1-based)."""

    page: int
    rows: list[str]


def find_tables(data: bytes, max_pages: int, texts: Sequence[str] = ()) -> list[PageTables]:
    """Return each page's table rows, for at most `max_pages` pages with ruling or, by their text (`texts`, one per
    page), lines of figures one under the other (the first ones), or []."""
    if max_pages <= 0:
        return []
    candidates = sorted(set(ruled_pages(data)) | set(figure_pages(texts)))[:max_pages]
    if not candidates:
        return []
    import pdfplumber  # pdfminer under it is slow to import: only PDFs with ruling pay for it

    found: list[PageTables] = []
    header: list[str] | None = None  # a table continued on the next page repeats no header: it keeps this one
    try:
        with pdfplumber.open(io.BytesIO(data), pages=candidates) as pdf:
            for number, page in zip(candidates, pdf.pages, strict=True):
                rows: list[str] = []
                for table in page.find_tables():
                    table_lines, header = table_rows(table.extract(), _spanned_headers(page, table), header)
                    rows.extend(line for line in table_lines if _quotable(line))
                if len(rows) < MIN_ROWS:  # no ruled table (a ruled header box is not one): columns may still
                    rows = unruled_rows(page) or rows  # be drawn by alignment alone (pdf_unruled.py)
                page.flush_cache()
                if rows:
                    found.append(PageTables(number, rows))
    except Exception:  # a table view is a bonus: a PDF pdfplumber cannot read still has its text layer
        logging.getLogger(__name__).warning("table extraction failed", exc_info=True)
        return []
    return found


_UNNAMED = re.compile(r"(?:^| \| )Column \d+: ")


def _quotable(line: str) -> bool:
    """A row worth keeping: no unmapped glyphs, and most of its cells named by a header (a figure's axes or a
    form's boxes caught by the ruling come out as cells of `Column N`)."""
    return UNMAPPED_GLYPH not in line and len(_UNNAMED.findall(line)) * 2 < line.count(": ")


def _spanned_headers(page: Any, table: Any) -> dict[int, dict[int, str]]:
    """Return, per row and column, the names a header cell spanning several columns gives each of them.

    A header like "Pre-Pawn / Handgun Long Gun *Other" spans three columns: its words are assigned to the
    column under which they sit, and a first line sitting over the whole span is a group name prefixed to each.
    """
    rows = table.rows
    widest = max(rows, key=lambda row: sum(cell is not None for cell in row.cells))
    columns = [cell for cell in widest.cells]
    if any(cell is None for cell in columns):
        return {}
    names: dict[int, dict[int, str]] = {}
    for row_index, row in enumerate(rows[:4]):
        cells = row.cells
        for start, bbox in enumerate(cells):
            if bbox is None:
                continue
            end = start + 1
            while end < len(cells) and cells[end] is None:
                end += 1
            if end - start < 2:
                continue
            words = page.crop(bbox).extract_words()
            lines: dict[int, list[Any]] = {}
            for word in words:
                lines.setdefault(round(word["top"]), []).append(word)
            ordered = [lines[top] for top in sorted(lines)]
            group = ""
            if len(ordered) > 1 and len({_column_of(w, columns, start, end) for w in ordered[0]}) == 1:
                group = " ".join(w["text"] for w in ordered[0])
                ordered = ordered[1:]
            parts: dict[int, list[str]] = {}
            for line in ordered:
                for word in line:
                    parts.setdefault(_column_of(word, columns, start, end), []).append(word["text"])
            for column in range(start, end):
                label = " ".join(parts.get(column, []))
                names.setdefault(row_index, {})[column] = f"{group} {label}".strip() if label else group
    return names


def _column_of(word: Any, columns: list[Any], start: int, end: int) -> int:
    centre = (word["x0"] + word["x1"]) / 2
    for column in range(start, end):
        if columns[column][0] <= centre < columns[column][2]:
            return column
    return start if centre < columns[start][0] else end - 1


def figure_pages(texts: Sequence[str]) -> list[int]:
    """Return the 1-based pages whose text holds MIN_ROWS lines in a row with two or more figures among three or more
    words: a table drawn by alignment alone, without one ruled line, may be there (pdf_unruled.py decides)."""
    pages = []
    for number, text in enumerate(texts, start=1):
        run = 0
        for line in text.splitlines():
            words = line.split()
            figures = sum(1 for word in words if NUMBER.fullmatch(word))
            run = run + 1 if len(words) >= 3 and figures >= 2 else 0
            if run >= MIN_ROWS:
                pages.append(number)
                break
    return pages


def ruled_pages(data: bytes) -> list[int]:
    """Return the 1-based pages with at least MIN_PATHS path objects (pdfium counts them in milliseconds)."""
    pages = []
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        return []
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                paths = page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,), max_depth=3)
                if sum(1 for _ in itertools.islice(paths, MIN_PATHS)) >= MIN_PATHS:
                    pages.append(index + 1)
            finally:
                page.close()
    finally:
        document.close()
    return pages


def table_rows(
    table: Sequence[Sequence[str | None]],
    spanned: dict[int, dict[int, str]] | None = None,
    previous_header: list[str] | None = None,
) -> tuple[list[str], list[str] | None]:
    """Render one extracted table as header-named rows and return them with the header names used.

    The header is the row just above the first row of data; a table that starts with data (continued from the
    previous page) takes `previous_header` when the column counts agree."""
    grid = [[cell or "" for cell in row] for row in table]
    for row_index, columns in (spanned or {}).items():
        for column, name in columns.items():
            grid[row_index][column] = name
    if not grid:
        return [], previous_header
    header_at = _header_index(grid)
    if header_at is None:
        if previous_header is None or len(previous_header) != len(grid[0]) or not _is_data(grid[0]):
            return [], previous_header
        names, body = previous_header, grid
    else:
        names, body = header_names(grid[header_at]), grid[header_at + 1 :]
    lines = []
    for row in body:
        for single in _unstack(row):
            line = render_row(names, [_collapse_spaced_digits(cell) for cell in single])
            if line and line.count(": ") >= 2:
                lines.append(line)
    return lines, names


_NUMERIC = re.compile(r"[\d\s.,/:%$()+\-]*\d[\d\s.,/:%$()+\-]*")


def _is_data(row: list[str]) -> bool:
    filled = [cell for cell in row if cell.strip()]
    return bool(filled) and sum(1 for cell in filled if _NUMERIC.fullmatch(cell.strip())) * 2 >= len(filled)


def _header_index(grid: list[list[str]]) -> int | None:
    """The header is the row just above the first row that is mostly numbers (titles may sit above it); a
    table whose first row is data has none. Without a numeric row: the first row naming half the columns."""
    for index, row in enumerate(grid[:8]):
        if _is_data(row):
            return index - 1 if index > 0 and any(cell.strip() for cell in grid[index - 1]) else None
    width = max((len(row) for row in grid), default=0)
    for index, row in enumerate(grid[:4]):
        if len(grid) > index + 1 and sum(1 for cell in row if cell.strip()) * 2 >= width:
            return index
    return None


def _collapse_spaced_digits(cell: str) -> str:
    # Widely tracked glyphs come out as "0 3 / 2 5 / 2 0 16"; a value made only of such short digit groups and
    # separators is one value, "03/25/2016".
    tokens = cell.split()
    if len(tokens) >= 4 and all(len(token) <= 2 for token in tokens) and _NUMERIC.fullmatch(cell):
        return "".join(tokens)
    return cell


def _unstack(row: list[str]) -> list[list[str]]:
    filled = [cell.split("\n") for cell in row if cell.strip()]
    heights = {len(parts) for parts in filled}
    if len(heights) == 1 and (height := heights.pop()) > 1:
        return [[cell.split("\n")[line] if cell.strip() else "" for cell in row] for line in range(height)]
    return [row]


def append_tables(pages: list[str], tables: list[PageTables]) -> list[str]:
    """Return the page texts with each page's table rows after the table's own lines: after the last line of the
    page's text that shows two or more of the last row's values ("4 Replace emergency light unit Stairwell B ...
    $215"), so the rows stay under the heading the table sits under; after the page's text when no line does."""
    out = list(pages)
    for table in tables:
        page = out[table.page - 1]
        named = ROW_SEPARATOR + ROW_SEPARATOR.join(table.rows)
        end = _table_end(page, table.rows[-1]) if table.rows else None
        if end is None:
            out[table.page - 1] = page + named
        else:
            out[table.page - 1] = page[:end] + named + ROW_SEPARATOR + page[end:].lstrip("\n")
    return out


MIN_VALUES_SHOWN = 2  # of the last row's values, on the line that ends the table's text


def _table_end(page: str, last_row: str) -> int | None:
    """Return the offset just after the last line of `page` showing the last row's values, or None."""
    values = [cell.partition(": ")[2].strip() for cell in last_row.split(" | ")]
    values = [value for value in values if len(value) >= 2]
    if len(values) < MIN_VALUES_SHOWN:
        return None
    end = None
    position = 0
    for line in page.split("\n"):
        position += len(line) + 1
        if sum(1 for value in values if value in line) >= MIN_VALUES_SHOWN:
            end = position - 1
    if end is None or not page[end:].strip():
        return None  # not found, or the table ends the page: appended as before
    return end


def mark_table_rows(text: str, blocks: list[ParsedBlock], tables: list[PageTables]) -> list[ParsedBlock]:
    """Return `blocks` with the paragraphs that are appended table rows re-labelled `table_row`."""
    rows = {inline(row) for table in tables for row in table.rows}
    if not rows:
        return blocks
    return [
        ParsedBlock("table_row", block.char_start, block.char_end, block.page)
        if block.kind == "paragraph" and text[block.char_start : block.char_end] in rows
        else block
        for block in blocks
    ]
