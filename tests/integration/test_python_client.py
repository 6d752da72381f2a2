"""The typed Python client: it is what the generator makes of the current OpenAPI document, and its example
(upload a folder, ask, print the verified quotes) works against a live `orion serve` process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import create_test_database, drop_test_database
from tests.helpers.live import free_port
from tools.python_client import CLIENT, PACKAGE, generate_package

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = CLIENT / "examples" / "ask_folder.py"
PASSWORD = "correct horse battery staple"


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_committed_client_is_what_the_generator_makes_now(tmp_path: Path) -> None:
    generated = _tree(generate_package(tmp_path))
    committed = _tree(CLIENT / PACKAGE)
    stale = sorted(set(generated) ^ set(committed)) + sorted(
        name for name in set(generated) & set(committed) if generated[name] != committed[name]
    )
    assert not stale, f"clients/python is stale ({stale[:5]}...): run `make client` and commit the result"


def test_a_changed_package_is_reported(tmp_path: Path) -> None:
    generated = _tree(generate_package(tmp_path))
    tampered = dict(generated)
    tampered["client.py"] += b"\n# edited by hand\n"
    assert tampered != generated and _tree(CLIENT / PACKAGE) != tampered


@pytest.fixture(scope="module")
def live_orion(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`orion serve` as its own process on a free port: a fresh database, fake providers, a temporary data dir."""
    database_url = create_test_database("client")
    port = free_port()
    data_dir = tmp_path_factory.mktemp("orion-serve")
    environment = {
        **os.environ,
        "ORION_DATABASE_URL": database_url,
        "ORION_DATA_DIR": str(data_dir),
        "ORION_ENVIRONMENT": "test",
        "ORION_EMBEDDING_PROVIDER": "fake",
        "ORION_LLM_PROVIDER": "fake",
        "ORION_PASSWORD_HASH_ROUNDS": "4",
        "ORION_SERVE_UI": "false",
    }
    log = (data_dir / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "apps.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health/ready", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"orion serve did not start: {(data_dir / 'serve.log').read_text()[-2000:]}")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        drop_test_database(database_url)


def _write_token(url: str, email: str = "client-example@example.org") -> str:
    with httpx.Client(base_url=url, timeout=30) as http:
        assert http.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD}).status_code == 201
        login = http.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD}).json()
        headers = {"Authorization": f"Bearer {login['access_token']}"}
        created = http.post("/api/v1/auth/tokens", json={"name": "example", "scopes": ["write"]}, headers=headers)
        assert created.status_code == 201, created.text
        return str(created.json()["token"])


def test_the_example_uploads_a_folder_asks_and_prints_verified_quotes(live_orion: str, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "returns.md").write_text(
        "# Returns\n\nUnopened items may be returned within thirty days of delivery for a full refund.\n"
    )
    (folder / "shipping.txt").write_text("Orders above fifty euros ship free of charge within the country.\n")
    (folder / "ignored.bin").write_bytes(b"\x00\x01")
    (folder / "zz-latin1.txt").write_bytes("Caf\xe9 au lait costs 3 EUR.".encode("latin-1"))  # refused: not UTF-8
    environment = {
        **os.environ,
        "ORION_URL": live_orion,
        "ORION_TOKEN": _write_token(live_orion),
        "PYTHONPATH": str(CLIENT),
    }
    completed = subprocess.run(
        [sys.executable, str(EXAMPLE), str(folder), "How long do I have to return an item?"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert "uploaded returns.md: indexed" in lines and "uploaded shipping.txt: indexed" in lines
    # A file it does not upload is named with the reason (it was skipped without a word); a file ORION refuses is
    # named with ORION's reason, and the question is still asked (outside28: it stopped at the first refusal)
    skipped, refused = completed.stderr.splitlines()
    assert skipped == "skipped ignored.bin: ORION does not read .bin files"
    assert refused.startswith("refused zz-latin1.txt: The text is not valid UTF-8")
    assert "outcome: answered" in lines
    quotes = [line for line in lines if line.strip().startswith("verified quote:")]
    assert quotes, completed.stdout
    sources = (folder / "returns.md").read_text() + (folder / "shipping.txt").read_text()
    for line in quotes:
        quote = line.split('"', 2)[1]
        assert quote and quote in sources


def _run_example(folder: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("ORION_TOKEN", "ORION_URL")}
    return subprocess.run(
        [sys.executable, str(EXAMPLE), str(folder), "What is the refund window?"],
        env={**clean, "PYTHONPATH": str(CLIENT), **environment},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_example_says_in_one_line_what_is_missing_or_unreachable(tmp_path: Path) -> None:
    """Without ORION_TOKEN it died of KeyError, and of httpx.ConnectError when ORION was not there (tracebacks)."""
    (tmp_path / "returns.md").write_text("# Returns\n\nThirty days.\n")
    no_token = _run_example(tmp_path)
    assert no_token.returncode == 2
    assert no_token.stderr.splitlines() == [
        "ask_folder: set ORION_TOKEN to a personal access token with the write scope (create one on the Tokens page)"
    ]
    nowhere = f"http://127.0.0.1:{free_port()}"
    unreachable = _run_example(tmp_path, ORION_TOKEN="orion_pat_x", ORION_URL=nowhere)
    assert unreachable.returncode == 1
    [line] = unreachable.stderr.splitlines()
    assert line.startswith(f"ask_folder: cannot reach ORION at {nowhere} (ConnectError") and "ORION_URL" in line


def test_the_client_returns_the_contract_error_for_every_refusal(live_orion: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A 401, 403 or 404 used to come back as None: the OpenAPI document declared only 200 and 422. Every API route
    now declares the contract's errors, so the client parses them into ErrorResponse with the code and message."""
    monkeypatch.syspath_prepend(str(CLIENT))
    from orion_client import AuthenticatedClient
    from orion_client.api.auth import auth_create_token
    from orion_client.api.knowledge import knowledge_get_document
    from orion_client.models import AccessTokenCreate, AccessTokenCreateScopesItem, ErrorResponse

    token = _write_token(live_orion, "client-errors@example.org")
    unknown = "00000000-0000-4000-8000-000000000000"
    with AuthenticatedClient(base_url=live_orion, token=token, timeout=httpx.Timeout(30)) as client:
        missing = knowledge_get_document.sync(unknown, client=client)
        assert isinstance(missing, ErrorResponse) and missing.error.code == "not_found"
        refused = auth_create_token.sync(
            client=client, body=AccessTokenCreate(name="x", scopes=[AccessTokenCreateScopesItem.READ])
        )
        assert isinstance(refused, ErrorResponse) and refused.error.code == "forbidden"  # a token mints no token
    with AuthenticatedClient(base_url=live_orion, token="orion_pat_wrong", timeout=httpx.Timeout(30)) as client:
        unauthorized = knowledge_get_document.sync(unknown, client=client)
        assert isinstance(unauthorized, ErrorResponse) and unauthorized.error.code == "unauthorized"
