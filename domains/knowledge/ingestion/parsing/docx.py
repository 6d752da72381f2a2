"""Word (.docx): headings (Title / Heading N styles), paragraphs, list items and tables, in body order."""

from __future__ import annotations

import io
import re

from docx import Document
from docx.table import Table
from docx.text.paragraph import Paragraph

from domains.knowledge.errors import CorruptDocument
from domains.knowledge.ingestion.parsing.builder import TextBuilder
from domains.knowledge.ingestion.parsing.containers import check_archive
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits, too_many_rows

_HEADING_STYLE = re.compile(r"heading\s*(\d)", re.IGNORECASE)


class DocxParser:
    document_type: DocumentType = "docx"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse a Word document into normalized text with its headings, list items and table rows."""
        check_archive(data, limits)
        try:
            document = Document(io.BytesIO(data))
        except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors... for broken parts
            raise CorruptDocument(f"The Word document is damaged ({type(exc).__name__}).") from None
        builder = TextBuilder()
        for item in document.iter_inner_content():
            if isinstance(item, Paragraph):
                _paragraph(builder, item)
            elif isinstance(item, Table):
                builder.table(_table_rows(item))
                if builder.row_count > limits.max_table_rows:
                    raise too_many_rows(limits)
        properties = document.core_properties
        metadata = {
            key: value.strip()
            for key, value in (("title", properties.title), ("author", properties.author))
            if isinstance(value, str) and value.strip()
        }
        return builder.build("docx", metadata)


def _paragraph(builder: TextBuilder, paragraph: Paragraph) -> None:
    text = paragraph.text
    if not text.strip():
        return
    style = (paragraph.style.name if paragraph.style is not None else "") or ""
    if style.lower() == "title":
        builder.heading(text, 1)
    elif heading := _HEADING_STYLE.match(style):
        builder.heading(text, int(heading.group(1)) + 1)  # level 1 is the Title
    elif style.lower().startswith("list") or _is_numbered(paragraph):
        builder.list_item(text)
    else:
        builder.paragraph(text)


def _is_numbered(paragraph: Paragraph) -> bool:
    properties = paragraph._p.pPr
    return properties is not None and properties.numPr is not None


def _table_rows(table: Table) -> list[list[str]]:
    rows = []
    for row in table.rows:
        cells: list[str] = []
        previous = None
        for cell in row.cells:
            # A merged cell repeats in every grid column it spans; name its value once.
            cells.append("" if cell._tc is previous else cell.text)
            previous = cell._tc
        rows.append(cells)
    return rows
