"""Schemathesis over every operation of the OpenAPI document, authenticated, against a real server.

Checks: no 5xx (`not_a_server_error`) and every response matches its documented schema
(`response_schema_conformance`). Phases: the schema's examples, the coverage phase (boundary and invalid values,
NUL bytes included) and random fuzzing. The CI size is small (ORION_FUZZ_EXAMPLES, default 8 per operation, fixed
seed); `make fuzz` runs a longer, randomly seeded session. `auth_logout` runs last, on its own, because it
revokes the token every other operation uses.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import create_test_database, drop_test_database, make_test_settings

HANDBOOK = "# Handbook\n\nBoil water for one minute before drinking it.\n\nNever leave a campfire unattended.\n"
EXAMPLES = int(os.environ.get("ORION_FUZZ_EXAMPLES", "8"))
SEED = os.environ.get("ORION_FUZZ_SEED", "16016")
CHECKS = "not_a_server_error,response_schema_conformance"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ORION server (uvicorn, own thread) on a fresh database; yield its base URL."""
    import uvicorn

    from apps.api.main import create_app

    url = create_test_database("fuzz")
    settings = make_test_settings(tmp_path_factory.mktemp("fuzz"), serve_ui=False, login_max_failures_per_address=10**6)
    port = _free_port()
    config = uvicorn.Config(
        create_app(settings, database_url=url), host="127.0.0.1", port=port, log_level="warning", lifespan="on"
    )
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not instance.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the fuzz server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        instance.should_exit = True
        thread.join(timeout=30)
        drop_test_database(url)


@pytest.fixture(scope="module")
def token(server: str) -> str:
    """Register an admin with a document and a finished run, so list and detail routes have something to show."""
    with httpx.Client(base_url=server, timeout=60) as http:
        credentials = {"email": "fuzz-admin@example.org", "password": "correct horse battery staple"}
        assert http.post("/api/v1/auth/register", json=credentials).status_code == 201
        access = http.post("/api/v1/auth/login", json=credentials).json()["access_token"]
        headers = {"Authorization": f"Bearer {access}"}
        uploaded = http.post(
            "/api/v1/knowledge/documents", files={"file": ("handbook.md", HANDBOOK.encode())}, headers=headers
        )
        assert uploaded.status_code in (201, 202), uploaded.text
        body = {"workflow_type": "evidence_briefing", "input": {"query": "How long should water boil?"}}
        assert http.post("/api/v1/runs", json=body, headers=headers).status_code == 201
    return str(access)


def _schemathesis(server: str, token: str, report: Path, *selection: str) -> subprocess.CompletedProcess[str]:
    executable = shutil.which("st", path=str(Path(sys.executable).parent)) or "st"
    command = [
        executable,
        "run",
        f"{server}/openapi.json",
        "--checks",
        CHECKS,
        "--phases",
        "examples,coverage,fuzzing",
        "--max-examples",
        str(EXAMPLES),
        "--workers",
        "1",
        "--header",
        f"Authorization: Bearer {token}",
        "--request-timeout",
        "60",
        "--suppress-health-check",
        "all",
        "--report",
        "junit",
        "--report-junit-path",
        str(report),
        *selection,
    ]
    if SEED:
        command += ["--seed", SEED]
    # Run from the report folder so that schemathesis keeps its cache there, not in the repository.
    return subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False, cwd=report.parent)


def _assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    output = result.stdout + result.stderr
    print(output[-6000:])
    assert result.returncode == 0, output[-6000:]
    assert "No issues found" in output or "0 failures" in output or "passed" in output.lower(), output[-3000:]


def test_every_operation_with_auth_has_no_server_error_and_matches_its_schema(server, token, tmp_path) -> None:
    _assert_clean(_schemathesis(server, token, tmp_path / "fuzz.xml", "--exclude-operation-id", "auth_logout"))


def test_logout_last(server, token, tmp_path) -> None:
    _assert_clean(_schemathesis(server, token, tmp_path / "logout.xml", "--include-operation-id", "auth_logout"))
