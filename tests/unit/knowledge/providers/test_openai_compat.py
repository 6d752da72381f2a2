"""The OpenAI-compatible provider through httpx's MockTransport."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from domains.knowledge.embeddings import (
    EmbeddingDimensionMismatch,
    EmbeddingRateLimited,
    EmbeddingUnavailable,
    OpenAIEmbeddingProvider,
)
from tests.unit.knowledge.providers.standins import Recorder, hot_index, one_hot_rows


def openai_ok(dimension: int = 1536, *, reverse: bool = False) -> Callable[[dict[str, Any]], httpx.Response]:
    def respond(body: dict[str, Any]) -> httpx.Response:
        rows = one_hot_rows(body["input"], body.get("dimensions", dimension))
        data = [{"object": "embedding", "index": i, "embedding": r} for i, r in enumerate(rows)]
        if reverse:
            data.reverse()
        return httpx.Response(200, json={"object": "list", "data": data, "model": body["model"]})

    return respond


def make_openai(recorder: Recorder, **kw: Any) -> OpenAIEmbeddingProvider:
    options: dict[str, Any] = {"base_url": "https://api.example.test/v1/", "model": "text-embedding-3-small"}
    options.update(kw)
    return OpenAIEmbeddingProvider(transport=recorder.transport, **options)


def test_openai_posts_to_embeddings_with_bearer_key() -> None:
    recorder = Recorder(openai_ok())
    vectors = make_openai(recorder, api_key="sk-test").embed_texts(["alpha", "be"])
    request = recorder.requests[0]
    assert str(request.url) == "https://api.example.test/v1/embeddings"
    assert request.headers["authorization"] == "Bearer sk-test"
    assert recorder.bodies[0] == {"model": "text-embedding-3-small", "input": ["alpha", "be"]}
    assert vectors.shape == (2, 1536)
    assert hot_index(vectors) == [5, 2]


def test_openai_sends_dimensions_only_when_configured() -> None:
    recorder = Recorder(openai_ok())
    provider = make_openai(recorder, dimension=256)
    assert provider.embed_query("q").shape == (256,)
    assert recorder.bodies[0]["dimensions"] == 256
    assert "authorization" not in recorder.requests[0].headers  # a keyless local server gets no header


def test_openai_orders_by_index() -> None:
    vectors = make_openai(Recorder(openai_ok(reverse=True))).embed_texts(["a", "bb", "ccc"])
    assert hot_index(vectors) == [1, 2, 3]


def test_openai_batches_by_the_request_limits() -> None:
    recorder = Recorder(openai_ok())
    texts = ["t" * n for n in range(1, 8)]
    vectors = make_openai(recorder, max_inputs_per_request=3).embed_texts(texts)
    assert [len(b["input"]) for b in recorder.bodies] == [3, 3, 1]
    assert hot_index(vectors) == list(range(1, 8))
    recorder = Recorder(openai_ok())
    make_openai(recorder, max_tokens_per_request=50).embed_texts(["u" * 120] * 4)  # 30 tokens each
    assert [len(b["input"]) for b in recorder.bodies] == [1, 1, 1, 1]


def test_openai_429_is_rate_limited() -> None:
    recorder = Recorder(lambda body: httpx.Response(429, headers={"retry-after": "3"}, json={"error": {}}))
    with pytest.raises(EmbeddingRateLimited) as caught:
        make_openai(recorder).embed_texts(["x"])
    assert caught.value.retry_after == 3.0


def test_openai_429_with_an_http_date() -> None:
    when = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 120))
    recorder = Recorder(lambda body: httpx.Response(429, headers={"retry-after": when}, json={}))
    with pytest.raises(EmbeddingRateLimited) as caught:
        make_openai(recorder).embed_texts(["x"])
    assert 100 <= caught.value.retry_after <= 121


@pytest.mark.parametrize("status", [401, 500, 502])
def test_openai_errors_are_unavailable(status: int) -> None:
    with pytest.raises(EmbeddingUnavailable, match=f"HTTP {status}"):
        make_openai(Recorder(lambda body: httpx.Response(status, json={"error": "x"}))).embed_texts(["x"])


def test_openai_wrong_dimension_is_a_mismatch() -> None:
    with pytest.raises(EmbeddingDimensionMismatch):
        make_openai(Recorder(openai_ok(512))).embed_texts(["x"])


def test_openai_inconsistent_indexes_are_unavailable() -> None:
    def duplicate(body: dict[str, Any]) -> httpx.Response:
        data = [{"index": 0, "embedding": [1.0] * 1536}, {"index": 0, "embedding": [1.0] * 1536}]
        return httpx.Response(200, json={"data": data})

    with pytest.raises(EmbeddingUnavailable, match="indexes"):
        make_openai(Recorder(duplicate)).embed_texts(["x", "y"])


def test_openai_unknown_model_needs_a_dimension() -> None:
    with pytest.raises(EmbeddingUnavailable, match="ORION_OPENAI_EMBEDDING_DIMENSION"):
        make_openai(Recorder(openai_ok()), model="my-local-embedder")
    assert make_openai(Recorder(openai_ok()), model="my-local-embedder", dimension=64).dimension == 64
