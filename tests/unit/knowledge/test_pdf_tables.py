"""PDF tables as header-named rows: the hand-made truth files (tools/formats/truth) against the parser.

The target is >= 90% of the transcribed rows found as whole row lines in a chunk, with the printed header
names: the ruled tables through pdfplumber's lines strategy, the Senate expenditure table (rows not ruled, glyphs
placed without space characters) through the alignment pass (pdf_unruled.py). Prose must not become tables: the
shared prose PDFs give no table rows, and the IRS instruction pages whose numbers line up under prose give none
from the alignment pass.
"""

from __future__ import annotations

import io

import pdfplumber
import pytest

from domains.knowledge.ingestion.parsing import ParseLimits, parse_document
from domains.knowledge.ingestion.parsing.pdf_tables import table_rows
from domains.knowledge.ingestion.parsing.pdf_unruled import unruled_rows
from tests.helpers.pdfs import placed_pdf
from tools.formats.pdf_tables import TRUTH, score_file

PROSE = [
    "legal_scotus-transcript-p1",
    "legal_us-copyright-office-dmca-summary",
    "report_wi-dcf-90day-summary",
    "sci_acl2020-specter",
    "sci_naacl2018-N18-3011-semantic-scholar-graph",
]


@pytest.mark.parametrize(
    "name",
    [
        "table_ca-warn-report-2015-2016",
        "table_fbi-nics-background-checks-2015-11",
        "table_senate-expenditures",
    ],
)
def test_truth_rows_come_out_as_header_named_row_chunks(shared_data, name) -> None:
    score = score_file(shared_data / "pdfs" / f"{name}.pdf", TRUTH / f"{name}.json")
    assert score.rows >= 5 and score.recall >= 0.9, score


def test_stacked_rows_split_and_spaced_digits_join() -> None:
    table = [
        ["Report title", None, None],
        ["State", "Date", "Count"],
        ["Alabama\nAlaska", "0 3 / 2 5 / 2 0 16\n0 4 / 0 1 / 2 0 16", "12\n7"],
    ]
    lines, header = table_rows(table)
    assert header == ["State", "Date", "Count"]
    assert lines == ["State: Alabama | Date: 03/25/2016 | Count: 12", "State: Alaska | Date: 04/01/2016 | Count: 7"]
    continued, _ = table_rows([["Arizona", "05/01/2016", "3"]], previous_header=header)
    assert continued == ["State: Arizona | Date: 05/01/2016 | Count: 3"]


@pytest.mark.parametrize("name", PROSE)
def test_prose_pdfs_give_no_table_rows(shared_data, name) -> None:
    parsed = parse_document((shared_data / "pdfs" / f"{name}.pdf").read_bytes(), f"{name}.pdf", ParseLimits(ocr="off"))
    assert [block for block in parsed.blocks if block.kind == "table_row"] == []


def test_numbers_lined_up_under_prose_are_not_a_table(shared_data) -> None:
    # Instruction pages with amounts, years and a tax table set in running text: the alignment pass finds no rows.
    path = shared_data / "pdfs" / "legal_irs-i1040nr-instructions-2007.pdf"
    with pdfplumber.open(path, pages=[7, 34, 46]) as pdf:
        assert [unruled_rows(page) for page in pdf.pages] == [[], [], []]


def _rows(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return unruled_rows(pdf.pages[0])


def test_columns_come_from_alignment_and_names_from_the_header_above() -> None:
    cells = [(72, 700, "INVOICE"), (160, 706, "DATE"), (158, 698, "PAID"), (260, 700, "VENDOR"), (420, 700, "AMOUNT")]
    rows = [("A-1001", "03/04/2019", "Lakeside Pumps", "920.68"), ("A-1002", "03/09/2019", "Hill Valves", "77.10")]
    rows += [("A-1003", "04/01/2019", "North Fencing", "1,250.00")]
    y = 680
    for invoice, date, vendor, amount in rows:
        cells += [(72, y, invoice), (156, y, date), (260, y, vendor), (420, y, amount)]
        y -= 12
        if invoice == "A-1002":
            cells.append((260, y, "and fittings"))  # a wrapped cell continues the row above
            y -= 12
    assert _rows(placed_pdf(cells)) == [
        "INVOICE: A-1001 | DATE PAID: 03/04/2019 | VENDOR: Lakeside Pumps | AMOUNT: 920.68",
        "INVOICE: A-1002 | DATE PAID: 03/09/2019 | VENDOR: Hill Valves and fittings | AMOUNT: 77.10",
        "INVOICE: A-1003 | DATE PAID: 04/01/2019 | VENDOR: North Fencing | AMOUNT: 1,250.00",
    ]


def test_a_sentence_introducing_the_table_is_not_its_header() -> None:
    """Prose right above a header line ("The table below lists ...") stops the header: it names no column."""
    cells = [
        (72, 730, "The table below lists each pump with its district and the hours it ran"),
        (72, 718, "during the"),
    ]
    cells += [(72, 706, "last quarter of the year, as recorded by the inspectors.")]
    cells += [(72, 690, "Pump"), (200, 690, "District"), (330, 690, "Hours")]
    for n, (pump, district, hours) in enumerate(
        [("P-7", "North", "1,200"), ("P-9", "East", "300"), ("P-12", "West", "845")]
    ):
        cells += [(72, 676 - 14 * n, pump), (200, 676 - 14 * n, district), (330, 676 - 14 * n, hours)]
    assert _rows(placed_pdf(cells)) == [
        "Pump: P-7 | District: North | Hours: 1,200",
        "Pump: P-9 | District: East | Hours: 300",
        "Pump: P-12 | District: West | Hours: 845",
    ]


def test_a_page_without_ruling_is_searched_for_aligned_rows_by_its_figures() -> None:
    """A report's table set by alignment alone, on a page with no ruled line at all: the page's text shows rows of
    figures, so the alignment pass runs there and each row becomes a header-named line of the document."""
    cells = [(72, 740, "Fleet"), (72, 700, "Vessel"), (220, 700, "Built"), (320, 700, "Capacity"), (420, 700, "Hours")]
    fleet = [
        ("MV Tern", "2004", "420", "5,870"),
        ("MV Skua", "2011", "350", "6,120"),
        ("MV Auk", "2018", "600", "6,640"),
    ]
    for n, (vessel, built, capacity, hours) in enumerate(fleet):
        y = 686 - 14 * n
        cells += [(72, y, vessel), (220, y, built), (320, y, capacity), (420, y, hours)]
    parsed = parse_document(placed_pdf(cells), "fleet.pdf", ParseLimits(ocr="off"))
    rows = [parsed.text[b.char_start : b.char_end] for b in parsed.blocks if b.kind == "table_row"]
    assert rows == [
        "Vessel: MV Tern | Built: 2004 | Capacity: 420 | Hours: 5,870",
        "Vessel: MV Skua | Built: 2011 | Capacity: 350 | Hours: 6,120",
        "Vessel: MV Auk | Built: 2018 | Capacity: 600 | Hours: 6,640",
    ]


def test_two_column_prose_with_numbers_is_not_a_table() -> None:
    left = ["The reservoir rose by 12 percent", "in the spring of 2019, when the", "district opened gate 4 and the"]
    right = ["Crews replaced 3 valves after", "the flood of 2018 and the pump", "at station 7 ran for 1,200 hours"]
    cells = [(72, 720, "Results"), (320, 720, "Repairs")]
    for n, (a, b) in enumerate(zip(left, right, strict=True)):
        cells += [(72, 700 - 12 * n, a), (320, 700 - 12 * n, b)]
    assert _rows(placed_pdf(cells)) == []
    # Line numbers in the margin make three phrases a line, but a column no header names is not a table column.
    numbered = cells + [(40, 700 - 12 * n, str(n + 1)) for n in range(3)]
    assert _rows(placed_pdf(numbered)) == []
