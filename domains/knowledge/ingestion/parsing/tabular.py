"""CSV and Excel (.xlsx): every data row becomes one line naming each value by its column header.

The first non-empty row of a CSV file or a sheet is its header, unless a wide table has a preamble of title and
`Label, value` lines above it (_write_table). Reading stops at ORION_MAX_TABLE_ROWS (413), so a
100,000-row sheet costs the rows up to the cap, not the whole sheet (save one quick scan of a sheet's XML for its
merged cells and formulas, _scan_sheet, bounded by the unpacked-bytes cap).

An Excel number or date is written as its cell shows it (`£12.50`, `94.2%`: number_format.py; `5 March 2024`:
date_format.py). A cell merged down over several rows gives its value to each of them (a `Region` cell spanning
its region's rows); a merge across columns is layout (a title centred over the table) and stays in its first cell.
Formulas are read as their cached values; a formula saved without one (a workbook written by a script) is an empty
cell, counted in the metadata (`uncached_formulas`) since ORION does not compute formulas.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from itertools import chain
from typing import Any
from xml.etree.ElementTree import ParseError

from lxml.etree import LxmlError
from openpyxl import load_workbook
from openpyxl.styles.numbers import BUILTIN_FORMATS
from openpyxl.utils.cell import range_boundaries
from openpyxl.xml.functions import iterparse

from domains.knowledge.errors import CorruptDocument, EmptyDocument
from domains.knowledge.ingestion.parsing.builder import CELL_SEPARATOR, TextBuilder, header_names, inline, render_row
from domains.knowledge.ingestion.parsing.containers import check_archive
from domains.knowledge.ingestion.parsing.date_format import format_date
from domains.knowledge.ingestion.parsing.detect import decode_text
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits, too_many_rows
from domains.knowledge.ingestion.parsing.number_format import format_number

_MAX_FIELD_CHARS = 100_000
_DAMAGED_WORKBOOK = "The Excel workbook is damaged and cannot be read; open it in Excel, save it again and upload it."


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
        except (zipfile.BadZipFile, KeyError, ValueError, OSError, TypeError, ParseError, LxmlError) as exc:
            # openpyxl parses the workbook's XML with lxml when it is installed (a broken part was a 500)
            raise CorruptDocument.unreadable(_DAMAGED_WORKBOOK, exc) from None
        builder = TextBuilder()
        sheets = []
        uncached_formulas = 0
        try:
            for sheet in workbook.worksheets:
                start_rows = builder.row_count
                builder.heading(sheet.title, 1, label=f"Sheet {sheet.title}")
                layout = _scan_sheet(sheet)
                _write_table(builder, _sheet_rows(sheet, layout), limits)
                sheets.append({"sheet": sheet.title, "rows": builder.row_count - start_rows})
                uncached_formulas += layout.uncached_formulas
        except (KeyError, ValueError, TypeError, ParseError, LxmlError) as exc:
            raise CorruptDocument.unreadable(_DAMAGED_WORKBOOK, exc) from None
        finally:
            workbook.close()
        if not builder.row_count:
            raise EmptyDocument("The workbook has no cells with text.")  # sheet names alone are no content
        return builder.build("xlsx", {"sheets": sheets, "uncached_formulas": uncached_formulas})


@dataclass
class _SheetLayout:
    """What openpyxl's streaming reader does not give before the rows: the merges (stored after the rows) and the
    formulas without a cached value (read as empty cells)."""

    # first row -> (column, last row) of each merged range spanning more than one row
    merged_down: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    uncached_formulas: int = 0


def _scan_sheet(sheet: Any) -> _SheetLayout:
    """Read a sheet's XML once for its merged ranges and its formulas saved without a value."""
    layout = _SheetLayout()
    get_source = getattr(sheet, "_get_source", None)  # private to openpyxl's read-only sheet: absent, no merges read
    if get_source is None:
        return layout
    source = get_source()  # the read-only sheet's own XML stream: openpyxl keeps no merges in read-only mode
    try:
        for _, element in iterparse(source):
            tag = element.tag.rpartition("}")[2]
            if tag == "c" and len(element) and element[0].tag.rpartition("}")[2] == "f":  # a cell's <f> comes first
                layout.uncached_formulas += not _cached(element)
            elif tag == "row":
                element.clear()  # keep memory flat on a long sheet
            elif tag == "mergeCell":
                _merge_down(layout, element.get("ref", ""))
    finally:
        source.close()
    return layout


def _cached(cell: Any) -> bool:
    """Whether a formula cell holds its last value: a non-empty <v>, or an empty one in a text cell (a formula whose
    value is ""). openpyxl writes an empty <v> in an untyped cell for a formula it could not compute."""
    value = cell[1] if len(cell) > 1 else None
    return value is not None and (bool(value.text) or cell.get("t") == "str")


def _merge_down(layout: _SheetLayout, ref: str) -> None:
    try:
        first_column, first_row, _, last_row = range_boundaries(ref)
    except ValueError:  # a damaged range: the cells are read without it, as before merges were read
        return
    if first_column is not None and first_row is not None and last_row is not None and last_row > first_row:
        layout.merged_down.setdefault(first_row, []).append((first_column, last_row))


def _sheet_rows(sheet: Any, layout: _SheetLayout) -> Iterator[list[str]]:
    """Yield each row's cell texts, a merged cell's value repeated in the rows it spans below its first one."""
    carried: dict[int, tuple[str, int]] = {}  # column -> (merged value, last row it covers)
    for number, row in enumerate(sheet.iter_rows(), start=1):
        cells = [_cell_text(cell) for cell in row]
        for column, (text, last_row) in list(carried.items()):
            if number > last_row:
                del carried[column]
                continue
            cells.extend([""] * (column - len(cells)))
            cells[column - 1] = cells[column - 1] or text  # Excel keeps covered cells empty
        for column, last_row in layout.merged_down.pop(number, ()):
            if column <= len(cells) and cells[column - 1]:
                carried[column] = (cells[column - 1], last_row)
        yield cells


# openpyxl names these built-in formats with "$", but Excel shows them in the reader's own currency: read them as
# the same built-in formats without a currency rather than guess one
_LOCALE_CURRENCY_FORMATS = {5: 37, 6: 38, 7: 39, 8: 40, 42: 41, 44: 43}


def _cell_text(cell: Any) -> str:
    value = cell.value
    if isinstance(value, int | float) and not isinstance(value, bool):
        format_id = cell.style_array.numFmtId
        number_format = (
            BUILTIN_FORMATS[_LOCALE_CURRENCY_FORMATS[format_id]]
            if format_id in _LOCALE_CURRENCY_FORMATS
            else cell.number_format
        )
        if (shown := format_number(value, number_format)) is not None:
            return shown
    if value is None:
        return ""
    if isinstance(value, date | time) and (shown := format_date(value, cell.number_format, cell.style_array.numFmtId)):
        return shown  # a datetime is a date
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
        if _writes_a_note(header, cells):
            _write_note(builder, cells[0])
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


_MIN_NOTED_TABLE = 3  # columns a table needs before a row of its first cell alone is a note, not a record
_NOTE_WORDS = 6  # words from which a lone first cell is a line of text rather than a sub-heading
_NUMBERED_NOTE = re.compile(r"(?P<marker>\d{1,2}[.)])\s+(?P<text>\S.*)")


def _writes_a_note(header: Sequence[str], cells: Sequence[str]) -> bool:
    """Return True for a row of a table three or more columns wide that fills its first cell only: a note typed
    under the table ("Rates are per hour and include VAT."), a sub-heading ("Conditions of hire") or a numbered
    condition, which the first column's header does not name (v87; outside check 10: "Item: 8. Parking: ...")."""
    return _filled(header) >= _MIN_NOTED_TABLE and bool(cells and cells[0]) and _filled(cells) == 1


def _write_note(builder: TextBuilder, text: str) -> None:
    """Write a lone first cell as the text it is: a numbered item keeps its number, a short line without a closing
    stop is a sub-heading, anything else a paragraph."""
    numbered = _NUMBERED_NOTE.fullmatch(text.strip())
    if numbered:
        builder.list_item(numbered.group("text"), marker=numbered.group("marker"))
    elif len(text.split()) < _NOTE_WORDS and not text.rstrip().endswith((".", "!", "?", ":")):
        builder.heading(text, 2)
    else:
        builder.paragraph(text)


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
