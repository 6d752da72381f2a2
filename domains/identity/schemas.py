"""Identity request and response bodies (the contract's §Auth and §Admin)."""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from packages.core.text import visible

RoleName = Literal["admin", "member", "viewer"]
_EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$")


def email_key(value: str) -> str:
    """Return an email address as accounts compare it: trimmed, NFC ("é" typed as one character or as "e" and an
    accent is one address), lower-case."""
    return unicodedata.normalize("NFC", value.strip()).lower()


def _normalize_email(value: str) -> str:
    value = email_key(value)
    if len(value) > 320 or not _EMAIL.match(value):
        raise ValueError("must be an email address")
    return value


def _unique_roles(value: list[str]) -> list[str]:
    if len(set(value)) != len(value):
        raise ValueError("roles must not repeat")
    return value


Email = Annotated[str, AfterValidator(_normalize_email)]
Password = Annotated[str, Field(min_length=8, max_length=256)]


# Bidi embeddings, overrides and isolates reorder how a name reads in lists ("\u202eHarbor" shows reversed).
_CONTROLS = re.compile("[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]")


def _no_controls(value: str) -> str:
    if _CONTROLS.search(value):
        raise ValueError("must not contain control or text-direction characters")
    return value


Workspace = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=255),
    AfterValidator(visible),
    AfterValidator(_no_controls),
]
Roles = Annotated[list[RoleName], Field(min_length=1, max_length=3), AfterValidator(_unique_roles)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RegisterRequest(_Strict):
    email: Email
    password: Password
    workspace: Workspace | None = None


class LoginRequest(_Strict):
    email: Annotated[str, Field(min_length=1, max_length=320)]
    password: Annotated[str, Field(min_length=1, max_length=1024)]


class PasswordChangeRequest(_Strict):
    current_password: Annotated[str, Field(min_length=1, max_length=1024)]
    new_password: Password


class Token(BaseModel):
    access_token: str
    token_type: Literal["bearer"] = "bearer"
    expires_in: int


class UserPublic(BaseModel):
    id: str
    email: str
    organization_id: str
    organization_name: str
    roles: list[str]
    is_active: bool
    created_at: datetime


class AdminUserCreate(_Strict):
    email: Email
    password: Password
    roles: Roles = ["member"]


class RolesUpdate(_Strict):
    roles: Roles


class UserActivation(_Strict):
    is_active: Annotated[bool, Field(strict=True)]  # "no", 0 or "off" is a 422, never a deactivation


class AuditEventPublic(BaseModel):
    id: str
    actor_id: str | None
    action: str
    target: str | None
    details: dict[str, Any] | None
    created_at: datetime


TokenScope = Literal["read", "investigate", "write"]
TokenStatus = Literal["active", "expired", "revoked"]
TokenName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


def _unique_scopes(value: list[str]) -> list[str]:
    if len(set(value)) != len(value):
        raise ValueError("scopes must not repeat")
    return value


class AccessTokenCreate(_Strict):
    name: TokenName
    scopes: Annotated[list[TokenScope], Field(min_length=1, max_length=3), AfterValidator(_unique_scopes)]
    expires_in_days: Annotated[
        int, Field(ge=1, le=366, strict=True, description="Days until the token stops working")
    ] = 30


class AccessTokenPublic(BaseModel):
    """A personal access token as listed: never its secret."""

    id: str
    name: str
    user_id: str
    user_email: str
    scopes: list[TokenScope]
    status: TokenStatus
    created_at: datetime
    expires_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class AccessTokenCreated(AccessTokenPublic):
    """The one response that carries the secret: store it now, it cannot be shown again."""

    token: str


class StatusOk(BaseModel):
    status: Literal["ok"] = "ok"
