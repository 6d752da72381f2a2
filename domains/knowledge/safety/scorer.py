"""A learned directive scorer for one sentence, line or table cell: logistic regression over word and character n-grams.

The rules (patterns/) read a directive's grammar and hold at every placement, but they only know the forms they were
written for; short, multilingual injections come in more wordings, and more languages, than rules can list. The
scorer is the second reader: a unit is labelled when the rules fire on it OR its score reaches the threshold
(spans.py). It was fitted on the TRAIN splits outside dev, with ordinary sentences of every shape as negatives
(embedded tasks and questions among them), and its threshold was chosen on dev so that no benign dev chunk is
labelled (ADR-0020, look 7). `tools/safety/build_scorer.py` rebuilds `directive_scorer.npz` (fixed seed).

Features of a unit (lower-cased, look-alike letters folded): its words, adjacent word pairs and the 4-character
grams of its words joined by single spaces. Each feature counts once; the sum of their weights is divided by the
square root of the number of distinct features (so a long paragraph does not win by length; at least FEATURE_FLOOR,
so a one-word unit does not win by brevity), plus the bias.
"""

from __future__ import annotations

import math
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Final

import numpy as np

SCORER_PATH: Final = Path(__file__).with_name("directive_scorer.npz")
CHAR_GRAM: Final = 4
# A unit longer than this is scored on its first MAX_UNIT characters: a directive is short, and the cap bounds the
# cost of a long line without sentence ends (a table dump, a minified script).
MAX_UNIT: Final = 600
# The weight sum is divided by sqrt(max(features, FEATURE_FLOOR)): a one-word unit ("You") must not score as high as
# a whole sentence made of directive features.
FEATURE_FLOOR: Final = 40
# A unit is scored in full only when the weights of its distinct words alone sum to GATE_WORD_SUM: most ordinary
# sentences do not, and scoring every unit in full costs about three times the rules. Chosen on dev: every dev chunk the
# ungated scorer labels holds a unit whose word sum is at least 8.0; the gate is half that, and skips about 19 units
# in 20 of ordinary prose.
GATE_WORD_SUM: Final = 4.0
_WORD = re.compile(r"\w+")  # markup (#, -, |, <!-- -->) is never part of a word


def words_of(text: str) -> list[str]:
    """Return the lower-cased words of one unit (its first MAX_UNIT characters)."""
    return _WORD.findall(text[:MAX_UNIT].lower())


def features(text: str) -> set[str]:
    """Return the features of one unit: words, word pairs and 4-character grams of the words joined by spaces."""
    return features_of_words(words_of(text))


def features_of_words(words: list[str]) -> set[str]:
    """Return the features of a unit from its words (see features)."""
    joined = f" {' '.join(words)} "
    # zip over shifted copies builds the grams at C speed (a slice per position is twice as slow).
    grams = map("".join, zip(*(joined[shift:] for shift in range(CHAR_GRAM)), strict=False))
    return {*words, *map(" ".join, pairwise(words)), *grams}


@dataclass(frozen=True)
class DirectiveScorer:
    """Weights of the fitted model (features whose weight survived pruning), a bias and the threshold chosen on dev."""

    weights: dict[str, float]
    bias: float
    threshold: float
    known: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Intersecting with a frozenset runs in C over the unit's features; most features carry no weight.
        object.__setattr__(self, "known", frozenset(self.weights))

    def score(self, text: str) -> float:
        """Return the model's log-odds that `text` is a directive to the model (ungated)."""
        return self.score_features(features(text))

    def score_features(self, found: AbstractSet[str]) -> float:
        """Return the log-odds of a unit given its features."""
        if not found:
            return self.bias
        total = sum(map(self.weights.__getitem__, found & self.known))
        return self.bias + total / math.sqrt(max(len(found), FEATURE_FLOOR))

    def opens_gate(self, words: list[str]) -> bool:
        """Return whether a unit with these words is scored at all (its distinct words weigh GATE_WORD_SUM)."""
        return sum(filter(None, map(self.weights.get, set(words)))) >= GATE_WORD_SUM

    def is_directive(self, text: str) -> bool:
        """Return whether `text` opens the gate and scores at or above the threshold chosen on dev."""
        words = words_of(text)
        return self.opens_gate(words) and self.score_features(features_of_words(words)) >= self.threshold


def load_scorer(path: Path = SCORER_PATH) -> DirectiveScorer:
    """Return the scorer stored at `path` (vocabulary as newline-joined UTF-8, weights, bias, threshold)."""
    with np.load(path) as stored:
        vocabulary = bytes(stored["vocabulary"]).decode("utf-8").split("\n")
        weights = stored["weights"].astype(float).tolist()
        bias, threshold = float(stored["bias"]), float(stored["threshold"])
    if len(vocabulary) != len(weights):
        raise ValueError(f"{path}: {len(vocabulary)} features but {len(weights)} weights")
    return DirectiveScorer(dict(zip(vocabulary, weights, strict=True)), bias, threshold)


def save_scorer(scorer: DirectiveScorer, path: Path = SCORER_PATH) -> None:
    """Write `scorer` in the format load_scorer reads (features sorted, so two builds compare array for array)."""
    vocabulary = sorted(scorer.weights)
    if any("\n" in feature for feature in vocabulary):
        raise ValueError("a feature holds a newline")
    np.savez_compressed(
        path,
        vocabulary=np.frombuffer("\n".join(vocabulary).encode("utf-8"), dtype=np.uint8),
        weights=np.array([scorer.weights[f] for f in vocabulary], dtype=np.float32),
        bias=np.float64(scorer.bias),
        threshold=np.float64(scorer.threshold),
    )


@cache
def directive_scorer() -> DirectiveScorer:
    """Return the shipped scorer, loaded once per process."""
    return load_scorer()
