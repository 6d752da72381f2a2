"""Table rows stay whole: a run of `table_row` blocks is packed into chunks of whole rows, never cut inside one.

Each row already names its columns (parsing/builder.py), so a chunk of rows needs no header repeated and no
overlap; a row longer than the chunk maximum is the one case left to the ordinary packer.
"""

from __future__ import annotations

import re
from bisect import bisect_left
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


# A Markdown pipe table's lines, and the line under its header row ("|---|:---:|")
_PIPE_LINE = re.compile(r"[ \t]*\|")
_PIPE_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
COLUMNS_HINT = "columns: "
MAX_COLUMNS_HINT_CHARS = 200


def continued_table_columns(text: str, start: int) -> str | None:
    """Return "columns: A, B, C" when a chunk starting at `start` opens inside a Markdown pipe table whose header row
    lies in an earlier chunk, else None. Such rows are raw text ("| Yoga | £8 | £12 |"): without the header above
    them nothing says which column is the non-member price, so the chunk's section label carries the header."""
    line_end = text.find("\n", start)
    if not _PIPE_LINE.match(text[start : line_end if line_end >= 0 else len(text)]):
        return None
    above: list[str] = []
    position = start
    while position > 0:
        line_start = text.rfind("\n", 0, position - 1) + 1
        line = text[line_start : position - 1]
        if not _PIPE_LINE.match(line):
            break
        above.append(line)
        position = line_start
    if len(above) < 2 or not _PIPE_SEPARATOR.match(above[-2]):
        return None  # no header row above (the chunk holds it, or this is no Markdown table)
    cells = [cell.strip() for cell in above[-1].strip().strip("|").split("|") if cell.strip()]
    if not cells:
        return None
    hint = COLUMNS_HINT + ", ".join(cells)
    return hint if len(hint) <= MAX_COLUMNS_HINT_CHARS else hint[: MAX_COLUMNS_HINT_CHARS - 1].rstrip() + "…"
