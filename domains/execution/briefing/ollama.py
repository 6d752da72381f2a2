"""A model served by a local Ollama server, through its native chat API."""

from __future__ import annotations

from typing import Any

from domains.execution.briefing.errors import LLMMalformedOutputError
from domains.execution.briefing.pricing import estimate_cost
from domains.execution.briefing.protocol import BriefingGeneration, T
from domains.execution.briefing.structured import inline_json_schema, parse_json_output
from domains.execution.briefing.transport import post_json

DEFAULT_OLLAMA_MODEL = "llama3.1:8b"


def _count(body: dict[str, Any], key: str) -> int:
    value = body.get(key)
    return value if isinstance(value, int) and value >= 0 else 0


class OllamaLLMProvider:
    """Structured output from POST {base_url}/api/chat with `format` set to the schema's JSON Schema.

    Implemented against Ollama's documented REST API (non-streaming chat, structured outputs via `format`) and
    tested against a local stand-in server speaking that API, because no Ollama server can be reached from the
    machine this was built on. Ollama constrains decoding to the schema; the output is still validated locally.
    Temperature 0: the task is copying quotes, where sampling only adds ways to misquote. Ollama's API has no
    refusal signal, so a model that declines in prose instead of JSON is reported as malformed output.
    """

    provider_name: str = "ollama"

    def __init__(
        self,
        *,
        base_url: str,
        model: str = DEFAULT_OLLAMA_MODEL,
        timeout_seconds: float,
        max_output_tokens: int,
        context_tokens: int | None = None,
    ) -> None:
        self.model_name = model
        self._url = base_url.rstrip("/") + "/api/chat"
        self._timeout_seconds = timeout_seconds
        self._max_output_tokens = max_output_tokens
        self._context_tokens = context_tokens

    async def generate_structured(self, *, system: str, user: str, schema: type[T]) -> BriefingGeneration[T]:
        """Return the model's answer validated against `schema`, or raise an BriefingProviderError subclass."""
        options: dict[str, Any] = {"temperature": 0, "num_predict": self._max_output_tokens}
        if self._context_tokens is not None:
            # Ollama silently drops the start of a prompt longer than its context window (num_ctx); a window set
            # large enough for the evidence is the only guard, since the API reports no truncation.
            options["num_ctx"] = self._context_tokens
        payload = {
            "model": self.model_name,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "stream": False,
            "format": inline_json_schema(schema),
            "options": options,
        }
        response = await post_json(
            provider=self.provider_name,
            url=self._url,
            payload=payload,
            headers={},
            timeout_seconds=self._timeout_seconds,
        )
        body = response.body
        message = body.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, str):
            raise LLMMalformedOutputError(self.provider_name, problem="response has no message content")
        # Any `thinking` a reasoning model returns beside the content is ignored: no reasoning is kept.
        output = parse_json_output(
            content, schema, provider=self.provider_name, truncated=body.get("done_reason") == "length"
        )
        input_tokens = _count(body, "prompt_eval_count")
        output_tokens = _count(body, "eval_count")
        return BriefingGeneration(
            output=output,
            provider=self.provider_name,
            model=self.model_name,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            latency_ms=response.latency_ms,
            estimated_cost_usd=estimate_cost(self.provider_name, self.model_name, input_tokens, output_tokens),
        )
