"""Answer evaluation: SQuAD or everyday-document questions as real runs, and the metrics `tools/answers` shares.

`orion eval answers --data <folder>` reads a SQuAD 2.0 folder (dev-v2.0.json) or an everyday set (questions.jsonl
and documents/, domains/evaluation/everyday.py), chosen by what the folder holds.

Definitions (each over the runs of one split):
- answered_rate: answered runs / answerable questions;
- gold_containment: of the answered runs on answerable questions, the share where some quote contains some gold answer
  text (case-insensitive substring after collapsing whitespace, on both sides);
- gold_containment_first_quote: the same with the first claim's quote only (like-for-like with a one-sentence
  baseline);
- answered_with_gold_rate: answerable questions answered with a quote containing a gold answer / answerable questions;
- multi_fact_recall: over the questions that list expected facts, the facts some quote contains / the facts listed;
- refusal_rate: runs that declared insufficient evidence / unanswerable questions;
- failed_verifications: runs whose briefing cites a chunk outside the run's evidence, or quotes text that does not
  occur in the cited chunk after whitespace and case normalization (the verifier's grounding rule), or breaks the
  output contract (a claim without a citation, an answer without claims); it must be 0;
- median_latency_ms and p95_latency_ms: of the provider call.
"""

from __future__ import annotations

import hashlib
import random
import re
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domains.evaluation.context import OperatorContext
from domains.evaluation.everyday import (
    EverydayDocument,
    EverydayQuestion,
    choose,
    is_everyday_folder,
    load_everyday,
)
from domains.evaluation.squad import Paragraph, SquadQuestion, load_squad, split_of
from domains.execution.briefing import get_briefing_provider
from domains.execution.briefing.output import BriefingOutput
from domains.execution.run.workflows import WorkflowServices
from domains.execution.schemas import RunCreate
from domains.execution.service import ExecutionService
from domains.execution.verification.grounding import quote_is_grounded
from domains.execution.verification.support import statement_problem
from domains.knowledge.ingestion.bulk import BulkIngestor
from domains.knowledge.repository import DocumentRepository
from domains.knowledge.search import Retriever, UsageRecorder
from domains.knowledge.service import Upload

_WHITESPACE = re.compile(r"\s+")
Say = Callable[[str], None]


@dataclass(frozen=True)
class QuestionOutcome:
    """What one question's run produced, reduced to what the metrics count."""

    answerable: bool
    answered: bool
    contains_gold: bool
    verified: bool
    latency_ms: float | None = None
    first_contains_gold: bool = False
    facts_total: int = 0
    facts_found: int = 0
    claims: int = 0


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
        unsupported = statement_problem(claim.statement, [citation.quote for citation in claim.citations])
        if unsupported is not None:
            return f"claim {index}: {unsupported}"
    return None


def scored(
    answerable: bool,
    answered: bool,
    quotes: Sequence[str],
    gold_answers: Sequence[str],
    facts: Sequence[str] = (),
    *,
    verified: bool = True,
    latency_ms: float | None = None,
) -> QuestionOutcome:
    """Score one answer's quotes (in claim order) against the gold answers and the expected facts."""
    quotes = list(quotes) if answered else []
    return QuestionOutcome(
        answerable=answerable,
        answered=answered,
        contains_gold=answered and quotes_contain_gold(quotes, gold_answers),
        verified=verified,
        latency_ms=latency_ms,
        first_contains_gold=answered and quotes_contain_gold(quotes[:1], gold_answers),
        facts_total=len(facts),
        facts_found=sum(quotes_contain_gold(quotes, [fact]) for fact in facts),
        claims=len(quotes),
    )


def outcome_of(
    briefing: BriefingOutput,
    evidence: Mapping[str, str],
    gold_answers: Sequence[str],
    latency_ms: float | None = None,
    facts: Sequence[str] = (),
) -> QuestionOutcome:
    """Score one run's briefing against its evidence and the question's gold answers (empty when unanswerable)."""
    return scored(
        bool(gold_answers),
        not briefing.insufficient_evidence,
        briefing_quotes(briefing),
        gold_answers,
        facts,
        verified=verification_failure(briefing, evidence) is None,
        latency_ms=latency_ms,
    )


def _share(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 4) if denominator else None


def summarize(outcomes: Sequence[QuestionOutcome]) -> dict[str, float | int | None]:
    """Return the metrics of a set of runs as a flat, JSON-ready dict."""
    answerable = [o for o in outcomes if o.answerable]
    unanswerable = [o for o in outcomes if not o.answerable]
    answered = [o for o in answerable if o.answered]
    latencies = sorted(o.latency_ms for o in outcomes if o.latency_ms is not None)
    multi = [o for o in outcomes if o.facts_total]
    return {
        "questions": len(outcomes),
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "answered_rate": _share(len(answered), len(answerable)),
        "gold_containment": _share(sum(o.contains_gold for o in answered), len(answered)),
        "gold_containment_first_quote": _share(sum(o.first_contains_gold for o in answered), len(answered)),
        "answered_with_gold_rate": _share(sum(o.contains_gold for o in answered), len(answerable)),
        "refusal_rate": _share(sum(not o.answered for o in unanswerable), len(unanswerable)),
        "answered_unanswerable_rate": _share(sum(o.answered for o in unanswerable), len(unanswerable)),
        "failed_verifications": sum(not o.verified for o in outcomes),
        "multi_questions": len(multi),
        "multi_fact_recall": _share(sum(o.facts_found for o in multi), sum(o.facts_total for o in multi)),
        "mean_claims_when_answered": round(statistics.mean(o.claims for o in outcomes if o.answered), 2)
        if any(o.answered for o in outcomes)
        else None,
        "median_latency_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p95_latency_ms": round(latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))], 2)
        if latencies
        else None,
    }


async def ensure_paragraphs(context: OperatorContext, paragraphs: list[Paragraph], say: Say = print) -> str:
    """Ingest the paragraphs (once) into a scratch organization; return its id."""
    digest = hashlib.sha256("".join(p.chunk_id for p in paragraphs).encode())
    digest.update(context.provider.model_key.encode())
    organization_id = await context.scratch_organization(f"eval-squad-{digest.hexdigest()[:16]}")
    async with context.db.owner_session() as session:
        present = await DocumentRepository(session).count(organization_id)
    if present < len(paragraphs):
        say(f"ingesting {len(paragraphs)} paragraphs (runs once)...")
        uploads = [
            Upload(data=p.text.encode(), filename=f"{p.chunk_id}.txt", title=p.article, source=p.chunk_id)
            for p in paragraphs
        ]
        await BulkIngestor(
            lambda org: context.db.owner_session(), context.settings, context.provider, organization_id
        ).ingest(uploads)
    return organization_id


def choose_questions(questions: list[SquadQuestion], split: str, limit: int | None) -> list[SquadQuestion]:
    chosen = [q for q in questions if split == "all" or split_of(q.article) == split]
    if limit is not None and limit < len(chosen):
        chosen = sorted(random.Random(2026).sample(chosen, limit), key=lambda q: q.qid)
    return chosen


def choose_everyday(questions: list[EverydayQuestion], split: str, limit: int | None) -> list[EverydayQuestion]:
    """Return the split's questions, or the same fixed random sample of `limit` of them that SQuAD questions get."""
    chosen = choose(questions, split)
    if limit is not None and limit < len(chosen):
        chosen = sorted(random.Random(2026).sample(chosen, limit), key=lambda q: q.qid)
    return chosen


async def ensure_everyday(context: OperatorContext, documents: list[EverydayDocument], say: Say = print) -> str:
    """Ingest the everyday documents (once) into a scratch organization, uploaded as a user would; return its id."""
    digest = hashlib.sha256(b"".join(d.data for d in documents))
    digest.update(context.provider.model_key.encode())
    organization_id = await context.scratch_organization(f"eval-everyday-{digest.hexdigest()[:16]}")
    async with context.db.owner_session() as session:
        present = await DocumentRepository(session).count(organization_id)
    if present < len(documents):
        say(f"ingesting {len(documents)} documents (runs once)...")
        uploads = [Upload(data=d.data, filename=d.filename, title=None, source=d.filename) for d in documents]
        report = await BulkIngestor(
            lambda org: context.db.owner_session(), context.settings, context.provider, organization_id
        ).ingest(uploads)
        for result in report.results:
            if result.status == "refused":
                # Its questions are still asked: an answerable one counts as missed, an unanswerable one as refused.
                say(f"warning: {result.name} was refused ({result.reason}); its questions have no document to answer")
    return organization_id


@dataclass(frozen=True)
class Asked:
    """One question to ask as a run, with what its answer is scored against."""

    question: str
    answers: tuple[str, ...]
    facts: tuple[str, ...] = ()


async def _prepare(
    context: OperatorContext, folder: Path, split: str, limit: int | None, say: Say
) -> tuple[str, list[Asked]]:
    if is_everyday_folder(folder):
        documents, everyday = load_everyday(folder)
        organization_id = await ensure_everyday(context, documents, say)
        chosen_everyday = choose_everyday(everyday, split, limit)
        return organization_id, [Asked(q.question, q.answers, q.facts) for q in chosen_everyday]
    paragraphs, questions = load_squad(folder / "dev-v2.0.json")
    organization_id = await ensure_paragraphs(context, paragraphs, say)
    return organization_id, [Asked(q.question, q.answers) for q in choose_questions(questions, split, limit)]


async def evaluate_answers(
    context: OperatorContext,
    folder: Path,
    split: str,
    limit: int | None,
    say: Say = print,
    advance: Callable[[], None] = lambda: None,
) -> dict[str, Any]:
    """Run every chosen question as an investigation and return the summary metrics."""
    organization_id, chosen = await _prepare(context, folder, split, limit, say)
    briefing = get_briefing_provider(context.settings)
    services = WorkflowServices(
        retriever=Retriever(context.settings),
        embedder=lambda: context.provider,
        briefing=lambda: briefing,
        usage=UsageRecorder(),
    )
    outcomes: list[QuestionOutcome] = []
    failures: dict[str, int] = {}
    for question in chosen:
        body = RunCreate(workflow_type="evidence_briefing", input={"query": question.question})
        started = time.perf_counter()
        async with context.db.tenant_session(organization_id) as session:
            service = ExecutionService(session, context.settings, context.db.tenant_session, services)
            run, _ = await service.create_run(organization_id, None, body)
            result = await service.result(organization_id, run.id)
        latency = (time.perf_counter() - started) * 1000
        quotes = [c.quote for claim in result.result.claims for c in claim.citations[:1]]
        failed_verification = run.outcome == "failed" and (run.failure_reason or "").startswith("verification")
        if run.outcome == "failed":
            key = (run.failure_reason or "")[:60]
            failures[key] = failures.get(key, 0) + 1
        answered = run.outcome == "answered"
        outcomes.append(
            scored(
                bool(question.answers),
                answered,
                quotes,
                question.answers,
                question.facts,
                verified=not failed_verification,
                latency_ms=latency,
            )
        )
        advance()
    summary: dict[str, Any] = {"split": split, "provider": briefing.provider_name, "model": briefing.model_name}
    summary.update(summarize(outcomes))
    summary["failed_runs"] = sum(failures.values())
    summary["failed_run_reasons"] = failures
    return summary
