"""Liveness (never touches the database) and readiness (database, pgvector, migrations at head)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from sqlalchemy import text

from packages.core.errors import ServiceUnavailable

router = APIRouter(tags=["health"])


@router.get("/health", operation_id="health_live")
async def health() -> dict[str, str]:
    """Report that the process is up."""
    return {"status": "ok"}


@router.get("/health/ready", operation_id="health_ready")
async def ready(request: Request) -> dict[str, str]:
    """Report whether the database is reachable, pgvector installed and the schema at head."""
    db = request.app.state.db
    expected_head = request.app.state.migration_head
    try:
        async with db.owner_engine.connect() as conn:
            vector = (await conn.execute(text("SELECT extversion FROM pg_extension WHERE extname = 'vector'"))).scalar()
            revision = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
    except Exception as exc:  # any failure to reach or read the database means "not ready"
        raise ServiceUnavailable("The database is not reachable.", details={"database": type(exc).__name__}) from exc
    if vector is None:
        raise ServiceUnavailable("The pgvector extension is not installed.", details={"vector_extension": None})
    if revision != expected_head:
        raise ServiceUnavailable(
            "The database schema is not at the latest migration.",
            details={"migrations": revision, "expected": expected_head},
        )
    return {"status": "ready", "database": "ok", "vector_extension": str(vector), "migrations": "head"}
