"""Personal access token use cases: create (the secret once), list, revoke, and authenticate a call (ADR-0019)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.access_tokens import mint_token, organization_of, scope_permissions, token_hash
from domains.identity.audit import record_audit
from domains.identity.errors import AccessTokenNotFound, InvalidToken, PermissionDenied, TokenManagementNeedsSignIn
from domains.identity.models import PersonalAccessToken
from domains.identity.permissions import Permission
from domains.identity.repository import IdentityRepository
from domains.identity.schemas import AccessTokenCreate, AccessTokenCreated, AccessTokenPublic, TokenStatus
from domains.identity.service import Principal
from packages.core.clock import new_id, utcnow
from packages.database.engine import bind_organization

LAST_USED_RESOLUTION = timedelta(minutes=1)


def _status(token: PersonalAccessToken, now: datetime) -> TokenStatus:
    if token.revoked_at is not None:
        return "revoked"
    return "expired" if token.expires_at <= now else "active"


def to_public(token: PersonalAccessToken, email: str, now: datetime) -> AccessTokenPublic:
    return AccessTokenPublic(
        id=token.id,
        name=token.name,
        user_id=token.user_id,
        user_email=email,
        scopes=sorted(token.scopes, key=["read", "investigate", "write"].index),
        status=_status(token, now),
        created_at=token.created_at,
        expires_at=token.expires_at,
        last_used_at=token.last_used_at,
        revoked_at=token.revoked_at,
    )


class AccessTokenService:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        self.repo = IdentityRepository(session)

    async def create(self, principal: Principal, body: AccessTokenCreate) -> AccessTokenCreated:
        """Create a token for the caller and return it with its secret, the only time the secret is shown."""
        _signed_in(principal)
        now = utcnow()
        secret = mint_token(principal.organization_id)
        token = PersonalAccessToken(
            id=new_id(),
            organization_id=principal.organization_id,
            user_id=principal.user_id,
            name=body.name,
            token_hash=token_hash(secret),
            scopes=list(body.scopes),
            created_at=now,
            expires_at=now + timedelta(days=body.expires_in_days),
        )
        await self.repo.add_token(token)
        await record_audit(
            self.session,
            organization_id=principal.organization_id,
            actor_id=principal.user_id,
            action="token_created",
            target=token.id,
            details={"name": body.name, "scopes": list(body.scopes), "expires_at": token.expires_at.isoformat()},
        )
        public = to_public(token, principal.email, now)
        return AccessTokenCreated(**public.model_dump(), token=secret)

    async def list_tokens(
        self, principal: Principal, *, organization: bool, limit: int, offset: int
    ) -> tuple[list[AccessTokenPublic], int]:
        """List the caller's tokens, or (admins) every token of the organization, newest first; a member asking for
        the organization's is refused (403), not quietly shown their own."""
        _signed_in(principal)
        if organization and not _is_admin(principal):
            raise PermissionDenied("Listing the organization's tokens needs the admin role.")
        owner = None if organization else principal.user_id
        rows, total = await self.repo.list_tokens(principal.organization_id, user_id=owner, limit=limit, offset=offset)
        now = utcnow()
        return [to_public(token, email, now) for token, email in rows], total

    async def revoke(self, principal: Principal, token_id: str) -> None:
        """Revoke a token of the caller (or, for admins, of anyone in the organization); it stops working at once."""
        _signed_in(principal)
        found = await self.repo.token(principal.organization_id, token_id)
        if found is None or (found[0].user_id != principal.user_id and not _is_admin(principal)):
            raise AccessTokenNotFound()
        token, email = found
        if token.revoked_at is not None:
            return
        await self.repo.revoke_token(principal.organization_id, token_id, by=principal.user_id, at=utcnow())
        await record_audit(
            self.session,
            organization_id=principal.organization_id,
            actor_id=principal.user_id,
            action="token_revoked",
            target=token_id,
            details={"name": token.name, "owner": email},
        )

    async def authenticate(self, raw: str) -> Principal:
        """Return the caller behind a personal access token: the owner's roles at call time ∩ the token's scopes."""
        organization_id = organization_of(raw)
        if organization_id is None:
            raise InvalidToken()
        await bind_organization(self.session, organization_id)
        token = await self.repo.token_by_hash(organization_id, token_hash(raw))
        now = utcnow()
        if token is None or token.revoked_at is not None or token.expires_at <= now:
            raise InvalidToken()
        owner = await self.repo.load(token.user_id, organization_id)
        if owner is None or not owner.is_active:
            raise InvalidToken()
        if token.last_used_at is None or token.last_used_at < now - LAST_USED_RESOLUTION:
            await self.repo.touch_token(organization_id, token.id, at=now, every=LAST_USED_RESOLUTION)
        return Principal(
            user_id=owner.id,
            organization_id=organization_id,
            email=owner.email,
            roles=owner.roles,
            permissions=owner.permissions & scope_permissions(token.scopes),
            token_id=token.id,
        )


def _signed_in(principal: Principal) -> None:
    # A token that could mint tokens could widen its own scopes or outlive its revocation.
    if principal.token_id is not None:
        raise TokenManagementNeedsSignIn()


def _is_admin(principal: Principal) -> bool:
    return principal.can(Permission.ADMIN_USERS)
