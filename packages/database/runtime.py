"""Where the database is: an external server (ORION_DATABASE_URL) or the embedded one in the data dir."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, pool

from packages.config.settings import Settings
from packages.database.embedded import EmbeddedPostgres
from packages.database.engine import normalize_url

PROJECT_ROOT = Path(__file__).resolve().parents[2]
ALEMBIC_INI = PROJECT_ROOT / "alembic.ini"


@dataclass
class DatabaseLocation:
    """A resolved database URL, plus the embedded cluster when ORION runs its own."""

    url: str
    embedded: EmbeddedPostgres | None = None

    def stop(self) -> None:
        if self.embedded is not None:
            self.embedded.stop()


def resolve_database_url(settings: Settings, *, watchdog: bool = True) -> DatabaseLocation:
    """Return the configured server, starting (or joining) the embedded cluster when none is configured."""
    if settings.database_url:
        return DatabaseLocation(normalize_url(settings.database_url))
    embedded = EmbeddedPostgres(settings.resolved_data_dir / "pgdata")
    url = embedded.start(watchdog=watchdog)
    return DatabaseLocation(url, embedded)


def alembic_config(url: str) -> Config:
    """Return an Alembic config bound to `url` (no logging reconfiguration inside a running service)."""
    config = Config(str(ALEMBIC_INI))
    config.attributes["url"] = url
    config.attributes["configure_logging"] = False
    return config


def upgrade_to_head(url: str) -> None:
    """Apply every migration up to head."""
    command.upgrade(alembic_config(url), "head")


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config("postgresql://unused")).get_current_head()


def current_revision(url: str) -> str | None:
    engine = create_engine(normalize_url(url), poolclass=pool.NullPool)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()
