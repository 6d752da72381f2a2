"""`orion mcp`'s stdio transport: the SDK's, with every line it cannot read answered instead of dropped.

The SDK's reader drops a line that is not a JSON-RPC message (bad JSON, or a lone-surrogate escape, which its
parser refuses), so the client waits for an answer until its own timeout. Here such a line gets the JSON-RPC
answer apps/mcp/inputs.py gives it: -32700, a tool error naming the argument, or -32600.
"""

from __future__ import annotations

import io
import sys
from collections.abc import AsyncIterable, AsyncIterator
from typing import Any, cast

import anyio
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import jsonrpc_message_adapter
from pydantic import ValidationError

from apps.mcp.inputs import Answer, not_a_message, refusal
from apps.mcp.server import OrionMCPServer


class CheckedLines:
    """The lines of stdin the SDK can read; every other non-blank line is answered on the server's write stream."""

    def __init__(self, source: AsyncIterable[str]) -> None:
        self.source = source
        self.ready = anyio.Event()
        self.write: Any = None  # the transport's write stream, known once it is open

    def answer_on(self, write_stream: Any) -> None:
        self.write = write_stream
        self.ready.set()

    async def _answer(self, answer: Answer) -> None:
        await self.ready.wait()
        await self.write.send(SessionMessage(answer))

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in self.source:
            if not line.strip():
                continue
            try:
                jsonrpc_message_adapter.validate_json(line, by_name=False)
            except ValidationError:
                reason = "not a JSON-RPC 2.0 request, notification or response"
                await self._answer(refusal(line) or not_a_message(line, reason))
                continue
            yield line


async def serve_stdio_checked(server: OrionMCPServer) -> None:
    """Serve `server` on stdin/stdout, answering every line it cannot read."""
    text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    lines = CheckedLines(anyio.wrap_file(text))
    async with stdio_server(stdin=cast(Any, lines)) as (read_stream, write_stream):
        lines.answer_on(write_stream)
        await server.run_streams(read_stream, write_stream)
