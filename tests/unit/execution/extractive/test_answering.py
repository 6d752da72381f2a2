"""Answering and refusing: the threshold, min_score and the factory."""

from __future__ import annotations

from pathlib import Path

import pytest

from domains.execution.briefing import BriefingConfigurationError, get_briefing_provider
from domains.execution.briefing.extractive import (
    ExtractiveBriefingProvider,
    load_model,
)
from domains.execution.briefing.extractive.provider import LEXICAL_SUFFIX, NO_EVIDENCE_BRIEFING, UNSUPPORTED_BRIEFING
from domains.execution.briefing.prompt_format import EvidenceItem
from packages.config.settings import load_settings
from tests.unit.execution.extractive.helpers import (
    EVIDENCE,
    LIGHTHOUSE,
    assert_verbatim,
    brief,
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("When was the Kessock lighthouse completed?", "The Kessock lighthouse was completed in 1843"),
        ("How many square kilometres does the Aletsch Glacier cover?", "It covers about 81 square kilometres"),
        ("What time does the village bakery open in the morning?", "The village bakery opens at six"),
    ],
)
async def test_a_question_answered_in_the_evidence_is_answered_with_that_sentence(
    lexical: ExtractiveBriefingProvider, question: str, expected: str
) -> None:
    result = await brief(lexical, question)

    assert not result.output.insufficient_evidence
    assert expected in result.output.claims[0].citations[0].quote
    assert_verbatim(result.output, EVIDENCE)


async def test_a_question_about_something_absent_is_refused(lexical: ExtractiveBriefingProvider) -> None:
    result = await brief(lexical, "Which football club won the 1998 European Cup final in Amsterdam?")

    assert result.output.insufficient_evidence
    assert result.output.claims == []
    assert result.output.briefing == UNSUPPORTED_BRIEFING


async def test_empty_evidence_is_insufficient_evidence(lexical: ExtractiveBriefingProvider) -> None:
    result = await brief(lexical, "When was the lighthouse completed?", [])

    assert result.output.insufficient_evidence
    assert result.output.claims == []
    assert result.output.briefing == NO_EVIDENCE_BRIEFING


async def test_a_question_without_content_words_is_refused_even_at_min_score_zero() -> None:
    result = await brief(ExtractiveBriefingProvider(0.0, encoder=None), "What is it?")

    assert result.output.insufficient_evidence


async def test_a_withheld_marker_is_never_quoted_and_the_rest_of_a_labelled_chunk_is() -> None:
    # What a prompt carries for a chunk with one labelled span (run/prompt.py masks it, ADR-0020).
    masked = (
        "The Kessock lighthouse was completed in 1843 by the engineer Alan Stevenson. "
        "[withheld by content safety: output_manipulation] The lighthouse lamp was completed in 1843 too."
    )
    flagged = EvidenceItem("chunk-flagged", "flagged", masked, rank=1, semantic_rank=1, lexical_rank=1)

    result = await brief(
        ExtractiveBriefingProvider(0.0, encoder=None), "When was the Kessock lighthouse completed?", [flagged]
    )

    quotes = [c.quote for claim in result.output.claims for c in claim.citations]
    assert quotes, "the unlabelled sentences of a flagged chunk are evidence"
    assert all("withheld by content safety" not in quote for quote in quotes)
    assert {c.chunk_id for claim in result.output.claims for c in claim.citations} == {"chunk-flagged"}


async def test_evidence_that_is_only_a_withheld_marker_is_insufficient_evidence() -> None:
    marker_only = EvidenceItem(
        "chunk-flagged", "untrusted", "[withheld by content safety: ignore_previous_instructions]"
    )

    result = await brief(
        ExtractiveBriefingProvider(0.0, encoder=None), "When was the lighthouse completed?", [marker_only]
    )

    assert result.output.insufficient_evidence
    assert result.output.claims == []


async def test_the_result_is_a_free_local_generation(lexical: ExtractiveBriefingProvider) -> None:
    result = await brief(lexical, "When was the Kessock lighthouse completed?")

    assert (result.provider, result.input_tokens, result.output_tokens, result.estimated_cost_usd) == (
        "extractive",
        0,
        0,
        0.0,
    )
    assert result.model == lexical.model_name + LEXICAL_SUFFIX
    assert result.latency_ms >= 0


async def test_claims_are_at_most_three_and_the_briefing_is_made_of_them() -> None:
    evidence = [EvidenceItem(f"c{i}", "trusted", LIGHTHOUSE, rank=i + 1) for i in range(6)]

    result = await brief(ExtractiveBriefingProvider(0.0, encoder=None), "When was the lighthouse completed?", evidence)

    claims = result.output.claims
    assert 1 <= len(claims) <= 3
    for claim in claims:
        assert claim.statement == " ".join(claim.citations[0].quote.split())
    assert result.output.briefing == " ".join(claim.statement for claim in claims)


# --- min_score and the calibrated threshold --------------------------------------------------------------------------


async def test_min_score_zero_answers_what_the_calibrated_threshold_refuses() -> None:
    question = "Which football club won the 1998 European Cup final in Amsterdam?"

    assert (await brief(ExtractiveBriefingProvider(encoder=None), question)).output.insufficient_evidence
    assert not (await brief(ExtractiveBriefingProvider(0.0, encoder=None), question)).output.insufficient_evidence


async def test_min_score_one_refuses_even_a_clear_answer() -> None:
    result = await brief(ExtractiveBriefingProvider(1.0, encoder=None), "When was the Kessock lighthouse completed?")

    assert result.output.insufficient_evidence


def test_the_decision_is_the_draft_score_against_the_threshold(lexical: ExtractiveBriefingProvider) -> None:
    draft = lexical.draft("When was the Kessock lighthouse completed?", EVIDENCE)
    model = load_model()

    assert draft.threshold == model.lexical_answer.threshold
    assert lexical.threshold_for(draft) == draft.threshold
    just_above = ExtractiveBriefingProvider(min(1.0, draft.score + 1e-6), encoder=None)
    at_score = ExtractiveBriefingProvider(draft.score, encoder=None)
    assert just_above.briefing_payload("When was the Kessock lighthouse completed?", EVIDENCE)[0][
        "insufficient_evidence"
    ]
    assert not at_score.briefing_payload("When was the Kessock lighthouse completed?", EVIDENCE)[0][
        "insufficient_evidence"
    ]


@pytest.mark.parametrize("value", [-0.01, 1.01, float("nan"), float("inf")])
def test_min_score_outside_zero_to_one_is_a_configuration_error(value: float) -> None:
    with pytest.raises(BriefingConfigurationError, match="ORION_EXTRACTIVE_MIN_SCORE"):
        ExtractiveBriefingProvider(value, encoder=None)


def test_the_factory_builds_the_extractive_provider_with_min_score(tmp_path: Path) -> None:
    settings = load_settings(environment="test", data_dir=tmp_path, llm_provider="extractive", extractive_min_score=0.3)

    provider = get_briefing_provider(settings)

    assert isinstance(provider, ExtractiveBriefingProvider)
    assert provider.min_score == 0.3
    assert provider.provider_name == "extractive"
