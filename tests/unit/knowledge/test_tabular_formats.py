"""Excel cells read as the sheet shows them (number formats, merged cells), formulas saved without a value, and mbox
body lines an mbox writer quoted as `>From `."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from datetime import date, datetime, time

import openpyxl
import pytest

from domains.knowledge.ingestion.parsing import parse_document
from domains.knowledge.ingestion.parsing.date_format import format_date
from domains.knowledge.ingestion.parsing.number_format import format_number
from tests.helpers.formats import make_email


def _workbook(
    rows: Sequence[Sequence[object]],
    *,
    formats: dict[str, str] | None = None,
    merges: Sequence[str] = (),
    title: str = "Sheet",
) -> bytes:
    """Return a one-sheet workbook: `formats` maps a cell (`B2`) to its number format."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    for cell, number_format in (formats or {}).items():
        sheet[cell].number_format = number_format
    for cells in merges:
        sheet.merge_cells(cells)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _rewrite_sheet(data: bytes, old: bytes, new: bytes) -> bytes:
    """Return the workbook with `old` replaced by `new` in its first sheet's XML (what openpyxl cannot write)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            content = source.read(member)
            if member.filename == "xl/worksheets/sheet1.xml":
                assert old in content
                content = content.replace(old, new)
            target.writestr(member, content)
    return out.getvalue()


@pytest.mark.parametrize(
    ("value", "number_format", "shown"),
    [
        (12.5, '"£"#,##0.00', "£12.50"),
        (12.5, "£#,##0.00", "£12.50"),
        (0.942, "0.0%", "94.2%"),
        (0.05, "0%", "5%"),
        (125000, '#,##0 "€"', "125,000 €"),
        (125000, "#,##0 €", "125,000 €"),
        (1250, "#,##0.00", "1,250.00"),
        (1234567.891, "#,##0.00", "1,234,567.89"),
        (1250, "[$€-407] #,##0.00", "€ 1,250.00"),
        (1250, "#,##0.00 [$€-1]", "1,250.00 €"),
        (1234.5, "$#,##0", "$1,235"),
        (12, "0.00", "12.00"),
        (12.345, "0.00", "12.35"),  # half up, as Excel rounds (the float is 12.3449999...)
        (2.5, "0", "3"),
        (0.5, "#.00", ".50"),
        (7, "000", "007"),
        (1.5, "0.0#", "1.5"),
        (1.25, "0.0#", "1.25"),
        (125000, '#,##0,"K"', "125K"),
        (12.5, '0.00" kg"', "12.50 kg"),
        (-0.0, "0.00", "0.00"),
        (-12.5, '"£"#,##0.00', "-£12.50"),
        (-1234.5, "#,##0.00;[Red]-#,##0.00", "-1,234.50"),
        (-1234.5, "#,##0.00;(#,##0.00)", "(1,234.50)"),
        (-5, "0.00;[Red]0.00", "-5.00"),  # a negative section showing no sign: the first section with a minus
        (12.5, '_-* #,##0.00\\ "€"_-;\\-* #,##0.00\\ "€"_-;_-* "-"??\\ "€"_-;_-@_-', "12.50 €"),
        (-12.5, '_-* #,##0.00\\ "€"_-;\\-* #,##0.00\\ "€"_-;_-* "-"??\\ "€"_-;_-@_-', "-12.50 €"),
        (0, "#,##0.00;(#,##0.00);-", "0.00"),  # the zero section is not used
    ],
)
def test_common_number_formats_are_rendered_as_excel_shows_them(value: float, number_format: str, shown: str) -> None:
    assert format_number(value, number_format) == shown


@pytest.mark.parametrize(
    "number_format",
    [None, "", "General", "0.00E+00", "# ?/?", "[>100]0;0.00", "yyyy-mm-dd", "[h]:mm", "@", '"£0.00', "0.0.0"],
)
def test_formats_not_understood_leave_the_plain_value(number_format: str | None) -> None:
    assert format_number(12.5, number_format) is None


def test_a_number_too_large_for_its_decimals_leaves_the_plain_value() -> None:
    assert format_number(1e300, "0.00") is None


def test_xlsx_numbers_are_read_as_their_cells_show_them() -> None:
    data = _workbook(
        [
            ("Item", "Amount"),
            ("Ticket", 12.5),
            ("Growth", 0.942),
            ("Budget", 125000),
            ("Invoice", 1250),
            ("Deposit", 1250),
            ("Refund", -1234.5),
            ("Count", 12),
            ("Weight", 12.0),
            ("Ratio", 1250.5),
            ("Fee", 1234.5),
            ("Due", date(2024, 3, 5)),
        ],
        formats={
            "B2": '"£"#,##0.00',
            "B3": "0.0%",
            "B4": '#,##0 "€"',
            "B5": "#,##0.00",
            "B6": "[$€-407] #,##0.00",
            "B7": "#,##0.00;(#,##0.00)",
            "B10": "0.00E+00",  # not understood: the plain value
            "B11": '"$"#,##0.00_);("$"#,##0.00)',  # built-in 7: Excel shows the reader's own currency, not "$"
        },
        title="Prices",
    )
    parsed = parse_document(data, "prices.xlsx")
    assert parsed.text == "\n\n".join(
        [
            "Prices",
            "Item: Ticket | Amount: £12.50",
            "Item: Growth | Amount: 94.2%",
            "Item: Budget | Amount: 125,000 €",
            "Item: Invoice | Amount: 1,250.00",
            "Item: Deposit | Amount: € 1,250.00",
            "Item: Refund | Amount: (1,234.50)",
            "Item: Count | Amount: 12",
            "Item: Weight | Amount: 12",
            "Item: Ratio | Amount: 1250.5",
            "Item: Fee | Amount: 1,234.50",
            "Item: Due | Amount: 2024-03-05",  # openpyxl's default date format, yyyy-mm-dd
        ]
    )


@pytest.mark.parametrize(
    ("number_format", "shown"),
    [
        ("dd/mm/yyyy", "05/03/2024"),
        ("d mmmm yyyy", "5 March 2024"),
        ("mmm d, yyyy", "Mar 5, 2024"),
        ("dddd, d mmmm", "Tuesday, 5 March"),
        ("d-mmm-yy", "5-Mar-24"),
        ("yyyy-mm-dd hh:mm", "2024-03-05 14:07"),  # `mm` after an hour is minutes, before a day a month
        ("h:mm AM/PM", "2:07 PM"),
        ("[$-409]mmmm d, yyyy;@", "March 5, 2024"),
        ('yyyy"年"m"月"d"日"', "2024年3月5日"),
        ("\\W\\e\\e\\k \\o\\f d mmm", "Week of 5 Mar"),
    ],
)
def test_a_date_is_written_as_its_format_shows_it(number_format: str, shown: str) -> None:
    assert format_date(datetime(2024, 3, 5, 14, 7), number_format) == shown


def test_formats_that_are_no_date_format_leave_the_iso_text() -> None:
    for number_format in ("General", "[h]:mm", "0.00", "@", "hh:mm:ss.00"):
        assert format_date(datetime(2024, 3, 5, 14, 7), number_format) is None
    assert format_date(time(14, 7), "d mmm yyyy") is None  # a time of day has no date to show
    assert format_date(time(14, 7), "h:mm AM/PM") == "2:07 PM"


def test_xlsx_dates_are_read_as_their_cells_show_them() -> None:
    data = _workbook(
        [
            ("Task", "When"),
            ("Inspection", date(2024, 3, 5)),
            ("Handover", datetime(2024, 3, 5, 9, 30)),
            ("Site visit", datetime(2024, 3, 5, 9, 30)),
            ("Review", date(2024, 3, 5)),
            ("Call", time(16, 45)),
        ],
        formats={"B2": "d mmmm yyyy", "B4": "m/d/yy h:mm", "B5": "mm-dd-yy", "B6": "h:mm AM/PM"},
    )
    parsed = parse_document(data, "plan.xlsx")
    assert parsed.text.split("\n\n")[1:] == [
        "Task: Inspection | When: 5 March 2024",
        "Task: Handover | When: 2024-03-05 9:30:00",  # openpyxl's own default format for a datetime
        "Task: Site visit | When: 5 March 2024 09:30",  # built-in 22, the reader's regional date and time
        "Task: Review | When: 5 March 2024",  # built-in 14, the reader's regional short date
        "Task: Call | When: 4:45 PM",
    ]


def test_a_cell_merged_down_gives_its_value_to_every_row_it_spans() -> None:
    data = _workbook(
        [
            ("Quarterly sales",),
            ("Region", "Store", "Month", "Sales"),
            ("North", "Leeds", "Jan", 100),
            (None, "York", "Jan", 120),
            (None, "Hull", "Feb", 90),
            ("South", "Bath", "Jan", 80),
        ],
        merges=["A1:D1", "A3:A5"],  # the title across the table stays a title, not a header of four equal names
        title="Sales",
    )
    parsed = parse_document(data, "sales.xlsx")
    assert parsed.text == "\n\n".join(
        [
            "Sales",
            "Quarterly sales",
            "Region: North | Store: Leeds | Month: Jan | Sales: 100",
            "Region: North | Store: York | Month: Jan | Sales: 120",
            "Region: North | Store: Hull | Month: Feb | Sales: 90",
            "Region: South | Store: Bath | Month: Jan | Sales: 80",
        ]
    )


def test_a_header_cell_merged_down_names_its_column() -> None:
    data = _workbook(
        [("Region", "Sales figures"), (None, "Q1", "Q2", "Q3"), ("North", 1, 2, 3)],
        merges=["A1:A2", "B1:D1"],
        title="Sales",
    )
    parsed = parse_document(data, "sales.xlsx")
    assert parsed.text == "\n\n".join(["Sales", "Region: Sales figures", "Region: North | Q1: 1 | Q2: 2 | Q3: 3"])


def test_a_formula_saved_without_its_value_is_empty_and_counted() -> None:
    data = _workbook([("Item", "Total"), ("Pumps", "=2*3"), ("Seals", 4)], title="Parts")
    parsed = parse_document(data, "parts.xlsx")
    assert parsed.text == "\n\n".join(["Parts", "Item: Pumps", "Item: Seals | Total: 4"])
    assert parsed.metadata["uncached_formulas"] == 1


def test_a_formula_saved_with_its_value_is_read_and_not_counted() -> None:
    data = _workbook([("Item", "Total", "Note"), ("Pumps", "=2*3", '=""')], title="Parts")
    # what Excel writes: the number it computed, and a text cell for a formula whose value is ""
    data = _rewrite_sheet(data, b"<f>2*3</f><v></v>", b"<f>2*3</f><v>6</v>")
    data = _rewrite_sheet(data, b'<c r="C2"><f>""</f>', b'<c r="C2" t="str"><f>""</f>')
    parsed = parse_document(data, "parts.xlsx")
    assert parsed.text == "\n\n".join(["Parts", "Item: Pumps | Total: 6"])
    assert parsed.metadata["uncached_formulas"] == 0


def test_mbox_body_lines_quoted_as_from_are_read_as_the_sender_wrote_them() -> None:
    body = "Dear all,\nFrom the garden we picked 40 kg of apples.\n>From a quoted mbox line.\nRegards,\nAnna"
    message = make_email("Harvest", body, cte="7bit").as_bytes().replace(b"\r\n", b"\n")
    # an mboxrd writer quotes each body line starting with ">*From " with one more ">"
    quoted = message.replace(b"\nFrom the garden", b"\n>From the garden").replace(b"\n>From a", b"\n>>From a")
    archive = b"From alice@example.org Tue Mar  5 09:30:00 2024\n" + quoted + b"\n"
    assert b"\n>From the garden" in archive and b"\n>>From a" in archive
    parsed = parse_document(archive, "harvest.mbox")
    assert parsed.text == "\n\n".join(
        [
            "Harvest",
            "From: Alice Example <alice@example.org>\nTo: Board <board@example.org>\n"
            "Date: Tue, 05 Mar 2024 09:30:00 +0000",
            # the sender's own quoted line loses its marker and stands as a paragraph (email.unquote); the
            # writer's ">From the garden" is the sender's plain line again, in its paragraph
            "Dear all,\nFrom the garden we picked 40 kg of apples.\n\nFrom a quoted mbox line.\n\nRegards,\nAnna",
        ]
    )


def test_notes_typed_under_a_sheets_table_are_text_not_records() -> None:
    # v87, outside check 10: a row filling only the first cell of a three-column table was labelled with that
    # column's header ("Item: 8. Parking: 22 spaces ...", "Item: Conditions of hire")
    data = _workbook(
        [
            ["Item", "Price", "Unit"],
            ["Projector", "£35.00", "per booking"],
            ["Prices include VAT and are reviewed every April by the trustees."],
            ["Conditions of hire"],
            ["1. The balance is due 14 days before the event."],
            ["2. No confetti anywhere in the building."],
        ]
    )
    parsed = parse_document(data, "hire.xlsx")
    lines = parsed.text.split("\n\n")
    assert "Item: Projector | Price: £35.00 | Unit: per booking" in lines
    assert "Prices include VAT and are reviewed every April by the trustees." in lines
    assert "1. The balance is due 14 days before the event." in lines
    assert not any(line.startswith("Item: Conditions") or line.startswith("Item: 1.") for line in lines)
    kinds = {parsed.text[b.char_start : b.char_end]: b.kind for b in parsed.blocks}
    assert kinds["Conditions of hire"] == "heading"
    assert kinds["1. The balance is due 14 days before the event."] == "list_item"
    # a two-column sheet's lone first cell stays a record of that column, as before
    pairs = parse_document(_workbook([["Name", "Phone"], ["Ana", "0161 555 0100"], ["Ben"]]), "phones.xlsx")
    assert "Name: Ben" in pairs.text
