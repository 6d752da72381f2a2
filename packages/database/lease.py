"""The instance lease: how a starting process proves no other ORION process is using the same database.

Every running instance holds a shared session-level advisory lock on one key, on a connection of its own, for
its whole life. At start-up an instance first tries the exclusive lock on that key: it succeeds only when no
other live instance holds the shared one (a process that died lost its lock with its connection). Holding it,
the instance takes its own shared lock and drops the exclusive one at once, so the proof costs microseconds and
never blocks a second instance. An instance that was alone at that moment may treat every unfinished run as
orphaned; runs created after that moment are never touched by its immediate recovery. A database restart ends
the lease's connection and so its lock; the instance notices at once and takes the lease again as soon as the
database answers (retrying with back-off up to RETAKE_MAX_DELAY_SECONDS).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import psycopg

from packages.database.engine import sync_url

logger = logging.getLogger(__name__)

LEASE_KEY = 7_316_016_001
KEEPALIVE_SECONDS = 15.0
RETAKE_FIRST_DELAY_SECONDS = 0.25
RETAKE_MAX_DELAY_SECONDS = 2.0


class InstanceLease:
    def __init__(self, url: str) -> None:
        self.url = sync_url(url)
        self._connection: psycopg.AsyncConnection | None = None
        self._keeper: asyncio.Task[None] | None = None
        self.held = False  # whether this instance's shared lock is held right now
        self.retaken = 0  # how many times the lease was taken again after its connection was lost

    async def acquire(self) -> bool:
        """Take this instance's shared lock; return True when no other instance held one at that moment."""
        connection = await self._connect()
        alone = bool(await self._scalar(connection, "SELECT pg_try_advisory_lock(%s)"))
        await self._scalar(connection, "SELECT pg_advisory_lock_shared(%s)")
        if alone:
            await self._scalar(connection, "SELECT pg_advisory_unlock(%s)")
        self.held = True
        self._keeper = asyncio.create_task(self._keep(), name="instance-lease")
        return alone

    async def _connect(self) -> psycopg.AsyncConnection:
        connection = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name="orion-lease", connect_timeout=10
        )
        self._connection = connection
        return connection

    @staticmethod
    async def _scalar(connection: psycopg.AsyncConnection, sql: str) -> object:
        cursor = await connection.execute(sql, (LEASE_KEY,))
        row = await cursor.fetchone()
        return row[0] if row else None

    async def _keep(self) -> None:
        # The lock lives as long as its connection. Wait on the connection itself (a restart or a terminated
        # backend ends the wait at once), with a periodic query for a connection that dies silently; once it is
        # gone, take the lease again as soon as the database answers.
        while True:
            connection = self._connection
            try:
                assert connection is not None
                while True:
                    async for _ in connection.notifies(timeout=KEEPALIVE_SECONDS):
                        pass  # nothing is ever notified on this connection
                    await asyncio.wait_for(connection.execute("SELECT 1"), timeout=KEEPALIVE_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("instance lease connection lost; taking the lease again")
            self.held = False
            await self._retake()

    async def _retake(self) -> None:
        delay = RETAKE_FIRST_DELAY_SECONDS
        while True:
            with contextlib.suppress(Exception):
                if self._connection is not None:
                    await self._connection.close()
            try:
                await self._scalar(await self._connect(), "SELECT pg_advisory_lock_shared(%s)")
            except asyncio.CancelledError:
                raise
            except Exception:
                await asyncio.sleep(delay)
                delay = min(2 * delay, RETAKE_MAX_DELAY_SECONDS)
                continue
            self.held = True
            self.retaken += 1
            logger.info("instance lease taken again")
            return

    async def release(self) -> None:
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()
