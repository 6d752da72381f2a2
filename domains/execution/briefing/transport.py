"""One JSON POST to a model server over httpx, with every transport failure turned into a provider error."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from domains.execution.briefing.errors import (
    BriefingProviderError,
    LLMContextLimitError,
    LLMProviderUnavailableError,
    LLMRequestRejectedError,
    LLMTimeoutError,
    mentions_context_limit,
    safe_excerpt,
)


@dataclass(frozen=True)
class JSONResponse:
    """A successful response body with how long the round trip took."""

    body: dict[str, Any]
    latency_ms: float


def _error_text(response: httpx.Response) -> str:
    # Providers put the human-readable cause in error.message (OpenAI shape) or error (Ollama shape).
    try:
        body = response.json()
    except ValueError:
        return response.text
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            parts = [str(error.get(key)) for key in ("message", "code", "type") if error.get(key)]
            return " ".join(parts) or json.dumps(error)
        if isinstance(error, str):
            return error
    return json.dumps(body)


def error_for_status(provider: str, status: int, text: str, *, timeout_seconds: float) -> BriefingProviderError:
    """Map an HTTP error status and its body text to the provider error the engine understands."""
    detail = safe_excerpt(text) or None
    if status == 408:
        return LLMTimeoutError(provider, timeout_seconds=timeout_seconds, detail=detail)
    if status == 413 or (400 <= status < 500 and status != 429 and mentions_context_limit(text)):
        return LLMContextLimitError(provider, detail=detail)
    if status == 429:
        return LLMProviderUnavailableError(provider, cause="HTTP 429 rate limited", detail=detail)
    if status >= 500:
        return LLMProviderUnavailableError(provider, cause=f"HTTP {status}", detail=detail)
    return LLMRequestRejectedError(provider, status=status, detail=detail)


async def post_json(
    *,
    provider: str,
    url: str,
    payload: Mapping[str, Any],
    headers: Mapping[str, str],
    timeout_seconds: float,
) -> JSONResponse:
    """POST `payload` and return the decoded JSON object, or raise the matching BriefingProviderError."""
    started = time.perf_counter()
    try:
        # httpx applies its timeout to each phase (connect, write, each read); the outer deadline bounds the whole
        # call, so a server that trickles bytes cannot hold a run past the configured timeout.
        async with asyncio.timeout(timeout_seconds):
            # A client per call: a provider may be built per run, and a long-lived client would leak its
            # connections; against a call that lasts seconds, a fresh connection costs nothing that matters.
            async with httpx.AsyncClient(timeout=httpx.Timeout(timeout_seconds)) as client:
                response = await client.post(url, json=dict(payload), headers=dict(headers))
    except (TimeoutError, httpx.TimeoutException):
        raise LLMTimeoutError(provider, timeout_seconds=timeout_seconds) from None
    except httpx.TransportError as exc:
        raise LLMProviderUnavailableError(
            provider, cause="connection failed", detail=f"{type(exc).__name__}: {safe_excerpt(str(exc))}"
        ) from None
    latency_ms = (time.perf_counter() - started) * 1000
    if response.status_code >= 400:
        raise error_for_status(provider, response.status_code, _error_text(response), timeout_seconds=timeout_seconds)
    try:
        body = response.json()
    except ValueError:
        # The model's output sits inside this envelope; an envelope that is not JSON is a proxy or server fault.
        raise LLMProviderUnavailableError(
            provider, cause="response body is not JSON", detail=safe_excerpt(response.text)
        ) from None
    if not isinstance(body, dict):
        raise LLMProviderUnavailableError(provider, cause="response body is not a JSON object")
    return JSONResponse(body=body, latency_ms=latency_ms)
