"""`orion mcp`: the MCP tools over stdio for desktop clients, calling a running ORION's REST API with a token."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
from mcp.server.mcpserver import Context
from pydantic import BaseModel, TypeAdapter, ValidationError

from apps.mcp.backend import OrionBackend, ToolFailure
from apps.mcp.server import build_mcp_server
from apps.mcp.stdio import serve_stdio_checked
from domains.execution.schemas import RunPublic, RunResultPublic
from domains.knowledge.schemas import DocumentDetail, DocumentPublic, RetrievalMethod, SearchResultPublic

logger = logging.getLogger(__name__)
# A run executes within its request (retrieval, the model, verification): allow a slow model its time.
TIMEOUT = httpx.Timeout(30.0, read=600.0)


class _ErrorDetail(BaseModel):
    code: str
    message: str


class _ErrorBody(BaseModel):
    error: _ErrorDetail


_SEARCH_RESULTS = TypeAdapter(list[SearchResultPublic])
_DOCUMENTS = TypeAdapter(list[DocumentPublic])
_RUN = TypeAdapter(RunPublic)
_RESULT = TypeAdapter(RunResultPublic)
_DETAIL = TypeAdapter(DocumentDetail)
_USER = TypeAdapter(dict[str, Any])
T = TypeVar("T")
# A base URL with a path (".../mcp", ".../foo") reaches the web UI, whose index page answers every unknown address
NOT_THE_API = "did not answer as ORION's API does (give the server's base URL, without /mcp or /api/v1)"


def _parsed(adapter: TypeAdapter[T], response: httpx.Response) -> T:
    """Parse an API answer; one that is not the API's JSON (the UI's HTML page) is a tool error naming the URL."""
    try:
        return adapter.validate_json(response.content)
    except ValidationError:
        raise ToolFailure("bad_response", f"{response.request.url} {NOT_THE_API}.") from None


class RestBackend:
    """The tools' use cases through the REST API, as the token's owner, within the token's scopes."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http

    async def _call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            response = await self.http.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise ToolFailure("unavailable", f"ORION could not be reached: {type(exc).__name__}") from None
        if response.status_code == 405:
            # Every call here uses its route's method: a 405 is the web UI answering a wrong base URL's POST
            raise ToolFailure("bad_response", f"{response.request.url} answered HTTP 405: it {NOT_THE_API}.")
        if response.status_code >= 400:
            try:
                error = _ErrorBody.model_validate_json(response.content).error
            except ValidationError:
                message = f"{response.request.url} answered HTTP {response.status_code}: it {NOT_THE_API}."
                raise ToolFailure("http_error", message) from None
            raise ToolFailure(error.code, error.message)
        return response

    async def search(
        self, query: str, method: RetrievalMethod, top_k: int, document_id: str | None
    ) -> list[SearchResultPublic]:
        body = {"query_text": query, "method": method, "top_k": top_k, "document_id": document_id}
        response = await self._call("POST", "/api/v1/knowledge/search", json=body)
        return _parsed(_SEARCH_RESULTS, response)

    async def create_run(self, query: str, document_ids: list[str] | None, top_k: int) -> RunPublic:
        inputs: dict[str, Any] = {"query": query, "top_k": top_k}
        if document_ids:
            inputs["document_ids"] = document_ids
        response = await self._call(
            "POST", "/api/v1/runs", json={"workflow_type": "evidence_briefing", "input": inputs}
        )
        return _parsed(_RUN, response)

    async def get_run(self, run_id: str) -> RunPublic:
        return _parsed(_RUN, await self._call("GET", f"/api/v1/runs/{_segment(run_id)}"))

    async def run_result(self, run_id: str) -> RunResultPublic:
        response = await self._call("GET", f"/api/v1/runs/{_segment(run_id)}/result")
        return _parsed(_RESULT, response)

    async def list_documents(self, limit: int, offset: int) -> tuple[list[DocumentPublic], int]:
        response = await self._call("GET", "/api/v1/knowledge/documents", params={"limit": limit, "offset": offset})
        return _parsed(_DOCUMENTS, response), int(response.headers.get("X-Total-Count", "0"))

    async def document(self, document_id: str) -> DocumentDetail:
        response = await self._call("GET", f"/api/v1/knowledge/documents/{_segment(document_id)}")
        return _parsed(_DETAIL, response)

    async def version_text(self, document_id: str, version_id: str) -> str:
        path = f"/api/v1/knowledge/documents/{_segment(document_id)}/versions/{_segment(version_id)}/text"
        response = await self._call("GET", path)
        if not response.headers.get("content-type", "").startswith("text/plain"):
            raise ToolFailure("bad_response", f"{response.request.url} {NOT_THE_API}.")
        return response.text


def _segment(value: str) -> str:
    # An id is one path segment: a slash or ".." in it must not reach another route.
    return quote(value, safe="")


async def serve_stdio(url: str, token: str) -> None:
    """Serve the MCP tools on stdin/stdout, each call made to `url` as the token's owner."""
    headers = {"Authorization": f"Bearer {token}", "User-Agent": "orion-mcp"}
    async with httpx.AsyncClient(base_url=url.rstrip("/"), headers=headers, timeout=TIMEOUT) as http:
        backend = RestBackend(http)

        @asynccontextmanager
        async def open_backend(ctx: Context) -> AsyncIterator[OrionBackend]:
            yield backend

        await serve_stdio_checked(build_mcp_server(open_backend))


async def check_token(url: str, token: str) -> str | None:
    """Return why the token cannot be used against `url` (None when it can, or when ORION is not up yet)."""
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL:
        parsed = None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.host:
        # "not-a-url" would only fail later, on every tool call, as "not reachable yet"
        return f"{url!r} is not a URL: give the server's base URL, such as http://127.0.0.1:8000"
    headers = {"Authorization": f"Bearer {token}"}
    try:
        async with httpx.AsyncClient(base_url=url.rstrip("/"), headers=headers, timeout=10.0) as http:
            response = await http.get("/api/v1/auth/me")
    except httpx.HTTPError as exc:
        logger.warning("ORION at %s is not reachable yet (%s); tools will fail until it is", url, type(exc).__name__)
        return None
    if response.status_code == 404:
        # A base URL ending in /api/v1 makes every tool answer a bare "not_found"
        return f"no ORION API at {url} (give the server's base URL, without /api/v1)"
    if response.status_code == 401:
        return "the token was refused (invalid, expired or revoked)"
    try:
        _USER.validate_json(response.content)
    except ValidationError:
        # A base URL with a path (".../mcp") reaches the web UI, which answers any address with its page and 200
        return f"{url} {NOT_THE_API}"
    return None
