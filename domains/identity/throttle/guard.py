"""Reserve a password check before bcrypt runs; charge failures; forget them after a success.

Each attempt is charged to three keys: email+address, address, and account (the email, across addresses).
Counting and reserving happen in one short committed transaction under an advisory lock per key, before the
password is checked, so N simultaneous attempts cannot all pass a count that none of them has incremented yet,
and every replica counts in the same rows. Over a limit, the key is blocked with exponential back-off capped at
`max_lockout_seconds`; attempts refused during a block neither count nor extend it. An address where the
account signed in successfully within `trusted_days` is exempt from the account-wide limit, so an attacker
elsewhere cannot lock the owner out of their usual address (ADR-0017).
"""

from __future__ import annotations

import math
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.errors import LoginThrottled
from domains.identity.models import LoginGuard
from domains.identity.throttle.policy import ACCOUNT, PAIR, ThrottleKey, backoff_seconds, throttle_keys
from domains.identity.throttle.repository import ThrottleRepository

SessionMaker = Callable[[], AbstractAsyncContextManager[AsyncSession]]


@dataclass(frozen=True)
class ThrottleLimits:
    per_pair: int = 5
    per_address: int = 100
    per_account: int = 10
    window_seconds: int = 60
    max_lockout_seconds: int = 900
    trusted_days: int = 30


@dataclass(frozen=True)
class Reservation:
    """The password check one attempt reserved, under the keys it was charged to."""

    attempt_id: str
    keys: tuple[ThrottleKey, ...]

    def key(self, scope: str) -> ThrottleKey | None:
        return next((k for k in self.keys if k.scope == scope), None)


class LoginThrottle:
    def __init__(self, sessions: SessionMaker, limits: ThrottleLimits) -> None:
        self.sessions = sessions
        self.limits = limits

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[ThrottleRepository]:
        async with self.sessions() as session, session.begin():
            yield ThrottleRepository(session)

    async def reserve(self, subject: str, address: str) -> Reservation:
        """Reserve one password check for `subject` from `address`, or raise LoginThrottled with the wait."""
        limits = self.limits
        keys = throttle_keys(
            subject,
            address,
            per_pair=limits.per_pair,
            per_address=limits.per_address,
            per_account=limits.per_account,
        )
        attempt_id = str(uuid.uuid4())
        async with self._transaction() as repo:
            now = await repo.now()
            await repo.lock([k.digest for k in keys])
            guards = await repo.guards([k.digest for k in keys])
            pair = guards.get(keys[0].digest)
            trusted = pair is not None and pair.trusted_until is not None and pair.trusted_until > now
            charged = tuple(k for k in keys if not (trusted and k.scope == ACCOUNT))
            blocked = [
                until
                for k in charged
                if (guard := guards.get(k.digest)) is not None
                and (until := guard.blocked_until) is not None
                and until > now
            ]
            wait_until: datetime | None = max(blocked) if blocked else None
            if wait_until is None:
                wait_until = await self._charge_or_block(repo, charged, guards, now, attempt_id)
        if wait_until is not None:
            raise LoginThrottled(retry_after=math.ceil((wait_until - now).total_seconds()))
        return Reservation(attempt_id, charged)

    async def _charge_or_block(
        self,
        repo: ThrottleRepository,
        charged: tuple[ThrottleKey, ...],
        guards: dict[str, LoginGuard],
        now: datetime,
        attempt_id: str,
    ) -> datetime | None:
        window = timedelta(seconds=self.limits.window_seconds)
        counts = await repo.counts_since([k.digest for k in charged], now - window)
        over = [k for k in charged if counts.get(k.digest, (0, now))[0] >= k.limit]
        if not over:
            await repo.reserve([k.digest for k in charged], attempt_id, now)
            return None
        ends = []
        for key in over:
            guard = guards.get(key.digest)
            recent = (
                guard is not None
                and guard.blocked_until is not None
                and guard.blocked_until > now - timedelta(seconds=self.limits.max_lockout_seconds)
            )
            strikes = (guard.strikes if recent and guard is not None else 0) + 1
            if strikes == 1:
                until = counts[key.digest][1] + window  # the sliding window's own wait
            else:
                until = now + timedelta(
                    seconds=backoff_seconds(strikes, self.limits.window_seconds, self.limits.max_lockout_seconds)
                )
            await repo.block(key.digest, strikes, until, now)
            ends.append(until)
        return max(ends)

    async def succeeded(self, reservation: Reservation) -> None:
        """Reset the email+address counter, give back the other reservations, and trust the address."""
        async with self._transaction() as repo:
            now = await repo.now()
            others = [k.digest for k in reservation.keys if k.scope != PAIR]
            await repo.release(reservation.attempt_id, others)
            pair = reservation.key(PAIR)
            if pair is not None:
                await repo.clear(pair.digest)
                await repo.trust(pair.digest, now + timedelta(days=self.limits.trusted_days), now)

    async def cancel(self, reservation: Reservation) -> None:
        """Give back every reservation of an attempt whose password was never checked (hashing overloaded)."""
        async with self._transaction() as repo:
            await repo.release(reservation.attempt_id, [k.digest for k in reservation.keys])

    async def purge(self) -> int:
        """Delete reservations older than a day (a window is far shorter) and idle guards; return how many."""
        async with self._transaction() as repo:
            now = await repo.now()
            horizon = max(86_400, self.limits.max_lockout_seconds, self.limits.window_seconds)
            return await repo.purge(now - timedelta(seconds=horizon))
