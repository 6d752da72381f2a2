"""Claude through Anthropic's Messages API, with the structured output taken from a forced tool call."""

from __future__ import annotations

import asyncio
import json
import time

import anthropic
from anthropic.types import Message, ToolParam

from domains.execution.briefing.errors import (
    BriefingProviderError,
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMTimeoutError,
    safe_excerpt,
)
from domains.execution.briefing.pricing import estimate_cost
from domains.execution.briefing.protocol import BriefingGeneration, T
from domains.execution.briefing.structured import inline_json_schema, validate_output
from domains.execution.briefing.transport import error_for_status

DEFAULT_ANTHROPIC_MODEL = "claude-haiku-4-5"
# Passed explicitly so that the SDK never falls back to an ANTHROPIC_BASE_URL in the process environment: settings
# are the only source of configuration.
ANTHROPIC_API_URL = "https://api.anthropic.com"
OUTPUT_TOOL_NAME = "record_answer"


def _output_tool(schema: type[T]) -> ToolParam:
    summary = (schema.__doc__ or "").strip().splitlines()[0] if schema.__doc__ else schema.__name__
    return {
        "name": OUTPUT_TOOL_NAME,
        "description": f"Record the complete answer. Call this exactly once. The answer is: {summary}",
        "input_schema": inline_json_schema(schema),
    }


class AnthropicLLMProvider:
    """Structured output from Anthropic's Messages API via one tool the model is forced to call.

    Implemented against Anthropic's documented Messages API and tool use (through the official `anthropic` SDK) and
    tested against a local stand-in server speaking that API, because the service cannot be reached from the
    machine this was built on. The tool's input schema is the output schema, so the tool call's input is the answer;
    it is still validated locally. SDK retries are off: the workflow engine owns retries.
    """

    provider_name: str = "anthropic"

    def __init__(
        self,
        *,
        api_key: str,
        model: str = DEFAULT_ANTHROPIC_MODEL,
        base_url: str | None = None,
        timeout_seconds: float,
        max_output_tokens: int,
    ) -> None:
        self.model_name = model
        self._api_key = api_key
        self._base_url = base_url or ANTHROPIC_API_URL
        self._timeout_seconds = timeout_seconds
        self._max_output_tokens = max_output_tokens

    def _translate(self, exc: anthropic.APIError) -> BriefingProviderError:
        provider = self.provider_name
        if isinstance(exc, anthropic.APITimeoutError):
            return LLMTimeoutError(provider, timeout_seconds=self._timeout_seconds)
        if isinstance(exc, anthropic.APIConnectionError):
            return LLMProviderUnavailableError(provider, cause="connection failed", detail=safe_excerpt(exc.message))
        if isinstance(exc, anthropic.APIStatusError):
            # One status mapping for every provider: 408 timeout, 413 or context wording context limit,
            # 429 and 5xx (529 overloaded included) unavailable, any other 4xx rejected.
            return error_for_status(provider, exc.status_code, exc.message, timeout_seconds=self._timeout_seconds)
        return LLMProviderUnavailableError(provider, cause=type(exc).__name__, detail=safe_excerpt(exc.message))

    async def generate_structured(self, *, system: str, user: str, schema: type[T]) -> BriefingGeneration[T]:
        """Return the model's answer validated against `schema`, or raise an BriefingProviderError subclass."""
        started = time.perf_counter()
        try:
            # The SDK's timeout applies per HTTP phase; the outer deadline bounds the whole call.
            async with asyncio.timeout(self._timeout_seconds):
                # A client per call, for the same reason as the httpx providers: nothing long-lived to leak.
                async with anthropic.AsyncAnthropic(
                    api_key=self._api_key,
                    base_url=self._base_url,
                    max_retries=0,
                    timeout=self._timeout_seconds,
                ) as client:
                    message = await client.messages.create(
                        model=self.model_name,
                        max_tokens=self._max_output_tokens,
                        system=system,
                        messages=[{"role": "user", "content": user}],
                        tools=[_output_tool(schema)],
                        tool_choice={"type": "tool", "name": OUTPUT_TOOL_NAME},
                    )
        except TimeoutError:
            raise LLMTimeoutError(self.provider_name, timeout_seconds=self._timeout_seconds) from None
        except anthropic.APIError as exc:
            raise self._translate(exc) from None
        latency_ms = (time.perf_counter() - started) * 1000
        output = self._read_output(message, schema)
        usage = message.usage
        # Cache reads and writes are input too; ORION sets no cache breakpoints, so they are normally absent.
        cached = (usage.cache_creation_input_tokens or 0) + (usage.cache_read_input_tokens or 0)
        input_tokens = usage.input_tokens + cached
        output_tokens = usage.output_tokens
        model = message.model or self.model_name
        return BriefingGeneration(
            output=output,
            provider=self.provider_name,
            model=model,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            latency_ms=latency_ms,
            estimated_cost_usd=estimate_cost(self.provider_name, model, input_tokens, output_tokens),
        )

    def _read_output(self, message: Message, schema: type[T]) -> T:
        provider = self.provider_name
        if message.stop_reason == "refusal":
            # stop_details arrived in later SDK releases; an older SDK simply has no detail to offer.
            details = getattr(message, "stop_details", None)
            detail = None
            if details is not None:
                detail = safe_excerpt(f"category={details.category} {details.explanation or ''}")
            raise LLMRefusalError(provider, detail=detail)
        if message.stop_reason == "model_context_window_exceeded":
            raise LLMContextLimitError(provider, detail="stop_reason=model_context_window_exceeded")
        truncated = message.stop_reason == "max_tokens"
        cut = " (output was cut off at the token limit)" if truncated else ""
        call = next(
            (block for block in message.content if block.type == "tool_use" and block.name == OUTPUT_TOOL_NAME), None
        )
        if call is None:
            text = " ".join(block.text for block in message.content if block.type == "text")
            raise LLMMalformedOutputError(provider, problem=f"no {OUTPUT_TOOL_NAME} tool call{cut}", excerpt=text)
        try:
            return validate_output(call.input, schema, provider=provider)
        except LLMMalformedOutputError as exc:
            if not truncated:
                raise
            raise LLMMalformedOutputError(provider, problem=exc.problem + cut, excerpt=json.dumps(call.input)) from None
