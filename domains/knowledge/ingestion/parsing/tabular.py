"""CSV and Excel (.xlsx): every data row becomes one line naming each value by its column header.

The first non-empty row of a CSV file or a sheet is its header, unless a wide table has a preamble of title and
`Label, value` lines above it (_write_table). Reading stops at ORION_MAX_TABLE_ROWS (413), so a
100,000-row sheet costs the rows up to the cap, not the whole sheet. Formulas are read as their cached values.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime, time
from itertools import chain

from openpyxl import load_workbook

from domains.knowledge.errors import CorruptDocument, EmptyDocument
from domains.knowledge.ingestion.parsing.builder import CELL_SEPARATOR, TextBuilder, header_names, inline, render_row
from domains.knowledge.ingestion.parsing.containers import check_archive
from domains.knowledge.ingestion.parsing.detect import decode_text
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits, too_many_rows

_MAX_FIELD_CHARS = 100_000


class CsvParser:
    document_type: DocumentType = "csv"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse UTF-8 CSV (or TSV: the delimiter is sniffed) into one header-named line per row."""
        text = decode_text(data)
        dialect = _sniff(text[:16_384], (filename or "").lower().endswith(".tsv"))
        csv.field_size_limit(_MAX_FIELD_CHARS)
        try:
            rows = csv.reader(io.StringIO(text, newline=""), dialect)
            builder = TextBuilder()
            _write_table(builder, rows, limits)
        except csv.Error as exc:
            raise CorruptDocument(f"The CSV file cannot be read ({exc}).") from None
        if not builder.row_count and not builder.blocks:
            raise EmptyDocument("The table has a header row but no data rows.")
        return builder.build("csv", {"rows": builder.row_count})


def _sniff(sample: str, tab: bool) -> type[csv.Dialect] | csv.Dialect:
    if tab:
        return csv.excel_tab
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        return csv.excel


class XlsxParser:
    document_type: DocumentType = "xlsx"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse a workbook: each sheet a heading, each data row a header-named line."""
        check_archive(data, limits)
        try:
            workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except (zipfile.BadZipFile, KeyError, ValueError, OSError, TypeError) as exc:
            raise CorruptDocument(f"The Excel workbook is damaged ({type(exc).__name__}).") from None
        builder = TextBuilder()
        sheets = []
        try:
            for sheet in workbook.worksheets:
                start_rows = builder.row_count
                builder.heading(sheet.title, 1, label=f"Sheet {sheet.title}")
                _write_table(builder, (list(map(_cell_text, row)) for row in sheet.iter_rows(values_only=True)), limits)
                sheets.append({"sheet": sheet.title, "rows": builder.row_count - start_rows})
        except (KeyError, ValueError, TypeError) as exc:
            raise CorruptDocument(f"The Excel workbook is damaged ({type(exc).__name__}).") from None
        finally:
            workbook.close()
        if not builder.row_count:
            raise EmptyDocument("The workbook has no cells with text.")  # sheet names alone are no content
        return builder.build("xlsx", {"sheets": sheets})


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.isoformat(sep=" ") if value.time() != time(0) else value.date().isoformat()
    if isinstance(value, date | time):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _write_table(builder: TextBuilder, rows: Iterable[Sequence[object]], limits: ParseLimits) -> None:
    """Write a sheet's rows, each named by the header row's cells.

    An invoice or a report sheet often opens with a title and `Label, value` lines above its table: in a table four
    or more columns wide, rows before the first one that fills all its columns but one are written as they read
    (`Invoice number: INV-20481`, a title line as the title), and the header is that fuller row. A `Label, value`
    line in the table's first two columns (`Payment terms, 30 days`) is written the same way, not under the
    headers of the first two columns."""
    iterator: Iterator[list[str]] = ([inline(cell) for cell in row] for row in rows)  # each cell read once
    scanned: list[list[str]] = []
    for cells in iterator:
        scanned.append(cells)
        if len(scanned) >= _HEADER_SCAN_ROWS:
            break
    width = max((_filled(cells) for cells in scanned), default=0)
    header: list[str] | None = None
    wide = width >= _MIN_WIDE_TABLE
    written = 0
    for cells in chain(scanned, iterator):
        filled = _filled(cells)
        if not filled:
            continue
        if header is None:
            if wide and filled < width - 1:
                written += _write_preamble(builder, cells, first=not builder.blocks)
                continue
            header = header_names(cells)
            # The table itself is wide, not just one ragged row below it ("Jörg,Hamburg,20,EXTRA-NOTE" under a
            # three-column header): only then is a two-cell row a `Label, value` line, not a short row ("Anna,München")
            wide = wide and filled >= _MIN_WIDE_TABLE
            continue
        line = _label_value(cells) if wide else None
        line = line or render_row(header, cells)
        if not line:
            continue
        written += 1
        if builder.row_count + written > limits.max_table_rows:
            raise too_many_rows(limits)
        builder.table_row(line)
    builder.row_count += written


_HEADER_SCAN_ROWS = 50  # rows read to learn how wide a sheet's table is
_MIN_WIDE_TABLE = 4  # columns a table needs before rows above its header may be a preamble


def _filled(cells: Sequence[str]) -> int:
    return sum(1 for cell in cells if cell)


def _label_value(cells: Sequence[str]) -> str | None:
    """Return `Label: value` for a row holding only its first two cells, or None."""
    if len(cells) >= 2 and cells[0] and cells[1] and not any(cells[2:]) and not cells[0][:1].isdigit():
        return f"{header_names([cells[0]])[0]}: {cells[1]}"
    return None


def _write_preamble(builder: TextBuilder, cells: Sequence[str], first: bool) -> int:
    """Write a row above a wide table's header: a lone cell is the title (first) or a line of text; a `Label, value`
    row a field. Return the number of table rows written."""
    filled = [cell for cell in cells if cell]
    if len(filled) == 1:
        if first:
            builder.heading(filled[0], 1)
        else:
            builder.paragraph(filled[0])
        return 0
    builder.table_row(_label_value(filled) or CELL_SEPARATOR.join(filled))
    return 1
