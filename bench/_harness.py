"""Shared benchmark plumbing: a scratch embedded Postgres (or ORION_BENCH_DATABASE_URL), migrated, and the app."""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from packages.config.settings import Settings, load_settings  # noqa: E402
from packages.database.embedded import EmbeddedPostgres, scratch_pgdata  # noqa: E402
from packages.database.runtime import upgrade_to_head  # noqa: E402

SHARED_DATA = ROOT.parent / "shared" / "data"
BENCH_TUNING = {"shared_buffers": "512MB", "max_connections": "200", "work_mem": "16MB"}


@contextlib.contextmanager
def scratch_database(label: str, persistent: Path | None = None) -> Iterator[str]:
    """Yield the URL of a migrated database: a throwaway embedded cluster, a kept one (`persistent`, reused by
    later runs to skip data loading), or ORION_BENCH_DATABASE_URL."""
    external = os.environ.get("ORION_BENCH_DATABASE_URL")
    if external:
        upgrade_to_head(external)
        yield external
        return
    pgdata = persistent / "pgdata" if persistent else scratch_pgdata(label)
    cluster = EmbeddedPostgres(pgdata, tuning=BENCH_TUNING)
    url = cluster.start()
    try:
        upgrade_to_head(url)
        yield url
    finally:
        cluster.stop()


def bench_settings(**overrides: Any) -> Settings:
    values: dict[str, Any] = {"environment": "test", "data_dir": Path(tempfile.mkdtemp(prefix="orion-bench-"))}
    values.update(overrides)
    return load_settings(**values)


@contextlib.asynccontextmanager
async def running_app(settings: Settings, url: str) -> AsyncIterator[Any]:
    """Yield an httpx client bound in-process to the real app with its lifespan running."""
    import httpx

    from apps.api.main import create_app

    app = create_app(settings, database_url=url)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://bench", timeout=120) as client:
            yield client


def percentiles(samples_ms: list[float]) -> dict[str, float]:
    """Return p50/p95/p99 (ms) of `samples_ms`."""
    ordered = sorted(samples_ms)
    quantiles = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else ordered * 99
    return {"p50": round(quantiles[49], 2), "p95": round(quantiles[94], 2), "p99": round(quantiles[98], 2)}
