"""AnthropicLLMProvider through the real anthropic SDK, against a local stand-in of the Messages API."""

from __future__ import annotations

import time

import pytest

from domains.execution.briefing import (
    AnthropicLLMProvider,
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMRequestRejectedError,
    LLMTimeoutError,
)
from domains.execution.briefing.anthropic import OUTPUT_TOOL_NAME
from domains.execution.briefing.output import BriefingOutput
from tests.unit.execution.briefings import (
    CHUNK_PAYROLL,
    SYSTEM_PROMPT,
    evidence_prompt,
    generate_briefing,
    valid_briefing,
)
from tests.unit.execution.standins import ANTHROPIC_PATH, StandInServer, anthropic_error, anthropic_message

API_KEY = "sk-ant-stand-in-key"


def _provider(stand_in: StandInServer, *, timeout_seconds: float = 5.0) -> AnthropicLLMProvider:
    return AnthropicLLMProvider(
        api_key=API_KEY, base_url=stand_in.url, timeout_seconds=timeout_seconds, max_output_tokens=1024
    )


async def test_valid_tool_call_becomes_a_validated_briefing(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input=valid_briefing()))

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert isinstance(result.output, BriefingOutput)
    assert result.output.claims[0].citations[0].chunk_id == CHUNK_PAYROLL
    assert (result.provider, result.model) == ("anthropic", "claude-haiku-4-5-20251001")
    assert result.latency_ms > 0


async def test_request_forces_one_tool_whose_schema_is_the_output_schema(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input=valid_briefing()))

    await generate_briefing(_provider(stand_in))

    [request] = stand_in.requests(ANTHROPIC_PATH)
    body = request.body
    # Older SDK releases send the key as x-api-key, newer ones as a bearer token; either carries it.
    assert API_KEY in (
        request.headers.get("x-api-key"),
        request.headers.get("authorization", "").removeprefix("Bearer "),
    )
    assert "anthropic-version" in request.headers
    assert body["model"] == "claude-haiku-4-5"
    assert body["max_tokens"] == 1024
    assert body["system"] == SYSTEM_PROMPT
    assert body["messages"] == [{"role": "user", "content": evidence_prompt()}]
    [tool] = body["tools"]
    assert tool["name"] == OUTPUT_TOOL_NAME
    assert body["tool_choice"] == {"type": "tool", "name": OUTPUT_TOOL_NAME}
    schema = tool["input_schema"]
    assert set(schema["properties"]) == {"briefing", "claims", "insufficient_evidence", "unanswered_parts"}
    assert "$defs" not in schema and "$ref" not in str(schema)


async def test_token_accounting_and_cost_come_from_usage(stand_in: StandInServer) -> None:
    stand_in.reply(
        ANTHROPIC_PATH, anthropic_message(tool_input=valid_briefing(), input_tokens=200_000, output_tokens=10_000)
    )

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert (result.input_tokens, result.output_tokens) == (200_000, 10_000)
    # claude-haiku-4-5 lists at $1 / $5 per million tokens: 0.2 + 0.05.
    assert result.estimated_cost_usd == pytest.approx(0.25)


async def test_tool_input_that_breaks_the_schema_is_malformed(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input={"briefing": "x", "claims": "none"}))

    with pytest.raises(LLMMalformedOutputError) as raised:
        await generate_briefing(_provider(stand_in))

    assert "does not match BriefingOutput" in raised.value.reason
    assert "none" in str(raised.value)  # the excerpt of what the model sent is in the message


async def test_answer_without_the_tool_call_is_malformed(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input=None, stop_reason="end_turn", text="Seven years."))

    with pytest.raises(LLMMalformedOutputError, match="no record_answer tool call"):
        await generate_briefing(_provider(stand_in))


async def test_output_cut_off_at_max_tokens_says_so(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input={"briefing": "Pay"}, stop_reason="max_tokens"))

    with pytest.raises(LLMMalformedOutputError, match="cut off at the token limit"):
        await generate_briefing(_provider(stand_in))


async def test_refusal_stop_reason_is_a_refusal(stand_in: StandInServer) -> None:
    stand_in.reply(
        ANTHROPIC_PATH,
        anthropic_message(
            tool_input=None, stop_reason="refusal", stop_details={"type": "refusal", "category": "cyber"}
        ),
    )

    with pytest.raises(LLMRefusalError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.reason == "model refused to answer (anthropic)"
    assert "cyber" in str(raised.value)


async def test_slow_answer_times_out_at_the_configured_timeout(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input=valid_briefing()), delay_seconds=3)
    started = time.perf_counter()

    with pytest.raises(LLMTimeoutError) as raised:
        await generate_briefing(_provider(stand_in, timeout_seconds=0.3))

    assert time.perf_counter() - started < 2.0
    assert raised.value.reason == "provider timeout after 0.3s (anthropic)"


async def test_rate_limit_is_unavailable_and_not_retried_by_the_sdk(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_error("rate_limit_error", "Number of requests exceeded"), status=429)
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input=valid_briefing()))

    with pytest.raises(LLMProviderUnavailableError) as raised:
        await generate_briefing(_provider(stand_in))

    assert "429" in raised.value.reason
    assert len(stand_in.requests(ANTHROPIC_PATH)) == 1


@pytest.mark.parametrize(("status", "error_type"), [(500, "api_error"), (529, "overloaded_error")])
async def test_server_errors_are_unavailable(stand_in: StandInServer, status: int, error_type: str) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_error(error_type, "Internal server error"), status=status)

    with pytest.raises(LLMProviderUnavailableError) as raised:
        await generate_briefing(_provider(stand_in))

    assert f"HTTP {status}" in raised.value.reason
    assert len(stand_in.requests(ANTHROPIC_PATH)) == 1


async def test_prompt_too_long_is_a_context_limit(stand_in: StandInServer) -> None:
    stand_in.reply(
        ANTHROPIC_PATH,
        anthropic_error("invalid_request_error", "prompt is too long: 215000 tokens > 200000 maximum"),
        status=400,
    )

    with pytest.raises(LLMContextLimitError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.retryable is False


async def test_context_window_stop_reason_is_a_context_limit(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_message(tool_input=None, stop_reason="model_context_window_exceeded"))

    with pytest.raises(LLMContextLimitError):
        await generate_briefing(_provider(stand_in))


async def test_other_bad_requests_are_rejected_not_context_limits(stand_in: StandInServer) -> None:
    stand_in.reply(ANTHROPIC_PATH, anthropic_error("authentication_error", "invalid x-api-key"), status=401)

    with pytest.raises(LLMRequestRejectedError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.reason == "provider rejected the request: HTTP 401 (anthropic)"
    assert API_KEY not in str(raised.value)


async def test_unreachable_server_is_unavailable() -> None:
    provider = AnthropicLLMProvider(
        api_key=API_KEY, base_url="http://127.0.0.1:9", timeout_seconds=5, max_output_tokens=64
    )

    with pytest.raises(LLMProviderUnavailableError, match="connection failed"):
        await generate_briefing(provider)
