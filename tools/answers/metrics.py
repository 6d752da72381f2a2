"""Answer-quality metrics shared by `tools.answers.evaluate` and the end-to-end `orion eval answers` command.

Definitions (each over the runs of one split):
- answered_rate: answered runs / answerable questions;
- gold_containment: of the answered runs on answerable questions, the share where some quote contains some gold answer
  text (case-insensitive substring after collapsing whitespace, on both sides);
- refusal_rate: runs that declared insufficient evidence / unanswerable questions;
- failed_verifications: runs whose briefing cites a chunk outside the run's evidence, or quotes text that does not
  occur in the cited chunk after whitespace and case normalization (the verifier's grounding rule), or breaks the
  output contract (a claim without a citation, an answer without claims); it must be 0;
- median_latency_ms and p95_latency_ms: of the provider call.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from domains.execution.grounding import quote_is_grounded
from domains.execution.schemas import BriefingOutput

_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class RunOutcome:
    """What one question's run produced, reduced to what the metrics count."""

    answerable: bool
    answered: bool
    contains_gold: bool
    verified: bool
    latency_ms: float | None = None


def _normal(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip().lower()


def quotes_contain_gold(quotes: Iterable[str], gold_answers: Iterable[str]) -> bool:
    """Return True when any quote contains any gold answer text, case-insensitively."""
    golds = [g for g in (_normal(answer) for answer in gold_answers) if g]
    return any(gold in _normal(quote) for quote in quotes for gold in golds)


def briefing_quotes(briefing: BriefingOutput) -> list[str]:
    """Return every quote of every claim, in order."""
    return [citation.quote for claim in briefing.claims for citation in claim.citations]


def verification_failure(briefing: BriefingOutput, evidence: Mapping[str, str]) -> str | None:
    """Return why the briefing would fail verification against this run's evidence (chunk id -> text), or None."""
    if briefing.insufficient_evidence:
        return "a refusal must make no claims" if briefing.claims else None
    if not briefing.claims:
        return "an answer without claims"
    for index, claim in enumerate(briefing.claims, start=1):
        if not claim.statement.strip() or not claim.citations:
            return f"claim {index} has no statement or no citation"
        for citation in claim.citations:
            text = evidence.get(citation.chunk_id)
            if text is None:
                return f"claim {index} cites chunk {citation.chunk_id}, which is not in this run's evidence"
            if not quote_is_grounded(citation.quote, text):
                return f"claim {index} quotes text that is not in chunk {citation.chunk_id}"
    return None


def outcome_of(
    briefing: BriefingOutput,
    evidence: Mapping[str, str],
    gold_answers: Sequence[str],
    latency_ms: float | None = None,
) -> RunOutcome:
    """Score one run's briefing against its evidence and the question's gold answers (empty when unanswerable)."""
    answered = not briefing.insufficient_evidence
    return RunOutcome(
        answerable=bool(gold_answers),
        answered=answered,
        contains_gold=answered and quotes_contain_gold(briefing_quotes(briefing), gold_answers),
        verified=verification_failure(briefing, evidence) is None,
        latency_ms=latency_ms,
    )


def _share(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 4) if denominator else None


def summarize(outcomes: Sequence[RunOutcome]) -> dict[str, float | int | None]:
    """Return the metrics of a set of runs as a flat, JSON-ready dict."""
    answerable = [o for o in outcomes if o.answerable]
    unanswerable = [o for o in outcomes if not o.answerable]
    answered = [o for o in answerable if o.answered]
    latencies = sorted(o.latency_ms for o in outcomes if o.latency_ms is not None)
    return {
        "questions": len(outcomes),
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "answered_rate": _share(len(answered), len(answerable)),
        "gold_containment": _share(sum(o.contains_gold for o in answered), len(answered)),
        "refusal_rate": _share(sum(not o.answered for o in unanswerable), len(unanswerable)),
        "answered_unanswerable_rate": _share(sum(o.answered for o in unanswerable), len(unanswerable)),
        "failed_verifications": sum(not o.verified for o in outcomes),
        "median_latency_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p95_latency_ms": round(latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))], 2)
        if latencies
        else None,
    }
