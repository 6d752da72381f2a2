"""Analytics latency over 10,000 runs in one organization (plus noise in 9 others), through the real endpoints.

Runs and their analytics rows are generated directly in SQL (outcomes, evidence counts, cited and retrieved
documents, spread over 120 days), as finished runs would have left them; the endpoints then answer as for any user.
Target on 2 cores: analytics and trends each < 200 ms.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from datetime import UTC, datetime, timedelta

import psycopg
from _harness import bench_settings, percentiles, running_app, scratch_database

from packages.database.engine import sync_url

RUNS = 10_000
NOISE_ORGANIZATIONS = 9
NOISE_RUNS = 2_000
DOCUMENTS = 300
SAMPLES = 40
OUTCOMES = [
    ("answered", "completed"),
    ("insufficient_evidence", "completed"),
    ("failed", "failed"),
    ("cancelled", "cancelled"),
]


def insert_runs(conn: psycopg.Connection, organization_id: str, count: int, rng: random.Random) -> None:
    documents = [str(uuid.uuid4()) for _ in range(DOCUMENTS)]
    now = datetime.now(UTC)
    run_rows, fact_rows = [], []
    for _ in range(count):
        run_id = str(uuid.uuid4())
        outcome, status = rng.choices(OUTCOMES, weights=[70, 20, 7, 3])[0]
        created = now - timedelta(minutes=rng.randrange(120 * 24 * 60))
        retrieved = rng.sample(documents, 5)
        cited = {doc: rng.randint(1, 3) for doc in retrieved[:2]} if outcome == "answered" else {}
        run_rows.append((run_id, organization_id, status, outcome, created, created + timedelta(seconds=2)))
        fact_rows.append(
            (
                run_id,
                organization_id,
                status,
                outcome,
                created,
                created + timedelta(seconds=2),
                rng.randint(3, 10),
                retrieved,
                json.dumps(cited),
                json.dumps({d: f"Document {d[:8]}" for d in retrieved}),
            )
        )
    with conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO runs (id, organization_id, workflow_type, status, outcome, input, max_steps, created_at,"
            " completed_at) VALUES (%s, %s, 'evidence_briefing', %s, %s, '{\"query\": \"q\"}', 5, %s, %s)",
            run_rows,
        )
        cursor.executemany(
            "INSERT INTO run_facts (run_id, organization_id, status, outcome, created_at, completed_at,"
            " evidence_count, retrieved_document_ids, cited_documents, document_titles)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s::jsonb, %s::jsonb)",
            fact_rows,
        )


async def main() -> None:
    settings = bench_settings(password_hash_rounds=4)
    with scratch_database("bench-analytics") as url:
        async with running_app(settings, url) as client:
            email = f"analytics-{uuid.uuid4().hex[:8]}@example.org"
            user = (
                await client.post("/api/v1/auth/register", json={"email": email, "password": "bench password"})
            ).json()
            token = (
                await client.post("/api/v1/auth/login", json={"email": email, "password": "bench password"})
            ).json()
            headers = {"Authorization": f"Bearer {token['access_token']}"}
            rng = random.Random(5)
            with psycopg.connect(sync_url(url), autocommit=True) as conn:
                insert_runs(conn, user["organization_id"], RUNS, rng)
                for index in range(NOISE_ORGANIZATIONS):
                    noise = str(uuid.uuid4())
                    conn.execute(
                        "INSERT INTO organizations (id, name) VALUES (%s, %s)", (noise, f"noise-{index}-{noise}")
                    )
                    insert_runs(conn, noise, NOISE_RUNS, rng)
                conn.execute("VACUUM ANALYZE runs")
                conn.execute("VACUUM ANALYZE run_facts")
            for name, path in (
                ("analytics", "/api/v1/investigations/analytics"),
                ("trends_day", "/api/v1/investigations/trends?bucket=day"),
                ("trends_week", "/api/v1/investigations/trends?bucket=week"),
            ):
                samples = []
                for _ in range(SAMPLES):
                    started = time.perf_counter()
                    response = await client.get(path, headers=headers)
                    samples.append((time.perf_counter() - started) * 1000)
                    assert response.status_code == 200, response.text
                body = response.json()
                total = body.get("total", body.get("total_investigations"))
                print(json.dumps({"bench": "analytics", "endpoint": name, "runs": total, **percentiles(samples)}))


if __name__ == "__main__":
    asyncio.run(main())
