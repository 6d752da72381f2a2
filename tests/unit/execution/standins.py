"""Local stand-in servers for the model APIs: a real HTTP server on 127.0.0.1 that answers as scripted.

The hosted model APIs cannot be reached from the test machine, so each provider is tested over real HTTP against a
small Starlette app served by uvicorn on a random port in a background thread. A test queues the responses it
wants per path (`reply`), the server records every request it receives (`requests`), and the body builders below
produce the documented response shapes of Anthropic's Messages API, Ollama's chat API and OpenAI's Chat Completions.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import defaultdict, deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

ANTHROPIC_PATH = "/v1/messages"
OLLAMA_PATH = "/api/chat"
OPENAI_PATH = "/v1/chat/completions"
STARTUP_SECONDS = 10.0


@dataclass(frozen=True)
class CannedResponse:
    """One scripted answer: a JSON body (dict) or raw text (str), after an optional delay."""

    body: dict[str, Any] | str
    status: int = 200
    delay_seconds: float = 0.0


@dataclass(frozen=True)
class RecordedRequest:
    """One request the stand-in received."""

    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class StandInServer:
    """The scripted state shared between the test thread and the server thread."""

    url: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _queues: dict[str, deque[CannedResponse]] = field(default_factory=lambda: defaultdict(deque))
    _requests: list[RecordedRequest] = field(default_factory=list)

    def reply(self, path: str, body: dict[str, Any] | str, *, status: int = 200, delay_seconds: float = 0.0) -> None:
        """Queue the answer to the next request on `path`."""
        with self._lock:
            self._queues[path].append(CannedResponse(body=body, status=status, delay_seconds=delay_seconds))

    def requests(self, path: str | None = None) -> list[RecordedRequest]:
        """Return the requests received so far (on one path, or all)."""
        with self._lock:
            return [request for request in self._requests if path is None or request.path == path]

    def reset(self) -> None:
        """Forget queued answers and recorded requests."""
        with self._lock:
            self._queues.clear()
            self._requests.clear()

    async def handle(self, request: Request) -> Response:
        """Record the request and play the next queued answer for its path."""
        raw = await request.body()
        try:
            body: Any = await request.json()
        except ValueError:
            body = raw.decode(errors="replace")
        path = request.url.path
        with self._lock:
            self._requests.append(RecordedRequest(path=path, headers=dict(request.headers), body=body))
            queue = self._queues.get(path)
            canned = queue.popleft() if queue else None
        if canned is None:
            return PlainTextResponse(f"stand-in has no answer queued for {path}", status_code=599)
        if canned.delay_seconds:
            await asyncio.sleep(canned.delay_seconds)
        if isinstance(canned.body, str):
            return PlainTextResponse(canned.body, status_code=canned.status)
        return JSONResponse(canned.body, status_code=canned.status)


@contextmanager
def running_stand_in() -> Iterator[StandInServer]:
    """Serve a StandInServer on 127.0.0.1 with a random port until the block exits."""
    state = StandInServer()
    app = Starlette(routes=[Route("/{path:path}", state.handle, methods=["GET", "POST"])])
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    # A delayed answer must not hold the shutdown for its whole delay.
    config.timeout_graceful_shutdown = 1
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="model-api-stand-in", daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the stand-in server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    state.url = f"http://127.0.0.1:{port}"
    try:
        yield state
    finally:
        server.should_exit = True
        thread.join(timeout=STARTUP_SECONDS)


@pytest.fixture(scope="session")
def stand_in_server() -> Iterator[StandInServer]:
    """One stand-in server for the whole test session (per xdist worker)."""
    with running_stand_in() as state:
        yield state


@pytest.fixture
def stand_in(stand_in_server: StandInServer) -> StandInServer:
    """The shared stand-in server with nothing queued and nothing recorded."""
    stand_in_server.reset()
    return stand_in_server


# --- Anthropic Messages API ------------------------------------------------------------------------------------------


def anthropic_message(
    *,
    tool_input: dict[str, Any] | None,
    tool_name: str = "record_answer",
    stop_reason: str = "tool_use",
    text: str | None = None,
    input_tokens: int = 1200,
    output_tokens: int = 150,
    model: str = "claude-haiku-4-5-20251001",
    stop_details: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Return a Messages API response body, optionally holding one tool_use block."""
    content: list[dict[str, Any]] = []
    if text is not None:
        content.append({"type": "text", "text": text})
    if tool_input is not None:
        content.append({"type": "tool_use", "id": "toolu_01StandIn", "name": tool_name, "input": tool_input})
    body: dict[str, Any] = {
        "id": "msg_01StandIn",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
    }
    if stop_details is not None:
        body["stop_details"] = stop_details
    return body


def anthropic_error(error_type: str, message: str) -> dict[str, Any]:
    """Return a Messages API error body."""
    return {"type": "error", "error": {"type": error_type, "message": message}}


# --- Ollama chat API -------------------------------------------------------------------------------------------------


def ollama_chat(
    content: str,
    *,
    done_reason: str = "stop",
    prompt_eval_count: int | None = 900,
    eval_count: int = 120,
    model: str = "llama3.1:8b",
) -> dict[str, Any]:
    """Return a non-streaming /api/chat response body."""
    body: dict[str, Any] = {
        "model": model,
        "created_at": "2025-11-01T12:00:00.000000Z",
        "message": {"role": "assistant", "content": content},
        "done": True,
        "done_reason": done_reason,
        "total_duration": 1_500_000_000,
        "eval_count": eval_count,
    }
    # Ollama leaves prompt_eval_count out when the whole prompt came from its cache.
    if prompt_eval_count is not None:
        body["prompt_eval_count"] = prompt_eval_count
    return body


def ollama_error(message: str) -> dict[str, Any]:
    """Return an Ollama error body."""
    return {"error": message}


# --- OpenAI Chat Completions -----------------------------------------------------------------------------------------


def openai_completion(
    content: str | None,
    *,
    finish_reason: str = "stop",
    refusal: str | None = None,
    prompt_tokens: int = 1100,
    completion_tokens: int = 140,
    model: str = "gpt-4.1-mini-2025-04-14",
) -> dict[str, Any]:
    """Return a chat.completion response body with one choice."""
    return {
        "id": "chatcmpl-StandIn",
        "object": "chat.completion",
        "created": 1_761_998_400,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": refusal},
                "finish_reason": finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def openai_error(message: str, *, error_type: str = "invalid_request_error", code: str | None = None) -> dict[str, Any]:
    """Return an OpenAI-style error body."""
    return {"error": {"message": message, "type": error_type, "param": None, "code": code}}
