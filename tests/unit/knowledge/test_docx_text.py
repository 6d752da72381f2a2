"""DocxParser reads everything Word shows: tracked insertions (not deletions), content controls, nested tables, text
boxes, page headers and footers, footnotes and endnotes; each piece once, in reading order."""

from __future__ import annotations

import io
from collections.abc import Callable

import docx
import pytest
from docx.document import Document as WordDocument
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml.parser import parse_xml

from domains.knowledge.errors import DocumentTooLarge
from domains.knowledge.ingestion.parsing import parse_document
from domains.knowledge.ingestion.parsing.docx import NOTES_HEADING
from domains.knowledge.ingestion.parsing.limits import ParseLimits

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NAMESPACES = (
    f'xmlns:w="{W}" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:v="urn:schemas-microsoft-com:vml"'
)


def _text(build: Callable[[WordDocument], None]) -> str:
    """Return the parsed text of a document that `build` fills in."""
    document = docx.Document()
    build(document)
    out = io.BytesIO()
    document.save(out)
    return parse_document(out.getvalue(), "test.docx", ParseLimits(ocr="off")).text


def _body_xml(document: WordDocument, xml: str) -> None:
    """Append an element (written with the `w:`, `mc:`, `wps:`, `v:` prefixes) to the body, before its sectPr."""
    document.element.body.sectPr.addprevious(parse_xml(f"<w:wrapper {NAMESPACES}>{xml}</w:wrapper>")[0])


def _run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def _blocks(text: str) -> list[str]:
    return text.split("\n\n")


def test_tracked_insertions_are_read_and_deletions_are_not() -> None:
    text = _text(
        lambda d: _body_xml(
            d,
            "<w:p>"
            + _run("The new monthly rent is ")
            + '<w:del w:id="1" w:author="A" w:date="2026-04-01T00:00:00Z"><w:r><w:delText>£1,150</w:delText></w:r>'
            + "</w:del>"
            + f'<w:ins w:id="2" w:author="A" w:date="2026-04-01T00:00:00Z">{_run("£1,195")}</w:ins>'
            + _run(" from 1 May 2026.")
            + f'<w:del w:id="3" w:author="B">{_run(" Rent is due weekly.")}</w:del>'  # some writers keep w:t
            + f'<w:moveFrom w:id="4" w:author="B">{_run(" Bins go out on Monday.")}</w:moveFrom>'
            + "</w:p>",
        )
    )
    assert _blocks(text) == ["The new monthly rent is £1,195 from 1 May 2026."]
    assert "1,150" not in text and "weekly" not in text and "Monday" not in text


def test_fields_read_their_result_and_hyperlinks_and_smart_tags_their_text() -> None:
    text = _text(
        lambda d: _body_xml(
            d,
            "<w:p>"
            + _run("Call ")
            + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> MERGEFIELD Phone </w:instrText></w:r>'
            + '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
            + _run("01632 960123")
            + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
            + _run(" or see ")
            + f'<w:hyperlink w:anchor="x">{_run("the portal")}</w:hyperlink>'
            + f'<w:smartTag w:uri="u" w:element="place">{_run(" in Hull")}</w:smartTag>'
            + "</w:p>",
        )
    )
    assert _blocks(text) == ["Call 01632 960123 or see the portal in Hull"]


def test_block_and_inline_content_controls_are_read_once() -> None:
    def build(document: WordDocument) -> None:
        _body_xml(
            document,
            '<w:sdt><w:sdtPr><w:alias w:val="Clause"/></w:sdtPr><w:sdtContent>'
            f"<w:p>{_run('Pets are allowed with written consent.')}</w:p>"
            "</w:sdtContent></w:sdt>",
        )
        _body_xml(
            document,
            f"<w:p>{_run('Tenant signature date: ')}"
            '<w:sdt><w:sdtPr><w:date w:fullDate="2026-04-14T00:00:00Z"/></w:sdtPr>'
            f"<w:sdtContent>{_run('14 April 2026')}</w:sdtContent></w:sdt></w:p>",
        )
        _body_xml(  # an empty control shows its prompt, which is not the document's text
            document,
            f"<w:p>{_run('Witness: ')}<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent>"
            f"{_run('Click or tap here to enter text.')}</w:sdtContent></w:sdt></w:p>",
        )

    text = _text(build)
    assert _blocks(text) == [
        "Pets are allowed with written consent.",
        "Tenant signature date: 14 April 2026",
        "Witness:",
    ]


def test_a_nested_table_is_read_as_rows_of_its_own_after_its_row() -> None:
    def build(document: WordDocument) -> None:
        table = document.add_table(rows=3, cols=2)
        for r, (item, details) in enumerate([("Item", "Details"), ("Deposit", ""), ("Keys", "Two sets")]):
            table.cell(r, 0).text = item
            table.cell(r, 1).text = details
        nested = table.cell(1, 1).add_table(rows=2, cols=2)
        for r, (scheme, amount) in enumerate([("Scheme", "Amount"), ("MyDeposits", "£1,350")]):
            nested.cell(r, 0).text = scheme
            nested.cell(r, 1).text = amount
        document.add_paragraph("The landlord arranges the gas safety check.")

    text = _text(build)
    assert _blocks(text) == [
        "Item: Deposit",
        "Scheme: MyDeposits | Amount: £1,350",
        "Item: Keys | Details: Two sets",
        "The landlord arranges the gas safety check.",
    ]


def test_content_controls_around_rows_and_cells_keep_the_table_whole() -> None:
    def build(document: WordDocument) -> None:
        table = document.add_table(rows=2, cols=2)
        for c, name in enumerate(("Room", "Rate")):
            table.cell(0, c).text = name
        table.cell(1, 0).text = "Double"
        table.cell(1, 1).text = "£120"
        row = table.rows[1]._tr
        control = parse_xml(f'<w:sdt xmlns:w="{W}"><w:sdtPr/><w:sdtContent/></w:sdt>')
        row.addprevious(control)
        control[1].append(row)  # a repeating-section control around the data row

    assert _blocks(_text(build)) == ["Room: Double | Rate: £120"]


TEXT_BOX = "<w:txbxContent><w:p>{run}</w:p></w:txbxContent>"


def test_a_text_box_is_read_once_after_its_anchor_paragraph() -> None:
    box = TEXT_BOX.format(run=_run("Parking permits are issued by reception."))
    drawing = (
        "<w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp>"
        f"<wps:txbx>{box}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>"
    )
    vml = f'<w:pict><v:shape><v:textbox style="x">{box}</v:textbox></v:shape></w:pict>'

    def build(document: WordDocument) -> None:
        document.add_paragraph("Welcome to the depot.")
        _body_xml(  # Word writes a text box twice: DrawingML for itself, VML as the fallback for older readers
            document,
            f"<w:p>{_run('See the note.')}<w:r><mc:AlternateContent>"
            f'<mc:Choice Requires="wps">{drawing}</mc:Choice><mc:Fallback>{vml}</mc:Fallback>'
            "</mc:AlternateContent></w:r></w:p>",
        )
        _body_xml(document, f"<w:p><w:r>{vml.replace('Parking permits', 'Visitor badges')}</w:r></w:p>")
        document.add_paragraph("Your start date is 2 March.")

    assert _blocks(_text(build)) == [
        "Welcome to the depot.",
        "See the note.",
        "Parking permits are issued by reception.",
        "Visitor badges are issued by reception.",
        "Your start date is 2 March.",
    ]


def test_headers_come_first_and_footers_last_each_distinct_text_once() -> None:
    def build(document: WordDocument) -> None:
        document.add_heading("Offer of employment", 0)
        document.add_paragraph("We are pleased to offer you the position.")
        first = document.sections[0]
        first.header.paragraphs[0].text = "Brightwater Logistics, 14 Quayside Row, Hull"
        first.header.add_paragraph("Telephone 01632 960000")
        first.footer.paragraphs[0].text = "Registered office: 14 Quayside Row"
        second = document.add_section()
        second.header.is_linked_to_previous = False
        second.header.paragraphs[0].text = "Brightwater Logistics, 14 Quayside Row, Hull"  # the same letterhead
        second.footer.is_linked_to_previous = False
        second.footer.paragraphs[0].text = "Registered office: 14 Quayside Row"  # the same footer again
        document.add_paragraph("Yours sincerely, Gareth")

    text = _text(build)
    assert _blocks(text) == [
        "Brightwater Logistics, 14 Quayside Row, Hull",
        "Telephone 01632 960000",
        "Offer of employment",
        "We are pleased to offer you the position.",
        "Yours sincerely, Gareth",
        "Registered office: 14 Quayside Row",
    ]


def _add_notes(document: WordDocument, kind: str, notes: dict[int, str]) -> None:
    """Add a footnotes (or endnotes) part with Word's two separator notes and `notes`, referenced from the body."""
    tag = kind[:-1]  # footnote / endnote
    separators = (
        f'<w:{tag} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{tag}>'
        f'<w:{tag} w:type="continuationSeparator" w:id="0"><w:p>{_run("(continued)")}</w:p></w:{tag}>'
    )
    body = "".join(
        f'<w:{tag} w:id="{i}"><w:p><w:r><w:{tag}Ref/></w:r>{_run(t)}</w:p></w:{tag}>' for i, t in notes.items()
    )
    blob = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:{kind} xmlns:w="{W}">{separators}{body}</w:{kind}>'
    )
    content_type = f"application/vnd.openxmlformats-officedocument.wordprocessingml.{kind}+xml"
    part = Part(PackURI(f"/word/{kind}.xml"), content_type, blob.encode(), document.part.package)
    document.part.relate_to(part, RT.FOOTNOTES if kind == "footnotes" else RT.ENDNOTES)
    for note_id in notes:
        _body_xml(document, f'<w:p>{_run("See note.")}<w:r><w:{tag}Reference w:id="{note_id}"/></w:r></w:p>')


def test_footnotes_and_endnotes_follow_the_body_under_notes() -> None:
    def build(document: WordDocument) -> None:
        document.add_paragraph("Your annual salary is £41,750.")
        document.sections[0].footer.paragraphs[0].text = "Company no. 08812345"
        _add_notes(document, "footnotes", {1: "Salary is reviewed every April."})
        _add_notes(document, "endnotes", {1: "This offer lapses on 20 February."})

    text = _text(build)
    assert _blocks(text) == [
        "Your annual salary is £41,750.",
        "See note.",
        "See note.",
        "Company no. 08812345",
        NOTES_HEADING,
        "Salary is reviewed every April.",
        "This offer lapses on 20 February.",
    ]
    assert "(continued)" not in text


def test_nested_table_rows_count_toward_the_row_cap() -> None:
    def build(document: WordDocument) -> None:
        table = document.add_table(rows=2, cols=1)
        table.cell(0, 0).text = "Outer"
        table.cell(1, 0).text = "one"
        nested = table.cell(1, 0).add_table(rows=3, cols=1)
        for r, value in enumerate(("Inner", "two", "three")):
            nested.cell(r, 0).text = value

    document = docx.Document()
    build(document)
    out = io.BytesIO()
    document.save(out)
    parse_document(out.getvalue(), "t.docx", ParseLimits(ocr="off", max_table_rows=3))  # 1 + 2 rows: at the cap
    with pytest.raises(DocumentTooLarge):
        parse_document(out.getvalue(), "t.docx", ParseLimits(ocr="off", max_table_rows=2))


def test_merged_cells_name_a_value_once_across_and_in_every_row_down() -> None:
    def build(document: WordDocument) -> None:
        table = document.add_table(rows=3, cols=3)
        for c, name in enumerate(("Site", "Day", "Hours")):
            table.cell(0, c).text = name
        site = table.cell(1, 0).merge(table.cell(2, 0))
        site.text = "Hull"
        table.cell(1, 1).merge(table.cell(1, 2)).text = "Closed"
        table.cell(2, 1).text = "Friday"
        table.cell(2, 2).text = "9-5"

    assert _blocks(_text(build)) == ["Site: Hull | Day: Closed", "Site: Hull | Day: Friday | Hours: 9-5"]


def test_a_row_starting_after_the_first_column_keeps_its_values_under_their_headers() -> None:
    def build(document: WordDocument) -> None:
        table = document.add_table(rows=2, cols=3)
        for c, name in enumerate(("Room", "Rate", "Notes")):
            table.cell(0, c).text = name
        table.cell(1, 1).text = "£120"
        row = table.rows[1]._tr
        row.remove(row.tc_lst[0])  # the row starts at the second grid column (w:gridBefore)
        row.get_or_add_trPr().append(parse_xml(f'<w:gridBefore xmlns:w="{W}" w:val="1"/>'))

    assert _blocks(_text(build)) == ["Rate: £120"]
