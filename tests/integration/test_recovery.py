"""Crash recovery at start-up, and idempotent replays of runs still in flight (issue 16, item 4)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from types import SimpleNamespace

import httpx
import psycopg
import pytest

from apps.api.main import _prove_alone, create_app
from domains.execution.briefing import FakeBehaviour
from packages.database.engine import sync_url
from packages.database.runtime import DatabaseLocation
from tests.conftest import create_test_database, drop_test_database, make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import upload_ok
from tests.helpers.runs import RUNS, fake, scripted_model, start_run
from tests.integration.test_runs import HANDBOOK, BlockingModel

QUERY = "How long should water be boiled?"


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("recovery"), idempotent_replay_wait_seconds=4.0)


@contextlib.asynccontextmanager
async def _serving(settings, location) -> AsyncIterator[tuple[object, httpx.AsyncClient]]:  # type: ignore[no-untyped-def]
    app = create_app(settings, database=location)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
            yield app, http


def _unfinished(url: str) -> int:
    with psycopg.connect(sync_url(url)) as conn:
        row = conn.execute("SELECT count(*) FROM runs WHERE status IN ('pending','running','verifying')").fetchone()
    return int(row[0]) if row else 0


async def test_replay_of_a_run_in_flight_is_409_then_the_run(client, app) -> None:
    account = await register(client)
    await upload_ok(client, account, HANDBOOK, "handbook.md")
    model = BlockingModel()
    with scripted_model(app, model):
        first = asyncio.create_task(start_run(client, account, QUERY, idempotency_key="inflight"))
        await asyncio.wait_for(model.entered.wait(), 10)
        body = {"workflow_type": "evidence_briefing", "input": {"query": QUERY}, "idempotency_key": "inflight"}
        busy = await client.post(RUNS, json=body, headers=account.headers)
        assert busy.status_code == 409, busy.text
        assert busy.json()["error"]["code"] == "in_progress"
        assert int(busy.headers["retry-after"]) >= 1
        # A replay that arrives while the run finishes within the wait gets the finished run.
        waiting = asyncio.create_task(client.post(RUNS, json=body, headers=account.headers))
        await asyncio.sleep(0.3)
        model.release.set()
        original = await first
        replay = await waiting
    assert replay.status_code == 200, replay.text
    assert replay.json()["id"] == original["id"] and replay.json()["status"] == "completed"


async def test_reused_key_with_another_body_is_422(client, app) -> None:
    account = await register(client)
    with scripted_model(app, fake()):
        await start_run(client, account, QUERY, idempotency_key="same")
        mismatch = await start_run(client, account, QUERY, idempotency_key="same", expect=422, top_k=3)
    assert mismatch["error"]["code"] == "idempotency_mismatch"


async def test_restart_recovers_interrupted_runs_at_once(test_settings) -> None:
    url = create_test_database("recovery_restart")
    try:
        async with _serving(test_settings, DatabaseLocation(url)) as (first_app, http):
            assert first_app.state.sole_owner is True  # type: ignore[attr-defined]
            account = await register(http)
            await upload_ok(http, account, HANDBOOK, "handbook.md")
            models = [BlockingModel() for _ in range(3)]
            tasks = []
            for index, model in enumerate(models):
                with scripted_model(first_app, model):
                    tasks.append(asyncio.create_task(start_run(http, account, QUERY, idempotency_key=f"k{index}")))
                    await asyncio.wait_for(model.entered.wait(), 10)
            for task in tasks:  # the process "dies" with three runs in flight
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        assert _unfinished(url) == 3
        # A second instance on the same database while another one is alive is not alone ...
        async with _serving(test_settings, DatabaseLocation(url)) as (restarted, http):
            assert restarted.state.sole_owner is True  # type: ignore[attr-defined]
            async with _serving(test_settings, DatabaseLocation(url)) as (replica, _):
                assert replica.state.sole_owner is False  # type: ignore[attr-defined]
            with scripted_model(restarted, fake(FakeBehaviour.GROUNDED)):
                async with asyncio.timeout(10):
                    while True:
                        if _unfinished(url) == 0:
                            break
                        await asyncio.sleep(0.1)
            # ... and replaying an interrupted run's key returns the recovered, terminal run.
            body = {"workflow_type": "evidence_briefing", "input": {"query": QUERY}, "idempotency_key": "k0"}
            replay = await http.post(RUNS, json=body, headers=account.headers)
            assert replay.status_code == 200 and replay.json()["status"] in ("completed", "failed")
    finally:
        drop_test_database(url)


async def test_a_started_embedded_cluster_proves_ownership_without_the_lease() -> None:
    class BrokenLease:
        async def acquire(self) -> bool:
            raise OSError("database unreachable")

    started = DatabaseLocation("postgresql://unused", embedded=SimpleNamespace(started_here=True))  # type: ignore[arg-type]
    joined = DatabaseLocation("postgresql://unused", embedded=SimpleNamespace(started_here=False))  # type: ignore[arg-type]
    assert await _prove_alone(started, BrokenLease()) is True  # type: ignore[arg-type]
    assert await _prove_alone(joined, BrokenLease()) is False  # type: ignore[arg-type]
