"""MCP messages refused before the SDK reads them, answered the way MCP clients read refusals.

The SDK drops a stdio line it cannot parse (a client waits for an answer that never comes), and on /mcp the API's
input boundary answers NUL characters, lone surrogates and malformed JSON with a REST-shaped 422 that an MCP
client shows as "Server returned an error response". Here such a message gets a JSON-RPC answer instead: -32700
for what does not parse, a tool error naming the argument for a bad `tools/call` argument (as every other bad
argument is told), and -32602/-32600 naming the field otherwise.
"""

from __future__ import annotations

import json
from typing import Any

from mcp_types import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    PARSE_ERROR,
    CallToolResult,
    ErrorData,
    JSONRPCError,
    JSONRPCResponse,
    TextContent,
)

from apps.api.boundary import first_forbidden, forbidden_character

Answer = JSONRPCResponse | JSONRPCError


def invalid_arguments_message(tool: str, lines: list[str]) -> str:
    """Return a tool's argument error as every bad argument reads: a header line, then one line per argument."""
    return "\n".join([f"Error executing tool {tool}: validation_error: the arguments are not valid.", *lines])


def invalid_argument(loc: list[str], problem: str) -> str:
    """Return one line naming a tool argument (by the tool's own name for it) and what is wrong with it."""
    where = "an argument's name" if loc[-1:] == ["<key>"] and len(loc) == 1 else ".".join(loc)
    return f"Invalid {where}: {problem}"


def _request_id(message: Any) -> str | int | None:
    """Return the message's id when it is one a response can carry back (else None, as JSON-RPC answers then)."""
    ident = message.get("id") if isinstance(message, dict) else None
    if isinstance(ident, bool) or not isinstance(ident, str | int):
        return None
    return ident if not isinstance(ident, str) or forbidden_character(ident) is None else None


def _error(ident: str | int | None, code: int, message: str) -> JSONRPCError:
    return JSONRPCError(jsonrpc="2.0", id=ident, error=ErrorData(code=code, message=message))


def refusal(raw: str | bytes) -> Answer | None:
    """Return the JSON-RPC answer to a message that does not parse or carries NUL or a lone surrogate; None for any
    other message (the SDK reads it and answers as usual)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        message = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return _error(None, PARSE_ERROR, f"Parse error: the message is not valid JSON ({str(exc)[:200]})")
    found = first_forbidden(message, [])
    if found is None:
        return None
    loc, problem = found
    ident = _request_id(message)
    is_call = isinstance(message, dict) and message.get("method") == "tools/call"
    if is_call and ident is not None and len(loc) >= 3 and loc[:2] == ["params", "arguments"]:
        params = message["params"]
        tool = params.get("name") if isinstance(params, dict) else None
        if isinstance(tool, str) and forbidden_character(tool) is None:
            text = invalid_arguments_message(tool, [invalid_argument(loc[2:], problem)])
            result = CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
            dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
            return JSONRPCResponse(jsonrpc="2.0", id=ident, result=dumped)
    code = INVALID_PARAMS if loc[:1] == ["params"] else INVALID_REQUEST
    return _error(ident, code, f"Invalid {'.'.join(loc) or 'message'}: {problem}")


def not_a_message(raw: str, reason: str) -> JSONRPCError:
    """Return the answer to JSON that is not a JSON-RPC message the server takes (-32600, with its id if it has one)."""
    try:
        ident = _request_id(json.loads(raw))
    except ValueError:
        ident = None
    return _error(ident, INVALID_REQUEST, f"Invalid request: {reason}")
