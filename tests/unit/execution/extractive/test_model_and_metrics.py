"""The model file, and the evaluation metrics the provider is judged by."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domains.evaluation.answers import QuestionOutcome, quotes_contain_gold, summarize, verification_failure
from domains.execution.briefing.extractive import (
    ModelFileError,
    load_model,
)
from domains.execution.briefing.extractive.scoring import parse_model
from domains.execution.briefing.output import BriefingOutput


def test_the_shipped_model_matches_the_code_features() -> None:
    model = load_model()

    assert model.version
    assert 0 < model.lexical_answer.threshold < 1
    assert 0 < model.semantic_answer.threshold < 1
    assert model.claims.max_claims == 2
    assert model.claims.list_max_claims == 4


def test_a_model_trained_on_other_features_is_refused() -> None:
    path = Path(__file__).resolve().parents[4] / "domains" / "execution" / "briefing" / "extractive" / "model.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ranker"]["features"] = data["ranker"]["features"][:-1]

    with pytest.raises(ModelFileError):
        parse_model(data)


# --- the evaluation metrics the provider is judged by (domains/evaluation/answers.py) ---------------------------------


def _briefing(chunk_id: str, quote: str) -> BriefingOutput:
    return BriefingOutput.model_validate(
        {
            "briefing": quote,
            "claims": [{"statement": quote, "citations": [{"chunk_id": chunk_id, "quote": quote}]}],
            "insufficient_evidence": False,
        }
    )


def test_metrics_verification_mirrors_the_verifier() -> None:
    chunks = {"c1": "The lighthouse was\ncompleted in 1843."}

    assert verification_failure(_briefing("c1", "the LIGHTHOUSE was completed"), chunks) is None
    assert "not in this run's evidence" in (verification_failure(_briefing("c9", "The lighthouse"), chunks) or "")
    assert "not in chunk" in (verification_failure(_briefing("c1", "The lighthouse was built"), chunks) or "")


def test_metrics_summarize_the_three_rates() -> None:
    outcomes = [
        QuestionOutcome(answerable=True, answered=True, contains_gold=True, verified=True, latency_ms=10.0),
        QuestionOutcome(answerable=True, answered=True, contains_gold=False, verified=True, latency_ms=30.0),
        QuestionOutcome(answerable=True, answered=False, contains_gold=False, verified=True, latency_ms=20.0),
        QuestionOutcome(answerable=False, answered=False, contains_gold=False, verified=True, latency_ms=40.0),
        QuestionOutcome(answerable=False, answered=True, contains_gold=False, verified=False, latency_ms=50.0),
    ]

    summary = summarize(outcomes)

    assert summary["answered_rate"] == round(2 / 3, 4)
    assert summary["gold_containment"] == 0.5
    assert summary["refusal_rate"] == 0.5
    assert summary["failed_verifications"] == 1
    assert summary["median_latency_ms"] == 30.0


def test_gold_containment_is_a_case_insensitive_substring_of_any_quote() -> None:
    assert quotes_contain_gold(["It opened in  1843 AD."], ["1843 ad", "1844"])
    assert not quotes_contain_gold(["It opened in 1843."], ["1844"])
    assert not quotes_contain_gold(["It opened in 1843."], [])
