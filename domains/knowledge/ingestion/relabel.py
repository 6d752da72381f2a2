"""Re-labelling in place: when the content-safety detector changes, stored chunks get the new detector's spans.

Each document version records the detector that labelled its chunks (`document_versions.safety_version`, ADR-0020;
migration 0011). The background worker takes a few versions at a time that another detector labelled, reads each
version's normalized text whole (so a directive cut by a chunk boundary is still one sentence), rewrites the labels
of the chunks whose labels change (each chunk row also names the detector that wrote its labels), and records the
detector on the version. Unchanged chunks are not written: a chunk row's rewrite inserts into every index on the
table (HNSW, GIN, B-tree), which made re-labelling cost minutes of database time per 100k chunks. Nothing is
re-embedded and no document version is created: the text, offsets and vectors stay as they are.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.knowledge.safety import DETECTOR_VERSION, ContentClassification, label_chunks, load_spans, spans_json

RELABEL_VERSIONS_PER_PASS = 20

_STALE_VERSIONS = text(
    """
    SELECT v.id FROM document_versions AS v
    WHERE v.safety_version IS DISTINCT FROM :detector
      AND EXISTS (SELECT 1 FROM document_chunks AS c WHERE c.document_version_id = v.id)
    LIMIT :limit
    """
)
_VERSION_TEXT = text("SELECT normalized_text FROM document_versions WHERE id = :version")
_VERSION_CHUNKS = text(
    "SELECT id, char_start, char_end, trust_label, matched_patterns, labelled_spans FROM document_chunks"
    " WHERE document_version_id = :version ORDER BY chunk_index"
)
VERSION_LABELLED = text("UPDATE document_versions SET safety_version = :detector WHERE id = :version")
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
# Chunks, and their documents, that wait for the current detector; `{detector}` is the placeholder of the driver that
# runs it (":detector" here, "%s" in `orion doctor`, which reads it with psycopg).
PENDING_SQL = """
    SELECT count(*) AS chunks, count(DISTINCT c.document_id) AS documents
    FROM document_chunks AS c JOIN document_versions AS v ON v.id = c.document_version_id
    WHERE v.safety_version IS DISTINCT FROM {detector}
    """
_PENDING = text(PENDING_SQL.format(detector=":detector"))


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
    """Re-label one version's chunks from its normalized text: write the chunks whose labels change, then record the
    detector on the version."""
    document_text = (await session.execute(_VERSION_TEXT, {"version": version_id})).scalar_one_or_none() or ""
    chunks = (await session.execute(_VERSION_CHUNKS, {"version": version_id})).all()
    labels = label_chunks(document_text, [(int(c.char_start), int(c.char_end)) for c in chunks])
    changed = [(chunk.id, label) for chunk, label in zip(chunks, labels, strict=True) if _changed(chunk, label)]
    await write_labels(session, [chunk_id for chunk_id, _ in changed], [label for _, label in changed])
    await session.execute(VERSION_LABELLED, {"detector": DETECTOR_VERSION, "version": version_id})


def _changed(stored: Any, label: ContentClassification) -> bool:
    """Return True when a stored chunk's label, patterns or spans differ from the new detector's."""
    return (
        stored.trust_label != label.trust_label
        or list(stored.matched_patterns or []) != list(label.matched_patterns)
        or load_spans(stored.labelled_spans) != list(label.labelled_spans)
    )


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
