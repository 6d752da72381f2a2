"""Identifiers and time, in one place so that every table uses the same shapes."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime


def new_id() -> str:
    """Return a new UUID4 string id (the schema stores ids as varchar(36))."""
    return str(uuid.uuid4())


def utcnow() -> datetime:
    """Return the current time as an aware UTC datetime."""
    return datetime.now(UTC)
