"""Embedding provider failures: exceptions, so the workflow engine retries them (verification never raises)."""

from __future__ import annotations

import math
from typing import Any

from packages.core.errors import ServiceUnavailable


class EmbeddingProviderError(ServiceUnavailable):
    """An embedding provider could not produce vectors; search answers 503 `semantic_unavailable`."""

    code = "semantic_unavailable"
    default_message = "Semantic search is unavailable right now."


class EmbeddingUnavailable(EmbeddingProviderError):
    """The provider is unreachable, misconfigured, or answered with an error or a malformed response."""


class EmbeddingRateLimited(EmbeddingProviderError):
    """The provider refused the request for its rate limit; `retry_after` says how many seconds to wait."""

    default_message = "The embedding provider is rate limited; try again later."

    def __init__(self, message: str | None = None, *, retry_after: float, details: dict[str, Any] | None = None):
        self.retry_after = max(0.0, float(retry_after))
        # The header is whole seconds (the contract); round up so a client never retries too early.
        header = str(max(1, math.ceil(self.retry_after)))
        super().__init__(message, details=details, headers={"Retry-After": header})


class EmbeddingDimensionMismatch(EmbeddingProviderError):
    """Vectors do not have the dimension their provider declares; stored vectors would be incomparable."""

    default_message = "The embedding provider returned vectors of an unexpected dimension."
