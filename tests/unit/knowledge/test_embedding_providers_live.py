"""Live checks of the network embedding providers; each skips, saying why, when its service is not configured.

Run them where the service exists: ORION_VOYAGE_API_KEY for Voyage, a running Ollama (ORION_OLLAMA_BASE_URL, with
the model pulled) for Ollama, ORION_OPENAI_EMBEDDING_API_KEY for OpenAI.
"""

from __future__ import annotations

import httpx
import numpy as np
import pytest

from domains.knowledge.embeddings import (
    EmbeddingProvider,
    OllamaEmbeddingProvider,
    OpenAIEmbeddingProvider,
    VoyageEmbeddingProvider,
)
from packages.config.settings import Settings, load_settings

TEXTS = ["How do I reset my password?", "Steps to change a forgotten password", "The capital of France is Paris"]


@pytest.fixture(scope="module")
def settings() -> Settings:
    return load_settings()


def assert_semantic(provider: EmbeddingProvider) -> None:
    documents = provider.embed_texts(TEXTS[1:])
    query = provider.embed_query(TEXTS[0])
    assert documents.shape == (2, provider.dimension) and query.shape == (provider.dimension,)
    np.testing.assert_allclose(np.linalg.norm(documents, axis=1), 1.0, atol=1e-5)
    paraphrase, unrelated = documents @ query
    assert paraphrase > unrelated + 0.1, (paraphrase, unrelated)


def test_voyage_live(settings: Settings) -> None:
    if settings.voyage_api_key is None:
        pytest.skip("LIVE TEST NOT RUN: ORION_VOYAGE_API_KEY is not set, so Voyage was not called")
    provider = VoyageEmbeddingProvider(
        api_key=settings.voyage_api_key.get_secret_value(),
        model=settings.voyage_embedding_model,
        dimension=settings.voyage_embedding_dimension,
        min_interval_seconds=settings.voyage_min_interval_seconds,
        tokens_per_minute=settings.voyage_tokens_per_minute,
    )
    assert_semantic(provider)


def test_ollama_live(settings: Settings) -> None:
    base = settings.ollama_base_url.rstrip("/")
    try:
        tags = httpx.get(f"{base}/api/tags", timeout=2.0).json()
    except (httpx.HTTPError, ValueError):
        pytest.skip(f"LIVE TEST NOT RUN: no Ollama server answers at {base}")
    model = settings.ollama_embedding_model
    names = {entry.get("name", "") for entry in tags.get("models", [])}
    if not any(name == model or name.split(":")[0] == model for name in names):
        pytest.skip(f"LIVE TEST NOT RUN: Ollama at {base} has no {model!r}; run `ollama pull {model}`")
    assert_semantic(OllamaEmbeddingProvider(base_url=base, model=model))


def test_openai_live(settings: Settings) -> None:
    if settings.openai_embedding_api_key is None:
        pytest.skip("LIVE TEST NOT RUN: ORION_OPENAI_EMBEDDING_API_KEY is not set, so no OpenAI endpoint was called")
    provider = OpenAIEmbeddingProvider(
        base_url=settings.openai_embedding_base_url,
        model=settings.openai_embedding_model,
        api_key=settings.openai_embedding_api_key.get_secret_value(),
        dimension=settings.openai_embedding_dimension,
    )
    assert_semantic(provider)
