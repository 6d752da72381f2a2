"""Evidence after the answer: receipts of verified quotes, and drift when cited documents change (ADR 0021).

An answered run's quotes were verified against one version of each cited document. When a document gets a new
version or is deleted, a background sweep re-checks the runs that cite it and records, per claim, whether its
quotes still stand in the document's current version (`current`), no longer do (`changed`) or the document is
gone (`gone`). Drift is not a run status: it lives in its own columns (`runs.evidence_status`, `evidence_drift`),
written here and nowhere else; the run lifecycle never sees it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from domains.analytics.repository import AnalyticsRepository
from domains.execution.repository import RunRepository
from domains.execution.run.records import RetrievalOutput, RunResult
from domains.execution.run.workflows import evidence_of
from domains.execution.verification.receipt import QuoteVerdict, ReceiptQuote
from domains.execution.verification.recheck import (
    ClaimEvidence,
    CurrentVersion,
    QuoteCheck,
    claim_evidence,
    recheck_quote,
)
from domains.knowledge.repository import CurrentVersionText, DocumentRepository
from packages.core.clock import utcnow
from packages.database.engine import Database

logger = logging.getLogger(__name__)

SWEEP_BATCH = 100
RunEvidence = Literal["current", "drifted"]


class EvidenceDrift(BaseModel):
    """The last drift check of an answered run (`runs.evidence_drift`)."""

    checked_at: datetime
    seen: dict[str, str | None]  # cited document id -> its current version at the check (None: deleted)
    claims: list[ClaimEvidence]

    @property
    def run_status(self) -> RunEvidence:
        return "current" if all(status == "current" for status in self.claims) else "drifted"

    @classmethod
    def load(cls, stored: dict[str, object] | None) -> EvidenceDrift | None:
        return cls.model_validate(stored) if stored else None


def _current(row: CurrentVersionText | None) -> CurrentVersion | None:
    if row is None:
        return None
    paged = bool(row.page_map) or row.media_type == "application/pdf"
    return CurrentVersion(row.document_id, row.version_id, row.content_hash, row.text, paged)


def with_evidence_status(result: RunResult, drift: EvidenceDrift | None) -> RunResult:
    """Return the result with each claim's evidence status from the last drift check (current before any)."""
    if drift is None or len(drift.claims) != len(result.claims):
        return result
    claims = [
        claim.model_copy(update={"evidence_status": status})
        for claim, status in zip(result.claims, drift.claims, strict=True)
    ]
    return result.model_copy(update={"claims": claims})


async def recheck_quotes(
    session: AsyncSession, organization_id: str, quotes: Sequence[ReceiptQuote]
) -> list[QuoteVerdict]:
    """Re-check each receipt quote against its document's current version in this organization."""
    current = await DocumentRepository(session).current_version_texts(
        organization_id, sorted({quote.document_id for quote in quotes})
    )
    return [quote.verdict(_current(current.get(quote.document_id))) for quote in quotes]


async def check_run_evidence(
    session: AsyncSession, organization_id: str, result: RunResult, evidence: RetrievalOutput
) -> EvidenceDrift:
    """Re-check every quote of an answered run against the current versions of the documents it cites."""
    by_chunk = evidence.by_chunk()
    documents = sorted(
        {by_chunk[c.chunk_id].document_id for claim in result.claims for c in claim.citations if c.chunk_id in by_chunk}
    )
    current = await DocumentRepository(session).current_version_texts(organization_id, documents)
    claims: list[ClaimEvidence] = []
    for claim in result.claims:
        checks: list[QuoteCheck] = []
        for cited in claim.citations:
            source = by_chunk.get(cited.chunk_id)
            if source is None or cited.span is None:
                checks.append("gone")
                continue
            row = current.get(source.document_id)
            if row is not None and row.version_id == source.document_version_id:
                checks.append("valid")  # versions are immutable: the verified span is still there
                continue
            checks.append(
                recheck_quote(cited.quote, cited.span.version_start, cited.span.version_end, _current(row)).status
            )
        claims.append(claim_evidence(checks))
    seen = {document: (current[document].version_id if document in current else None) for document in documents}
    return EvidenceDrift(checked_at=utcnow(), seen=seen, claims=claims)


async def refresh_run_evidence(
    session: AsyncSession, organization_id: str, run_id: str, result: RunResult, evidence: RetrievalOutput
) -> EvidenceDrift | None:
    """Re-check one answered run now when its last check is outdated (a cited document changed since, or it was
    never checked), store the outcome as the sweep would, and return it; None when the stored check still holds.

    Reads call this, so a run read right after a cited document changes already says so: the sweep alone would say
    it within ORION_EVIDENCE_DRIFT_INTERVAL_SECONDS."""
    if not await RunRepository(session).outdated_evidence_checks(organization_id, [run_id], 1):
        return None
    return await _recheck(session, organization_id, run_id, result, evidence)


async def refresh_outdated_evidence(
    session: AsyncSession, organization_id: str, run_ids: Sequence[str] | None = None, *, limit: int = SWEEP_BATCH
) -> dict[str, EvidenceDrift]:
    """Re-check now the organization's answered runs (of `run_ids`, or any, at most `limit`) whose drift check is
    outdated, as refresh_run_evidence does for one; return their new checks by run id.

    A list of runs and the analytics call this, so they say what a run read alone says (an outside check found the
    list showing `current` for a run whose own page said `drifted`, until someone opened it)."""
    drifts: dict[str, EvidenceDrift] = {}
    for run_id in await RunRepository(session).outdated_evidence_checks(organization_id, run_ids, limit):
        drift = await _recheck_stored(session, organization_id, run_id)
        if drift is not None:
            drifts[run_id] = drift
    return drifts


async def _recheck_stored(session: AsyncSession, organization_id: str, run_id: str) -> EvidenceDrift | None:
    """Check a stored run's evidence (read from its record) and store the outcome; None for a run that is gone."""
    repo = RunRepository(session)
    run = await repo.get(organization_id, run_id)
    if run is None:
        return None
    steps = (await repo.steps(organization_id, [run_id]))[run_id]
    evidence = evidence_of(run, steps) or RetrievalOutput(citations=[])
    return await _recheck(session, organization_id, run_id, RunResult.load(run.result), evidence)


async def _recheck(
    session: AsyncSession, organization_id: str, run_id: str, result: RunResult, evidence: RetrievalOutput
) -> EvidenceDrift:
    """Check a run's evidence and store the outcome on the run and its analytics fact."""
    drift = await check_run_evidence(session, organization_id, result, evidence)
    await RunRepository(session).save_evidence_status(
        organization_id, run_id, drift.run_status, drift.model_dump(mode="json")
    )
    await AnalyticsRepository(session).set_evidence_status(organization_id, run_id, drift.run_status)
    return drift


async def sweep_evidence_drift(db: Database, *, batch: int = SWEEP_BATCH) -> int:
    """Re-check the answered runs whose cited documents changed (or that were never checked); return how many."""
    async with db.owner_session() as session:
        pending = await RunRepository(session).runs_needing_evidence_check(batch)
        for organization_id, run_id in pending:
            await _recheck_stored(session, organization_id, run_id)
    return len(pending)
