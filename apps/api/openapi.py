"""The OpenAPI document describes errors as they are: every 4xx/5xx body is the contract's one error shape.

FastAPI documents 422 as its own `HTTPValidationError`, which ORION never sends; a fuzzer validating responses
against the document (and a client generated from it) must see the shape ORION does send.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel

ERROR_REF = "#/components/schemas/ErrorResponse"


class ErrorBody(BaseModel):
    code: str
    message: str
    details: dict[str, Any] | None = None


class ErrorResponse(BaseModel):
    error: ErrorBody
    request_id: str | None = None


_API_ERRORS = ("401", "403", "404", "429", "500")  # beside each route's own (409, 413, 422, 503, ...)


def install_error_schema(app: FastAPI) -> None:
    """Make app.openapi() document every error response with ErrorResponse."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None and app.openapi_schema.get("x-orion-errors"):
            return app.openapi_schema
        document = build()
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        schemas["ErrorBody"] = ErrorBody.model_json_schema()
        error = ErrorResponse.model_json_schema(ref_template="#/components/schemas/{model}")
        error.pop("$defs", None)
        schemas["ErrorResponse"] = error
        for path, operations in document.get("paths", {}).items():
            for operation in operations.values():
                if path.startswith("/api/"):
                    # Every API route may answer these in the error shape; declared, a generated client parses them
                    # into ErrorResponse instead of returning None for an "unexpected" status.
                    responses = operation.setdefault("responses", {})
                    for status in _API_ERRORS + (("415",) if "requestBody" in operation else ()):
                        responses.setdefault(status, {"description": ""})
                for status, response in operation.get("responses", {}).items():
                    if status[:1] in ("4", "5"):
                        response["content"] = {"application/json": {"schema": {"$ref": ERROR_REF}}}
                        if not response.get("description") or response["description"] == "Validation Error":
                            response["description"] = "Error (the contract's error shape)"
        for unused in ("HTTPValidationError", "ValidationError"):
            schemas.pop(unused, None)
        document["x-orion-errors"] = True
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]
