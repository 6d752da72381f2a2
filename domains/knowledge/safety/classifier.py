"""Content-safety labels of ingested chunks: the patterns of rules.py and the model of model.py, combined.

A HIGH pattern or a model score at or above the untrusted threshold gives `untrusted`; a MEDIUM pattern or a score
at or above the flag threshold gives `flagged`. The thresholds ship inside the weights file (tools/safety/train.py).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from domains.knowledge.safety.model import DEFAULT_WEIGHTS, InjectionModel
from domains.knowledge.safety.rules import MODEL_PREFIX, ContentClassification, Severity, TrustLabel, pattern_hits

logger = logging.getLogger(__name__)


class _ModelHolder:
    """Loads the weights once, on first use, from any thread."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._loaded = False
        self._model: InjectionModel | None = None

    def get(self) -> InjectionModel | None:
        if not self._loaded:
            with self._lock:
                if not self._loaded:
                    try:
                        self._model = InjectionModel.load(self._path)
                    except FileNotFoundError:
                        # Patterns still run; a missing asset must not stop ingestion, but it must be visible.
                        logger.error("content-safety model weights missing at %s; patterns only", self._path)
                    self._loaded = True
        return self._model


_MODEL = _ModelHolder(DEFAULT_WEIGHTS)


def injection_model() -> InjectionModel | None:
    """Return the shipped model, loading it on first use (None when the weights file is missing)."""
    return _MODEL.get()


# --- Public API ------------------------------------------------------------------------------------------------


def classify_content(text: str) -> ContentClassification:
    """Classify one chunk of ingested text."""
    return classify_many([text])[0]


def classify_many(texts: list[str]) -> list[ContentClassification]:
    """Classify a batch of chunks; the model runs once, vectorised, over the whole batch."""
    if not texts:
        return []
    model = injection_model()
    if model is None:
        scores = [0.0] * len(texts)
        flag_at = untrusted_at = float("inf")
    else:
        prompt, planted = model.chunk_probabilities(texts)
        scores = [float(max(a, b)) for a, b in zip(prompt, planted, strict=True)]
        flag_at, untrusted_at = model.flag_threshold, model.untrusted_threshold
    return [_label(pattern_hits(text), score, flag_at, untrusted_at) for text, score in zip(texts, scores, strict=True)]


def _label(hits: dict[str, Severity], score: float, flag_at: float, untrusted_at: float) -> ContentClassification:
    matched = sorted(hits)
    if score >= flag_at:
        matched.append(f"{MODEL_PREFIX}{score:.2f}")
    label: TrustLabel = "trusted"
    if "high" in hits.values() or score >= untrusted_at:
        label = "untrusted"
    elif hits or score >= flag_at:
        label = "flagged"
    return ContentClassification(trust_label=label, matched_patterns=matched, score=score)
