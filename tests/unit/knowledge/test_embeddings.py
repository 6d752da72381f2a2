"""Embedding basics: the fake provider, dimension validation, pacing helpers, the factory, and the local model."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from domains.knowledge.embeddings import (
    LOCAL_DIMENSION,
    EmbeddingDimensionMismatch,
    EmbeddingProvider,
    EmbeddingProviderError,
    EmbeddingRateLimited,
    EmbeddingUnavailable,
    FakeEmbeddingProvider,
    LocalEmbeddingProvider,
    LocalModelMissing,
    OllamaEmbeddingProvider,
    OpenAIEmbeddingProvider,
    VoyageEmbeddingProvider,
    clear_embedding_provider_cache,
    get_configured_embedding_provider,
    local_model_files,
    validate_dimension,
)
from domains.knowledge.embeddings import local as local_module
from domains.knowledge.embeddings.base import RequestPacer, parse_retry_after, request_batches
from packages.config.settings import Settings, SettingsError, load_settings
from packages.core.errors import ServiceUnavailable


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


# --- the fake provider ----------------------------------------------------------------------------------------


def test_fake_is_deterministic_across_instances() -> None:
    first = FakeEmbeddingProvider().embed_texts(["alpha", "beta"])
    second = FakeEmbeddingProvider().embed_texts(["alpha", "beta"])
    assert np.array_equal(first, second)
    assert not np.allclose(first[0], first[1])


def test_fake_vectors_are_pinned() -> None:
    # Pinned values: a change to the hashing scheme silently invalidates every stored fake vector.
    vector = FakeEmbeddingProvider(dimension=4).embed_query("orion")
    np.testing.assert_allclose(vector, [0.7119666, -0.6430564, 0.1974905, 0.2014437], atol=1e-6)


def test_fake_is_unit_length_float32_with_the_configured_dimension() -> None:
    for dimension in (3, 256, 384, 1000):
        vectors = FakeEmbeddingProvider(dimension=dimension).embed_texts(["one", "", "three"])
        assert vectors.shape == (3, dimension)
        assert vectors.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_fake_default_dimension_and_identity() -> None:
    provider = FakeEmbeddingProvider()
    assert provider.dimension == 384
    assert provider.model_key == "fake:sha256-uniform:1"
    assert provider.tokens_per_minute is None
    assert isinstance(provider, EmbeddingProvider)


def test_fake_query_matches_document_and_empty_input() -> None:
    provider = FakeEmbeddingProvider()
    np.testing.assert_array_equal(provider.embed_query("same"), provider.embed_texts(["same"])[0])
    assert provider.embed_texts([]).shape == (0, 384)


def test_fake_is_not_semantic() -> None:
    provider = FakeEmbeddingProvider()
    a, b = provider.embed_texts(["reset my password", "reset my password."])
    assert abs(cosine(a, b)) < 0.3  # a one-character change gives an unrelated vector


def test_fake_rejects_a_bad_dimension() -> None:
    with pytest.raises(ValueError):
        FakeEmbeddingProvider(dimension=0)


# --- validate_dimension and errors ----------------------------------------------------------------------------


def test_validate_dimension_accepts_matching_vectors() -> None:
    matrix = validate_dimension([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 3)
    assert matrix.shape == (2, 3) and matrix.dtype == np.float32
    assert validate_dimension(np.ones(5), 5).shape == (5,)
    assert validate_dimension(np.zeros((0, 7)), 7).shape == (0, 7)


@pytest.mark.parametrize(
    "vectors",
    [
        [[1.0, 2.0]],  # too short
        [[1.0] * 4],  # too long
        np.ones(2),  # one vector, wrong length
        [[1.0, 2.0, 3.0], [1.0, 2.0]],  # ragged
        np.ones((2, 3, 1)),  # not vectors at all
        [],
    ],
)
def test_validate_dimension_fails_loudly(vectors: Any) -> None:
    with pytest.raises(EmbeddingDimensionMismatch) as caught:
        validate_dimension(vectors, 3)
    assert "3" in caught.value.message


def test_errors_carry_the_contract_code() -> None:
    for error in (EmbeddingUnavailable(), EmbeddingDimensionMismatch(), EmbeddingRateLimited(retry_after=2.2)):
        assert isinstance(error, EmbeddingProviderError)
        assert isinstance(error, ServiceUnavailable)
        assert error.status == 503
        assert error.code == "semantic_unavailable"
    limited = EmbeddingRateLimited(retry_after=2.2)
    assert limited.retry_after == 2.2
    assert limited.headers == {"Retry-After": "3"}
    assert EmbeddingRateLimited(retry_after=0).headers == {"Retry-After": "1"}


# --- batching and pacing helpers ------------------------------------------------------------------------------


def test_request_batches_respect_items_and_tokens() -> None:
    assert list(request_batches([1] * 7, max_items=3, max_tokens=None)) == [(0, 3), (3, 6), (6, 7)]
    assert list(request_batches([40, 40, 40, 10], max_items=100, max_tokens=90)) == [(0, 2), (2, 4)]
    # A single text over the cap still goes, alone.
    assert list(request_batches([5, 500, 5], max_items=100, max_tokens=100)) == [(0, 1), (1, 2), (2, 3)]
    assert list(request_batches([], max_items=3, max_tokens=10)) == []


def test_parse_retry_after() -> None:
    assert parse_retry_after("12") == 12.0
    assert parse_retry_after("1.5") == 1.5
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=lambda: 1445412460.0) == pytest.approx(20.0)
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    assert parse_retry_after("-5") == 0.0


class Clock:
    def __init__(self) -> None:
        self.t = 0.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds


def test_pacer_spaces_calls_by_the_interval() -> None:
    clock = Clock()
    pacer = RequestPacer(min_interval_seconds=2.0, clock=clock.now, sleep=clock.sleep)
    pacer.acquire(1)
    clock.t += 0.5
    pacer.acquire(1)
    pacer.acquire(1)
    assert clock.sleeps == [1.5, 2.0]


def test_pacer_keeps_a_rolling_token_budget() -> None:
    clock = Clock()
    pacer = RequestPacer(tokens_per_minute=100, clock=clock.now, sleep=clock.sleep)
    pacer.acquire(60)
    clock.t += 10
    pacer.acquire(40)  # exactly the budget: no wait
    assert clock.sleeps == []
    pacer.acquire(1)  # waits until the first booking leaves the window
    assert clock.sleeps == [50.0]
    booking = pacer.acquire(0)
    pacer.correct(booking, 1000)  # the provider reported far more than estimated
    pacer.acquire(1)
    assert clock.t == pytest.approx(120.0)  # held back until the corrected booking (made at t=60) expired


def test_pacer_lets_an_oversized_call_through_on_an_empty_window() -> None:
    clock = Clock()
    pacer = RequestPacer(tokens_per_minute=10, clock=clock.now, sleep=clock.sleep)
    pacer.acquire(50)
    assert clock.sleeps == []


def test_pacer_defers_after_a_rate_limit() -> None:
    clock = Clock()
    pacer = RequestPacer(clock=clock.now, sleep=clock.sleep)
    pacer.defer(7.0)
    pacer.acquire(1)
    assert clock.sleeps == [7.0]


# --- the factory ----------------------------------------------------------------------------------------------


def settings_for(tmp_path: Path, **overrides: Any) -> Settings:
    return load_settings(environment="test", data_dir=tmp_path, **overrides)


@pytest.fixture(autouse=True)
def _fresh_factory() -> Any:
    clear_embedding_provider_cache()
    yield
    clear_embedding_provider_cache()


def test_factory_defaults_to_the_local_model_and_shares_it(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    assert settings.embedding_provider == "local"
    provider = get_configured_embedding_provider(settings)
    assert isinstance(provider, LocalEmbeddingProvider)
    assert get_configured_embedding_provider(settings_for(tmp_path)) is provider
    assert provider.dimension == LOCAL_DIMENSION


def test_factory_passes_local_tuning(tmp_path: Path) -> None:
    provider = get_configured_embedding_provider(settings_for(tmp_path, embedding_batch_size=8, embedding_threads=1))
    assert isinstance(provider, LocalEmbeddingProvider)
    assert (provider.batch_size, provider.threads) == (8, 1)


def test_factory_builds_the_fake(tmp_path: Path) -> None:
    provider = get_configured_embedding_provider(settings_for(tmp_path, embedding_provider="fake"))
    assert isinstance(provider, FakeEmbeddingProvider)


def test_factory_builds_voyage_from_settings(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="ORION_VOYAGE_API_KEY"):
        settings_for(tmp_path, embedding_provider="voyage")
    settings = settings_for(
        tmp_path, embedding_provider="voyage", voyage_api_key="pa-x", voyage_embedding_dimension=512
    )
    provider = get_configured_embedding_provider(settings)
    assert isinstance(provider, VoyageEmbeddingProvider)
    assert (provider.model_name, provider.dimension, provider.tokens_per_minute) == ("voyage-4-lite", 512, 10_000)
    assert provider.model_key == "voyage:voyage-4-lite:api"
    assert get_configured_embedding_provider(settings) is provider  # one pacer for every caller


def test_factory_builds_ollama_and_openai(tmp_path: Path) -> None:
    ollama = get_configured_embedding_provider(settings_for(tmp_path, embedding_provider="ollama"))
    assert isinstance(ollama, OllamaEmbeddingProvider)
    assert (ollama.dimension, ollama.url) == (768, "http://localhost:11434/api/embed")
    openai = get_configured_embedding_provider(
        settings_for(tmp_path, embedding_provider="openai", openai_embedding_dimension=256)
    )
    assert isinstance(openai, OpenAIEmbeddingProvider)
    assert (openai.model_name, openai.dimension) == ("text-embedding-3-small", 256)


# --- the local model ------------------------------------------------------------------------------------------


def test_local_model_files_are_present() -> None:
    files = local_model_files()
    assert files.model.name == "model.onnx" and files.model.stat().st_size > 10_000_000
    assert files.tokenizer.name == "tokenizer.json" and files.tokenizer.is_file()


def test_local_model_files_names_a_missing_tokenizer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(local_module, "TOKENIZER_PATH", tmp_path / "nope" / "tokenizer.json")
    with pytest.raises(LocalModelMissing, match="tokenizer"):
        local_model_files()


def test_local_identity_names_the_weights() -> None:
    provider = LocalEmbeddingProvider()
    assert provider.model_key.startswith("local:all-MiniLM-L6-v2:onnx-int8-")
    assert len(provider.model_version) == len("onnx-int8-") + 12
    assert provider.tokens_per_minute is None


@pytest.fixture(scope="module")
def local() -> LocalEmbeddingProvider:
    # A small batch size so that a dozen texts already span several length-sorted batches.
    return LocalEmbeddingProvider(batch_size=4)


LONG_SENTENCES = [
    "The committee reviewed the annual budget and approved the new spending plan for the library.",
    "Researchers measured the temperature of the lake every morning for three consecutive summers.",
    "The contract requires the supplier to deliver the parts within thirty days of each order.",
    "Volunteers planted two hundred trees along the river to reduce erosion after the floods.",
]


@pytest.mark.slow
def test_local_vectors_are_384_unit_float32(local: LocalEmbeddingProvider) -> None:
    vectors = local.embed_texts(["hello world", "", " ".join(LONG_SENTENCES * 5)])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert local.embed_texts([]).shape == (0, 384)
    assert local.embed_query("hello world").shape == (384,)


@pytest.mark.slow
def test_local_batches_return_input_order(local: LocalEmbeddingProvider) -> None:
    # Lengths deliberately unsorted, so length-sorting reorders them across three batches.
    texts = [
        f"Item {i}. " + " ".join(LONG_SENTENCES[: i % 4 + 1]) if i % 3 else f"short text number {i}" for i in range(11)
    ]
    batched = local.embed_texts(texts)
    singles = np.stack([local.embed_query(text) for text in texts])
    similarity = batched @ singles.T
    assert list(np.argmax(similarity, axis=1)) == list(range(len(texts)))
    assert np.diag(similarity).min() > 0.9999  # padding and batch-mates do not change a text's vector


@pytest.mark.slow
def test_local_is_semantic(local: LocalEmbeddingProvider) -> None:
    question, paraphrase, unrelated = local.embed_texts(
        ["How do I reset my password?", "Steps to change a forgotten password", "The capital of France is Paris"]
    )
    assert cosine(question, paraphrase) > 0.6
    assert cosine(question, unrelated) < 0.3
    assert cosine(question, paraphrase) > cosine(question, unrelated) + 0.3


@pytest.mark.slow
def test_local_truncates_at_256_word_pieces(local: LocalEmbeddingProvider) -> None:
    words = " ".join(LONG_SENTENCES * 8).split()
    # Find the word where the text passes ~200 word-pieces: beyond the tokenizer file's 128, inside 256.
    cut = next(i for i in range(len(words)) if local.estimate_tokens([" ".join(words[:i])]) >= 200)
    base = " ".join(words)
    assert local.estimate_tokens([base]) == 256
    changed_inside = " ".join([*words[:cut], "zebra", *words[cut + 1 :]])
    changed_beyond = base + " an entirely different ending about volcanoes and glaciers"
    original, inside, beyond = local.embed_texts([base, changed_inside, changed_beyond])
    assert cosine(original, inside) < 0.9999  # a change at word-piece ~200 counts
    np.testing.assert_allclose(original, beyond, atol=1e-6)  # a change after 256 does not


@pytest.mark.slow
def test_local_loads_once_under_concurrency(monkeypatch: pytest.MonkeyPatch) -> None:
    provider = LocalEmbeddingProvider()
    created = []
    original = LocalEmbeddingProvider._create_session

    def counting(self: LocalEmbeddingProvider) -> Any:
        created.append(1)
        return original(self)

    monkeypatch.setattr(LocalEmbeddingProvider, "_create_session", counting)
    barrier = threading.Barrier(4)
    results: list[np.ndarray] = []

    def worker() -> None:
        barrier.wait()
        results.append(provider.embed_query("concurrent start"))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(created) == 1
    assert len(results) == 4 and all(np.allclose(r, results[0], atol=1e-6) for r in results)


class RecordingSession:
    """Wraps an onnxruntime session and records the shape of every run."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.shapes: list[tuple[int, int]] = []

    def run(self, outputs: Any, feeds: dict[str, np.ndarray]) -> Any:
        self.shapes.append(feeds["input_ids"].shape)
        return self.session.run(outputs, feeds)


@pytest.mark.slow
def test_local_caps_texts_and_word_pieces_per_run() -> None:
    provider = LocalEmbeddingProvider(batch_size=5, max_batch_tokens=300)
    provider.warm_up()
    recorder = RecordingSession(provider._session)
    provider._session = recorder
    long_text = " ".join(LONG_SENTENCES * 8)  # truncated to 256 word-pieces
    texts = [long_text + f" {i}" for i in range(3)] + [f"tiny {i}" for i in range(12)]
    vectors = provider.embed_texts(texts)
    assert vectors.shape == (15, 384)
    assert recorder.shapes[0] == (1, 256)  # 300 // 256: one long text per run
    assert all(batch <= 5 for batch, _ in recorder.shapes)
    assert all(batch * width <= 300 or batch == 1 for batch, width in recorder.shapes)
    assert sum(batch for batch, _ in recorder.shapes) == 15
