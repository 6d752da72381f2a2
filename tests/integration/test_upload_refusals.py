"""Refused uploads say what is wrong in the file's or the form's terms, and leave the database as it was (outside
check: library exception names in messages, a long filename called a malformed body, a second `file` part silently
dropped, a short text with a control character called binary data)."""

from __future__ import annotations

import io
import logging
import zipfile

import pytest

from tests.helpers.formats import make_docx, make_email, make_xlsx
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, count_rows, multipart_body


@pytest.fixture(scope="module")
async def account(client):  # type: ignore[no-untyped-def]
    return await register(client)


def _with_member(archive: bytes, name: str, content: bytes) -> bytes:
    """Return a copy of a ZIP-based Office file with one member's bytes replaced."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            target.writestr(item, content if item.filename == name else source.read(item))
    return out.getvalue()


DAMAGED = [
    ("report.pdf", b"%PDF-1.7\nthis is not a PDF body at all", "corrupt_pdf", "PDF is damaged"),
    ("photo.png", b"\x89PNG\r\n\x1a\n" + b"not image data " * 8, "corrupt_document", "image cannot be read"),
    ("letter.docx", b"PK\x03\x04" + b"not a zip archive " * 8, "corrupt_document", "starts like a ZIP archive"),
    (
        "letter.docx",
        _with_member(make_docx(), "word/document.xml", b"<w:document broken"),
        "corrupt_document",
        "Word document is damaged",
    ),
    (
        "sheet.xlsx",
        _with_member(make_xlsx(3), "xl/workbook.xml", b"<workbook broken"),
        "corrupt_document",
        "Excel workbook is damaged",
    ),
    (  # a broken sheet (lxml's error, outside the reader's list) was a 500
        "sheet.xlsx",
        _with_member(make_xlsx(3), "xl/worksheets/sheet1.xml", b"<worksheet broken"),
        "corrupt_document",
        "Excel workbook is damaged",
    ),
    ("page.html", b"<!DOCTYPE html>", "corrupt_document", "HTML page cannot be read"),
]


@pytest.mark.parametrize(("filename", "data", "reason", "phrase"), DAMAGED)
async def test_a_damaged_file_is_422_in_plain_words_and_the_library_error_goes_to_the_log(
    client, account, database_url, caplog, filename, data, reason, phrase
) -> None:
    before = count_rows(database_url, account.organization_id)
    with caplog.at_level(logging.WARNING, logger="domains.knowledge.errors"):
        response = await client.post(
            UPLOAD_URL, files={"file": (filename, data, "application/octet-stream")}, headers=account.headers
        )
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert error["details"] == {"reason": reason}
    assert phrase in error["message"]
    logged = [r for r in caplog.records if r.name == "domains.knowledge.errors" and r.levelno == logging.WARNING]
    assert logged, "the library's exception is logged for the operator"
    exception_class = str(logged[-1].args[1])  # type: ignore[index]
    assert exception_class in logged[-1].getMessage()
    assert exception_class not in error["message"]
    assert "Error" not in error["message"] and "(" not in error["message"]
    assert count_rows(database_url, account.organization_id) == before


# --- file names: at most 1,000 characters (the column's length), in any encoding -------------------------------------


async def _post(client, account, body: bytes, content_type: str):  # type: ignore[no-untyped-def]
    return await client.post(UPLOAD_URL, content=body, headers={**account.headers, "content-type": content_type})


def _assert_refused(response, field: str) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert [".".join(e["loc"]) for e in error["details"]["errors"]] == [f"body.{field}"]
    return dict(error)


@pytest.mark.parametrize(
    ("filename", "length"),
    [("a" * 4_996 + ".txt", "5,000"), ("é" * 1_001, "1,001"), ("  " + "b" * 1_001 + "  ", "1,001")],
)
async def test_a_file_name_over_1000_characters_is_422_saying_the_limit(
    client, account, database_url, filename, length
) -> None:
    # 5,000 characters were "The multipart body is malformed." (python-multipart's 4,224-byte header limit)
    before = count_rows(database_url, account.organization_id)
    response = await client.post(
        UPLOAD_URL, files={"file": (filename, b"A short note.", "text/plain")}, headers=account.headers
    )
    error = _assert_refused(response, "filename")
    assert "file name is too long" in error["message"]
    assert f"{length} characters" in error["message"] and "limit is 1,000" in error["message"]
    assert error["details"]["max_chars"] == 1000
    assert count_rows(database_url, account.organization_id) == before


async def test_a_file_name_past_the_header_limit_is_422_naming_the_file_name_not_a_malformed_body(
    client, account, database_url
) -> None:
    before = count_rows(database_url, account.organization_id)
    body, content_type = multipart_body(
        (b'Content-Disposition: form-data; name="file"; filename="' + b"x" * 40_000 + b'.txt"', b"A short note.")
    )
    error = _assert_refused(await _post(client, account, body, content_type), "filename")
    assert error["message"].startswith("The file name is too long:") and "1,000 characters" in error["message"]
    assert "malformed" not in error["message"]
    assert count_rows(database_url, account.organization_id) == before


async def test_another_header_past_the_limit_is_422_naming_the_header(client, account, database_url) -> None:
    before = count_rows(database_url, account.organization_id)
    body, content_type = multipart_body(
        (b'Content-Disposition: form-data; name="file"; filename="n.txt"\r\nX-Note: ' + b"y" * 40_000, b"A note.")
    )
    error = _assert_refused(await _post(client, account, body, content_type), "file")
    assert "X-Note line is longer than 32,768 bytes" in error["message"]
    assert count_rows(database_url, account.organization_id) == before


async def test_a_1000_character_name_is_kept_in_any_encoding(client, account) -> None:
    # 1,000 CJK characters as filename* (RFC 5987) are 9,000 bytes of header: "malformed" before
    name = "東" * 996 + ".txt"
    encoded = "".join(f"%{byte:02X}" for byte in name.encode())
    body, content_type = multipart_body(
        (
            f'Content-Disposition: form-data; name="file"; filename="{name}"; '.encode()
            + f"filename*=UTF-8''{encoded}".encode(),
            b"A note with the longest name ORION keeps.",
        )
    )
    response = await _post(client, account, body, content_type)
    assert response.status_code == 201, response.text
    detail = await client.get(f"{UPLOAD_URL}/{response.json()['document_id']}", headers=account.headers)
    assert detail.json()["source"] == name
    assert detail.json()["title"] == name[:500]


async def test_an_email_attachment_with_a_name_past_1000_characters_is_kept_with_its_name_cut(client, account) -> None:
    # The name is the sender's, inside the message: the mail is read and the name cut at the column (it was a 500).
    name = "n" * 1_496 + ".txt"
    raw = make_email(
        attachment=(name, "text/plain", b"The attached note says the seal costs forty dollars.")
    ).as_bytes()
    response = await client.post(
        UPLOAD_URL, files={"file": ("mail.eml", raw, "message/rfc822")}, headers=account.headers
    )
    assert response.status_code == 201, response.text
    detail = await client.get(f"{UPLOAD_URL}/{response.json()['document_id']}", headers=account.headers)
    [child] = detail.json()["attachments"]
    assert child["title"] == name[:500]
    attachment = await client.get(f"{UPLOAD_URL}/{child['document_id']}", headers=account.headers)
    assert attachment.json()["source"].endswith("n" * 100)
    assert len(attachment.json()["source"]) == 1000


# --- one `file` part (and one title, one source) per upload ----------------------------------------------------------


async def test_two_file_parts_are_422_and_nothing_is_stored(client, account, database_url) -> None:
    # The first was kept and the second dropped without a word.
    before = count_rows(database_url, account.organization_id)
    body, content_type = multipart_body(
        (b'Content-Disposition: form-data; name="file"; filename="first.txt"', b"The first file's text."),
        (b'Content-Disposition: form-data; name="file"; filename="second.txt"', b"The second file's text."),
    )
    error = _assert_refused(await _post(client, account, body, content_type), "file")
    assert "more than one `file` part" in error["message"]
    assert count_rows(database_url, account.organization_id) == before


@pytest.mark.parametrize("field", ["title", "source"])
async def test_a_text_field_given_twice_is_422_and_nothing_is_stored(client, account, database_url, field) -> None:
    before = count_rows(database_url, account.organization_id)
    response = await client.post(
        UPLOAD_URL,
        files=[
            ("file", ("once.txt", b"A note given one title.", "text/plain")),
            (field, (None, b"First")),
            (field, (None, b"Second")),
        ],
        headers=account.headers,
    )
    error = _assert_refused(response, field)
    assert f"`{field}` is given more than once" in error["message"]
    assert count_rows(database_url, account.organization_id) == before


# --- control characters in text: 422 naming the first; binary data stays 415 ----------------------------------------


async def test_a_short_text_with_control_characters_is_422_naming_the_first_and_where(
    client, account, database_url
) -> None:
    # It was 415 "binary data": three control bytes are past the 5% a file may hold before it is taken for binary.
    before = count_rows(database_url, account.organization_id)
    response = await client.post(
        UPLOAD_URL,
        files={"file": ("note.txt", b"Hello \x1b world \x01 and \x7f bye", "text/plain")},
        headers=account.headers,
    )
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert error["details"] == {"reason": "control_character", "character": "U+0001", "char_offset": 14, "count": 2}
    assert "control character U+0001 at character 14, and 1 more" in error["message"]
    assert count_rows(database_url, account.organization_id) == before


@pytest.mark.parametrize(
    "data",
    [b"Hello \x00\x01\x02 world", bytes(range(256)) * 4, b"\xfe\x01\x02\x03\xff\x80\x04\x05" * 64],
    ids=["nul", "every-byte", "not-utf8"],
)
async def test_binary_data_stays_415(client, account, database_url, data) -> None:
    before = count_rows(database_url, account.organization_id)
    response = await client.post(UPLOAD_URL, files={"file": ("data.txt", data, "text/plain")}, headers=account.headers)
    assert response.status_code == 415, response.text
    assert response.json()["error"]["details"] == {"detected": "binary"}
    assert count_rows(database_url, account.organization_id) == before
