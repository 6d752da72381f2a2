"""The network embedding providers against local stand-ins.

Voyage runs through the real `voyageai` SDK, pointed (by its `base_url`) at a Starlette app served by uvicorn on a
random loopback port, so the SDK's own request building and error mapping are exercised. Ollama and the
OpenAI-compatible provider use httpx's MockTransport, plus a real closed port for the connection failure.
"""

from __future__ import annotations

import base64
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import numpy as np
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from domains.knowledge.embeddings import (
    EmbeddingDimensionMismatch,
    EmbeddingRateLimited,
    EmbeddingUnavailable,
    OllamaEmbeddingProvider,
    OpenAIEmbeddingProvider,
    VoyageEmbeddingProvider,
)

DIM = 16


def one_hot_rows(texts: list[str], dimension: int = DIM) -> list[list[float]]:
    """Vectors a test can trace back to their text: text of length n is hot at n % dimension, scaled by 3."""
    rows = []
    for text in texts:
        row = [0.0] * dimension
        row[len(text) % dimension] = 3.0  # not unit length: the provider must normalise
        rows.append(row)
    return rows


def hot_index(vectors: np.ndarray) -> list[int]:
    return [int(i) for i in np.argmax(vectors, axis=1)]


# --- Voyage: the real SDK against a local server ---------------------------------------------------------------


@dataclass
class VoyageStandIn:
    """Scripted answers and a record of requests, shared with the server thread."""

    base_url: str = ""
    requests: list[tuple[float, dict[str, str], dict[str, Any]]] = field(default_factory=list)
    script: list[tuple[int, Any, dict[str, str]]] = field(default_factory=list)
    dimension_override: int | None = None

    def reset(self) -> None:
        self.requests.clear()
        self.script.clear()
        self.dimension_override = None


def _voyage_app(state: VoyageStandIn) -> Starlette:
    async def embeddings(request: Request) -> Response:
        body = await request.json()
        state.requests.append((time.monotonic(), dict(request.headers), body))
        if state.script:
            status, payload, headers = state.script.pop(0)
            return JSONResponse(payload, status_code=status, headers=headers)
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        dimension = state.dimension_override or body.get("output_dimension") or 1024
        rows = one_hot_rows(texts, dimension)
        if body.get("encoding_format") == "base64":  # what the SDK asks for by default, as the real API answers
            encoded: list[Any] = [base64.b64encode(np.asarray(r, dtype="<f4").tobytes()).decode() for r in rows]
        else:
            encoded = rows
        data = [{"object": "embedding", "embedding": e, "index": i} for i, e in enumerate(encoded)]
        tokens = sum(len(t) // 4 + 1 for t in texts)
        return JSONResponse({"object": "list", "data": data, "model": body["model"], "usage": {"total_tokens": tokens}})

    return Starlette(routes=[Route("/v1/embeddings", embeddings, methods=["POST"])])


@pytest.fixture(scope="module")
def voyage_server() -> Iterator[VoyageStandIn]:
    state = VoyageStandIn()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(_voyage_app(state), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the Voyage stand-in did not start")
        time.sleep(0.01)
    state.base_url = f"http://127.0.0.1:{port}/v1"
    yield state
    server.should_exit = True
    thread.join(timeout=5)
    sock.close()


@pytest.fixture
def voyage(voyage_server: VoyageStandIn) -> VoyageStandIn:
    voyage_server.reset()
    return voyage_server


def make_voyage(state: VoyageStandIn, **overrides: Any) -> VoyageEmbeddingProvider:
    options: dict[str, Any] = {
        "api_key": "pa-test-key",
        "model": "voyage-4-lite",
        "dimension": DIM,
        "min_interval_seconds": 0.0,
        "tokens_per_minute": None,
        "base_url": state.base_url,
        "timeout_seconds": 10.0,
    }
    options.update(overrides)
    return VoyageEmbeddingProvider(**options)


def test_voyage_embeds_documents_through_the_sdk(voyage: VoyageStandIn) -> None:
    texts = ["a", "bbb", "cc", "dddddd"]
    vectors = make_voyage(voyage).embed_texts(texts)
    assert vectors.shape == (4, DIM) and vectors.dtype == np.float32
    assert hot_index(vectors) == [1, 3, 2, 6]
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    [(_, headers, body)] = voyage.requests
    assert headers["authorization"] == "Bearer pa-test-key"
    assert body["input"] == texts
    assert body["model"] == "voyage-4-lite"
    assert body["input_type"] == "document"
    assert body["output_dimension"] == DIM


def test_voyage_embeds_queries_with_query_input_type(voyage: VoyageStandIn) -> None:
    vector = make_voyage(voyage).embed_query("what is up")
    assert vector.shape == (DIM,)
    assert int(np.argmax(vector)) == len("what is up") % DIM
    assert voyage.requests[0][2]["input_type"] == "query"


def test_voyage_splits_batches_by_the_request_limits(voyage: VoyageStandIn) -> None:
    texts = [str(i) * (i + 1) for i in range(7)]
    vectors = make_voyage(voyage, max_inputs_per_request=3).embed_texts(texts)
    assert [len(r[2]["input"]) for r in voyage.requests] == [3, 3, 1]
    assert hot_index(vectors) == [len(t) % DIM for t in texts]


def test_voyage_keeps_a_batch_inside_the_per_minute_budget(voyage: VoyageStandIn) -> None:
    # 400 characters are ~100 tokens; with a 250-token budget at most two such texts fit in one request.
    texts = ["x" * 400] * 5
    clock = FakeClock()
    make_voyage(voyage, tokens_per_minute=250, clock=clock.now, sleep=clock.sleep).embed_texts(texts)
    assert [len(r[2]["input"]) for r in voyage.requests] == [2, 2, 1]
    assert len(clock.sleeps) == 2  # each later request waited for the minute to roll over


def test_voyage_paces_calls_by_the_minimum_interval(voyage: VoyageStandIn) -> None:
    texts = ["a", "b", "c", "d", "e"]
    clock = FakeClock()  # the pacer's own clock: deterministic, unlike arrival times on a busy machine
    make_voyage(
        voyage, min_interval_seconds=0.3, max_inputs_per_request=2, clock=clock.now, sleep=clock.sleep
    ).embed_texts(texts)
    assert len(voyage.requests) == 3
    assert len(clock.sleeps) == 2 and all(s == pytest.approx(0.3) for s in clock.sleeps)


def test_voyage_waits_for_the_token_budget_to_refill(voyage: VoyageStandIn) -> None:
    clock = FakeClock()
    provider = make_voyage(voyage, tokens_per_minute=100, clock=clock.now, sleep=clock.sleep)
    provider.embed_texts(["y" * 300])  # the stand-in reports 76 tokens used
    provider.embed_texts(["z" * 300])
    assert len(voyage.requests) == 2
    assert clock.sleeps and clock.sleeps[-1] == pytest.approx(60.0, abs=0.01)


def test_voyage_429_is_rate_limited_with_retry_after(voyage: VoyageStandIn) -> None:
    voyage.script.append((429, {"detail": "Rate limit exceeded"}, {"Retry-After": "7"}))
    clock = FakeClock()
    provider = make_voyage(voyage, clock=clock.now, sleep=clock.sleep)
    with pytest.raises(EmbeddingRateLimited) as caught:
        provider.embed_texts(["hello"])
    assert caught.value.retry_after == 7.0
    assert caught.value.headers["Retry-After"] == "7"
    assert caught.value.code == "semantic_unavailable"
    provider.embed_texts(["again"])  # the pacer holds the next call back by the Retry-After
    assert sum(clock.sleeps) == pytest.approx(7.0, abs=0.01)


def test_voyage_429_without_header_waits_a_minute(voyage: VoyageStandIn) -> None:
    voyage.script.append((429, {"detail": "Too many tokens"}, {}))
    with pytest.raises(EmbeddingRateLimited) as caught:
        make_voyage(voyage).embed_texts(["hello"])
    assert caught.value.retry_after == 60.0


@pytest.mark.parametrize("status", [500, 503, 400, 401])
def test_voyage_other_failures_are_unavailable(voyage: VoyageStandIn, status: int) -> None:
    voyage.script.append((status, {"detail": "boom: secret internals"}, {}))
    with pytest.raises(EmbeddingUnavailable) as caught:
        make_voyage(voyage).embed_texts(["hello"])
    assert not isinstance(caught.value, EmbeddingRateLimited)
    assert "secret internals" not in caught.value.message


def test_voyage_malformed_body_is_unavailable(voyage: VoyageStandIn) -> None:
    voyage.script.append((200, {"unexpected": True}, {}))
    with pytest.raises(EmbeddingUnavailable):
        make_voyage(voyage).embed_texts(["hello"])


def test_voyage_wrong_dimension_is_a_mismatch(voyage: VoyageStandIn) -> None:
    voyage.dimension_override = DIM * 2
    with pytest.raises(EmbeddingDimensionMismatch):
        make_voyage(voyage).embed_texts(["hello"])


def test_voyage_unreachable_is_unavailable(voyage: VoyageStandIn) -> None:
    with pytest.raises(EmbeddingUnavailable):
        make_voyage(voyage, base_url=f"http://127.0.0.1:{closed_port()}/v1").embed_texts(["hello"])


def test_voyage_needs_an_api_key() -> None:
    with pytest.raises(EmbeddingUnavailable, match="ORION_VOYAGE_API_KEY"):
        VoyageEmbeddingProvider(api_key="", model="voyage-4-lite", dimension=DIM)


class FakeClock:
    """A monotonic clock that only moves when the code under test sleeps."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds


def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- Ollama and OpenAI-compatible: httpx MockTransport ----------------------------------------------------------


@dataclass
class Recorder:
    """A MockTransport handler that records requests and answers with `respond`."""

    respond: Callable[[dict[str, Any]], httpx.Response]
    requests: list[httpx.Request] = field(default_factory=list)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.respond(json.loads(request.content))

    @property
    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(r.content) for r in self.requests]

    @property
    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self)


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
