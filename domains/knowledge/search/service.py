"""The search use case: check the document filter, embed the query (or degrade to lexical), search, count usage."""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.embeddings import EmbeddingProvider, EmbeddingProviderError
from domains.knowledge.errors import DocumentNotFound
from domains.knowledge.repository import DocumentRepository
from domains.knowledge.search.query import parse_query
from domains.knowledge.search.retrieval import RetrievalOutcome, RetrievalRequest, Retriever
from domains.knowledge.search.usage import UsageRecorder

logger = logging.getLogger(__name__)


def unavailable_reason(exc: EmbeddingProviderError) -> str:
    """Return a short, header-safe reason for a semantic-channel failure."""
    kind = "rate_limited" if exc.headers.get("Retry-After") else "provider_error"
    detail = " ".join(exc.message.split())[:160].encode("ascii", "replace").decode("ascii")
    return f"{kind}: {detail}"


class SearchService:
    """Searches one organization's documents; every search counts as a retrieval of the documents it returns."""

    def __init__(
        self,
        session: AsyncSession,
        retriever: Retriever,
        embedder: Callable[[], EmbeddingProvider],
        usage: UsageRecorder,
    ) -> None:
        self.session = session
        self.retriever = retriever
        self.embedder = embedder
        self.usage = usage

    async def search(self, request: RetrievalRequest) -> RetrievalOutcome:
        """Search with both channels where possible; hybrid falls back to lexical when embedding fails."""
        if request.document_ids:
            found = await DocumentRepository(self.session).existing_ids(
                request.organization_id, list(request.document_ids)
            )
            if len(found) != len(set(request.document_ids)):
                raise DocumentNotFound()
        provider: EmbeddingProvider | None = None
        vector = None
        reason = None
        if request.method in ("hybrid", "semantic"):
            try:
                provider = self.embedder()
                vector = await self.retriever.embed_query(
                    provider, parse_query(request.query_text).ranking_text or request.query_text
                )
            except EmbeddingProviderError as exc:
                if request.method == "semantic":
                    raise
                logger.warning("semantic channel unavailable, searching lexically: %s", exc.message)
                reason = unavailable_reason(exc)
        outcome = await self.retriever.search(
            self.session, request, provider, query_vector=vector, semantic_unavailable=reason
        )
        self.usage.record(request.organization_id, [r.document_id for r in outcome.results])
        return outcome
