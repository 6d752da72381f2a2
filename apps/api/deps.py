"""Annotated dependencies: the request's database session, the caller, permissions, and paging."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.access_tokens import looks_like_personal_token
from domains.identity.errors import InvalidToken
from domains.identity.permissions import Permission
from domains.identity.service import IdentityService, Principal
from domains.identity.token_service import AccessTokenService
from packages.config.settings import Settings
from packages.database.engine import Database, bind_organization

_bearer = HTTPBearer(
    auto_error=False, description="A token from POST /api/v1/auth/login, or a personal access token (orion_pat_...)"
)


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_database(request: Request) -> Database:
    return request.app.state.db


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """Open the request's one session (app role); commit once at the end, roll back on any error."""
    async with request.app.state.db.app_sessions() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


SettingsDep = Annotated[Settings, Depends(get_settings)]
DatabaseDep = Annotated[Database, Depends(get_database)]
# scope="function": the commit runs before the response is built, so a failed commit is an error response.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]


def get_identity_service(request: Request, session: SessionDep, settings: SettingsDep) -> IdentityService:
    state = request.app.state
    return IdentityService(
        session, settings, state.jwt_secret, hasher=state.password_hasher, throttle=state.login_throttle
    )


IdentityServiceDep = Annotated[IdentityService, Depends(get_identity_service)]


def get_access_token_service(session: SessionDep) -> AccessTokenService:
    return AccessTokenService(session)


AccessTokenServiceDep = Annotated[AccessTokenService, Depends(get_access_token_service)]


async def get_principal(
    session: SessionDep,
    service: IdentityServiceDep,
    tokens: AccessTokenServiceDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    """Authenticate the bearer token (a JWT or a personal access token) and scope the session to the caller's
    organization (RLS)."""
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise InvalidToken("A bearer token is required.")
    raw = credentials.credentials
    if looks_like_personal_token(raw):
        principal = await tokens.authenticate(raw)
        await session.commit()  # the token's recorded use stands whatever the request does next
    else:
        principal = await service.authenticate(raw)
    await bind_organization(session, principal.organization_id)
    return principal


PrincipalDep = Annotated[Principal, Depends(get_principal)]


def require(permission: Permission) -> Callable[..., Coroutine[Any, Any, Principal]]:
    """Return a dependency that admits only callers holding `permission`."""

    async def dependency(principal: PrincipalDep) -> Principal:
        principal.ensure(permission)
        return principal

    dependency.__name__ = f"require_{permission.value.replace(':', '_')}"
    return dependency


# Postgres takes a bigint OFFSET; bounding it well below 2**63 keeps every value a client can send a 4xx.
MAX_OFFSET = 1_000_000_000


@dataclass(frozen=True)
class Page:
    limit: int
    offset: int


def resource_page(
    limit: Annotated[int, Query(ge=1, le=50, description="Page size (1..50)")] = 20,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Items to skip (0..1,000,000,000)")] = 0,
) -> Page:
    return Page(limit, offset)


def sequence_page(
    limit: Annotated[int, Query(ge=1, le=1000, description="Page size (1..1000)")] = 200,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Items to skip (0..1,000,000,000)")] = 0,
) -> Page:
    return Page(limit, offset)


ResourcePage = Annotated[Page, Depends(resource_page)]
SequencePage = Annotated[Page, Depends(sequence_page)]


def with_total(response: Response, total: int) -> None:
    """Put a list's total in the X-Total-Count header."""
    response.headers["X-Total-Count"] = str(total)
