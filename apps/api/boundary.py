"""The input boundary every request crosses before a router sees it, plus the security headers of every response.

Postgres refuses NUL characters in text and Python cannot encode a lone surrogate as UTF-8, so either one in a
request used to travel to the database and come back as a 500. Here they are refused once, for every route:
in the path, in a query parameter, and anywhere in a JSON body (keys and values), as 422 `validation_error`
naming the field. A JSON body that does not parse (bad syntax, invalid UTF-8, NaN/Infinity) is 422 too.
Multipart uploads are checked by the upload reader (apps/api/uploads.py), which streams them.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from apps.api.errors import error_body
from packages.core.validation import describe_invalid

MAX_JSON_BYTES = 2 * 1024 * 1024
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
]
_BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
UPLOAD_PATH = "/api/v1/knowledge/documents"  # the one API route whose body is multipart, not JSON


class BoundaryError(Exception):
    def __init__(
        self, status: int, code: str, message: str, loc: list[str], kind: str, problem: str | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        # `msg` is what is wrong with the field (as in every other 422's details), the message names the field too
        self.details = {"errors": [{"loc": loc, "msg": problem or message, "type": kind}]}


def forbidden_character(value: str) -> str | None:
    """Return a description of the first NUL or lone surrogate in `value`, or None when there is none."""
    if "\x00" in value:
        return "must not contain NUL characters"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "must not contain unpaired surrogate characters"
    return None


def _invalid_character(loc: list[str], problem: str) -> BoundaryError:
    """Return the 422 for a NUL or lone surrogate at `loc`, named as pydantic's refusals name a field
    ("Invalid input.query: ...", packages/core/validation.py)."""
    message = describe_invalid({"loc": loc, "msg": problem})
    return BoundaryError(422, "validation_error", message, loc, "invalid_character", problem)


def _check(value: str, loc: list[str]) -> None:
    problem = forbidden_character(value)
    if problem is not None:
        raise _invalid_character(loc, problem)


def first_forbidden(value: Any, loc: list[str]) -> tuple[list[str], str] | None:
    """Return where (a path from `loc`; a key as "<key>") and what the first NUL or lone surrogate in a parsed JSON
    value is, or None when there is none."""
    if isinstance(value, str):
        problem = forbidden_character(value)
        return (loc, problem) if problem else None
    if isinstance(value, dict):
        for key, item in value.items():
            problem = forbidden_character(key)
            if problem:
                return [*loc, "<key>"], problem
            found = first_forbidden(item, [*loc, str(key)])
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = first_forbidden(item, [*loc, str(index)])
            if found:
                return found
    return None


def _walk(value: Any, loc: list[str]) -> None:
    found = first_forbidden(value, loc)
    if found is not None:
        raise _invalid_character(*found)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def check_json_body(body: bytes) -> None:
    """Raise BoundaryError unless `body` is UTF-8 JSON free of NUL and lone surrogates."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BoundaryError(422, "validation_error", "The body is not valid UTF-8.", ["body"], "json_invalid") from None
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise BoundaryError(
            422, "validation_error", f"The body is not valid JSON: {str(exc)[:200]}", ["body"], "json_invalid"
        ) from None
    _walk(document, ["body"])


def check_path_and_query(scope: Scope) -> None:
    _check(scope.get("path", ""), ["path"])
    query = scope.get("query_string", b"").decode("latin-1")
    for name, value in parse_qsl(query, keep_blank_values=True, errors="replace"):
        _check(name, ["query", "<name>"])
        _check(value, ["query", name])


def _is_json(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def _sends_a_body(headers: dict[bytes, bytes]) -> bool:
    declared = headers.get(b"content-length", b"")
    return (declared.isdigit() and int(declared) > 0) or b"transfer-encoding" in headers


def _expects_json(scope: Scope) -> bool:
    """Return True for a route whose body is JSON: every one under /api/ but the upload, which answers a body that is
    not multipart itself (saying what it takes), and /mcp (JSON-RPC; the SDK would answer a plain-text 400)."""
    path = str(scope.get("path", ""))
    return (path.startswith("/api/") and path.rstrip("/") != UPLOAD_PATH) or path.rstrip("/") == "/mcp"


class InputBoundaryMiddleware:
    """Refuse NUL, lone surrogates and malformed JSON before routing; add security headers to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        try:
            check_path_and_query(scope)
            receive = await self._checked_body(scope, receive)
        except BoundaryError as error:
            await _respond(send_secured, error)
            return
        await self.app(scope, receive, send_secured)

    async def _checked_body(self, scope: Scope, receive: Receive) -> Receive:
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        content_type = headers.get(b"content-type", b"").decode("latin-1")
        if scope.get("method") not in _BODY_METHODS:
            return receive
        if not _is_json(content_type):
            # A body without a type is refused too: no JSON route would read it ("Input should be a valid dictionary")
            if _sends_a_body(headers) and _expects_json(scope):
                raise BoundaryError(
                    415,
                    "unsupported_media_type",
                    "Send the body as application/json.",
                    ["header", "content-type"],
                    "unsupported_media_type",
                )
            return receive
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > MAX_JSON_BYTES:
            raise BoundaryError(413, "payload_too_large", "The JSON body is too large.", ["body"], "too_large")
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return replay([message], receive)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_JSON_BYTES:
                raise BoundaryError(413, "payload_too_large", "The JSON body is too large.", ["body"], "too_large")
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if body.strip():
            check_json_body(body)
        return replay([{"type": "http.request", "body": body, "more_body": False}], receive)


def replay(messages: list[Message], then: Receive) -> Receive:
    """Return a receive() that hands the already-read messages to the app once, in order, then defers to the
    server's (the boundary and /mcp's input check read a body before the app does)."""
    pending = list(messages)

    async def receive() -> Message:
        return pending.pop(0) if pending else await then()

    return receive


async def _respond(send: Send, error: BoundaryError) -> None:
    # serialised as every JSONResponse is (compact, UTF-8), so a refusal here reads like any other error
    body = json.dumps(
        error_body(error.code, error.message, error.details), ensure_ascii=False, separators=(",", ":")
    ).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
