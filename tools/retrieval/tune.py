"""Tune BM25 (k1, b) and the RRF fusion (k, weights) on the SciFact TRAIN split only.

Uses the organization `orion eval retrieval` ingested. BM25 parameters are tried by rebuilding the organization's
chunk vectors; fusion is tried offline on each channel's ranked candidates (the same arithmetic as the SQL). Prints
one JSON line per configuration and the best one last. Never run this on the test split.

    python -m tools.retrieval.tune --data ../shared/data/beir_scifact
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
from pathlib import Path

from rich.console import Console
from sqlalchemy import text

from domains.evaluation.beir import ensure_corpus, load_beir, score
from domains.evaluation.context import OperatorContext, operator_context
from domains.knowledge.search import lexical
from domains.knowledge.search.retrieval import RetrievalRequest, Retriever
from packages.config.settings import load_settings

K1_GRID = (0.7, 0.9, 1.2, 1.5)
B_GRID = (0.4, 0.5, 0.65, 0.75)
RRF_K_GRID = (1, 2, 3, 5, 10, 20, 60)
LEXICAL_WEIGHT_GRID = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
CANDIDATES = 50  # what production fuses for top_k <= 16 (max(3 * top_k, 50))


async def rebuild_with(context: OperatorContext, organization_id: str, k1: float, b: float) -> None:
    settings = context.settings.model_copy(update={"bm25_k1": k1, "bm25_b": b})
    async with context.db.owner_session() as session:
        await lexical.rebuild(session, settings, organization_id, await lexical.corpus_stats(session, organization_id))


async def channel_lists(context: OperatorContext, organization_id: str, data, method: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Return each query's ranked chunk ids of one channel (the first CANDIDATES)."""
    retriever = Retriever(context.settings)
    lists = {}
    for query_id, query in data.queries.items():
        vector = await retriever.embed_query(context.provider, query) if method == "semantic" else None
        request = RetrievalRequest(organization_id=organization_id, query_text=query, method=method, top_k=CANDIDATES)  # type: ignore[arg-type]
        async with context.db.tenant_session(organization_id) as session:
            outcome = await retriever.search(session, request, context.provider, query_vector=vector)
        lists[query_id] = [r.chunk_id for r in outcome.results]
    return lists


def fuse(lexical_ids: list[str], semantic_ids: list[str], k: int, lexical_weight: float) -> list[str]:
    scores: dict[str, float] = {}
    for rank, chunk in enumerate(lexical_ids, start=1):
        scores[chunk] = scores.get(chunk, 0.0) + lexical_weight / (k + rank)
    for rank, chunk in enumerate(semantic_ids, start=1):
        scores[chunk] = scores.get(chunk, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda c: (-scores[c], c))


async def main(folder: Path, k1_grid: tuple[float, ...], b_grid: tuple[float, ...]) -> None:
    settings = load_settings()
    async with operator_context(settings) as context:
        data = load_beir(folder, "train")
        organization_id = await ensure_corpus(context, data, Console(stderr=True).print)
        async with context.db.owner_session() as session:
            rows = await session.execute(
                text(
                    "SELECT c.id, d.source FROM document_chunks c JOIN documents d ON d.id = c.document_id"
                    " WHERE c.organization_id = :org"
                ),
                {"org": organization_id},
            )
            doc_of = {row[0]: row[1].removeprefix("beir:") for row in rows}

        def documents(chunks: list[str]) -> list[str]:
            ranked: list[str] = []
            for chunk in chunks:
                if doc_of[chunk] not in ranked:
                    ranked.append(doc_of[chunk])
            return ranked

        best_lexical = (0.0, settings.bm25_k1, settings.bm25_b)
        for k1, b in itertools.product(k1_grid, b_grid):
            await rebuild_with(context, organization_id, k1, b)
            lists = await channel_lists(context, organization_id, data, "lexical")
            metrics = score({q: documents(c) for q, c in lists.items()}, data.qrels)
            print(json.dumps({"channel": "lexical", "k1": k1, "b": b, **metrics}), flush=True)
            best_lexical = max(best_lexical, (metrics["ndcg@10"], k1, b))
        _, k1, b = best_lexical
        await rebuild_with(context, organization_id, k1, b)
        lexical_lists = await channel_lists(context, organization_id, data, "lexical")
        semantic_lists = await channel_lists(context, organization_id, data, "semantic")
        best = (0.0, 0, 0.0)
        for k, weight in itertools.product(RRF_K_GRID, LEXICAL_WEIGHT_GRID):
            rankings = {q: documents(fuse(lexical_lists[q], semantic_lists[q], k, weight)) for q in data.queries}
            metrics = score(rankings, data.qrels)
            print(json.dumps({"fusion": "rrf", "k": k, "lexical_weight": weight, "semantic_weight": 1.0, **metrics}))
            best = max(best, (metrics["ndcg@10"], k, weight))
        print(
            json.dumps(
                {
                    "best": {
                        "bm25_k1": k1,
                        "bm25_b": b,
                        "rrf_k": best[1],
                        "rrf_lexical_weight": best[2],
                        "rrf_semantic_weight": 1.0,
                        "train_hybrid_ndcg@10": best[0],
                        "train_lexical_ndcg@10": best_lexical[0],
                    }
                }
            )
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--k1", type=float, nargs="+", default=K1_GRID, help="BM25 k1 values to try")
    parser.add_argument("--b", type=float, nargs="+", default=B_GRID, help="BM25 b values to try")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.data, tuple(arguments.k1), tuple(arguments.b)))
    sys.exit(0)
