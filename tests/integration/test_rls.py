"""The second lock: with the application's role, Postgres itself hides other organizations' rows."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from packages.database.engine import APP_ROLE, sync_url


def _seed_org(conn: psycopg.Connection, name: str) -> tuple[str, str]:
    org = str(uuid.uuid4())
    doc, version, chunk = (str(uuid.uuid4()) for _ in range(3))
    conn.execute("INSERT INTO organizations (id, name) VALUES (%s, %s)", (org, f"{name}-{org[:8]}"))
    conn.execute(
        "INSERT INTO documents (id, organization_id, source, title, document_type) VALUES (%s, %s, 's', 't', 'text')",
        (doc, org),
    )
    conn.execute(
        "INSERT INTO document_versions (id, organization_id, document_id, version_number, content_hash, status,"
        " byte_size, media_type) VALUES (%s, %s, %s, 1, 'h', 'indexed', 1, 'text/plain')",
        (version, org, doc),
    )
    conn.execute(
        "INSERT INTO document_chunks (id, organization_id, document_id, document_version_id, chunk_index, text,"
        " char_start, char_end, char_count, content_hash, trust_label) VALUES (%s, %s, %s, %s, 0, %s, 0, 5, 5, 'h',"
        " 'trusted')",
        (chunk, org, doc, version, f"secret of {name}"),
    )
    return org, chunk


@pytest.fixture(scope="module")
def seeded(database_url: str):  # type: ignore[no-untyped-def]
    with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
        return _seed_org(conn, "alpha"), _seed_org(conn, "beta")


def test_app_role_sees_only_its_organization(database_url: str, seeded) -> None:  # type: ignore[no-untyped-def]
    (org_a, chunk_a), (org_b, _) = seeded
    with psycopg.connect(sync_url(database_url)) as conn:
        conn.execute(f"SET ROLE {APP_ROLE}")
        conn.execute("SELECT set_config('orion.org_id', %s, true)", (org_a,))
        rows = conn.execute("SELECT id, organization_id FROM document_chunks").fetchall()
        assert rows == [(chunk_a, org_a)]
        assert conn.execute("SELECT count(*) FROM documents WHERE organization_id = %s", (org_b,)).fetchone() == (0,)


def test_app_role_without_organization_sees_nothing(database_url: str, seeded) -> None:  # type: ignore[no-untyped-def]
    with psycopg.connect(sync_url(database_url)) as conn:
        conn.execute(f"SET ROLE {APP_ROLE}")
        for table in ("documents", "document_versions", "document_chunks"):
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)


def test_app_role_cannot_write_into_another_organization(database_url: str, seeded) -> None:  # type: ignore[no-untyped-def]
    (org_a, _), (org_b, _) = seeded
    with psycopg.connect(sync_url(database_url)) as conn:
        conn.execute(f"SET ROLE {APP_ROLE}")
        conn.execute("SELECT set_config('orion.org_id', %s, true)", (org_a,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO documents (id, organization_id, source, title, document_type)"
                " VALUES (%s, %s, 'x', 'x', 'text')",
                (str(uuid.uuid4()), org_b),
            )


def test_app_role_neither_owns_nor_bypasses(database_url: str) -> None:
    with psycopg.connect(sync_url(database_url)) as conn:
        row = conn.execute("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %s", (APP_ROLE,)).fetchone()
        assert row == (False, False)
        owners = conn.execute(
            "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'document_chunks'"
        ).fetchall()
        assert owners and all(owner != APP_ROLE for (owner,) in owners)
        forced = conn.execute(
            "SELECT relname FROM pg_class WHERE relname IN ('documents','document_chunks','runs') AND relrowsecurity"
        ).fetchall()
        assert len(forced) == 3
