"""Live model-provider checks against the real Anthropic API and a real local Ollama.

Each test skips itself LOUDLY (a warning plus a skip reason) when its service is absent: no ORION_ANTHROPIC_API_KEY,
or no Ollama answering at ORION_OLLAMA_BASE_URL with the model pulled. A live Anthropic run costs about a tenth of a
cent.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import NoReturn

import httpx
import pytest

from domains.execution.briefing import (
    DEFAULT_OLLAMA_MODEL,
    AnthropicLLMProvider,
    LLMRequestRejectedError,
    OllamaLLMProvider,
    get_briefing_provider,
    parse_evidence_blocks,
    render_evidence_block,
)
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import EVIDENCE_FORMAT_NOTE
from packages.config.settings import Settings
from tests.conftest import make_test_settings

SYSTEM = (
    "You write evidence briefings. Answer the question only from the evidence. Every claim cites the evidence "
    "block it comes from and quotes it word for word. If the evidence does not answer the question, set "
    "insufficient_evidence to true and make no claims. " + EVIDENCE_FORMAT_NOTE
)
EVIDENCE = (
    ("3f6c1a52-7d0e-4b8e-9a51-2c7f0b9d1e01", "trusted", "Payroll records are kept for seven years after the tax year."),
    ("9b2d4e71-0c3a-4f5b-8d6e-1a2b3c4d5e6f", "trusted", "Annual leave requests need two weeks' notice."),
)
USER = "Question: How long are payroll records kept?\n\n" + "\n\n".join(
    render_evidence_block(chunk_id, trust, text) for chunk_id, trust, text in EVIDENCE
)


def _skip_loudly(reason: str) -> NoReturn:
    message = f"LIVE LLM TEST NOT RUN: {reason}"
    warnings.warn(message, stacklevel=2)
    pytest.skip(message)


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def _assert_grounded(output: BriefingOutput) -> None:
    chunks = {block.chunk_id: block.text for block in parse_evidence_blocks(USER)}
    for claim in output.claims:
        for citation in claim.citations:
            assert citation.chunk_id in chunks, f"cited a chunk the prompt never had: {citation.chunk_id}"
            assert _normalise(citation.quote) in _normalise(chunks[citation.chunk_id]), citation.quote


@pytest.fixture
def anthropic_settings(tmp_path: Path) -> Settings:
    if not os.environ.get("ORION_ANTHROPIC_API_KEY", "").strip():
        _skip_loudly("ORION_ANTHROPIC_API_KEY is not set")
    settings: Settings = make_test_settings(tmp_path, llm_provider="anthropic", llm_timeout_seconds=60)
    return settings


@pytest.fixture
def ollama_provider(tmp_path: Path) -> OllamaLLMProvider:
    settings: Settings = make_test_settings(tmp_path, llm_provider="ollama", llm_timeout_seconds=300)
    model = settings.llm_model or DEFAULT_OLLAMA_MODEL
    try:
        tags = httpx.get(settings.ollama_base_url.rstrip("/") + "/api/tags", timeout=2).json()
    except (httpx.HTTPError, ValueError):
        _skip_loudly(f"no Ollama server answers at {settings.ollama_base_url}")
    names = {entry.get("name") for entry in tags.get("models", [])}
    if model not in names and f"{model}:latest" not in names:
        _skip_loudly(f"Ollama model {model!r} is not pulled (run `ollama pull {model}`)")
    provider = get_briefing_provider(settings)
    assert isinstance(provider, OllamaLLMProvider)
    return provider


async def test_anthropic_answers_with_a_grounded_briefing(anthropic_settings: Settings) -> None:
    provider = get_briefing_provider(anthropic_settings)
    assert isinstance(provider, AnthropicLLMProvider)

    result = await provider.generate_structured(system=SYSTEM, user=USER, schema=BriefingOutput)

    assert result.provider == "anthropic"
    assert result.input_tokens > 0 and result.output_tokens > 0
    assert result.estimated_cost_usd > 0
    assert result.output.insufficient_evidence is False
    assert result.output.claims, "the evidence answers the question, so the briefing should make a claim"
    _assert_grounded(result.output)


async def test_anthropic_unknown_model_is_rejected(anthropic_settings: Settings) -> None:
    provider = get_briefing_provider(anthropic_settings.model_copy(update={"llm_model": "claude-no-such-model"}))

    with pytest.raises(LLMRequestRejectedError):
        await provider.generate_structured(system=SYSTEM, user=USER, schema=BriefingOutput)


async def test_ollama_answers_with_a_valid_briefing(ollama_provider: OllamaLLMProvider) -> None:
    result = await ollama_provider.generate_structured(system=SYSTEM, user=USER, schema=BriefingOutput)

    assert isinstance(result.output, BriefingOutput)
    assert result.output_tokens > 0
    assert result.estimated_cost_usd == 0.0
