"""`/mcp` on the API's own app: streamable HTTP (stateless, JSON responses), authenticated per HTTP request with
the same bearer tokens as the REST API, each tool call in its own session bound to the caller's organization."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import JSONRPCResponse
from starlette.middleware import Middleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from apps.api.boundary import MAX_JSON_BYTES, InputBoundaryMiddleware, replay
from apps.api.errors import error_response
from apps.mcp.backend import OrionBackend, ToolFailure
from apps.mcp.inputs import refusal
from apps.mcp.server import BackendOpener, build_mcp_server
from domains.execution.run.purge import CitationPurger
from domains.execution.schemas import RunCreate, RunPublic, RunResultPublic
from domains.execution.service import ExecutionService
from domains.identity.access_tokens import looks_like_personal_token
from domains.identity.errors import InvalidToken
from domains.identity.permissions import Permission
from domains.identity.service import IdentityService, Principal
from domains.identity.token_service import AccessTokenService
from domains.knowledge.schemas import DocumentDetail, DocumentPublic, RetrievalMethod, SearchResultPublic
from domains.knowledge.search import RetrievalRequest, SearchService
from domains.knowledge.service import KnowledgeService
from packages.core.errors import OrionError
from packages.database.engine import bind_organization

PRINCIPAL_KEY = "orion.principal"
REFUSAL_KEY = "orion.mcp_refusal"
MCP_PATH = "/mcp"


class InProcessBackend:
    """The tools' use cases, called as the routers call them, for one authenticated caller."""

    def __init__(self, state: Any, session: Any, principal: Principal) -> None:
        self.state = state
        self.session = session
        self.principal = principal
        self.org = principal.organization_id

    def _knowledge(self) -> KnowledgeService:
        state = self.state
        return KnowledgeService(
            self.session, state.settings, state.embedder, state.worker.notify, CitationPurger(self.session)
        )

    def _execution(self) -> ExecutionService:
        state = self.state
        return ExecutionService(self.session, state.settings, state.run_sessions, state.workflow_services)

    async def search(
        self, query: str, method: RetrievalMethod, top_k: int, document_id: str | None
    ) -> list[SearchResultPublic]:
        self.principal.ensure(Permission.SEARCH_RUN)
        service = SearchService(self.session, self.state.retriever, self.state.embedder, self.state.usage)
        outcome = await service.search(
            RetrievalRequest(
                organization_id=self.org,
                query_text=query,
                method=method,
                top_k=top_k,
                score_threshold=None,
                document_ids=(document_id,) if document_id else None,
            )
        )
        return [SearchResultPublic.model_validate(r, from_attributes=True) for r in outcome.results]

    async def create_run(self, query: str, document_ids: list[str] | None, top_k: int) -> RunPublic:
        self.principal.ensure(Permission.RUNS_CREATE)
        inputs: dict[str, Any] = {"query": query, "top_k": top_k}
        if document_ids:
            inputs["document_ids"] = document_ids
        body = RunCreate(workflow_type="evidence_briefing", input=inputs)
        run, _ = await self._execution().create_run(self.org, self.principal.user_id, body)
        return run

    async def get_run(self, run_id: str) -> RunPublic:
        self.principal.ensure(Permission.RUNS_READ)
        return await self._execution().get_run(self.org, run_id)

    async def run_result(self, run_id: str) -> RunResultPublic:
        self.principal.ensure(Permission.RUNS_READ)
        return await self._execution().result(self.org, run_id)

    async def list_documents(self, limit: int, offset: int) -> tuple[list[DocumentPublic], int]:
        self.principal.ensure(Permission.DOCUMENTS_READ)
        return await self._knowledge().list_documents(self.org, limit=limit, offset=offset)

    async def document(self, document_id: str) -> DocumentDetail:
        self.principal.ensure(Permission.DOCUMENTS_READ)
        return await self._knowledge().detail(self.org, document_id)

    async def version_text(self, document_id: str, version_id: str) -> str:
        self.principal.ensure(Permission.DOCUMENTS_READ)
        return await self._knowledge().version_text(self.org, document_id, version_id)


def _opener(app: FastAPI) -> BackendOpener:
    @asynccontextmanager
    async def open_backend(ctx: Context) -> AsyncIterator[OrionBackend]:
        request = ctx.request_context.request
        principal = request.scope.get(PRINCIPAL_KEY) if request is not None else None
        if not isinstance(principal, Principal):
            raise ToolFailure(InvalidToken.code, InvalidToken.default_message)
        async with app.state.db.app_sessions() as session:
            await bind_organization(session, principal.organization_id)
            try:
                yield InProcessBackend(app.state, session, principal)
                await session.commit()
            except OrionError as error:
                await session.rollback()
                raise ToolFailure(error.code, error.message) from None
            except BaseException:
                await session.rollback()
                raise

    return open_backend


async def authenticate(app: FastAPI, authorization: str | None) -> Principal:
    """Authenticate a bearer header exactly as the REST API does (a JWT or a personal access token)."""
    scheme, _, raw = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not raw.strip():
        raise InvalidToken("A bearer token is required.")
    raw = raw.strip()
    state = app.state
    async with state.db.app_sessions() as session:
        if looks_like_personal_token(raw):
            principal = await AccessTokenService(session).authenticate(raw)
        else:
            principal = await IdentityService(session, state.settings, state.jwt_secret).authenticate(raw)
        await session.commit()  # the token's last use
    return principal


class AuthenticatedMCP:
    """ASGI app: authenticate every HTTP request, then hand it to the SDK's streamable HTTP app."""

    def __init__(self, app: FastAPI, inner: Any) -> None:
        self.app = app
        self.inner = inner

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.inner(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            scope[PRINCIPAL_KEY] = await authenticate(self.app, headers.get("authorization"))
        except OrionError as error:
            headers_out = {"WWW-Authenticate": "Bearer", **error.headers}
            await error_response(error.status, error.code, error.message, error.details, headers_out)(
                scope, receive, send
            )
            return
        if scope.get("method") == "GET":
            # Stateless JSON responses offer no server-sent event stream: the MCP transport's answer for that is 405
            # ("the server does not offer an SSE stream at this endpoint"); a GET used to hold a stream of pings open.
            await Response(status_code=405, headers={"Allow": "POST, DELETE"})(scope, receive, send)
            return
        answer = scope.get(REFUSAL_KEY)
        if answer is not None:  # refused unread by MCPInputCheck, answered once the caller is known
            status = 200 if isinstance(answer, JSONRPCResponse) else 400  # as the SDK answers a parse error
            body = answer.model_dump_json(by_alias=True, exclude_unset=True)
            await Response(body, status_code=status, media_type="application/json")(scope, receive, send)
            return
        await self.inner(scope, receive, send)


class MCPInputCheck:
    """ASGI middleware in front of the API's input boundary, for POST /mcp only: a body that does not parse or holds
    NUL or a lone surrogate is not the boundary's REST-shaped 422 (an MCP client shows only "Server returned an error
    response") but a JSON-RPC answer (apps/mcp/inputs.py), given by AuthenticatedMCP after it authenticates the
    caller. The body then goes on empty, so the boundary lets it through; any other body goes on as it came."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not _is_mcp_json_post(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, replay([*_as_messages(chunks, more=True), message], receive), send)
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if not message.get("more_body", False):
                break
            if size > MAX_JSON_BYTES:  # the boundary refuses it as too large
                await self.app(scope, replay(_as_messages(chunks, more=True), receive), send)
                return
        body = b"".join(chunks)
        answer = refusal(body) if body.strip() else None  # an empty body: the SDK's own -32700
        if answer is not None:
            scope[REFUSAL_KEY] = answer
            body = b""
        await self.app(scope, replay(_as_messages([body], more=False), receive), send)


def _is_mcp_json_post(scope: Scope) -> bool:
    if scope["type"] != "http" or scope.get("method") != "POST" or str(scope.get("path", "")).rstrip("/") != MCP_PATH:
        return False
    headers = {k.lower(): v for k, v in scope.get("headers", [])}
    media = headers.get(b"content-type", b"").decode("latin-1").split(";", 1)[0].strip().lower()
    declared = headers.get(b"content-length", b"")
    too_large = declared.isdigit() and int(declared) > MAX_JSON_BYTES  # the boundary's 413, unread
    return (media == "application/json" or media.endswith("+json")) and not too_large


def _as_messages(chunks: list[bytes], *, more: bool) -> list[Message]:
    return [{"type": "http.request", "body": b"".join(chunks), "more_body": more}]


def mount_mcp(app: FastAPI) -> MCPServer:
    """Serve the MCP endpoint at /mcp; the app's lifespan must run the returned server's session manager."""
    server = build_mcp_server(_opener(app))
    # Stateless: every tool call is its own HTTP request, so every call is authenticated afresh (a revoked token
    # is refused at once) and no session state outlives a request. The host check is the API's business.
    inner = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    endpoint: Any = AuthenticatedMCP(app, inner)  # an ASGI app: Starlette routes to it as is
    app.add_route(MCP_PATH, endpoint, methods=["GET", "POST", "DELETE"], include_in_schema=False)
    # Just outside the input boundary (inside request ids, CORS and the rest), so it sees the body first
    boundary = next(
        (i for i, m in enumerate(app.user_middleware) if m.cls is InputBoundaryMiddleware), len(app.user_middleware)
    )
    app.user_middleware.insert(boundary, Middleware(MCPInputCheck))
    return server


@asynccontextmanager
async def running(server: MCPServer) -> AsyncIterator[None]:
    """Run the MCP session manager for the app's lifetime, in a task of its own.

    The manager holds an anyio task group, whose cancel scope must be left by the task that entered it; the app's
    lifespan may be entered and left by different tasks (test harnesses do), so the group lives in one task here.
    """
    started = asyncio.Event()
    stop = asyncio.Event()

    async def hold() -> None:
        async with server.session_manager.run():
            started.set()
            await stop.wait()

    task = asyncio.create_task(hold(), name="mcp-sessions")
    waiter = asyncio.create_task(started.wait())
    await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    waiter.cancel()
    if task.done():
        task.result()  # the manager failed to start: raise its error
    try:
        yield
    finally:
        stop.set()
        await task
