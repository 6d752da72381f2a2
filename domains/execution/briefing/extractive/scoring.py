"""The trained weights (model.json) and numpy inference: sentence ranking, semantic re-ranking, the answer score.

Every model is a logistic regression exported with its standardisation folded in (raw feature vector · weights +
bias), so inference is one matrix product. The answer score is P(answerable) × P(the quote holds the answer)^beta,
both from the train split; the provider answers when it reaches the threshold. `tools/answers/train.py` writes the
file; nothing here learns.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from domains.execution.briefing.extractive.features import ANSWER_FEATURES, SENTENCE_FEATURES

MODEL_PATH = Path(__file__).resolve().parent / "model.json"
# What the semantic answer model adds to ANSWER_FEATURES, in this order.
SEMANTIC_ANSWER_FEATURES = (
    "top_similarity",
    "max_similarity",
    "top_reader_logit",
    "max_reader_logit",
    "top_rerank_logit",
)
RERANK_FEATURES = ("ranker_logit", "similarity", "reader_logit")

FloatArray = npt.NDArray[np.float64]


class ModelFileError(RuntimeError):
    """model.json is missing, malformed, or was trained on different features than this code computes."""


@dataclass(frozen=True)
class Linear:
    """A logistic regression over a fixed list of features."""

    features: tuple[str, ...]
    weights: FloatArray
    bias: float

    def logits(self, rows: FloatArray) -> FloatArray:
        """Return one logit per row of a (n, len(features)) matrix."""
        return rows @ self.weights + self.bias

    def probability(self, row: Sequence[float]) -> float:
        """Return the probability for one feature vector."""
        return sigmoid(float(np.asarray(row, dtype=np.float64) @ self.weights + self.bias))

    @classmethod
    def from_json(cls, data: dict[str, Any], expected: Sequence[str]) -> Linear:
        """Read a model and refuse it unless it was trained on exactly the expected features."""
        features = tuple(data["features"])
        if features != tuple(expected):
            raise ModelFileError(f"model features {features} do not match the code's {tuple(expected)}")
        weights = np.asarray(data["weights"], dtype=np.float64)
        if weights.shape != (len(features),) or not np.all(np.isfinite(weights)):
            raise ModelFileError("model weights are malformed")
        return cls(features, weights, float(data["bias"]))


@dataclass(frozen=True)
class AnswerModel:
    """P(answerable) and P(quote holds the answer), combined into one score and compared with a threshold."""

    answerable: Linear
    contains: Linear
    beta: float
    threshold: float

    def score(self, row: Sequence[float]) -> float:
        """Return P(answerable) × P(contains)^beta for one answer feature vector."""
        return self.answerable.probability(row) * self.contains.probability(row) ** self.beta


@dataclass(frozen=True)
class ClaimPolicy:
    """When a sentence other than the best one becomes a claim of its own.

    A question that asks for several things ("What are the steps...?", "Which bugs were fixed?") may take up to
    `list_max_claims` claims, each at least `list_relative_probability` of the best one and from the best quote's
    document; any other question takes more than one only when a second sentence is nearly as likely to answer.
    """

    max_claims: int
    relative_probability: float
    min_probability: float
    list_max_claims: int = 4
    list_relative_probability: float = 0.25
    list_min_probability: float = 0.1
    # A list question's best sentence holds only part of the answer, so its score runs lower: its threshold is the
    # calibrated one times this factor (chosen on the everyday train split).
    list_threshold_factor: float = 1.0


@dataclass(frozen=True)
class ExtractiveModel:
    """Everything model.json holds."""

    version: str
    max_sentence_chars: int
    semantic_candidates: int
    ranker: Linear
    lexical_answer: AnswerModel
    reranker: Linear
    semantic_answer: AnswerModel
    claims: ClaimPolicy


def sigmoid(value: float) -> float:
    """Return the logistic function of `value` without overflow."""
    if value >= 0:
        return 1.0 / (1.0 + math.exp(-value))
    exp = math.exp(value)
    return exp / (1.0 + exp)


def _answer_model(data: dict[str, Any], features: Sequence[str]) -> AnswerModel:
    return AnswerModel(
        answerable=Linear.from_json(data["answerable"], features),
        contains=Linear.from_json(data["contains"], features),
        beta=float(data["beta"]),
        threshold=float(data["threshold"]),
    )


def parse_model(data: dict[str, Any]) -> ExtractiveModel:
    """Build the model from the parsed JSON, checking every feature list against the code."""
    try:
        semantic_features = (*ANSWER_FEATURES, *SEMANTIC_ANSWER_FEATURES)
        claims = data["claims"]
        return ExtractiveModel(
            version=str(data["version"]),
            max_sentence_chars=int(data["max_sentence_chars"]),
            semantic_candidates=int(data["semantic_candidates"]),
            ranker=Linear.from_json(data["ranker"], SENTENCE_FEATURES),
            lexical_answer=_answer_model(data["lexical_answer"], ANSWER_FEATURES),
            reranker=Linear.from_json(data["reranker"], RERANK_FEATURES),
            semantic_answer=_answer_model(data["semantic_answer"], semantic_features),
            claims=ClaimPolicy(
                max_claims=int(claims["max_claims"]),
                relative_probability=float(claims["relative_probability"]),
                min_probability=float(claims["min_probability"]),
                list_max_claims=int(claims.get("list_max_claims", 4)),
                list_relative_probability=float(claims.get("list_relative_probability", 0.25)),
                list_min_probability=float(claims.get("list_min_probability", 0.1)),
                list_threshold_factor=float(claims.get("list_threshold_factor", 1.0)),
            ),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelFileError(f"model.json is malformed: {exc!r}") from exc


@cache
def load_model(path: Path = MODEL_PATH) -> ExtractiveModel:
    """Return the shipped model (read once per process)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelFileError(f"cannot read {path}: {exc}") from exc
    return parse_model(data)
