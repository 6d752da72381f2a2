"""Personal access tokens, the pure part: their shape, their hash, and what each scope allows (ADR-0019).

A token reads `orion_pat_<organization id, 32 hex>_<43 url-safe characters: 256 random bits>`. The recognisable
prefix lets the auth dependency tell it from a JWT (and secret scanners find leaked ones); the organization id
is not a secret and lets the lookup run under that organization's row-level security. Only the SHA-256 of the
whole token is stored: with 256 random bits there is nothing to brute-force, so a slow password hash would only
add latency to every call.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from typing import Literal

from domains.identity.permissions import Permission

TOKEN_PREFIX = "orion_pat_"
Scope = Literal["read", "investigate", "write"]
_SHAPE = re.compile(r"^orion_pat_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$")

_READ = frozenset({Permission.DOCUMENTS_READ, Permission.SEARCH_RUN, Permission.RUNS_READ, Permission.ANALYTICS_READ})
_INVESTIGATE = _READ | {Permission.RUNS_CREATE}
_WRITE = _INVESTIGATE | {Permission.DOCUMENTS_WRITE, Permission.DOCUMENTS_DELETE}
SCOPE_PERMISSIONS: dict[Scope, frozenset[Permission]] = {"read": _READ, "investigate": _INVESTIGATE, "write": _WRITE}


def looks_like_personal_token(raw: str) -> bool:
    """Tell a personal access token from a JWT by its prefix (no lookup)."""
    return raw.startswith(TOKEN_PREFIX)


def mint_token(organization_id: str) -> str:
    """Return a new token naming `organization_id`, with 256 random bits of secret."""
    return f"{TOKEN_PREFIX}{uuid.UUID(organization_id).hex}_{secrets.token_urlsafe(32)}"


def organization_of(raw: str) -> str | None:
    """Return the organization a well-formed token names, or None for anything else."""
    match = _SHAPE.match(raw)
    return str(uuid.UUID(match.group(1))) if match else None


def token_hash(raw: str) -> str:
    """Return the stored form of a token: the hex SHA-256 of the whole string."""
    return hashlib.sha256(raw.encode()).hexdigest()


def scope_permissions(scopes: list[str] | tuple[str, ...]) -> frozenset[str]:
    """Return the permissions a set of scopes allows at most (the user's roles may allow less)."""
    allowed: set[str] = set()
    for scope in scopes:
        allowed |= SCOPE_PERMISSIONS.get(scope, frozenset())  # type: ignore[call-overload]
    return frozenset(allowed)
