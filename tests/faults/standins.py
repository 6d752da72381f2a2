"""Local stand-ins for the network providers the fault tests need to control: an endpoint that never answers,
and an OpenAI-compatible embeddings server that can hold requests (a gate) or hang on marked texts."""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import re
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DIMENSION = 16


@contextlib.contextmanager
def silent_endpoint() -> Iterator[str]:
    """An HTTP endpoint that accepts every connection and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            with contextlib.suppress(OSError):
                connection, _ = listener.accept()
                held.append(connection)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
    finally:
        stop.set()
        thread.join(timeout=5)
        for connection in held:
            connection.close()
        listener.close()


def word_vector(text: str) -> list[float]:
    """A deterministic bag-of-words vector (hashed words), so texts sharing words are near each other."""
    values = [0.0] * DIMENSION
    for word in re.findall(r"\w+", text.lower()):
        values[hashlib.sha256(word.encode()).digest()[0] % DIMENSION] += 1.0
    norm = math.sqrt(sum(v * v for v in values)) or 1.0
    return [v / norm for v in values]


class EmbeddingStandIn:
    """POST /v1/embeddings as OpenAI answers it. A request with an input containing `hold_marker` waits while
    `gate` is cleared; one containing `hang_marker` is never answered. `pending(text)` counts waiting requests
    whose inputs contain `text`."""

    def __init__(self, *, hang_marker: str | None = None, hold_marker: str | None = None) -> None:
        self.hang_marker = hang_marker
        self.hold_marker = hold_marker
        self.gate = threading.Event()
        self.gate.set()
        self._closing = threading.Event()
        self._lock = threading.Lock()
        self._waiting: list[list[str]] = []
        self.answered = 0
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
                if not stand_in._hold(texts):
                    return
                payload = json.dumps(
                    {"data": [{"index": i, "embedding": word_vector(t)} for i, t in enumerate(texts)]}
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                with stand_in._lock:
                    stand_in.answered += 1

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def _hold(self, texts: list[str]) -> bool:
        """Wait while the gate is closed (held texts) or forever (hanging texts); False when the server closes."""
        hangs = self.hang_marker is not None and any(self.hang_marker in text for text in texts)
        held = self.hold_marker is not None and any(self.hold_marker in text for text in texts)
        if not hangs and not held:
            return True
        with self._lock:
            self._waiting.append(texts)
        try:
            while not self._closing.is_set():
                if not hangs and self.gate.wait(timeout=0.05):
                    return True
                if hangs:
                    self._closing.wait(timeout=0.05)
            return False
        finally:
            with self._lock:
                self._waiting.remove(texts)

    def pending(self, text: str) -> int:
        with self._lock:
            return sum(1 for texts in self._waiting if any(text in item for item in texts))

    def __enter__(self) -> EmbeddingStandIn:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
