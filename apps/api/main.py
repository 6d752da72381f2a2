"""The application factory: routers, the error contract, request ids, the UI, and the service lifecycle."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute

from apps.api.errors import register_exception_handlers
from apps.api.logging import configure_logging
from apps.api.middleware import RequestContextMiddleware
from apps.api.rate_limit import LoginThrottle
from apps.api.routers import admin, analytics, auth, execution, health, knowledge
from apps.api.static import mount_ui
from domains.execution.llm import get_llm_provider
from domains.execution.recovery import recover_stuck_runs
from domains.execution.workflows import WorkflowServices
from domains.knowledge.embeddings import get_configured_embedding_provider
from domains.knowledge.retrieval import Retriever, search_session_settings
from domains.knowledge.usage import UsageRecorder
from domains.knowledge.vector_index import ensure_vector_index
from domains.knowledge.worker import IngestionWorker
from packages.config.settings import Settings, get_settings, jwt_secret_value
from packages.core.clock import utcnow
from packages.database.engine import Database
from packages.database.runtime import DatabaseLocation, head_revision, resolve_database_url

logger = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
RECOVERY_INTERVAL_SECONDS = 60.0
T = TypeVar("T")
UI_DIR = PROJECT_ROOT / "frontend" / "out"


def _operation_id(route: APIRoute) -> str:
    return route.name


async def _ensure_configured_vector_index(app: FastAPI) -> None:
    # Index creation needs the table owner, so it happens here (and in `orion reindex`), never per request.
    try:
        provider = app.state.embedder()
        async with app.state.db.owner_session() as session:
            await ensure_vector_index(session, provider.model_key, provider.dimension)
    except Exception:
        logger.exception("could not ensure the vector index of the configured embedding model")


def _cached(factory: Callable[[], T]) -> Callable[[], T]:
    instance: list[T] = []

    def get() -> T:
        if not instance:
            instance.append(factory())
        return instance[0]

    return get


async def _recovery_loop(app: FastAPI, *, immediate: bool) -> None:
    settings: Settings = app.state.settings
    stale = timedelta(seconds=max(180.0, 3 * settings.llm_timeout_seconds))
    first = True
    while True:
        try:
            cutoff = utcnow() if first and immediate else utcnow() - stale
            recovered = await recover_stuck_runs(app.state.db, app.state.workflow_services, cutoff)
            if recovered:
                logger.info("recovered %d interrupted runs", recovered)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("run recovery failed")
        first = False
        await asyncio.sleep(RECOVERY_INTERVAL_SECONDS)


def create_app(
    settings: Settings | None = None,
    *,
    database_url: str | None = None,
    ui_dir: Path | None = UI_DIR,
    run_worker: bool = True,
) -> FastAPI:
    """Build the ORION API; with no database URL, resolve one from settings (embedded Postgres if unset)."""
    settings = settings or get_settings()
    configure_logging(settings.log_level)
    jwt_secret = jwt_secret_value(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        location = DatabaseLocation(database_url) if database_url else resolve_database_url(settings)
        db = Database.connect(
            location.url,
            app_url=settings.app_database_url,
            pool_size=settings.db_pool_size,
            session_settings=search_session_settings(settings),
        )
        app.state.db = db
        app.state.migration_head = head_revision()
        worker = IngestionWorker(db, settings, app.state.embedder, app.state.usage, app.state.retriever.sizes.forget)
        app.state.worker = worker
        app.state.run_sessions = db.tenant_session
        await _ensure_configured_vector_index(app)
        # With an embedded cluster this process started, no other instance can be running a run: recover all.
        sole_owner = location.embedded is not None and location.embedded.started_here
        background = (
            [
                asyncio.create_task(worker.run(), name="ingestion-worker"),
                asyncio.create_task(_recovery_loop(app, immediate=sole_owner), name="run-recovery"),
            ]
            if run_worker
            else []
        )
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            for task in background:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            with contextlib.suppress(Exception):
                async with db.owner_session() as session:
                    await app.state.usage.flush(session)
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
    app.state.embedder = lambda: get_configured_embedding_provider(settings)
    app.state.retriever = Retriever(settings)
    app.state.usage = UsageRecorder()
    llm = _cached(lambda: get_llm_provider(settings))
    app.state.workflow_services = WorkflowServices(
        retriever=app.state.retriever, embedder=app.state.embedder, llm=llm, usage=app.state.usage
    )
    app.state.login_throttle = LoginThrottle(
        settings.login_max_failures, settings.login_max_failures_per_address, settings.login_window_seconds
    )
    register_exception_handlers(app)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_methods=["*"],
        allow_headers=["*"],
        expose_headers=[
            "X-Request-ID",
            "X-Total-Count",
            "X-Orion-Semantic-Unavailable",
            "Retry-After",
            "Content-Disposition",
        ],
    )
    app.add_middleware(RequestContextMiddleware)
    app.include_router(health.router)
    app.include_router(auth.router)
    app.include_router(admin.router)
    app.include_router(knowledge.router)
    app.include_router(execution.router)
    app.include_router(analytics.router)
    if settings.serve_ui:
        mount_ui(app, ui_dir)
    else:
        mount_ui(app, None)
    return app
