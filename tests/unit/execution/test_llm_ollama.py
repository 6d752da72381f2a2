"""OllamaLLMProvider against a local stand-in of Ollama's /api/chat."""

from __future__ import annotations

import json
import time

import pytest

from domains.execution.briefing import (
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRequestRejectedError,
    LLMTimeoutError,
    OllamaLLMProvider,
)
from domains.execution.briefing.output import BriefingOutput
from tests.unit.execution.briefings import (
    CHUNK_PAYROLL,
    SYSTEM_PROMPT,
    evidence_prompt,
    generate_briefing,
    valid_briefing,
)
from tests.unit.execution.standins import OLLAMA_PATH, StandInServer, ollama_chat, ollama_error


def _provider(
    stand_in: StandInServer,
    *,
    timeout_seconds: float = 5.0,
    model: str = "llama3.1:8b",
    context_tokens: int | None = None,
) -> OllamaLLMProvider:
    return OllamaLLMProvider(
        base_url=stand_in.url + "/",
        model=model,
        timeout_seconds=timeout_seconds,
        max_output_tokens=512,
        context_tokens=context_tokens,
    )


async def test_json_content_becomes_a_validated_briefing(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat(json.dumps(valid_briefing())))

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert result.output.claims[0].citations[0].chunk_id == CHUNK_PAYROLL
    assert (result.provider, result.model) == ("ollama", "llama3.1:8b")


async def test_request_is_a_non_streaming_chat_constrained_to_the_schema(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat(json.dumps(valid_briefing())))

    await generate_briefing(_provider(stand_in, model="qwen2.5:7b", context_tokens=16384))

    [request] = stand_in.requests(OLLAMA_PATH)
    body = request.body
    assert body["model"] == "qwen2.5:7b"
    assert body["stream"] is False
    assert body["messages"] == [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": evidence_prompt()},
    ]
    assert body["format"]["required"] == ["briefing", "insufficient_evidence"]
    assert "$defs" not in body["format"]
    assert body["options"] == {"temperature": 0, "num_predict": 512, "num_ctx": 16384}


async def test_token_accounting_comes_from_eval_counts_and_costs_nothing(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat(json.dumps(valid_briefing()), prompt_eval_count=2345, eval_count=321))

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert (result.input_tokens, result.output_tokens) == (2345, 321)
    assert result.estimated_cost_usd == 0.0


async def test_cached_prompt_without_prompt_eval_count_counts_zero_input(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat(json.dumps(valid_briefing()), prompt_eval_count=None, eval_count=77))

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert (result.input_tokens, result.output_tokens) == (0, 77)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"briefing": "Payroll', "not valid JSON"),
        ('{"briefing": "x", "claims": [], "insufficient_evidence": "perhaps"}', "insufficient_evidence"),
        ("", "empty output"),
        # Ollama has no refusal signal: a model that declines in prose instead of JSON is malformed output.
        ("I'm sorry, but I can't help with that.", "not valid JSON"),
    ],
)
async def test_unusable_content_is_malformed(stand_in: StandInServer, content: str, problem: str) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat(content))

    with pytest.raises(LLMMalformedOutputError) as raised:
        await generate_briefing(_provider(stand_in))

    assert problem in raised.value.reason


async def test_output_cut_off_at_num_predict_says_so(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat('{"briefing": "Pay', done_reason="length"))

    with pytest.raises(LLMMalformedOutputError, match="cut off at the token limit"):
        await generate_briefing(_provider(stand_in))


async def test_slow_answer_times_out_at_the_configured_timeout(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_chat(json.dumps(valid_briefing())), delay_seconds=3)
    started = time.perf_counter()

    with pytest.raises(LLMTimeoutError) as raised:
        await generate_briefing(_provider(stand_in, timeout_seconds=0.3))

    assert time.perf_counter() - started < 2.0
    assert raised.value.reason == "provider timeout after 0.3s (ollama)"


@pytest.mark.parametrize(("status", "cause"), [(429, "HTTP 429 rate limited"), (500, "HTTP 500"), (503, "HTTP 503")])
async def test_busy_or_failing_server_is_unavailable(stand_in: StandInServer, status: int, cause: str) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_error("server busy, please try again"), status=status)

    with pytest.raises(LLMProviderUnavailableError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.cause == cause
    assert raised.value.retryable is True


async def test_input_longer_than_the_context_is_a_context_limit(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_error("the input length exceeds the context length"), status=400)

    with pytest.raises(LLMContextLimitError):
        await generate_briefing(_provider(stand_in))


async def test_unknown_model_is_rejected(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, ollama_error("model 'llama3.1:8b' not found, try pulling it first"), status=404)

    with pytest.raises(LLMRequestRejectedError, match="not found, try pulling it first") as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.retryable is False


async def test_non_json_envelope_is_unavailable(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, "<html>bad gateway</html>")

    with pytest.raises(LLMProviderUnavailableError, match="not JSON"):
        await generate_briefing(_provider(stand_in))


async def test_response_without_a_message_is_malformed(stand_in: StandInServer) -> None:
    stand_in.reply(OLLAMA_PATH, {"model": "llama3.1:8b", "done": True})

    with pytest.raises(LLMMalformedOutputError, match="no message content"):
        await generate_briefing(_provider(stand_in))


async def test_unreachable_server_is_unavailable() -> None:
    provider = OllamaLLMProvider(base_url="http://127.0.0.1:9", timeout_seconds=5, max_output_tokens=64)

    with pytest.raises(LLMProviderUnavailableError, match="connection failed"):
        await generate_briefing(provider)
