"""OpenAICompatibleLLMProvider against a local stand-in of the Chat Completions API."""

from __future__ import annotations

import json
import time

import pytest

from domains.execution.briefing import (
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMRequestRejectedError,
    LLMTimeoutError,
    OpenAICompatibleLLMProvider,
)
from domains.execution.briefing.output import BriefingOutput
from tests.unit.execution.briefings import (
    CHUNK_PAYROLL,
    SYSTEM_PROMPT,
    evidence_prompt,
    generate_briefing,
    valid_briefing,
)
from tests.unit.execution.standins import OPENAI_PATH, StandInServer, openai_completion, openai_error

API_KEY = "sk-stand-in-key"


def _provider(
    stand_in: StandInServer,
    *,
    timeout_seconds: float = 5.0,
    supports_json_schema: bool = True,
    api_key: str | None = API_KEY,
    **kwargs: object,
) -> OpenAICompatibleLLMProvider:
    options: dict[str, object] = {
        "provider_name": "openai",
        "model": "gpt-4.1-mini",
        "price_key": "openai",
        "max_tokens_field": "max_completion_tokens",
    }
    options.update(kwargs)
    return OpenAICompatibleLLMProvider(
        base_url=stand_in.url + "/v1/",
        api_key=api_key,
        timeout_seconds=timeout_seconds,
        max_output_tokens=800,
        supports_json_schema=supports_json_schema,
        **options,  # type: ignore[arg-type]
    )


async def test_json_content_becomes_a_validated_briefing(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing())))

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert result.output.claims[0].citations[0].chunk_id == CHUNK_PAYROLL
    assert (result.provider, result.model) == ("openai", "gpt-4.1-mini-2025-04-14")


async def test_schema_capable_preset_sends_a_strict_json_schema(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing())))

    await generate_briefing(_provider(stand_in))

    [request] = stand_in.requests(OPENAI_PATH)
    body = request.body
    assert request.headers["authorization"] == f"Bearer {API_KEY}"
    assert body["model"] == "gpt-4.1-mini"
    assert body["max_completion_tokens"] == 800
    assert body["temperature"] == 0
    assert body["messages"] == [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": evidence_prompt()},
    ]
    response_format = body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "BriefingOutput"
    assert response_format["json_schema"]["strict"] is True
    schema = response_format["json_schema"]["schema"]
    assert schema["required"] == ["briefing", "claims", "insufficient_evidence", "unanswered_parts"]
    assert schema["additionalProperties"] is False
    citation = schema["properties"]["claims"]["items"]["properties"]["citations"]["items"]
    assert citation["additionalProperties"] is False
    assert "default" not in json.dumps(schema)


async def test_json_mode_preset_puts_the_schema_in_the_system_prompt(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing())))

    await generate_briefing(
        _provider(stand_in, supports_json_schema=False, provider_name="groq", max_tokens_field="max_tokens")
    )

    body = stand_in.requests(OPENAI_PATH)[0].body
    assert body["response_format"] == {"type": "json_object"}
    assert body["max_tokens"] == 800
    system = body["messages"][0]["content"]
    assert system.startswith(SYSTEM_PROMPT)
    assert "JSON" in system and '"insufficient_evidence"' in system


async def test_keyless_local_server_gets_no_authorization_header(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing())))

    await generate_briefing(_provider(stand_in, api_key=None, provider_name="vllm", price_key="vllm"))

    assert "authorization" not in stand_in.requests(OPENAI_PATH)[0].headers


async def test_preset_headers_are_sent(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing())))

    await generate_briefing(_provider(stand_in, extra_headers=(("X-Title", "ORION"),)))

    assert stand_in.requests(OPENAI_PATH)[0].headers["x-title"] == "ORION"


async def test_token_accounting_and_cost_come_from_usage(stand_in: StandInServer) -> None:
    stand_in.reply(
        OPENAI_PATH,
        openai_completion(json.dumps(valid_briefing()), prompt_tokens=1_000_000, completion_tokens=500_000),
    )

    result = await _provider(stand_in).generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert (result.input_tokens, result.output_tokens) == (1_000_000, 500_000)
    # gpt-4.1-mini lists at $0.40 / $1.60 per million tokens; the dated snapshot costs what its alias costs.
    assert result.estimated_cost_usd == pytest.approx(0.40 + 0.80)


async def test_local_server_costs_nothing(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing()), model="Qwen/Qwen2.5-7B-Instruct"))

    result = await _provider(stand_in, api_key=None, provider_name="vllm", price_key="vllm").generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert result.input_tokens > 0
    assert result.estimated_cost_usd == 0.0


MISSING_QUOTE = {"briefing": "x", "claims": [{"statement": "s", "citations": [{"chunk_id": "c"}]}]}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("Payroll records are kept for seven years.", "not valid JSON"),
        (json.dumps({**MISSING_QUOTE, "insufficient_evidence": False}), "claims.0.citations.0.quote"),
        (None, "empty output"),
    ],
)
async def test_unusable_content_is_malformed(stand_in: StandInServer, content: str | None, problem: str) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(content))

    with pytest.raises(LLMMalformedOutputError) as raised:
        await generate_briefing(_provider(stand_in))

    assert problem in raised.value.reason


async def test_json_in_a_markdown_fence_is_accepted(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion("```json\n" + json.dumps(valid_briefing()) + "\n```"))

    output = await generate_briefing(_provider(stand_in, supports_json_schema=False))

    assert output.claims[0].citations[0].chunk_id == CHUNK_PAYROLL


async def test_output_cut_off_at_the_token_limit_says_so(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion('{"briefing": "Pay', finish_reason="length"))

    with pytest.raises(LLMMalformedOutputError, match="cut off at the token limit"):
        await generate_briefing(_provider(stand_in))


async def test_content_filter_is_a_refusal(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(None, finish_reason="content_filter"))

    with pytest.raises(LLMRefusalError, match="content_filter"):
        await generate_briefing(_provider(stand_in))


async def test_structured_output_refusal_is_a_refusal(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(None, refusal="I'm sorry, I cannot assist with that request."))

    with pytest.raises(LLMRefusalError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.reason == "model refused to answer (openai)"
    assert "cannot assist" in str(raised.value)


async def test_slow_answer_times_out_at_the_configured_timeout(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_completion(json.dumps(valid_briefing())), delay_seconds=3)
    started = time.perf_counter()

    with pytest.raises(LLMTimeoutError) as raised:
        await generate_briefing(_provider(stand_in, timeout_seconds=0.3))

    assert time.perf_counter() - started < 2.0
    assert raised.value.reason == "provider timeout after 0.3s (openai)"


async def test_http_408_is_a_timeout(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_error("Request timed out", error_type="timeout"), status=408)

    with pytest.raises(LLMTimeoutError):
        await generate_briefing(_provider(stand_in))


async def test_rate_limit_is_unavailable(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_error("Rate limit reached for requests", error_type="requests"), status=429)

    with pytest.raises(LLMProviderUnavailableError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.reason == "provider unavailable: HTTP 429 rate limited (openai)"
    assert len(stand_in.requests(OPENAI_PATH)) == 1


@pytest.mark.parametrize("status", [500, 502, 503])
async def test_server_errors_are_unavailable(stand_in: StandInServer, status: int) -> None:
    stand_in.reply(OPENAI_PATH, openai_error("The server had an error", error_type="server_error"), status=status)

    with pytest.raises(LLMProviderUnavailableError, match=f"HTTP {status}"):
        await generate_briefing(_provider(stand_in))


async def test_context_length_exceeded_is_a_context_limit(stand_in: StandInServer) -> None:
    stand_in.reply(
        OPENAI_PATH,
        openai_error(
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 140000 tokens.",
            code="context_length_exceeded",
        ),
        status=400,
    )

    with pytest.raises(LLMContextLimitError) as raised:
        await generate_briefing(_provider(stand_in))

    assert raised.value.reason == "prompt exceeds the model's context window (openai)"


async def test_other_bad_requests_are_rejected(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, openai_error("The model `gpt-9` does not exist", code="model_not_found"), status=404)

    with pytest.raises(LLMRequestRejectedError, match="does not exist"):
        await generate_briefing(_provider(stand_in))


async def test_gateway_error_inside_a_200_is_mapped_by_its_code(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, {"error": {"message": "Upstream provider overloaded", "code": 502}})

    with pytest.raises(LLMProviderUnavailableError, match="HTTP 502"):
        await generate_briefing(_provider(stand_in))


async def test_response_without_choices_is_malformed(stand_in: StandInServer) -> None:
    stand_in.reply(OPENAI_PATH, {"id": "chatcmpl-x", "object": "chat.completion", "choices": []})

    with pytest.raises(LLMMalformedOutputError, match="no choices"):
        await generate_briefing(_provider(stand_in))


async def test_unreachable_server_is_unavailable() -> None:
    provider = OpenAICompatibleLLMProvider(
        provider_name="lmstudio",
        base_url="http://127.0.0.1:9/v1",
        model="m",
        api_key=None,
        timeout_seconds=5,
        max_output_tokens=64,
        supports_json_schema=True,
        price_key="lmstudio",
    )

    with pytest.raises(LLMProviderUnavailableError, match="connection failed"):
        await generate_briefing(provider)
