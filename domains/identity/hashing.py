"""bcrypt in its own bounded executor: a login flood queues here, never in the pool every other route uses.

At most `workers` hashes run at once and at most `queue_limit` more wait; beyond that a call is refused at once
with PasswordHashingOverloaded (503 `overloaded` with Retry-After) instead of piling up latency for everyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from domains.identity.errors import PasswordHashingOverloaded
from domains.identity.security import hash_password, verify_password

T = TypeVar("T")
# bcrypt threads run at a lower CPU priority than the event loop and the database: under a login flood the
# machine's cores go to the requests that are not password checks first.
HASH_THREAD_NICENESS = 10


def _lower_priority() -> None:
    # Linux gives each thread its own nice value (setpriority on the thread id); elsewhere this is a no-op.
    with contextlib.suppress(AttributeError, OSError, PermissionError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASH_THREAD_NICENESS)


class PasswordHasher:
    def __init__(self, rounds: int, *, workers: int = 1, queue_limit: int = 16) -> None:
        self.rounds = rounds
        self.workers = max(1, workers)
        self.capacity = self.workers + max(0, queue_limit)
        self._executor = ThreadPoolExecutor(
            max_workers=self.workers, thread_name_prefix="orion-bcrypt", initializer=_lower_priority
        )
        self._pending = 0
        self._seconds_per_hash = 0.25
        self.refused = 0
        self.completed = 0

    @property
    def pending(self) -> int:
        return self._pending

    def ensure_room(self) -> None:
        """Raise PasswordHashingOverloaded now when a check could not even queue (before any database work)."""
        if self._pending >= self.capacity:
            self.refused += 1
            raise PasswordHashingOverloaded(retry_after=self._retry_after())

    def _retry_after(self) -> int:
        return max(1, math.ceil(self._pending / self.workers * self._seconds_per_hash))

    async def verify(self, password: str, stored: str) -> bool:
        """Return True when `password` matches `stored`."""
        return await self._run(verify_password, password, stored)

    async def hash(self, password: str) -> str:
        """Return a new bcrypt hash of `password`."""
        return await self._run(lambda p: hash_password(p, rounds=self.rounds), password)

    async def _run(self, function: Callable[..., T], *args: object) -> T:
        # The counter is only touched on the event loop thread, so it needs no lock.
        self.ensure_room()
        self._pending += 1
        started = time.perf_counter()
        try:
            result = await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)
        finally:
            self._pending -= 1
        elapsed = time.perf_counter() - started
        self._seconds_per_hash = 0.8 * self._seconds_per_hash + 0.2 * min(elapsed, 5.0)
        self.completed += 1
        return result

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
