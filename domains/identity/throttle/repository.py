"""Every SQL statement of the login throttle (tables login_attempts and login_guards, migration 0005)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.models import LoginAttempt, LoginGuard

# The 64-bit advisory-lock class of throttle keys (the second argument of hashtextextended).
LOCK_SEED = 7_316_004


class ThrottleRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def now(self) -> datetime:
        """Return the database's clock (the one every replica shares)."""
        return (await self.session.execute(select(func.now()))).scalar_one()

    async def lock(self, digests: list[str]) -> None:
        """Take the transaction advisory lock of every key, in one global order (no deadlock between attempts)."""
        for digest in sorted(digests):
            await self.session.execute(
                text("SELECT pg_advisory_xact_lock(hashtextextended(:key, :seed))"), {"key": digest, "seed": LOCK_SEED}
            )

    async def guards(self, digests: list[str]) -> dict[str, LoginGuard]:
        rows = (await self.session.execute(select(LoginGuard).where(LoginGuard.key_hash.in_(digests)))).scalars()
        return {row.key_hash: row for row in rows}

    async def counts_since(self, digests: list[str], since: datetime) -> dict[str, tuple[int, datetime]]:
        """Return, per key, the reserved attempts after `since` and the oldest of them."""
        statement = (
            select(LoginAttempt.key_hash, func.count(), func.min(LoginAttempt.created_at))
            .where(LoginAttempt.key_hash.in_(digests), LoginAttempt.created_at > since)
            .group_by(LoginAttempt.key_hash)
        )
        return {key: (count, oldest) for key, count, oldest in (await self.session.execute(statement)).all()}

    async def reserve(self, digests: list[str], attempt_id: str, at: datetime) -> None:
        self.session.add_all([LoginAttempt(key_hash=d, attempt_id=attempt_id, created_at=at) for d in digests])
        await self.session.flush()

    async def block(self, digest: str, strikes: int, until: datetime, at: datetime) -> None:
        statement = pg_insert(LoginGuard).values(key_hash=digest, strikes=strikes, blocked_until=until, updated_at=at)
        await self.session.execute(
            statement.on_conflict_do_update(
                index_elements=[LoginGuard.key_hash],
                set_={"strikes": strikes, "blocked_until": until, "updated_at": at},
            )
        )

    async def release(self, attempt_id: str, digests: list[str]) -> None:
        """Give back the reservations one attempt made under `digests`."""
        await self.session.execute(
            delete(LoginAttempt).where(LoginAttempt.attempt_id == attempt_id, LoginAttempt.key_hash.in_(digests))
        )

    async def clear(self, digest: str) -> None:
        """Forget a key's reservations (a successful sign-in resets its email+address counter)."""
        await self.session.execute(delete(LoginAttempt).where(LoginAttempt.key_hash == digest))

    async def trust(self, digest: str, until: datetime, at: datetime) -> None:
        statement = pg_insert(LoginGuard).values(
            key_hash=digest, strikes=0, blocked_until=None, trusted_until=until, updated_at=at
        )
        await self.session.execute(
            statement.on_conflict_do_update(
                index_elements=[LoginGuard.key_hash],
                set_={"strikes": 0, "blocked_until": None, "trusted_until": until, "updated_at": at},
            )
        )

    async def purge(self, before: datetime) -> int:
        """Delete reservations and idle guards older than `before`; return the attempts removed."""
        removed = await self.session.execute(delete(LoginAttempt).where(LoginAttempt.created_at < before))
        await self.session.execute(
            delete(LoginGuard).where(
                LoginGuard.updated_at < before,
                (LoginGuard.blocked_until.is_(None)) | (LoginGuard.blocked_until < before),
                (LoginGuard.trusted_until.is_(None)) | (LoginGuard.trusted_until < before),
            )
        )
        return int(getattr(removed, "rowcount", 0) or 0)

    async def unblock(self, digest: str) -> None:
        await self.session.execute(
            update(LoginGuard).where(LoginGuard.key_hash == digest).values(blocked_until=None, strikes=0)
        )


def window_start(now: datetime, window_seconds: int) -> datetime:
    return now - timedelta(seconds=window_seconds)
