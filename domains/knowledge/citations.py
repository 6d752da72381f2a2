"""Citations: what a run stores about each chunk it retrieved, and re-validation of a cited chunk in the database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.retrieval import RetrievalResult


def build_citation(result: RetrievalResult, *, withheld: bool) -> dict[str, Any]:
    """Return the JSON a run persists for one retrieved chunk (enough to verify and display it later)."""
    return {
        "chunk_id": result.chunk_id,
        "document_id": result.document_id,
        "document_version_id": result.document_version_id,
        "document_title": result.document_title,
        "source_type": result.source_type,
        "page": result.page,
        "section": result.section,
        "content": result.content,
        "content_hash": result.content_hash,
        "char_start": result.char_start,
        "retrieval_score": result.score,
        "retrieval_rank": result.rank,
        "retrieval_method": result.retrieval_method,
        "semantic_rank": result.semantic_rank,
        "lexical_rank": result.lexical_rank,
        "trust_label": result.trust_label,
        "withheld": withheld,
    }


@dataclass(frozen=True)
class StoredChunk:
    chunk_id: str
    organization_id: str
    document_id: str
    document_version_id: str
    text: str
    content_hash: str
    char_start: int


@dataclass(frozen=True)
class CitationCheck:
    ok: bool
    reason: str | None = None
    chunk: StoredChunk | None = None


async def load_chunks(session: AsyncSession, organization_id: str, chunk_ids: list[str]) -> dict[str, StoredChunk]:
    """Return the organization's chunks by id, with their document still present (one query)."""
    if not chunk_ids:
        return {}
    rows = await session.execute(
        text(
            """
            SELECT c.id, c.organization_id, c.document_id, c.document_version_id, c.text, c.content_hash, c.char_start
            FROM document_chunks c
            JOIN document_versions v ON v.id = c.document_version_id AND v.organization_id = c.organization_id
            JOIN documents d ON d.id = c.document_id AND d.organization_id = c.organization_id
            WHERE c.organization_id = :org AND c.id = ANY(:ids)
            """
        ),
        {"org": organization_id, "ids": list(set(chunk_ids))},
    )
    return {row[0]: StoredChunk(*row) for row in rows}


def validate_citation(citation: dict[str, Any], stored: StoredChunk | None, organization_id: str) -> CitationCheck:
    """Check a cited chunk against the database: it exists, in this organization, undeleted, unchanged."""
    chunk_id = citation.get("chunk_id")
    if stored is None:
        return CitationCheck(False, f"chunk {chunk_id} does not exist (or its document was deleted)")
    if stored.organization_id != organization_id:
        return CitationCheck(False, f"chunk {chunk_id} belongs to another organization")
    if stored.document_id != citation.get("document_id") or stored.document_version_id != citation.get(
        "document_version_id"
    ):
        return CitationCheck(False, f"chunk {chunk_id} no longer belongs to the retrieved document version")
    if stored.content_hash != citation.get("content_hash"):
        return CitationCheck(False, f"chunk {chunk_id} changed since it was retrieved")
    return CitationCheck(True, chunk=stored)
