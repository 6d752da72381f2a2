"""Table rows stay whole: a run of `table_row` blocks is packed into chunks of whole rows, never cut inside one.

Each row already names its columns (parsing/builder.py), so a chunk of rows needs no header repeated and no
overlap; a row longer than the chunk maximum is the one case left to the ordinary packer. A Markdown pipe table is
kept as written: PipeTables gives a chunk that continues one the header row for its section label.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from domains.knowledge.ingestion.chunking.drafts import ChunkLimits
from domains.knowledge.ingestion.parsing import ParsedBlock

Span = tuple[int, int]


class TableRows:
    """The table rows of a document, to split a section into its prose and its row runs."""

    def __init__(self, blocks: list[ParsedBlock]) -> None:
        self._rows = sorted((block.char_start, block.char_end) for block in blocks if block.kind == "table_row")
        self._starts = [start for start, _ in self._rows]

    def segments(self, start: int, end: int) -> Iterator[tuple[int, int, list[Span]]]:
        """Yield `(start, end, rows)` pieces covering `[start, end)`: prose with `rows == []`, or a row run."""
        if not self._rows:
            yield start, end, []
            return
        index = bisect_left(self._starts, start)
        position = start
        while index < len(self._rows) and self._rows[index][1] <= end:
            run = [self._rows[index]]
            index += 1
            # Consecutive rows (only whitespace between them) form one run.
            while index < len(self._rows) and self._rows[index][1] <= end and self._adjacent(run[-1], index):
                run.append(self._rows[index])
                index += 1
            if run[0][0] > position:
                yield position, run[0][0], []
            yield run[0][0], run[-1][1], run
            position = run[-1][1]
        if position < end:
            yield position, end, []

    def _adjacent(self, previous: Span, index: int) -> bool:
        return self._rows[index][0] - previous[1] <= 2


def pack_rows(rows: list[Span], limits: ChunkLimits) -> Iterator[tuple[Span, bool]]:
    """Yield chunk spans of whole rows up to the target size; `True` marks a single row past the maximum."""
    group: list[Span] = []
    for row in rows:
        if row[1] - row[0] > limits.maximum:
            if group:
                yield (group[0][0], group[-1][1]), False
                group = []
            yield row, True
            continue
        if group and row[1] - group[0][0] > limits.target:
            yield (group[0][0], group[-1][1]), False
            group = []
        group.append(row)
    if group:
        yield (group[0][0], group[-1][1]), False


# A Markdown pipe table's header row with the separator line under it ("|---|:---:|"), and the rows that follow
_PIPE_HEADER = re.compile(
    r"^([ \t]*\|[^\n]*)\n[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*(?:\n|$)", re.MULTILINE
)
_PIPE_ROWS = re.compile(r"(?:[ \t]*\|[^\n]*(?:\n|$))*")
_PIPE_LINE = re.compile(r"[ \t]*\|")
# The label suffix's wording: the extractive reader parses it back (briefing/extractive/structure._COLUMNS_HINT)
_COLUMNS_HINT = "columns: "
MAX_COLUMNS_HINT_CHARS = 200


class PipeTables:
    """The Markdown pipe tables of a text, found in one pass: where each one's rows run and the header they read
    under. Such rows are raw text ("| Yoga | £8 | £12 |"): a chunk of them after the one holding the header row says
    nothing of which column is the non-member price, so its section label carries the header (continued_columns)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._tables: list[tuple[int, int, str]] = []  # (first row's start, end of the last row, columns hint)
        for header in _PIPE_HEADER.finditer(text):
            rows = _PIPE_ROWS.match(text, header.end())
            end = rows.end() if rows is not None else header.end()
            cells = [cell.strip() for cell in header.group(1).strip().strip("|").split("|") if cell.strip()]
            if cells and end > header.end():
                self._tables.append((header.end(), end, _columns_hint(cells)))
        self._starts = [start for start, _, _ in self._tables]

    def continued_columns(self, start: int) -> str | None:
        """Return "columns: A, B, C" when a chunk starting at `start` opens with one of a table's rows, below its
        header row (which an earlier chunk holds), else None (also for a chunk that opens inside a long row)."""
        index = bisect_right(self._starts, start) - 1
        if index < 0:
            return None
        first_row, end, hint = self._tables[index]
        return hint if first_row <= start < end and _PIPE_LINE.match(self._text, start) else None


def _columns_hint(cells: list[str]) -> str:
    hint = _COLUMNS_HINT + ", ".join(cells)
    return hint if len(hint) <= MAX_COLUMNS_HINT_CHARS else hint[: MAX_COLUMNS_HINT_CHARS - 1].rstrip() + "…"
