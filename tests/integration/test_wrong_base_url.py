"""A base URL with a path (`.../mcp`, as the README gives the streamable-HTTP address) reaches the web UI, whose
index page answers any address with 200. `orion verify --api` and `orion mcp` say so in one line and exit 2, and a
tool call through such a URL is a tool error naming it (outside check 19: a traceback and exit 1 — "evidence
changed" — from verify; a bad token accepted and a bare "Error executing tool" from every MCP tool)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import httpx
import pytest

from apps.mcp.backend import ToolFailure
from apps.mcp.rest import RestBackend, check_token
from tests.helpers.identity import create_token, register
from tests.helpers.receipts import empty_receipt_json


@pytest.fixture(scope="module")
def ui_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in for `frontend/out`: its index page is the fallback for every address outside the API."""
    root = tmp_path_factory.mktemp("ui-out")
    (root / "index.html").write_text("<!DOCTYPE html><h1>Sign in to ORION</h1>", encoding="utf-8")
    (root / "404.html").write_text("<h1>Page not found</h1>", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
async def token(client) -> str:  # type: ignore[no-untyped-def]
    return str((await create_token(client, await register(client), ["read"]))["token"])


def _environment(tmp_path: Path) -> dict[str, str]:
    environment = {**os.environ, "ORION_DATA_DIR": str(tmp_path), "ORION_ENVIRONMENT": "test"}
    for name in ("ORION_MCP_TOKEN", "ORION_TOKEN", "ORION_MCP_URL"):
        environment.pop(name, None)
    return environment


async def _run(*arguments: str, environment: dict[str, str]) -> tuple[int | None, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "apps.cli.main",
        *arguments,
        env=environment,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode, (stdout + stderr).decode()


async def test_the_ui_answers_an_unknown_address_with_its_page(live_url: str) -> None:
    """The premise: what a base URL with a path gets back is a page with 200, not a 404."""
    async with httpx.AsyncClient(timeout=10) as http:
        response = await http.get(f"{live_url}/mcp/api/v1/auth/me")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")


@pytest.mark.parametrize("path", ["/mcp", "/foo"])
async def test_orion_verify_api_with_a_path_is_one_line_and_exit_2(live_url: str, token, tmp_path, path) -> None:  # type: ignore[no-untyped-def]
    receipt = tmp_path / "receipt.json"
    receipt.write_text(empty_receipt_json())
    environment = {**_environment(tmp_path), "ORION_TOKEN": token}
    code, output = await _run("verify", str(receipt), "--api", f"{live_url}{path}", environment=environment)
    assert code == 2, output  # "nothing could be checked", never 1 ("evidence changed")
    assert output.strip().splitlines() == [
        f"orion verify: no ORION API at {live_url}{path}/: it answered with a page, not the API "
        "(give the server's base URL, without /api/v1 or /mcp)"
    ]


async def test_orion_mcp_refuses_to_start_on_a_url_that_is_not_the_api(live_url: str, token, tmp_path) -> None:  # type: ignore[no-untyped-def]
    environment = _environment(tmp_path)
    for secret in ("orion_pat_bad", token):  # a bad token was accepted too: the page answered 200
        code, output = await _run("mcp", "--url", f"{live_url}/mcp", "--token", secret, environment=environment)
        assert code == 2, output
        assert output.strip().splitlines() == [
            f"orion mcp: {live_url}/mcp did not answer as ORION's API does "
            "(give the server's base URL, without /mcp or /api/v1)"
        ]
    assert await check_token(live_url, token) is None


async def test_a_tool_call_through_a_url_that_is_not_the_api_names_it(live_url: str, token) -> None:  # type: ignore[no-untyped-def]
    """ORION may be down when `orion mcp` starts (it then starts anyway), so a call can still meet the page."""
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=f"{live_url}/mcp", headers=headers, timeout=30) as http:
        backend = RestBackend(http)
        with pytest.raises(ToolFailure) as listed:
            await backend.list_documents(20, 0)
        with pytest.raises(ToolFailure) as searched:  # a POST: the UI answers 405 with its page
            await backend.search("fog", "hybrid", 5, None)
    assert listed.value.code == "bad_response"
    assert listed.value.message == (
        f"{live_url}/mcp/api/v1/knowledge/documents?limit=20&offset=0 did not answer as ORION's API does "
        "(give the server's base URL, without /mcp or /api/v1)."
    )
    assert "without /mcp" in searched.value.message and "HTTP 405" in searched.value.message


@pytest.mark.parametrize("url", ["not-a-url", "ftp://127.0.0.1:8000", "http://"])
async def test_orion_mcp_refuses_to_start_on_something_that_is_not_a_url(token, tmp_path, url: str) -> None:  # type: ignore[no-untyped-def]
    """It started and exited 0 ("not reachable yet"), and every tool call would then fail (outside check)."""
    code, output = await _run("mcp", "--url", url, "--token", token, environment=_environment(tmp_path))
    assert code == 2, output
    assert output.strip().splitlines() == [
        f"orion mcp: {url!r} is not a URL: give the server's base URL, such as http://127.0.0.1:8000"
    ]
