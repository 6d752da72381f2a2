"""Input that MCP clients cannot send to a tool as is (NUL characters, lone surrogates, malformed JSON) is answered in
JSON-RPC, on /mcp and on `orion mcp`'s stdio, and names the tool's argument (outside check 19: /mcp answered with the
REST API's 422, which the SDK client shows as "Server returned an error response"; stdio named the REST field
`body.query_text`, and dropped a line with a lone-surrogate escape or a line that is not JSON without an answer)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.helpers.identity import bearer, create_token, register

MCP_HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
HEADER_LINE = "Error executing tool search_documents: validation_error: the arguments are not valid."


@pytest.fixture(scope="module")
async def token(client) -> str:  # type: ignore[no-untyped-def]
    return str((await create_token(client, await register(client), ["read"]))["token"])


def _search(ident: int, query_json: str) -> str:
    """A tools/call line with the query spelt as raw JSON (json.dumps cannot write a lone surrogate's escape)."""
    return (
        f'{{"jsonrpc":"2.0","id":{ident},"method":"tools/call",'
        f'"params":{{"name":"search_documents","arguments":{{"query":{query_json}}}}}}}'
    )


async def test_a_nul_in_an_argument_is_a_tool_error_the_sdk_client_shows(live_url: str, token: str) -> None:
    async with (
        httpx2.AsyncClient(headers=bearer(token), timeout=30) as http,
        Client(streamable_http_client(f"{live_url}/mcp", http_client=http)) as session,
    ):
        result = await session.call_tool("search_documents", {"query": "a\x00b"})
        assert result.is_error
        text = " ".join(getattr(block, "text", "") for block in result.content)
        assert text.splitlines() == [HEADER_LINE, "Invalid query: must not contain NUL characters"]
        # The session goes on: the next call is answered as usual
        assert not (await session.call_tool("list_documents", {})).is_error


async def test_bad_input_on_mcp_is_answered_in_json_rpc(live_url: str, token: str) -> None:
    async with httpx2.AsyncClient(headers={**bearer(token), **MCP_HEADERS}, timeout=30) as http:
        surrogate = await http.post(f"{live_url}/mcp", content=_search(4, '"a\\ud800b"').encode())
        malformed = await http.post(f"{live_url}/mcp", content=b"{not json")
        uri = '{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"orion://documents/a\\u0000"}}'
        resource = await http.post(f"{live_url}/mcp", content=uri.encode())
    assert surrogate.status_code == 200, surrogate.text
    answer = surrogate.json()
    assert answer["id"] == 4 and answer["result"]["isError"] is True
    assert answer["result"]["content"][0]["text"].splitlines() == [
        HEADER_LINE,
        "Invalid query: must not contain unpaired surrogate characters",
    ]
    assert malformed.status_code == 400
    assert malformed.json()["id"] is None and malformed.json()["error"]["code"] == -32700
    assert resource.status_code == 400
    assert resource.json() == {
        "jsonrpc": "2.0",
        "id": 5,
        "error": {"code": -32602, "message": "Invalid params.uri: must not contain NUL characters"},
    }


async def test_bad_input_from_an_unknown_caller_is_still_401(live_url: str) -> None:
    async with httpx2.AsyncClient(headers=MCP_HEADERS, timeout=30) as http:
        for headers in ({}, bearer("orion_pat_nope")):
            response = await http.post(f"{live_url}/mcp", content=b"{not json", headers=headers)
            assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"


async def test_the_stdio_command_answers_every_line(live_url: str, token: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    environment = {**os.environ, "ORION_MCP_TOKEN": token, "ORION_DATA_DIR": str(tmp_path), "ORION_ENVIRONMENT": "test"}
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    lines = [
        json.dumps(initialize),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        _search(2, '"a\\ud800b"'),
        "{bad json",
        '{"id": 3, "hello": "world"}',
        _search(4, '"a\\u0000b"'),
        _search(5, '"fog"'),
    ]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "apps.cli.main",
        "mcp",
        "--url",
        live_url,
        env=environment,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(("\n".join(lines) + "\n").encode())
    await process.stdin.drain()
    answers: list[dict[str, Any]] = []
    try:
        async with asyncio.timeout(60):
            while len(answers) < 6:  # every line but the notification
                answers.append(json.loads(await process.stdout.readline()))
    finally:
        process.stdin.close()
        _, stderr = await asyncio.wait_for(process.communicate(), 30)
    by_id = {answer["id"]: answer for answer in answers if answer["id"] is not None}
    assert set(by_id) == {1, 2, 3, 4, 5}, answers
    assert by_id[2]["result"]["isError"] is True
    assert by_id[2]["result"]["content"][0]["text"].splitlines() == [
        HEADER_LINE,
        "Invalid query: must not contain unpaired surrogate characters",
    ]
    # NUL reaches the tool, which names its own argument (it said "Invalid body.query_text", the REST field)
    assert by_id[4]["result"]["content"][0]["text"].splitlines() == [
        HEADER_LINE,
        "Invalid query: must not contain NUL characters",
    ]
    assert by_id[3]["error"]["code"] == -32600
    [parse_error] = [answer for answer in answers if answer["id"] is None]
    assert parse_error["error"]["code"] == -32700
    assert by_id[5]["result"]["isError"] is False and "hits" in by_id[5]["result"]["structuredContent"]
    assert b"Traceback" not in stderr
