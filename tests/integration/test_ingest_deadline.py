"""An upload whose embedding outruns the estimate is handed to the worker at the budget's deadline (202), not held
in the request (outside check 22: 201 after 80 s of a 30 s budget)."""

from __future__ import annotations

import time

import pytest

from domains.knowledge.embeddings import FakeEmbeddingProvider
from tests.conftest import make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import count_rows, upload, wait_indexed

# About 150 chunks of ~200 characters: three embedding batches of 64.
LONG = "\n\n".join(
    f"Paragraph {i}: the quarterly maintenance log records pump number {i} as serviced." for i in range(150)
)


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(
        tmp_path_factory.mktemp("deadline"),
        ingest_request_budget_seconds=1.0,
        chunk_target_chars=200,
        chunk_max_chars=400,
    )


class SlowerThanEstimated(FakeEmbeddingProvider):
    """Estimated at the fake provider's 5,000 chunks a second; takes half a second a batch."""

    def embed_texts(self, texts):  # type: ignore[no-untyped-def]
        time.sleep(0.5)
        return super().embed_texts(texts)


async def test_embedding_past_the_deadline_goes_to_the_worker(client, app, database_url) -> None:
    account = await register(client)
    original = app.state.embedder
    app.state.embedder = lambda: SlowerThanEstimated()
    try:
        response = await upload(client, account, LONG, "log.txt")
    finally:
        app.state.embedder = original
    assert response.status_code == 202, response.text  # the estimate said 0.03 s; the batches take 1.5 s
    detail = await wait_indexed(client, account, response.json()["document_id"])
    assert detail["status"] == "indexed", detail
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == counts["document_embeddings"] == response.json()["chunk_count"] > 128
