"""A deterministic stand-in embedding provider for unit tests."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from domains.knowledge.embeddings.base import (
    FloatMatrix,
    FloatVector,
    estimate_tokens_from_chars,
    format_model_key,
    l2_normalize_rows,
)

FAKE_DEFAULT_DIMENSION = 384


class FakeEmbeddingProvider:
    """Hash text into a fixed pseudo-random unit vector: deterministic, offline, for unit tests only.

    NOT semantic: the vector is derived from sha256 of the exact text, so "password reset" and "reset password" are
    as far apart as any two unrelated texts. Never use it to judge retrieval quality.
    """

    provider_name = "fake"
    model_name = "sha256-uniform"
    model_version = "1"
    tokens_per_minute: int | None = None

    def __init__(self, dimension: int = FAKE_DEFAULT_DIMENSION) -> None:
        if dimension <= 0:
            raise ValueError("dimension must be positive")
        self.dimension = dimension

    @property
    def model_key(self) -> str:
        """Return the identity stored with every vector."""
        return format_model_key(self.provider_name, self.model_name, self.model_version)

    def embed_texts(self, texts: list[str]) -> FloatMatrix:
        """Embed texts as deterministic hash vectors (not semantic)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return l2_normalize_rows(np.stack([self._raw_vector(text) for text in texts]), source=self.provider_name)

    def embed_query(self, text: str) -> FloatVector:
        """Embed a query exactly like a document (the fake is symmetric)."""
        return self.embed_texts([text])[0]

    def estimate_tokens(self, texts: Sequence[str]) -> int:
        """Estimate tokens from characters."""
        return estimate_tokens_from_chars(texts)

    def _raw_vector(self, text: str) -> FloatVector:
        # sha256 in counter mode rather than numpy's RNG: numpy does not promise a stable random stream across
        # versions, and a fake whose vectors change after an upgrade would break stored test fixtures.
        seed = text.encode("utf-8")
        needed = self.dimension * 4
        blocks = bytearray()
        counter = 0
        while len(blocks) < needed:
            blocks += hashlib.sha256(counter.to_bytes(4, "big") + seed).digest()
            counter += 1
        words = np.frombuffer(bytes(blocks[:needed]), dtype=">u4").astype(np.float64)
        # Uniform in [-1, 1); the all-equal-bytes case cannot produce a zero vector for any realistic dimension.
        return (words / 2.0**31 - 1.0).astype(np.float32)
