"""Read a Word story's XML (the body, a header, a footer, a note) into blocks, in order, as Word shows them.

python-docx's `paragraph.text` and `table.rows` read only a paragraph's direct runs and a table's direct rows, so
they drop what Word shows inside wrappers: tracked insertions (`w:ins`), content controls (`w:sdt`, around
paragraphs, rows, cells or runs), text boxes, and tables nested in a cell. This walks the XML itself: it descends
into every wrapper and reads each `w:t` once, and leaves out what Word does not show as text: deletions (`w:del`,
`w:moveFrom`; their `w:delText`), field instructions (`w:instrText`; the field's result runs are read), a content
control's placeholder prompt, and one of `mc:AlternateContent`'s two renderings of the same drawing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from docx.oxml.ns import qn

from domains.knowledge.ingestion.parsing.builder import whole_number

_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_P, _TBL, _TR, _TC, _T = qn("w:p"), qn("w:tbl"), qn("w:tr"), qn("w:tc"), qn("w:t")
_SDT, _SDT_CONTENT, _CUSTOM_XML = qn("w:sdt"), qn("w:sdtContent"), qn("w:customXml")
_TEXT_BOX = qn("w:txbxContent")
_ALTERNATE, _CHOICE, _FALLBACK = f"{_MC}AlternateContent", f"{_MC}Choice", f"{_MC}Fallback"
_VAL = qn("w:val")
# Wrappers whose children are read as if they stood in their place (block-level, row-level or cell-level).
_BLOCK_WRAPPERS = {_SDT, _CUSTOM_XML, qn("w:ins"), qn("w:moveTo")}
# Not walked: deleted or moved-away runs (Word writes their text as `w:delText`, other writers as `w:t`), ruby
# annotations, and properties (no text). Field codes (`w:instrText`) and `w:delText` are never read: only `w:t` is.
_SKIPPED = {
    qn(tag)
    for tag in (
        "w:del",
        "w:moveFrom",
        "w:rt",
        "w:pPr",
        "w:rPr",
        "w:sdtPr",
        "w:sdtEndPr",
        "w:tcPr",
        "w:trPr",
        "w:tblPr",
    )
}
_CHARACTERS = {qn("w:tab"): "\t", qn("w:ptab"): "\t", qn("w:cr"): "\n", qn("w:noBreakHyphen"): "-"}
_BREAK = qn("w:br")
_HEADING_STYLE = re.compile(r"heading\s*(\d)", re.IGNORECASE)


@dataclass
class Paragraph:
    kind: Literal["heading", "list_item", "paragraph"]
    text: str
    level: int = 0  # headings: 1 is the Title, 2 is Heading 1
    marker: str | None = None  # a numbered list item's number as Word shows it ("3.", "b.")


@dataclass
class Row:
    cells: list[str]
    nested: list[Table] = field(default_factory=list)  # tables inside this row's cells


@dataclass
class Table:
    rows: list[Row]


Block = Paragraph | Table


# List formats Word writes as numbers or letters; any other (bullet, none, a picture) is written as "- "
_ROMAN = (
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
)


def _roman(value: int) -> str:
    out = ""
    for size, letters in _ROMAN:
        while value >= size:
            out, value = out + letters, value - size
    return out


def _letters(value: int) -> str:
    return chr(ord("a") + (value - 1) % 26) * ((value - 1) // 26 + 1)  # Word's a..z, aa..zz


_FORMATS: dict[str, Callable[[int], str]] = {
    "decimal": str,
    "decimalZero": lambda value: f"{value:02d}",
    "lowerLetter": _letters,
    "upperLetter": lambda value: _letters(value).upper(),
    "lowerRoman": _roman,
    "upperRoman": lambda value: _roman(value).upper(),
}


@dataclass
class Numbering:
    """Word's list numbering (numbering.xml and the list styles): the format and start of each list's levels, and
    where each list's counters stand as the document is read, so a numbered item is written with its number."""

    levels: dict[tuple[str, int], tuple[str, int]] = field(default_factory=dict)  # (numId, level) -> (format, start)
    styles: dict[str, tuple[str, int]] = field(default_factory=dict)  # a list style's id -> (numId, level)
    counters: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def read(cls, numbering: Any, styles: Any) -> Numbering:
        """Read the numbering part's root and the styles part's root (either may be None)."""
        found = cls()
        if numbering is not None:
            abstract: dict[str, dict[int, tuple[str, int]]] = {}
            for definition in numbering.iter(qn("w:abstractNum")):
                levels = abstract.setdefault(definition.get(qn("w:abstractNumId"), ""), {})
                for level in definition.iter(qn("w:lvl")):
                    fmt, start = level.find(qn("w:numFmt")), level.find(qn("w:start"))
                    levels[whole_number(level.get(qn("w:ilvl")), 0)] = (
                        fmt.get(_VAL, "decimal") if fmt is not None else "decimal",
                        whole_number(start.get(_VAL) if start is not None else None, 1),
                    )
            for num in numbering.iter(qn("w:num")):
                link = num.find(qn("w:abstractNumId"))
                for level, value in abstract.get(link.get(_VAL, "") if link is not None else "", {}).items():
                    found.levels[num.get(qn("w:numId"), ""), level] = value
        if styles is not None:
            for style in styles.iter(qn("w:style")):
                linked = _num_pr(style)
                if linked is not None:
                    found.styles[style.get(qn("w:styleId"), "")] = linked
        return found

    def marker(self, paragraph: Any, style_id: str) -> str | None:
        """Return the number a list paragraph shows ("3.", "b."), counting it, or None for a bullet or no list."""
        linked = _num_pr(paragraph) or self.styles.get(style_id)
        if linked is None or linked[0] == "0":  # numId 0 takes the numbering off
            return None
        num_id, level = linked
        counts = self.counters.setdefault(num_id, [])
        counts.extend([0] * (level + 1 - len(counts)))
        del counts[level + 1 :]  # an item restarts the levels below it
        counts[level] += 1
        fmt, start = self.levels.get((num_id, level), ("bullet", 1))
        render = _FORMATS.get(fmt)
        return f"{render(start - 1 + counts[level])}." if render is not None else None


def _num_pr(element: Any) -> tuple[str, int] | None:
    """Return (numId, level) of a paragraph's or a style's own numbering properties, or None."""
    properties = element.find(f"{qn('w:pPr')}/{qn('w:numPr')}")
    if properties is None:
        return None
    num_id, level = properties.find(qn("w:numId")), properties.find(qn("w:ilvl"))
    if num_id is None:
        return None
    return num_id.get(_VAL, ""), whole_number(level.get(_VAL) if level is not None else None, 0)


class StoryReader:
    """Reads paragraphs and tables with the document's style names (Title, Heading N, List ...) and its numbering."""

    def __init__(self, style_names: dict[str, str], default_style: str, numbering: Numbering | None = None) -> None:
        self._style_names = style_names
        self._default_style = default_style
        self._numbering = numbering or Numbering()

    def blocks(self, container: Any) -> Iterator[Block]:
        """Yield the paragraphs and tables of `container` (a body, header, note, cell or text box) in order."""
        for child in _children(container, {_P, _TBL}):
            if child.tag == _TBL:
                yield self._table(child)
                continue
            text, text_boxes = _paragraph_text(child)
            if text.strip():
                yield self._paragraph(child, text)
            for text_box in text_boxes:  # its paragraphs once, after the paragraph it is anchored in
                yield from self.blocks(text_box)

    def _paragraph(self, element: Any, text: str) -> Paragraph:
        style = self._style_name(element)
        if style.lower() == "title":
            return Paragraph("heading", text, 1)
        if heading := _HEADING_STYLE.match(style):
            return Paragraph("heading", text, int(heading.group(1)) + 1)  # level 1 is the Title
        if style.lower().startswith("list") or element.find(f"{qn('w:pPr')}/{qn('w:numPr')}") is not None:
            return Paragraph("list_item", text, marker=self._numbering.marker(element, self._style_id(element)))
        return Paragraph("paragraph", text)

    @staticmethod
    def _style_id(element: Any) -> str:
        style_id = element.find(f"{qn('w:pPr')}/{qn('w:pStyle')}")
        return style_id.get(_VAL, "") if style_id is not None else ""

    def _style_name(self, element: Any) -> str:
        if element.find(f"{qn('w:pPr')}/{qn('w:pStyle')}") is None:
            return self._default_style
        return self._style_names.get(self._style_id(element), "")

    def _table(self, element: Any) -> Table:
        rows: list[Row] = []
        above: list[str] = []  # the previous row's grid, for vertically merged cells
        for tr in _children(element, {_TR}):
            row = Row([""] * _grid_value(tr, "w:trPr", "w:gridBefore", 0))
            for tc in _children(tr, {_TC}):
                column = len(row.cells)
                merge = tc.find(f"{qn('w:tcPr')}/{qn('w:vMerge')}")
                if merge is not None and merge.get(_VAL, "continue") == "continue":
                    # A vertically merged cell repeats its value in every row, so each row reads whole alone.
                    row.cells.append(above[column] if column < len(above) else "")
                else:
                    text, nested = self._cell(tc)
                    row.cells.append(text)
                    row.nested.extend(nested)
                # A horizontally merged cell is named once, under its first column.
                row.cells.extend([""] * (_grid_value(tc, "w:tcPr", "w:gridSpan", 1) - 1))
            rows.append(row)
            above = row.cells
        return Table(rows)

    def _cell(self, element: Any) -> tuple[str, list[Table]]:
        # A nested table becomes rows of its own, under its own header, after the row that holds it: inline in
        # the cell it would run its header and values together into one value ("Details: Bay Fee A1 £40").
        lines: list[str] = []
        nested: list[Table] = []
        for block in self.blocks(element):
            if isinstance(block, Table):
                nested.append(block)
            else:
                lines.append(block.text)
        return "\n".join(lines), nested


def _children(element: Any, tags: set[str]) -> Iterator[Any]:
    """Yield `element`'s children with one of `tags`, looking through content controls and tracked insertions."""
    for child in element:
        if child.tag in tags:
            yield child
        elif child.tag in _BLOCK_WRAPPERS:
            yield from _children(_content(child), tags)
        elif child.tag == _ALTERNATE:
            yield from _children(_one_branch(child), tags)


def _content(wrapper: Any) -> Any:
    if wrapper.tag != _SDT:
        return wrapper
    if wrapper.find(f"{qn('w:sdtPr')}/{qn('w:showingPlcHdr')}") is not None:
        return ()  # an empty control shows its prompt ("Click or tap here to enter text."), not content
    content = wrapper.find(_SDT_CONTENT)
    return () if content is None else content


def _one_branch(alternate: Any) -> Any:
    """Return the first rendering of an `mc:AlternateContent` (its Choice, else its Fallback): both hold the text."""
    for tag in (_CHOICE, _FALLBACK):
        branch = alternate.find(tag)
        if branch is not None:
            return branch
    return ()


def _paragraph_text(paragraph: Any) -> tuple[str, list[Any]]:
    """Return a paragraph's visible text and the text boxes anchored in it (read as blocks of their own)."""
    pieces: list[str] = []
    text_boxes: list[Any] = []

    def walk(element: Any) -> None:
        for child in element:
            tag = child.tag
            if tag == _T:
                pieces.append(child.text or "")
            elif tag in _CHARACTERS:
                pieces.append(_CHARACTERS[tag])
            elif tag == _BREAK:
                pieces.append("" if child.get(qn("w:type")) in ("page", "column") else "\n")
            elif tag == _TEXT_BOX:
                text_boxes.append(child)
            elif tag == _ALTERNATE:
                walk(_one_branch(child))
            elif tag == _SDT:
                walk(_content(child))
            elif tag not in _SKIPPED and isinstance(tag, str):  # runs, hyperlinks, smart tags, fields, drawings
                walk(child)

    walk(paragraph)
    return "".join(pieces), text_boxes


def _grid_value(element: Any, properties: str, name: str, default: int) -> int:
    setting = element.find(f"{qn(properties)}/{qn(name)}")
    return whole_number(None if setting is None else setting.get(_VAL), default)
