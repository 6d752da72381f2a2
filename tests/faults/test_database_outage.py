"""A database outage under load: every connection killed and new ones refused for a few seconds, as during a
Postgres restart. Requests fail cleanly (503 with Retry-After, never 500) and ORION recovers without a restart.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import psycopg
from sqlalchemy.engine import make_url

from packages.database.engine import sync_url
from tests.conftest import SERVER_ENV, _admin_connect
from tests.helpers.identity import PASSWORD, register
from tests.helpers.knowledge import upload_ok

OUTAGE_SECONDS = 3.0
RECOVERY_SECONDS = 10.0


def _outage(database_url: str, allow: bool) -> None:
    import os

    name = make_url(database_url).database
    with _admin_connect(os.environ[SERVER_ENV]) as conn:
        conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS {str(allow).lower()}')
        if not allow:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))


async def test_requests_fail_cleanly_and_recover_after_a_database_outage(client, database_url) -> None:
    account = await register(client)
    await upload_ok(client, account, "The lighthouse keeper lit the lamp at dusk every evening.", "keeper.md")
    statuses: Counter[int] = Counter()
    bad: list[str] = []
    stop = asyncio.Event()

    async def load(index: int) -> None:
        while not stop.is_set():
            if index % 3 == 0:
                response = await client.get("/api/v1/runs", headers=account.headers)
            elif index % 3 == 1:
                response = await client.post(
                    "/api/v1/knowledge/search", json={"query_text": "lighthouse lamp"}, headers=account.headers
                )
            else:
                response = await client.post("/api/v1/auth/login", json={"email": account.email, "password": PASSWORD})
            statuses[response.status_code] += 1
            if response.status_code == 429 and index % 3 == 2:
                # A sign-in cut off by the outage never recorded its outcome, so its reservation still counts: the
                # throttle may refuse this account for a while. That is a clean answer (ADR-0017), not a failure.
                if response.json()["error"]["code"] != "rate_limited" or not response.headers["retry-after"].isdigit():
                    bad.append(response.text[:200])
            elif response.status_code not in (200, 503):
                bad.append(f"{response.status_code} {response.text[:200]}")
            elif response.status_code == 503:
                body = response.json()
                if body["error"]["code"] != "service_unavailable" or not response.headers["retry-after"].isdigit():
                    bad.append(response.text[:200])
            await asyncio.sleep(0.02)

    workers = [asyncio.create_task(load(i)) for i in range(9)]
    try:
        await asyncio.sleep(1.0)
        await asyncio.to_thread(_outage, database_url, False)
        await asyncio.sleep(OUTAGE_SECONDS)
        await asyncio.to_thread(_outage, database_url, True)
        restored = time.monotonic()
        # Every kind of request works again without restarting ORION.
        while True:
            runs = await client.get("/api/v1/runs", headers=account.headers)
            found = await client.post(
                "/api/v1/knowledge/search", json={"query_text": "lighthouse lamp"}, headers=account.headers
            )
            if runs.status_code == found.status_code == 200 and found.json():
                break
            assert time.monotonic() - restored < RECOVERY_SECONDS, (runs.text, found.text)
            await asyncio.sleep(0.2)
        recovered_after = time.monotonic() - restored
    finally:
        stop.set()
        await asyncio.gather(*workers, return_exceptions=True)
        await asyncio.to_thread(_outage, database_url, True)
    assert not bad, bad[:5]
    assert statuses[503] > 0, statuses  # the outage was seen ...
    assert statuses[500] == 0  # ... and never as an internal error
    print({"statuses": dict(statuses), "recovered_after_s": round(recovered_after, 2)})
    with psycopg.connect(sync_url(database_url)) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
