"""ORION's extractive provider against the strict baseline, on the same SQuAD 2.0 held-out questions.

    .venv/bin/python -m tools.answers.baseline --limit 400      # a fixed sample of 400 held-out questions

The baseline is the naive answerer of ADR-0013: the best evidence sentence by BM25 + MiniLM similarity, one
threshold. Every chunk of the question's evidence is split into sentences (the provider's splitter), each scored
cosine(question, sentence) + BM25_WEIGHT x BM25(sentence; statistics over the evidence sentences); the best sentence
is the answer when its score reaches the threshold. Its 'strict' operating point answers 68% of the answerable
questions: the threshold is chosen so on the SQuAD train split (never on test). Both answerers see the same simulated
evidence (tools/answers/simulate.py) for the same questions; ORION runs at its default settings. Gold containment is
like-for-like: ORION's first quote against the baseline's one sentence. Prints one JSON line per answerer.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from domains.evaluation.answers import QuestionOutcome, scored, summarize
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.sentences import split_sentences
from tools.answers.data import CachedEncoder
from tools.answers.simulate import BM25_B, BM25_K1, SimulatedRun, _bm25_terms, simulate

BM25_WEIGHT = 0.05
STRICT_ANSWERED_RATE = 0.68
SAMPLE_SEED = 2026


def _bm25(question: str, sentences: Sequence[str]) -> list[float]:
    docs = [Counter(_bm25_terms(s)) for s in sentences]
    if not docs:
        return []
    lengths = [sum(d.values()) for d in docs]
    mean = sum(lengths) / len(lengths) or 1.0
    n = len(docs)
    scores = []
    terms = set(_bm25_terms(question))
    df = {t: sum(1 for d in docs if t in d) for t in terms}
    for doc, length in zip(docs, lengths, strict=True):
        score = 0.0
        for term in terms:
            tf = doc.get(term, 0)
            if tf:
                idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                score += idf * tf * (BM25_K1 + 1) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / mean))
        scores.append(score)
    return scores


def baseline_best(run: SimulatedRun, encoder: CachedEncoder) -> tuple[str, float]:
    """Return the baseline's best sentence for a run and its score ("" and -inf when there is none)."""
    sentences = [item.text[s.start : s.end] for item in run.evidence for s in split_sentences(item.text)]
    if not sentences:
        return "", -math.inf
    vectors = encoder.embed_texts([run.question.question, *sentences]).astype(np.float64)
    cosine = vectors[1:] @ vectors[0]
    lexical = _bm25(run.question.question, sentences)
    scores = [float(c) + BM25_WEIGHT * b for c, b in zip(cosine, lexical, strict=True)]
    best = int(np.argmax(scores))
    return sentences[best], scores[best]


def strict_threshold(runs: Sequence[SimulatedRun], encoder: CachedEncoder) -> float:
    """Return the threshold at which the baseline answers STRICT_ANSWERED_RATE of the answerable questions."""
    scores = sorted((baseline_best(r, encoder)[1] for r in runs if r.question.answerable), reverse=True)
    return scores[max(0, round(STRICT_ANSWERED_RATE * len(scores)) - 1)]


@dataclass(frozen=True)
class Baseline:
    """The strict baseline's rates on every SQuAD train question (tools/answers/baseline.py)."""

    answered_rate: float = 0.0
    refusal_rate: float = 0.0


def baseline_decisions(runs: Sequence[SimulatedRun], encoder: CachedEncoder) -> dict[str, bool]:
    """Return, per question id, whether the strict baseline answers it (at its threshold chosen on these runs)."""
    threshold = strict_threshold(runs, encoder)
    decisions = {}
    for run in runs:
        sentence, score = baseline_best(run, encoder)
        decisions[run.question.qid] = bool(sentence) and score >= threshold
    return decisions


def baseline_rates(runs: Sequence[SimulatedRun], encoder: CachedEncoder) -> Baseline:
    """Return the strict baseline's answered and refused rates on these (SQuAD train) runs at its own threshold."""
    decisions = baseline_decisions(runs, encoder)
    answerable = unanswerable = answered = refused = 0
    for run in runs:
        says = decisions[run.question.qid]
        if run.question.answerable:
            answerable += 1
            answered += says
        else:
            unanswerable += 1
            refused += not says
    return Baseline(answered / max(1, answerable), refused / max(1, unanswerable))


def _outcome(answerable: bool, answered: bool, quote: str, answers: Sequence[str]) -> QuestionOutcome:
    return scored(answerable, answered, [quote] if quote else [], answers)


def compare(limit: int | None, split: str = "test") -> list[dict[str, Any]]:
    """Return the baseline's and ORION's figures on the same questions of a split (test: held out)."""
    encoder = CachedEncoder()
    train = simulate("train")
    threshold = strict_threshold(train, encoder)
    test = simulate("test") if split == "test" else train
    if limit is not None and limit < len(test):
        test = sorted(random.Random(SAMPLE_SEED).sample(test, limit), key=lambda r: r.question.qid)
    provider = ExtractiveBriefingProvider(encoder=encoder)
    baseline, orion = [], []
    for run in test:
        question = run.question
        sentence, score = baseline_best(run, encoder)
        answered = bool(sentence) and score >= threshold
        baseline.append(_outcome(question.answerable, answered, sentence, question.answers))
        payload, _ = provider.briefing_payload(question.question, run.evidence)
        first = payload["claims"][0]["citations"][0]["quote"] if payload["claims"] else ""
        orion.append(_outcome(question.answerable, not payload["insufficient_evidence"], first, question.answers))
    encoder.save()
    head = {"split": split, "questions": len(test), "sample_seed": SAMPLE_SEED if limit else None}
    return [
        {**head, "answerer": "baseline_strict", "threshold": round(threshold, 4), **summarize(baseline)},
        {**head, "answerer": "orion_default", "model": provider.model_name, **summarize(orion)},
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=400)
    parser.add_argument("--split", choices=("test", "train"), default="test")
    args = parser.parse_args(argv)
    for line in compare(args.limit, args.split):
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
