"""Database engines and sessions.

Two engines over one server: the *owner* engine (migrations, start-up recovery, the background worker and
operator commands) and the *app* engine that serves requests. The app engine runs as a role that neither owns
the tables nor bypasses row-level security, so every tenant-owned row it sees passes the policy keyed by the
transaction setting `orion.org_id` (ADR-0004). A session carries its organization in `session.info`, and the
setting is applied at the start of every transaction of that session.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session, SessionTransaction

logger = logging.getLogger(__name__)

ORG_SETTING = "orion.org_id"
APP_ROLE = "orion_app"  # created by migration 0001
_ORG_KEY = "org_id"
_COMMIT_CALLBACKS = "after_commit_callbacks"
CONNECT_TIMEOUT_SECONDS = 5


def normalize_url(url: str) -> str:
    """Return `url` with the psycopg 3 driver (accepts postgres:// and postgresql:// forms)."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def sync_url(url: str) -> str:
    """Return a plain libpq URL (for psycopg.connect and tools), without the SQLAlchemy driver suffix."""
    return normalize_url(url).replace("postgresql+psycopg://", "postgresql://", 1)


def redact(url: str) -> str:
    """Return `url` with its password hidden, for logs and `orion doctor`."""
    return make_url(normalize_url(url)).render_as_string(hide_password=True)


@event.listens_for(Session, "after_begin")
def _apply_tenant_setting(session: Session, transaction: SessionTransaction, connection: Connection) -> None:
    org_id = session.info.get(_ORG_KEY)
    if org_id:
        connection.execute(text("SELECT set_config(:name, :org, true)"), {"name": ORG_SETTING, "org": org_id})


async def bind_organization(session: AsyncSession, organization_id: str | None) -> None:
    """Scope `session` to one organization: its transactions run with `orion.org_id` set (RLS)."""
    session.info[_ORG_KEY] = organization_id
    if organization_id and session.in_transaction():
        # The transaction is already open (e.g. the user was looked up first): apply the setting now too.
        await session.execute(
            text("SELECT set_config(:name, :org, true)"), {"name": ORG_SETTING, "org": organization_id}
        )


async def release_connection(session: AsyncSession) -> None:
    """End the session's read-only transaction so no connection is held during slow work (parsing, embedding)."""
    if session.new or session.dirty or session.deleted:
        raise RuntimeError("release_connection would discard pending writes")
    if session.in_transaction():
        await session.rollback()


def on_commit(session: AsyncSession, callback: Callable[[], None]) -> None:
    """Run `callback` once the session's current transaction commits (dropped on rollback)."""
    session.info.setdefault(_COMMIT_CALLBACKS, []).append(callback)


@event.listens_for(Session, "after_commit")
def _run_commit_callbacks(session: Session) -> None:
    for callback in session.info.pop(_COMMIT_CALLBACKS, []):
        try:
            callback()
        except Exception:  # a failed notification must not turn a committed request into an error
            logger.exception("post-commit callback failed")


@event.listens_for(Session, "after_rollback")
def _drop_commit_callbacks(session: Session) -> None:
    session.info.pop(_COMMIT_CALLBACKS, None)


@dataclass
class Database:
    """The owner and app engines with their session factories."""

    owner_engine: AsyncEngine
    app_engine: AsyncEngine
    owner_sessions: async_sessionmaker[AsyncSession]
    app_sessions: async_sessionmaker[AsyncSession]
    url: str

    @classmethod
    def connect(
        cls,
        url: str,
        *,
        app_url: str | None = None,
        pool_size: int = 10,
        session_settings: dict[str, str] | None = None,
    ) -> Database:
        """Create both engines; with no separate app URL, the app engine switches role on each connection.

        `session_settings` are SET on every new connection of both engines (e.g. pgvector's hnsw.ef_search).
        """
        url = normalize_url(url)
        # pre-ping: a connection the database dropped (restart, failover) is replaced at checkout instead of failing
        # the request; connect_timeout: an unreachable host fails in bounded time (503) instead of hanging on TCP.
        common: dict[str, Any] = {
            "pool_pre_ping": True,
            "pool_recycle": 1800,
            "connect_args": {"connect_timeout": CONNECT_TIMEOUT_SECONDS},
        }
        owner = create_async_engine(url, pool_size=max(2, pool_size // 2), max_overflow=5, **common)
        app = create_async_engine(
            normalize_url(app_url) if app_url else url, pool_size=pool_size, max_overflow=10, **common
        )
        statements = [f"SET {name} = '{value}'" for name, value in (session_settings or {}).items()]
        _run_on_connect(owner, statements)
        _run_on_connect(app, ([] if app_url else [f'SET ROLE "{APP_ROLE}"']) + statements)
        return cls(
            owner_engine=owner,
            app_engine=app,
            owner_sessions=async_sessionmaker(owner, expire_on_commit=False),
            app_sessions=async_sessionmaker(app, expire_on_commit=False),
            url=url,
        )

    @asynccontextmanager
    async def tenant_session(self, organization_id: str) -> AsyncIterator[AsyncSession]:
        """Yield an app-role session scoped to one organization; commit on success, roll back on error."""
        async with self.app_sessions() as session:
            await bind_organization(session, organization_id)
            try:
                yield session
                await session.commit()
            except BaseException:
                await session.rollback()
                raise

    @asynccontextmanager
    async def owner_session(self) -> AsyncIterator[AsyncSession]:
        """Yield a table-owner session (bypasses RLS): migrations, recovery, workers, operator commands."""
        async with self.owner_sessions() as session:
            try:
                yield session
                await session.commit()
            except BaseException:
                await session.rollback()
                raise

    async def dispose(self) -> None:
        await self.app_engine.dispose()
        await self.owner_engine.dispose()


def _run_on_connect(engine: AsyncEngine, statements: list[str]) -> None:
    if not statements:
        return

    @event.listens_for(engine.sync_engine, "connect")
    def _configure(dbapi_connection: Any, connection_record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            for statement in statements:
                cursor.execute(statement)
        finally:
            cursor.close()
        # SET is session-wide once committed; psycopg opened a transaction for it, so end that one.
        dbapi_connection.commit()
