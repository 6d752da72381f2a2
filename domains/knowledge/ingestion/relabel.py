"""Re-labelling in place: when the content-safety detector changes, stored chunks get the new detector's spans.

Each chunk records the detector version that labelled it (`safety_version`, ADR-0020). The background worker takes a
few versions at a time whose chunks carry another version, reads each version's normalized text whole (so a
directive cut by a chunk boundary is still one sentence), and rewrites the chunks' labels. Nothing is re-embedded
and no document version is created: the text, offsets and vectors stay as they are.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.safety import DETECTOR_VERSION, ContentClassification, label_chunks, spans_json

RELABEL_VERSIONS_PER_PASS = 20

_STALE_VERSIONS = text(
    """
    SELECT DISTINCT document_version_id FROM document_chunks
    WHERE safety_version IS DISTINCT FROM :detector
    LIMIT :limit
    """
)
_VERSION_TEXT = text("SELECT normalized_text FROM document_versions WHERE id = :version")
_VERSION_CHUNKS = text(
    "SELECT id, char_start, char_end FROM document_chunks WHERE document_version_id = :version ORDER BY chunk_index"
)
_UPDATE = text(
    """
    UPDATE document_chunks AS c
    SET trust_label = u.trust, matched_patterns = CAST(u.patterns AS jsonb), labelled_spans = CAST(u.spans AS jsonb),
        safety_version = :detector
    FROM unnest(CAST(:ids AS varchar[]), CAST(:trusts AS varchar[]), CAST(:patterns AS text[]),
                CAST(:spans AS text[])) AS u(id, trust, patterns, spans)
    WHERE c.id = u.id
    """
)
_PENDING = text(
    """
    SELECT count(*) AS chunks, count(DISTINCT document_id) AS documents FROM document_chunks
    WHERE safety_version IS DISTINCT FROM :detector
    """
)


@dataclass(frozen=True)
class RelabelProgress:
    """Chunks (and their documents) still labelled by another detector version."""

    chunks: int
    documents: int


async def pending(session: AsyncSession, detector: str = DETECTOR_VERSION) -> RelabelProgress:
    """Return how many chunks still wait for the current detector (every organization: run as the table owner)."""
    row = (await session.execute(_PENDING, {"detector": detector})).one()
    return RelabelProgress(chunks=int(row.chunks), documents=int(row.documents))


async def relabel_some(session: AsyncSession, limit: int = RELABEL_VERSIONS_PER_PASS) -> int:
    """Re-label the chunks of up to `limit` versions labelled by another detector; return how many versions."""
    versions = [
        row[0] for row in await session.execute(_STALE_VERSIONS, {"detector": DETECTOR_VERSION, "limit": limit})
    ]
    for version_id in versions:
        await relabel_version(session, version_id)
    return len(versions)


async def relabel_version(session: AsyncSession, version_id: str) -> None:
    """Re-label one version's chunks from its normalized text."""
    document_text = (await session.execute(_VERSION_TEXT, {"version": version_id})).scalar_one_or_none() or ""
    chunks = (await session.execute(_VERSION_CHUNKS, {"version": version_id})).all()
    labels = label_chunks(document_text, [(int(c.char_start), int(c.char_end)) for c in chunks])
    await write_labels(session, [c.id for c in chunks], labels)


async def write_labels(
    session: AsyncSession, chunk_ids: Sequence[str], labels: Sequence[ContentClassification]
) -> None:
    if not chunk_ids:
        return
    await session.execute(
        _UPDATE,
        {
            "ids": list(chunk_ids),
            "trusts": [label.trust_label for label in labels],
            "patterns": [json.dumps(label.matched_patterns) for label in labels],
            "spans": [spans_json(label) for label in labels],
            "detector": DETECTOR_VERSION,
        },
    )
