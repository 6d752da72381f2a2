"""HTML: the page's main content through trafilatura (navigation, scripts, styles, footers and boilerplate are
dropped by its extractor, not by patterns of ours), walked as headings, paragraphs, list items and table rows.

The page is parsed once by lxml; its nesting depth is checked before any recursive walk can see it (422).
When the extractor finds no main content (a page that is all list or all table), its plain-text fallback keeps
the visible text of the page without scripts and styles. When it drops half of the page's headings (it does so
with short FAQ pages of <h3> questions), of its list items or of its table rows, or a fifth of its text, the page's
own elements are read instead, page furniture (navigation, header, footer, forms) left out.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import lxml.etree as etree
import lxml.html
import trafilatura

from domains.knowledge.errors import CorruptDocument, DocumentTooComplex, EmptyDocument
from domains.knowledge.ingestion.parsing.builder import TextBuilder, inline, is_label_table, whole_number
from domains.knowledge.ingestion.parsing.detect import decode_html
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits, too_many_rows

logging.getLogger("trafilatura").setLevel(logging.ERROR)
logging.getLogger("htmldate").setLevel(logging.ERROR)

_BLOCK_TAGS = {"head", "p", "list", "table", "quote", "code"}


class HtmlParser:
    document_type: DocumentType = "html"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse an HTML page's main content into headings, paragraphs, list items and header-named table rows."""
        return parse_html(decode_html(data), limits)


def parse_html(
    markup: str, limits: ParseLimits = DEFAULT_LIMITS, document_type: DocumentType = "html"
) -> ParsedDocument:
    """Parse HTML markup (also used for the HTML body of an email)."""
    tree = _load(markup, limits)
    extracted = trafilatura.extract(
        tree,
        output_format="xml",
        include_tables=True,
        include_comments=False,
        include_formatting=False,
        include_links=False,
        include_images=False,
        favor_recall=True,
        with_metadata=True,
    )
    builder = TextBuilder()
    metadata: dict[str, Any] = {}
    main = document = None
    if extracted:
        document = etree.fromstring(extracted.encode("utf-8"))
        if title := inline(document.get("title")):
            metadata["title"] = title
        main = document.find("main")
        _walk(builder, main if main is not None else document, limits)
    page = TextBuilder()
    body = tree.find("body")
    _walk_page(page, body if body is not None else tree, limits)
    if (
        _dropped_structure(builder, page)
        or builder.position < MIN_TEXT_KEPT * page.position
        or _merged_blocks(builder, page)
    ):
        # The extractor dropped what the page shows as content: the headings of a short FAQ page of <h3> questions
        # and <p> answers, or a list and a table between them. The page's own elements are read instead (scripts,
        # styles, navigation, header, footer and forms still left out).
        builder = page
    if not builder.blocks:
        builder.paragraph(trafilatura.html2txt(markup) or "")
    elif furniture := _furniture(body if body is not None else tree, builder.text_so_far(), limits, builder is page):
        # The page's header and footer hold its title and contact details ("Call the front desk on 01632 448 210"),
        # and the extractor takes the page's <h1> for its title: those lines are written around the content;
        # menus and links are still left out.
        above, below = furniture
        framed = TextBuilder()
        _copy(framed, above)
        if builder is page:
            _walk_page(framed, body if body is not None else tree, limits)
        else:
            _walk(framed, main if main is not None else document, limits)
        _copy(framed, below)
        builder = framed
    try:
        return builder.build(document_type, metadata)
    except EmptyDocument:
        raise EmptyDocument("The page has no readable text once scripts, styles and navigation are removed.") from None


# An XHTML page opens with an XML declaration naming its encoding; the markup reaches the parser already decoded, and
# lxml refuses a decoded string that declares an encoding, so the declaration (which says nothing else) is dropped.
_XML_DECLARATION = re.compile(r"\A\ufeff?\s*<\?xml\b[^>]*\?>", re.IGNORECASE)


def _load(markup: str, limits: ParseLimits) -> Any:
    markup = _XML_DECLARATION.sub("", markup, count=1)
    try:
        tree = lxml.html.document_fromstring(markup)
    except (etree.ParserError, ValueError) as exc:
        raise CorruptDocument.unreadable(
            "The HTML page cannot be read: it holds no elements, or its markup is broken.", exc
        ) from None
    depth: dict[Any, int] = {tree: 1}
    for element in tree.iterdescendants():
        level = depth[element.getparent()] + 1
        if level > limits.max_html_depth:
            raise DocumentTooComplex(
                f"The page nests elements more than {limits.max_html_depth} deep.",
                details={"max_depth": limits.max_html_depth},
            )
        depth[element] = level
    return tree


def _walk(builder: TextBuilder, parent: Any, limits: ParseLimits) -> None:
    for element in parent:
        tag = element.tag
        if tag == "head":
            level = str(element.get("rend") or "h2").lstrip("h")
            builder.heading(_text(element), int(level) if level.isdigit() else 2)
        elif tag in ("p", "quote", "code"):
            builder.paragraph(_paragraph_text(element))
        elif tag == "list":
            _list(builder, element)
        elif tag == "table":
            _table(builder, element, limits)
        elif tag not in _BLOCK_TAGS and len(element):
            _walk(builder, element, limits)
        elif (text := _text(element)).strip():
            builder.paragraph(text)


MIN_STRUCTURE_SHOWN = 2  # headings, list items or table rows a page shows before losing half sends it to _walk_page
MIN_TEXT_KEPT = 0.8  # share of the page's own text (_walk_page) the extractor must keep
MERGED_TEXT_KEPT = 0.9  # share of it kept by an extractor that only ran the page's blocks together
_HEADING_TAGS = {f"h{level}": level for level in range(1, 7)}
# Elements whose text is no content of the page: scripts, styles, navigation, page furniture, forms
_NOT_CONTENT = {
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "header",
    "footer",
    "aside",
    "form",
    "button",
    "svg",
    "head",
}
_PARAGRAPH_TAGS = {"p", "blockquote", "pre", "address", "figcaption", "dt", "dd", "summary"}
_BLOCK_ELEMENTS = {
    *_HEADING_TAGS,
    *_PARAGRAPH_TAGS,
    "div",
    "section",
    "article",
    "main",
    "ul",
    "ol",
    "li",
    "table",
    "dl",
    "details",
    "figure",
    "hr",
    "br",
}


def _dropped_structure(extracted: TextBuilder, page: TextBuilder) -> bool:
    """Return True when the extractor kept fewer than half of the page's headings, list items or table rows (of a
    kind the page shows at least MIN_STRUCTURE_SHOWN times)."""
    for kind in ("heading", "list_item", "table_row"):
        shown = sum(block.kind == kind for block in page.blocks)
        kept = sum(block.kind == kind for block in extracted.blocks)
        if shown >= MIN_STRUCTURE_SHOWN and kept * 2 < shown:
            return True
    return False


def _merged_blocks(extracted: TextBuilder, page: TextBuilder) -> bool:
    """Return True when the extractor ran the page's blocks together without removing anything: a short page's
    heading and paragraphs come back as one paragraph ("Pea Soup Serves 3. ..."). Its text is then the page's own
    (MERGED_TEXT_KEPT of it or more) in fewer than half as many blocks, so the page's own elements say it better."""
    return len(extracted.blocks) * 2 < len(page.blocks) and extracted.position >= MERGED_TEXT_KEPT * page.position


def _walk_page(builder: TextBuilder, parent: Any, limits: ParseLimits) -> None:
    """Write a page's own elements in order: headings, paragraphs, list items and table rows (no extractor)."""
    if parent.text and parent.text.strip() and parent.tag not in _NOT_CONTENT:
        builder.paragraph(parent.text)
    for element in parent:
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag and tag not in _NOT_CONTENT:
            _write_element(builder, element, tag, limits)
        if element.tail and element.tail.strip() and tag in _BLOCK_ELEMENTS:
            builder.paragraph(element.tail)


def _write_element(builder: TextBuilder, element: Any, tag: str, limits: ParseLimits) -> None:
    """Write one element of a page: a heading, definitions, a paragraph, a list, a table, or its blocks in order, or
    else its text as one paragraph."""
    if tag in _HEADING_TAGS:
        builder.heading(_text(element), _HEADING_TAGS[tag])
    elif tag == "dl":
        terms = [child for child in element.iter("dt", "dd")]
        _definitions(builder, [(child.tag == "dt", inline(_text(child))) for child in terms])
    elif tag in _PARAGRAPH_TAGS:
        builder.paragraph(_paragraph_text(element))
    elif tag in _PAGE_LIST[1]:
        _list(builder, element, _PAGE_LIST)
    elif tag == "table":
        _page_table(builder, element, limits)
    elif any(isinstance(child.tag, str) and child.tag in _BLOCK_ELEMENTS for child in element):
        _walk_page(builder, element, limits)
    elif (text := _text(element)).strip():
        builder.paragraph(text)


def _own_rows(table: Any, row_tag: str) -> list[Any]:
    """Return a table's own rows, not those of a table nested in one of its cells."""
    return [row for row in table.iter(row_tag) if next(row.iterancestors(table.tag), None) is table]


def _laid_out(cells: list[Any], headings: set[str], blocks: set[str]) -> bool:
    """Return True when a table lays a page out rather than holding data (nearly every commercial HTML email): a
    cell holds a heading or a table of its own, or two or more blocks. Its cells are then read as the page they are,
    not as rows whose first one names the others' columns (which repeated a whole message once per inner row)."""
    for cell in cells:
        if any(isinstance(d.tag, str) and d.tag in headings for d in cell.iterdescendants()):
            return True
        if sum(1 for child in cell if isinstance(child.tag, str) and child.tag in blocks) >= 2:
            return True
    return False


def _page_table(builder: TextBuilder, element: Any, limits: ParseLimits) -> None:
    rows = _own_rows(element, "tr")
    own_cells = [cell for row in rows for cell in row if cell.tag in ("td", "th")]
    if _laid_out(own_cells, {*_HEADING_TAGS, "table"}, {"p", "div", "ul", "ol", "table", "blockquote", "dl"}):
        for cell in own_cells:
            _walk_page(builder, cell, limits)
        return
    caption = element.find("caption")
    if caption is not None and (named := inline(_text(caption))):
        builder.paragraph(named)  # the table's name ("Front office, 900 SW Harbor Way"), not one of its rows
    cells = [[_text(cell) for cell in row if cell.tag in ("td", "th")] for row in rows]
    header = None
    if rows and all(cell.tag == "th" for cell in rows[0] if isinstance(cell.tag, str)):
        header, cells = cells[0], cells[1:]
    _rows(builder, cells, header, limits)


# A list's item and list tags: trafilatura's XML (`list/item`) and the page's own HTML (`ul|ol/li`)
_EXTRACTED_LIST = ("item", ("list",))
_PAGE_LIST = ("li", ("ul", "ol"))


def _definitions(builder: TextBuilder, entries: list[tuple[bool, str]]) -> None:
    """Write a definition list as "term: definition" items ("Colour printing: £0.50 a page"): a term and its
    definition read apart lose each other (a price quoted for the wrong service). `entries` are (is_term, text)."""
    term = ""
    for is_term, text in entries:
        if is_term:
            if term:
                builder.list_item(term)  # a term with no definition of its own
            term = text
        elif text:
            builder.list_item(f"{term.rstrip(':')}: {text}" if term else text)
            term = ""
    if term:
        builder.list_item(term)


def _list(builder: TextBuilder, element: Any, tags: tuple[str, tuple[str, ...]] = _EXTRACTED_LIST) -> None:
    item_tag, list_tags = tags
    if element.get("rend") == "dl":  # trafilatura's definition list: items rendered "dt-N" and "dd-N"
        items = list(element.iterchildren(item_tag))
        _definitions(builder, [(str(i.get("rend", "")).startswith("dt"), inline(_text(i))) for i in items])
        return
    # A numbered list keeps its numbers (`<ol start="3">` counts from 3; trafilatura keeps no start)
    ordered = element.tag == "ol" or element.get("rend") == "ol"
    number = whole_number(element.get("start"), 1)
    for item in element.iterchildren(item_tag):
        builder.list_item("".join(_own_text(item, list_tags)), f"{number}." if ordered else None)
        number += 1
        for nested in item.iterchildren(*list_tags):
            _list(builder, nested, tags)


def _own_text(element: Any, list_tags: tuple[str, ...]) -> list[str]:
    """Return an item's text without the text of the lists nested in it (they are items of their own)."""
    parts = [element.text or ""] if isinstance(element.tag, str) else []
    for child in element:
        if child.tag in _LINE_BREAKS:
            parts.append(" ")  # "£4.50<br>Allergens: ..." are two things, not "£4.50Allergens"
        elif child.tag not in list_tags and isinstance(child.tag, str):
            parts.extend(_own_text(child, list_tags))
        parts.append(child.tail or "")
    return parts


def _table(builder: TextBuilder, element: Any, limits: ParseLimits) -> None:
    own = _own_rows(element, "row")
    own_cells = [cell for row in own for cell in row.iterchildren("cell")]
    if _laid_out(own_cells, {"head", "table"}, {"p", "list", "table", "quote", "head"}):
        for cell in own_cells:
            _walk(builder, cell, limits)
        return
    rows = [[_text(cell) for cell in row.iterchildren("cell")] for row in own]
    if len(own) > 1 and _is_caption(rows[0], own[0]):
        # The extractor writes a <caption> as a head row of one cell ("Front office, 900 SW Harbor Way"): it names
        # the table, it is not its header, and the row below it may be.
        builder.paragraph(inline(next(text for text in rows[0] if text.strip())))
        own, rows = own[1:], rows[1:]
    header = None
    first = own[0] if own else None
    if first is not None and any(cell.get("role") == "head" for cell in first.iterchildren("cell")):
        header, rows = rows[0], rows[1:]
    _rows(builder, rows, header, limits)


def _is_caption(texts: list[str], row: Any) -> bool:
    """Return True for a row whose one filled cell is a head cell, in a table two or more columns wide."""
    filled = [cell for cell, text in zip(row.iterchildren("cell"), texts, strict=True) if text.strip()]
    return len(filled) == 1 and len(texts) >= 2 and filled[0].get("role") == "head"


def _rows(builder: TextBuilder, rows: list[list[str]], header: list[str] | None, limits: ParseLimits) -> None:
    """Write a table's rows under its marked header; with none marked, a table of labels and values row by row
    (builder.is_label_table), any other under its first row."""
    if header is None and is_label_table(rows):
        builder.label_rows(rows)
    else:
        builder.table(rows, header)
    if builder.row_count > limits.max_table_rows:
        raise too_many_rows(limits)


_LINE_BREAKS = {"br", "lb"}  # HTML's <br>, trafilatura's <lb/>: a break between words, never glue


def _text(element: Any) -> str:
    """Return an element's text on one line; a line break inside it ("Kind regards,<br>The team") is a space."""
    return " ".join("".join(_pieces(element)).split("\n"))


MIN_BROKEN_LINES = 3  # lines a paragraph's <br>s make before they are kept as lines (a contact block, an address)
MAX_BROKEN_LINE_CHARS = 100  # ... when every one of them is as short as this


def _paragraph_text(element: Any) -> str:
    """Return a paragraph's text: one line, unless <br>s break it into short lines ("Email: ...<br>Phone: ...<br>
    Live chat: ..."), which stay lines so that each can be read and quoted on its own."""
    lines = [line.strip() for line in "".join(_pieces(element)).split("\n")]
    lines = [line for line in lines if line]
    if len(lines) >= MIN_BROKEN_LINES and all(len(line) <= MAX_BROKEN_LINE_CHARS for line in lines):
        return "\n".join(lines)
    return " ".join(lines)


_FURNITURE_TAGS = ("header", "footer")
_CONTACT = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an email address
    r"|(?<![\w.])\+?\(?\d[\d ()-]{6,}\d"  # a telephone number
    r"|\b(?:street|road|avenue|lane|square|place|drive|way|st|rd|ave)\b[^\n]{0,40}\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b"
    r"|\b(?:street|road|avenue|lane|square|place|drive|way|boulevard|court|st|rd|ave|blvd)\b[^\n]{0,60}\b[A-Z]{2},? "
    r"\d{5}(?:-\d{4})?\b"  # a US address: "900 SW Harbor Way, Suite 210, Portland, OR 97201"
    # v87, outside check 10: a UK postcode ending an address line, whatever its street is called ("7 Quayside Parade,
    # Bellhaven, TR19 4DX" was dropped)
    r"|,\s*(?-i:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b"
    r"|\b(?:opening hours|open(?:s|ing)? (?:daily|every|from|mon))"
    # the page's own dates and owner (outside check 31: "<footer>Last updated October 2026.</footer>" was dropped)
    r"|\b(?:last (?:updated|reviewed|revised|modified|changed)|(?:updated|reviewed|revised|published) (?:on|in)\b"
    r"|effective (?:from|date)|next review|review date|approved by|policy owner|document owner)",
    re.IGNORECASE,
)


_Blocks = list[tuple[str, str, int]]  # (kind, text, heading level) of blocks copied from one builder to another


def _furniture(root: Any, kept: str, limits: ParseLimits, own: bool = False) -> tuple[_Blocks, _Blocks] | None:
    """Return the blocks of the page's header(s) and footer(s) that are content, not furniture: the page's main
    heading and lines with contact details (an email address, a telephone number, a postal address, opening hours).
    Menus, links and copyright lines are left out, and so is a line the content already holds. Unless the page's
    own elements were read (`own`), its first <h1> outside them comes first too when the content lacks it."""
    above: _Blocks = []
    below: _Blocks = []
    seen = {kept}
    first = next((h for h in root.iter("h1") if not any(a.tag in _FURNITURE_TAGS for a in h.iterancestors())), None)
    if not own and first is not None and (heading := inline(_text(first))) and heading not in kept:
        above.append(("heading", heading, 1))
        seen.add(heading)
    for element in root.iter(*_FURNITURE_TAGS):
        if any(ancestor.tag in _FURNITURE_TAGS for ancestor in element.iterancestors()):
            continue
        inside = TextBuilder()
        # Written as the page writes any element, so a footer that is one line of text keeps it ("<footer>Riverside
        # Library, 14 Mill Lane, Tel 01632 960123</footer>"); the page's own walk leaves furniture out.
        _write_element(inside, element, element.tag, limits)
        text = inside.text_so_far()
        for block in inside.blocks:
            piece = text[block.char_start : block.char_end]
            titled = block.kind == "heading" and element.tag == "header" and (block.heading_level or 6) <= 2
            if not (titled or _CONTACT.search(piece)) or any(piece in known for known in seen):
                continue
            seen.add(piece)
            (above if element.tag == "header" else below).append((block.kind, piece, block.heading_level or 2))
    return (above, below) if above or below else None


def _copy(builder: TextBuilder, blocks: _Blocks) -> None:
    for kind, piece, level in blocks:
        if kind == "heading":
            builder.heading(piece, level)
        elif kind == "list_item":
            marker, _, line = piece.partition(" ")
            builder.list_item(line, marker if marker != "-" else None)
        else:
            builder.paragraph(piece)


_INNER_BLOCKS = {"p", "div", "head", "item", "list", "quote", "ul", "ol", "li", "table", "tr", "blockquote"}


def _pieces(element: Any) -> list[str]:
    parts = [element.text or ""] if isinstance(element.tag, str) else []
    for child in element:
        if child.tag in _LINE_BREAKS:
            parts.append("\n")
        elif isinstance(child.tag, str):
            inner = child.tag in _INNER_BLOCKS  # "Fridays<p>10:00 to 16:00</p>" in a cell is two lines, not glue
            parts.extend(["\n", *_pieces(child), "\n"] if inner else _pieces(child))
        parts.append(child.tail or "")
    return parts
