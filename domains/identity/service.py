"""Identity use cases: registration, login, token checks and revocation, passwords, and user administration."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.access_tokens import SCOPE_PERMISSIONS
from domains.identity.audit import record_audit
from domains.identity.errors import (
    EmailTaken,
    InvalidCredentials,
    InvalidToken,
    LastAdmin,
    PasswordHashingOverloaded,
    PermissionDenied,
    SessionNeedsSignIn,
    UserNotFound,
    WeakPassword,
    WorkspaceTaken,
    WrongCurrentPassword,
)
from domains.identity.hashing import PasswordHasher
from domains.identity.models import Organization
from domains.identity.password_policy import password_weakness
from domains.identity.permissions import Permission
from domains.identity.repository import IdentityRepository, UserRecord
from domains.identity.schemas import AuditEventPublic, RegisterRequest, Token, UserPublic, email_key
from domains.identity.security import (
    create_access_token,
    decode_access_token,
    hash_password,
    token_is_current,
)
from domains.identity.throttle import LoginThrottle
from packages.config.settings import Settings
from packages.core.clock import utcnow
from packages.database.engine import release_connection

DEFAULT_ORGANIZATION = "default"


@dataclass(frozen=True)
class Principal:
    """The authenticated caller: who, in which organization, allowed to do what."""

    user_id: str
    organization_id: str
    email: str
    roles: tuple[str, ...]
    permissions: frozenset[str]
    # Set when the caller authenticated with a personal access token: `permissions` is then roles ∩ scopes.
    token_id: str | None = None

    def can(self, permission: Permission) -> bool:
        return permission in self.permissions

    def ensure(self, permission: Permission) -> None:
        """Raise PermissionDenied unless the caller holds `permission` (naming it when a token's scopes fall short)."""
        if self.can(permission):
            return
        if self.token_id is not None:
            # Naming the scopes that hold it: "runs:create" alone puzzled a user who was cancelling a run
            scopes = [scope for scope, granted in SCOPE_PERMISSIONS.items() if permission in granted]
            which = f"a token with the {' or '.join(scopes)} scope" if scopes else "a scope that includes it"
            raise PermissionDenied(
                f"This access token does not allow {permission.value}: it needs {which}, "
                "and its owner a role that grants it."
            )
        raise PermissionDenied()


def to_public(record: UserRecord) -> UserPublic:
    return UserPublic(
        id=record.id,
        email=record.email,
        organization_id=record.organization_id,
        organization_name=record.organization_name,
        roles=list(record.roles),
        is_active=record.is_active,
        created_at=record.created_at,
    )


@lru_cache(maxsize=4)
def _dummy_hash(rounds: int) -> str:
    # Verifying against this for unknown emails makes "no such user" cost what "wrong password" costs.
    return hash_password(uuid.uuid4().hex, rounds=rounds)


def _generated_tenant_name() -> str:
    return f"tenant-{uuid.uuid4().hex}"


def _require_session(principal: Principal) -> None:
    """Raise SessionNeedsSignIn when the caller authenticated with a personal access token, not a signed-in session."""
    if principal.token_id is not None:
        raise SessionNeedsSignIn()


class IdentityService:
    def __init__(
        self,
        session: AsyncSession,
        settings: Settings,
        jwt_secret: str,
        *,
        hasher: PasswordHasher | None = None,
        throttle: LoginThrottle | None = None,
    ) -> None:
        self.session = session
        self.settings = settings
        self.jwt_secret = jwt_secret
        self.repo = IdentityRepository(session)
        self.hasher = hasher or PasswordHasher(settings.password_hash_rounds)
        self.throttle = throttle

    def _require_strong(self, password: str, field: str, *context: str | None) -> None:
        """Refuse a new password the operator's strength rule (Settings.password_min_strength) calls weak."""
        weakness = password_weakness(
            password, [value for value in context if value], self.settings.password_min_strength
        )
        if weakness is not None:
            errors = [{"loc": ["body", field], "msg": weakness, "type": "weak_password"}]
            raise WeakPassword(f"Invalid {field}: {weakness}", details={"errors": errors})

    # --- registration and login --------------------------------------------------------------------------------

    async def register(self, request: RegisterRequest) -> UserPublic:
        """Create a user, in a new organization or (single-organization mode) in `default`."""
        self._require_strong(request.password, "password", request.email, request.workspace)
        if await self.repo.email_exists(request.email):
            raise EmailTaken()
        organization, first_user = await self._organization_for_registration(request.workspace)
        hashed = await self._hash(request.password)
        try:
            user = await self.repo.add_user(
                organization_id=organization.id,
                email=request.email,
                hashed_password=hashed,
                roles=["admin"] if first_user else ["member"],
            )
        except IntegrityError as exc:
            raise EmailTaken() from exc
        record = await self.repo.load(user.id)
        assert record is not None
        return to_public(record)

    async def _organization_for_registration(self, workspace: str | None) -> tuple[Organization, bool]:
        if workspace is not None:
            return await self._create_organization(workspace), True
        if self.settings.always_isolate_tenants:
            return await self._create_organization(_generated_tenant_name()), True
        await self.session.execute(
            pg_insert(Organization)
            .values(id=str(uuid.uuid4()), name=DEFAULT_ORGANIZATION, created_at=utcnow())
            .on_conflict_do_nothing(index_elements=["name"])
        )
        organization = await self.repo.organization_by_name(DEFAULT_ORGANIZATION)
        assert organization is not None
        has_users = await self.repo.count_active_admins(organization.id) > 0
        return organization, not has_users

    async def _create_organization(self, name: str) -> Organization:
        if await self.repo.organization_by_name(name) is not None:
            raise WorkspaceTaken()
        try:
            async with self.session.begin_nested():
                return await self.repo.add_organization(name)
        except IntegrityError as exc:
            raise WorkspaceTaken() from exc

    async def login(self, email: str, password: str, address: str = "unknown") -> Token:
        """Return a token for valid credentials; the same error, at the same cost, for every failure.

        The throttle reserves the password check before bcrypt runs (LoginThrottled when over a limit).
        """
        subject = email_key(email)
        self.hasher.ensure_room()  # a flood beyond the hashing queue costs no database work at all
        reservation = await self.throttle.reserve(subject, address) if self.throttle else None
        record = await self.repo.load_by_email(subject)
        await release_connection(self.session)  # hold no connection while bcrypt runs
        stored = record.hashed_password if record else _dummy_hash(self.settings.password_hash_rounds)
        try:
            matches = await self.hasher.verify(password, stored)
        except PasswordHashingOverloaded:
            if reservation is not None and self.throttle is not None:
                await self.throttle.cancel(reservation)  # no password was checked
            raise
        if record is None or not matches or not record.is_active:
            raise InvalidCredentials()
        if reservation is not None and self.throttle is not None:
            await self.throttle.succeeded(reservation)
        return self._issue(record.id, record.organization_id)

    def _issue(self, user_id: str, organization_id: str) -> Token:
        token, lifetime = create_access_token(
            user_id=user_id,
            organization_id=organization_id,
            secret=self.jwt_secret,
            algorithm=self.settings.jwt_algorithm,
            expires_minutes=self.settings.jwt_expire_minutes,
            now=utcnow(),
        )
        return Token(access_token=token, expires_in=lifetime)

    async def _hash(self, password: str) -> str:
        return await self.hasher.hash(password)

    # --- tokens --------------------------------------------------------------------------------------------------

    async def authenticate(self, token: str) -> Principal:
        """Return the caller behind a bearer token, or raise InvalidToken."""
        claims = decode_access_token(token, secret=self.jwt_secret, algorithm=self.settings.jwt_algorithm)
        if claims is None:
            raise InvalidToken()
        record = await self.repo.load(claims.user_id, claims.organization_id)
        if record is None or not record.is_active or not token_is_current(claims, record.tokens_valid_from):
            raise InvalidToken()
        return Principal(
            user_id=record.id,
            organization_id=record.organization_id,
            email=record.email,
            roles=record.roles,
            permissions=record.permissions,
        )

    async def logout(self, principal: Principal) -> None:
        """Revoke every token of the caller issued up to now, personal access tokens included (the contract: "every
        token of that user issued before the logout stops working"). A signed-in session only: a personal access
        token acts within its scopes, and ending the owner's sessions is in none of them."""
        _require_session(principal)
        await self.repo.update_user(principal.user_id, principal.organization_id, tokens_valid_from=utcnow())
        record = await self.repo.load(principal.user_id, principal.organization_id)
        email = record.email if record is not None else ""
        await self._revoke_access_tokens(principal, principal.user_id, email, "logged_out")

    def refresh(self, principal: Principal) -> Token:
        """Return a fresh token for a caller whose signed-in session is still valid. A personal access token is
        never exchanged: the new token would carry the owner's full roles, outlive the access token's revocation and
        refresh itself."""
        _require_session(principal)
        return self._issue(principal.user_id, principal.organization_id)

    async def change_password(self, principal: Principal, current: str, new: str, address: str = "unknown") -> None:
        """Replace the caller's password and revoke every older token (wrong guesses count as failed logins); a
        signed-in session only."""
        _require_session(principal)
        record = await self.repo.load(principal.user_id, principal.organization_id)
        if record is None:
            raise InvalidToken()
        self._require_strong(new, "new_password", record.email, record.organization_name)
        self.hasher.ensure_room()
        reservation = await self.throttle.reserve(record.email, address) if self.throttle else None
        await release_connection(self.session)
        try:
            matches = await self.hasher.verify(current, record.hashed_password)
        except PasswordHashingOverloaded:
            if reservation is not None and self.throttle is not None:
                await self.throttle.cancel(reservation)
            raise
        if not matches:
            raise WrongCurrentPassword()
        if reservation is not None and self.throttle is not None:
            await self.throttle.succeeded(reservation)
        await self.repo.update_user(
            principal.user_id,
            principal.organization_id,
            hashed_password=await self._hash(new),
            tokens_valid_from=utcnow(),
        )
        await self._revoke_access_tokens(principal, principal.user_id, record.email, "password_changed")

    async def me(self, principal: Principal) -> UserPublic:
        record = await self.repo.load(principal.user_id, principal.organization_id)
        if record is None:
            raise InvalidToken()
        return to_public(record)

    # --- administration ------------------------------------------------------------------------------------------

    async def list_users(self, principal: Principal, *, limit: int, offset: int) -> tuple[list[UserPublic], int]:
        records, total = await self.repo.list_users(principal.organization_id, limit=limit, offset=offset)
        return [to_public(r) for r in records], total

    async def create_user(self, principal: Principal, email: str, password: str, roles: list[str]) -> UserPublic:
        """Add a user to the caller's organization."""
        self._require_strong(password, "password", email)
        if await self.repo.email_exists(email):
            raise EmailTaken()
        try:
            async with self.session.begin_nested():
                user = await self.repo.add_user(
                    organization_id=principal.organization_id,
                    email=email,
                    hashed_password=await self._hash(password),
                    roles=roles,
                )
        except IntegrityError as exc:
            raise EmailTaken() from exc
        await record_audit(
            self.session,
            organization_id=principal.organization_id,
            actor_id=principal.user_id,
            action="user_created",
            target=user.id,
            details={"email": email, "roles": sorted(roles)},
        )
        return await self._public(principal, user.id)

    async def set_roles(self, principal: Principal, user_id: str, roles: list[str]) -> UserPublic:
        """Replace a user's roles, keeping at least one active admin."""
        before = await self._target(principal, user_id)
        await self.repo.lock_organization_users(principal.organization_id)
        if "admin" in before.roles and "admin" not in roles and before.is_active:
            await self._ensure_another_admin(principal, user_id)
        if sorted(before.roles) == sorted(roles):
            return await self._public(principal, user_id)  # nothing changes, so nothing is audited
        await self.repo.set_roles(user_id, roles)
        await record_audit(
            self.session,
            organization_id=principal.organization_id,
            actor_id=principal.user_id,
            action="roles_changed",
            target=user_id,
            details={"before": list(before.roles), "after": sorted(roles)},
        )
        return await self._public(principal, user_id)

    async def set_active(self, principal: Principal, user_id: str, is_active: bool) -> UserPublic:
        """Deactivate (revoking every token) or reactivate a user, keeping at least one active admin."""
        before = await self._target(principal, user_id)
        await self.repo.lock_organization_users(principal.organization_id)
        if not is_active and before.is_active and "admin" in before.roles:
            await self._ensure_another_admin(principal, user_id)
        if before.is_active != is_active:
            values: dict[str, object] = {"is_active": is_active}
            if not is_active:
                values["tokens_valid_from"] = utcnow()
            await self.repo.update_user(user_id, principal.organization_id, **values)
            if not is_active:
                await self._revoke_access_tokens(principal, user_id, before.email, "owner_deactivated")
            await record_audit(
                self.session,
                organization_id=principal.organization_id,
                actor_id=principal.user_id,
                action="user_deactivated" if not is_active else "user_reactivated",
                target=user_id,
                details={"email": before.email},
            )
        return await self._public(principal, user_id)

    async def _revoke_access_tokens(self, principal: Principal, user_id: str, email: str, reason: str) -> None:
        """End a user's personal access tokens for good, as their sessions end: a password change answers a leaked
        credential and a deactivation removes a person, so neither may leave a script's token alive, nor let a
        reactivation bring it back (ADR-0019). Each revocation is audited with its reason."""
        revoked = await self.repo.revoke_user_tokens(
            principal.organization_id, user_id, by=principal.user_id, at=utcnow()
        )
        for token_id, name in revoked:
            await record_audit(
                self.session,
                organization_id=principal.organization_id,
                actor_id=principal.user_id,
                action="token_revoked",
                target=token_id,
                details={"name": name, "owner": email, "reason": reason},
            )

    async def list_audit(self, principal: Principal, *, limit: int, offset: int) -> tuple[list[AuditEventPublic], int]:
        events, total = await self.repo.list_audit(principal.organization_id, limit=limit, offset=offset)
        return [AuditEventPublic.model_validate(e, from_attributes=True) for e in events], total

    async def _ensure_another_admin(self, principal: Principal, user_id: str) -> None:
        if await self.repo.count_active_admins(principal.organization_id, excluding=user_id) == 0:
            raise LastAdmin()

    async def _target(self, principal: Principal, user_id: str) -> UserRecord:
        record = await self.repo.load(user_id, principal.organization_id)
        if record is None:
            raise UserNotFound()
        return record

    async def _public(self, principal: Principal, user_id: str) -> UserPublic:
        return to_public(await self._target(principal, user_id))
