"""Uploads that do not fit the request budget (202 + the Postgres-backed worker), caps and the embedding budget."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from domains.knowledge.embeddings import FakeEmbeddingProvider
from tests.conftest import make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import count_rows, upload, wait_indexed

LONG = "\n\n".join(f"Paragraph {i}: the quarterly maintenance log records pump number {i}." for i in range(40))


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(
        tmp_path_factory.mktemp("queue"),
        ingest_request_budget_seconds=1e-6,
        max_documents_per_day_per_tenant=3,
        chunk_target_chars=200,
        chunk_max_chars=400,
        max_upload_bytes=20_000,
    )


async def test_slow_upload_is_queued_and_finished_by_the_worker(client, database_url) -> None:
    account = await register(client)
    response = await upload(client, account, LONG, "log.txt")
    assert response.status_code == 202, response.text
    body = response.json()
    assert body["status"] == "processing" and body["duplicate"] is False
    detail = await wait_indexed(client, account, body["document_id"])
    assert detail["status"] == "indexed", detail
    [version] = detail["versions"]
    assert version["progress"] == 1.0 and version["chunk_count"] == body["chunk_count"] > 1
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == counts["document_embeddings"] == body["chunk_count"]
    found = await client.post(
        "/api/v1/knowledge/search", json={"query_text": "pump number 17", "method": "lexical"}, headers=account.headers
    )
    assert any("pump number 17" in r["content"] for r in found.json())


async def test_a_queued_version_that_fails_leaves_no_chunks(client, app, database_url) -> None:
    account = await register(client)
    original = app.state.embedder

    class Exploding(FakeEmbeddingProvider):
        def embed_texts(self, texts):  # type: ignore[no-untyped-def]
            raise RuntimeError("model crashed")

    app.state.worker.embedder = lambda: Exploding()
    try:
        response = await upload(client, account, LONG, "crash.txt")
        assert response.status_code == 202
        detail = await wait_indexed(client, account, response.json()["document_id"])
    finally:
        app.state.worker.embedder = original
    assert detail["status"] == "failed"
    assert "indexing failed" in detail["versions"][0]["status_reason"]
    assert "RuntimeError" not in detail["versions"][0]["status_reason"]  # the class is the log's, not the user's
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == 0 and counts["document_embeddings"] == 0


async def test_daily_document_cap(client) -> None:
    account = await register(client)
    for i in range(3):
        assert (await upload(client, account, f"note {i}", f"n{i}.txt")).status_code in (201, 202)
    capped = await upload(client, account, "one more", "n4.txt")
    assert capped.status_code == 429
    assert capped.json()["error"]["code"] == "rate_limited"
    assert 86000 < int(capped.headers["retry-after"]) <= 86401
    # A duplicate is not a new document and is still answered.
    assert (await upload(client, account, "note 0", "n0.txt")).status_code == 200


async def test_daily_document_cap_holds_under_parallel_uploads(client, database_url) -> None:
    account = await register(client)
    responses = await asyncio.gather(
        *(upload(client, account, f"parallel upload number {i} {uuid.uuid4().hex}", f"p{i}.txt") for i in range(8))
    )
    statuses = sorted(r.status_code for r in responses)
    assert sum(s in (201, 202) for s in statuses) == 3, statuses
    assert statuses.count(429) == 5
    assert count_rows(database_url, account.organization_id)["document_versions"] == 3


async def test_embedding_budget_is_checked_before_embedding(client, app, database_url) -> None:
    account = await register(client)
    calls: list[int] = []

    class Metered(FakeEmbeddingProvider):
        tokens_per_minute = 60  # 60 tokens/min x 60 s budget = 60 tokens

        def embed_texts(self, texts):  # type: ignore[no-untyped-def]
            calls.append(len(texts))
            return super().embed_texts(texts)

    original = app.state.embedder
    app.state.embedder = lambda: Metered()
    try:
        response = await upload(client, account, LONG, "big.txt")
    finally:
        app.state.embedder = original
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["code"] == "payload_too_large"
    assert error["details"]["budget_tokens"] == 60 and error["details"]["estimated_tokens"] > 60
    assert "tokens per minute" in error["message"]
    assert calls == []
    assert all(n == 0 for n in count_rows(database_url, account.organization_id).values())


async def test_upload_over_the_byte_cap_is_refused_while_streaming(client, app) -> None:
    account = await register(client)
    cap = app.state.settings.max_upload_bytes
    response = await upload(client, account, b"a" * (cap + 1), "huge.txt")
    assert response.status_code == 413
    assert response.json()["error"]["details"] == {"max_upload_bytes": cap}
    exactly = await upload(client, account, b"ab " * (cap // 3) + b"c" * (cap % 3), "exact.txt")
    assert exactly.status_code in (201, 202), exactly.text
