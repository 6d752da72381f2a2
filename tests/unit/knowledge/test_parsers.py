"""parse_document: type detection from bytes, refusals with their HTTP meaning, and the parsed structure."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from domains.knowledge.errors import (
    ControlCharacterInText,
    CorruptPdf,
    DocumentRejected,
    EmptyDocument,
    EncryptedPdf,
    NotUtf8Text,
    NulInText,
    PdfWithoutText,
    UnsupportedDocumentType,
)
from domains.knowledge.ingestion.parsing import (
    MarkdownParser,
    PDFParser,
    TextParser,
    detect_document_type,
    parse_document,
    select_parser,
)
from tests.helpers.pdfs import text_pdf

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "documents"
SHARED_PDFS = [
    "form_irs-f1040nr-2007.pdf",
    "legal_federal-register-2020-17221.pdf",
    "legal_irs-i1040nr-instructions-2007.pdf",
    "legal_scotus-transcript-p1.pdf",
    "legal_us-copyright-office-dmca-summary.pdf",
    "report_wi-dcf-90day-summary.pdf",
    "sci_acl2020-specter.pdf",
    "sci_de_geotopo-lecture-notes.pdf",
    "sci_naacl2018-N18-3011-semantic-scholar-graph.pdf",
    "table_ca-warn-report-2015-2016.pdf",
    "table_fbi-nics-background-checks-2015-11.pdf",
    "table_senate-expenditures.pdf",
]


def encrypted(pdf: bytes, user_password: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.encrypt(user_password=user_password, owner_password="owner-secret", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# --- type detection -------------------------------------------------------------------------------------


def _zip_of(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"GIF89a" + b"\x00\x01" * 40, "GIF image"),
        (_zip_of({"notes/readme.txt": b"hello"}), "ZIP archive"),
        (b"\x7fELF\x02\x01\x01" + b"\x00" * 100, "executable"),
        (bytes(range(256)) * 40, "binary"),
    ],
)
def test_binary_bytes_are_unsupported_media(data: bytes, kind: str) -> None:
    with pytest.raises(UnsupportedDocumentType) as caught:
        parse_document(data, "upload.txt")
    assert caught.value.status == 415
    assert caught.value.details == {"detected": kind}


def test_random_bytes_are_unsupported_media() -> None:
    with pytest.raises(UnsupportedDocumentType):
        detect_document_type(os.urandom(4096), None)


@pytest.mark.parametrize(
    ("data", "character", "offset"),
    [
        (b"Hello \x1b world \x01 and \x7f bye", "U+0001", 14),  # ESC is a log's colour code, not counted
        (b"\xef\xbb\xbfCaf\xc3\xa9 \x7f\x7f", "U+007F", 5),  # offsets count characters of the text, BOM stripped
    ],
)
def test_text_past_the_control_ratio_is_422_naming_the_first_control_character(
    data: bytes, character: str, offset: int
) -> None:
    with pytest.raises(ControlCharacterInText) as caught:
        detect_document_type(data, "note.txt")
    assert caught.value.status == 422
    assert caught.value.details is not None
    assert caught.value.details["character"] == character and caught.value.details["char_offset"] == offset
    assert f"{character} at character {offset}" in caught.value.message


def test_a_few_stray_control_characters_in_longer_text_are_still_read() -> None:
    data = ("The quarterly report is ready. " * 40).encode() + b"\x01\x7f"
    assert detect_document_type(data, "note.txt") == "text"


def test_latin1_text_is_rejected_as_not_utf8_with_the_byte_offset() -> None:
    data = "Größe und Maß".encode("latin-1")
    with pytest.raises(NotUtf8Text) as caught:
        parse_document(data, "notes.txt")
    assert caught.value.status == 422
    assert caught.value.code == "validation_error"
    assert caught.value.details == {"reason": "not_utf8", "byte_offset": 2}
    assert "offset 2" in caught.value.message


@pytest.mark.parametrize(
    "declaration",
    ['<meta charset="windows-1252">', "<meta http-equiv='Content-Type' content='text/html; charset=ISO-8859-1'>"],
)
def test_an_html_page_in_the_legacy_encoding_it_declares_is_decoded_as_a_browser_would(declaration: str) -> None:
    page = f"<html><head>{declaration}</head><body><h1>Café</h1><p>Crème brûlée: € 6,50. Zoë Müller cooks.</p>"
    parsed = parse_document(page.encode("cp1252"), "menu.html")
    assert parsed.document_type == "html"
    assert "Crème brûlée: € 6,50. Zoë Müller cooks." in parsed.text
    with pytest.raises(NotUtf8Text):  # declaring nothing, it is refused as before
        parse_document(page.replace(declaration, "").encode("cp1252"), "menu.html")
    with pytest.raises(NotUtf8Text):  # a declaration of UTF-8 does not make bad UTF-8 good
        parse_document(page.replace(declaration, '<meta charset="utf-8">').encode("cp1252"), "menu.html")


@pytest.mark.parametrize("data", ["hello world".encode("utf-16"), "hello world, in UTF-16".encode("utf-16-le")])
def test_utf16_text_is_not_utf8_rather_than_binary(data: bytes) -> None:
    with pytest.raises(NotUtf8Text) as caught:
        parse_document(data, None)
    assert caught.value.details is not None
    assert caught.value.details["encoding"] == "UTF-16"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"   \n\t\r\n  ",
        b"\xef\xbb\xbf  \n",
        "\u200b\u200f\u2060\n\ufeff".encode(),
        # variation selectors, the combining grapheme joiner and Hangul fillers show nothing either
        "\ufe0f\ufe00\u034f\u3164\u115f \U000e0100\U000e0041".encode(),
    ],
)
def test_empty_or_whitespace_only_files_are_rejected(data: bytes) -> None:
    with pytest.raises(EmptyDocument) as caught:
        parse_document(data, "empty.txt")
    assert caught.value.details == {"reason": "empty"}


def test_a_utf8_bom_is_stripped_and_a_nul_character_is_refused() -> None:
    parsed = parse_document(b"\xef\xbb\xbfFirst line of text.\n\nSecond paragraph.", "a.txt")
    assert parsed.document_type == "text"
    assert parsed.media_type == "text/plain"
    assert parsed.text == "First line of text.\n\nSecond paragraph."
    # The contract refuses NUL anywhere in a request; a text file's characters are no exception (they were once
    # read as spaces).
    with pytest.raises(NulInText) as refused:
        parse_document(b"\xef\xbb\xbfFirst line\x00 of text.\n\nSecond paragraph.", "a.txt")
    assert refused.value.details == {"reason": "nul_character", "char_offset": 10}


def test_pdf_magic_decides_over_the_name_and_tolerates_leading_junk() -> None:
    pdf = text_pdf("Hello from a PDF")
    assert detect_document_type(pdf, "looks-like.md") == "pdf"
    assert detect_document_type(b"\x00\xff\r\n" + pdf, None) == "pdf"
    assert detect_document_type(b"junk\n" + pdf, "report.pdf") == "pdf"  # a whole PDF behind a line of text


def test_text_that_mentions_the_pdf_magic_stays_text() -> None:
    note = b"# PDF notes\n\nEvery file starts with a header line like %PDF-1.7 and ends with EOF.\n"
    assert detect_document_type(note, "notes.md") == "markdown"
    assert detect_document_type(note + b"It ends with %%EOF too.\n", "notes.md") == "markdown"


def test_markdown_by_extension_structure_or_not_at_all() -> None:
    markdown = b"# Title\n\nSome text with a [link](https://example.org).\n\n## Part\n\nMore."
    assert detect_document_type(b"Plain words.", "README.md") == "markdown"
    assert detect_document_type(markdown, None) == "markdown"
    assert detect_document_type(markdown, "upload") == "markdown"
    assert detect_document_type(markdown, "notes.txt") == "text"
    assert detect_document_type(b"# just one comment line\nthen prose", None) == "text"


def test_select_parser_returns_the_parser_for_the_bytes() -> None:
    assert isinstance(select_parser(text_pdf("x y z"), None), PDFParser)
    assert isinstance(select_parser(b"# A\n\n## B\n", None), MarkdownParser)
    assert isinstance(select_parser(b"plain", "a.txt"), TextParser)


# --- Markdown and text structure --------------------------------------------------------------------------


def test_markdown_headings_have_levels_labels_and_offsets() -> None:
    parsed = parse_document((FIXTURES / "traffic_policy.md").read_bytes(), "traffic_policy.md")
    headings = [block for block in parsed.blocks if block.kind == "heading"]
    assert [(block.heading_level, block.heading_label) for block in headings] == [
        (1, "Part 1 General provisions"),
        (2, "1.1 Scope"),
        (1, "Part 2 Driving"),
        (2, "2.1 Speed limit"),
        (2, "2.2 Parking"),
        (3, "2.2.1 Disabled bays"),
        (1, "Part 3 Enforcement"),
    ]
    assert parsed.text[headings[3].char_start : headings[3].char_end] == "## 2.1 Speed limit"
    assert parsed.page_count is None
    assert parsed.page_spans == []


def test_markdown_fenced_code_and_setext_headings() -> None:
    parsed = parse_document(b"Intro\n=====\n\n```\n# not a heading\n```\n\nBody text.\n\nPart two\n---\n", "x.md")
    headings = [(block.heading_level, block.heading_label) for block in parsed.blocks if block.kind == "heading"]
    assert headings == [(1, "Intro"), (2, "Part two")]
    assert [block.kind for block in parsed.blocks] == ["heading", "code", "paragraph", "heading"]


def test_text_blocks_are_its_paragraphs() -> None:
    parsed = parse_document(b"One.\nStill one.\n\n\nTwo.", "a.txt")
    assert [parsed.text[block.char_start : block.char_end] for block in parsed.blocks] == ["One.\nStill one.", "Two."]


# --- PDFs -------------------------------------------------------------------------------------------------


def test_pdf_pages_become_spans_of_one_normalized_text() -> None:
    parsed = parse_document(text_pdf("First page line", "Second page inter-\nnational   line"), "two.pdf")
    assert parsed.document_type == "pdf"
    assert parsed.media_type == "application/pdf"
    assert parsed.page_count == 2
    assert parsed.text == "First page line\n\nSecond page international\nline"
    assert [(number, parsed.text[start:end]) for number, start, end in parsed.page_spans] == [
        (1, "First page line"),
        (2, "Second page international\nline"),
    ]
    assert [block.page for block in parsed.blocks] == [1, 2]


def test_a_pdf_with_an_empty_user_password_is_decrypted_and_ingested() -> None:
    parsed = parse_document(encrypted(text_pdf("Readable without a password"), ""), "open.pdf")
    assert parsed.text == "Readable without a password"
    assert parsed.metadata["encrypted"] is True


def test_a_pdf_that_needs_a_password_is_rejected() -> None:
    with pytest.raises(EncryptedPdf) as caught:
        parse_document(encrypted(text_pdf("Secret text"), "hunter2"), "locked.pdf")
    assert caught.value.details == {"reason": "encrypted_pdf"}


def test_a_pdf_without_text_is_rejected() -> None:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    writer.add_blank_page(612, 792)
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(PdfWithoutText) as caught:
        parse_document(out.getvalue(), "scan.pdf")
    assert caught.value.details == {"reason": "pdf_without_text"}


@pytest.mark.parametrize("data", [b"%PDF-1.7\nthis is not a PDF body at all", text_pdf("cut short")[:60]])
def test_a_damaged_pdf_is_rejected_as_corrupt(data: bytes) -> None:
    with pytest.raises(CorruptPdf) as caught:
        parse_document(data, "broken.pdf")
    assert isinstance(caught.value, DocumentRejected)
    assert caught.value.status == 422
    assert caught.value.details == {"reason": "corrupt_pdf"}


@pytest.mark.parametrize("name", SHARED_PDFS)
def test_every_shared_pdf_parses_into_consistent_spans(shared_data: Path, name: str) -> None:
    parsed = parse_document((shared_data / "pdfs" / name).read_bytes(), name)
    assert parsed.page_count is not None and parsed.page_count >= 1
    previous_end = 0
    for number, start, end in parsed.page_spans:
        assert 1 <= number <= parsed.page_count
        assert previous_end <= start < end <= len(parsed.text)
        assert parsed.text[start:end].strip() == parsed.text[start:end]
        previous_end = end
    for block in parsed.blocks:
        assert parsed.text[block.char_start : block.char_end].strip()
        assert block.page is not None


def test_the_dmca_summary_is_encrypted_with_an_empty_password_and_still_ingested(shared_data: Path) -> None:
    name = "legal_us-copyright-office-dmca-summary.pdf"
    parsed = parse_document((shared_data / "pdfs" / name).read_bytes(), name)
    assert parsed.metadata["encrypted"] is True
    assert parsed.metadata["title"] == "The Digital Millennium Copyright Act of 1998"
    assert "The Digital Millennium Copyright Act (DMCA) was signed into law" in parsed.text
