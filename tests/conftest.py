"""Test harness: one PostgreSQL per test session, a fresh migrated database per test module.

The controlling pytest process starts an embedded cluster (or uses ORION_TEST_DATABASE_URL), migrates a
template database with `alembic upgrade head`, and every module clones it. xdist workers inherit the location
through the environment.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psycopg
import pytest

from packages.database.engine import normalize_url, sync_url

SERVER_ENV = "ORION_TEST_SERVER_URL"
TEMPLATE_DB = "orion_test_template"
SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
_TUNING = {
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "300",
    "shared_buffers": "256MB",
}
_embedded = None
_counter = itertools.count()


def _with_database(url: str, database: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(normalize_url(url)).set(database=database).render_as_string(hide_password=False)


def _admin_connect(server_url: str) -> psycopg.Connection:
    return psycopg.connect(sync_url(_with_database(server_url, "postgres")), autocommit=True)


def pytest_configure(config: pytest.Config) -> None:
    global _embedded
    if hasattr(config, "workerinput") or os.environ.get(SERVER_ENV):
        return
    external = os.environ.get("ORION_TEST_DATABASE_URL")
    if external:
        server_url = normalize_url(external)
    else:
        from packages.database.embedded import EmbeddedPostgres, scratch_pgdata

        _embedded = EmbeddedPostgres(scratch_pgdata("test"), tuning=_TUNING)
        server_url = _embedded.start(database="postgres")
    os.environ[SERVER_ENV] = server_url
    from packages.database.runtime import upgrade_to_head

    with _admin_connect(server_url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{TEMPLATE_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{TEMPLATE_DB}"')
    upgrade_to_head(_with_database(server_url, TEMPLATE_DB))


def pytest_unconfigure(config: pytest.Config) -> None:
    if _embedded is not None:
        _embedded.stop()
        os.environ.pop(SERVER_ENV, None)


def create_test_database(label: str) -> str:
    """Clone the migrated template into a new database and return its URL."""
    server_url = os.environ[SERVER_ENV]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"orion_t_{worker}_{os.getpid()}_{next(_counter)}_{label}"[:63]
    with _admin_connect(server_url) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE_DB}" STRATEGY FILE_COPY')
    return _with_database(server_url, name)


def drop_test_database(url: str) -> None:
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    with _admin_connect(os.environ[SERVER_ENV]) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def database_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, migrated database for this test module."""
    label = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")[:20]
    url = create_test_database(label)
    yield url
    drop_test_database(url)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The public evaluation data beside the project; tests that need it skip loudly without it."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"public evaluation data not found at {SHARED_DATA}")
    return SHARED_DATA


def make_test_settings(tmp_path: Path, **overrides: object):  # type: ignore[no-untyped-def]
    """Settings for tests: fast hashing, fake providers unless a test asks for real ones."""
    from packages.config.settings import load_settings

    values: dict[str, object] = {
        "environment": "test",
        "data_dir": tmp_path,
        "password_hash_rounds": 4,
        "embedding_provider": "fake",
        "llm_provider": "fake",
        "serve_ui": True,
    }
    values.update(overrides)
    return load_settings(**values)


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("orion-data"))


@pytest.fixture(scope="module")
def ui_dir() -> Path | None:
    """The web UI export the module's app serves (the app's default); a module may give a stand-in of its own."""
    from apps.api.main import UI_DIR

    return UI_DIR


@pytest.fixture(scope="module")
async def app(database_url: str, test_settings, ui_dir: Path | None):  # type: ignore[no-untyped-def]
    """The real application on this module's database, with its lifespan running."""
    from apps.api.main import create_app

    application = create_app(test_settings, database_url=database_url, ui_dir=ui_dir)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture(scope="module")
async def live_url(app) -> AsyncIterator[str]:  # type: ignore[no-untyped-def]
    """The module's app served on a real port (tests/helpers/live.py), for clients that need a URL."""
    from tests.helpers.live import serving

    async with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
async def client(app) -> AsyncIterator:  # type: ignore[no-untyped-def]
    """An httpx client speaking to the app in-process through the real routers."""
    import httpx

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False, client=("203.0.113.10", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        yield http
