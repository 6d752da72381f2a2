"""The application factory: routers, the error contract, request ids, the UI, and the service lifecycle."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute

from apps.api.errors import register_exception_handlers
from apps.api.logging import configure_logging
from apps.api.middleware import RequestContextMiddleware
from apps.api.rate_limit import LoginThrottle
from apps.api.routers import admin, auth, health
from apps.api.static import mount_ui
from packages.config.settings import Settings, get_settings, jwt_secret_value
from packages.database.engine import Database
from packages.database.runtime import DatabaseLocation, head_revision, resolve_database_url

logger = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
UI_DIR = PROJECT_ROOT / "frontend" / "out"


def _operation_id(route: APIRoute) -> str:
    return route.name


def create_app(
    settings: Settings | None = None,
    *,
    database_url: str | None = None,
    ui_dir: Path | None = UI_DIR,
) -> FastAPI:
    """Build the ORION API; with no database URL, resolve one from settings (embedded Postgres if unset)."""
    settings = settings or get_settings()
    configure_logging(settings.log_level)
    jwt_secret = jwt_secret_value(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        location = DatabaseLocation(database_url) if database_url else resolve_database_url(settings)
        db = Database.connect(location.url, app_url=settings.app_database_url, pool_size=settings.db_pool_size)
        app.state.db = db
        app.state.migration_head = head_revision()
        try:
            yield
        finally:
            await db.dispose()
            location.stop()

    app = FastAPI(
        title="ORION",
        version="1.0.0",
        summary="Evidence-grounded document investigation",
        lifespan=lifespan,
        generate_unique_id_function=_operation_id,
        docs_url="/docs",
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.jwt_secret = jwt_secret
    app.state.login_throttle = LoginThrottle(
        settings.login_max_failures, settings.login_max_failures_per_address, settings.login_window_seconds
    )
    register_exception_handlers(app)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_methods=["*"],
        allow_headers=["*"],
        expose_headers=["X-Request-ID", "X-Total-Count", "X-Orion-Semantic-Unavailable", "Retry-After"],
    )
    app.add_middleware(RequestContextMiddleware)
    app.include_router(health.router)
    app.include_router(auth.router)
    app.include_router(admin.router)
    if settings.serve_ui:
        mount_ui(app, ui_dir)
    else:
        mount_ui(app, None)
    return app
