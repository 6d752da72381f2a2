"""One truth per schema fact: after `alembic upgrade head` the database and the ORM metadata agree, and the
permission codes routes require are exactly the seeded ones. Each check is shown to fail on a one-sided change."""

from __future__ import annotations

from typing import Any

import psycopg
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, Table, create_engine
from sqlalchemy.pool import NullPool

import domains.analytics.models
import domains.execution.models
import domains.identity.models
import domains.knowledge.models  # noqa: F401 - every table registers on Base.metadata
from domains.identity.permissions import Permission
from domains.knowledge.search.vector_index import RUNTIME_INDEX_PREFIXES
from packages.database.base import Base
from packages.database.engine import sync_url


def _tracked(obj: Any, name: str | None, type_: str, reflected: bool, compare_to: Any) -> bool:
    return not (type_ == "index" and name is not None and name.startswith(RUNTIME_INDEX_PREFIXES))


def schema_differences(database_url: str, metadata: MetaData) -> list[Any]:
    """Return what autogenerate would change to make the database match `metadata` (empty when they agree)."""
    engine = create_engine(sync_url(database_url), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True, "include_object": _tracked})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def _kinds(differences: list[Any]) -> set[tuple[str, str]]:
    return {(d[0], d[1].name) for d in differences if isinstance(d, tuple) and hasattr(d[1], "name")}


def test_migrations_and_orm_metadata_agree(database_url: str) -> None:
    assert schema_differences(database_url, Base.metadata) == []


def test_a_table_only_in_the_orm_is_reported(database_url: str) -> None:
    metadata = MetaData(naming_convention=Base.metadata.naming_convention)
    for table in Base.metadata.tables.values():
        table.to_metadata(metadata)
    Table("only_in_the_orm", metadata, Column("id", Integer, primary_key=True))

    assert ("add_table", "only_in_the_orm") in _kinds(schema_differences(database_url, metadata))


def test_a_table_only_in_the_database_is_reported(database_url: str) -> None:
    with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
        conn.execute("CREATE TABLE only_in_the_database (id int PRIMARY KEY)")
    try:
        assert ("remove_table", "only_in_the_database") in _kinds(schema_differences(database_url, Base.metadata))
    finally:
        with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
            conn.execute("DROP TABLE only_in_the_database")


def _seeded_permissions(database_url: str) -> set[str]:
    with psycopg.connect(sync_url(database_url)) as conn:
        return {row[0] for row in conn.execute("SELECT code FROM permissions")}


def test_the_permission_enum_is_exactly_the_seeded_permissions(database_url: str) -> None:
    assert {p.value for p in Permission} == _seeded_permissions(database_url)


def test_a_permission_seeded_on_one_side_only_is_reported(database_url: str) -> None:
    with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
        conn.execute("INSERT INTO permissions (id, code) VALUES ('test-extra', 'reports:export')")
    try:
        assert {p.value for p in Permission} != _seeded_permissions(database_url)
    finally:
        with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
            conn.execute("DELETE FROM permissions WHERE id = 'test-extra'")
