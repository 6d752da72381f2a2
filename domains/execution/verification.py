"""The deterministic verifier of an evidence briefing: plain code, never a second model.

Three ordered stages, all-or-nothing, run over every citation of every claim:
  1. membership — the cited chunk is among the evidence THIS run retrieved and showed the model;
  2. validity   — `validate_citation` re-reads the chunk: it exists in this organization, its document was not
                  deleted, its content hash is unchanged;
  3. grounding  — the quote occurs in the chunk after whitespace and case normalization.
Membership runs first because validity alone would accept a real chunk this run never retrieved. Before the stages,
the briefing's shape is checked (claims need a statement and at least one non-empty quote). The verifier returns a
result; it never raises and is never retried (provider failures are exceptions, verification failures are values).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.grounding import locate_quote, normalize_for_grounding
from domains.execution.schemas import BriefingOutput
from domains.knowledge.citations import load_chunks, validate_citation

STAGES = ("contract", "membership", "validity", "grounding")


@dataclass(frozen=True)
class VerifiedCitation:
    chunk_id: str
    quote: str
    chunk_start: int
    chunk_end: int
    version_start: int
    version_end: int


@dataclass
class VerificationResult:
    ok: bool
    reason: str | None = None
    stage: str | None = None
    claim_index: int | None = None
    claims: list[list[VerifiedCitation]] = field(default_factory=list)
    stages_passed: list[str] = field(default_factory=list)


def briefing_contract_violation(briefing: BriefingOutput) -> tuple[int | None, str] | None:
    """Return (claim index, problem) when the briefing breaks the output contract, else None."""
    if not briefing.insufficient_evidence and not briefing.claims:
        return None, "the briefing makes no claim and does not declare insufficient evidence"
    for index, claim in enumerate(briefing.claims, start=1):
        if not claim.statement.strip():
            return index, f"claim {index} has an empty statement"
        if not claim.citations:
            return index, f"claim {index} has no citation"
        for citation in claim.citations:
            if not normalize_for_grounding(citation.quote).text:
                return index, f"claim {index} cites chunk {citation.chunk_id} with an empty quote"
    return None


def _fail(stage: str, claim_index: int | None, problem: str, passed: list[str]) -> VerificationResult:
    where = f"claim {claim_index}: " if claim_index is not None and not problem.startswith("claim") else ""
    return VerificationResult(
        ok=False,
        reason=f"verification failed at stage {stage}: {where}{problem}"[:500],
        stage=stage,
        claim_index=claim_index,
        stages_passed=passed,
    )


async def verify_evidence_briefing(
    session: AsyncSession, organization_id: str, citations: Sequence[dict[str, Any]], briefing: BriefingOutput
) -> VerificationResult:
    """Verify every citation of every claim in order; the first failure fails the whole briefing."""
    passed: list[str] = []
    violation = briefing_contract_violation(briefing)
    if violation is not None:
        return _fail("contract", violation[0], violation[1], passed)
    passed.append("contract")

    shown = {c["chunk_id"]: c for c in citations if not c.get("withheld")}
    for index, claim in enumerate(briefing.claims, start=1):
        for cited in claim.citations:
            if cited.chunk_id not in shown:
                problem = f"chunk {cited.chunk_id} was not among the evidence this run retrieved"
                return _fail("membership", index, problem, passed)
    passed.append("membership")

    cited_ids = [cited.chunk_id for claim in briefing.claims for cited in claim.citations]
    stored = await load_chunks(session, organization_id, cited_ids)
    for index, claim in enumerate(briefing.claims, start=1):
        for cited in claim.citations:
            check = validate_citation(shown[cited.chunk_id], stored.get(cited.chunk_id), organization_id)
            if not check.ok:
                return _fail("validity", index, check.reason or "invalid citation", passed)
    passed.append("validity")

    verified: list[list[VerifiedCitation]] = []
    for index, claim in enumerate(briefing.claims, start=1):
        spans = []
        for cited in claim.citations:
            chunk = stored[cited.chunk_id]
            span = locate_quote(cited.quote, chunk.text)
            if span is None:
                problem = f"the quote is not in chunk {cited.chunk_id} (after whitespace and case normalization)"
                return _fail("grounding", index, problem, passed)
            spans.append(
                VerifiedCitation(
                    chunk_id=cited.chunk_id,
                    quote=cited.quote,
                    chunk_start=span.start,
                    chunk_end=span.end,
                    version_start=chunk.char_start + span.start,
                    version_end=chunk.char_start + span.end,
                )
            )
        verified.append(spans)
    passed.append("grounding")
    return VerificationResult(ok=True, claims=verified, stages_passed=passed)


# The design's name for the verifier of the evidence_briefing workflow.
_verify_evidence_briefing = verify_evidence_briefing
