"""Re-checking a verified quote against the document as it is now: the pure core of receipts and evidence drift.

A verified quote is the source's exact text at a span of one version. Later the document may get a new version or
be deleted. `recheck_quote` compares the quote with the document's current version:
  valid   — the current version holds the quote at the same version offsets (same version, or a new one that did
            not move it);
  moved   — the current version holds the same text elsewhere;
  changed — the current version no longer holds it (canonical folding as in grounding: a quote survives a new
            extraction that only changed typography);
  gone    — the document was deleted (or has no current version).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from domains.execution.verification.grounding import locate_quote

QuoteCheck = Literal["valid", "moved", "changed", "gone"]
ClaimEvidence = Literal["current", "changed", "gone"]


@dataclass(frozen=True)
class CurrentVersion:
    """A document's current version as the database holds it now."""

    document_id: str
    version_id: str
    content_hash: str
    text: str
    paged: bool = False


@dataclass(frozen=True)
class QuoteRecheck:
    status: QuoteCheck
    version_id: str | None = None
    version_start: int | None = None
    version_end: int | None = None


def recheck_quote(quote: str, version_start: int, version_end: int, current: CurrentVersion | None) -> QuoteRecheck:
    """Return whether `quote` (verified at `[version_start, version_end)`) still stands in the current version."""
    if current is None:
        return QuoteRecheck("gone")
    if current.text[version_start:version_end] == quote:
        return QuoteRecheck("valid", current.version_id, version_start, version_end)
    position = current.text.find(quote)
    if position >= 0:
        return QuoteRecheck("moved", current.version_id, position, position + len(quote))
    span = locate_quote(quote, current.text, paged=current.paged)
    if span is not None:
        status: QuoteCheck = "valid" if (span.start, span.end) == (version_start, version_end) else "moved"
        return QuoteRecheck(status, current.version_id, span.start, span.end)
    return QuoteRecheck("changed", current.version_id)


_SEVERITY: dict[ClaimEvidence, int] = {"current": 0, "changed": 1, "gone": 2}


def evidence_of_quote(check: QuoteCheck) -> ClaimEvidence:
    """Map a quote's re-check to the drift vocabulary: a quote that is still there (anywhere) is current."""
    if check in ("valid", "moved"):
        return "current"
    return "changed" if check == "changed" else "gone"


def claim_evidence(checks: Iterable[QuoteCheck]) -> ClaimEvidence:
    """Return a claim's evidence status: the worst of its quotes'."""
    statuses = [evidence_of_quote(check) for check in checks]
    return max(statuses, key=_SEVERITY.__getitem__, default="current")
