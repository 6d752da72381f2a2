"""Auth routes: register, login (throttled), logout, refresh, password change, me, personal access tokens."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response, status

from apps.api.deps import (
    AccessTokenServiceDep,
    IdentityServiceDep,
    PrincipalDep,
    ResourcePage,
    SettingsDep,
    with_total,
)
from apps.api.rate_limit import client_address
from domains.identity.schemas import (
    AccessTokenCreate,
    AccessTokenCreated,
    AccessTokenPublic,
    LoginRequest,
    PasswordChangeRequest,
    RegisterRequest,
    Token,
    UserPublic,
)

router = APIRouter(prefix="/api/v1/auth", tags=["auth"])


@router.post("/register", status_code=status.HTTP_201_CREATED, operation_id="auth_register", responses={503: {}})
async def register(body: RegisterRequest, service: IdentityServiceDep) -> UserPublic:
    """Create an account (and, unless single-organization mode, its own organization)."""
    return await service.register(body)


@router.post("/login", operation_id="auth_login", responses={401: {}, 429: {}, 503: {}})
async def login(body: LoginRequest, request: Request, service: IdentityServiceDep, settings: SettingsDep) -> Token:
    """Exchange email and password for a bearer token (throttled per email+address, address and account)."""
    return await service.login(body.email, body.password, client_address(request, settings.trusted_proxies))


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT, operation_id="auth_logout")
async def logout(principal: PrincipalDep, service: IdentityServiceDep) -> Response:
    """Revoke every token of the caller issued before now."""
    await service.logout(principal)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/refresh", operation_id="auth_refresh")
async def refresh(principal: PrincipalDep, service: IdentityServiceDep) -> Token:
    """Return a fresh token for a valid, unrevoked one."""
    return service.refresh(principal)


@router.put(
    "/password",
    status_code=status.HTTP_204_NO_CONTENT,
    operation_id="auth_change_password",
    responses={429: {}, 503: {}},
)
async def change_password(
    body: PasswordChangeRequest,
    request: Request,
    principal: PrincipalDep,
    service: IdentityServiceDep,
    settings: SettingsDep,
) -> Response:
    """Change the caller's password; older tokens stop working (wrong guesses are throttled like logins)."""
    address = client_address(request, settings.trusted_proxies)
    await service.change_password(principal, body.current_password, body.new_password, address)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/me", operation_id="auth_me")
async def me(principal: PrincipalDep, service: IdentityServiceDep) -> UserPublic:
    """Return the caller's account."""
    return await service.me(principal)


@router.post(
    "/tokens", status_code=status.HTTP_201_CREATED, operation_id="auth_create_token", responses={403: {}, 422: {}}
)
async def create_token(
    body: AccessTokenCreate, principal: PrincipalDep, tokens: AccessTokenServiceDep
) -> AccessTokenCreated:
    """Create a personal access token; the response is the only time its secret is shown."""
    return await tokens.create(principal, body)


@router.get("/tokens", operation_id="auth_list_tokens", responses={403: {}})
async def list_tokens(
    principal: PrincipalDep,
    tokens: AccessTokenServiceDep,
    page: ResourcePage,
    response: Response,
    organization: Annotated[bool, Query(description="Admins: every token of the organization")] = False,
) -> list[AccessTokenPublic]:
    """List the caller's personal access tokens (never their secrets), newest first."""
    items, total = await tokens.list_tokens(principal, organization=organization, limit=page.limit, offset=page.offset)
    with_total(response, total)
    return items


@router.delete(
    "/tokens/{token_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    operation_id="auth_revoke_token",
    responses={403: {}, 404: {}},
)
async def revoke_token(token_id: str, principal: PrincipalDep, tokens: AccessTokenServiceDep) -> Response:
    """Revoke a personal access token (the caller's, or for admins any of the organization's); effective at once."""
    await tokens.revoke(principal, token_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
