"""POST /runs latency with the default extractive provider over the 100k-chunk corpus (2 cores).

Runs go through the real app in-process (router, auth, RLS-bound sessions, engine, retrieval, extractive briefing,
verifier, per-step commits). The corpus is bench/_corpus.py's (synthetic clustered vectors, so query embedding is
the synthetic provider's and costs ~0.1 ms; the local model's query embedding is reported by bench/search.py).
Prints p50/p95 of the whole request, the outcome mix, and, from this invocation's run events, the verifier's time
per claim and each step's own time (retrieval, briefing), so where a run's time goes is measured with it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time

import httpx
from _corpus import ClusteredEmbeddings, corpus_dir, load_sentences, populate
from _harness import bench_settings, percentiles, scratch_database
from sqlalchemy import text

from apps.api.main import create_app
from domains.identity.repository import IdentityRepository
from domains.identity.security import hash_password
from packages.database.engine import Database

RUNS = int(os.environ.get("ORION_BENCH_RUNS", "120"))
PASSWORD = "bench password 123"


async def add_member(db: Database, organization_id: str, email: str) -> None:
    async with db.owner_session() as session:
        repo = IdentityRepository(session)
        if not await repo.email_exists(email):
            await repo.add_user(
                organization_id=organization_id,
                email=email,
                hashed_password=hash_password(PASSWORD, rounds=4),
                roles=["member"],
            )


async def main() -> None:
    settings = bench_settings(llm_provider="extractive", embedding_provider="fake", password_hash_rounds=4)
    provider = ClusteredEmbeddings()
    with scratch_database("bench-corpus", persistent=corpus_dir()) as url:
        db = Database.connect(url, pool_size=4)
        try:
            organizations = await populate(db, settings, provider)
        finally:
            await db.dispose()
        app = create_app(settings, database_url=url)
        app.state.embedder = lambda: provider
        async with app.router.lifespan_context(app):
            app.state.workflow_services.embedder = lambda: provider
            transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 1))
            async with httpx.AsyncClient(transport=transport, base_url="http://bench", timeout=120) as client:
                tokens = []
                for index, (org_id, _) in enumerate(organizations):
                    email = f"bench-runs-{index}@example.org"
                    await add_member(app.state.db, org_id, email)
                    login = await client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})
                    tokens.append((org_id, login.json()["access_token"]))
                _, queries = load_sentences()
                rng = random.Random(11)
                samples, outcomes, run_ids = [], [], []
                for i in range(RUNS + 10):
                    org_id, token = tokens[i % len(tokens)]
                    body = {"workflow_type": "evidence_briefing", "input": {"query": rng.choice(queries)}}
                    started = time.perf_counter()
                    response = await client.post(
                        "/api/v1/runs", json=body, headers={"Authorization": f"Bearer {token}"}
                    )
                    elapsed = (time.perf_counter() - started) * 1000
                    assert response.status_code == 201, response.text
                    if i >= 10:  # the first few warm the caches and the model
                        run = response.json()
                        samples.append(elapsed)
                        outcomes.append(run["outcome"])
                        run_ids.append(run["id"])
                # Only this invocation's runs: a kept corpus database also holds every earlier bench run's events.
                async with app.state.db.owner_session() as session:
                    per_claim = (
                        (
                            await session.execute(
                                text(
                                    "SELECT (payload->>'ms_per_claim')::float FROM execution_events"
                                    " WHERE event_type = 'verification_completed'"
                                    " AND payload->>'ms_per_claim' IS NOT NULL AND run_id = ANY(:ids)"
                                ),
                                {"ids": run_ids},
                            )
                        )
                        .scalars()
                        .all()
                    )
                    step_rows = (
                        await session.execute(
                            text(
                                "SELECT s.name, (e.payload->>'duration_ms')::float FROM execution_events e"
                                " JOIN steps s ON s.id = e.step_id"
                                " WHERE e.event_type = 'step_completed' AND e.run_id = ANY(:ids)"
                            ),
                            {"ids": run_ids},
                        )
                    ).all()
        total = sum(n for _, n in organizations)
        print(json.dumps({"bench": "runs", "chunks": total, "runs": len(samples), **percentiles(samples)}))
        print(json.dumps({"bench": "runs_outcomes", **{o: outcomes.count(o) for o in sorted(set(outcomes))}}))
        if per_claim:
            print(
                json.dumps(
                    {
                        "bench": "verifier_ms_per_claim",
                        "claims_runs": len(per_claim),
                        "p50": round(statistics.median(per_claim), 3),
                        "max": round(max(per_claim), 3),
                    }
                )
            )
        # Where a run's time goes: each step's own time (its handler; the commit that records it is outside it)
        steps: dict[str, list[float]] = {}
        for name, ms in step_rows:
            steps.setdefault(name, []).append(ms)
        for name, values in sorted(steps.items()):
            print(json.dumps({"bench": "runs_step_ms", "step": name, "runs": len(values), **percentiles(values)}))


if __name__ == "__main__":
    asyncio.run(main())
