"""Scanned pages and images through the real upload route: the request queues them (202, OCR never runs in a
request), the worker renders and reads them with the offline OCR models, page by page for a mixed PDF, and
every chunk says where its text came from (`text_layer` / `ocr`), in the chunk list and in search results."""

from __future__ import annotations

import psycopg
import pytest
from PIL import Image

from domains.knowledge.ingestion.bulk import BulkIngestor
from domains.knowledge.service import Upload
from packages.database.engine import sync_url
from tests.conftest import make_test_settings
from tests.helpers.formats import image_bytes, scanned_pdf, text_image
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, count_rows, upload, wait_indexed
from tests.unit.knowledge.test_parsers import text_pdf

SCAN_LINES = ["Reservoir inspection notes", "The north reservoir holds", "fourteen million litres of water."]


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("ocr"), worker_poll_seconds=0.2)


async def _indexed(client, account, content: bytes, filename: str) -> tuple[dict, str, list[dict]]:  # type: ignore[no-untyped-def]
    response = await upload(client, account, content, filename)
    assert response.status_code == 202, response.text  # OCR is the worker's job
    body = response.json()
    detail = await wait_indexed(client, account, body["document_id"])
    assert detail["status"] == "indexed", detail
    [version] = detail["versions"]
    assert version["progress"] == 1.0
    base = f"{UPLOAD_URL}/{body['document_id']}/versions/{body['document_version_id']}"
    text = (await client.get(f"{base}/text", headers=account.headers)).text
    chunks = (await client.get(f"{UPLOAD_URL}/{body['document_id']}/chunks", headers=account.headers)).json()
    for chunk in chunks:
        assert text[chunk["char_start"] : chunk["char_end"]] == chunk["text"]
    original = await client.get(f"{base}/file", headers=account.headers)
    assert original.content == content
    return detail, text, chunks


async def test_an_image_only_pdf_is_read_by_ocr_in_the_worker(client, database_url) -> None:
    account = await register(client)
    detail, text, chunks = await _indexed(client, account, scanned_pdf(text_image(SCAN_LINES)), "scan.pdf")
    assert detail["document_type"] == "pdf"
    assert "fourteen million litres" in text.lower()
    assert chunks and all(chunk["text_source"] == "ocr" for chunk in chunks)
    with psycopg.connect(sync_url(database_url)) as conn:
        (metadata,) = conn.execute(
            "SELECT source_metadata FROM document_versions WHERE organization_id = %s", (account.organization_id,)
        ).fetchone()  # type: ignore[misc]
    [page] = metadata["pages"]
    assert page["page"] == 1 and page["text_source"] == "ocr" and 0.8 < page["ocr_confidence"] <= 1.0
    with psycopg.connect(sync_url(database_url)) as conn:
        (page_map,) = conn.execute(
            "SELECT page_map FROM document_versions WHERE organization_id = %s", (account.organization_id,)
        ).fetchone()  # type: ignore[misc]
    assert page_map == [[1, 0, len(text)]]  # quotes from a page read by OCR carry its page number
    found = await client.post(
        "/api/v1/knowledge/search",
        json={"query_text": "north reservoir litres", "method": "lexical"},
        headers=account.headers,
    )
    assert found.json() and found.json()[0]["text_source"] == "ocr"


async def test_a_mixed_pdf_is_read_page_by_page(client) -> None:
    account = await register(client)
    typed = text_pdf(
        "\n".join(f"Section {n} describes the pumping station and motor number {n} in detail." for n in range(30))
    )
    content = scanned_pdf(text_image(SCAN_LINES), text_pages=typed)
    _, text, chunks = await _indexed(client, account, content, "mixed.pdf")
    assert "motor number 29" in text and "fourteen million litres" in text.lower()
    assert chunks[0]["page"] == 1 and chunks[0]["text_source"] == "text_layer"
    last = chunks[-1]
    assert "litres" in last["text"].lower() and last["text_source"] == "ocr"  # it reaches the scanned page 2
    assert {chunk["text_source"] for chunk in chunks if "litres" not in chunk["text"].lower()} == {"text_layer"}


@pytest.mark.parametrize(
    ("kind", "filename", "media"),
    [("PNG", "scan.png", "image/png"), ("JPEG", "scan.jpg", "image/jpeg"), ("TIFF", "scan.tiff", "image/tiff")],
)
async def test_images_upload_as_one_page_documents(client, kind, filename, media) -> None:
    account = await register(client)
    content = image_bytes(text_image(SCAN_LINES), kind)
    detail, text, chunks = await _indexed(client, account, content, filename)
    assert detail["document_type"] == "image" and detail["versions"][0]["page_count"] == 1
    assert "reservoir" in text.lower()
    assert all(chunk["text_source"] == "ocr" and chunk["page"] == 1 for chunk in chunks)
    version_id = detail["versions"][0]["id"]
    original = await client.get(f"{UPLOAD_URL}/{detail['id']}/versions/{version_id}/file", headers=account.headers)
    assert original.headers["content-type"].startswith(media)


async def test_an_oversized_image_is_refused_before_any_row_is_written(client, database_url) -> None:
    account = await register(client)
    huge = image_bytes(Image.new("L", (9000, 8000), 255))
    response = await upload(client, account, huge, "poster.png")
    assert response.status_code == 422 and response.json()["error"]["details"]["reason"] == "too_complex"
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


@pytest.mark.parametrize(("kind", "filename"), [("JPEG", "notice.jpg"), ("PNG", "notice.png"), ("TIFF", "notice.tiff")])
async def test_a_truncated_image_is_refused_at_upload(client, database_url, kind, filename) -> None:
    """A photo cut short used to be accepted (202) and left as a failed document when the worker decoded it."""
    account = await register(client)
    whole = image_bytes(text_image(SCAN_LINES), kind)
    response = await upload(client, account, whole[: len(whole) * 2 // 3], filename)
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error", response.text
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


async def test_bulk_ingestion_reads_scans_inline(client, app, test_settings) -> None:
    account = await register(client)
    ingestor = BulkIngestor(
        lambda org: app.state.db.owner_session(), test_settings, app.state.embedder(), account.organization_id
    )
    content = scanned_pdf(text_image(SCAN_LINES))
    report = await ingestor.ingest([Upload(data=content, filename="bulk-scan.pdf", title=None, source=None)])
    [result] = report.results
    assert result.status == "ingested" and result.chunks > 0, result
    chunks = (await client.get(f"{UPLOAD_URL}/{result.document_id}/chunks", headers=account.headers)).json()
    assert all(chunk["text_source"] == "ocr" for chunk in chunks)
    assert any("litres" in chunk["text"].lower() for chunk in chunks)
