"""BEIR retrieval evaluation through ORION's own ingestion and retrieval, with standard IR metrics.

The corpus is ingested (once; a rerun reuses it) into a scratch organization named after the corpus and the
embedding model; each query of the chosen split is searched with the lexical, semantic and hybrid methods; chunk
results are collapsed to documents (first occurrence wins) and scored against the qrels. Tuning happens on the
train split only; the test split is for reporting (../shared/data/README.md).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domains.evaluation.context import OperatorContext
from domains.knowledge.ingestion.bulk import BulkIngestor
from domains.knowledge.repository import DocumentRepository
from domains.knowledge.search import Method, RetrievalRequest, Retriever, lexical
from domains.knowledge.service import Upload

Say = Callable[[str], None]

METHODS: tuple[Method, ...] = ("lexical", "semantic", "hybrid")
EVAL_TOP_K = 200  # chunks; enough to fill 100 distinct documents for recall@100


@dataclass(frozen=True)
class BeirData:
    corpus: list[dict[str, Any]]
    queries: dict[str, str]
    qrels: dict[str, dict[str, int]]


def load_beir(folder: Path, split: str) -> BeirData:
    """Read a BEIR folder: corpus.jsonl, queries.jsonl and qrels/<split>.tsv (queries restricted to the split)."""
    with (folder / "corpus.jsonl").open(encoding="utf-8") as lines:
        corpus = [json.loads(line) for line in lines if line.strip()]
    qrels: dict[str, dict[str, int]] = {}
    with (folder / "qrels" / f"{split}.tsv").open(encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            parts = line.rstrip("\n").split("\t")
            if number == 0 and not parts[-1].lstrip("-").isdigit():
                continue  # header
            query_id, doc_id, score = parts[0], parts[1], int(parts[2])
            if score > 0:
                qrels.setdefault(query_id, {})[doc_id] = score
    queries = {}
    with (folder / "queries.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                item = json.loads(line)
                if item["_id"] in qrels:
                    queries[item["_id"]] = item["text"]
    return BeirData(corpus, queries, qrels)


def ndcg_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    gains = sum(relevant.get(doc, 0) / math.log2(i + 2) for i, doc in enumerate(ranked[:k]))
    ideal = sum(g / math.log2(i + 2) for i, g in enumerate(sorted(relevant.values(), reverse=True)[:k]))
    return gains / ideal if ideal else 0.0


def recall_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    return len(set(ranked[:k]) & set(relevant)) / len(relevant) if relevant else 0.0


def mrr_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    for i, doc in enumerate(ranked[:k]):
        if doc in relevant:
            return 1.0 / (i + 1)
    return 0.0


def corpus_organization_name(data: BeirData, context: OperatorContext) -> str:
    digest = hashlib.sha256()
    for doc in data.corpus:
        digest.update(doc["_id"].encode())
    settings = context.settings
    digest.update(f"{context.provider.model_key}|{settings.chunk_target_chars}|{settings.chunk_max_chars}".encode())
    digest.update(f"{settings.chunk_overlap_chars}|{settings.text_search_config}".encode())
    return f"eval-beir-{digest.hexdigest()[:16]}"


def corpus_uploads(data: BeirData) -> list[Upload]:
    return [
        Upload(
            data=(f"{doc.get('title', '')}\n\n{doc.get('text', '')}".strip() + "\n").encode("utf-8"),
            filename=f"{doc['_id']}.txt",
            title=(doc.get("title") or doc["_id"])[:500],
            source=f"beir:{doc['_id']}",
        )
        for doc in data.corpus
    ]


async def ensure_corpus(context: OperatorContext, data: BeirData, say: Say = print) -> str:
    """Ingest the corpus into its scratch organization unless it is already complete; return the organization id."""
    organization_id = await context.scratch_organization(corpus_organization_name(data, context))
    async with context.db.owner_session() as session:
        present = await DocumentRepository(session).count(organization_id)
    if present < len(data.corpus):
        say(f"ingesting {len(data.corpus) - present} of {len(data.corpus)} documents (runs once)...")
        started = time.perf_counter()
        ingestor = BulkIngestor(
            lambda org: context.db.owner_session(), context.settings, context.provider, organization_id
        )
        report = await ingestor.ingest(corpus_uploads(data))
        elapsed = time.perf_counter() - started
        say(f"ingested {report.count('ingested')} documents, {report.chunks} chunks in {elapsed:.0f} s")
    async with context.db.owner_session() as session:
        await lexical.refresh(session, context.settings, organization_id)
    return organization_id


async def channel_rankings(
    context: OperatorContext, organization_id: str, data: BeirData, methods: Sequence[Method]
) -> dict[Method, dict[str, list[str]]]:
    """Return, per method and query, the ranked corpus ids (documents in order of their best chunk)."""
    retriever = Retriever(context.settings)
    async with context.db.owner_session() as session:
        sources = await DocumentRepository(session).sources(organization_id)
    corpus_id = {document_id: source.removeprefix("beir:") for document_id, source in sources.items()}
    rankings: dict[Method, dict[str, list[str]]] = {method: {} for method in methods}
    for query_id, query in data.queries.items():
        vector = await retriever.embed_query(context.provider, query)
        for method in methods:
            request = RetrievalRequest(
                organization_id=organization_id, query_text=query, method=method, top_k=EVAL_TOP_K
            )
            async with context.db.tenant_session(organization_id) as session:
                outcome = await retriever.search(session, request, context.provider, query_vector=vector)
            ranked: list[str] = []
            for result in outcome.results:
                doc = corpus_id[result.document_id]
                if doc not in ranked:
                    ranked.append(doc)
            rankings[method][query_id] = ranked
    return rankings


def score(rankings: dict[str, list[str]], qrels: dict[str, dict[str, int]]) -> dict[str, float]:
    """Return mean nDCG@10, recall@10, recall@100 and MRR@10 over the queries."""
    n = max(len(rankings), 1)
    return {
        "ndcg@10": round(sum(ndcg_at(r, qrels[q], 10) for q, r in rankings.items()) / n, 4),
        "recall@10": round(sum(recall_at(r, qrels[q], 10) for q, r in rankings.items()) / n, 4),
        "recall@100": round(sum(recall_at(r, qrels[q], 100) for q, r in rankings.items()) / n, 4),
        "mrr@10": round(sum(mrr_at(r, qrels[q], 10) for q, r in rankings.items()) / n, 4),
    }


async def evaluate_retrieval(
    context: OperatorContext, folder: Path, split: str, say: Say = print
) -> list[dict[str, Any]]:
    """Ingest (once) and evaluate every method; return one JSON-able row per method, hybrid last."""
    data = load_beir(folder, split)
    organization_id = await ensure_corpus(context, data, say)
    started = time.perf_counter()
    rankings = await channel_rankings(context, organization_id, data, METHODS)
    elapsed = time.perf_counter() - started
    settings = context.settings
    rows = []
    for method in METHODS:
        row: dict[str, Any] = {"method": method, "split": split, "queries": len(data.queries)}
        row.update(score(rankings[method], data.qrels))
        if method == "hybrid":
            row.update(
                rrf_k=settings.rrf_k,
                lexical_weight=settings.rrf_lexical_weight,
                semantic_weight=settings.rrf_semantic_weight,
            )
        rows.append(row)
    say(f"searched {len(data.queries)} queries x {len(METHODS)} methods in {elapsed:.1f} s")
    return rows
