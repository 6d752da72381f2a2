"""An ingestion interrupted mid-way resumes from its last kept batch, not from 0% (issue 16, item 6)."""

from __future__ import annotations

import asyncio
import logging
import threading

import anyio
import numpy as np
import psycopg
import pytest

from domains.knowledge.embeddings import FakeEmbeddingProvider
from domains.knowledge.ingestion import worker as worker_module
from domains.knowledge.ingestion.pipeline import prepare_document
from domains.knowledge.ingestion.worker import IngestionWorker
from packages.database.engine import sync_url
from tests.conftest import make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import count_rows, upload, wait_indexed

LONG = "\n\n".join(f"Entry {i}: the harbour master logged vessel number {i} at berth {i % 7}." for i in range(60))


class Crash(BaseException):
    """Stands in for the process dying: nothing in the worker catches it."""


class CountingProvider(FakeEmbeddingProvider):
    def __init__(self, crash_after: int | None = None) -> None:
        super().__init__()
        self.batches = 0
        self.crash_after = crash_after

    def embed_texts(self, texts):  # type: ignore[no-untyped-def]
        if self.crash_after is not None and self.batches >= self.crash_after:
            raise Crash()
        self.batches += 1
        return super().embed_texts(texts)


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(
        tmp_path_factory.mktemp("resume"),
        ingest_request_budget_seconds=1e-6,
        chunk_target_chars=200,
        chunk_max_chars=400,
    )


@pytest.fixture(scope="module")
async def app(database_url, test_settings):  # type: ignore[no-untyped-def]
    from apps.api.main import create_app

    application = create_app(test_settings, database_url=database_url, run_worker=False)
    async with application.router.lifespan_context(application):
        yield application


def _version_state(database_url: str, version_id: str) -> tuple[str, float, int]:
    with psycopg.connect(sync_url(database_url)) as conn:
        row = conn.execute(
            "SELECT v.status, v.progress, (SELECT count(*) FROM ingestion_checkpoints c"
            " WHERE c.document_version_id = v.id) FROM document_versions v WHERE v.id = %s",
            (version_id,),
        ).fetchone()
    assert row is not None
    return str(row[0]), float(row[1]), int(row[2])


async def test_interrupted_ingestion_resumes_from_its_checkpoint(client, app, database_url, monkeypatch) -> None:
    monkeypatch.setattr(worker_module, "CHECKPOINT_BATCH", 8)
    account = await register(client)
    queued = await upload(client, account, LONG, "harbour.txt")
    assert queued.status_code == 202, queued.text
    version_id = queued.json()["document_version_id"]
    chunk_count = queued.json()["chunk_count"]
    batches = -(-chunk_count // 8)
    assert batches >= 4

    dying = CountingProvider(crash_after=3)
    first = IngestionWorker(app.state.db, app.state.settings, lambda: dying, app.state.usage)
    with pytest.raises(Crash):
        await first.process_one()
    status, progress, kept = _version_state(database_url, version_id)
    assert status == "processing" and kept == 3
    assert progress == pytest.approx(min(24, chunk_count) / chunk_count, abs=0.01)

    resumed = CountingProvider()
    second = IngestionWorker(app.state.db, app.state.settings, lambda: resumed, app.state.usage)
    assert await second.release_leases() == 1  # a process that proved it is alone reclaims at once
    assert await second.process_one()
    assert resumed.batches == batches - 3  # only the batches the dead worker had not finished

    detail = await wait_indexed(client, account, queued.json()["document_id"])
    assert detail["status"] == "indexed"
    assert _version_state(database_url, version_id) == ("indexed", 1.0, 0)  # checkpoints are dropped
    counts = count_rows(database_url, account.organization_id)
    assert counts["document_chunks"] == counts["document_embeddings"] == chunk_count
    # The stored vectors are exactly what a fresh embedding of the same texts gives.
    with psycopg.connect(sync_url(database_url)) as conn:
        rows = conn.execute(
            "SELECT e.vector::text FROM document_chunks c"
            " JOIN document_embeddings e ON e.chunk_id = c.id WHERE c.document_version_id = %s"
            " ORDER BY c.chunk_index",
            (version_id,),
        ).fetchall()
    stored = np.array([[float(x) for x in vector.strip("[]").split(",")] for (vector,) in rows], dtype=np.float32)
    prepared = prepare_document(LONG.encode(), "harbour.txt", app.state.settings, "harbour.txt")
    fresh = FakeEmbeddingProvider().embed_texts(prepared.index_texts)
    assert stored.shape == fresh.shape
    assert np.allclose(stored, fresh, atol=1e-5)


class PausingProvider(FakeEmbeddingProvider):
    """Embeds one batch, then waits (in the worker's thread) until the test lets it go on."""

    def __init__(self) -> None:
        super().__init__()
        self.batches = 0
        self.paused = threading.Event()
        self.go_on = threading.Event()

    def embed_texts(self, texts):  # type: ignore[no-untyped-def]
        if self.batches == 1:
            self.paused.set()
            self.go_on.wait(30)
        self.batches += 1
        return super().embed_texts(texts)


async def test_a_document_deleted_while_it_is_embedded_is_dropped_quietly(
    client, app, database_url, monkeypatch, caplog
) -> None:
    monkeypatch.setattr(worker_module, "CHECKPOINT_BATCH", 8)
    account = await register(client)
    queued = await upload(client, account, LONG, "harbour-deleted.txt")
    assert queued.status_code == 202, queued.text
    document_id, version_id = queued.json()["document_id"], queued.json()["document_version_id"]

    provider = PausingProvider()
    worker = IngestionWorker(app.state.db, app.state.settings, lambda: provider, app.state.usage)
    task = asyncio.create_task(worker.process_one())
    assert await anyio.to_thread.run_sync(provider.paused.wait, 30)
    deleted = await client.delete(f"/api/v1/knowledge/documents/{document_id}", headers=account.headers)
    assert deleted.status_code == 204
    provider.go_on.set()
    with caplog.at_level(logging.INFO, logger="domains.knowledge.ingestion.worker"):
        assert await task  # the job is finished with, not retried and not raised
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("deleted while it was being indexed" in r.getMessage() for r in caplog.records)
    with psycopg.connect(sync_url(database_url)) as conn:
        left = conn.execute(
            "SELECT count(*) FROM ingestion_checkpoints WHERE document_version_id = %s", (version_id,)
        ).fetchone()
    assert left == (0,)
