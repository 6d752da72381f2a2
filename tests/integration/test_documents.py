"""§Knowledge documents: upload outcomes, versions, chunks, text and file, delete, and nothing left behind."""

from __future__ import annotations

import asyncio

import pytest

from domains.knowledge import service as knowledge_service
from tests.helpers.identity import add_member, register
from tests.helpers.knowledge import UPLOAD_URL, count_rows, upload, upload_ok

POLICY = """# Travel policy

## 1. Booking

Employees book travel through the approved portal. Economy class is required for flights under six hours.

## 2. Expenses

Meals are reimbursed up to forty dollars per day. Receipts must be submitted within thirty days of return.
Hotel stays are capped at two hundred dollars per night in most cities.
"""


async def test_upload_text_then_read_back(client, database_url) -> None:
    account = await register(client)
    body = await upload_ok(client, account, POLICY, "travel-policy.md", title="Travel policy")
    assert body["status"] == "indexed" and body["duplicate"] is False and body["version_number"] == 1
    assert body["chunk_count"] >= 2
    document_id, version_id = body["document_id"], body["document_version_id"]

    detail = (await client.get(f"{UPLOAD_URL}/{document_id}", headers=account.headers)).json()
    assert detail["title"] == "Travel policy"
    assert detail["source"] == "travel-policy.md"
    assert detail["document_type"] == "markdown"
    assert detail["status"] == "indexed" and detail["last_indexed_at"]
    assert detail["usage"] == {"times_retrieved": 0, "times_cited": 0, "times_in_refused": 0}
    [version] = detail["versions"]
    assert version["id"] == version_id and version["progress"] == 1.0 and version["chunk_count"] == body["chunk_count"]

    text_response = await client.get(f"{UPLOAD_URL}/{document_id}/versions/{version_id}/text", headers=account.headers)
    assert text_response.status_code == 200 and text_response.headers["content-type"].startswith("text/plain")
    normalized = text_response.text
    chunks_response = await client.get(f"{UPLOAD_URL}/{document_id}/chunks", headers=account.headers)
    chunks = chunks_response.json()
    assert chunks_response.headers["x-total-count"] == str(len(chunks)) == str(body["chunk_count"])
    assert [c["chunk_index"] for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        assert normalized[chunk["char_start"] : chunk["char_end"]] == chunk["text"]
        assert chunk["trust_label"] == "trusted" and chunk["labelled_spans"] == []
    assert any("Expenses" in (c["section"] or "") for c in chunks)

    original = await client.get(f"{UPLOAD_URL}/{document_id}/versions/{version_id}/file", headers=account.headers)
    assert original.content == POLICY.encode()
    assert original.headers["content-type"] == "text/markdown; charset=utf-8"
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == counts["document_embeddings"] == body["chunk_count"]


async def test_same_bytes_same_source_is_a_duplicate(client, database_url) -> None:
    account = await register(client)
    first = await upload_ok(client, account, POLICY, "p.md")
    again = await upload(client, account, POLICY, "p.md")
    assert again.status_code == 200
    assert again.json() == {**first, "duplicate": True}
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_versions"] == 1 and counts["document_embeddings"] == first["chunk_count"]
    # The same bytes under another source are another document.
    other = await upload_ok(client, account, POLICY, "p.md", source="copy-of-p")
    assert other["document_id"] != first["document_id"]


async def test_new_bytes_make_a_new_version_and_only_it_is_searchable(client) -> None:
    account = await register(client)
    first = await upload_ok(client, account, "The launch code is alpha tango.", "codes.txt")
    second = await upload_ok(client, account, "The launch code is bravo zulu.", "codes.txt")
    assert second["document_id"] == first["document_id"] and second["version_number"] == 2
    detail = (await client.get(f"{UPLOAD_URL}/{first['document_id']}", headers=account.headers)).json()
    assert [v["version_number"] for v in detail["versions"]] == [2, 1]
    latest = (await client.get(f"{UPLOAD_URL}/{first['document_id']}/chunks", headers=account.headers)).json()
    assert "bravo" in latest[0]["text"]
    old = await client.get(
        f"{UPLOAD_URL}/{first['document_id']}/chunks",
        params={"version_id": first["document_version_id"]},
        headers=account.headers,
    )
    assert "alpha" in old.json()[0]["text"]
    for query, expected in (("alpha tango", 0), ("bravo zulu", 1)):
        found = await client.post(
            "/api/v1/knowledge/search", json={"query_text": query, "method": "lexical"}, headers=account.headers
        )
        assert len(found.json()) == expected, query


@pytest.mark.parametrize(
    ("content", "filename", "status", "reason"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "image.png", 422, "corrupt_document"),
        (b"GIF89a" + bytes(range(256)) * 4, "image.gif", 415, None),
        ("Caf\xe9 cr\xe8me".encode("latin-1"), "menu.txt", 422, "not_utf8"),
        (b"", "empty.txt", 422, "empty"),
        (b"   \n\t  ", "blank.txt", 422, "empty"),
        ("\u200b\u200b\u200f\ufeff\n\u2060".encode(), "invisible.txt", 422, "empty"),
        (b"%PDF-1.7\n1 0 obj <<>> garbage", "broken.pdf", 422, "corrupt_pdf"),
        # the contract refuses NUL anywhere in a request: a text file's characters too (an outside check found one
        # indexed with the NUL read as a space)
        (b"hello\x00world, a note with a NUL in it", "n.txt", 422, "nul_character"),
        (b"<html><body><p>Opening hours\x00 9 to 5</p></body></html>", "page.html", 422, "nul_character"),
    ],
)
async def test_rejected_uploads_leave_nothing(client, database_url, content, filename, status, reason) -> None:
    account = await register(client)
    response = await upload(client, account, content, filename, content_type="text/plain")
    assert response.status_code == status, response.text
    error = response.json()["error"]
    if reason:
        assert error["code"] == "validation_error" and error["details"]["reason"] == reason
    else:
        assert error["code"] == "unsupported_media_type"
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


async def test_upload_without_file_part_is_422(client) -> None:
    account = await register(client)
    response = await client.post(
        UPLOAD_URL, data={"title": "x"}, files={"other": ("a.txt", b"hi")}, headers=account.headers
    )
    assert response.status_code == 422
    not_multipart = await client.post(UPLOAD_URL, json={"file": "x"}, headers=account.headers)
    assert not_multipart.status_code == 422


@pytest.mark.parametrize("stage", ["embedding", "writing"])
async def test_failure_after_chunking_or_embedding_leaves_nothing(client, database_url, monkeypatch, stage) -> None:
    account = await register(client)

    def broken_embed(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("injected failure after chunking")

    real_write = knowledge_service.write_chunks

    async def broken_write(*args, **kwargs):  # type: ignore[no-untyped-def]
        await real_write(*args, **kwargs)  # everything is inserted, then the transaction must still roll back
        raise RuntimeError("injected failure after embedding and writing")

    if stage == "embedding":
        monkeypatch.setattr(knowledge_service, "embed_before", broken_embed)
    else:
        monkeypatch.setattr(knowledge_service, "write_chunks", broken_write)
    response = await upload(client, account, POLICY, "p.md")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal_error"
    assert "injected" not in response.text
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


async def test_roles_and_foreign_ids(client) -> None:
    admin = await register(client)
    viewer = await add_member(client, admin, "viewer")
    forbidden = await upload(client, viewer, POLICY, "p.md")
    assert forbidden.status_code == 403
    body = await upload_ok(client, admin, POLICY, "p.md")
    assert (await client.get(f"{UPLOAD_URL}/{body['document_id']}", headers=viewer.headers)).status_code == 200
    assert (await client.delete(f"{UPLOAD_URL}/{body['document_id']}", headers=viewer.headers)).status_code == 403
    stranger = await register(client)
    for path in (
        f"{UPLOAD_URL}/{body['document_id']}",
        f"{UPLOAD_URL}/{body['document_id']}/chunks",
        f"{UPLOAD_URL}/{body['document_id']}/versions/{body['document_version_id']}/text",
        f"{UPLOAD_URL}/{body['document_id']}/versions/{body['document_version_id']}/file",
    ):
        response = await client.get(path, headers=stranger.headers)
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found", path


async def test_delete_cascades_and_is_audited(client, database_url) -> None:
    account = await register(client)
    body = await upload_ok(client, account, POLICY, "p.md")
    deleted = await client.delete(f"{UPLOAD_URL}/{body['document_id']}", headers=account.headers)
    assert deleted.status_code == 204
    assert (await client.get(f"{UPLOAD_URL}/{body['document_id']}", headers=account.headers)).status_code == 404
    assert (await client.delete(f"{UPLOAD_URL}/{body['document_id']}", headers=account.headers)).status_code == 404
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())
    audit = (await client.get("/api/v1/admin/audit", headers=account.headers)).json()
    assert audit[0]["action"] == "document_deleted" and audit[0]["target"] == body["document_id"]


async def test_parallel_deletes_of_one_document_succeed_once(client) -> None:
    """Six deletes at once (an outside check saw five 204s and five audit rows): one deletes, the rest are 404."""
    account = await register(client)
    body = await upload_ok(client, account, POLICY, "parallel.md")
    url = f"{UPLOAD_URL}/{body['document_id']}"
    statuses = sorted(
        r.status_code
        for r in await asyncio.gather(
            *(client.delete(url, params={"purge": str(i % 2 == 0).lower()}, headers=account.headers) for i in range(6))
        )
    )
    assert statuses == [204, 404, 404, 404, 404, 404], statuses
    audit = (await client.get("/api/v1/admin/audit", headers=account.headers)).json()
    assert sum(1 for event in audit if event["target"] == body["document_id"]) == 1


async def test_list_is_newest_first_with_total(client) -> None:
    account = await register(client)
    ids = [
        (await upload_ok(client, account, f"Document number {i} about topic {i}.", f"d{i}.txt"))["document_id"]
        for i in range(3)
    ]
    listing = await client.get(UPLOAD_URL, params={"limit": 2}, headers=account.headers)
    assert listing.headers["x-total-count"] == "3"
    assert [d["id"] for d in listing.json()] == ids[::-1][:2]
    assert set(listing.json()[0]) == {
        "id",
        "source",
        "title",
        "document_type",
        "created_at",
        "last_indexed_at",
        "status",
        "usage",
    }


async def test_an_original_in_a_legacy_encoding_is_not_labelled_utf8(client) -> None:
    """A windows-1252 page downloaded as "charset=utf-8" showed "Caf\ufffd"; it goes out with its own declaration."""
    account = await register(client)
    page = (
        '<html><head><meta charset="windows-1252"><title>Caf\u00e9 menu</title></head><body><h1>Caf\u00e9 menu</h1>'
        "<p>Cr\u00e8me br\u00fbl\u00e9e costs \u00a34.50 and is served after six.</p>"
        "<p>Tea is \u00a32.</p></body></html>"
    ).encode("cp1252")
    body = await upload_ok(client, account, page, "menu.html")
    original = await client.get(
        f"{UPLOAD_URL}/{body['document_id']}/versions/{body['document_version_id']}/file", headers=account.headers
    )
    assert original.content == page and original.headers["content-type"] == "text/html"


async def test_invisible_runs_are_no_chunks_and_the_offsets_stay_true(client, database_url) -> None:
    # outside check: 2,000,000 U+200B and one line of text made 1,001 chunks, 1,000 of them nothing but U+200B
    account = await register(client)
    content = "\u200b" * 20_000 + "\nThe boiler room key hangs by the door.\n" + "\u200b\ufe0f" * 5_000
    body = await upload_ok(client, account, content, "hidden.txt")
    assert body["chunk_count"] == 1
    document_id, version_id = body["document_id"], body["document_version_id"]
    normalized = (
        await client.get(f"{UPLOAD_URL}/{document_id}/versions/{version_id}/text", headers=account.headers)
    ).text
    assert normalized.startswith("\u200b" * 20_000)  # the stored text is the upload's, invisible run and all
    [chunk] = (await client.get(f"{UPLOAD_URL}/{document_id}/chunks", headers=account.headers)).json()
    assert chunk["chunk_index"] == 0 and chunk["char_start"] >= 20_000
    assert normalized[chunk["char_start"] : chunk["char_end"]] == chunk["text"]
    assert "The boiler room key hangs by the door." in chunk["text"]
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == counts["document_embeddings"] == 1
    found = await client.post(
        "/api/v1/knowledge/search", json={"query_text": "boiler key", "method": "lexical"}, headers=account.headers
    )
    assert [hit["chunk_id"] for hit in found.json()] == [chunk["chunk_id"]]


async def test_a_line_of_one_repeated_word_gets_a_vector_for_every_chunk(client, database_url) -> None:
    # identical chunks are embedded once (embed_distinct); each still gets its own row and vector
    account = await register(client)
    body = await upload_ok(client, account, "word " * 30_000 + "end.", "one-line.txt")
    assert body["chunk_count"] >= 100
    chunks = (await client.get(f"{UPLOAD_URL}/{body['document_id']}/chunks", headers=account.headers)).json()
    assert [c["chunk_index"] for c in chunks] == list(range(body["chunk_count"]))
    assert len({c["text"] for c in chunks}) < 5
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == counts["document_embeddings"] == body["chunk_count"]
