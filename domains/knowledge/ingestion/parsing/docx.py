"""Word (.docx): everything Word shows as text, in reading order (the XML walk itself is docx_blocks.py).

The text reads as the printed pages do:
1. the page headers' distinct blocks (a letterhead's address and phone number), before the body;
2. the body: headings (Title / Heading N styles), paragraphs, list items (list styles or numbering) and tables as
   header-named rows, in body order, with tracked insertions, content controls, nested tables and text boxes read
   where they stand (deletions left out);
3. the page footers' distinct blocks, after the body and before the notes, so that they fall in the body's last
   section rather than under "Notes";
4. a "Notes" heading with each footnote, then each endnote, as paragraphs (the separator notes left out).
Headers and footers are read from every section (default, first-page and even-page ones) and deduplicated by
their text, headers and footers together: the footer every section repeats is written once.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

from docx import Document
from docx.document import Document as WordDocument
from docx.enum.style import WD_STYLE_TYPE
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.part import XmlPart
from docx.oxml.ns import qn
from docx.oxml.parser import parse_xml

from domains.knowledge.errors import CorruptDocument
from domains.knowledge.ingestion.parsing.builder import TextBuilder, inline, is_label_table
from domains.knowledge.ingestion.parsing.containers import check_archive
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.docx_blocks import Block, Numbering, StoryReader, Table
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits, too_many_rows

NOTES_HEADING = "Notes"
_SEPARATOR_NOTES = {"separator", "continuationSeparator", "continuationNotice"}


class DocxParser:
    document_type: DocumentType = "docx"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse a Word document into normalized text with its headings, list items and table rows."""
        check_archive(data, limits)
        try:
            document = Document(io.BytesIO(data))
            notes = [_part_root(document, reltype) for reltype in (RT.FOOTNOTES, RT.ENDNOTES)]
        except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors... for broken parts
            raise CorruptDocument.unreadable(
                "The Word document is damaged and cannot be read; open it in Word, save it again and upload it.", exc
            ) from None
        reader = _reader(document)
        builder = TextBuilder()
        seen: set[str] = set()
        _write(builder, _distinct(_page_furniture(document, reader, "w:headerReference"), seen), limits)
        _write(builder, reader.blocks(document.element.body), limits)
        _write(builder, _distinct(_page_furniture(document, reader, "w:footerReference"), seen), limits)
        note_blocks = [block for root in notes if root is not None for block in _notes(root, reader)]
        if note_blocks:
            builder.heading(NOTES_HEADING, 2)  # at the level of a Heading 1
            _write(builder, note_blocks, limits)
        properties = document.core_properties
        metadata = {
            key: value.strip()
            for key, value in (("title", properties.title), ("author", properties.author))
            if isinstance(value, str) and value.strip()
        }
        return builder.build("docx", metadata)


def _reader(document: WordDocument) -> StoryReader:
    names = {style.style_id: style.name or "" for style in document.styles}
    default = document.styles.default(WD_STYLE_TYPE.PARAGRAPH)
    numbering = Numbering.read(_part_root(document, RT.NUMBERING), document.styles.element)
    return StoryReader(names, (default.name if default is not None else "") or "", numbering)


def _page_furniture(document: WordDocument, reader: StoryReader, reference: str) -> Iterator[Block]:
    """Yield the blocks of every section's headers (or footers), section by section."""
    related = document.part.related_parts
    for properties in document.element.body.iter(qn("w:sectPr")):  # each section's properties, as Word stores them
        for link in properties.findall(qn(reference)):
            part = related.get(link.get(qn("r:id"), ""))
            if isinstance(part, XmlPart):
                yield from reader.blocks(part.element)


def _distinct(blocks: Iterable[Block], seen: set[str]) -> Iterator[Block]:
    for block in blocks:
        key = repr(block)
        if key not in seen:
            seen.add(key)
            yield block


def _part_root(document: WordDocument, reltype: str) -> Any:
    """Return the root element of the body's part of that relationship (footnotes, endnotes, numbering), or None;
    python-docx has no class for the notes."""
    for relationship in document.part.rels.values():
        if relationship.reltype == reltype and not relationship.is_external:
            part = relationship.target_part
            return part.element if isinstance(part, XmlPart) else parse_xml(part.blob)
    return None


def _notes(root: Any, reader: StoryReader) -> Iterator[Block]:
    for note in root:
        if note.get(qn("w:type"), "normal") in _SEPARATOR_NOTES or note.get(qn("w:id")) in ("-1", "0"):
            continue
        yield from reader.blocks(note)


def _write(builder: TextBuilder, blocks: Iterable[Block], limits: ParseLimits) -> None:
    for block in blocks:
        if isinstance(block, Table):
            _write_table(builder, block, limits)
        elif block.kind == "heading":
            builder.heading(block.text, block.level)
        elif block.kind == "list_item":
            builder.list_item(block.text, block.marker)
        else:
            builder.paragraph(block.text)


def _write_table(builder: TextBuilder, table: Table, limits: ParseLimits) -> None:
    """Write the rows under the table's first row with text as the header, each nested table after its row; a
    two-column table of labels and values (builder.is_label_table) as `Label: value` rows."""
    labelled = is_label_table([row.cells for row in table.rows])
    header: list[str] | None = None
    for row in table.rows:
        if labelled:
            builder.label_rows([row.cells])
            if builder.row_count > limits.max_table_rows:
                raise too_many_rows(limits)
            for nested in row.nested:
                _write_table(builder, nested, limits)
            continue
        if header is not None:
            builder.table([row.cells], header)
            if builder.row_count > limits.max_table_rows:
                raise too_many_rows(limits)
        elif any(inline(cell) for cell in row.cells):
            header = row.cells
        for nested in row.nested:
            _write_table(builder, nested, limits)
