"""Fit the extractive provider's weights on the train split only (writes briefing/extractive/model.json).

    .venv/bin/python -m tools.answers.train            # deterministic: the same data gives the same file

Everything below uses the eight train articles of tools/answers/simulate.py (2,828 questions); the test articles
are never read except as distractor evidence text, which is what retrieval over the whole corpus returns.

1. Sentence ranker: a logistic regression over features.SENTENCE_FEATURES, fitted on every candidate sentence of
   the answerable questions (label: the sentence contains a gold answer).
2. Semantic re-ranker: a logistic regression over (ranker logit, MiniLM question-sentence cosine, the reader's
   cross-encoder logit) for the ranker's top `SEMANTIC_CANDIDATES` sentences, same label.
3. Answer models, for the lexical path and the semantic path separately, fitted on out-of-fold rows (4 folds by
   article: the rankers of a fold never saw its questions): P(answerable) on every question, P(the top quote holds a
   gold answer) on the answerable ones.
4. beta (the weight of the second probability in the score) and the threshold, chosen from out-of-fold scores of
   the answer models themselves (a second 4-fold pass): beta maximises the mean of gold containment + refusal rate
   over answered rates 0.60-0.90; the threshold is where ORION's SQuAD answered and refused rates both lead the
   strict baseline's (tools/answers/baseline.py, same train questions) by the most, the everyday train questions
   breaking ties (choose_threshold). The most accurate threshold is recorded as `strict_threshold`.
5. The final rankers are refitted on all train questions; the answer models on all out-of-fold rows.

scikit-learn is used here only; runtime inference is numpy (domains/execution/briefing/extractive/scoring.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.linear_model import LogisticRegression

from domains.evaluation.answers import quotes_contain_gold
from domains.evaluation.squad import TRAIN_ARTICLES
from domains.execution.briefing.extractive.answer import choose_quotes, lexical_ranking, semantic_ranking
from domains.execution.briefing.extractive.features import ANSWER_FEATURES, SENTENCE_FEATURES
from domains.execution.briefing.extractive.scoring import (
    MODEL_PATH,
    RERANK_FEATURES,
    SEMANTIC_ANSWER_FEATURES,
    AnswerModel,
    ClaimPolicy,
    ExtractiveModel,
    Linear,
)
from domains.execution.briefing.extractive.sentences import DEFAULT_MAX_SENTENCE_CHARS
from tools.answers.baseline import Baseline, baseline_decisions
from tools.answers.data import CachedEncoder, CachedReader, Example, prepare
from tools.answers.everyday import EVERYDAY, everyday_runs, set_runs
from tools.answers.export import answer_json, linear_json, point_json
from tools.answers.simulate import simulate

MODEL_VERSION = "v98"
SEMANTIC_CANDIDATES = 3
FOLDS = 4
REGULARIZATION_C = 1.0
BETAS = (0.0, 0.25, 0.5, 0.75, 1.0)
BETA_ANSWERED_RATES = (0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
# Chosen on the everyday train split (tools/answers/everyday.py --split train; v8: factors 1, 0.75, 0.5, 0.35, 0.2,
# 0.15, 0.1 -- the plateau starts at 0.2; ADR-0022 "Model v8").
LIST_THRESHOLD_FACTOR = 0.2
# Everyday-document questions (evaluation/everyday, train split) are repeated this many times when fitting: 181
# questions next to 2,828 SQuAD ones would otherwise barely move the weights.
EVERYDAY_WEIGHT = 5
# A second or third claim must itself be more likely than not to hold an answer, and at least half as likely as the
# first; fixed rather than fitted: how many claims a reader wants is a product choice, not a statistic.
CLAIMS = ClaimPolicy(
    max_claims=2, relative_probability=0.8, min_probability=0.5, list_threshold_factor=LIST_THRESHOLD_FACTOR
)

# The everyday-format sets already read to write rules (ADR-0022). `--with-read-sets` fits on them too (an experiment:
# the shipped model is fitted without them, "Experiments of the thirteenth session"); never the everyday dev or test
# split, never a batch still held out (everyday-unseen-7).
READ_SETS = (
    "everyday-unseen",
    "everyday-unseen-2",
    "everyday-unseen-3",
    "everyday-unseen-4",
    "everyday-unseen-5",
    "everyday-unseen-6",
    "everyday-probes",
    "everyday-probes-2",
    "everyday-probes-3",
)

Matrix = npt.NDArray[np.float64]


def fit_linear(features: Sequence[str], rows: Matrix, labels: npt.NDArray[np.bool_]) -> Linear:
    """Fit a standardised logistic regression and return it with the standardisation folded into the weights."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale == 0] = 1.0
    model = LogisticRegression(C=REGULARIZATION_C, max_iter=10000)
    model.fit((rows - mean) / scale, labels.astype(int))
    weights = model.coef_[0] / scale
    bias = float(model.intercept_[0] - np.sum(model.coef_[0] * mean / scale))
    return Linear(tuple(features), weights, bias)


def _placeholder_answer(features: Sequence[str]) -> AnswerModel:
    zero = Linear(tuple(features), np.zeros(len(features)), 0.0)
    return AnswerModel(zero, zero, beta=1.0, threshold=0.5)


def fit_rankers(examples: Sequence[Example]) -> ExtractiveModel:
    """Fit the sentence ranker and the semantic re-ranker on the answerable examples (answer models left empty)."""
    answerable = [e for e in weighted(examples) if e.answerable and len(e.labels)]
    ranker = fit_linear(
        SENTENCE_FEATURES, np.vstack([e.matrix for e in answerable]), np.concatenate([e.labels for e in answerable])
    )
    rows, labels = [], []
    for example in answerable:
        logits = ranker.logits(example.matrix)
        top = np.argsort(-logits, kind="stable")[:SEMANTIC_CANDIDATES]
        rows.append(np.column_stack([logits[top], example.similarities[top], example.reads(top)]))
        labels.append(example.labels[top])
    reranker = fit_linear(RERANK_FEATURES, np.vstack(rows), np.concatenate(labels))
    return ExtractiveModel(
        version=MODEL_VERSION,
        max_sentence_chars=DEFAULT_MAX_SENTENCE_CHARS,
        semantic_candidates=SEMANTIC_CANDIDATES,
        ranker=ranker,
        lexical_answer=_placeholder_answer(ANSWER_FEATURES),
        reranker=reranker,
        semantic_answer=_placeholder_answer((*ANSWER_FEATURES, *SEMANTIC_ANSWER_FEATURES)),
        claims=CLAIMS,
    )


@dataclass
class AnswerRows:
    """Out-of-fold answer-model inputs of one path (lexical or semantic) and their labels."""

    rows: list[list[float]]
    answerable: list[bool]
    top_contains: list[bool]
    quotes_contain: list[bool]
    claims: list[int]
    folds: list[int]
    everyday: list[bool] = field(default_factory=list)
    articles: list[str] = field(default_factory=list)
    qids: list[str] = field(default_factory=list)

    def arrays(self) -> tuple[Matrix, npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        return np.asarray(self.rows), np.asarray(self.answerable), np.asarray(self.top_contains)


def _record(target: AnswerRows, example: Example, model: ExtractiveModel, semantic: bool, fold: int) -> None:
    analysis = example.analysis
    ranking = lexical_ranking(analysis, model)
    if semantic:
        order = np.argsort(-np.asarray(ranking.logits), kind="stable")[:SEMANTIC_CANDIDATES]
        similarities = [float(example.similarities[i]) for i in order]
        ranking = semantic_ranking(analysis, model, ranking, similarities, [float(v) for v in example.reads(order)])
    quotes = choose_quotes(analysis, model, ranking).quotes
    golds = example.run.question.answers
    target.rows.append(ranking.answer_row)
    target.answerable.append(example.answerable)
    target.top_contains.append(quotes_contain_gold([quotes[0].text], golds))
    target.quotes_contain.append(quotes_contain_gold([q.text for q in quotes], golds))
    target.claims.append(len(quotes))
    target.folds.append(fold)
    target.everyday.append(is_everyday(example.article))
    target.articles.append(example.article)
    target.qids.append(example.run.question.qid)


def out_of_fold_rows(examples: Sequence[Example]) -> tuple[AnswerRows, AnswerRows]:
    """Return (lexical, semantic) answer rows for every example, each from rankers fitted without its article."""
    articles = sorted({e.article for e in examples})
    fold_of = {article: index % FOLDS for index, article in enumerate(articles)}
    lexical, semantic = (AnswerRows([], [], [], [], [], []) for _ in range(2))
    for fold in range(FOLDS):
        model = fit_rankers([e for e in examples if fold_of[e.article] != fold])
        for example in examples:
            if fold_of[example.article] == fold and len(example.labels):
                _record(lexical, example, model, semantic=False, fold=fold)
                _record(semantic, example, model, semantic=True, fold=fold)
    return lexical, semantic


def weighted(examples: Sequence[Example]) -> list[Example]:
    """Return the examples with every everyday question repeated EVERYDAY_WEIGHT times (they are 6% of the rows)."""
    return [e for e in examples for _ in range(EVERYDAY_WEIGHT if is_everyday(e.article) else 1)]


def is_everyday(article: str) -> bool:
    return article.startswith("everyday/")


def fit_answer(features: Sequence[str], data: AnswerRows, beta: float, threshold: float) -> AnswerModel:
    """Fit P(answerable) on every row and P(top quote holds the answer) on the answerable rows."""
    rows, answerable, contains = data.arrays()
    repeat = np.asarray([EVERYDAY_WEIGHT if e else 1 for e in data.everyday] if data.everyday else [1] * len(rows))
    rows, answerable, contains = (np.repeat(a, repeat, axis=0) for a in (rows, answerable, contains))
    return AnswerModel(
        answerable=fit_linear(features, rows, answerable),
        contains=fit_linear(features, rows[answerable], contains[answerable]),
        beta=beta,
        threshold=threshold,
    )


def out_of_fold_scores(features: Sequence[str], data: AnswerRows, beta: float) -> Matrix:
    """Return each row's answer score from answer models fitted on the other folds."""
    rows = np.asarray(data.rows)
    folds = np.asarray(data.folds)
    scores = np.zeros(len(rows))
    for fold in range(FOLDS):
        held = folds == fold
        subset = AnswerRows(
            [r for r, f in zip(data.rows, data.folds, strict=True) if f != fold],
            [a for a, f in zip(data.answerable, data.folds, strict=True) if f != fold],
            [c for c, f in zip(data.top_contains, data.folds, strict=True) if f != fold],
            [],
            [],
            [],
            [e for e, f in zip(data.everyday, data.folds, strict=True) if f != fold],
        )
        model = fit_answer(features, subset, beta, 0.5)
        scores[held] = [model.score(row) for row in rows[held]]
    return scores


@dataclass(frozen=True)
class OperatingPoint:
    threshold: float
    answered_rate: float
    gold_containment: float
    refusal_rate: float
    accuracy: float


def operating_point(scores: Matrix, data: AnswerRows, threshold: float) -> OperatingPoint:
    """Return the metrics of answering every row whose score reaches `threshold`."""
    answerable = np.asarray(data.answerable)
    contains = np.asarray(data.quotes_contain)
    answered = scores >= threshold
    good = answered & answerable
    right = (answered & answerable & contains) | (~answered & ~answerable)
    return OperatingPoint(
        threshold=float(threshold),
        answered_rate=float(good.sum() / max(1, answerable.sum())),
        gold_containment=float((good & contains).sum() / max(1, good.sum())),
        refusal_rate=float((~answered & ~answerable).sum() / max(1, (~answerable).sum())),
        accuracy=float(right.mean()),
    )


def _subset(data: AnswerRows, mask: npt.NDArray[np.bool_]) -> AnswerRows:
    pick = [bool(m) for m in mask]
    return AnswerRows(
        [r for r, m in zip(data.rows, pick, strict=True) if m],
        [a for a, m in zip(data.answerable, pick, strict=True) if m],
        [c for c, m in zip(data.top_contains, pick, strict=True) if m],
        [c for c, m in zip(data.quotes_contain, pick, strict=True) if m],
        [c for c, m in zip(data.claims, pick, strict=True) if m],
        [f for f, m in zip(data.folds, pick, strict=True) if m],
        [e for e, m in zip(data.everyday, pick, strict=True) if m],
        [a for a, m in zip(data.articles, pick, strict=True) if m],
        [q for q, m in zip(data.qids, pick, strict=True) if m],
    )


@dataclass(frozen=True)
class Refused:
    """Questions no sentence is eligible for (checks.py): refused at any threshold, so they count in every rate."""

    squad_answerable: int = 0
    squad_unanswerable: int = 0
    everyday_answerable: int = 0
    everyday_unanswerable: int = 0


REFUSED = Refused()


BASELINE = Baseline()
BASELINE_SAYS: dict[str, bool] = {}  # per SQuAD train question: does the strict baseline answer it
# Thresholds whose smaller lead over the baseline is within this of the best one count as equally good on SQuAD.
MARGIN_TOLERANCE = 0.005


def with_refused(point: OperatingPoint, rows: AnswerRows, answerable: int, unanswerable: int) -> OperatingPoint:
    """Return the operating point with the always-refused questions added to its denominators."""
    have_answerable = sum(rows.answerable)
    have_unanswerable = len(rows.answerable) - have_answerable
    answered = point.answered_rate * have_answerable
    refused = point.refusal_rate * have_unanswerable
    return OperatingPoint(
        threshold=point.threshold,
        answered_rate=answered / max(1, have_answerable + answerable),
        gold_containment=point.gold_containment,
        refusal_rate=(refused + unanswerable) / max(1, have_unanswerable + unanswerable),
        accuracy=point.accuracy,
    )


def choose_threshold(scores: Matrix, data: AnswerRows, log: Callable[[str], None]) -> OperatingPoint:
    """Return the threshold at which ORION stays furthest ahead of the strict baseline on SQuAD train, both ways.

    Both from out-of-fold train scores. For each threshold, ORION's SQuAD answered and refused rates are compared with
    the strict baseline's on the same train questions (BASELINE); the threshold whose smaller lead is largest wins
    (it leaves the most room on both sides for questions unlike the train ones). Among the thresholds within
    MARGIN_TOLERANCE of that lead, the one best on the everyday train questions (answered with gold + refused) wins.
    """
    everyday = np.asarray(data.everyday, dtype=bool)
    squad_rows, everyday_rows = _subset(data, ~everyday), _subset(data, everyday)
    squad_scores, everyday_scores = scores[~everyday], scores[everyday]
    table: list[tuple[float, float, float]] = []  # threshold, lead over the baseline, everyday objective
    for threshold in np.unique(np.round(scores, 4)):
        squad = with_refused(
            operating_point(squad_scores, squad_rows, float(threshold)),
            squad_rows,
            REFUSED.squad_answerable,
            REFUSED.squad_unanswerable,
        )
        lead = min(squad.answered_rate - BASELINE.answered_rate, squad.refusal_rate - BASELINE.refusal_rate)
        objective = 0.0
        if len(everyday_scores):
            point = with_refused(
                operating_point(everyday_scores, everyday_rows, float(threshold)),
                everyday_rows,
                REFUSED.everyday_answerable,
                REFUSED.everyday_unanswerable,
            )
            objective = point.answered_rate * point.gold_containment + point.refusal_rate
        table.append((float(threshold), lead, objective))
    best_lead = max(lead for _, lead, _ in table)
    close = [row for row in table if row[1] >= best_lead - MARGIN_TOLERANCE]
    threshold = max(close, key=lambda row: (round(row[2], 9), row[1]))[0]
    squad_point = operating_point(squad_scores, squad_rows, threshold)
    squad_point = with_refused(squad_point, squad_rows, REFUSED.squad_answerable, REFUSED.squad_unanswerable)
    log(f"  baseline on SQuAD train: {BASELINE}; best smaller lead {best_lead:.4f}")
    log(f"  threshold {threshold}: squad {squad_point}")
    if len(everyday_scores):
        point = operating_point(everyday_scores, everyday_rows, threshold)
        everyday_point = with_refused(point, everyday_rows, REFUSED.everyday_answerable, REFUSED.everyday_unanswerable)
        log(f"  threshold {threshold}: everyday {everyday_point}")
    return operating_point(scores, data, threshold)


def _baseline_of(answerable: Sequence[bool], says: Sequence[bool]) -> Baseline:
    asked = [s for a, s in zip(answerable, says, strict=True) if a]
    unasked = [s for a, s in zip(answerable, says, strict=True) if not a]
    return Baseline(sum(asked) / max(1, len(asked)), sum(not s for s in unasked) / max(1, len(unasked)))


def _leads(scores: Matrix, rows: AnswerRows, threshold: float) -> tuple[float, float]:
    """Return ORION's (answered, refused) lead over the strict baseline on these SQuAD rows at a threshold."""
    point = operating_point(scores, rows, threshold)
    base = _baseline_of(rows.answerable, [BASELINE_SAYS[q] for q in rows.qids])
    return point.answered_rate - base.answered_rate, point.refusal_rate - base.refusal_rate


def held_out_leads(scores: Matrix, data: AnswerRows, log: Callable[[str], None]) -> None:
    """Log how the threshold rule transfers: for each SQuAD train article, the threshold whose smaller lead over the
    baseline is largest on the other articles, and ORION's leads on the held-out article at that threshold."""
    squad = ~np.asarray(data.everyday, dtype=bool)
    rows, squad_scores = _subset(data, squad), scores[squad]
    articles = np.asarray(rows.articles)
    thresholds = np.unique(np.round(squad_scores, 3))
    both = 0
    for article in sorted(set(rows.articles)):
        rest, held = articles != article, articles == article
        rest_rows, held_rows = _subset(rows, rest), _subset(rows, held)
        threshold = max(thresholds, key=lambda t: min(_leads(squad_scores[rest], rest_rows, float(t))))
        answered, refused = _leads(squad_scores[held], held_rows, float(threshold))
        both += answered >= 0 and refused >= 0
        log(f"  held out {article}: threshold {threshold:.3f}, answered lead {answered:+.3f}, refused {refused:+.3f}")
    log(f"  held-out articles where ORION leads the baseline both ways: {both} of {len(set(rows.articles))}")


def _beta_objective(scores: Matrix, data: AnswerRows) -> float:
    answerable = np.asarray(data.answerable)
    values = []
    for rate in BETA_ANSWERED_RATES:
        point = operating_point(scores, data, float(np.quantile(scores[answerable], 1 - rate)))
        values.append(point.gold_containment + point.refusal_rate)
    return float(np.mean(values))


def calibrate(
    features: Sequence[str], data: AnswerRows, log: Callable[[str], None]
) -> tuple[float, OperatingPoint, OperatingPoint]:
    """Choose beta and the threshold from out-of-fold answer scores; also return the most accurate threshold."""
    best: tuple[float, float, Matrix] | None = None
    for beta in BETAS:
        scores = out_of_fold_scores(features, data, beta)
        objective = _beta_objective(scores, data)
        log(f"  beta {beta:.2f}: mean(gold containment + refusal) over answered 0.60-0.90 = {objective:.4f}")
        if best is None or objective > best[1] + 1e-9:
            best = (beta, objective, scores)
    assert best is not None
    beta, _, scores = best
    chosen = choose_threshold(scores, data, log)
    held_out_leads(scores, data, log)
    points = [operating_point(scores, data, float(t)) for t in np.unique(np.round(scores, 4))]
    strict = max(points, key=lambda p: (round(p.accuracy, 6), -p.threshold))
    return beta, chosen, strict


def train(log: Callable[[str], None], read_sets: bool = False, scoped: bool = False) -> dict[str, Any]:
    """Fit every part of the model on the train split (and the read sets when asked) and return model.json's content."""
    squad = simulate("train")
    runs = squad + everyday_runs("train")
    if scoped:
        runs += everyday_runs("train", scoped=True)
    if read_sets:
        runs += [run for name in READ_SETS for run in set_runs(EVERYDAY.parent / name)]
    encoder = CachedEncoder()
    reader = CachedReader()
    examples = prepare(runs, encoder, reader=reader)
    global BASELINE, BASELINE_SAYS
    BASELINE_SAYS = baseline_decisions(squad, encoder)
    BASELINE = _baseline_of([r.question.answerable for r in squad], [BASELINE_SAYS[r.question.qid] for r in squad])
    encoder.save()
    log(f"train split: {len(examples)} questions from {len({e.article for e in examples})} articles and documents")
    global REFUSED
    empty = [e for e in examples if not len(e.labels)]
    REFUSED = Refused(
        squad_answerable=sum(e.answerable and not is_everyday(e.article) for e in empty),
        squad_unanswerable=sum(not e.answerable and not is_everyday(e.article) for e in empty),
        everyday_answerable=sum(e.answerable and is_everyday(e.article) for e in empty),
        everyday_unanswerable=sum(not e.answerable and is_everyday(e.article) for e in empty),
    )
    log(f"refused whatever the threshold (no eligible sentence): {REFUSED}")
    lexical_rows, semantic_rows = out_of_fold_rows(examples)
    final = fit_rankers(examples)
    reader.save()
    document: dict[str, Any] = {
        "version": MODEL_VERSION,
        "trained_on": {
            "data": "SQuAD 2.0 dev, first half (../shared/data/squad2_dev_half), and the train split of "
            "evaluation/everyday; simulated ORION retrieval top 8",
            "train_articles": sorted(TRAIN_ARTICLES),
            "questions": len(examples),
        },
        "max_sentence_chars": DEFAULT_MAX_SENTENCE_CHARS,
        "semantic_candidates": SEMANTIC_CANDIDATES,
        "ranker": linear_json(final.ranker),
        "reranker": linear_json(final.reranker),
        "claims": {
            "max_claims": CLAIMS.max_claims,
            "relative_probability": CLAIMS.relative_probability,
            "min_probability": CLAIMS.min_probability,
            "list_max_claims": CLAIMS.list_max_claims,
            "list_relative_probability": CLAIMS.list_relative_probability,
            "list_min_probability": CLAIMS.list_min_probability,
            "list_threshold_factor": CLAIMS.list_threshold_factor,
        },
        "out_of_fold_train": {},
    }
    for name, features, data in (
        ("lexical_answer", ANSWER_FEATURES, lexical_rows),
        ("semantic_answer", (*ANSWER_FEATURES, *SEMANTIC_ANSWER_FEATURES), semantic_rows),
    ):
        log(f"{name}:")
        beta, point, strict = calibrate(features, data, log)
        log(f"  chosen beta {beta}, threshold {point.threshold:.4f}: {point}")
        log(f"  most accurate threshold {strict.threshold:.4f}: {strict}")
        document[name] = answer_json(fit_answer(features, data, beta, point.threshold))
        document[name]["strict_threshold"] = strict.threshold
        document["out_of_fold_train"][name] = {"default": point_json(point), "strict": point_json(strict)}
    return document


def main(argv: list[str] | None = None) -> int:
    """Train and write model.json."""
    global EVERYDAY_WEIGHT
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", type=Path, default=MODEL_PATH)
    parser.add_argument("--with-read-sets", action="store_true", help="also fit on READ_SETS (experiment)")
    parser.add_argument("--scoped", action="store_true", help="also each everyday question of its own document")
    parser.add_argument("--everyday-weight", type=int, default=EVERYDAY_WEIGHT, help="(experiment)")
    args = parser.parse_args(argv)
    EVERYDAY_WEIGHT = args.everyday_weight
    document = train(lambda line: print(line, file=sys.stderr), read_sets=args.with_read_sets, scoped=args.scoped)
    args.output.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
