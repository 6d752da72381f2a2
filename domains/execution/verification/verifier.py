"""The deterministic verifier of an evidence briefing: plain code, never a second model.

Three ordered stages, all-or-nothing, run over every citation of every claim:
  1. membership — the cited chunk is among the evidence THIS run retrieved and showed the provider;
  2. validity   — the chunk as the database holds it now: it exists in this organization, its document was not
                  deleted, it still belongs to the retrieved version, its content hash is unchanged;
  3. grounding  — the quote occurs in the chunk after canonical folding of both sides (ADR 0021); the stored
                  quote becomes the source's exact text at the matched span; then the claim's statement may name
                  no name and no number that its located quotes do not hold (statement support, support.py).
Membership runs first because validity alone would accept a real chunk this run never retrieved. Before the stages,
the briefing's shape is checked (`contract.py`). Each stage is a pure function of in-memory inputs; `verify_briefing`
loads the cited chunks once and runs them in order. The verifier returns a result; it never raises and is never
retried (provider failures are exceptions, verification failures are values).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.briefing.output import BriefingOutput
from domains.execution.run.records import Claim, ClaimCitation, QuoteSpan, StoredCitation
from domains.execution.verification.contract import briefing_contract_violation
from domains.execution.verification.grounding import EXACT, GroundedSpan, grounding_problem, locate_quote
from domains.execution.verification.support import statement_problem
from domains.knowledge.pages import pages_covering
from domains.knowledge.repository import DocumentRepository, StoredChunk

STAGES = ("contract", "membership", "validity", "grounding")


@dataclass(frozen=True)
class StageFailure:
    """The first citation that failed a stage: which claim (1-based; None for the whole briefing) and why."""

    stage: str
    claim_index: int | None
    problem: str


@dataclass
class VerificationResult:
    ok: bool
    reason: str | None = None
    stage: str | None = None
    claim_index: int | None = None
    claims: list[Claim] = field(default_factory=list)
    stages_passed: list[str] = field(default_factory=list)
    claims_checked: int = 0
    citations_checked: int = 0

    @classmethod
    def failed(cls, failure: StageFailure, passed: list[str]) -> VerificationResult:
        where = (
            f"claim {failure.claim_index}: "
            if failure.claim_index is not None and not failure.problem.startswith("claim")
            else ""
        )
        return cls(
            ok=False,
            reason=f"verification failed at stage {failure.stage}: {where}{failure.problem}"[:500],
            stage=failure.stage,
            claim_index=failure.claim_index,
            stages_passed=passed,
        )


def check_membership(briefing: BriefingOutput, shown: Mapping[str, StoredCitation]) -> StageFailure | None:
    """Stage 1: every cited chunk is among the evidence this run retrieved and showed the provider."""
    for index, claim in enumerate(briefing.claims, start=1):
        for cited in claim.citations:
            if cited.chunk_id not in shown:
                problem = f"chunk {cited.chunk_id} was not among the evidence this run retrieved"
                return StageFailure("membership", index, problem)
    return None


def citation_problem(citation: StoredCitation, stored: StoredChunk | None, organization_id: str) -> str | None:
    """Return why a retrieved chunk is no longer valid in the database, or None when it is."""
    chunk_id = citation.chunk_id
    if stored is None:
        return f"chunk {chunk_id} does not exist (or its document was deleted)"
    if stored.organization_id != organization_id:
        return f"chunk {chunk_id} belongs to another organization"
    if stored.document_id != citation.document_id or stored.document_version_id != citation.document_version_id:
        return f"chunk {chunk_id} no longer belongs to the retrieved document version"
    if stored.content_hash != citation.content_hash:
        return f"chunk {chunk_id} changed since it was retrieved"
    return None


def check_validity(
    briefing: BriefingOutput,
    shown: Mapping[str, StoredCitation],
    stored: Mapping[str, StoredChunk],
    organization_id: str,
) -> StageFailure | None:
    """Stage 2: every cited chunk is still valid in the database (run after membership)."""
    for index, claim in enumerate(briefing.claims, start=1):
        for cited in claim.citations:
            problem = citation_problem(shown[cited.chunk_id], stored.get(cited.chunk_id), organization_id)
            if problem is not None:
                return StageFailure("validity", index, problem)
    return None


def check_grounding(
    briefing: BriefingOutput, stored: Mapping[str, StoredChunk]
) -> tuple[list[Claim], StageFailure | None]:
    """Stage 3: every quote occurs in its chunk after canonical folding (ADR 0021), and every name and number of a
    claim's statement occurs in that claim's located quotes (statement support); return the claims with each quote
    replaced by the source's exact text at its span, the span's pages and how it matched (run after validity)."""
    verified: list[Claim] = []
    for index, claim in enumerate(briefing.claims, start=1):
        citations = []
        for cited in claim.citations:
            chunk = stored[cited.chunk_id]
            span = locate_quote(cited.quote, chunk.text, paged=chunk.paged)
            if span is None:
                return [], StageFailure("grounding", index, grounding_problem(cited.quote, cited.chunk_id))
            citations.append(grounded_citation(cited.chunk_id, chunk, span))
        unsupported = statement_problem(
            claim.statement,
            [citation.quote for citation in citations],
            paged=any(stored[cited.chunk_id].paged for cited in claim.citations),
        )
        if unsupported is not None:
            return [], StageFailure("grounding", index, f"{unsupported} (statement support)")
        verified.append(Claim(statement=claim.statement, citations=citations))
    return verified, None


def grounded_citation(chunk_id: str, chunk: StoredChunk, span: GroundedSpan) -> ClaimCitation:
    """Return the verified citation: the source's exact text at `span`, its offsets, pages and match."""
    version_start, version_end = chunk.char_start + span.start, chunk.char_start + span.end
    page_start, page_end = pages_covering(chunk.page_map or [], version_start, version_end)
    return ClaimCitation(
        chunk_id=chunk_id,
        quote=chunk.text[span.start : span.end],
        span=QuoteSpan(
            chunk_start=span.start,
            chunk_end=span.end,
            version_start=version_start,
            version_end=version_end,
            page_start=page_start,
            page_end=page_end,
            match="exact" if span.match == EXACT else list(span.match),
        ),
    )


def verify_stages(
    briefing: BriefingOutput,
    citations: Sequence[StoredCitation],
    stored: Mapping[str, StoredChunk],
    organization_id: str,
) -> VerificationResult:
    """Run the contract check and the three stages in order over in-memory inputs; the first failure decides."""
    result = _stages(briefing, citations, stored, organization_id)
    result.claims_checked = len(briefing.claims)
    result.citations_checked = sum(len(claim.citations) for claim in briefing.claims)
    return result


def _stages(
    briefing: BriefingOutput,
    citations: Sequence[StoredCitation],
    stored: Mapping[str, StoredChunk],
    organization_id: str,
) -> VerificationResult:
    passed: list[str] = []
    violation = briefing_contract_violation(briefing)
    if violation is not None:
        return VerificationResult.failed(StageFailure("contract", *violation), passed)
    passed.append("contract")
    shown = {c.chunk_id: c for c in citations if not c.withheld}
    failure = check_membership(briefing, shown)
    if failure is not None:
        return VerificationResult.failed(failure, passed)
    passed.append("membership")
    failure = check_validity(briefing, shown, stored, organization_id)
    if failure is not None:
        return VerificationResult.failed(failure, passed)
    passed.append("validity")
    claims, failure = check_grounding(briefing, stored)
    if failure is not None:
        return VerificationResult.failed(failure, passed)
    passed.append("grounding")
    return VerificationResult(ok=True, claims=claims, stages_passed=passed)


async def verify_briefing(
    session: AsyncSession, organization_id: str, citations: Sequence[StoredCitation], briefing: BriefingOutput
) -> VerificationResult:
    """Load the cited chunks as the database holds them now, then verify every citation of every claim."""
    cited_ids = [cited.chunk_id for claim in briefing.claims for cited in claim.citations]
    stored = await DocumentRepository(session).chunks_by_id(organization_id, cited_ids)
    return verify_stages(briefing, citations, stored, organization_id)
