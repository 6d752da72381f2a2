"""Shared pieces of the network embedding providers' stand-ins: traceable vectors, a fake clock, a closed port,
and a recording MockTransport handler."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import numpy as np

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
