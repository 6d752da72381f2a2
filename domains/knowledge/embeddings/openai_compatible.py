"""Embeddings from any server that speaks OpenAI's embeddings API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from domains.knowledge.embeddings._http import post_json
from domains.knowledge.embeddings.base import (
    FloatMatrix,
    FloatVector,
    concat_batches,
    estimate_tokens_from_chars,
    format_model_key,
    request_batches,
    vectors_from_response,
)
from domains.knowledge.embeddings.errors import EmbeddingUnavailable

# Native output sizes of OpenAI's embedding models; any other model needs an explicit dimension.
KNOWN_OPENAI_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
# OpenAI's documented per-request limits: 2,048 inputs and 300,000 tokens summed over all inputs.
OPENAI_MAX_INPUTS_PER_REQUEST = 2048
OPENAI_MAX_TOKENS_PER_REQUEST = 300_000


class OpenAIEmbeddingProvider:
    """Embed through an OpenAI-compatible POST {base}/embeddings, batched by the API's per-request limits.

    Implemented against OpenAI's documented embeddings API ({"model", "input": [...], "dimensions"?} answering
    {"data": [{"index", "embedding"}]}) and tested against a local stand-in; the service cannot be reached from
    where it was written. Calls block: run them off the event loop.
    """

    provider_name = "openai"
    model_version = "api"  # the API exposes no finer version than the model name

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        dimension: int | None = None,
        tokens_per_minute: int | None = None,
        max_inputs_per_request: int = OPENAI_MAX_INPUTS_PER_REQUEST,
        max_tokens_per_request: int = OPENAI_MAX_TOKENS_PER_REQUEST,
        timeout_seconds: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        resolved = dimension if dimension is not None else KNOWN_OPENAI_DIMENSIONS.get(model)
        if resolved is None:
            raise EmbeddingUnavailable(
                f"the dimension of the embedding model {model!r} is not known; set ORION_OPENAI_EMBEDDING_DIMENSION"
            )
        self.model_name = model
        self.dimension: int = resolved
        # Only ask for a dimension when it was configured: older models and many compatible servers reject it.
        self._requested_dimension = dimension
        self.tokens_per_minute = tokens_per_minute
        self.max_inputs_per_request = max_inputs_per_request
        self.max_tokens_per_request = max_tokens_per_request
        self.url = base_url.rstrip("/") + "/embeddings"
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(timeout=timeout_seconds, transport=transport)

    @property
    def model_key(self) -> str:
        """Return the identity stored with every vector."""
        return format_model_key(self.provider_name, self.model_name, self.model_version)

    def embed_texts(self, texts: list[str]) -> FloatMatrix:
        """Embed documents in as few requests as the API's limits allow."""
        counts = [estimate_tokens_from_chars([text]) for text in texts]
        batches = request_batches(counts, max_items=self.max_inputs_per_request, max_tokens=self.max_tokens_per_request)
        return concat_batches([self._request(texts[start:end]) for start, end in batches], self.dimension)

    def embed_query(self, text: str) -> FloatVector:
        """Embed a query (OpenAI's models are symmetric)."""
        return self._request([text])[0]

    def estimate_tokens(self, texts: Sequence[str]) -> int:
        """Estimate tokens from characters."""
        return estimate_tokens_from_chars(texts)

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()

    def _request(self, texts: list[str]) -> FloatMatrix:
        payload: dict[str, Any] = {"model": self.model_name, "input": texts}
        if self._requested_dimension is not None:
            payload["dimensions"] = self._requested_dimension
        body = post_json(self._client, self.url, payload, source=self.provider_name, headers=self._headers)
        data = body.get("data")
        if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
            raise EmbeddingUnavailable("the openai embedding service returned an unexpected response")
        # The API documents an `index` per item; order by it rather than trusting the list order.
        ordered = sorted(data, key=lambda item: item.get("index", 0))
        if [item.get("index", position) for position, item in enumerate(ordered)] != list(range(len(ordered))):
            raise EmbeddingUnavailable("the openai embedding service returned inconsistent indexes")
        rows = [item.get("embedding") for item in ordered]
        return vectors_from_response(rows, count=len(texts), dimension=self.dimension, source=self.provider_name)
