"""The pure part of personal access tokens: shape, organization, hash, and what scopes allow."""

from __future__ import annotations

import hashlib
import uuid

from domains.identity.access_tokens import (
    looks_like_personal_token,
    mint_token,
    organization_of,
    scope_permissions,
    token_hash,
)
from domains.identity.permissions import Permission


def test_a_minted_token_names_its_organization_and_is_unique() -> None:
    organization = str(uuid.uuid4())
    first, second = mint_token(organization), mint_token(organization)
    assert first != second and looks_like_personal_token(first)
    assert organization_of(first) == organization
    assert token_hash(first) == hashlib.sha256(first.encode()).hexdigest() != token_hash(second)


def test_anything_else_names_no_organization() -> None:
    good = mint_token(str(uuid.uuid4()))
    for raw in ("", "orion_pat_", good[:-1], good + "x", good.upper(), "eyJhbGciOi.x.y", good.replace("_", "-", 1)):
        assert organization_of(raw) is None, raw
    assert not looks_like_personal_token("eyJhbGciOiJIUzI1NiJ9.e30.sig")


def test_scopes_widen_in_order_and_never_reach_admin() -> None:
    read, investigate, write = (scope_permissions([s]) for s in ("read", "investigate", "write"))
    assert read == {Permission.DOCUMENTS_READ, Permission.SEARCH_RUN, Permission.RUNS_READ, Permission.ANALYTICS_READ}
    assert investigate == read | {Permission.RUNS_CREATE}
    assert write == investigate | {Permission.DOCUMENTS_WRITE, Permission.DOCUMENTS_DELETE}
    assert scope_permissions(["read", "write"]) == write
    assert scope_permissions(["unknown"]) == frozenset()
    for forbidden in (Permission.ADMIN_USERS, Permission.ADMIN_AUDIT):
        assert forbidden not in write
