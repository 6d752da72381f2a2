"""The synthetic 100k-chunk corpus shared by bench/search.py and bench/runs.py (loaded once, kept on disk).

Documents are assembled from shuffled sentences of the SciFact abstracts (a real vocabulary and real sentence
lengths) and ingested through ORION's own bulk ingestion path into 20 organizations whose sizes follow a Zipf law.
Vectors come from a synthetic provider with cluster structure (each document draws a topic centre, each chunk is
that centre plus noise): embedding 100k chunks with the real model would take hours on 2 cores.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import sys
import time
from pathlib import Path

import numpy as np
from _harness import SHARED_DATA
from sqlalchemy import text

from domains.evaluation.context import scratch_organization
from domains.knowledge.ingestion.bulk import BulkIngestor
from domains.knowledge.ingestion.relabel import relabel_some
from domains.knowledge.safety import DETECTOR_VERSION
from domains.knowledge.search import lexical
from domains.knowledge.search.vector_index import (
    build_organization_indexes,
    ensure_vector_index,
    index_name,
    organizations_needing_indexes,
)
from domains.knowledge.service import Upload
from packages.database.engine import Database

TOTAL_CHUNKS = int(os.environ.get("ORION_BENCH_CHUNKS", "100000"))
ORGANIZATIONS = 20
DIMENSION = 384
TOPICS = 2000
CHUNKS_PER_DOCUMENT = 8
SEED = 7
BM25_INDEX = "ix_document_chunks_bm25_hnsw"  # migration 0002


class ClusteredEmbeddings:
    """Synthetic embedding provider: deterministic clustered unit vectors (a stand-in for a real model's geometry)."""

    provider_name = "synthetic"
    model_name = "clustered-384"
    model_version = "1"
    dimension = DIMENSION
    tokens_per_minute = None

    def __init__(self) -> None:
        rng = np.random.default_rng(SEED)
        centres = rng.standard_normal((TOPICS, DIMENSION)).astype(np.float32)
        self.centres = centres / np.linalg.norm(centres, axis=1, keepdims=True)

    @property
    def model_key(self) -> str:
        return f"{self.provider_name}:{self.model_name}:{self.model_version}"

    def _vector(self, text: str) -> np.ndarray:
        digest = hashlib.sha256(text.encode()).digest()
        topic = int.from_bytes(digest[:4], "little") % TOPICS
        match = re.search(r"\[topic (\d+)\]", text)
        if match:
            topic = int(match.group(1)) % TOPICS
        noise = np.random.default_rng(int.from_bytes(digest[4:12], "little")).standard_normal(DIMENSION)
        vector = self.centres[topic] + 0.35 * noise.astype(np.float32) / np.sqrt(DIMENSION) * 4
        return (vector / np.linalg.norm(vector)).astype(np.float32)

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        return np.vstack([self._vector(t) for t in texts]) if texts else np.zeros((0, DIMENSION), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)

    def estimate_tokens(self, texts: list[str]) -> int:
        return sum(len(t) // 4 for t in texts)


def load_sentences() -> tuple[list[str], list[str]]:
    corpus = SHARED_DATA / "beir_scifact" / "corpus.jsonl"
    queries = SHARED_DATA / "beir_scifact" / "queries.jsonl"
    sentences: list[str] = []
    with corpus.open(encoding="utf-8") as lines:
        for line in lines:
            text = json.loads(line)["text"]
            sentences.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if len(s.strip()) > 40)
    with queries.open(encoding="utf-8") as lines:
        query_texts = [json.loads(line)["text"] for line in lines]
    return sentences, query_texts


def organization_sizes() -> list[int]:
    weights = [1 / (rank + 1) for rank in range(ORGANIZATIONS)]
    scale = TOTAL_CHUNKS / sum(weights)
    return [max(200, int(w * scale)) for w in weights]


def documents_for(org_index: int, chunks: int, sentences: list[str], rng: random.Random) -> list[Upload]:
    uploads = []
    for doc_index in range(max(1, chunks // CHUNKS_PER_DOCUMENT)):
        topic = rng.randrange(TOPICS)
        paragraphs = []
        for _ in range(CHUNKS_PER_DOCUMENT):
            body = " ".join(rng.choice(sentences) for _ in range(rng.randint(4, 7)))
            paragraphs.append(f"[topic {topic}] {body}")
        uploads.append(
            Upload(
                data="\n\n".join(paragraphs).encode(),
                filename=f"doc-{org_index}-{doc_index}.txt",
                title=f"Synthetic document {doc_index}",
                source=f"bench-{org_index}-{doc_index}",
            )
        )
    return uploads


async def populate(db: Database, settings, provider: ClusteredEmbeddings) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    sentences, _ = load_sentences()
    organizations = []
    dropped = False

    async def drop_indexes_once() -> None:
        # Bulk writes are far faster without the two HNSW indexes; they are built once at the end.
        nonlocal dropped
        if not dropped:
            async with db.owner_session() as session:
                await session.execute(text(f"DROP INDEX IF EXISTS {index_name(provider.model_key)}"))
                await session.execute(text(f"DROP INDEX IF EXISTS {BM25_INDEX}"))
            dropped = True

    for index, size in enumerate(organization_sizes()):
        org_id = await scratch_organization(db, f"bench-search-{index}")
        async with db.owner_session() as session:
            have = (await lexical.corpus_stats(session, org_id)).chunks
        if have < size * 0.9:
            await drop_indexes_once()
            started = time.perf_counter()
            ingestor = BulkIngestor(lambda org: db.owner_session(), settings, provider, org_id)
            report = await ingestor.ingest(documents_for(index, size, sentences, random.Random(SEED * 1000 + index)))
            print(f"# org {index}: {report.chunks} chunks in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        async with db.owner_session() as session:
            await lexical.compact(session, org_id)
            stats = await lexical.corpus_stats(session, org_id)
        if lexical.needs_rebuild(stats, settings):
            await drop_indexes_once()
            async with db.owner_session() as session:
                await lexical.rebuild(session, settings, org_id, stats)
        organizations.append((org_id, stats.chunks))
    started = time.perf_counter()
    async with db.owner_session() as session:
        await session.execute(text("SET maintenance_work_mem = '1GB'"))
        await session.execute(
            text(
                f"CREATE INDEX IF NOT EXISTS {BM25_INDEX} ON document_chunks"
                " USING hnsw (bm25 sparsevec_ip_ops) WHERE searchable"
            )
        )
        await ensure_vector_index(session, provider.model_key, provider.dimension)
    if dropped:
        print(f"# HNSW indexes built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    started = time.perf_counter()
    async with db.owner_session() as session:
        large = await organizations_needing_indexes(session, settings.exact_search_max_rows, provider.model_key)
    for org_id in large:  # what the worker's maintenance does for organizations past the exact-search limit
        await build_organization_indexes(db.owner_engine, org_id, provider.model_key, provider.dimension)
    if large:
        print(
            f"# {len(large)} organizations' own indexes built in {time.perf_counter() - started:.0f} s", file=sys.stderr
        )
    await settle_labels(db)
    async with db.owner_engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.exec_driver_sql("VACUUM ANALYZE document_chunks")
        await conn.exec_driver_sql("VACUUM ANALYZE document_embeddings")
    return organizations


async def settle_labels(db: Database) -> None:
    """Re-label, before anything is timed, the kept corpus's chunks that an older detector labelled: left to the
    app's worker, the re-labelling of 114k chunks after a detector change ran beside the timed runs and slowed them."""
    started = time.perf_counter()
    versions = 0
    while True:
        async with db.owner_session() as session:
            done = await relabel_some(session)
        if not done:
            break
        versions += done
    if versions:
        elapsed = time.perf_counter() - started
        print(f"# {versions} versions re-labelled for {DETECTOR_VERSION} in {elapsed:.0f} s", file=sys.stderr)


def corpus_dir() -> Path:
    return Path(os.environ.get("ORION_BENCH_DIR", "/tmp/orion-bench-corpus"))
