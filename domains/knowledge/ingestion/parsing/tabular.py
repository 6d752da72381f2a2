"""CSV and Excel (.xlsx): every data row becomes one line naming each value by its column header.

The first non-empty row of a CSV file or a sheet is its header. Reading stops at ORION_MAX_TABLE_ROWS (413), so a
100,000-row sheet costs the rows up to the cap, not the whole sheet. Formulas are read as their cached values.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime, time

from openpyxl import load_workbook

from domains.knowledge.errors import CorruptDocument, EmptyDocument
from domains.knowledge.ingestion.parsing.builder import TextBuilder, header_names, inline, render_row
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
    iterator: Iterator[Sequence[object]] = iter(rows)
    header: list[str] | None = None
    for row in iterator:
        if any(inline(cell) for cell in row):
            header = header_names(row)
            break
    if header is None:
        return
    written = 0
    for row in iterator:
        line = render_row(header, row)
        if not line:
            continue
        written += 1
        if builder.row_count + written > limits.max_table_rows:
            raise too_many_rows(limits)
        builder.table_row(line)
    builder.row_count += written
