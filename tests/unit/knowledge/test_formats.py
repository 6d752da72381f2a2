"""Format detection from the bytes, the builder's text/span invariant, OCR layout and the chunker's table rows."""

from __future__ import annotations

import numpy as np
import pytest

from domains.knowledge.errors import CorruptDocument, DocumentTooComplex, EmptyDocument, UnsupportedContainer
from domains.knowledge.ingestion.chunking import chunk_document
from domains.knowledge.ingestion.normalization import normalize_text
from domains.knowledge.ingestion.parsing import detect_document_type, parse_document
from domains.knowledge.ingestion.parsing.containers import check_archive
from domains.knowledge.ingestion.parsing.limits import ParseLimits
from domains.knowledge.ingestion.parsing.ocr_layout import layout
from tests.helpers.formats import HTML_PAGE, image_bytes, make_docx, make_email, make_mbox, make_xlsx, text_image


@pytest.mark.parametrize(
    ("make", "filename", "expected"),
    [
        (make_docx, "whatever.bin", "docx"),
        (make_xlsx, None, "xlsx"),
        (lambda: make_email().as_bytes(), None, "email"),
        (lambda: make_email().as_bytes(), "note.txt", "email"),
        (lambda: make_mbox([make_email()]), None, "mbox"),
        (lambda: HTML_PAGE.encode(), None, "html"),
        (lambda: b"a,b\n1,2\n", "t.csv", "csv"),
        (lambda: b"a,b\n1,2\n", "t.txt", "text"),
        (lambda: image_bytes(text_image(["x"]), "JPEG"), "x.pdf", "image"),
        (lambda: b"Subject: not mail\n\nA note whose first line looks like a header.", "n.txt", "text"),
    ],
)
def test_types_come_from_the_bytes(make, filename, expected) -> None:  # type: ignore[no-untyped-def]
    assert detect_document_type(make(), filename) == expected


def test_a_zip_that_is_not_office_is_415_and_a_broken_one_422() -> None:
    docx = make_docx()
    with pytest.raises(UnsupportedContainer):
        detect_document_type(docx.replace(b"word/document.xml", b"word/documenx.xml"), "x.docx")
    with pytest.raises(CorruptDocument):
        detect_document_type(b"PK\x03\x04" + b"\x00" * 40, "x.docx")


def test_archive_caps_use_the_declared_sizes() -> None:
    from tests.helpers.formats import make_zip_bomb_docx

    bomb = make_zip_bomb_docx(12 * 1024 * 1024)
    with pytest.raises(DocumentTooComplex):
        check_archive(bomb)
    check_archive(make_docx())  # an ordinary document passes


@pytest.mark.parametrize(
    ("content", "filename"),
    [
        (make_docx(), "a.docx"),
        (make_xlsx(), "a.xlsx"),
        (HTML_PAGE.encode(), "a.html"),
        (make_email().as_bytes(), "a.eml"),
        (make_mbox([make_email(), make_email("Second")]), "a.mbox"),
    ],
)
def test_structured_text_is_normalized_and_blocks_index_into_it(content: bytes, filename: str) -> None:
    parsed = parse_document(content, filename, ParseLimits(ocr="off"))
    assert normalize_text(parsed.text) == parsed.text
    for block in parsed.blocks:
        piece = parsed.text[block.char_start : block.char_end]
        assert piece and piece == piece.strip()
    for chunk in chunk_document(parsed):
        assert parsed.text[chunk.char_start : chunk.char_end] == chunk.text


def test_table_rows_are_never_cut_and_pack_whole() -> None:
    rows = [("State", "Company", "Employees")] + [("CA", f"Company number {n} of the long list", n) for n in range(80)]
    csv_bytes = "\n".join(",".join(map(str, row)) for row in rows).encode()
    parsed = parse_document(csv_bytes, "t.csv")
    chunks = chunk_document(parsed, target_chars=400, max_chars=800, overlap_chars=50)
    assert len(chunks) > 5
    lines = {line for chunk in chunks for line in chunk.text.split("\n\n")}
    assert lines == {parsed.text[b.char_start : b.char_end] for b in parsed.blocks}  # whole rows, none overlapped
    assert sum(chunk.text.count("State: CA") for chunk in chunks) == 80


def test_ocr_boxes_are_put_back_in_reading_order() -> None:
    def box(x: float, y: float, text: str) -> list[object]:
        return [[[x, y], [x + 100, y], [x + 100, y + 20], [x, y + 20]], text, 0.9]

    boxes = [box(300, 102, "world"), box(10, 100, "Hello"), box(10, 130, "next line"), box(10, 220, "new paragraph")]
    result = layout(boxes)
    assert result.text == "Hello world\nnext line\n\nnew paragraph"
    assert result.confidence == 0.9
    assert layout([]).text == ""


def test_ocr_reads_two_columns_one_after_the_other() -> None:
    def box(x: float, y: float, text: str, width: float = 200) -> list[object]:
        return [[[x, y], [x + width, y], [x + width, y + 20], [x, y + 20]], text, 0.95]

    title = box(10, 10, "A title over both columns", width=600)
    left = [box(10, 60 + 30 * n, f"left {n}") for n in range(6)]
    right = [box(400, 60 + 30 * n, f"right {n}") for n in range(6)]
    text = layout([*right, title, *left]).text
    assert text.split("\n\n") == [
        "A title over both columns",
        "\n".join(f"left {n}" for n in range(6)),
        "\n".join(f"right {n}" for n in range(6)),
    ]
    # One column with a page number at the right edge is still one column, line by line.
    single = [box(10, 60 + 30 * n, f"line {n}", width=500) for n in range(6)] + [box(560, 300, "7", width=10)]
    assert layout(single).text.split("\n")[:6] == [f"line {n}" for n in range(6)]


def _inked_line(pixels: np.ndarray, top: int, spans: list[tuple[int, int, str]]) -> list[object]:
    """Draw one 'glyph' block per character (x ranges given) and return its OCR box with character positions,
    the way RapidOCR reports it with return_word_box=True."""
    chars, char_boxes = [], []
    for start, end, char in spans:
        if char != " ":
            pixels[top + 8 : top + 24, start:end] = 0
        chars.append(char)
        char_boxes.append([[start, top], [end, top], [end, top + 30], [start, top + 30]])
    left, right = spans[0][0], spans[-1][1]
    corners = [[left, top], [right, top], [right, top + 30], [left, top + 30]]
    return [corners, "".join(chars), 0.9, char_boxes, chars, [0.9] * len(chars)]


def test_ocr_restores_the_spaces_the_recognizer_dropped_from_the_ink_gaps() -> None:
    pixels = np.full((200, 600), 255, dtype=np.uint8)
    # "ab cd" read as "abcd": the gap between b and c (18 px, 0.6 of the box height) is blank; letters touch.
    words = _inked_line(pixels, 20, [(10, 20, "a"), (22, 32, "b"), (50, 60, "c"), (62, 72, "d")])
    # Digits of one number and a number's parenthesised part stay together even when their ink is apart.
    number = _inked_line(pixels, 80, [(10, 20, "1"), (40, 50, "2"), (70, 80, "("), (100, 110, "c"), (112, 122, ")")])
    full_width = _inked_line(pixels, 140, [(10, 20, "a"), (22, 32, "，"), (50, 60, "b")])
    assert layout([words, number, full_width], pixels).text == "ab cd\n12(c)\na, b"
    assert layout([words[:3]], pixels).text == "abcd"  # without character positions the text stays as read


def test_ocr_splits_a_box_bridging_a_gutter_and_reads_the_columns_in_turn() -> None:
    pixels = np.full((400, 700), 255, dtype=np.uint8)
    lines = []
    for n in range(6):  # each detected box runs across the 60 px gutter: "lN" on the left, "rN" on the right
        left, right = f"l{n}", f"r{n}"
        spans = [(10, 20, left[0]), (22, 32, left[1]), (92, 102, right[0]), (104, 114, right[1])]
        lines.append(_inked_line(pixels, 10 + 40 * n, spans))
    page_number = [[[50, 300], [70, 300], [70, 330], [50, 330]], "7", 0.9]  # centred in the gutter
    text = layout([*lines, page_number], pixels).text
    assert text.split("\n\n") == ["\n".join(f"l{n}" for n in range(6)), "\n".join(f"r{n}" for n in range(6)), "7"]


INVOICE_CSV = (
    "Invoice number,INV-3301,,,\n"
    "Customer,Harrow & Lane,,,\n"
    "Item,SKU,Quantity,Unit price,Line total\n"
    "Desk lamp,LMP-01,2,19.50,39.00\n"
    "Stapler,STP-02,1,7.25,7.25\n"
    "Subtotal,,,,46.25\n"
    "Payment terms,30 days,,,\n"
)


def test_a_wide_sheet_s_preamble_reads_as_fields_above_its_header_row() -> None:
    parsed = parse_document(INVOICE_CSV.encode(), "invoice.csv")
    lines = parsed.text.split("\n\n")
    assert lines[:2] == ["Invoice number: INV-3301", "Customer: Harrow & Lane"]
    # The fuller row is the header; rows below it are named by it.
    assert "Item: Desk lamp | SKU: LMP-01 | Quantity: 2 | Unit price: 19.50 | Line total: 39.00" in lines
    assert "Item: Subtotal | Line total: 46.25" in lines
    # A label and its value in the first two columns are no Item and SKU.
    assert "Payment terms: 30 days" in lines
    assert parsed.metadata["rows"] == len(lines)


def test_a_line_break_inside_an_html_paragraph_is_a_space() -> None:
    paragraphs = [
        "Dear member,",
        "From next month the reading room opens at nine and closes at eight on weekdays.",
        "Printing costs ten cents a page, and the printer takes cards only.",
        "Lockers on the ground floor are free for the day; bring your own padlock.",
        "Kind regards,<br>The reading room team",
    ]
    markup = "<html><body><h1>Reading room notice</h1>" + "".join(f"<p>{p}</p>" for p in paragraphs) + "</body></html>"
    parsed = parse_document(make_email(body="", html=markup).as_bytes(), "notice.eml")
    assert "Kind regards, The reading room team" in parsed.text


def test_a_short_page_keeps_its_heading_and_paragraphs_apart() -> None:
    """The main-content extractor runs a short page's blocks into one paragraph; the page's own elements are read
    instead, so the heading stays a heading."""
    markup = "<h1>Pea Soup</h1><p>Serves 3. Preparation 10 minutes.</p><p>A bright green soup for spring.</p>"
    parsed = parse_document(markup.encode(), "soup.html")
    assert parsed.text.split("\n\n") == [
        "Pea Soup",
        "Serves 3. Preparation 10 minutes.",
        "A bright green soup for spring.",
    ]
    assert [block.kind for block in parsed.blocks] == ["heading", "paragraph", "paragraph"]


def test_a_narrow_sheet_keeps_its_first_row_as_the_header() -> None:
    parsed = parse_document(b"Name,Phone\nAda,0123\nBo,0456\n", "phones.csv")
    assert parsed.text.split("\n\n") == ["Name: Ada | Phone: 0123", "Name: Bo | Phone: 0456"]


def test_a_title_above_a_wide_table_is_its_title() -> None:
    parsed = parse_document(b"Price list 2025,,,\nItem,Size,Colour,Price\nMug,Large,Blue,8.00\n", "prices.csv")
    assert parsed.text.split("\n\n") == ["Price list 2025", "Item: Mug | Size: Large | Colour: Blue | Price: 8.00"]
    assert parsed.blocks[0].kind == "heading"


def _faq_page(entries: int) -> bytes:
    """A short FAQ page of <h3> questions and <p> answers, the shape the main-content extractor reads without its
    headings (written for this test)."""
    body = "".join(
        f"<h3>Question {n}: can I bring item {n}?</h3><p>Yes, item {n} is allowed for a fee of {n} pounds per night, "
        f"and it must be declared at the front desk when you arrive.</p>"
        for n in range(1, entries + 1)
    )
    return (
        "<!DOCTYPE html><html><head><title>FAQ | The Example Inn</title><style>p{color:red}</style></head><body>"
        "<nav><a href='/'>Home</a></nav><h1>Frequently asked questions</h1>"
        f"<p>Answers to what our guests ask most.</p>{body}<footer>Copyright 2025</footer></body></html>"
    ).encode()


def test_an_faq_page_keeps_its_question_headings() -> None:
    parsed = parse_document(_faq_page(8), "faq.html")
    headings = [parsed.text[b.char_start : b.char_end] for b in parsed.blocks if b.kind == "heading"]
    assert headings[0] == "Frequently asked questions"
    assert headings[1:] == [f"Question {n}: can I bring item {n}?" for n in range(1, 9)]
    # Each answer follows its question; page furniture and styles stay out.
    assert "Question 3: can I bring item 3?\n\nYes, item 3 is allowed" in parsed.text
    assert "Home" not in parsed.text and "Copyright" not in parsed.text and "color" not in parsed.text
    chunks = chunk_document(parsed)
    assert any(chunk.section and chunk.section.endswith("Question 5: can I bring item 5?") for chunk in chunks)


def test_a_page_walked_element_by_element_keeps_lists_and_tables() -> None:
    # A list and a table between the questions: the extractor keeps the headings and drops both.
    page = _faq_page(6).replace(
        b"<h3>Question 3",
        b"<ul><li>Towels</li><li>Robes<ul><li>Adult</li></ul></li></ul>"
        b"<table><tr><th>Room</th><th>Price</th></tr><tr><td>Double</td><td>95</td></tr></table><h3>Question 3",
    )
    parsed = parse_document(page, "faq.html")
    assert "- Towels\n\n- Robes\n\n- Adult" in parsed.text
    assert "Room: Double | Price: 95" in parsed.text


def test_a_short_row_of_a_ragged_sheet_keeps_its_headers() -> None:
    """One long row below a three-column header does not make the table wide: a two-cell row is a short row, not a
    `Label, value` line ("Anna: München" named a person as a label)."""
    parsed = parse_document("name,city,amount\nZoë,Berlin,10\nJörg,Hamburg,20,EXTRA\nAnna,München\n".encode(), "g.csv")
    assert "name: Anna | city: München" in parsed.text.split("\n\n")


def test_a_header_only_table_says_it_has_no_data_rows() -> None:
    with pytest.raises(EmptyDocument, match="no data rows"):
        parse_document(b"name,item,price\n", "orders.csv")


def test_a_line_break_inside_an_html_list_item_is_a_space() -> None:
    markup = (
        "<html><body><h1>Menu</h1><ul>"
        '<li><strong>Olives</strong> <span class="price">£4.50</span><br><span>Allergens: none.</span></li>'
        '<li><strong>Flatbread</strong> <span class="price">£5.00</span><br/><span>Allergens: gluten.</span>'
        "<!-- kitchen note: reheat --></li>"
        "</ul></body></html>"
    )
    text = parse_document(markup.encode(), "menu.html").text
    assert "- Olives £4.50 Allergens: none." in text.split("\n")
    assert "- Flatbread £5.00 Allergens: gluten." in text.split("\n")


def test_a_page_header_and_footer_keep_the_title_and_contact_lines_and_drop_the_menus() -> None:
    """The main-content extractor drops <header> and <footer>; their title and contact details are content."""
    answers = "".join(
        f"<h3>{question}</h3><p>{answer}</p>"
        for question, answer in [
            ("Who can join?", "Anyone who lives or works in the borough can join for free."),
            ("How many books can I borrow?", "Adults may borrow twelve items at a time for three weeks."),
            ("Can I renew online?", "Yes, twice, unless another member has reserved the item."),
        ]
    )
    markup = (
        "<html><body><header><nav><a href='/'>Home</a> <a href='/faq'>FAQ</a> <a href='/contact'>Contact</a></nav>"
        "<h1>Riverside Library: questions and answers</h1>"
        "<p>Still stuck? Call the front desk on 01632 448 210 or email desk@riverside.example.</p></header>"
        f"<main>{answers}</main>"
        "<footer><p>Riverside Library, 4 Pell Street, Marrowby MR3 7QD.</p><p>© 2025 Riverside Libraries</p>"
        "<ul><li><a href='/privacy'>Privacy</a></li><li><a href='/jobs'>Jobs</a></li></ul></footer></body></html>"
    )
    parsed = parse_document(markup.encode(), "faq.html")
    paragraphs = parsed.text.split("\n\n")
    assert paragraphs[0] == "Riverside Library: questions and answers"
    assert paragraphs.count("Still stuck? Call the front desk on 01632 448 210 or email desk@riverside.example.") == 1
    assert paragraphs[-1] == "Riverside Library, 4 Pell Street, Marrowby MR3 7QD."
    assert "Who can join?" in paragraphs and "Adults may borrow twelve items at a time for three weeks." in paragraphs
    for furniture in ("Home", "Privacy", "©"):
        assert furniture not in parsed.text
    assert parsed.blocks[0].kind == "heading"


def test_a_footer_that_is_one_line_of_text_keeps_its_contact_details() -> None:
    # No <p> inside: the footer's own text is its line (found by an outside check: it was dropped)
    markup = (
        "<html><head><title>Riverside Library</title></head><body><nav><a href='/'>Home</a></nav><main>"
        "<h1>Riverside Library</h1><h2>Wi-Fi</h2><p>Free Wi-Fi is available throughout the building.</p></main>"
        "<footer>Riverside Library, 14 Mill Lane, Tel 01632 960123</footer>"
        "<footer>&copy; 2025 Riverside Libraries</footer></body></html>"
    )
    paragraphs = parse_document(markup.encode(), "library.html").text.split("\n\n")
    assert paragraphs[-1] == "Riverside Library, 14 Mill Lane, Tel 01632 960123"
    assert not any("©" in paragraph for paragraph in paragraphs)


def test_a_us_postal_address_in_a_footer_is_a_contact_line() -> None:
    # outside27: "900 SW Harbor Way, Suite 210, Portland, OR 97201" was dropped with the footer's menus
    markup = (
        "<html><body><main><h1>Owner fees</h1><p>We publish our fees so owners can compare us fairly.</p></main>"
        "<footer><p>Harbourview Property Management Ltd · 900 SW Harbor Way, Suite 210, Portland, OR 97201</p>"
        "<p>© 2025 Harbourview</p></footer></body></html>"
    )
    paragraphs = parse_document(markup.encode(), "fees.html").text.split("\n\n")
    assert paragraphs[-1] == "Harbourview Property Management Ltd · 900 SW Harbor Way, Suite 210, Portland, OR 97201"


def test_a_table_caption_names_the_table_and_the_row_below_it_is_the_header() -> None:
    # outside27: the caption was read as the first column's name and the <th> row as data ("Column 2: Hours")
    intro = "<p>Our front office is open on weekdays and on Saturday mornings by appointment for owners.</p>"
    table = (
        "<table><caption>Front office, 900 SW Harbor Way, Suite 210</caption>"
        "<tr><th>Day</th><th>Hours</th></tr>"
        "<tr><td>Friday</td><td>9:00 am to 4:00 pm</td></tr>"
        "<tr><td>Saturday</td><td>10:00 am to 1:00 pm, by appointment only</td></tr></table>"
    )
    after = "<p>The office is closed on public holidays, and rent left in the drop box is processed the next day.</p>"
    for body in (f"<main><h1>Office hours</h1>{intro}{table}{after}</main>", f"<h1>Office hours</h1>{table}"):
        paragraphs = parse_document(f"<html><body>{body}</body></html>".encode(), "hours.html").text.split("\n\n")
        assert "Front office, 900 SW Harbor Way, Suite 210" in paragraphs, body
        assert "Day: Saturday | Hours: 10:00 am to 1:00 pm, by appointment only" in paragraphs, body
        assert not any("Column 2" in paragraph or paragraph.endswith("Hours: Hours") for paragraph in paragraphs)


def test_short_lines_broken_by_br_stay_lines_and_a_long_paragraph_stays_one() -> None:
    contact = "Live chat: every day 8:00-20:00<br>Email: care@aurora.example<br>Phone: 0330 555 0146"
    long_line = "We repair or replace any faulty product free of charge within two years of delivery. " * 2
    markup = (
        "<html><body><h1>Warranty</h1><p>Faulty products are repaired or replaced within ten working days.</p>"
        f"<h2>Contact us</h2><p>{contact}</p><p>{long_line}<br>{long_line}<br>{long_line}</p></body></html>"
    )
    text = parse_document(markup.encode(), "warranty.html").text
    assert "Live chat: every day 8:00-20:00\nEmail: care@aurora.example\nPhone: 0330 555 0146" in text.split("\n\n")
    assert "\n" not in next(part for part in text.split("\n\n") if part.startswith("We repair"))


def test_an_email_date_line_is_the_sender_s_own() -> None:
    """The parsed Date header re-renders "Thu, 6 Mar" as "Thu, 06 Mar"; a quote must be the message's words."""
    raw = (
        b"From: Ann Lee <ann@example.org>\r\nTo: Bob <bob@example.org>\r\nSubject: Rota\r\n"
        b"Date: Thu, 6 Mar 2025 14:12:09 +0000\r\n\r\nHello Bob, the rota starts on Monday.\r\n"
    )
    parsed = parse_document(raw, "note.eml")
    assert "Date: Thu, 6 Mar 2025 14:12:09 +0000" in parsed.text.split("\n")


_LONG = (
    "<p>" + "The reading room is quiet, warm and open to every member of the public who brings a card. " * 3 + "</p>"
)


def test_a_definition_list_pairs_each_term_with_its_definition() -> None:
    """Terms and definitions read as separate items lost each other: a colour price was quoted for black and white."""
    markup = (
        f"<html><body><h1>Printing</h1>{_LONG}<dl><dt>Colour printing</dt><dd>£0.50 a page</dd>"
        "<dt>Black and white</dt><dd>£0.15 a page</dd><dt>Scanning</dt></dl></body></html>"
    )
    lines = parse_document(markup.encode(), "printing.html").text.split("\n\n")
    assert "- Colour printing: £0.50 a page" in lines and "- Black and white: £0.15 a page" in lines
    assert "- Scanning" in lines and "- £0.50 a page" not in lines
    short = "<h3>Prices</h3><dl><dt>Colour printing</dt><dd>£0.50 a page</dd></dl><h3>Hours</h3><p>Nine to five.</p>"
    assert "- Colour printing: £0.50 a page" in parse_document(short.encode(), "short.html").text.split("\n\n")


def test_a_table_cell_of_two_lines_is_not_glued_and_the_page_heading_stays() -> None:
    markup = (
        f"<html><body><h1>Opening times</h1>{_LONG}<table><tr><th>Day</th><th>Hours</th></tr>"
        "<tr><td>Weekdays</td><td>Fridays<br>10:00 to 16:00</td></tr></table></body></html>"
    )
    parsed = parse_document(markup.encode(), "hours.html")
    paragraphs = parsed.text.split("\n\n")
    assert paragraphs[0] == "Opening times" and parsed.blocks[0].kind == "heading"  # the extractor's "title"
    assert "Day: Weekdays | Hours: Fridays 10:00 to 16:00" in paragraphs


def test_a_layout_table_reads_as_the_page_it_lays_out() -> None:
    """Commercial HTML mail lays its body out in a one-cell table; that cell used to become the header row of the
    inner table, and the whole message was repeated once per inner row ("...: The Salt Road | Column 2: 1")."""
    body = (
        '<table width="600"><tr><td><h2>Your parcel is on its way</h2>'
        "<p>Order HB-4410 left our shop this morning with Swiftpost.</p>"
        "<p>Tracking number: SP 2218 0043. Expected delivery: Tuesday 9 June.</p>"
        "<table><tr><th>Item</th><th>Qty</th><th>Price</th></tr>"
        "<tr><td>Garden twine</td><td>2</td><td>£3.50</td></tr>"
        "<tr><td>Seed tray</td><td>1</td><td>£6.00</td></tr></table>"
        "<p>Returns are accepted within 30 days.</p></td></tr></table>"
    )
    for parsed in (
        parse_document(f"<html><body>{body}</body></html>".encode(), "parcel.html"),
        parse_document(make_email(body="", html=f"<html><body>{body}</body></html>").as_bytes(), "parcel.eml"),
    ):
        paragraphs = parsed.text.split("\n\n")
        assert "Tracking number: SP 2218 0043. Expected delivery: Tuesday 9 June." in paragraphs
        assert "Item: Garden twine | Qty: 2 | Price: £3.50" in paragraphs
        assert "Item: Seed tray | Qty: 1 | Price: £6.00" in paragraphs
        assert parsed.text.count("Order HB-4410") == 1 and "Column 2" not in parsed.text


def test_a_two_column_table_of_labels_reads_label_by_label() -> None:
    """A booking's "Booking reference | HLG-58213" table has no header row: its first row named the columns and every
    value got the wrong label ("Booking reference: Check-out | HLG-58213: Monday 13 July")."""
    rows = [("Booking reference", "TRV-30417"), ("Check-in", "Friday 4 June, from 15:00"), ("Room", "Room 12, garden")]
    labels = "".join(f"<tr><td>{label}</td><td>{value}</td></tr>" for label, value in rows)
    data = "".join(
        f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in [("Item", "Price"), ("Breakfast", "£12"), ("Parking", "£8")]
    )
    tables = f"<table>{labels}</table><h2>Extras</h2><table>{data}</table>"
    markup = f"<html><body><h1>Your stay</h1>{_LONG}{tables}</body></html>"
    paragraphs = parse_document(markup.encode(), "stay.html").text.split("\n\n")
    for label, value in rows:
        assert f"{label}: {value}" in paragraphs
    # A plain header row of one-word column names still names the columns
    assert "Item: Breakfast | Price: £12" in paragraphs and "Item: Parking | Price: £8" in paragraphs


@pytest.mark.parametrize("name", ["notice.html", "notice.xhtml"])
def test_an_xhtml_page_with_an_encoding_declaration_is_read(name: str) -> None:
    """An XHTML page opens with `<?xml version="1.0" encoding="utf-8"?>`; the parser refuses a decoded string that
    declares an encoding, so the page was refused as damaged (outside check)."""
    markup = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Hall notice</title></head>'
        "<body><h1>Hall notice</h1><p>The hall reopens on Monday 3 March after the new floor is laid.</p>"
        "<p>Bookings for March can be made at the front desk.</p></body></html>"
    )
    parsed = parse_document(markup.encode(), name)
    assert "The hall reopens on Monday 3 March after the new floor is laid." in parsed.text
    assert "xml version" not in parsed.text


def test_a_footer_line_with_the_pages_date_is_content() -> None:
    # outside check 31: "When was the meeting room policy last updated?" was refused: the footer was dropped
    markup = (
        "<html><body><main><h1>Meeting rooms</h1><p>Rooms are booked through the app.</p></main>"
        "<footer><p>Last updated October 2026. Policy owner: Facilities team.</p><p>&copy; 2026 Harbour Works</p>"
        "<ul><li><a href='/privacy'>Privacy</a></li></ul></footer></body></html>"
    )
    paragraphs = parse_document(markup.encode(), "rooms.html").text.split("\n\n")
    assert paragraphs[-1] == "Last updated October 2026. Policy owner: Facilities team."
    assert not any("©" in paragraph or "Privacy" in paragraph for paragraph in paragraphs)


def test_a_footer_address_under_any_street_name_is_kept_by_its_postcode() -> None:
    # v87, outside check 10: "7 Quayside Parade, Bellhaven, TR19 4DX" was dropped (no street word the rule knew)
    markup = (
        "<html><body><main><h1>Harbour Pharmacy</h1><p>We dispense NHS and private prescriptions every weekday."
        "</p></main><footer><p>Harbour Pharmacy, 12 Netloft Parade, Polwenna, TR21 8QX</p>"
        "<p>Registered premises number 1120001.</p><p>© 2025 Harbour Pharmacy Ltd</p></footer></body></html>"
    )
    parsed = parse_document(markup.encode(), "pharmacy.html")
    assert "Harbour Pharmacy, 12 Netloft Parade, Polwenna, TR21 8QX" in parsed.text.split("\n\n")
    assert "Registered premises" not in parsed.text and "©" not in parsed.text
