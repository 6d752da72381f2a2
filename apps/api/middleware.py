"""Request ids, and the last line of defence that turns an unexpected exception into a generic 500."""

from __future__ import annotations

import json
import logging
import re
import uuid

from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from apps.api.errors import error_body, error_response
from apps.api.logging import request_id_var
from packages.core.errors import OrionError

logger = logging.getLogger(__name__)

REQUEST_ID_HEADER = "x-request-id"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


class RequestContextMiddleware:
    """Echo or generate X-Request-ID on every response; render unexpected exceptions as the error shape."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _incoming_request_id(scope) or uuid.uuid4().hex
        token = request_id_var.set(request_id)
        scope.setdefault("state", {})["request_id"] = request_id
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != REQUEST_ID_HEADER.encode()]
                headers.append((REQUEST_ID_HEADER.encode(), request_id.encode()))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            logger.exception("unhandled error on %s %s", scope.get("method"), scope.get("path"))
            if started:
                raise
            body = json.dumps(error_body("internal_error", "An unexpected error occurred.")).encode()
            await send_with_id(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
                }
            )
            await send_with_id({"type": "http.response.body", "body": body})
        finally:
            request_id_var.reset(token)


def _incoming_request_id(scope: Scope) -> str | None:
    for key, value in scope.get("headers", []):
        if key == REQUEST_ID_HEADER.encode():
            candidate = value.decode("latin-1").strip()
            return candidate if _VALID_REQUEST_ID.match(candidate) else None
    return None


PASSWORD_ROUTES = {("POST", "/api/v1/auth/login"), ("POST", "/api/v1/auth/register"), ("PUT", "/api/v1/auth/password")}


class PasswordCheckShedding:
    """Refuse a password route at once (503 `overloaded`) while the bcrypt queue is full.

    The service refuses the same request too, but only after parsing, dependencies and a database session;
    answering here, before the body is even read, keeps a login flood from queueing in front of other routes on
    the event loop.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and (scope.get("method"), scope.get("path")) in PASSWORD_ROUTES:
            hasher = getattr(scope["app"].state, "password_hasher", None)
            if hasher is not None:
                try:
                    hasher.ensure_room()
                except OrionError as refused:
                    body = json.dumps(error_body(refused.code, refused.message, refused.details)).encode()
                    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
                    headers += [(k.lower().encode(), v.encode()) for k, v in refused.headers.items()]
                    await send({"type": "http.response.start", "status": refused.status, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)


class JsonErrorCORSMiddleware(CORSMiddleware):
    """Starlette's CORS middleware, whose refused preflight (plain text "Disallowed CORS origin", 400) answers in the
    contract's one error shape instead: 403 `forbidden`, naming what was refused, with the same CORS headers."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        refused = bytes(response.body).decode().removeprefix("Disallowed CORS ").split(", ")
        headers = {k: v for k, v in response.headers.items() if k not in ("content-length", "content-type")}
        return error_response(
            403,
            "forbidden",
            "This cross-origin request is not allowed: " + ", ".join(refused) + ".",
            {"refused": refused},
            headers,
        )


class HeadAsGet:
    """Answer HEAD on the API's GET routes as GET without the body (RFC 9110): status and headers, X-Total-Count
    included, as a GET would send them. The routes declare GET only, so HEAD was a 405; the UI's static files answer
    HEAD themselves."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope.get("method") != "HEAD" or not path.startswith(("/api/", "/health")):
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {"type": "http.response.body", "body": b"", "more_body": message.get("more_body", False)}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, without_body)
