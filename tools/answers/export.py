"""How tools/answers/train.py writes model.json: weights rounded to 8 significant digits, plain JSON."""

from __future__ import annotations

from typing import Any

from domains.execution.briefing.extractive.scoring import AnswerModel, Linear


def rounded(value: float) -> float:
    return float(f"{value:.8g}")


def linear_json(model: Linear) -> dict[str, Any]:
    return {
        "features": list(model.features),
        "weights": [rounded(w) for w in model.weights],
        "bias": rounded(model.bias),
    }


def answer_json(model: AnswerModel) -> dict[str, Any]:
    return {
        "answerable": linear_json(model.answerable),
        "contains": linear_json(model.contains),
        "beta": model.beta,
        "threshold": rounded(model.threshold),
    }


def point_json(point: Any) -> dict[str, float]:
    return {name: round(value, 4) for name, value in point.__dict__.items()}
