"""Every new upload format through the real route: Word, HTML, email (.eml, .mbox), CSV and Excel, with the
structure the chunker keeps (headings, list items, header-named table rows), the span invariant (chunk offsets
index the version's text), the original bytes back, and the size/complexity guards leaving nothing behind."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from tests.conftest import make_test_settings
from tests.helpers.formats import (
    HTML_PAGE,
    make_docx,
    make_email,
    make_empty_xlsx,
    make_mbox,
    make_xlsx,
    make_zip_bomb_docx,
    nested_html,
)
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, count_rows, upload
from tests.helpers.runs import run_result, scripted_model, start_run


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("formats"), max_table_rows=500)


async def _ingest(client, account, content: bytes, filename: str) -> tuple[dict, str, list[dict]]:  # type: ignore[no-untyped-def]
    """Upload, then check the invariants every format keeps; return the detail, the version text and chunks."""
    response = await upload(client, account, content, filename)
    assert response.status_code == 201, response.text
    body = response.json()
    document_id, version_id = body["document_id"], body["document_version_id"]
    detail = (await client.get(f"{UPLOAD_URL}/{document_id}", headers=account.headers)).json()
    base = f"{UPLOAD_URL}/{document_id}/versions/{version_id}"
    text = (await client.get(f"{base}/text", headers=account.headers)).text
    chunks = (await client.get(f"{UPLOAD_URL}/{document_id}/chunks?limit=200", headers=account.headers)).json()
    assert len(chunks) == body["chunk_count"] > 0
    for chunk in chunks:
        assert text[chunk["char_start"] : chunk["char_end"]] == chunk["text"]
        assert chunk["text_source"] is None  # no pages, no OCR
    original = await client.get(f"{base}/file", headers=account.headers)
    assert original.content == content
    again = await upload(client, account, content, filename)
    assert again.status_code == 200 and again.json()["duplicate"] is True  # versioned by content hash
    return detail, text, chunks


async def test_docx_keeps_headings_lists_and_table_rows(client) -> None:
    account = await register(client)
    detail, text, chunks = await _ingest(client, account, make_docx(), "pumps.docx")
    assert detail["document_type"] == "docx"
    assert "- Pump seven needs a new seal before winter." in text
    assert "Pump: 7 | District: North | Hours: 1200" in text.split("\n\n")
    sections = {chunk["section"] for chunk in chunks}
    assert any(section and section.endswith("Budget") for section in sections)
    row_chunk = next(chunk for chunk in chunks if "District: North" in chunk["text"])
    assert "Findings" in row_chunk["section"]


async def test_html_drops_navigation_scripts_and_styles(client) -> None:
    account = await register(client)
    detail, text, chunks = await _ingest(client, account, HTML_PAGE.encode(), "report.html")
    assert detail["document_type"] == "html"
    assert "northern district" in text and "Pump 9 was replaced in August" in text
    for boilerplate in ("zebra-tracking-token", "script text", "display: none", "About the water board", "Cookie"):
        assert boilerplate not in text, boilerplate
    assert "Pump: 9 | District: East | Hours: 300" in text.split("\n\n")
    assert any((chunk["section"] or "").endswith("Findings") for chunk in chunks)


async def test_eml_headers_become_metadata_and_header_lines_and_bodies_are_decoded(client) -> None:
    account = await register(client)
    message = make_email(attachment=("staff.csv", "text/csv", b"Name,Role\nBob,Inspector\nCarol,Engineer\n"))
    detail, text, chunks = await _ingest(client, account, message.as_bytes(), "budget.eml")
    assert detail["document_type"] == "email"
    assert "forty thousand dollars" in text  # the base64 body, decoded
    # Who sent it, to whom and when are lines of the text under the subject (a reader asks them); the MIME headers
    # are not.
    assert text.startswith(
        "Pump budget for next year\n\nFrom: Alice Example <alice@example.org>\nTo: Board <board@example.org>\n"
        "Date: Tue, 05 Mar 2024 09:30:00 +0000\n\n"
    )
    for raw in ("Content-Transfer-Encoding", "Message-ID", "MIME-Version", "Subject:"):
        assert raw not in text, raw
    label = chunks[0]["section"]
    assert "Pump budget for next year" in label and "alice@example.org" in label and "2024-03-05" in label
    assert "Name: Bob | Role: Inspector" not in text  # the attachment is a document of its own (linked)
    assert [child["title"] for child in detail["attachments"]] == ["staff.csv"]
    found = await client.post(
        "/api/v1/knowledge/search",
        json={"query_text": "pump budget forty thousand", "method": "lexical"},
        headers=account.headers,
    )
    assert any("forty thousand dollars" in result["content"] for result in found.json())


async def test_html_only_quoted_printable_mail_goes_through_the_html_parser(client) -> None:
    account = await register(client)
    html = "<p>The résumé deadline is Friday the ninth of May, as agreed.</p><script>var hidden = 'x';</script>"
    message = make_email("Deadline", "", html=f"<html><body>{html}</body></html>")
    assert b"r=C3=A9sum=C3=A9" in message.as_bytes()  # quoted-printable on the wire
    _, text, _ = await _ingest(client, account, message.as_bytes(), "deadline.eml")
    assert "The résumé deadline is Friday the ninth of May" in text
    assert "hidden" not in text and "<p>" not in text


async def test_mbox_holds_many_messages_as_sections(client) -> None:
    account = await register(client)
    messages = [
        make_email(f"Weekly note {n}", f"Note number {n}: the reservoir level is {70 + n} percent.") for n in range(3)
    ]
    detail, text, chunks = await _ingest(client, account, make_mbox(messages), "notes.mbox")
    assert detail["document_type"] == "mbox"
    for n in range(3):
        assert f"the reservoir level is {70 + n} percent" in text
    assert {chunk["section"].split(" — ")[0] for chunk in chunks} == {f"Weekly note {n}" for n in range(3)}


async def test_csv_and_xlsx_rows_keep_their_header_names(client) -> None:
    account = await register(client)
    csv_bytes = b"State,Company,Employees\nCA,Acme Rockets,120\nNV,Basin Mining,45\n"
    detail, text, _ = await _ingest(client, account, csv_bytes, "staff.csv")
    assert detail["document_type"] == "csv"
    assert text.split("\n\n") == [
        "State: CA | Company: Acme Rockets | Employees: 120",
        "State: NV | Company: Basin Mining | Employees: 45",
    ]
    detail, text, chunks = await _ingest(client, account, make_xlsx(), "staff.xlsx")
    assert detail["document_type"] == "xlsx"
    assert "State: NV | Company: Basin Mining | Employees: 45" in text.split("\n\n")
    assert all(chunk["section"] == "Sheet Staff" for chunk in chunks)


async def test_a_question_naming_a_row_and_column_quotes_the_row(client, app) -> None:
    account = await register(client)
    rows = [("State", "Company", "City", "Employees")]
    rows += [("CA", f"Vendor {n} Holdings", f"Town {n}", 100 + n) for n in range(40)]
    rows += [("CA", "Acme Rockets", "Mojave", 120)]
    csv_bytes = "\n".join(",".join(map(str, row)) for row in rows).encode()
    response = await upload(client, account, csv_bytes, "warn.csv")
    assert response.status_code == 201, response.text
    with scripted_model(app, ExtractiveBriefingProvider(encoder=None)):
        run = await start_run(client, account, "How many employees does Acme Rockets have in Mojave?")
    assert run["outcome"] == "answered", run
    result = await run_result(client, account, run["id"])
    quotes = [citation["quote"] for claim in result["result"]["claims"] for citation in claim["citations"]]
    assert any("Company: Acme Rockets" in quote and "Employees: 120" in quote for quote in quotes), quotes


@pytest.mark.parametrize(
    ("content", "filename", "status", "reason"),
    [
        (make_zip_bomb_docx(40 * 1024 * 1024), "bomb.docx", 422, "too_complex"),
        (nested_html(400).encode(), "deep.html", 422, "too_complex"),
        (make_xlsx(600), "big.xlsx", 413, None),
        (("a,b\n" + "1,2\n" * 600).encode(), "big.csv", 413, None),
        (b"PK\x03\x04" + b"\x00" * 64, "broken.docx", 422, "corrupt_document"),
        (make_empty_xlsx(), "empty.xlsx", 422, "empty"),
    ],
)
async def test_guards_answer_in_the_error_shape_and_leave_nothing(
    client, database_url, content, filename, status, reason
) -> None:
    account = await register(client)
    response = await upload(client, account, content, filename)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    if reason:
        assert error["code"] == "validation_error" and error["details"]["reason"] == reason
    else:
        assert error["code"] == "payload_too_large" and error["details"]["max_table_rows"] == 500
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


async def test_a_question_about_an_unruled_pdf_table_quotes_its_row(client, app, shared_data) -> None:
    # The Senate expenditure table has no ruling: its rows come from word alignment (pdf_unruled.py).
    account = await register(client)
    data = (shared_data / "pdfs" / "table_senate-expenditures.pdf").read_bytes()
    response = await upload(client, account, data, "senate.pdf")
    assert response.status_code == 201, response.text
    with scripted_model(app, ExtractiveBriefingProvider(encoder=None)):
        run = await start_run(client, account, "What amount was paid to GRUENDER, BENJAMIN L as field representative?")
    assert run["outcome"] == "answered", run
    result = await run_result(client, account, run["id"])
    quotes = [citation["quote"] for claim in result["result"]["claims"] for citation in claim["citations"]]
    assert any("PAYEE NAME: GRUENDER, BENJAMIN L" in quote and "AMOUNT ($): 1,458.33" in quote for quote in quotes), (
        quotes
    )
