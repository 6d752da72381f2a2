"""Search: hybrid retrieval (BM25 + vectors fused by weighted RRF, one SQL statement), its statistics and indexes.

retrieval.py runs a search, statement.py builds its SQL, query.py reads the query syntax, lexical.py keeps the BM25
statistics, vector_index.py the HNSW indexes, usage.py the retrieval counters, service.py is the search use case.
"""

from domains.knowledge.search.retrieval import RetrievalOutcome, RetrievalRequest, RetrievalResult, Retriever
from domains.knowledge.search.service import SearchService
from domains.knowledge.search.statement import Method, search_session_settings
from domains.knowledge.search.usage import UsageRecorder

__all__ = [
    "Method",
    "RetrievalOutcome",
    "RetrievalRequest",
    "RetrievalResult",
    "Retriever",
    "SearchService",
    "UsageRecorder",
    "search_session_settings",
]
