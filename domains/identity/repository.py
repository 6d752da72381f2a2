"""Every identity query. Organization-owned reads start from `visible(org_id)`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Select, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.models import (
    AuditEvent,
    Organization,
    PermissionRow,
    PersonalAccessToken,
    Role,
    User,
    role_permissions,
    user_roles,
)


@dataclass(frozen=True)
class UserRecord:
    """A user with what the API shows and what authorization needs, loaded in one query."""

    id: str
    email: str
    organization_id: str
    organization_name: str
    is_active: bool
    created_at: datetime
    tokens_valid_from: datetime | None
    hashed_password: str
    roles: tuple[str, ...]
    permissions: frozenset[str]


class IdentityRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    # --- organizations -----------------------------------------------------------------------------------------

    async def organization_by_name(self, name: str) -> Organization | None:
        return (await self.session.execute(select(Organization).where(Organization.name == name))).scalar_one_or_none()

    async def organization_by_reference(self, reference: str) -> Organization | None:
        """Return the organization whose id or name is `reference` (operator commands)."""
        statement = select(Organization).where((Organization.id == reference) | (Organization.name == reference))
        return (await self.session.execute(statement)).scalars().first()

    async def ensure_organization(self, name: str) -> Organization:
        """Return the organization called `name`, creating it if needed (evaluations and benchmarks)."""
        return await self.organization_by_name(name) or await self.add_organization(name)

    async def add_organization(self, name: str) -> Organization:
        org = Organization(name=name)
        self.session.add(org)
        await self.session.flush()
        return org

    # --- users -------------------------------------------------------------------------------------------------

    def visible(self, organization_id: str) -> Select[User]:
        """Return the base statement for users of one organization."""
        return select(User).where(User.organization_id == organization_id)

    async def email_exists(self, email: str) -> bool:
        return (await self.session.execute(select(User.id).where(User.email == email))).first() is not None

    async def add_user(self, *, organization_id: str, email: str, hashed_password: str, roles: list[str]) -> User:
        user = User(organization_id=organization_id, email=email, hashed_password=hashed_password, is_active=True)
        self.session.add(user)
        await self.session.flush()
        await self.set_roles(user.id, roles)
        return user

    async def set_roles(self, user_id: str, roles: list[str]) -> None:
        await self.session.execute(user_roles.delete().where(user_roles.c.user_id == user_id))
        role_ids = (await self.session.execute(select(Role.id).where(Role.name.in_(roles)))).scalars().all()
        if role_ids:
            await self.session.execute(user_roles.insert(), [{"user_id": user_id, "role_id": rid} for rid in role_ids])

    async def load(self, user_id: str, organization_id: str | None = None) -> UserRecord | None:
        """Return one user with roles and permissions, optionally only inside one organization."""
        records = await self._load_records(User.id == user_id, organization_id)
        return records[0] if records else None

    async def load_by_email(self, email: str) -> UserRecord | None:
        records = await self._load_records(User.email == email, None)
        return records[0] if records else None

    async def list_users(self, organization_id: str, *, limit: int, offset: int) -> tuple[list[UserRecord], int]:
        total = (
            await self.session.execute(select(func.count()).select_from(self.visible(organization_id).subquery()))
        ).scalar_one()
        ids = (
            (
                await self.session.execute(
                    self.visible(organization_id)
                    .with_only_columns(User.id)
                    .order_by(User.created_at.desc(), User.id.desc())
                    .limit(limit)
                    .offset(offset)
                )
            )
            .scalars()
            .all()
        )
        if not ids:
            return [], total
        records = {r.id: r for r in await self._load_records(User.id.in_(ids), organization_id)}
        return [records[i] for i in ids if i in records], total

    async def _load_records(self, condition: ColumnElement[bool], organization_id: str | None) -> list[UserRecord]:
        role_names = func.array_remove(func.array_agg(func.distinct(Role.name)), None)
        codes = func.array_remove(func.array_agg(func.distinct(PermissionRow.code)), None)
        statement = (
            select(User, Organization.name, role_names, codes)
            .join(Organization, Organization.id == User.organization_id)
            .outerjoin(user_roles, user_roles.c.user_id == User.id)
            .outerjoin(Role, Role.id == user_roles.c.role_id)
            .outerjoin(role_permissions, role_permissions.c.role_id == Role.id)
            .outerjoin(PermissionRow, PermissionRow.id == role_permissions.c.permission_id)
            .where(condition)
            .group_by(User.id, Organization.name)
        )
        if organization_id is not None:
            statement = statement.where(User.organization_id == organization_id)
        rows = (await self.session.execute(statement)).all()
        return [
            UserRecord(
                id=user.id,
                email=user.email,
                organization_id=user.organization_id,
                organization_name=org_name,
                is_active=user.is_active,
                created_at=user.created_at,
                tokens_valid_from=user.tokens_valid_from,
                hashed_password=user.hashed_password,
                roles=tuple(sorted(roles or ())),
                permissions=frozenset(perms or ()),
            )
            for user, org_name, roles, perms in rows
        ]

    async def update_user(self, user_id: str, organization_id: str, **values: object) -> None:
        await self.session.execute(
            update(User).where(User.id == user_id, User.organization_id == organization_id).values(**values)
        )

    async def lock_organization_users(self, organization_id: str) -> None:
        """Serialize admin changes within one organization (the last-admin rule reads, then writes)."""
        await self.session.execute(self.visible(organization_id).with_only_columns(User.id).with_for_update())

    async def count_active_admins(self, organization_id: str, *, excluding: str | None = None) -> int:
        statement = (
            select(func.count(func.distinct(User.id)))
            .join(user_roles, user_roles.c.user_id == User.id)
            .join(Role, Role.id == user_roles.c.role_id)
            .where(User.organization_id == organization_id, User.is_active.is_(True), Role.name == "admin")
        )
        if excluding is not None:
            statement = statement.where(User.id != excluding)
        return int((await self.session.execute(statement)).scalar_one())

    # --- audit -------------------------------------------------------------------------------------------------

    def visible_audit(self, organization_id: str) -> Select[AuditEvent]:
        return select(AuditEvent).where(AuditEvent.organization_id == organization_id)

    async def list_audit(self, organization_id: str, *, limit: int, offset: int) -> tuple[list[AuditEvent], int]:
        base = self.visible_audit(organization_id)
        total = (await self.session.execute(select(func.count()).select_from(base.subquery()))).scalar_one()
        rows = (
            await self.session.execute(
                base.order_by(AuditEvent.created_at.desc(), AuditEvent.id.desc()).limit(limit).offset(offset)
            )
        ).scalars()
        return list(rows), total

    # --- personal access tokens ----------------------------------------------------------------------------------

    def visible_tokens(self, organization_id: str) -> Select[PersonalAccessToken, str]:
        """Return the base statement for one organization's tokens, each with its owner's email."""
        return (
            select(PersonalAccessToken, User.email)
            .join(User, User.id == PersonalAccessToken.user_id)
            .where(PersonalAccessToken.organization_id == organization_id)
        )

    async def add_token(self, token: PersonalAccessToken) -> None:
        self.session.add(token)
        await self.session.flush()

    async def token(self, organization_id: str, token_id: str) -> tuple[PersonalAccessToken, str] | None:
        statement = self.visible_tokens(organization_id).where(PersonalAccessToken.id == token_id)
        row = (await self.session.execute(statement)).first()
        return (row[0], row[1]) if row else None

    async def token_by_hash(self, organization_id: str, hashed: str) -> PersonalAccessToken | None:
        statement = select(PersonalAccessToken).where(
            PersonalAccessToken.organization_id == organization_id, PersonalAccessToken.token_hash == hashed
        )
        return (await self.session.execute(statement)).scalar_one_or_none()

    async def list_tokens(
        self, organization_id: str, *, user_id: str | None, limit: int, offset: int
    ) -> tuple[list[tuple[PersonalAccessToken, str]], int]:
        """Return one organization's tokens (or one user's), newest first, with the total."""
        base = self.visible_tokens(organization_id)
        if user_id is not None:
            base = base.where(PersonalAccessToken.user_id == user_id)
        total = (await self.session.execute(select(func.count()).select_from(base.subquery()))).scalar_one()
        rows = await self.session.execute(
            base.order_by(PersonalAccessToken.created_at.desc(), PersonalAccessToken.id.desc())
            .limit(limit)
            .offset(offset)
        )
        return [(token, email) for token, email in rows.all()], total

    async def revoke_token(self, organization_id: str, token_id: str, *, by: str, at: datetime) -> None:
        await self._revoke(organization_id, PersonalAccessToken.id == token_id, by=by, at=at)

    async def revoke_user_tokens(
        self, organization_id: str, user_id: str, *, by: str, at: datetime
    ) -> list[tuple[str, str]]:
        """Revoke every live token of a user; return the (id, name) of those revoked."""
        return await self._revoke(organization_id, PersonalAccessToken.user_id == user_id, by=by, at=at)

    async def _revoke(
        self, organization_id: str, which: ColumnElement[bool], *, by: str, at: datetime
    ) -> list[tuple[str, str]]:
        """Revoke the organization's live tokens `which` selects; return the (id, name) of those revoked."""
        rows = await self.session.execute(
            update(PersonalAccessToken)
            .where(
                PersonalAccessToken.organization_id == organization_id, which, PersonalAccessToken.revoked_at.is_(None)
            )
            .values(revoked_at=at, revoked_by=by)
            .returning(PersonalAccessToken.id, PersonalAccessToken.name)
        )
        return [(token_id, name) for token_id, name in rows.all()]

    async def touch_token(self, organization_id: str, token_id: str, *, at: datetime, every: timedelta) -> None:
        """Record a use, at most once per `every` (a busy token must not write on every call)."""
        await self.session.execute(
            update(PersonalAccessToken)
            .where(
                PersonalAccessToken.organization_id == organization_id,
                PersonalAccessToken.id == token_id,
                or_(PersonalAccessToken.last_used_at.is_(None), PersonalAccessToken.last_used_at < at - every),
            )
            .values(last_used_at=at)
        )
