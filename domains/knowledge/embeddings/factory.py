"""The one place that turns settings into an embedding provider."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from domains.knowledge.embeddings.base import EmbeddingProvider
from domains.knowledge.embeddings.errors import EmbeddingUnavailable
from domains.knowledge.embeddings.fake import FakeEmbeddingProvider
from domains.knowledge.embeddings.local import LocalEmbeddingProvider
from domains.knowledge.embeddings.ollama import OllamaEmbeddingProvider
from domains.knowledge.embeddings.openai_compatible import OpenAIEmbeddingProvider
from domains.knowledge.embeddings.voyage import VoyageEmbeddingProvider
from packages.config.settings import Settings

_PROVIDERS: dict[Hashable, EmbeddingProvider] = {}
_LOCK = threading.Lock()


def get_configured_embedding_provider(settings: Settings) -> EmbeddingProvider:
    """Return the embedding provider the settings select, one shared instance per configuration."""
    # Sharing matters: the local model is loaded once per process, and a rate-limited provider's pacing only
    # works if every caller goes through the same instance.
    key, build = _recipe(settings)
    with _LOCK:
        provider = _PROVIDERS.get(key)
        if provider is None:
            provider = _PROVIDERS[key] = build()
        return provider


def clear_embedding_provider_cache() -> None:
    """Forget the shared instances (tests that change settings call this)."""
    with _LOCK:
        _PROVIDERS.clear()


Recipe = tuple[Hashable, Callable[[], EmbeddingProvider]]


def _recipe(settings: Settings) -> Recipe:
    kind = settings.embedding_provider
    if kind == "local":
        return _local_recipe(settings)
    if kind == "fake":
        return (kind,), FakeEmbeddingProvider
    if kind == "voyage":
        return _voyage_recipe(settings)
    if kind == "ollama":
        base_url, model = settings.ollama_base_url, settings.ollama_embedding_model
        return (kind, base_url, model), lambda: OllamaEmbeddingProvider(base_url=base_url, model=model)
    if kind == "openai":
        return _openai_recipe(settings)
    raise EmbeddingUnavailable(f"unknown embedding provider {kind!r}")


def _local_recipe(settings: Settings) -> Recipe:
    batch, threads = settings.embedding_batch_size, settings.embedding_threads
    return ("local", batch, threads), lambda: LocalEmbeddingProvider(batch_size=batch, threads=threads)


def _voyage_recipe(settings: Settings) -> Recipe:
    if settings.voyage_api_key is None:
        raise EmbeddingUnavailable("ORION_EMBEDDING_PROVIDER=voyage needs ORION_VOYAGE_API_KEY")
    api_key = settings.voyage_api_key.get_secret_value()
    model, dimension = settings.voyage_embedding_model, settings.voyage_embedding_dimension
    interval, tpm = settings.voyage_min_interval_seconds, settings.voyage_tokens_per_minute
    return ("voyage", api_key, model, dimension, interval, tpm), lambda: VoyageEmbeddingProvider(
        api_key=api_key, model=model, dimension=dimension, min_interval_seconds=interval, tokens_per_minute=tpm
    )


def _openai_recipe(settings: Settings) -> Recipe:
    key = settings.openai_embedding_api_key
    secret = key.get_secret_value() if key is not None else None
    base_url, model = settings.openai_embedding_base_url, settings.openai_embedding_model
    dimension = settings.openai_embedding_dimension
    return ("openai", base_url, model, secret, dimension), lambda: OpenAIEmbeddingProvider(
        base_url=base_url, model=model, api_key=secret, dimension=dimension
    )
