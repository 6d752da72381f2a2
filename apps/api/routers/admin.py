"""Admin routes (role admin, own organization only): users, roles, activation, audit trail."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Response, status

from apps.api.deps import IdentityServiceDep, ResourcePage, require, with_total
from domains.identity.permissions import Permission
from domains.identity.schemas import (
    AdminUserCreate,
    AuditEventPublic,
    RolesUpdate,
    StatusOk,
    UserActivation,
    UserPublic,
)
from domains.identity.service import Principal

router = APIRouter(prefix="/api/v1/admin", tags=["admin"])

AdminUsers = Annotated[Principal, Depends(require(Permission.ADMIN_USERS))]
AdminAudit = Annotated[Principal, Depends(require(Permission.ADMIN_AUDIT))]


@router.get("/ping", operation_id="admin_ping")
async def ping(principal: AdminUsers) -> StatusOk:
    """Confirm the caller is an admin."""
    return StatusOk()


@router.get("/users", operation_id="admin_list_users")
async def list_users(
    principal: AdminUsers, service: IdentityServiceDep, page: ResourcePage, response: Response
) -> list[UserPublic]:
    """List the organization's users, newest first."""
    users, total = await service.list_users(principal, limit=page.limit, offset=page.offset)
    with_total(response, total)
    return users


@router.post("/users", status_code=status.HTTP_201_CREATED, operation_id="admin_create_user")
async def create_user(body: AdminUserCreate, principal: AdminUsers, service: IdentityServiceDep) -> UserPublic:
    """Add a user to the organization."""
    return await service.create_user(principal, body.email, body.password, list(body.roles))


@router.put("/users/{user_id}/roles", operation_id="admin_set_roles")
async def set_roles(user_id: str, body: RolesUpdate, principal: AdminUsers, service: IdentityServiceDep) -> UserPublic:
    """Replace a user's roles (the organization keeps one active admin)."""
    return await service.set_roles(principal, user_id, list(body.roles))


@router.patch("/users/{user_id}", operation_id="admin_update_user")
async def update_user(
    user_id: str, body: UserActivation, principal: AdminUsers, service: IdentityServiceDep
) -> UserPublic:
    """Deactivate or reactivate a user (the organization keeps one active admin)."""
    return await service.set_active(principal, user_id, body.is_active)


@router.get("/audit", operation_id="admin_audit")
async def audit(
    principal: AdminAudit, service: IdentityServiceDep, page: ResourcePage, response: Response
) -> list[AuditEventPublic]:
    """List the organization's audit trail, newest first."""
    events, total = await service.list_audit(principal, limit=page.limit, offset=page.offset)
    with_total(response, total)
    return events
