"""Embeddings from a self-hosted Ollama server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import httpx

from domains.knowledge.embeddings._http import post_json
from domains.knowledge.embeddings.base import (
    FloatMatrix,
    FloatVector,
    concat_batches,
    estimate_tokens_from_chars,
    format_model_key,
    vectors_from_response,
)
from domains.knowledge.embeddings.errors import EmbeddingUnavailable


@dataclass(frozen=True)
class OllamaModelSpec:
    dimension: int
    document_prefix: str = ""
    query_prefix: str = ""


# From each model's card: nomic-embed-text is trained with task prefixes and degrades without them;
# mxbai-embed-large wants an instruction on queries only; all-minilm takes plain text.
KNOWN_OLLAMA_MODELS: dict[str, OllamaModelSpec] = {
    "nomic-embed-text": OllamaModelSpec(768, "search_document: ", "search_query: "),
    "mxbai-embed-large": OllamaModelSpec(1024, "", "Represent this sentence for searching relevant passages: "),
    "all-minilm": OllamaModelSpec(384),
}
# A bound on one request's size, so a huge document cannot turn into a single request that outlives the timeout.
OLLAMA_MAX_INPUTS_PER_REQUEST = 1000


class OllamaEmbeddingProvider:
    """Embed with a model served by Ollama (default nomic-embed-text, 768 dims), one request per document batch.

    Implemented against Ollama's documented API (POST {base}/api/embed with {"model", "input": [...]}, answering
    {"embeddings": [[...]]}) and tested against a local stand-in; no Ollama server can be reached from where it
    was written. Calls block: run them off the event loop.
    """

    provider_name = "ollama"
    tokens_per_minute: int | None = None  # a self-hosted server has no rate limit

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        dimension: int | None = None,
        timeout_seconds: float = 120.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        name, _, tag = model.partition(":")
        known = KNOWN_OLLAMA_MODELS.get(name)
        if known is None and dimension is None:
            raise EmbeddingUnavailable(
                f"the dimension of the Ollama model {model!r} is not known; use one of {sorted(KNOWN_OLLAMA_MODELS)}"
            )
        spec = known or OllamaModelSpec(dimension or 0)
        self.model = model
        self.model_name = name
        # Ollama tags are the only version it exposes; "latest" is what an untagged pull resolves to.
        self.model_version = tag or "latest"
        self.dimension: int = dimension if dimension is not None else spec.dimension
        self.spec = spec
        self.url = base_url.rstrip("/") + "/api/embed"
        self._client = httpx.Client(timeout=timeout_seconds, transport=transport)

    @property
    def model_key(self) -> str:
        """Return the identity stored with every vector."""
        return format_model_key(self.provider_name, self.model_name, self.model_version)

    def embed_texts(self, texts: list[str]) -> FloatMatrix:
        """Embed documents (with the model's document prefix), the whole batch per request."""
        return self._embed([self.spec.document_prefix + text for text in texts])

    def embed_query(self, text: str) -> FloatVector:
        """Embed a query with the model's query prefix."""
        return self._embed([self.spec.query_prefix + text])[0]

    def estimate_tokens(self, texts: Sequence[str]) -> int:
        """Estimate tokens from characters."""
        return estimate_tokens_from_chars(texts)

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()

    def _embed(self, texts: list[str]) -> FloatMatrix:
        parts = []
        for start in range(0, len(texts), OLLAMA_MAX_INPUTS_PER_REQUEST):
            batch = texts[start : start + OLLAMA_MAX_INPUTS_PER_REQUEST]
            body = post_json(
                self._client,
                self.url,
                {"model": self.model, "input": batch},
                source=self.provider_name,
                not_found_hint=f"is the model pulled? run `ollama pull {self.model}`",
            )
            parts.append(
                vectors_from_response(
                    body.get("embeddings"), count=len(batch), dimension=self.dimension, source=self.provider_name
                )
            )
        return concat_batches(parts, self.dimension)
