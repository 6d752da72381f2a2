"""Search latency and recall at 100,000 chunks across 20 organizations (2 cores).

Data: synthetic documents assembled from shuffled sentences of the SciFact abstracts (a real vocabulary and real
sentence lengths), ingested through ORION's own bulk ingestion path into 20 organizations whose sizes follow a Zipf
law (the largest holds ~28% of the chunks, so it crosses the exact-search threshold and uses the HNSW indexes).
Vectors: synthetic unit vectors with cluster structure (each document draws a topic centre, each chunk is that
centre plus noise) — embedding 100k chunks with the real model would take hours here. Query vectors are perturbed
chunk vectors; query text is a SciFact query. Query embedding is excluded from the latencies and reported
separately with the real local model.

Prints JSON lines: per method p50/p95/p99 (ms) over the production plan, then recall@10 of each channel against
exact search under the organization filter, for the production plan and for the index forced on every organization.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time

from _corpus import SEED, TOPICS, ClusteredEmbeddings, corpus_dir, load_sentences, populate
from _harness import bench_settings, percentiles, scratch_database

from domains.knowledge.search import RetrievalRequest, Retriever, search_session_settings
from packages.database.engine import Database

QUERIES_PER_METHOD = int(os.environ.get("ORION_BENCH_QUERIES", "300"))
RECALL_QUERIES = 60


async def timed_searches(db, retriever, provider, organizations, queries, method) -> list[float]:  # type: ignore[no-untyped-def]
    rng = random.Random(SEED + len(method))
    samples = []
    for i in range(QUERIES_PER_METHOD):
        org_id, _ = organizations[i % len(organizations)]
        query = rng.choice(queries)
        vector = provider.embed_query(f"[topic {rng.randrange(TOPICS)}] {query}")
        request = RetrievalRequest(organization_id=org_id, query_text=query, method=method, top_k=10)
        started = time.perf_counter()
        async with db.tenant_session(org_id) as session:
            await retriever.search(session, request, provider, query_vector=vector)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


async def recall(db, retriever, provider, organizations, queries, method, *, force_index: bool) -> float:  # type: ignore[no-untyped-def]
    """Mean recall@10 against exact search under the organization filter, cycling through `organizations`."""
    rng = random.Random(SEED + 99)
    scores = []
    exact_retriever = Retriever(retriever.settings.model_copy(update={"exact_search_max_rows": 10**9}))
    index_retriever = Retriever(retriever.settings.model_copy(update={"exact_search_max_rows": 0}))
    chosen = index_retriever if force_index else retriever
    for i in range(RECALL_QUERIES):
        org_id, _ = organizations[i % len(organizations)]
        query = rng.choice(queries)
        vector = provider.embed_query(f"[topic {rng.randrange(TOPICS)}] {query}")
        request = RetrievalRequest(organization_id=org_id, query_text=query, method=method, top_k=10)
        async with db.tenant_session(org_id) as session:
            truth = await exact_retriever.search(session, request, provider, query_vector=vector)
            found = await chosen.search(session, request, provider, query_vector=vector)
        expected = {r.chunk_id for r in truth.results}
        if expected:
            scores.append(len(expected & {r.chunk_id for r in found.results}) / len(expected))
    return round(statistics.mean(scores), 4) if scores else 1.0


async def main() -> None:
    settings = bench_settings(embedding_provider="fake")
    provider = ClusteredEmbeddings()
    with scratch_database("bench-corpus", persistent=corpus_dir()) as url:
        db = Database.connect(url, pool_size=4, session_settings=search_session_settings(settings))
        try:
            organizations = await populate(db, settings, provider)
            total = sum(n for _, n in organizations)
            largest = max(n for _, n in organizations)
            print(
                json.dumps(
                    {"bench": "search", "chunks": total, "organizations": len(organizations), "largest": largest}
                )
            )
            _, queries = load_sentences()
            retriever = Retriever(settings)
            figures = {}
            for method in ("lexical", "semantic", "hybrid"):
                await timed_searches(db, retriever, provider, organizations, queries[:20], method)  # warm caches
                samples = await timed_searches(db, retriever, provider, organizations, queries, method)
                figures[method] = percentiles(samples)
                print(json.dumps({"bench": "search", "method": method, "queries": len(samples), **figures[method]}))
            slower = max(figures["lexical"]["p95"], figures["semantic"]["p95"])
            print(
                json.dumps(
                    {"bench": "search", "hybrid_p95_over_slower_channel": round(figures["hybrid"]["p95"] / slower, 2)}
                )
            )
            # The production plan searches small organizations exactly (recall 1 by construction), so the figure that
            # matters is the one over the organizations it sends to the index path (their own partial indexes).
            large = [(o, n) for o, n in organizations if n > settings.exact_search_max_rows]
            for method in ("lexical", "semantic"):
                for plan, orgs, forced in (
                    ("production_plan_all_organizations", organizations, False),
                    ("production_plan_index_path_organizations", large, False),
                    ("index_forced_all_organizations", organizations, True),
                ):
                    if not orgs:
                        continue
                    value = await recall(db, retriever, provider, orgs, queries, method, force_index=forced)
                    print(
                        json.dumps(
                            {
                                "bench": "search_recall@10",
                                "channel": method,
                                "plan": plan,
                                "organizations": len(orgs),
                                "recall": value,
                            }
                        )
                    )
        finally:
            await db.dispose()
    await report_query_embedding()


async def report_query_embedding() -> None:
    from domains.knowledge.embeddings import get_configured_embedding_provider

    local = get_configured_embedding_provider(bench_settings(embedding_provider="local"))
    local.embed_query("warm up")
    _, queries = load_sentences()
    samples = []
    for query in queries[:100]:
        started = time.perf_counter()
        local.embed_query(query)
        samples.append((time.perf_counter() - started) * 1000)
    print(json.dumps({"bench": "query_embedding", "model": local.model_key, **percentiles(samples)}))


if __name__ == "__main__":
    asyncio.run(main())
