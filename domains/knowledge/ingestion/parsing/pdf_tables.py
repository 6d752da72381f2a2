"""Tables in a PDF's text layer, found by pdfplumber (ruled tables: the lines strategy), appended to their page's
text as header-named rows, so each row stays one quotable line whatever the text layer did with the columns.

The page's own text is left as the extractor produced it (its spans and page map do not move); the table view
follows it on the same page. Rows that a PDF stacks into one ruled cell (several values separated by line
breaks in every cell of the row) are split back into one row per value.
"""

from __future__ import annotations

import io
import itertools
import logging
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from domains.knowledge.ingestion.parsing.builder import header_names, inline, render_row
from domains.knowledge.ingestion.parsing.document import ParsedBlock

logging.getLogger("pdfminer").setLevel(logging.ERROR)

ROW_SEPARATOR = "\n\n"
# A ruled table is drawn with paths; a page with fewer path objects holds none worth the slow pdfplumber pass.
MIN_PATHS = 10


@dataclass(frozen=True)
class PageTables:
    """The rendered rows of the tables found on one page (1-based)."""

    page: int
    rows: list[str]


def find_tables(data: bytes, max_pages: int) -> list[PageTables]:
    """Return each page's table rows, for at most `max_pages` pages with ruling (the first ones), or []."""
    if max_pages <= 0:
        return []
    candidates = ruled_pages(data)[:max_pages]
    if not candidates:
        return []
    import pdfplumber  # pdfminer under it is slow to import: only PDFs with ruling pay for it

    found: list[PageTables] = []
    try:
        with pdfplumber.open(io.BytesIO(data), pages=candidates) as pdf:
            for number, page in zip(candidates, pdf.pages, strict=True):
                rows: list[str] = []
                for table in page.extract_tables():
                    rows.extend(table_rows(table))
                page.flush_cache()
                if rows:
                    found.append(PageTables(number, rows))
    except Exception:  # a table view is a bonus: a PDF pdfplumber cannot read still has its text layer
        logging.getLogger(__name__).warning("table extraction failed", exc_info=True)
        return []
    return found


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


def table_rows(table: Sequence[Sequence[str | None]]) -> list[str]:
    """Render one extracted table (first row with most cells filled as header) as header-named rows."""
    grid = [[cell or "" for cell in row] for row in table]
    grid = [row for row in grid if any(cell.strip() for cell in row)]
    if len(grid) < 2:
        return []
    header_at = _header_index(grid)
    names = header_names(grid[header_at])
    lines = []
    for row in grid[header_at + 1 :]:
        for single in _unstack(row):
            line = render_row(names, single)
            if line and line.count(": ") >= 2:
                lines.append(line)
    return lines


def _header_index(grid: list[list[str]]) -> int:
    # The header is the first row that names at least half the columns (titles spanning the table come before).
    width = max(len(row) for row in grid)
    for index, row in enumerate(grid[:4]):
        if sum(1 for cell in row if cell.strip()) * 2 >= width:
            return index
    return 0


def _unstack(row: list[str]) -> list[list[str]]:
    filled = [cell.split("\n") for cell in row if cell.strip()]
    heights = {len(parts) for parts in filled}
    if len(heights) == 1 and (height := heights.pop()) > 1:
        return [[cell.split("\n")[line] if cell.strip() else "" for cell in row] for line in range(height)]
    return [row]


def append_tables(pages: list[str], tables: list[PageTables]) -> list[str]:
    """Return the page texts with each page's table rows appended after its text."""
    out = list(pages)
    for table in tables:
        out[table.page - 1] = out[table.page - 1] + ROW_SEPARATOR + ROW_SEPARATOR.join(table.rows)
    return out


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
