"""Pydantic's validation errors in the contract's words: one "Invalid <field>: <what it expects>" per bad field.
The API's 422 responses and the MCP tools' argument errors both read this way."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# Where a field came from, which the reader does not need to find it ("body.query" reads as "query").
_SOURCES = ("body",)


def invalid_fields(errors: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Return pydantic's `errors()` as the contract's `details.errors` entries: loc, msg and type, never the
    rejected input."""
    return [
        {
            "loc": [str(part) for part in error.get("loc", ())],
            "msg": _message(error),
            "type": error.get("type", "value_error"),
        }
        for error in errors
    ]


def _message(error: Mapping[str, Any]) -> str:
    value = error.get("input")
    if error.get("type") == "string_too_short" and isinstance(value, str) and value and not value.strip():
        return "must not be blank"  # "   " is three characters long, so "at least 1 character" would mislead
    # pydantic prefixes a validator's own message ("Value error, must be an email address")
    return str(error.get("msg", "invalid")).removeprefix("Value error, ")


def describe_invalid(field: Mapping[str, Any]) -> str:
    """Return one line naming an `invalid_fields` entry's field and what it expects."""
    where = ".".join(part for part in field["loc"] if part not in _SOURCES) or "request"
    return f"Invalid {where}: {field['msg']}"
