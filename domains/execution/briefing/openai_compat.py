"""Any OpenAI-compatible chat-completions service (OpenAI, OpenRouter, Groq, Together, DeepSeek, vLLM, LM Studio)."""

from __future__ import annotations

import json
from typing import Any

from domains.execution.briefing.errors import LLMMalformedOutputError, LLMRefusalError, safe_excerpt
from domains.execution.briefing.pricing import estimate_cost
from domains.execution.briefing.protocol import BriefingGeneration, T
from domains.execution.briefing.structured import inline_json_schema, parse_json_output, schema_name, strict_json_schema
from domains.execution.briefing.transport import error_for_status, post_json

_JSON_MODE_INSTRUCTION = "Respond with one JSON object and nothing else. It must conform to this JSON Schema:\n{schema}"


def _int_field(data: object, key: str) -> int:
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, int) and value >= 0 else 0


class OpenAICompatibleLLMProvider:
    """Structured output from POST {base_url}/chat/completions, as the OpenAI API documents it.

    Implemented against OpenAI's documented Chat Completions API (and the compatible subset the preset services
    document) and tested against a local stand-in server speaking that API, because none of these services can be
    reached from the machine this was built on. With `supports_json_schema` the schema is sent as a strict
    `response_format` json_schema; otherwise JSON mode is requested and the schema goes into the system prompt.
    Either way the output is validated locally before it is returned.
    """

    def __init__(
        self,
        *,
        provider_name: str,
        base_url: str,
        model: str,
        api_key: str | None,
        timeout_seconds: float,
        max_output_tokens: int,
        supports_json_schema: bool,
        price_key: str,
        max_tokens_field: str = "max_tokens",
        extra_headers: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.provider_name = provider_name
        self.model_name = model
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._timeout_seconds = timeout_seconds
        self._max_output_tokens = max_output_tokens
        self._supports_json_schema = supports_json_schema
        self._price_key = price_key
        self._max_tokens_field = max_tokens_field
        self._extra_headers = extra_headers

    def _headers(self) -> dict[str, str]:
        headers = dict(self._extra_headers)
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _payload(self, system: str, user: str, schema: type[T]) -> dict[str, Any]:
        json_schema = inline_json_schema(schema)
        if self._supports_json_schema:
            response_format: dict[str, Any] = {
                "type": "json_schema",
                "json_schema": {"name": schema_name(schema), "strict": True, "schema": strict_json_schema(json_schema)},
            }
        else:
            # JSON mode only promises *some* JSON object, so the model must be told the shape; some providers
            # (DeepSeek) also refuse JSON mode unless the prompt mentions JSON, which this sentence does.
            system = f"{system}\n\n{_JSON_MODE_INSTRUCTION.format(schema=json.dumps(json_schema))}"
            response_format = {"type": "json_object"}
        return {
            "model": self.model_name,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "temperature": 0,
            self._max_tokens_field: self._max_output_tokens,
            "response_format": response_format,
        }

    async def generate_structured(self, *, system: str, user: str, schema: type[T]) -> BriefingGeneration[T]:
        """Return the model's answer validated against `schema`, or raise an BriefingProviderError subclass."""
        response = await post_json(
            provider=self.provider_name,
            url=self._url,
            payload=self._payload(system, user, schema),
            headers=self._headers(),
            timeout_seconds=self._timeout_seconds,
        )
        body = response.body
        choices = body.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            error = body.get("error")
            if error is not None:
                # Some gateways (OpenRouter) report an upstream failure inside a 200 response.
                status = _int_field(error, "code") or 502
                raise error_for_status(
                    self.provider_name, status, json.dumps(error), timeout_seconds=self._timeout_seconds
                )
            excerpt = json.dumps(body)
            raise LLMMalformedOutputError(self.provider_name, problem="response has no choices", excerpt=excerpt)
        choice = choices[0]
        raw_message = choice.get("message")
        message: dict[str, Any] = raw_message if isinstance(raw_message, dict) else {}
        finish_reason = choice.get("finish_reason")
        refusal = message.get("refusal")
        if finish_reason == "content_filter" or (isinstance(refusal, str) and refusal.strip()):
            detail = safe_excerpt(refusal) if isinstance(refusal, str) and refusal else f"finish_reason={finish_reason}"
            raise LLMRefusalError(self.provider_name, detail=detail)
        content = message.get("content")
        output = parse_json_output(
            content if isinstance(content, str) else "",
            schema,
            provider=self.provider_name,
            truncated=finish_reason == "length",
        )
        usage = body.get("usage")
        input_tokens = _int_field(usage, "prompt_tokens")
        output_tokens = _int_field(usage, "completion_tokens")
        reported_model = body.get("model")
        model = reported_model if isinstance(reported_model, str) and reported_model else self.model_name
        return BriefingGeneration(
            output=output,
            provider=self.provider_name,
            model=model,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            latency_ms=response.latency_ms,
            estimated_cost_usd=estimate_cost(self._price_key, model, input_tokens, output_tokens),
        )
