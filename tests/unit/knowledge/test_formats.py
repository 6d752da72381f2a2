"""Format detection from the bytes, the builder's text/span invariant, OCR layout and the chunker's table rows."""

from __future__ import annotations

import pytest

from domains.knowledge.errors import CorruptDocument, DocumentTooComplex, UnsupportedContainer
from domains.knowledge.ingestion.chunking import chunk_document
from domains.knowledge.ingestion.normalization import normalize_text
from domains.knowledge.ingestion.parsing import detect_document_type, parse_document
from domains.knowledge.ingestion.parsing.containers import check_archive
from domains.knowledge.ingestion.parsing.limits import ParseLimits
from domains.knowledge.ingestion.parsing.ocr import layout
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
