"""Embeddings from Voyage AI through its official SDK, paced for the free tier's limits."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from domains.knowledge.embeddings.base import (
    FloatMatrix,
    FloatVector,
    RequestPacer,
    concat_batches,
    estimate_tokens_from_chars,
    format_model_key,
    header_value,
    parse_retry_after,
    request_batches,
    vectors_from_response,
)
from domains.knowledge.embeddings.errors import EmbeddingRateLimited, EmbeddingUnavailable

if TYPE_CHECKING:
    import voyageai

# Voyage's documented per-request limits: at most 1,000 texts, and a total token cap that depends on the model.
VOYAGE_MAX_INPUTS_PER_REQUEST = 1000
_TOKEN_CAPS = (
    (("voyage-4-lite", "voyage-3.5-lite"), 1_000_000),
    (("voyage-4", "voyage-3.5", "voyage-2"), 320_000),
)
_DEFAULT_TOKEN_CAP = 120_000  # the smallest documented cap (the large and domain models)
DEFAULT_RETRY_AFTER_SECONDS = 60.0


def voyage_tokens_per_request(model: str) -> int:
    """Return the documented total-token cap of one request for `model` (the smallest cap when unknown)."""
    return next((cap for names, cap in _TOKEN_CAPS if model in names), _DEFAULT_TOKEN_CAP)


class VoyageEmbeddingProvider:
    """Embed with Voyage AI (default voyage-4-lite): input_type "document"/"query", paced between calls.

    Implemented against Voyage's documented API through the official `voyageai` SDK and tested with that SDK pointed
    at a local stand-in server; the service cannot be reached from where it was written. Calls are spaced by
    `min_interval_seconds` and kept inside `tokens_per_minute`; a 429 becomes EmbeddingRateLimited with the server's
    Retry-After, any other failure EmbeddingUnavailable. The SDK's own retries are off: the workflow engine retries.
    Calls block (and may sleep to pace): run them off the event loop.
    """

    provider_name = "voyage"
    model_version = "api"  # Voyage versions models by name; there is nothing finer to record

    def __init__(
        self,
        *,
        api_key: str,
        model: str,
        dimension: int,
        min_interval_seconds: float = 1.0,
        tokens_per_minute: int | None = None,
        base_url: str | None = None,
        timeout_seconds: float = 60.0,
        max_inputs_per_request: int = VOYAGE_MAX_INPUTS_PER_REQUEST,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not api_key:
            raise EmbeddingUnavailable("the voyage embedding provider needs ORION_VOYAGE_API_KEY")
        import voyageai  # imported here: the SDK takes about a second to import and only this provider needs it

        self.model_name = model
        self.dimension = dimension
        self.tokens_per_minute = tokens_per_minute
        self.max_inputs_per_request = max_inputs_per_request
        # The API key is passed explicitly so the SDK never falls back to reading VOYAGE_API_KEY itself.
        self._client: voyageai.Client = voyageai.Client(
            api_key=api_key, max_retries=0, timeout=timeout_seconds, base_url=base_url
        )
        self._pacer = RequestPacer(
            min_interval_seconds=min_interval_seconds, tokens_per_minute=tokens_per_minute, clock=clock, sleep=sleep
        )

    @property
    def model_key(self) -> str:
        """Return the identity stored with every vector."""
        return format_model_key(self.provider_name, self.model_name, self.model_version)

    def embed_texts(self, texts: list[str]) -> FloatMatrix:
        """Embed documents (input_type "document") in batches within the SDK's and the rate budget's limits."""
        counts = [estimate_tokens_from_chars([text]) for text in texts]
        cap = voyage_tokens_per_request(self.model_name)
        if self.tokens_per_minute is not None:
            cap = min(cap, self.tokens_per_minute)  # a request larger than a minute's budget could never be accepted
        batches = request_batches(counts, max_items=self.max_inputs_per_request, max_tokens=cap)
        parts = [self._request(texts[start:end], "document", sum(counts[start:end])) for start, end in batches]
        return concat_batches(parts, self.dimension)

    def embed_query(self, text: str) -> FloatVector:
        """Embed a query (input_type "query")."""
        return self._request([text], "query", estimate_tokens_from_chars([text]))[0]

    def estimate_tokens(self, texts: Sequence[str]) -> int:
        """Estimate tokens from characters (Voyage's tokenizer is not available offline)."""
        return estimate_tokens_from_chars(texts)

    def _request(self, texts: list[str], input_type: Literal["document", "query"], tokens: int) -> FloatMatrix:
        from voyageai import error as voyage_error

        booking = self._pacer.acquire(tokens)
        try:
            result = self._client.embed(
                texts, model=self.model_name, input_type=input_type, output_dimension=self.dimension
            )
        except voyage_error.VoyageError as exc:
            raise self._translate(exc) from exc
        except (KeyError, AttributeError, TypeError, ValueError) as exc:
            # The SDK indexes into the response without checking it; a malformed body surfaces as these.
            raise EmbeddingUnavailable("the voyage embedding service returned an unexpected response") from exc
        if result.total_tokens:
            self._pacer.correct(booking, int(result.total_tokens))
        return vectors_from_response(
            list(result.embeddings), count=len(texts), dimension=self.dimension, source=self.provider_name
        )

    def _translate(self, exc: Any) -> EmbeddingUnavailable | EmbeddingRateLimited:
        from voyageai import error as voyage_error

        status = getattr(exc, "http_status", None)
        if isinstance(exc, voyage_error.RateLimitError) or status == 429:
            seconds = parse_retry_after(header_value(getattr(exc, "headers", None), "retry-after"))
            retry_after = DEFAULT_RETRY_AFTER_SECONDS if seconds is None else seconds
            self._pacer.defer(retry_after)
            message = "the voyage embedding service is rate limiting requests"
            return EmbeddingRateLimited(message, retry_after=retry_after)
        if isinstance(exc, voyage_error.AuthenticationError):
            return EmbeddingUnavailable("the voyage embedding service rejected the API key")
        if isinstance(exc, voyage_error.Timeout):
            return EmbeddingUnavailable("the voyage embedding service timed out")
        if isinstance(exc, voyage_error.APIConnectionError):
            return EmbeddingUnavailable("the voyage embedding service could not be reached")
        detail = f"HTTP {status}" if status else type(exc).__name__
        return EmbeddingUnavailable(f"the voyage embedding service failed ({detail})")
