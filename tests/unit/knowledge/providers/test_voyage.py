"""Voyage through the real `voyageai` SDK, pointed (by its `base_url`) at a Starlette app served by uvicorn on a
random loopback port, so the SDK's own request building and error mapping are exercised."""

from __future__ import annotations

import base64
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

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
    VoyageEmbeddingProvider,
)
from tests.unit.knowledge.providers.standins import DIM, FakeClock, closed_port, hot_index, one_hot_rows


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
