"""Fault injection against real `orion serve` processes (issue 16): kill -9 mid-ingest and mid-run, restart,
and every run and version is terminal within 10 s of start-up, with nothing half-indexed ever searchable.

The first server's embedding endpoint is a local stand-in that accepts connections and never answers, so its
uploads stay mid-ingestion and its runs stay mid-retrieval until the process is killed. The restarted server
uses the fake providers; it proves it is alone (instance lease), recovers every interrupted run at once and
reclaims every interrupted ingestion.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest

from packages.database.engine import sync_url
from tests.conftest import create_test_database, drop_test_database

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery staple"
RECOVERY_SECONDS = 10.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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


def _start(url: str, port: int, **env: str) -> subprocess.Popen[bytes]:
    values = {
        **os.environ,
        "ORION_DATABASE_URL": url,
        "ORION_ENVIRONMENT": "test",
        "ORION_DATA_DIR": tempfile.mkdtemp(prefix="orion-fault-"),
        "ORION_PASSWORD_HASH_ROUNDS": "4",
        "ORION_JWT_SECRET": "fault-injection-secret-of-at-least-32-chars",
        "ORION_SERVE_UI": "false",
        "ORION_LOG_LEVEL": "WARNING",
        "ORION_EMBEDDING_PROVIDER": "fake",
        "ORION_LLM_PROVIDER": "fake",
        **env,
    }
    command = [str(ROOT / ".venv" / "bin" / "orion"), "serve", "--port", str(port), "--no-migrate"]
    return subprocess.Popen(command, env=values, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_ready(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/health/ready", timeout=2).status_code == 200:
                return
        assert process.poll() is None, "orion serve exited"
        time.sleep(0.1)
    raise AssertionError("orion serve did not become ready")


def _unfinished(url: str) -> tuple[int, int]:
    with psycopg.connect(sync_url(url)) as conn:
        runs = conn.execute("SELECT count(*) FROM runs WHERE status IN ('pending','running','verifying')").fetchone()
        versions = conn.execute("SELECT count(*) FROM document_versions WHERE status = 'processing'").fetchone()
    return int(runs[0]) if runs else 0, int(versions[0]) if versions else 0


def _half_indexed(url: str) -> int:
    """Chunks or embeddings of versions that are not indexed (what a search could otherwise find)."""
    with psycopg.connect(sync_url(url)) as conn:
        row = conn.execute(
            "SELECT (SELECT count(*) FROM document_chunks c JOIN document_versions v ON v.id = c.document_version_id"
            "        WHERE v.status <> 'indexed')"
            " + (SELECT count(*) FROM document_embeddings e JOIN document_chunks c ON c.id = e.chunk_id"
            "    JOIN document_versions v ON v.id = c.document_version_id WHERE v.status <> 'indexed')"
        ).fetchone()
    return int(row[0]) if row else 0


def _post_run(base: str, headers: dict[str, str], index: int) -> None:
    body = {
        "workflow_type": "evidence_briefing",
        "input": {"query": "When do tides turn?"},
        "idempotency_key": f"fault-{index}",
    }
    with contextlib.suppress(httpx.HTTPError):
        httpx.post(f"{base}/api/v1/runs", json=body, headers=headers, timeout=5)


@pytest.fixture
def database() -> Iterator[str]:
    url = create_test_database("faults")
    from packages.database.runtime import upgrade_to_head

    upgrade_to_head(url)
    yield url
    drop_test_database(url)


def test_kill_mid_ingest_and_mid_run_then_restart(database: str) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with silent_endpoint() as endpoint:
        first = _start(
            database,
            port,
            ORION_EMBEDDING_PROVIDER="openai",
            ORION_OPENAI_EMBEDDING_BASE_URL=endpoint,
            ORION_OPENAI_EMBEDDING_DIMENSION="16",
            ORION_INGEST_REQUEST_BUDGET_SECONDS="0.000001",
        )
        try:
            _wait_ready(base, first)
            with httpx.Client(base_url=base, timeout=30) as http:
                assert (
                    http.post(
                        "/api/v1/auth/register", json={"email": "f@example.org", "password": PASSWORD}
                    ).status_code
                    == 201
                )
                token = http.post("/api/v1/auth/login", json={"email": "f@example.org", "password": PASSWORD}).json()
                headers = {"Authorization": f"Bearer {token['access_token']}"}
                for index in range(3):  # queued (202): the worker is stuck embedding them
                    text = f"# Tides {index}\n\n" + "The moon pulls the sea twice a day. " * 40
                    response = http.post(
                        "/api/v1/knowledge/documents", files={"file": (f"t{index}.md", text.encode())}, headers=headers
                    )
                    assert response.status_code == 202, response.text
            runs = [threading.Thread(target=_post_run, args=(base, headers, i), daemon=True) for i in range(4)]
            for thread in runs:
                thread.start()
            deadline = time.monotonic() + 30
            while _unfinished(database) != (4, 3):
                assert time.monotonic() < deadline, _unfinished(database)
                time.sleep(0.1)
        finally:
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
    assert _unfinished(database) == (4, 3)
    assert _half_indexed(database) == 0

    second = _start(database, port)
    try:
        _wait_ready(base, second)
        started = time.monotonic()
        while _unfinished(database) != (0, 0):
            assert time.monotonic() - started < RECOVERY_SECONDS, _unfinished(database)
            assert _half_indexed(database) == 0
            time.sleep(0.1)
        with httpx.Client(base_url=base, timeout=30) as http:
            replay = http.post(
                "/api/v1/runs",
                json={
                    "workflow_type": "evidence_briefing",
                    "input": {"query": "When do tides turn?"},
                    "idempotency_key": "fault-0",
                },
                headers=headers,
            )
            assert replay.status_code == 200 and replay.json()["status"] in ("completed", "failed"), replay.text
            found = http.post("/api/v1/knowledge/search", json={"query_text": "moon pulls the sea"}, headers=headers)
            assert found.status_code == 200 and found.json(), found.text
    finally:
        second.terminate()
        second.wait(timeout=60)
