"""A real PostgreSQL restart under load (issue 16): ORION keeps serving clean answers and recovers by itself.

The test starts its own scratch embedded cluster (the shared test cluster other xdist workers use is never
touched), runs the application on it with its background tasks, and drives searches, uploads, run creations and
run listings concurrently. It stops the cluster (`pg_ctl stop -m fast`, then a second time `-m immediate`, a
crash) while one run and one ingestion job are provably in flight — both are held inside the stand-in embedding
server (only their marked texts are held; the load is never held) when the server stops, and carry on into a
database that is gone — then starts it again on the same socket.

Asserted: while the database is down every request answers 503 `service_unavailable` with Retry-After (never a
500, never a request slower than REQUEST_BOUND_SECONDS); afterwards searches and runs succeed again without
restarting anything (the pool reconnects); the runs and the ingestion the outage cut off are resumed by this
process and finish (no run or version is left unfinished, none is failed because of the outage); nothing of an
unfinished version is stored where a search could find it; the instance lease is held again.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
import pytest

from packages.database.embedded import EmbeddedPostgres, scratch_pgdata
from packages.database.engine import sync_url
from packages.database.lease import LEASE_KEY
from packages.database.runtime import upgrade_to_head
from tests.conftest import make_test_settings
from tests.faults.standins import DIMENSION, EmbeddingStandIn
from tests.helpers.identity import register

REQUEST_BOUND_SECONDS = 10.0  # no request may take longer, outage or not
OUTAGE_SECONDS = 1.5
RECOVERY_SECONDS = 10.0  # from the database being back until searches and runs answer again
SETTLE_SECONDS = 30.0  # from then until every run and version is terminal again (15 s was once exceeded on two
# cores with the rest of the suite running beside it: a stuck run or version never settles, so the bound only needs
# to be finite)
RUN_QUERY = "When does the keeper light the harbour lamp"
DOC_MARKER = "Harbour log entry"
SEARCH_QUERY = "keeper harbour lamp"
HOLD = "HOLDFAST"  # the stand-in holds texts carrying this while its gate is closed


@dataclass
class Sample:
    kind: str
    started: float
    ended: float
    status: int  # 0: no answer within the bound
    code: str | None
    retry_after: str | None
    key: str | None = None


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[EmbeddedPostgres, str]]:
    pgdata = scratch_pgdata("restart")
    embedded = EmbeddedPostgres(pgdata)
    url = embedded.start()
    try:
        upgrade_to_head(url)
        yield embedded, url
    finally:
        embedded.stop()
        shutil.rmtree(pgdata.parent, ignore_errors=True)


@pytest.fixture(scope="module")
def stand_in() -> Iterator[EmbeddingStandIn]:
    with EmbeddingStandIn(hold_marker=HOLD) as server:
        yield server


@pytest.fixture
async def client(cluster, stand_in, tmp_path: Path) -> AsyncIterator[tuple[httpx.AsyncClient, object]]:  # type: ignore[no-untyped-def]
    from apps.api.main import create_app

    settings = make_test_settings(
        tmp_path,
        embedding_provider="openai",
        openai_embedding_base_url=stand_in.base_url,
        openai_embedding_dimension=DIMENSION,
        ingest_request_budget_seconds=0.000001,  # every upload is queued: the worker does the ingestion
        worker_poll_seconds=0.5,
    )
    app = create_app(settings, database_url=cluster[1])
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False, client=("203.0.113.20", 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            yield http, app


def _scalar(url: str, sql: str, *args: object) -> int:
    with psycopg.connect(sync_url(url)) as conn:
        row = conn.execute(sql, args).fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _unfinished(url: str) -> tuple[int, int]:
    runs = _scalar(url, "SELECT count(*) FROM runs WHERE status IN ('pending', 'running', 'verifying')")
    return runs, _scalar(url, "SELECT count(*) FROM document_versions WHERE status = 'processing'")


def _half_indexed(url: str) -> int:
    """Chunks or vectors of a version that is not indexed: what a search could otherwise find."""
    return _scalar(
        url,
        "SELECT (SELECT count(*) FROM document_chunks c JOIN document_versions v ON v.id = c.document_version_id"
        "        WHERE v.status <> 'indexed')"
        " + (SELECT count(*) FROM document_embeddings e JOIN document_chunks c ON c.id = e.chunk_id"
        "    JOIN document_versions v ON v.id = c.document_version_id WHERE v.status <> 'indexed')",
    )


def _lease_holders(url: str) -> int:
    return _scalar(
        url,
        "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'advisory' AND l.mode = 'ShareLock' AND a.application_name = 'orion-lease'"
        " AND ((l.classid::bigint << 32) | l.objid::bigint) = %s",
        LEASE_KEY,
    )


class Load:
    """Concurrent clients: searches, uploads, run creations (each with its own idempotency key), run listings."""

    def __init__(self, http: httpx.AsyncClient, headers: dict[str, str]) -> None:
        self.http = http
        self.headers = headers
        self.samples: list[Sample] = []
        self.stop = asyncio.Event()
        self._serial = itertools.count()
        self._tasks: list[asyncio.Task[None]] = []

    async def _request(self, kind: str) -> None:
        n = next(self._serial)
        key = None
        if kind == "search":
            call = self.http.post(
                "/api/v1/knowledge/search", json={"query_text": f"{SEARCH_QUERY} {n}"}, headers=self.headers
            )
        elif kind == "run":
            key = f"restart-{n}"
            body = {
                "workflow_type": "evidence_briefing",
                "input": {"query": f"{RUN_QUERY} {n}?"},
                "idempotency_key": key,
            }
            call = self.http.post("/api/v1/runs", json=body, headers=self.headers)
        elif kind == "upload":
            text = f"# Log {n}\n\n{DOC_MARKER} {n}: the keeper lit the harbour lamp at dusk and trimmed the wick."
            call = self.http.post(
                "/api/v1/knowledge/documents", files={"file": (f"log-{n}.md", text.encode())}, headers=self.headers
            )
        else:
            call = self.http.get("/api/v1/runs", headers=self.headers)
        started = time.monotonic()
        try:
            response = await asyncio.wait_for(call, timeout=REQUEST_BOUND_SECONDS)
        except TimeoutError:
            self.samples.append(Sample(kind, started, time.monotonic(), 0, None, None, key))
            return
        code = response.json()["error"]["code"] if response.status_code >= 400 else None
        self.samples.append(
            Sample(
                kind, started, time.monotonic(), response.status_code, code, response.headers.get("retry-after"), key
            )
        )

    async def _client(self, kind: str) -> None:
        while not self.stop.is_set():
            await self._request(kind)
            await asyncio.sleep(0.05)

    def start(self) -> None:
        kinds = ["search", "run", "run", "upload", "list"]
        self._tasks = [asyncio.create_task(self._client(kind)) for kind in kinds]

    async def finish(self) -> None:
        self.stop.set()
        await asyncio.gather(*self._tasks)


async def _until(condition, seconds: float, what: str) -> float:  # type: ignore[no-untyped-def]
    started = time.monotonic()
    while not await condition():
        assert time.monotonic() - started < seconds, f"{what} not within {seconds} s"
        await asyncio.sleep(0.1)
    return time.monotonic() - started


@dataclass
class Outage:
    down: float  # the database had stopped
    up: float  # its restart began
    back: float  # it answered again (pg_ctl start -w returned)
    victim_key: str  # the run held in flight
    victim_document: str  # the upload whose ingestion job was held in flight


async def _outage(
    http: httpx.AsyncClient, headers: dict[str, str], embedded: EmbeddedPostgres, stand_in: EmbeddingStandIn, mode: str
) -> Outage:
    """Stop the database while a run and an ingestion job wait in the embedding server, then start it again."""
    stand_in.gate.clear()
    key = f"victim-{mode}"
    body = {"workflow_type": "evidence_briefing", "input": {"query": f"{HOLD} run {mode}?"}, "idempotency_key": key}
    run = asyncio.create_task(http.post("/api/v1/runs", json=body, headers=headers))
    text = f"# Held\n\n{HOLD} log: the keeper kept the harbour lamp lit through the storm ({mode})."
    upload = await http.post(
        "/api/v1/knowledge/documents", files={"file": (f"held-{mode}.md", text.encode())}, headers=headers
    )
    assert upload.status_code == 202, upload.text
    await _until(
        lambda: _async(stand_in.pending(f"{HOLD} run") > 0 and stand_in.pending(f"{HOLD} log") > 0),
        REQUEST_BOUND_SECONDS,
        "the held run and ingestion job in flight",
    )
    await asyncio.to_thread(embedded.halt, mode)
    down = time.monotonic()
    stand_in.gate.set()  # the held run and job carry on into a database that is gone
    response = await asyncio.wait_for(run, timeout=REQUEST_BOUND_SECONDS)
    assert response.status_code == 503 and response.json()["error"]["code"] == "service_unavailable", response.text
    await asyncio.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - down)))
    up = time.monotonic()
    await asyncio.to_thread(embedded.resume)
    return Outage(down, up, time.monotonic(), key, upload.json()["document_id"])


async def _async(value: bool) -> bool:
    return value


def _late(samples: list[Sample], outage: Outage) -> list[str]:
    """Describe the requests that broke the rules, with their times relative to the outage."""
    return [
        f"{s.kind} {s.status} {s.code} started {s.started - outage.down:+.2f}s ended {s.ended - outage.down:+.2f}s"
        f" (restart began {outage.up - outage.down:+.2f}s, back {outage.back - outage.down:+.2f}s)"
        for s in samples
        if s.status not in (200, 201, 202, 503) or s.ended - s.started >= REQUEST_BOUND_SECONDS
    ]


@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_postgres_restart_under_load(cluster, stand_in, client, mode: str) -> None:  # type: ignore[no-untyped-def]
    embedded, url = cluster
    http, app = client
    account = await register(http)
    load = Load(http, account.headers)
    lease = app.state.instance_lease
    lease_seen: list[tuple[float, bool]] = []

    async def watch_lease() -> None:  # when the lease was lost and held again
        while True:
            if not lease_seen or lease_seen[-1][1] != lease.held:
                lease_seen.append((time.monotonic(), lease.held))
            await asyncio.sleep(0.02)

    watcher = asyncio.create_task(watch_lease())
    load.start()
    try:
        await asyncio.sleep(0.5)  # every kind of request is served first
        outage = await _outage(http, account.headers, embedded, stand_in, mode)

        async def serving() -> bool:
            n = next(load._serial)
            found = await http.post(
                "/api/v1/knowledge/search", json={"query_text": f"{SEARCH_QUERY} probe {n}"}, headers=account.headers
            )
            body = {"workflow_type": "evidence_briefing", "input": {"query": f"{RUN_QUERY} probe {n}?"}}
            run = await http.post("/api/v1/runs", json=body, headers=account.headers)
            return found.status_code == 200 and run.status_code == 201

        recovered_after = await _until(serving, RECOVERY_SECONDS, "searches and runs answering again")
    finally:
        await load.finish()

    async def settled() -> bool:
        return await asyncio.to_thread(_unfinished, url) == (0, 0)

    await _until(settled, SETTLE_SECONDS, "every run and version terminal")
    settled_after = time.monotonic() - outage.back
    await _until(lambda: _async(lease.held), RECOVERY_SECONDS, "the instance lease taken again")
    watcher.cancel()
    if lease_seen[-1][1] != lease.held:  # taken again between two of the watcher's looks: seen now, no earlier
        lease_seen.append((time.monotonic(), lease.held))
    assert lease.retaken >= 1 and _lease_holders(url) == 1
    assert any(not held for _, held in lease_seen), lease_seen  # the restart did take it away
    lease_back = next(at for at, held in lease_seen if held and at > outage.up) - outage.back

    # Every answer was a clean one in bounded time; while the database was down, every answer was 503.
    samples = load.samples
    assert not _late(samples, outage), _late(samples, outage)[:5]
    for sample in samples:
        if sample.status == 503:
            assert sample.code == "service_unavailable" and (sample.retry_after or "").isdigit(), sample
    during = [s for s in samples if s.started >= outage.down and s.ended <= outage.up]
    assert during and all(s.status == 503 for s in during), [s for s in during if s.status != 503][:5]
    assert {s.kind for s in during} == {"search", "run", "upload", "list"}, {s.kind for s in during}
    assert any(s.status in (200, 201, 202) and s.started > outage.back for s in samples)

    # The run the outage cut off was resumed by this process and finished (any other run cut off by it too);
    # a client retrying with its key gets the finished run.
    cut_off = [s.key for s in samples if s.kind == "run" and s.status == 503 and s.started < outage.down]
    with psycopg.connect(sync_url(url)) as conn:
        stored = {
            key: (status, recoveries)
            for key, status, recoveries in conn.execute(
                "SELECT idempotency_key, status, recovery_attempts FROM runs WHERE idempotency_key = ANY(%s)",
                ([outage.victim_key, *cut_off],),
            ).fetchall()
        }
        versions = dict(conn.execute("SELECT status, count(*) FROM document_versions GROUP BY status").fetchall())
    assert stored[outage.victim_key] == ("completed", 1), stored
    assert {status for status, _ in stored.values()} == {"completed"}, stored
    body = {
        "workflow_type": "evidence_briefing",
        "input": {"query": f"{HOLD} run {mode}?"},
        "idempotency_key": outage.victim_key,
    }
    replay = await http.post("/api/v1/runs", json=body, headers=account.headers)
    assert replay.status_code == 200 and replay.json()["status"] == "completed", replay.text
    # Every accepted upload was indexed, including the one whose ingestion the outage cut off.
    assert set(versions) == {"indexed"}, versions
    held = await http.get(f"/api/v1/knowledge/documents/{outage.victim_document}", headers=account.headers)
    assert held.status_code == 200 and held.json()["status"] == "indexed", held.text
    # The outage is not counted against the document (three outages must not fail a good document).
    attempts = _scalar(url, "SELECT attempts FROM document_versions WHERE document_id = %s", outage.victim_document)
    assert attempts == 1, attempts
    assert _half_indexed(url) == 0
    print(
        {
            "mode": mode,
            "requests": len(samples),
            "during_outage_503": len(during),
            "restart_s": round(outage.back - outage.up, 2),
            "recovered_after_s": round(recovered_after, 2),
            "terminal_after_s": round(settled_after, 2),
            "lease_after_s": round(lease_back, 2),
            "runs_resumed": sum(1 for _, recoveries in stored.values() if recoveries),
            "max_latency_s": round(max(s.ended - s.started for s in samples), 2),
        }
    )
