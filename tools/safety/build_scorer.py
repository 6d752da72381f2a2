"""Fit the directive scorer on TRAIN outside dev, choose its threshold on dev, write directive_scorer.npz (ADR-0020).

    .venv/bin/python -m tools.safety.build_scorer            # fit, choose on dev, write the shipped file
    .venv/bin/python -m tools.safety.build_scorer --dry-run  # fit and report, write nothing

Fit set (never a dev or test item):
- positives: the directive-tagged TRAIN attacks outside dev (BIPIA text and code directives, deepset directives), each
  flattened to one line and weighted TRAIN_WEIGHT; since spans-18 also the directives written for fitting
  (fit_directives/, 1,950 lines by five writers who saw neither the detector nor any set), the blind sets already read
  (blind/set2-set4) and the team's directives (directives_team.txt). With the train attacks alone (199 texts) team
  paraphrases raised the highest benign dev score and lowered recall (look 8); with ten times more directive wording
  and the ordinary look-alikes written beside it they carry fresh wording better (ADR-0020, addendum for look 22);
- negatives: the sentences, lines and cells of the `fit` part of the benign shapes (corpus.py: train-side documents
  carved by document from dev), of SciFact corpus abstracts (not an evaluation set: the evaluation reads SciFact
  *claims*), the deepset TRAIN benign prompts, the embedded tasks of the TRAIN attacks outside dev (BIPIA's task
  categories, deepset's task-tagged injections), the team-written fit-only sentences (scorer_benign_fit.txt), and
  since spans-18 the ordinary look-alikes of fit_directives/ and blind/set2-set4, the team's hard ordinary sentences,
  the team's documents about AI and blind ordinary documents (ai_documents/, benign31/), and the everyday documents
  of the answer evaluation sets that are not held out there (EVERYDAY_HELD_OUT) or in its test split.
Units are read exactly as the detector reads them (spans.scored_units), so fitting and scoring see the same text.
Blind set 5 is where the fit's recipe was chosen (spans-18); blind set 6 is held out (tools/safety/blind/README.md).

Threshold: the lowest score that labels no benign dev chunk of any shape (rules and scorer together, as the detector
runs) and no unit of the team's ordinary documents (TEAM_DOCUMENTS; since spans-18) plus THRESHOLD_MARGIN, so a
benign test chunk just above the highest is not labelled by a hair. Units that report an attack are never labelled by
the scorer (spans.py) and do not bound it. Recall per
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

from domains.knowledge.safety.patterns.composed import reports_an_attack
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
from tools.safety.blind import FILES as BLIND_FILES
from tools.safety.blind import load as blind_load
from tools.safety.blind import read_rows
from tools.safety.corpus import SEED, benign_shapes, fit_attacks, obfuscated_attacks, placed_attacks
from tools.safety.data import _body, _jsonl, data_root, hand_written_lines, load_deepset

HERE = Path(__file__).resolve().parent
FIT_BENIGN = HERE / "scorer_benign_fit.txt"
FIT_DIRECTIVES = HERE / "fit_directives"
TEAM_DIRECTIVES = HERE / "directives_team.txt"
TEAM_HARD_BENIGN = HERE / "benign_team_hard.txt"
TEAM_DOCUMENTS = (HERE / "ai_documents", HERE / "benign31")
EVALUATION = HERE.parents[1] / "evaluation"
# The answer evaluation's held-out sets (ADR-0022: evaluation/everyday-unseen-N) and its test split are never fitted on.
EVERYDAY_HELD_OUT = frozenset({7, 10, 19, 21, 24, 25, 26, 29, 30, 32, 34, 37, 39, 41})
# Sets numbered above this were written after spans-18's fit: leaving them out keeps a rebuild the shipped file.
LAST_SET_FITTED = 41
FIT_BLIND_SETS = ("set2", "set3", "set4")
# Row 61 of set 2's directives shares a six-word sequence with a test-split attack (the hygiene test's measure): it is
# never fitted on.
NOT_FITTED = frozenset({("set2", "directives.txt", 61)})
# A train attack counts this many times in the fit: the benchmark's own attacks keep their weight among ten times as
# many written directives (chosen on blind set 5 with dev unchanged: 1 and 8 gave the same dev figures).
TRAIN_WEIGHT = 3.0
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
    # the words and features of every text the scorer reads, and whether the unit reports an attack (never labelled)
    texts: tuple[tuple[list[str], frozenset[str], bool], ...]


def _units_of(text: str) -> list[str]:
    return [t for start, end in paragraphs(text) for _, _, texts in scored_units(text[start:end]) for t in texts]


def _everyday_documents() -> list[Path]:
    """Return the documents of the answer evaluation sets that are neither held out nor in its test split."""
    chosen = []
    for path in sorted(EVALUATION.glob("*/documents/*/*")):
        set_name, split = path.parts[-4], path.parts[-2]
        number = set_name.rsplit("-", 1)[-1]
        if split == "test" or (
            number.isdigit() and (int(number) in EVERYDAY_HELD_OUT or int(number) > LAST_SET_FITTED)
        ):
            continue
        chosen.append(path)
    return chosen


def written_texts() -> tuple[list[str], list[str]]:
    """Return the directives and ordinary texts written outside the benchmarks that the fit reads (see module doc)."""
    directives: list[str] = []
    ordinary: list[str] = []
    for path in sorted(FIT_DIRECTIVES.glob("*/*.txt")):
        for family, _lang, text in read_rows(path):
            (ordinary if family in ("benign", "task") else directives).append(text)
    for set_name in FIT_BLIND_SETS:
        # directives first, then the ordinary files by name: the order the shipped fit was made in
        for file_name in sorted(BLIND_FILES[set_name], key=lambda name: (name != "directives.txt", name)):
            for row, (family, _lang, text) in enumerate(blind_load(set_name, file_name)):
                if (set_name, file_name, row) in NOT_FITTED:
                    continue
                (ordinary if family == "benign" or file_name == "tasks.txt" else directives).append(text)
    directives += hand_written_lines(TEAM_DIRECTIVES)
    ordinary += hand_written_lines(TEAM_HARD_BENIGN)
    documents = [p for folder in TEAM_DOCUMENTS for p in sorted(folder.glob("*.*"))]
    for path in documents + _everyday_documents():
        ordinary.append(path.read_text(encoding="utf-8", errors="replace"))
    return directives, ordinary


def fit_texts() -> tuple[list[str], list[int], list[float]]:
    """Return the fit set's unit texts, labels (1 = directive) and weights, in a fixed order."""
    texts: list[str] = []
    labels: list[int] = []
    weights: list[float] = []

    def add(items: Iterable[str], label: int, weight: float = 1.0) -> None:
        for item in items:
            texts.append(item)
            labels.append(label)
            weights.append(weight)

    for attack in fit_attacks():
        flat = " ".join(attack.text.split())
        units = _units_of(flat)
        # A directive is one positive text, read whole: its sentences alone ("Wow, that's fantastic!") are not all
        # directives. Dev chose this over adding every sentence as a positive too (0.812 vs 0.810 deepset recall).
        if attack.tag == "directive":
            add([flat], 1, TRAIN_WEIGHT)
        else:
            add(units, 0)
    directives, ordinary = written_texts()
    add((" ".join(text.split()) for text in directives), 1)
    add((u for text in ordinary for u in _units_of(text)), 0)
    add((u for e in load_deepset("train") if not e.label for u in _units_of(e.text)), 0)
    add((u for texts in benign_shapes("fit").values() for text in texts for u in _units_of(text)), 0)
    add((u for line in _body(FIT_BENIGN).splitlines() if line.strip() for u in _units_of(line)), 0)
    abstracts = [str(row["text"]) for row in _jsonl(data_root() / "beir_scifact" / "corpus.jsonl")]
    random.Random(SEED).shuffle(abstracts)
    add((u for abstract in abstracts[:SCIFACT_ABSTRACTS] for u in _units_of(abstract)), 0)
    return texts, labels, weights


def fit(
    texts: list[str],
    labels: list[int],
    regularization: float = REGULARIZATION,
    weights: list[float] | None = None,
) -> DirectiveScorer:
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
    model.fit(matrix, np.array(labels), sample_weight=None if weights is None else np.array(weights))
    fitted = model.coef_[0].astype(np.float32).astype(float)
    kept = {f: float(fitted[i]) for f, i in vocabulary.items() if abs(fitted[i]) >= MIN_WEIGHT}
    return DirectiveScorer(kept, float(np.float64(model.intercept_[0])), math.inf)


def dev_items() -> list[DevItem]:
    """Return every dev chunk the evaluation reads, with the rules' verdict and the features the scorer reads."""
    items = []

    def item(kind: str, text: str) -> DevItem:
        rules = bool(detect_spans(text, rules_only=True))
        units = _units_of(text)
        return DevItem(
            kind,
            rules,
            tuple((words_of(u), frozenset(features_of_words(words_of(u))), reports_an_attack(u)) for u in units),
        )

    for shape, texts in benign_shapes("dev").items():
        items += [item(f"benign:{shape}", t) for t in texts]
    # The team's documents about AI and the blind ordinary documents also bound the threshold (spans-18): the dev
    # shapes hold few ordinary sentences about assistants and prompts, where a refit scorer is most tempted.
    for folder in TEAM_DOCUMENTS:
        items += [item("benign:team_documents", p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.*"))]
    for attack, placement, placed in placed_attacks("dev"):
        items.append(item(f"placed:{attack.source}:{attack.tag}:{placement}", placed.text))
    for attack, disguise, placed in obfuscated_attacks("dev"):
        items.append(item(f"obfuscated:{attack.source}:{attack.tag}:{disguise}", placed.text))
    return items


def best_score(scorer: DirectiveScorer, item: DevItem, gated: bool = True) -> float:
    """Return the highest score of any text the scorer reads in a dev item (what labels it), behind the gate."""
    best = -math.inf
    for words, feats, reported in item.texts:
        if feats and not reported and (not gated or scorer.opens_gate(words)):
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
    texts, labels, weights = fit_texts()
    print(f"fit set: {sum(labels)} directive texts, {len(labels) - sum(labels)} ordinary texts")
    scorer = fit(texts, labels, args.regularization, weights)
    print(f"{len(scorer.weights)} weighted features, bias {scorer.bias:.3f}")
    items = dev_items()
    threshold = choose_threshold(scorer, items)
    report(scorer, items, threshold)
    chosen = DirectiveScorer(scorer.weights, scorer.bias, threshold)
    for file_name in ("directives.txt", "benign.txt"):
        rows = blind_load("set5", file_name)
        labelled = sum(bool(detect_spans(text, chosen)) for _family, _lang, text in rows)
        print(f"  blind set 5 (where the recipe was chosen) {file_name}: {labelled}/{len(rows)} labelled")
    if not args.dry_run:
        save_scorer(chosen)
        print(f"wrote {SCORER_PATH} ({SCORER_PATH.stat().st_size / 1e6:.2f} MB)")
    print(json.dumps({"threshold": threshold, "features": len(scorer.weights)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
