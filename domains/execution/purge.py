"""Purge: replace a deleted document's text in every run of the organization with "[purged]".

Run history outlives documents, so a plain delete keeps the cited text inside runs. A purge removes that text too:
the content of the document's citations, and the quotes, statements and briefing prose of claims that cite it. Ids,
ranks, titles and counts stay, so analytics still add up.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

PURGED = "[purged]"


def _purge_claims(payload: dict[str, Any], chunk_ids: set[str]) -> bool:
    changed = False
    for claim in payload.get("claims") or []:
        hit = False
        for citation in claim.get("citations") or []:
            if citation.get("chunk_id") in chunk_ids:
                citation["quote"] = PURGED
                hit = True
        if hit:
            claim["statement"] = PURGED
            changed = True
    if changed and payload.get("briefing"):
        payload["briefing"] = PURGED
    return changed


async def purge_document_citations(session: AsyncSession, organization_id: str, document_id: str) -> int:
    """Replace the document's text in run citations and claims; return how many runs were touched."""
    containment = json.dumps({"citations": [{"document_id": document_id}]})
    rows = (
        await session.execute(
            text(
                """
                SELECT s.id, s.run_id, s.output FROM steps s
                WHERE s.organization_id = :org AND s.name = 'hybrid_retrieval'
                  AND s.output @> CAST(:containment AS jsonb)
                """
            ),
            {"org": organization_id, "containment": containment},
        )
    ).all()
    for step_id, run_id, output in rows:
        chunk_ids = set()
        for citation in output.get("citations", []):
            if citation.get("document_id") == document_id:
                citation["content"] = PURGED
                chunk_ids.add(citation["chunk_id"])
        await _write(session, "steps", step_id, organization_id, "output", output)
        briefing_rows = await session.execute(
            text(
                "SELECT id, output FROM steps WHERE organization_id = :org AND run_id = :run AND name = 'llm_briefing'"
            ),
            {"org": organization_id, "run": run_id},
        )
        for briefing_id, briefing in briefing_rows.all():
            if briefing and _purge_claims(briefing, chunk_ids):
                await _write(session, "steps", briefing_id, organization_id, "output", briefing)
        result = (
            await session.execute(
                text("SELECT result FROM runs WHERE organization_id = :org AND id = :run"),
                {"org": organization_id, "run": run_id},
            )
        ).scalar_one_or_none()
        if result and _purge_claims(result, chunk_ids):
            await _write(session, "runs", run_id, organization_id, "result", result)
    return len(rows)


async def _write(session: AsyncSession, table: str, row_id: str, organization_id: str, column: str, value: Any) -> None:
    await session.execute(
        text(f"UPDATE {table} SET {column} = CAST(:value AS jsonb) WHERE organization_id = :org AND id = :id"),
        {"value": json.dumps(value), "org": organization_id, "id": row_id},
    )
