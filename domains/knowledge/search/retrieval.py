"""Hybrid retrieval: a BM25 channel and a vector channel inside Postgres, fused by weighted RRF in one query.

Each channel ranks only the searchable chunks (each document's latest indexed version) of one organization.
Small organizations are searched exactly (btree on organization_id, then a top-N sort), large ones through the
HNSW indexes with pgvector's iterative scans, because a tenant filter on a shared HNSW index silently loses
recall when the organization is a small fraction of the index (ADR-0008). The whole search, both channels,
the fusion and the chunk details, is one SQL statement.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np
from pydantic import ConfigDict
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.safety import load_spans
from domains.knowledge.schemas import SearchResultPublic
from domains.knowledge.search import lexical
from domains.knowledge.search.query import parse_query
from domains.knowledge.search.rerank import get_reranker
from domains.knowledge.search.statement import Method, SearchPlan, build_search_sql
from domains.knowledge.search.vector_index import vector_literal
from packages.config.settings import Settings

_SIZE_TTL_SECONDS = 30.0


@dataclass(frozen=True)
class RetrievalRequest:
    organization_id: str
    query_text: str
    method: Method = "hybrid"
    top_k: int = 10
    score_threshold: float | None = None
    document_ids: tuple[str, ...] | None = None


class RetrievalResult(SearchResultPublic):
    """One search hit: what the API shows, plus what a run needs to verify a quote of it later."""

    model_config = ConfigDict(frozen=True)

    content_hash: str
    char_start: int

    def public(self) -> SearchResultPublic:
        return SearchResultPublic.model_validate(self.model_dump(include=set(SearchResultPublic.model_fields)))


@dataclass
class RetrievalOutcome:
    results: list[RetrievalResult]
    semantic_unavailable: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)


class QueryEmbeddingCache:
    """A bounded LRU of query vectors per model (repeated questions skip the model)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._items: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, model_key: str, query: str) -> np.ndarray | None:
        with self._lock:
            vector = self._items.get((model_key, query))
            if vector is not None:
                self._items.move_to_end((model_key, query))
            return vector

    def put(self, model_key: str, query: str, vector: np.ndarray) -> None:
        if self.capacity <= 0:
            return
        with self._lock:
            self._items[(model_key, query)] = vector
            self._items.move_to_end((model_key, query))
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)


class OrganizationSizes:
    """Searchable chunk counts per organization, refreshed at most every few seconds (a planning hint only)."""

    def __init__(self) -> None:
        self._sizes: dict[str, tuple[float, int]] = {}
        self._lock = threading.Lock()

    async def get(self, session: AsyncSession, organization_id: str) -> int:
        now = time.monotonic()
        with self._lock:
            cached = self._sizes.get(organization_id)
        if cached and now - cached[0] < _SIZE_TTL_SECONDS:
            return cached[1]
        size = (await lexical.corpus_stats(session, organization_id)).chunks
        with self._lock:
            self._sizes[organization_id] = (now, size)
        return size

    def forget(self, organization_id: str) -> None:
        with self._lock:
            self._sizes.pop(organization_id, None)


class Retriever:
    """Runs searches for one process: owns the query-embedding cache and the organization-size hints."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.embedding_cache = QueryEmbeddingCache(settings.query_cache_size)
        self.sizes = OrganizationSizes()
        self.reranker = get_reranker(settings)

    async def embed_query(self, provider: EmbeddingProvider, query: str) -> np.ndarray:
        """Return the query vector (cached), computed off the event loop."""
        import anyio

        cached = self.embedding_cache.get(provider.model_key, query)
        if cached is not None:
            return cached
        vector = await anyio.to_thread.run_sync(provider.embed_query, query)
        self.embedding_cache.put(provider.model_key, query, vector)
        return vector

    async def plan(self, session: AsyncSession, request: RetrievalRequest) -> SearchPlan:
        settings = self.settings
        exact = bool(request.document_ids) or (
            await self.sizes.get(session, request.organization_id) <= settings.exact_search_max_rows
        )
        return SearchPlan(
            exact=exact,
            candidates=max(request.top_k * 3, 50),
            rrf_k=settings.rrf_k,
            semantic_weight=settings.rrf_semantic_weight,
            lexical_weight=settings.rrf_lexical_weight,
            text_search_config=settings.text_search_config,
            organization_id=request.organization_id,
        )

    async def search(
        self,
        session: AsyncSession,
        request: RetrievalRequest,
        provider: EmbeddingProvider | None,
        *,
        query_vector: np.ndarray | None = None,
        semantic_unavailable: str | None = None,
    ) -> RetrievalOutcome:
        """Run one search; `provider` None (or a given reason) means the semantic channel is unavailable."""
        started = time.perf_counter()
        method = request.method
        if method == "hybrid" and (provider is None or semantic_unavailable):
            method = "lexical"
        parsed = parse_query(request.query_text)
        plan = await self.plan(session, request)
        params: dict[str, object] = {
            "org": request.organization_id,
            "cfg": plan.text_search_config,
            "ranking_text": parsed.ranking_text or request.query_text,
            "candidates": plan.candidates,
            "limit": request.top_k * 2,
            "rrf_k": plan.rrf_k,
            "semantic_weight": plan.semantic_weight,
            "lexical_weight": plan.lexical_weight,
        }
        if parsed.filter_text is not None:
            params["filter_text"] = parsed.filter_text
        if request.document_ids:
            params["document_ids"] = list(request.document_ids)
        model_key, dimension = ("", 0)
        if method in ("hybrid", "semantic"):
            assert provider is not None and query_vector is not None
            model_key, dimension = provider.model_key, provider.dimension
            params["query_vector"] = vector_literal(query_vector)
        if request.score_threshold is not None:
            params["score_threshold"] = request.score_threshold
        sql = build_search_sql(
            method,
            parsed,
            plan,
            document_filter=bool(request.document_ids),
            threshold=request.score_threshold is not None,
            model_key=model_key,
            dimension=dimension,
        )
        rows = (await session.execute(text(sql), params)).all()
        candidates = deduplicate_results([_to_result(row, method) for row in rows])
        results = self.reranker.rerank(request.query_text, candidates)[: request.top_k]
        results = [r.model_copy(update={"rank": i + 1}) for i, r in enumerate(results)]
        elapsed = (time.perf_counter() - started) * 1000
        return RetrievalOutcome(results, semantic_unavailable, {"database_ms": round(elapsed, 2)})


def _to_result(row: object, method: Method) -> RetrievalResult:
    r = row  # a SQLAlchemy Row with the columns selected above
    return RetrievalResult(
        chunk_id=r.id,  # type: ignore[attr-defined]
        document_id=r.document_id,  # type: ignore[attr-defined]
        document_version_id=r.document_version_id,  # type: ignore[attr-defined]
        document_title=r.title,  # type: ignore[attr-defined]
        source_type=r.document_type,  # type: ignore[attr-defined]
        page=r.page,  # type: ignore[attr-defined]
        section=r.section,  # type: ignore[attr-defined]
        content=r.text,  # type: ignore[attr-defined]
        content_hash=r.content_hash,  # type: ignore[attr-defined]
        char_start=r.char_start,  # type: ignore[attr-defined]
        trust_label=r.trust_label,  # type: ignore[attr-defined]
        score=float(r.score),  # type: ignore[attr-defined]
        rank=0,
        retrieval_method=method,
        semantic_rank=_optional_int(r.semantic_rank),  # type: ignore[attr-defined]
        lexical_rank=_optional_int(r.lexical_rank),  # type: ignore[attr-defined]
        semantic_score=_optional_float(r.semantic_score),  # type: ignore[attr-defined]
        lexical_score=_optional_float(r.lexical_score),  # type: ignore[attr-defined]
        text_source=r.text_source,  # type: ignore[attr-defined]
        labelled_spans=tuple(load_spans(r.labelled_spans)),  # type: ignore[attr-defined]
        page_start=r.page,  # type: ignore[attr-defined]
        page_end=r.page_end,  # type: ignore[attr-defined]
    )


def _optional_int(value: object) -> int | None:
    return None if value is None else int(value)  # type: ignore[call-overload]


def _optional_float(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]


def deduplicate_results(results: list[RetrievalResult]) -> list[RetrievalResult]:
    """Drop repeats of the same text within one document, keeping the best-ranked copy."""
    seen: set[tuple[str, str]] = set()
    unique = []
    for result in results:
        key = (result.document_id, result.content_hash)
        if key in seen:
            continue
        seen.add(key)
        unique.append(result)
    return unique
