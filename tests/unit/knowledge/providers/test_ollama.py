"""Ollama through httpx's MockTransport, plus a real closed port for the connection failure."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import numpy as np
import pytest

from domains.knowledge.embeddings import (
    EmbeddingDimensionMismatch,
    EmbeddingUnavailable,
    OllamaEmbeddingProvider,
)
from tests.unit.knowledge.providers.standins import Recorder, closed_port, hot_index, one_hot_rows


def ollama_ok(dimension: int = 768) -> Callable[[dict[str, Any]], httpx.Response]:
    def respond(body: dict[str, Any]) -> httpx.Response:
        return httpx.Response(200, json={"model": body["model"], "embeddings": one_hot_rows(body["input"], dimension)})

    return respond


def make_ollama(recorder: Recorder, model: str = "nomic-embed-text", **kw: Any) -> OllamaEmbeddingProvider:
    base_url = "http://ollama.test:11434/"
    return OllamaEmbeddingProvider(base_url=base_url, model=model, transport=recorder.transport, **kw)


def test_ollama_sends_the_whole_batch_with_document_prefixes() -> None:
    recorder = Recorder(ollama_ok())
    texts = [f"chunk {i}" * (i + 1) for i in range(40)]
    vectors = make_ollama(recorder).embed_texts(texts)
    assert len(recorder.requests) == 1
    assert str(recorder.requests[0].url) == "http://ollama.test:11434/api/embed"
    body = recorder.bodies[0]
    assert body["model"] == "nomic-embed-text"
    assert body["input"] == ["search_document: " + t for t in texts]
    assert vectors.shape == (40, 768)
    assert hot_index(vectors) == [len("search_document: " + t) % 768 for t in texts]
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_ollama_prefixes_queries() -> None:
    recorder = Recorder(ollama_ok())
    vector = make_ollama(recorder).embed_query("who signed it?")
    assert recorder.bodies[0]["input"] == ["search_query: who signed it?"]
    assert vector.shape == (768,)


def test_ollama_model_identity() -> None:
    provider = make_ollama(Recorder(ollama_ok()), model="nomic-embed-text:v1.5")
    assert (provider.model_name, provider.model_version, provider.dimension) == ("nomic-embed-text", "v1.5", 768)
    assert provider.model_key == "ollama:nomic-embed-text:v1.5"
    assert provider.tokens_per_minute is None
    assert make_ollama(Recorder(ollama_ok())).model_version == "latest"


def test_ollama_unknown_model_needs_a_dimension() -> None:
    with pytest.raises(EmbeddingUnavailable, match="dimension"):
        make_ollama(Recorder(ollama_ok()), model="some-new-embedder")
    recorder = Recorder(ollama_ok(32))
    provider = make_ollama(recorder, model="some-new-embedder", dimension=32)
    assert provider.embed_texts(["plain"]).shape == (1, 32)
    assert recorder.bodies[0]["input"] == ["plain"]  # no prefixes for a model we know nothing about


def test_ollama_missing_model_says_how_to_pull_it() -> None:
    recorder = Recorder(lambda body: httpx.Response(404, json={"error": "model not found"}))
    with pytest.raises(EmbeddingUnavailable, match="ollama pull nomic-embed-text"):
        make_ollama(recorder).embed_texts(["x"])


def test_ollama_server_error_is_unavailable() -> None:
    recorder = Recorder(lambda body: httpx.Response(500, json={"error": "out of memory"}))
    with pytest.raises(EmbeddingUnavailable, match="HTTP 500"):
        make_ollama(recorder).embed_texts(["x"])


def test_ollama_not_running_is_unavailable() -> None:
    provider = OllamaEmbeddingProvider(base_url=f"http://127.0.0.1:{closed_port()}", model="nomic-embed-text")
    with pytest.raises(EmbeddingUnavailable, match="could not be reached"):
        provider.embed_query("x")


def test_ollama_timeout_is_unavailable() -> None:
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("too slow", request=request)

    transport = httpx.MockTransport(slow)
    provider = OllamaEmbeddingProvider(base_url="http://o", model="nomic-embed-text", transport=transport)
    with pytest.raises(EmbeddingUnavailable, match="timed out"):
        provider.embed_texts(["x"])


def test_ollama_wrong_dimension_is_a_mismatch() -> None:
    with pytest.raises(EmbeddingDimensionMismatch, match="768"):
        make_ollama(Recorder(ollama_ok(384))).embed_texts(["x", "y"])


NAN_BODY = '{"embeddings": [[' + ",".join(["NaN"] * 768) + "], [" + ",".join(["1"] * 768) + "]]}"


@pytest.mark.parametrize(
    "response",
    [
        httpx.Response(200, json={"embeddings": [[1.0] * 768]}),  # one vector for two texts
        httpx.Response(200, json={"embedding": [1.0] * 768}),  # the legacy endpoint's shape
        httpx.Response(200, text="<html>proxy error</html>"),
        httpx.Response(200, json={"embeddings": [[0.0] * 768, [1.0] * 768]}),  # a zero vector cannot be normalised
        # Python's json module (and so httpx) accepts a bare NaN, which some servers emit.
        httpx.Response(200, content=NAN_BODY),
    ],
)
def test_ollama_malformed_responses_are_unavailable(response: httpx.Response) -> None:
    with pytest.raises(EmbeddingUnavailable):
        make_ollama(Recorder(lambda body: response)).embed_texts(["x", "y"])
