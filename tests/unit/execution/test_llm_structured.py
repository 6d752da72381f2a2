"""Schema preparation, output parsing, error reasons and cost estimates shared by every provider."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from domains.execution.briefing import (
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMRequestRejectedError,
    LLMTimeoutError,
    estimate_cost,
)
from domains.execution.briefing.errors import (
    MAX_REASON_CHARS,
    BriefingProviderError,
    mentions_context_limit,
    safe_excerpt,
)
from domains.execution.briefing.output import BriefingCitation, BriefingClaim, BriefingOutput
from domains.execution.briefing.pricing import price_for
from domains.execution.briefing.structured import (
    inline_json_schema,
    parse_json_output,
    schema_name,
    strict_json_schema,
    validate_output,
)
from domains.execution.briefing.transport import error_for_status
from tests.unit.execution.briefings import valid_briefing

# --- briefing schemas ------------------------------------------------------------------------------------------------


def test_briefing_output_accepts_a_claim_without_citations() -> None:
    output = BriefingOutput.model_validate(
        {"briefing": "b", "claims": [{"statement": "unsupported"}], "insufficient_evidence": False}
    )

    assert output.claims == [BriefingClaim(statement="unsupported", citations=[])]


@pytest.mark.parametrize(
    "payload",
    [
        {"briefing": "b", "insufficient_evidence": False, "reasoning": "step by step..."},
        {"briefing": "b", "claims": [{"statement": "s", "confidence": 0.9}], "insufficient_evidence": False},
        {
            "briefing": "b",
            "claims": [{"statement": "s", "citations": [{"chunk_id": "c"}]}],
            "insufficient_evidence": False,
        },
        {"briefing": "b"},
    ],
)
def test_briefing_output_rejects_extra_or_missing_fields(payload: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        BriefingOutput.model_validate(payload)


def test_briefing_output_has_no_field_for_reasoning() -> None:
    assert set(BriefingOutput.model_fields) == {"briefing", "claims", "insufficient_evidence", "unanswered_parts"}
    assert set(BriefingClaim.model_fields) == {"statement", "citations"}
    assert set(BriefingCitation.model_fields) == {"chunk_id", "quote"}


# --- JSON Schema preparation -----------------------------------------------------------------------------------------


def test_inline_schema_has_no_refs_and_keeps_property_descriptions() -> None:
    schema = inline_json_schema(BriefingOutput)

    assert "$defs" not in schema and "$ref" not in json.dumps(schema)
    claims = schema["properties"]["claims"]
    assert claims["description"] == "Every factual claim the briefing makes."
    assert claims["items"]["properties"]["citations"]["items"]["required"] == ["chunk_id", "quote"]


def test_recursive_schema_cannot_be_inlined() -> None:
    class Node(BaseModel):
        children: list[Node] = []

    with pytest.raises(ValueError, match="recursive"):
        inline_json_schema(Node)


def test_strict_schema_closes_every_object_and_requires_every_property() -> None:
    class Limits(BaseModel):
        name: str = Field(default="x", min_length=1, max_length=5)
        tags: list[str] = []

    strict = strict_json_schema(inline_json_schema(Limits))

    assert strict["required"] == ["name", "tags"]
    assert strict["additionalProperties"] is False
    assert {"default", "minLength", "maxLength"}.isdisjoint(json.dumps(strict).replace('"', " ").split())


def test_strict_schema_does_not_drop_properties_named_like_keywords() -> None:
    class Odd(BaseModel):
        default: str
        format: int

    strict = strict_json_schema(inline_json_schema(Odd))

    assert set(strict["properties"]) == {"default", "format"}


def test_schema_name_is_safe_for_provider_apis() -> None:
    assert schema_name(BriefingOutput) == "BriefingOutput"


# --- parsing ---------------------------------------------------------------------------------------------------------


def test_parse_returns_a_validated_instance() -> None:
    output = parse_json_output(json.dumps(valid_briefing()), BriefingOutput, provider="p")

    assert output == BriefingOutput.model_validate(valid_briefing())


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("", "empty output"),
        ("   \n", "empty output"),
        ("{'briefing': 'single quotes'}", "not valid JSON"),
        ('{"briefing": "x"} trailing', "not valid JSON"),
        ("[]", "does not match BriefingOutput: output"),
        ('{"briefing": 3, "insufficient_evidence": true}', "does not match BriefingOutput: briefing"),
    ],
)
def test_parse_failures_name_the_problem(raw: str, problem: str) -> None:
    with pytest.raises(LLMMalformedOutputError) as raised:
        parse_json_output(raw, BriefingOutput, provider="p")

    assert raised.value.reason.startswith(f"malformed model output: {problem}")
    assert raised.value.reason.endswith("(p)")


def test_validation_message_counts_further_errors_without_echoing_input() -> None:
    with pytest.raises(LLMMalformedOutputError) as raised:
        validate_output({"claims": "SECRET-LOOKING-VALUE"}, BriefingOutput, provider="p")

    assert "(+2 more)" in raised.value.reason
    assert "SECRET-LOOKING-VALUE" not in raised.value.reason


def test_malformed_message_carries_a_short_single_line_excerpt() -> None:
    raw = "not json\n" + "x" * 5000

    with pytest.raises(LLMMalformedOutputError) as raised:
        parse_json_output(raw, BriefingOutput, provider="p")

    message = str(raised.value)
    assert "not json x" in message
    assert "\n" not in message
    assert len(message) < 400


# --- errors ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "reason", "retryable"),
    [
        (LLMTimeoutError("anthropic", timeout_seconds=60.0), "provider timeout after 60s (anthropic)", True),
        (
            LLMProviderUnavailableError("groq", cause="HTTP 503"),
            "provider unavailable: HTTP 503 (groq)",
            True,
        ),
        (LLMRefusalError("openai"), "model refused to answer (openai)", False),
        (LLMContextLimitError("ollama"), "prompt exceeds the model's context window (ollama)", False),
        (
            LLMMalformedOutputError("fake", problem="not valid JSON"),
            "malformed model output: not valid JSON (fake)",
            True,
        ),
        (LLMRequestRejectedError("openai", status=401), "provider rejected the request: HTTP 401 (openai)", False),
    ],
)
def test_errors_have_short_reasons_and_a_retry_hint(error: BriefingProviderError, reason: str, retryable: bool) -> None:
    assert isinstance(error, BriefingProviderError)
    assert error.reason == reason
    assert error.retryable is retryable


def test_reason_is_capped_to_fit_failure_reason() -> None:
    error = LLMProviderUnavailableError("p", cause="x" * 1000)

    assert len(error.reason) == MAX_REASON_CHARS


def test_safe_excerpt_strips_control_and_bidi_characters() -> None:
    assert safe_excerpt("a\x00b\u202ec\u200bd\n\te") == "abcd e"
    assert safe_excerpt("y" * 500, limit=10) == "y" * 9 + "…"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("prompt is too long: 215000 tokens > 200000 maximum", True),
        ("This model's maximum context length is 8192 tokens", True),
        ("context_length_exceeded", True),
        ("the input length exceeds the context length", True),
        ("invalid x-api-key", False),
        ("model 'x' not found", False),
    ],
)
def test_context_limit_wording(text: str, expected: bool) -> None:
    assert mentions_context_limit(text) is expected


@pytest.mark.parametrize(
    ("status", "text", "error"),
    [
        (408, "", LLMTimeoutError),
        (413, "request too large", LLMContextLimitError),
        (400, "maximum context length exceeded", LLMContextLimitError),
        (400, "unknown parameter", LLMRequestRejectedError),
        (429, "too many tokens per minute", LLMProviderUnavailableError),
        (500, "", LLMProviderUnavailableError),
        (529, "overloaded", LLMProviderUnavailableError),
    ],
)
def test_status_mapping(status: int, text: str, error: type[BriefingProviderError]) -> None:
    assert type(error_for_status("p", status, text, timeout_seconds=1)) is error


# --- pricing ---------------------------------------------------------------------------------------------------------


def test_cost_is_tokens_times_list_price() -> None:
    assert estimate_cost("anthropic", "claude-haiku-4-5", 1_000_000, 1_000_000) == pytest.approx(6.0)
    assert estimate_cost("anthropic", "claude-haiku-4-5", 2_000, 500) == pytest.approx(0.0045)


def test_dated_snapshots_cost_what_their_alias_costs() -> None:
    assert price_for("anthropic", "claude-haiku-4-5-20251001") == price_for("anthropic", "claude-haiku-4-5")
    assert price_for("openai", "gpt-4.1-mini-2025-04-14") == price_for("openai", "gpt-4.1-mini")


@pytest.mark.parametrize("provider", ["ollama", "vllm", "lmstudio", "fake", "extractive"])
def test_local_providers_are_free_whatever_the_model(provider: str) -> None:
    assert estimate_cost(provider, "any-model:70b", 10_000_000, 10_000_000) == 0.0


def test_unknown_paid_model_is_counted_as_zero_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("WARNING", logger="domains.execution.briefing.pricing"):
        cost = estimate_cost("openai", "gpt-unlisted-test-model", 1000, 1000)

    assert cost == 0.0
    assert "gpt-unlisted-test-model" in caplog.text
