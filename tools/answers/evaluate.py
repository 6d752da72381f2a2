"""Evaluate the extractive provider on a split and print the metrics per threshold as JSON lines.

    .venv/bin/python -m tools.answers.evaluate                       # held-out (test) articles, semantic path
    .venv/bin/python -m tools.answers.evaluate --encoder none        # the lexical fallback
    .venv/bin/python -m tools.answers.evaluate --encoder live --top-k 10 --limit 300   # latency, live MiniLM

Every question goes through the real path: its simulated evidence is rendered with `render_briefing_prompt`, the
provider's `generate_structured` reads it back and answers, and the briefing is checked the way the verifier checks
it (membership, then verbatim grounding). The first line is that default run (with latency); the next lines sweep
the threshold over the same drafts (the quotes do not depend on the threshold, only the decision to answer does).
`--encoder cached` (default) reuses question and sentence vectors under /tmp for speed; `live` embeds on every call
as production does, which is what latency must be measured with.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from domains.evaluation.answers import QuestionOutcome, outcome_of, quotes_contain_gold, summarize, verification_failure
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.answer import Draft, SentenceEncoder
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import parse_briefing_prompt, render_briefing_prompt
from domains.knowledge.embeddings import get_configured_embedding_provider
from packages.config.settings import Settings
from tools.answers.data import CachedEncoder
from tools.answers.simulate import TOP_K, SimulatedRun, simulate

SYSTEM = "Answer the question only from the evidence."
THRESHOLDS = tuple(round(t, 3) for t in np.arange(0.10, 0.701, 0.025))


def _encoder(kind: str) -> SentenceEncoder | None:
    if kind == "none":
        return None
    if kind == "live":
        return get_configured_embedding_provider(Settings(embedding_provider="local"))
    return CachedEncoder()


async def _default_run(
    provider: ExtractiveBriefingProvider, run: SimulatedRun
) -> tuple[QuestionOutcome, QuestionOutcome, Draft]:
    user = render_briefing_prompt(run.question.question, run.evidence)
    question, evidence = parse_briefing_prompt(user)
    if question != run.question.question or tuple(evidence) != run.evidence:
        raise AssertionError(f"prompt did not round-trip for question {run.question.qid}")
    started = time.perf_counter()
    result = await provider.generate_structured(system=SYSTEM, user=user, schema=BriefingOutput)
    latency = (time.perf_counter() - started) * 1000
    chunks = {item.chunk_id: item.text for item in run.evidence}
    answers = run.question.answers
    outcome = outcome_of(result.output, chunks, answers, latency)
    first = [result.output.claims[0].citations[0].quote] if result.output.claims else []
    first_outcome = QuestionOutcome(
        outcome.answerable, outcome.answered, outcome.answered and quotes_contain_gold(first, answers), outcome.verified
    )
    draft = provider.draft(question, evidence)
    return outcome, first_outcome, draft


def _always_answer_verified(provider: ExtractiveBriefingProvider, run: SimulatedRun) -> bool:
    """Return True when the briefing given at threshold 0 (every draft answered) passes verification."""
    payload, _ = provider.briefing_payload(run.question.question, run.evidence)
    briefing = BriefingOutput.model_validate(payload)
    return verification_failure(briefing, {item.chunk_id: item.text for item in run.evidence}) is None


def sweep(runs: Sequence[SimulatedRun], drafts: Sequence[Draft], thresholds: Sequence[float]) -> list[dict[str, Any]]:
    """Return the metrics of every threshold over the same drafts."""
    lines = []
    for threshold in thresholds:
        outcomes, firsts = [], []
        for run, draft in zip(runs, drafts, strict=True):
            answered = bool(draft.quotes) and draft.score >= threshold
            answers = run.question.answers
            texts = [q.text for q in draft.quotes]
            outcomes.append(
                QuestionOutcome(bool(answers), answered, answered and quotes_contain_gold(texts, answers), True)
            )
            firsts.append(
                QuestionOutcome(bool(answers), answered, answered and quotes_contain_gold(texts[:1], answers), True)
            )
        metrics = summarize(outcomes)
        metrics["gold_containment_first_quote"] = summarize(firsts)["gold_containment"]
        lines.append({"threshold": threshold, **metrics})
    return lines


async def evaluate(split: str, encoder_kind: str, limit: int | None, top_k: int) -> list[dict[str, Any]]:
    """Run the provider over a split and return the JSON lines to print."""
    runs = simulate("test" if split == "test" else "train", top_k=top_k)[:limit]
    encoder = _encoder(encoder_kind)
    provider = ExtractiveBriefingProvider(encoder=encoder)
    always = ExtractiveBriefingProvider(min_score=0.0, encoder=encoder)
    outcomes, firsts, drafts = [], [], []
    for run in runs:
        outcome, first, draft = await _default_run(provider, run)
        outcomes.append(outcome)
        firsts.append(first)
        drafts.append(draft)
    if isinstance(encoder, CachedEncoder):
        encoder.save()
    always_failures = sum(not _always_answer_verified(always, run) for run in runs)
    path = "semantic" if encoder is not None else "lexical"
    default = summarize(outcomes)
    default["gold_containment_first_quote"] = summarize(firsts)["gold_containment"]
    head = {"split": split, "path": path, "encoder": encoder_kind, "top_k": top_k, "model": provider.model_name}
    threshold = drafts[0].threshold if drafts else None
    lines = [{**head, "line": "default", "threshold": threshold, **default}]
    lines.append({**head, "line": "every_draft_answered", "failed_verifications": always_failures})
    lines.extend({**head, "line": "sweep", **line} for line in sweep(runs, drafts, THRESHOLDS))
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the evaluation as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=("test", "train"), default="test")
    parser.add_argument("--encoder", choices=("cached", "live", "none"), default="cached")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--top-k", type=int, default=TOP_K)
    args = parser.parse_args(argv)
    for line in asyncio.run(evaluate(args.split, args.encoder, args.limit, args.top_k)):
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
