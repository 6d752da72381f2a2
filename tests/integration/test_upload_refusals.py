"""Refused uploads say what is wrong in the file's or the form's terms, and leave the database as it was (outside
check: library exception names in messages, a long filename called a malformed body, a second `file` part silently
dropped, a short text with a control character called binary data)."""

from __future__ import annotations

import io
import logging
import zipfile

import pytest

from tests.helpers.formats import make_docx, make_xlsx
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, count_rows


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
