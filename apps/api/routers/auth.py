"""Auth routes: register, login (throttled), logout, refresh, password change, me."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status

from apps.api.deps import IdentityServiceDep, PrincipalDep, SettingsDep
from apps.api.rate_limit import client_address
from domains.identity.schemas import LoginRequest, PasswordChangeRequest, RegisterRequest, Token, UserPublic

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
