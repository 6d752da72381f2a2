"""Fit the directive scorer on TRAIN outside dev, choose its threshold on dev, write directive_scorer.npz (ADR-0020).

    .venv/bin/python -m tools.safety.build_scorer            # fit, choose on dev, write the shipped file
    .venv/bin/python -m tools.safety.build_scorer --dry-run  # fit and report, write nothing

Fit set (never a dev or test item):
- positives: the directive-tagged TRAIN attacks outside dev (BIPIA text and code directives, deepset directives), each
  flattened to one line (team-written directive paraphrases were tried as more positives and rejected on dev: they
  raised the highest benign dev score from 3.70 to 4.80 and lowered recall);
- negatives: the sentences, lines and cells of the `fit` part of the benign shapes (corpus.py: train-side documents
  carved by document from dev), of SciFact corpus abstracts (not an evaluation set: the evaluation reads SciFact
  *claims*), the deepset TRAIN benign prompts, the embedded tasks of the TRAIN attacks outside dev (BIPIA's task
  categories, deepset's task-tagged injections) and the team-written fit-only sentences (scorer_benign_fit.txt).
Units are read exactly as the detector reads them (spans.scored_units), so fitting and scoring see the same text.

Threshold: the lowest score that labels no benign dev chunk of any shape (rules and scorer together, as the detector
runs) plus THRESHOLD_MARGIN, so a benign test chunk just above dev's highest is not labelled by a hair. Recall per
placement at that threshold is printed; the full figures come from `make eval-safety-dev`.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

from domains.knowledge.safety.scorer import (
    FEATURE_FLOOR,
    SCORER_PATH,
    DirectiveScorer,
    features,
    features_of_words,
    save_scorer,
    words_of,
)
from domains.knowledge.safety.spans import detect_spans, paragraphs, scored_units
from tools.safety.corpus import SEED, benign_shapes, fit_attacks, obfuscated_attacks, placed_attacks
from tools.safety.data import _body, _jsonl, data_root, load_deepset

FIT_BENIGN = Path(__file__).resolve().parent / "scorer_benign_fit.txt"
SCIFACT_ABSTRACTS = 2000
REGULARIZATION = 1.0  # sklearn's C
MIN_DOCUMENTS = 2  # a feature must occur in two fit texts to get a weight
THRESHOLD_MARGIN = 0.25
# Weights smaller than this are dropped after fitting (160k features -> about 15k: ~0.1 MB on disk, a few MB in
# memory); the threshold is chosen on the pruned model, so what ships is what was chosen.
MIN_WEIGHT = 0.05


@dataclass(frozen=True)
class DevItem:
    kind: str  # benign:<shape>, placed:<source:tag>:<placement>, obfuscated:<source:tag>:<disguise>
    rules: bool  # the rules alone label it
    texts: tuple[tuple[list[str], frozenset[str]], ...]  # the words and features of every text the scorer reads


def _units_of(text: str) -> list[str]:
    return [t for start, end in paragraphs(text) for _, _, texts in scored_units(text[start:end]) for t in texts]


def fit_texts() -> tuple[list[str], list[int]]:
    """Return the fit set's unit texts and labels (1 = directive), in a fixed order."""
    texts: list[str] = []
    labels: list[int] = []

    def add(items: Iterable[str], label: int) -> None:
        for item in items:
            texts.append(item)
            labels.append(label)

    for attack in fit_attacks():
        flat = " ".join(attack.text.split())
        units = _units_of(flat)
        # A directive is one positive text, read whole: its sentences alone ("Wow, that's fantastic!") are not all
        # directives. Dev chose this over adding every sentence as a positive too (0.812 vs 0.810 deepset recall).
        add([flat] if attack.tag == "directive" else units, 1 if attack.tag == "directive" else 0)
    add((u for e in load_deepset("train") if not e.label for u in _units_of(e.text)), 0)
    add((u for texts in benign_shapes("fit").values() for text in texts for u in _units_of(text)), 0)
    add((u for line in _body(FIT_BENIGN).splitlines() if line.strip() for u in _units_of(line)), 0)
    abstracts = [str(row["text"]) for row in _jsonl(data_root() / "beir_scifact" / "corpus.jsonl")]
    random.Random(SEED).shuffle(abstracts)
    add((u for abstract in abstracts[:SCIFACT_ABSTRACTS] for u in _units_of(abstract)), 0)
    return texts, labels


def fit(texts: list[str], labels: list[int], regularization: float = REGULARIZATION) -> DirectiveScorer:
    """Fit the logistic regression on binary features scaled by 1/sqrt(count) (what DirectiveScorer.score does)."""
    found = [features(t) for t in texts]
    counts: dict[str, int] = defaultdict(int)
    for feats in found:
        for feature in feats:
            counts[feature] += 1
    vocabulary = {f: i for i, f in enumerate(sorted(f for f, n in counts.items() if n >= MIN_DOCUMENTS))}
    rows, cols, values = [], [], []
    for row, feats in enumerate(found):
        scale = 1.0 / math.sqrt(max(len(feats), FEATURE_FLOOR))
        for feature in feats:
            if feature in vocabulary:
                rows.append(row)
                cols.append(vocabulary[feature])
                values.append(scale)
    matrix = csr_matrix((values, (rows, cols)), shape=(len(texts), len(vocabulary)))
    model = LogisticRegression(C=regularization, class_weight="balanced", max_iter=5000, solver="liblinear")
    model.fit(matrix, np.array(labels))
    weights = model.coef_[0].astype(np.float32).astype(float)
    kept = {f: float(weights[i]) for f, i in vocabulary.items() if abs(weights[i]) >= MIN_WEIGHT}
    return DirectiveScorer(kept, float(np.float64(model.intercept_[0])), math.inf)


def dev_items() -> list[DevItem]:
    """Return every dev chunk the evaluation reads, with the rules' verdict and the features the scorer reads."""
    items = []

    def item(kind: str, text: str) -> DevItem:
        rules = bool(detect_spans(text, rules_only=True))
        words = [words_of(t) for t in _units_of(text)]
        return DevItem(kind, rules, tuple((w, frozenset(features_of_words(w))) for w in words))

    for shape, texts in benign_shapes("dev").items():
        items += [item(f"benign:{shape}", t) for t in texts]
    for attack, placement, placed in placed_attacks("dev"):
        items.append(item(f"placed:{attack.source}:{attack.tag}:{placement}", placed.text))
    for attack, disguise, placed in obfuscated_attacks("dev"):
        items.append(item(f"obfuscated:{attack.source}:{attack.tag}:{disguise}", placed.text))
    return items


def best_score(scorer: DirectiveScorer, item: DevItem, gated: bool = True) -> float:
    """Return the highest score of any text the scorer reads in a dev item (what labels it), behind the gate."""
    best = -math.inf
    for words, feats in item.texts:
        if feats and (not gated or scorer.opens_gate(words)):
            best = max(best, scorer.score_features(feats))
    return best


def choose_threshold(scorer: DirectiveScorer, items: list[DevItem]) -> float:
    """Return the threshold: just above the best-scoring benign dev chunk the rules leave alone, plus the margin."""
    benign = [best_score(scorer, i) for i in items if i.kind.startswith("benign:") and not i.rules]
    ranked = sorted(benign, reverse=True)[:5]
    print("highest benign dev scores: " + ", ".join(f"{s:.3f}" for s in ranked))
    return float(np.nextafter(ranked[0], math.inf)) + THRESHOLD_MARGIN


def report(scorer: DirectiveScorer, items: list[DevItem], threshold: float) -> dict[str, float]:
    """Print recall per source/tag and placement at `threshold` (rules or scorer), and benign labelled."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for i in items:
        group = i.kind.rsplit(":", 1)[0] if not i.kind.startswith("benign:") else i.kind
        hit = i.rules or best_score(scorer, i) >= threshold
        counts[group][0] += hit
        counts[group][1] += i.rules
        counts[group][2] += 1
    print(f"threshold {threshold:.3f}: labelled (rules or scorer) / rules alone / total")
    out = {}
    for group in sorted(counts):
        labelled, rules, total = counts[group]
        out[group] = labelled / total
        print(f"  {group:44s} {labelled / total:.3f}  (rules {rules / total:.3f}, n={total})")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--regularization", type=float, default=REGULARIZATION)
    args = parser.parse_args(argv)
    texts, labels = fit_texts()
    print(f"fit set: {sum(labels)} directive texts, {len(labels) - sum(labels)} ordinary texts")
    scorer = fit(texts, labels, args.regularization)
    print(f"{len(scorer.weights)} weighted features, bias {scorer.bias:.3f}")
    items = dev_items()
    threshold = choose_threshold(scorer, items)
    report(scorer, items, threshold)
    if not args.dry_run:
        save_scorer(DirectiveScorer(scorer.weights, scorer.bias, threshold))
        print(f"wrote {SCORER_PATH} ({SCORER_PATH.stat().st_size / 1e6:.2f} MB)")
    print(json.dumps({"threshold": threshold, "features": len(scorer.weights)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
