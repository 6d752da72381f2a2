"""The MCP server through the SDK's own client: streamable HTTP at /mcp on a live port, and `orion mcp` over stdio.
Every tool works; tokens, scopes, revocation and tenancy behave exactly as on the REST API (ADR-0019)."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx2
import pytest
from mcp import Client, MCPError
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from domains.execution.briefing import FakeBehaviour
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from tests.helpers.identity import TOKENS_URL, bearer, create_token, register
from tests.helpers.knowledge import upload_ok, wait_indexed
from tests.helpers.runs import fake, scripted_model

TOOLS = {"search_documents", "investigate", "get_run", "list_documents", "read_document_text"}
MANUAL = """# Lighthouse keeping

## Lamps

The lamp is lit thirty minutes before sunset and extinguished thirty minutes after sunrise.

## Fog

In fog the horn sounds two blasts every sixty seconds until the visibility exceeds two nautical miles.
"""


@pytest.fixture(scope="module")
async def org(client):  # type: ignore[no-untyped-def]
    """An organization with one indexed manual and tokens of each scope."""
    account = await register(client)
    document = await upload_ok(client, account, MANUAL, "lighthouse.md", title="Lighthouse manual")
    await wait_indexed(client, account, document["document_id"])
    tokens = {scope: (await create_token(client, account, [scope]))["token"] for scope in ("read", "investigate")}
    return account, document, tokens


@asynccontextmanager
async def mcp_http(url: str, token: str | None) -> AsyncIterator[Client]:
    headers = bearer(token) if token else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as http,
        Client(streamable_http_client(f"{url}/mcp", http_client=http)) as session,
    ):
        yield session


async def call(session: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return dict(result.structured_content)


async def error_of(session: Client, tool: str, arguments: dict[str, Any]) -> str:
    result = await session.call_tool(tool, arguments)
    assert result.is_error
    return " ".join(getattr(block, "text", "") for block in result.content)


async def test_every_tool_over_streamable_http(live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    _, document, tokens = org
    async with mcp_http(live_url, tokens["investigate"]) as session:
        listed = await session.list_tools()
        assert {tool.name for tool in listed.tools} == TOOLS
        assert all(tool.output_schema for tool in listed.tools)
        # one line each: a docstring's indentation ran into the investigate tool's description as a run of spaces
        assert all(tool.description and "  " not in tool.description for tool in listed.tools)

        documents = await call(session, "list_documents", {})
        assert documents["total"] == 1
        assert documents["documents"][0]["id"] == document["document_id"]
        assert documents["documents"][0]["title"] == "Lighthouse manual"

        hits = (await call(session, "search_documents", {"query": "fog horn blasts", "top_k": 3}))["hits"]
        assert hits and hits[0]["document_id"] == document["document_id"]
        assert {"title", "page", "section", "trust_label", "text", "chunk_id"} <= set(hits[0])
        assert hits[0]["trust_label"] == "trusted" and "Fog" in (hits[0]["section"] or "") + hits[0]["text"]
        lexical = await call(
            session,
            "search_documents",
            {"query": "lamp sunset", "method": "lexical", "document_id": document["document_id"]},
        )
        assert lexical["hits"] and all(h["document_id"] == document["document_id"] for h in lexical["hits"])

        answer = await call(session, "investigate", {"question": "When is the lamp lit?"})
        assert answer["outcome"] == "answered" and answer["quotes_verified"] is True
        assert answer["verification"].startswith("every quote was checked verbatim")
        assert answer["receipt"] == f"/api/v1/runs/{answer['run_id']}/receipt"
        quote = answer["claims"][0]["quotes"][0]
        assert quote["document_id"] == document["document_id"] and quote["title"] == "Lighthouse manual"

        span = await call(
            session,
            "read_document_text",
            {
                "document_id": document["document_id"],
                "start": quote["version_start"],
                "length": quote["version_end"] - quote["version_start"],
            },
        )
        # The quote is verbatim: the document's own text at the quoted offsets.
        assert span["text"] == quote["quote"] and span["version_id"] == document["document_version_id"]
        assert span["total_chars"] > span["end"] - span["start"]

        again = await call(session, "get_run", {"run_id": answer["run_id"]})
        assert again["claims"] == answer["claims"] and again["status"] == "completed"

        templates = (await session.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["orion://documents/{document_id}"]
        resource = await session.read_resource(f"orion://documents/{document['document_id']}")
        text = resource.contents[0].text  # type: ignore[union-attr]
        assert text[quote["version_start"] : quote["version_end"]] == quote["quote"]


async def test_an_answer_names_the_part_of_the_question_it_leaves_unanswered(app, live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    _, _, tokens = org
    async with mcp_http(live_url, tokens["investigate"]) as session:
        with scripted_model(app, ExtractiveBriefingProvider(encoder=None)):
            question = "When is the lamp lit, and where is the spare bulb kept?"
            answer = await call(session, "investigate", {"question": question})
    assert answer["outcome"] == "answered" and answer["quotes_verified"] is True
    assert answer["unanswered_parts"] == ["Where is the spare bulb kept?"]
    assert "thirty minutes before sunset" in answer["claims"][0]["quotes"][0]["quote"]


async def test_a_refusal_carries_its_reason(app, live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    _, _, tokens = org
    async with mcp_http(live_url, tokens["investigate"]) as session:
        with scripted_model(app, fake(FakeBehaviour.INSUFFICIENT_EVIDENCE)):
            refused = await call(session, "investigate", {"question": "Who painted the lighthouse?"})
    assert refused["outcome"] == "insufficient_evidence" and refused["claims"] == []
    assert refused["refusal"]
    # A refusal has no receipt (the API answers 409 for one) and no failed check: there were no quotes to verify
    assert refused["receipt"] is None and refused["quotes_verified"] is None
    assert refused["verification"].startswith("no quotes to verify")


async def test_a_read_token_cannot_investigate(live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    _, _, tokens = org
    async with mcp_http(live_url, tokens["read"]) as session:
        assert (await call(session, "list_documents", {}))["total"] == 1
        message = await error_of(session, "investigate", {"question": "When is the lamp lit?"})
    assert "forbidden" in message and "runs:create" in message and "scope" in message
    assert "a token with the investigate or write scope" in message  # which scopes would do


async def test_bad_arguments_read_one_line_each_as_the_api_tells_them(live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    _, _, tokens = org
    async with mcp_http(live_url, tokens["investigate"]) as session:
        message = await error_of(session, "investigate", {"question": "", "document_ids": "abc", "top_k": 0})
        missing = await error_of(session, "investigate", {"top_k": "many"})
    # The field and what it expects, never pydantic's dump (rejected values, type codes, documentation links).
    assert message.splitlines() == [
        "Error executing tool investigate: validation_error: the arguments are not valid.",
        "Invalid question: String should have at least 1 character",
        "Invalid document_ids: Input should be a valid list",
        "Invalid top_k: Input should be greater than or equal to 1",
    ]
    assert missing.splitlines()[1:] == [
        "Invalid question: Field required",
        "Invalid top_k: Input should be a valid integer, unable to parse string as an integer",
    ]
    assert "many" not in missing and "errors.pydantic.dev" not in message + missing
    # An argument a tool does not take is refused (a misspelt "lenght" would otherwise read the default).
    async with mcp_http(live_url, tokens["investigate"]) as session:
        extra = await error_of(session, "list_documents", {"limit": 5, "bogus": 1})
    assert extra.splitlines()[1:] == ["Invalid bogus: not an argument of list_documents"]
    async with mcp_http(live_url, tokens["investigate"]) as session:
        empty = await error_of(session, "investigate", {"question": "When is the lamp lit?", "document_ids": []})
    assert "Invalid document_ids" in empty  # an empty list names no document; leaving it out searches them all
    # A blank query is as invalid here as on the REST API (it used to search with "   ")
    async with mcp_http(live_url, tokens["investigate"]) as session:
        blank = await error_of(session, "search_documents", {"query": "   "})
        invisible = await error_of(session, "investigate", {"question": "\u200b\u200b"})
    assert "Invalid query" in blank and "Invalid question" in invisible


async def test_another_organizations_ids_behave_as_unknown(client, live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    _, document, tokens = org
    async with mcp_http(live_url, tokens["investigate"]) as session:
        run_id = (await call(session, "investigate", {"question": "How often does the horn sound?"}))["run_id"]
    stranger = await register(client)
    stranger_token = (await create_token(client, stranger, ["investigate"]))["token"]
    async with mcp_http(live_url, stranger_token) as session:
        assert (await call(session, "list_documents", {}))["total"] == 0
        assert (await call(session, "search_documents", {"query": "fog horn"}))["hits"] == []
        foreign = [
            await error_of(session, "get_run", {"run_id": run_id}),
            await error_of(session, "read_document_text", {"document_id": document["document_id"]}),
        ]
        unknown = [
            await error_of(session, "get_run", {"run_id": "00000000-0000-0000-0000-000000000000"}),
            await error_of(session, "read_document_text", {"document_id": "00000000-0000-0000-0000-000000000000"}),
        ]
        assert foreign == unknown and all("not_found" in m for m in foreign)
        for document_id in (document["document_id"], "00000000-0000-0000-0000-000000000000"):
            with pytest.raises(MCPError, match="not_found"):
                await session.read_resource(f"orion://documents/{document_id}")
        scoped = await error_of(session, "investigate", {"question": "fog?", "document_ids": [document["document_id"]]})
        assert "not_found" in scoped


async def test_a_revoked_token_is_refused_at_once(client, live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    account, _, _ = org
    created = await create_token(client, account, ["read"], name="agent")
    statuses: list[int] = []

    async def record(response: httpx2.Response) -> None:
        statuses.append(response.status_code)

    hooks = {"response": [record]}
    async with (
        httpx2.AsyncClient(headers=bearer(created["token"]), timeout=30, event_hooks=hooks) as http,
        Client(streamable_http_client(f"{live_url}/mcp", http_client=http)) as session,
    ):
        assert (await call(session, "list_documents", {}))["total"] == 1
        revoked = await client.delete(f"{TOKENS_URL}/{created['id']}", headers=account.headers)
        assert revoked.status_code == 204
        # The same open MCP session: its next call is a new HTTP request, authenticated afresh.
        with pytest.raises(MCPError):
            await session.call_tool("list_documents", {})
        assert statuses[-1] == 401


async def test_no_or_bad_token_is_401_in_the_error_shape(live_url: str) -> None:
    async with httpx2.AsyncClient(timeout=10) as http:
        for headers in ({}, bearer("orion_pat_nope"), bearer("not-a-jwt")):
            response = await http.post(
                f"{live_url}/mcp",
                json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
                headers={**headers, "Accept": "application/json, text/event-stream"},
            )
            assert response.status_code == 401
            assert response.json()["error"]["code"] == "unauthorized"
            assert response.headers["www-authenticate"] == "Bearer"


async def test_a_get_opens_no_event_stream(live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    # stateless JSON responses: a GET is answered 405 at once, as the transport allows, not a stream of pings held
    # open (outside check 19); without a token it is still 401 first
    account, _, _ = org
    async with httpx2.AsyncClient(timeout=10) as http:
        response = await http.get(f"{live_url}/mcp", headers={**bearer(account.token), "Accept": "text/event-stream"})
        assert response.status_code == 405 and response.headers["allow"] == "POST, DELETE"
        assert (await http.get(f"{live_url}/mcp", headers={"Accept": "text/event-stream"})).status_code == 401


async def test_a_password_session_jwt_also_works(live_url: str, org) -> None:  # type: ignore[no-untyped-def]
    account, _, _ = org
    async with mcp_http(live_url, account.token) as session:
        assert (await call(session, "list_documents", {}))["total"] == 1


async def test_the_stdio_entry_point(client, live_url: str, org, tmp_path) -> None:  # type: ignore[no-untyped-def]
    account, document, tokens = org
    text_url = f"/api/v1/knowledge/documents/{document['document_id']}/versions/{document['document_version_id']}/text"
    full_text = (await client.get(text_url, headers=account.headers)).text
    environment = {
        **os.environ,
        "ORION_MCP_TOKEN": tokens["read"],
        "ORION_DATA_DIR": str(tmp_path),
        "ORION_ENVIRONMENT": "test",
    }
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "apps.cli.main", "mcp", "--url", live_url], env=environment
    )
    async with Client(parameters) as session:
        assert {tool.name for tool in (await session.list_tools()).tools} == TOOLS
        documents = await call(session, "list_documents", {})
        assert documents["documents"][0]["id"] == document["document_id"]
        hits = (await call(session, "search_documents", {"query": "fog horn"}))["hits"]
        assert hits[0]["document_id"] == document["document_id"]
        span = await call(
            session, "read_document_text", {"document_id": document["document_id"], "start": 5, "length": 20}
        )
        assert span["text"] == full_text[5:25] and span["total_chars"] == len(full_text)
        resource = await session.read_resource(f"orion://documents/{document['document_id']}")
        assert resource.contents[0].text == full_text  # type: ignore[union-attr]
        message = await error_of(session, "investigate", {"question": "When is the lamp lit?"})
        assert "forbidden" in message and "runs:create" in message
        unknown = await error_of(session, "get_run", {"run_id": "00000000-0000-0000-0000-000000000000"})
        assert "not_found" in unknown


async def test_the_stdio_command_refuses_to_start_with_a_refused_token(live_url: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    environment = {**os.environ, "ORION_DATA_DIR": str(tmp_path), "ORION_ENVIRONMENT": "test"}
    environment.pop("ORION_MCP_TOKEN", None)
    command = [sys.executable, "-m", "apps.cli.main", "mcp", "--url", live_url]
    process = await asyncio.create_subprocess_exec(
        *command, "--token", "orion_pat_" + "0" * 32 + "_" + "A" * 43, env=environment, stderr=asyncio.subprocess.PIPE
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2 and b"refused" in stderr
    process = await asyncio.create_subprocess_exec(*command, env=environment, stderr=asyncio.subprocess.PIPE)
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2 and b"a token is needed" in stderr
    # A base URL with /api/v1 made every tool answer a bare not_found; it is named at start instead
    wrong = [sys.executable, "-m", "apps.cli.main", "mcp", "--url", f"{live_url}/api/v1", "--token", "orion_pat_x"]
    process = await asyncio.create_subprocess_exec(*wrong, env=environment, stderr=asyncio.subprocess.PIPE)
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2 and b"without /api/v1" in stderr


async def test_a_non_json_body_gets_the_api_s_error_shape(client, org) -> None:  # type: ignore[no-untyped-def]
    _, _, tokens = org
    headers = {**bearer(tokens["read"]), "content-type": "text/plain", "accept": "application/json, text/event-stream"}
    response = await client.post("/mcp", content=b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}', headers=headers)
    assert response.status_code == 415, response.text
    body = response.json()
    assert body["error"]["code"] == "unsupported_media_type" and body["request_id"]


async def test_get_run_says_when_the_evidence_has_gone(client, live_url: str) -> None:  # type: ignore[no-untyped-def]
    """An answer whose document was deleted afterwards is no longer a verified answer an agent may cite: get_run says
    the evidence drifted (as GET /runs does) instead of "every quote was checked and passed" (outside check)."""
    account = await register(client)
    document = await upload_ok(client, account, MANUAL, "lighthouse.md", title="Lighthouse manual")
    await wait_indexed(client, account, document["document_id"])
    token = (await create_token(client, account, ["investigate"]))["token"]
    async with mcp_http(live_url, token) as session:
        answer = await call(session, "investigate", {"question": "When is the lamp lit?"})
        assert answer["outcome"] == "answered" and answer["quotes_verified"] is True
        assert answer["evidence_status"] == "current" and answer["claims"][0]["evidence_status"] == "current"
        deleted = await client.delete(f"/api/v1/knowledge/documents/{document['document_id']}", headers=account.headers)
        assert deleted.status_code == 204
        for _ in range(100):
            run = (await client.get(f"/api/v1/runs/{answer['run_id']}", headers=account.headers)).json()
            if run["evidence_status"] == "drifted":
                break
            await asyncio.sleep(0.1)
        again = await call(session, "get_run", {"run_id": answer["run_id"]})
    assert again["evidence_status"] == "drifted" and again["quotes_verified"] is False
    assert {claim["evidence_status"] for claim in again["claims"]} == {"gone"}
    assert again["verification"].startswith("every quote passed verification when the run completed, but")
    assert "ask again before citing" in again["verification"]
