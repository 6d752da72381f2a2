"""Fault injection against real `orion serve` processes (issue 16): kill -9 mid-ingest, mid-retrieval and
mid-briefing, restart, and every run and version is terminal within 10 s of the new process's start, with
nothing half-indexed ever searchable.

The first server talks to local stand-ins: an embeddings server that answers except for texts carrying a marker
(which it holds forever), and a language-model endpoint that accepts connections and never answers. One document
is indexed first; then three marked uploads stay mid-ingestion, two runs whose query carries the marker stay
mid-retrieval, and two runs that retrieve the indexed document stay mid-briefing, until the process is killed.
The restarted server uses the fake providers; it proves it is alone (instance lease), recovers every interrupted
run at once (resuming each from its first unfinished step) and reclaims every interrupted ingestion.
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
from tests.faults.standins import DIMENSION, EmbeddingStandIn, silent_endpoint

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery staple"
RECOVERY_SECONDS = 10.0  # from the restarted process's start
HANG = "QUICKSAND"  # texts the stand-in embeddings server never answers


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# `orion serve` in a process that imports the application first and starts serving only when told to: the
# restarted server is prepared while the first one still runs, so its measured start-up is the service's own
# (settings, database, recovery, serving), not the interpreter loading modules on a busy machine.
WARM_START = """
import os, sys
import apps.api.main, apps.cli.main
print("warm", flush=True)
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
sys.stdin.readline()
sys.argv = ["orion", *sys.argv[1:]]
apps.cli.main.main()
"""


def _start(url: str, port: int, *, warm: bool = False, **env: str) -> subprocess.Popen[bytes]:
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
    arguments = ["serve", "--port", str(port), "--no-migrate"]
    if not warm:
        command = [str(ROOT / ".venv" / "bin" / "orion"), *arguments]
        return subprocess.Popen(command, env=values, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    command = [str(ROOT / ".venv" / "bin" / "python"), "-c", WARM_START, *arguments]
    return subprocess.Popen(
        command, env=values, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )


def _go(process: subprocess.Popen[bytes]) -> float:
    """Wait until a warm process has loaded the application, tell it to start; return the start time."""
    assert process.stdout is not None and process.stdin is not None
    assert process.stdout.readline().strip() == b"warm", "the prepared orion serve did not load"
    started = time.monotonic()
    process.stdin.write(b"go\n")
    process.stdin.flush()
    return started


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


def _run_body(index: int) -> dict[str, object]:
    """Runs 0 and 1 hang in retrieval (their query embedding never returns), runs 2 and 3 in the briefing."""
    query = f"When do tides turn near the {HANG} flats?" if index < 2 else "When does the moon pull the sea?"
    return {"workflow_type": "evidence_briefing", "input": {"query": query}, "idempotency_key": f"fault-{index}"}


def _post_run(base: str, headers: dict[str, str], index: int) -> None:
    with contextlib.suppress(httpx.HTTPError):
        httpx.post(f"{base}/api/v1/runs", json=_run_body(index), headers=headers, timeout=5)


def _running_steps(url: str) -> dict[str, int]:
    with psycopg.connect(sync_url(url)) as conn:
        rows = conn.execute("SELECT name, count(*) FROM steps WHERE status = 'running' GROUP BY name").fetchall()
    return {str(name): int(count) for name, count in rows}


@pytest.fixture
def database() -> Iterator[str]:
    url = create_test_database("faults")
    from packages.database.runtime import upgrade_to_head

    upgrade_to_head(url)
    yield url
    drop_test_database(url)


def test_kill_mid_ingest_mid_retrieval_and_mid_briefing_then_restart(database: str) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    second = None
    with EmbeddingStandIn(hang_marker=HANG) as embeddings, silent_endpoint() as model:
        first = _start(
            database,
            port,
            ORION_EMBEDDING_PROVIDER="openai",
            ORION_OPENAI_EMBEDDING_BASE_URL=embeddings.base_url,
            ORION_OPENAI_EMBEDDING_DIMENSION=str(DIMENSION),
            ORION_INGEST_REQUEST_BUDGET_SECONDS="0.000001",  # every upload is queued for the worker
            ORION_LLM_PROVIDER="openai",
            ORION_OPENAI_BASE_URL=model,
            ORION_OPENAI_API_KEY="stand-in",
            ORION_LLM_MODEL="stand-in",
        )
        try:
            _wait_ready(base, first)
            second = _start(database, port, warm=True)  # loads while the first one works; serves once told
            with httpx.Client(base_url=base, timeout=30) as http:
                assert (
                    http.post(
                        "/api/v1/auth/register", json={"email": "f@example.org", "password": PASSWORD}
                    ).status_code
                    == 201
                )
                token = http.post("/api/v1/auth/login", json={"email": "f@example.org", "password": PASSWORD}).json()
                headers = {"Authorization": f"Bearer {token['access_token']}"}
                moon = "# Moon\n\nThe moon pulls the sea twice a day, and the tides turn with it."
                response = http.post(
                    "/api/v1/knowledge/documents", files={"file": ("moon.md", moon.encode())}, headers=headers
                )
                assert response.status_code == 202, response.text
                deadline = time.monotonic() + 30
                while _unfinished(database) != (0, 0):  # the worker indexes it through the stand-in
                    assert time.monotonic() < deadline, "the answerable document was not indexed"
                    time.sleep(0.1)
                for index in range(3):  # queued (202): the worker is stuck embedding them
                    text = f"# Tides {index}\n\n" + f"The {HANG} flats drown twice a day. " * 40
                    response = http.post(
                        "/api/v1/knowledge/documents", files={"file": (f"t{index}.md", text.encode())}, headers=headers
                    )
                    assert response.status_code == 202, response.text
            runs = [threading.Thread(target=_post_run, args=(base, headers, i), daemon=True) for i in range(4)]
            for thread in runs:
                thread.start()
            deadline = time.monotonic() + 30
            while _unfinished(database) != (4, 3) or _running_steps(database) != {
                "hybrid_retrieval": 2,
                "llm_briefing": 2,
            }:
                assert time.monotonic() < deadline, (_unfinished(database), _running_steps(database))
                time.sleep(0.1)
        except BaseException:
            if second is not None:
                second.kill()
            raise
        finally:
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
    assert _unfinished(database) == (4, 3)
    assert _running_steps(database) == {"hybrid_retrieval": 2, "llm_briefing": 2}
    assert _half_indexed(database) == 0

    assert second is not None
    try:
        started = _go(second)
        while _unfinished(database) != (0, 0):
            assert time.monotonic() - started < RECOVERY_SECONDS, _unfinished(database)
            assert _half_indexed(database) == 0
            assert second.poll() is None, "orion serve exited"
            time.sleep(0.1)
        recovered_after = time.monotonic() - started
        _wait_ready(base, second)
        with httpx.Client(base_url=base, timeout=30) as http:
            for index in range(4):  # a client retrying with its key gets the finished run
                replay = http.post("/api/v1/runs", json=_run_body(index), headers=headers)
                assert replay.status_code == 200 and replay.json()["status"] in ("completed", "failed"), replay.text
            found = http.post("/api/v1/knowledge/search", json={"query_text": "flats drown"}, headers=headers)
            assert found.status_code == 200 and found.json(), found.text
    finally:
        second.terminate()
        second.wait(timeout=60)
    print({"terminal_after_start_s": round(recovered_after, 2)})
