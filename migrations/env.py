"""Alembic environment: runs migrations as the table owner over a synchronous psycopg connection."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import create_engine, pool

from domains.analytics import models as _analytics_models  # noqa: F401 - registers the tables
from domains.execution import models as _execution_models  # noqa: F401
from domains.identity import models as _identity_models  # noqa: F401
from domains.knowledge import models as _knowledge_models  # noqa: F401
from packages.database.base import Base
from packages.database.engine import normalize_url

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logging", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = Base.metadata


def _url() -> str:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        from packages.config.settings import get_settings
        from packages.database.runtime import resolve_database_url

        url = resolve_database_url(get_settings()).url
    return normalize_url(url)


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(_url(), poolclass=pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
