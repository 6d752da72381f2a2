"""The base of every domain error: each carries its HTTP meaning, rendered by one handler in apps/api."""

from __future__ import annotations

from typing import Any, ClassVar


class OrionError(Exception):
    """An error a client can cause or observe; `status` and `code` follow the HTTP contract."""

    status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"
    default_message: ClassVar[str] = "The request could not be processed."

    def __init__(
        self,
        message: str | None = None,
        *,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.message = message or self.default_message
        self.details = details
        self.headers = headers or {}
        super().__init__(self.message)


class NotFound(OrionError):
    status = 404
    code = "not_found"
    default_message = "The resource does not exist."


class Conflict(OrionError):
    status = 409
    code = "conflict"
    default_message = "The request conflicts with the current state."


class Forbidden(OrionError):
    status = 403
    code = "forbidden"
    default_message = "You do not have permission to do this."


class Unauthorized(OrionError):
    status = 401
    code = "unauthorized"
    default_message = "Authentication is required."


class InvalidInput(OrionError):
    status = 422
    code = "validation_error"
    default_message = "The request is not valid."


class RateLimited(OrionError):
    status = 429
    code = "rate_limited"
    default_message = "Too many requests; try again later."

    def __init__(self, message: str | None = None, *, retry_after: int, details: dict[str, Any] | None = None):
        self.retry_after = max(1, int(retry_after))
        super().__init__(message, details=details, headers={"Retry-After": str(self.retry_after)})


class PayloadTooLarge(OrionError):
    status = 413
    code = "payload_too_large"
    default_message = "The payload is too large."


class UnsupportedMediaType(OrionError):
    status = 415
    code = "unsupported_media_type"
    default_message = "The media type is not supported."


class ServiceUnavailable(OrionError):
    status = 503
    code = "service_unavailable"
    default_message = "The service is not available right now."
