"""The one error shape of the HTTP contract, for every error from every layer."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException

from apps.api.logging import request_id_var
from packages.core.errors import OrionError
from packages.core.validation import describe_invalid, invalid_fields
from packages.database.availability import database_unavailable

logger = logging.getLogger(__name__)

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "rate_limited",
    500: "internal_error",
    503: "service_unavailable",
}
DATABASE_RETRY_AFTER_SECONDS = 5
# The database being unreachable, restarting, or every pooled connection busy: the client may retry (503).
_DATABASE_UNAVAILABLE = (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.TimeoutError)
_HTTP_MESSAGES = {
    404: "The requested resource does not exist.",
    405: "This method is not allowed on this resource.",
}


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    """Return the contract's error document for the current request."""
    return {"error": {"code": code, "message": message, "details": details}, "request_id": request_id_var.get()}


def error_response(
    status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(error_body(code, message, details), status_code=status, headers=headers)


def register_exception_handlers(app: FastAPI) -> None:
    """Render domain errors, HTTP errors and validation errors in the contract's error shape."""

    @app.exception_handler(OrionError)
    async def _orion_error(request: Request, exc: OrionError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, exc.details, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = invalid_fields(exc.errors())
        message = describe_invalid(errors[0]) if errors else "The request is not valid."
        return error_response(422, "validation_error", message, {"errors": errors})

    async def _database_unavailable(request: Request, exc: Exception) -> JSONResponse:
        if not database_unavailable(exc):
            # The database answered: a deadlock, a serialization failure, a cancelled statement. A race to fix, not an
            # outage, so it is logged as an error with its SQLSTATE; the client may still retry.
            sqlstate = getattr(getattr(exc, "orig", None), "sqlstate", None)
            logger.error("database error on %s %s: SQLSTATE %s", request.method, request.url.path, sqlstate)
            message = "The request collided with another change at the same moment; try again shortly."
        else:
            logger.warning("database unavailable on %s %s: %s", request.method, request.url.path, type(exc).__name__)
            message = "The database is not reachable right now; try again shortly."
        return error_response(
            503, "service_unavailable", message, headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)}
        )

    for error_class in _DATABASE_UNAVAILABLE:
        app.add_exception_handler(error_class, _database_unavailable)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) and exc.status_code not in _HTTP_MESSAGES else None
        return error_response(
            exc.status_code,
            code,
            message or _HTTP_MESSAGES.get(exc.status_code, "The request failed."),
            headers=dict(exc.headers or {}),
        )
