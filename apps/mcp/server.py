"""The MCP tool surface, shared by the streamable HTTP endpoint and the stdio command (ADR-0019)."""

from __future__ import annotations

import inspect
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError, UnexpectedToolError
from mcp.types import CallToolResult, InputRequiredResult
from pydantic import Field, ValidationError

from apps.api.boundary import first_forbidden
from apps.mcp.backend import OrionBackend, ToolFailure
from apps.mcp.inputs import invalid_argument, invalid_arguments_message
from apps.mcp.outputs import (
    DocumentList,
    InvestigationOutput,
    SearchOutput,
    TextSpan,
    chosen_version,
    document_list,
    investigation_output,
    search_output,
    text_span,
)
from domains.knowledge.schemas import QueryText
from packages.core.validation import describe_invalid, invalid_fields

BackendOpener = Callable[[Context], AbstractAsyncContextManager[OrionBackend]]
FINISHED = {"completed", "failed", "cancelled"}
INSTRUCTIONS = (
    "ORION answers questions from an organization's documents with claims whose quotes were checked verbatim "
    "against the stored source, or refuses when the evidence is not there. Use `investigate` for answers, "
    "`search_documents` for raw passages, `read_document_text` to read around a quote."
)


class OrionMCPServer(MCPServer[Any]):
    """The SDK's server, telling bad arguments the way the API's 422 does: one line per argument, its name and what
    it expects (the SDK's own text is pydantic's multi-line dump, with the rejected values and documentation links)."""

    async def run_streams(self, read_stream: Any, write_stream: Any) -> None:
        """Serve one connection over the given streams (what run_stdio_async does inside the SDK's transport)."""
        lowlevel = self._lowlevel_server
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        tool = self._tool_manager.get_tool(name)
        if tool is not None:
            # An argument the tool does not take is refused, as the API refuses extra fields (the SDK drops it, so a
            # misspelt "lenght" would silently read the default).
            unknown = sorted(set(arguments or {}) - set(tool.parameters.get("properties", {})))
            if unknown:
                lines = [f"Invalid {argument}: not an argument of {name}" for argument in unknown]
                raise ToolError(invalid_arguments_message(name, lines))
            # NUL characters are refused here, named as the tool's argument (the API would name its own field,
            # "body.query_text"); a lone surrogate never gets this far (apps/mcp/inputs.py answers it)
            found = first_forbidden(arguments or {}, [])
            if found is not None:
                raise ToolError(invalid_arguments_message(name, [invalid_argument(*found)]))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            # Only argument validation leaves a ValidationError as the cause (a tool's own errors are wrapped twice).
            if isinstance(error, UnexpectedToolError) or not isinstance(error.__cause__, ValidationError):
                raise
            raise ToolError(_invalid_arguments(name, error.__cause__)) from error.__cause__


def _invalid_arguments(tool: str, error: ValidationError) -> str:
    return invalid_arguments_message(tool, [describe_invalid(field) for field in invalid_fields(error.errors())])


def _tool(server: OrionMCPServer) -> Any:
    """Register a tool whose description is its docstring on one line (the SDK kept a docstring's indentation:
    "... or refuse         with the reason")."""

    def register(function: Any) -> Any:
        return server.tool(description=" ".join((inspect.getdoc(function) or "").split()) or None)(function)

    return register


def build_mcp_server(open_backend: BackendOpener) -> OrionMCPServer:
    """Return an MCP server whose tools run against the backend `open_backend` yields for each call."""
    server = OrionMCPServer("orion", instructions=INSTRUCTIONS, version="1.0.0", log_level="WARNING")
    logging.getLogger("httpx2").setLevel(logging.WARNING)

    @_tool(server)
    async def search_documents(
        ctx: Context,
        query: Annotated[QueryText, Field(description="What to look for")],
        method: Literal["hybrid", "semantic", "lexical"] = "hybrid",
        top_k: Annotated[int, Field(ge=1, le=50)] = 8,
        document_id: Annotated[str | None, Field(description="Only search this document")] = None,
    ) -> SearchOutput:
        """Search the organization's documents; returns passages with title, page, section and trust label."""
        async with _calling(open_backend, ctx) as backend:
            return search_output(await backend.search(query, method, top_k, document_id))

    @_tool(server)
    async def investigate(
        ctx: Context,
        question: QueryText,
        document_ids: Annotated[
            list[str] | None, Field(min_length=1, max_length=100, description="Limit to these (leave out for all)")
        ] = None,
        top_k: Annotated[int, Field(ge=1, le=50)] = 8,
    ) -> InvestigationOutput:
        """Answer a question with claims whose quotes are verified verbatim against the documents, or refuse
        with the reason. The run id and receipt path let you cite or re-check the answer."""
        async with _calling(open_backend, ctx) as backend:
            run = await backend.create_run(question, document_ids, top_k)
            return investigation_output(run, await backend.run_result(run.id))

    @_tool(server)
    async def get_run(ctx: Context, run_id: Annotated[str, Field(min_length=1, max_length=36)]) -> InvestigationOutput:
        """Return an investigation by id: its outcome, briefing and verified quotes, or its refusal."""
        async with _calling(open_backend, ctx) as backend:
            run = await backend.get_run(run_id)
            result = await backend.run_result(run_id) if str(run.status) in FINISHED else None
            return investigation_output(run, result)

    @_tool(server)
    async def list_documents(
        ctx: Context, limit: Annotated[int, Field(ge=1, le=50)] = 20, offset: Annotated[int, Field(ge=0)] = 0
    ) -> DocumentList:
        """List the organization's documents, newest first."""
        async with _calling(open_backend, ctx) as backend:
            documents, total = await backend.list_documents(limit, offset)
            return document_list(documents, total)

    @_tool(server)
    async def read_document_text(
        ctx: Context,
        document_id: Annotated[str, Field(min_length=1, max_length=36)],
        version_id: Annotated[str | None, Field(description="Default: the newest indexed version")] = None,
        start: Annotated[int, Field(ge=0, description="Offset in the version's normalized text")] = 0,
        length: Annotated[int, Field(ge=1, le=20000)] = 4000,
    ) -> TextSpan:
        """Read a span of a document version's normalized text (the text quote offsets index into)."""
        async with _calling(open_backend, ctx) as backend:
            detail = await backend.document(document_id)
            version = chosen_version(detail, version_id)
            if version is None:
                raise ToolError("not_found: The document version does not exist.")
            text = await backend.version_text(document_id, version[0])
            return text_span(document_id, version, text, start, length)

    @server.resource(
        "orion://documents/{document_id}",
        name="document",
        mime_type="text/plain",
        description="A document's newest indexed version: its normalized text (what quote offsets index into).",
    )
    async def document_text(document_id: str, ctx: Context) -> str:
        try:
            async with open_backend(ctx) as backend:
                version = chosen_version(await backend.document(document_id), None)
                if version is None:
                    raise ResourceNotFoundError("not_found: The document has no version.")
                return await backend.version_text(document_id, version[0])
        except ToolFailure as failure:
            raise (ResourceNotFoundError if failure.code == "not_found" else ResourceError)(str(failure)) from None

    return server


@asynccontextmanager
async def _calling(open_backend: BackendOpener, ctx: Context) -> AsyncIterator[OrionBackend]:
    """Open the call's backend and turn ORION's refusals into tool errors the agent can read."""
    try:
        async with open_backend(ctx) as backend:
            yield backend
    except ToolFailure as failure:
        raise ToolError(str(failure)) from None
