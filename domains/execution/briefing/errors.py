"""Model provider failures: exceptions, so the workflow engine can retry them (verification never raises).

Each error carries `reason`, a short sentence fit for a run's `failure_reason`, and `retryable`, a hint for the
engine: a timeout may succeed on the next attempt, a prompt that is too long will not. The full message (str(exc))
may add detail such as an excerpt of what the model returned; it belongs in the log, not in a client response.
These are deliberately not `OrionError`s: a provider failure becomes a failed run, never an HTTP error body, and one
that escapes by mistake is rendered as a generic 500 whose text stays in the log.
"""

from __future__ import annotations

import re
import unicodedata
from typing import ClassVar

from packages.config.settings import SettingsError

# runs.failure_reason and steps.failure_reason are varchar(500); a reason leaves room for the engine's own prefix.
MAX_REASON_CHARS = 200
EXCERPT_CHARS = 160

# Wording hosted and local providers use when the prompt does not fit the model (Anthropic "prompt is too long",
# OpenAI "maximum context length" / code context_length_exceeded, vLLM and Ollama "context length").
_CONTEXT_LIMIT_WORDING = re.compile(
    r"context[ _-]?(length|window|limit)|prompt is too long|too many (input )?tokens|input (length|is too long)"
    r"|maximum (input|prompt) length|reduce the length",
    re.IGNORECASE,
)
_WHITESPACE = re.compile(r"\s+")
# Control, format (bidi overrides, zero-width), surrogate, private-use and unassigned characters: an excerpt of model
# output must not be able to reorder or hide text in a log line.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def mentions_context_limit(text: str) -> bool:
    """Return True when a provider's error text says the prompt exceeds the model's context window."""
    return bool(_CONTEXT_LIMIT_WORDING.search(text))


def safe_excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """Return a short single-line excerpt with control characters removed, for logs and error messages."""
    visible = "".join(ch for ch in _WHITESPACE.sub(" ", text) if unicodedata.category(ch) not in _HIDDEN_CATEGORIES)
    flat = visible.strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class BriefingConfigurationError(SettingsError):
    """The configured provider cannot be built; the message names the ORION_ variable to fix."""


class BriefingProviderError(Exception):
    """A model provider could not produce a validated structured output."""

    retryable: ClassVar[bool] = True

    def __init__(self, reason: str, *, provider: str, detail: str | None = None) -> None:
        self.reason = reason if len(reason) <= MAX_REASON_CHARS else reason[: MAX_REASON_CHARS - 1] + "…"
        self.provider = provider
        self.detail = detail
        super().__init__(f"{self.reason}: {detail}" if detail else self.reason)


class LLMTimeoutError(BriefingProviderError):
    """The provider did not answer within the configured timeout."""

    def __init__(self, provider: str, *, timeout_seconds: float | None = None, detail: str | None = None) -> None:
        after = f" after {timeout_seconds:g}s" if timeout_seconds is not None else ""
        super().__init__(f"provider timeout{after} ({provider})", provider=provider, detail=detail)
        self.timeout_seconds = timeout_seconds


class LLMProviderUnavailableError(BriefingProviderError):
    """The provider could not be reached, was overloaded, or rate limited the request."""

    def __init__(self, provider: str, *, cause: str, detail: str | None = None) -> None:
        super().__init__(f"provider unavailable: {cause} ({provider})", provider=provider, detail=detail)
        self.cause = cause


class LLMRefusalError(BriefingProviderError):
    """The model declined to answer (a refusal stop reason or a content filter), as opposed to lacking evidence."""

    # The same prompt is refused again far more often than not; retrying mostly spends money.
    retryable = False

    def __init__(self, provider: str, *, detail: str | None = None) -> None:
        super().__init__(f"model refused to answer ({provider})", provider=provider, detail=detail)


class LLMContextLimitError(BriefingProviderError):
    """The prompt does not fit the model's context window; the same prompt will never fit."""

    retryable = False

    def __init__(self, provider: str, *, detail: str | None = None) -> None:
        super().__init__(f"prompt exceeds the model's context window ({provider})", provider=provider, detail=detail)


class LLMMalformedOutputError(BriefingProviderError):
    """The model's output was not valid JSON or did not match the schema."""

    def __init__(self, provider: str, *, problem: str, excerpt: str | None = None) -> None:
        detail = f"output began {safe_excerpt(excerpt)!r}" if excerpt is not None else None
        super().__init__(f"malformed model output: {problem} ({provider})", provider=provider, detail=detail)
        self.problem = problem


class AnswererDefectError(BriefingProviderError):
    """The offline answerer raised on one question: a defect of ORION's own code, not of the request. The run fails
    as a record (logged with its traceback) instead of the request answering 500; the same question would fail the
    same way again, so it is not retried."""

    retryable = False

    def __init__(self, provider: str, *, error: str) -> None:
        super().__init__(f"the answerer failed on this question ({provider}: {error})", provider=provider)


class LLMRequestRejectedError(BriefingProviderError):
    """The provider rejected the request itself (bad key, unknown model, invalid parameter): fix the configuration."""

    retryable = False

    def __init__(self, provider: str, *, status: int, detail: str | None = None) -> None:
        super().__init__(f"provider rejected the request: HTTP {status} ({provider})", provider=provider, detail=detail)
        self.status = status
