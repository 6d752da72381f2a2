"""Numbered lists keep their numbers (ninth outside check: a Word "List Number" step came out as a "- " bullet, so
"what's step 4?" had nothing to name): Word's numbering and styles, HTML's <ol>."""

from __future__ import annotations

import io

import docx
from docx.oxml.parser import parse_xml

from domains.knowledge.ingestion.parsing import parse_document
from domains.knowledge.ingestion.parsing.docx_blocks import Numbering
from domains.knowledge.ingestion.parsing.limits import ParseLimits

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _docx_text(document: docx.document.Document) -> str:
    out = io.BytesIO()
    document.save(out)
    return parse_document(out.getvalue(), "guide.docx", ParseLimits(ocr="off")).text


def test_a_word_list_number_style_keeps_its_numbers_and_bullets_stay_bullets() -> None:
    document = docx.Document()
    document.add_heading("Before first use", 1)
    for step in ("Remove the packaging.", "Wash the basket.", "Plug the unit in."):
        document.add_paragraph(step, style="List Number")
    document.add_paragraph("Keep the box for returns.", style="List Bullet")

    text = _docx_text(document)

    assert "1. Remove the packaging.\n\n2. Wash the basket.\n\n3. Plug the unit in." in text
    assert "- Keep the box for returns." in text


def _numbering(levels: str) -> Numbering:
    numbering = parse_xml(
        f'<w:numbering xmlns:w="{W}"><w:abstractNum w:abstractNumId="7">{levels}</w:abstractNum>'
        '<w:num w:numId="3"><w:abstractNumId w:val="7"/></w:num></w:numbering>'
    )
    return Numbering.read(numbering, None)


def _item(level: int) -> object:
    return parse_xml(
        f'<w:p xmlns:w="{W}"><w:pPr><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="3"/></w:numPr></w:pPr></w:p>'
    )


def test_levels_count_apart_restart_under_their_parent_and_show_their_format() -> None:
    numbering = _numbering(
        '<w:lvl w:ilvl="0"><w:start w:val="4"/><w:numFmt w:val="decimal"/></w:lvl>'
        '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/></w:lvl>'
    )
    shown = [numbering.marker(_item(level), "") for level in (0, 1, 1, 0, 1)]
    assert shown == ["4.", "a.", "b.", "5.", "a."]


def test_numbering_taken_off_or_a_bullet_format_shows_no_number() -> None:
    numbering = _numbering('<w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl>')
    assert numbering.marker(_item(0), "") is None
    off = parse_xml(f'<w:p xmlns:w="{W}"><w:pPr><w:numPr><w:numId w:val="0"/></w:numPr></w:pPr></w:p>')
    assert numbering.marker(off, "") is None


def test_an_html_ordered_list_keeps_its_numbers_from_its_start() -> None:
    page = (
        "<html><body><h1>Setting up</h1><p>Follow these steps.</p>"
        "<ol><li>Charge the lock.</li><li>Fit the plate.</li></ol>"
        '<ol start="3"><li>Pair the app.</li></ol><ul><li>Spare keys</li></ul></body></html>'
    )
    text = parse_document(page.encode(), "setup.html", ParseLimits(ocr="off")).text

    assert "1. Charge the lock.\n\n2. Fit the plate.\n\n3. Pair the app." in text
    assert "- Spare keys" in text
