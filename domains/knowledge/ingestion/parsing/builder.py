"""Build a structured format's normalized text block by block, recording each block's span as it is written.

Blocks are separated by a blank line. A table is written as one line per data row, every cell named by its column
header (`State: CA | Company: Acme | Employees: 120`), rows separated by a blank line too: a row read alone
still says what each value is, the chunker keeps rows whole (chunking/tables.py) and a quote of one row is one
sentence span.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domains.knowledge.errors import EmptyDocument
from domains.knowledge.ingestion.normalization import normalize_text
from domains.knowledge.ingestion.parsing.document import (
    MEDIA_TYPES,
    BlockKind,
    DocumentType,
    ParsedBlock,
    ParsedDocument,
)
from domains.knowledge.ingestion.parsing.text import paragraph_blocks
from packages.core.text import has_visible_text

CELL_SEPARATOR = " | "
_BLOCK_SEPARATOR = "\n\n"


def whole_number(value: object, default: int) -> int:
    """Return an attribute's value read as a whole number ("3"), or `default` when it is missing or not digits."""
    text = str(value) if value is not None else ""
    return int(text) if text.isdigit() else default


def inline(value: object) -> str:
    """Return `value` as one normalized line (cell values, headings, header names)."""
    if value is None:
        return ""
    text = str(value)
    if text.isascii() and text.isprintable() and "  " not in text and text == text.strip():
        return text  # already normalized: the common cell, without the regex passes
    return normalize_text(text).replace("\n", " ").strip()


def render_row(headers: Sequence[str], cells: Sequence[object]) -> str:
    """Return a data row as `Header: value | ...`; empty cells are left out, unnamed columns are `Column N`."""
    parts = []
    for position, cell in enumerate(cells):
        value = inline(cell)
        if not value:
            continue
        name = headers[position] if position < len(headers) and headers[position] else f"Column {position + 1}"
        parts.append(f"{name}: {value}")
    return CELL_SEPARATOR.join(parts)


def header_names(row: Sequence[object]) -> list[str]:
    """Return a header row's names, inline-normalized, with `:` and `|` replaced so rows stay parseable."""
    return [inline(cell).replace(CELL_SEPARATOR.strip(), "/").replace(":", " -").strip() for cell in row]


MAX_LABEL_WORDS = 6  # of a row label in a two-column table of labels and values
MAX_LABEL_CHARS = 40


def is_label_table(rows: Sequence[Sequence[object]]) -> bool:
    """Return True for a two-column table of labels and their values with no header row marked ("Booking reference |
    HLG-58213", "Check-in | Friday 10 July"): taking its first row as column names paired every later value with
    the wrong label ("Booking reference: Check-out | HLG-58213: Monday 13 July"). Each row's first cell is a short,
    distinct label; a real header row ("Day | Hours") still reads well as one more pair."""
    filled = [[inline(cell) for cell in row] for row in rows if any(inline(cell) for cell in row)]
    if len(filled) < 2 or any(len([c for c in row if c]) > 2 or len(row) > 2 for row in filled):
        return False
    labels = [row[0] for row in filled]
    first = filled[0]
    if len(first) == 2 and all(_names_a_column(cell) for cell in first):
        return False  # "Scheme | Amount" over "MyDeposits | £1,350": a header row, written plainly
    return (
        all(label and len(label) <= MAX_LABEL_CHARS and len(label.split()) <= MAX_LABEL_WORDS for label in labels)
        and len(set(labels)) == len(labels)
        and any(len(row) == 2 and row[1] for row in filled)
    )


def _names_a_column(cell: str) -> bool:
    """Return True for a cell that reads as a column's name: one capitalised word, no digit ("Amount", "Hours");
    "Reported by | Nadia Rahimi" is a label and its value."""
    return len(cell.split()) == 1 and cell[:1].isupper() and not any(c.isdigit() for c in cell)


class TextBuilder:
    """Accumulates normalized blocks into one text with exact spans."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._position = 0
        self.blocks: list[ParsedBlock] = []
        self.row_count = 0

    @property
    def position(self) -> int:
        return self._position

    def _write(self, piece: str) -> tuple[int, int]:
        if self._parts:
            self._parts.append(_BLOCK_SEPARATOR)
            self._position += len(_BLOCK_SEPARATOR)
        start = self._position
        self._parts.append(piece)
        self._position += len(piece)
        return start, self._position

    def _block(self, kind: BlockKind, piece: str, **extra: Any) -> None:
        start, end = self._write(piece)
        self.blocks.append(ParsedBlock(kind, start, end, **extra))

    def heading(self, text: object, level: int, label: str | None = None) -> None:
        """Write a heading line; `label` (default: the line) is what the chunk sections are named."""
        line = inline(text)
        if line:
            self._block("heading", line, heading_level=max(1, min(level, 6)), heading_label=label or line)

    def paragraph(self, text: object) -> None:
        """Write normalized prose (it may hold several paragraphs)."""
        piece = normalize_text(str(text or ""))
        if piece:
            start, _ = self._write(piece)
            for block in paragraph_blocks(piece, 0, len(piece)):
                self.blocks.append(ParsedBlock("paragraph", start + block.char_start, start + block.char_end))

    def list_item(self, text: object, marker: str | None = None) -> None:
        """Write one list item as a `- ` line, or after its number in a numbered list (`marker`: "3."), as the
        document shows it: "step 3" names it (the extractive answerer ends a sentence at a list item)."""
        line = inline(text)
        if line:
            self._block("list_item", f"{marker or '-'} {line}")

    def table(self, rows: Sequence[Sequence[object]], header: Sequence[object] | None = None) -> int:
        """Write a table's data rows with their header names (the first row when `header` is None)."""
        rows = [row for row in rows if any(inline(cell) for cell in row)]
        if header is None:
            if not rows:
                return 0
            header, rows = rows[0], rows[1:]
        names = header_names(header)
        written = 0
        for row in rows:
            line = render_row(names, row)
            if line:
                self.table_row(line)
                written += 1
        self.row_count += written
        return written

    def label_rows(self, rows: Sequence[Sequence[object]]) -> int:
        """Write a table of labels and values (is_label_table) as `Label: value` rows."""
        written = 0
        for row in rows:
            cells = [inline(cell) for cell in row]
            if not any(cells):
                continue
            label = header_names(cells[:1])[0]
            value = cells[1] if len(cells) > 1 else ""
            self.table_row(f"{label}: {value}" if value else label)
            written += 1
        self.row_count += written
        return written

    def table_row(self, line: str) -> None:
        """Write one rendered row (`render_row`) as a block of its own."""
        self._block("table_row", line)

    def embed(self, parsed: ParsedDocument, level_shift: int = 1) -> None:
        """Append another parsed document's text and blocks (an email's HTML body, an attachment) below here."""
        if not parsed.text:
            return
        start, _ = self._write(parsed.text)
        for block in parsed.blocks:
            level = None if block.heading_level is None else min(block.heading_level + level_shift, 6)
            self.blocks.append(
                ParsedBlock(
                    block.kind,
                    start + block.char_start,
                    start + block.char_end,
                    heading_level=level,
                    heading_label=block.heading_label,
                )
            )
            if block.kind == "table_row":
                self.row_count += 1

    def text_so_far(self) -> str:
        return "".join(self._parts)

    def build(
        self, document_type: DocumentType, metadata: dict[str, Any] | None = None, media_type: str | None = None
    ) -> ParsedDocument:
        """Return the parsed document, or raise `EmptyDocument` when no block had any text."""
        text = self.text_so_far()
        if not has_visible_text(text):
            raise EmptyDocument()  # nothing but spaces, zero-width characters or bidi marks
        return ParsedDocument(
            document_type, media_type or MEDIA_TYPES[document_type], text, self.blocks, metadata=metadata or {}
        )
