"""The briefing's output contract, checked before any citation: a claim needs a statement and a non-empty quote."""

from __future__ import annotations

from domains.execution.briefing.output import BriefingOutput
from domains.execution.verification.grounding import folded_quote


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
            if not folded_quote(citation.quote):
                return index, f"claim {index} cites chunk {citation.chunk_id} with an empty quote"
    return None
