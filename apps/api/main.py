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
from fastapi.routing import APIRoute

from apps.api.boundary import InputBoundaryMiddleware
from apps.api.errors import register_exception_handlers
from apps.api.logging import configure_logging
from apps.api.middleware import HeadAsGet, JsonErrorCORSMiddleware, PasswordCheckShedding, RequestContextMiddleware
from apps.api.openapi import install_error_schema
from apps.api.routers import admin, analytics, auth, execution, health, knowledge
from apps.api.static import mount_ui
from apps.mcp.http import mount_mcp
from apps.mcp.http import running as running_mcp
from domains.execution.briefing import get_briefing_provider
from domains.execution.evidence import sweep_evidence_drift
from domains.execution.run.recovery import recover_stuck_runs, resume_interrupted_forever
from domains.execution.run.workflows import WorkflowServices
from domains.identity.hashing import PasswordHasher
from domains.identity.throttle import LoginThrottle, ThrottleLimits
from domains.knowledge.embeddings import get_configured_embedding_provider
from domains.knowledge.ingestion.worker import IngestionWorker
from domains.knowledge.search import Retriever, UsageRecorder, search_session_settings
from domains.knowledge.search.vector_index import ensure_vector_index
from packages.config.settings import Settings, get_settings, jwt_secret_value
from packages.core.clock import utcnow
from packages.database.engine import Database
from packages.database.lease import InstanceLease
from packages.database.runtime import DatabaseLocation, head_revision, resolve_database_url

logger = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
RECOVERY_INTERVAL_SECONDS = 60.0
T = TypeVar("T")
UI_DIR = PROJECT_ROOT / "frontend" / "out"
EXPOSED_HEADERS = [
    "X-Request-ID",
    "X-Total-Count",
    "X-Orion-Semantic-Unavailable",
    "Retry-After",
    "Content-Disposition",
]


def _operation_id(route: APIRoute) -> str:
    return route.name


def _cached(factory: Callable[[], T]) -> Callable[[], T]:
    instance: list[T] = []

    def get() -> T:
        if not instance:
            instance.append(factory())
        return instance[0]

    return get


def build_state(app: FastAPI, settings: Settings) -> None:
    """Construct the process-wide services every request and background task shares."""
    state = app.state
    state.settings = settings
    state.jwt_secret = jwt_secret_value(settings)
    state.embedder = lambda: get_configured_embedding_provider(settings)
    state.retriever = Retriever(settings)
    state.usage = UsageRecorder()
    state.workflow_services = WorkflowServices(
        retriever=state.retriever,
        embedder=state.embedder,
        briefing=_cached(lambda: get_briefing_provider(settings)),
        usage=state.usage,
    )
    state.password_hasher = PasswordHasher(
        settings.password_hash_rounds, workers=settings.password_hash_workers, queue_limit=settings.password_hash_queue
    )
    # The throttle's sessions come from the database the lifespan opens (app role; its tables have no tenant).
    state.login_throttle = LoginThrottle(lambda: state.db.app_sessions(), throttle_limits(settings))


def throttle_limits(settings: Settings) -> ThrottleLimits:
    return ThrottleLimits(
        per_pair=settings.login_max_failures,
        per_address=settings.login_max_failures_per_address,
        per_account=settings.login_max_failures_per_account,
        window_seconds=settings.login_window_seconds,
        max_lockout_seconds=settings.login_max_lockout_seconds,
        trusted_days=settings.login_trusted_address_days,
    )


async def _ensure_configured_vector_index(app: FastAPI) -> None:
    # Index creation needs the table owner, so it happens here (and in `orion reindex`), never per request.
    try:
        provider = app.state.embedder()
        async with app.state.db.owner_session() as session:
            await ensure_vector_index(session, provider.model_key, provider.dimension)
    except Exception:
        logger.exception("could not ensure the vector index of the configured embedding model")


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
            await app.state.login_throttle.purge()
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("run recovery failed")
        first = False
        await asyncio.sleep(RECOVERY_INTERVAL_SECONDS)


async def _prove_alone(location: DatabaseLocation, lease: InstanceLease) -> bool:
    """Return True when this process is the only ORION instance on its database (so every unfinished run is
    orphaned): it started the embedded cluster itself, or the instance lease found no other live holder."""
    try:
        alone = await lease.acquire()
    except Exception:
        logger.exception("could not take the instance lease; interrupted runs wait for the staleness cutoff")
        alone = False
    started_embedded = location.embedded is not None and location.embedded.started_here
    return started_embedded or alone


async def _evidence_drift_loop(app: FastAPI) -> None:
    settings: Settings = app.state.settings
    while True:
        try:
            checked = await sweep_evidence_drift(app.state.db)
            if checked:
                logger.info("re-checked the evidence of %d answered runs", checked)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("evidence drift check failed")
        await asyncio.sleep(settings.evidence_drift_interval_seconds)


def _lifespan(
    database: DatabaseLocation | str | None, run_worker: bool
) -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """Return the lifespan that opens the database and runs the background tasks while the app serves.

    A DatabaseLocation passed in (as `orion serve` does) stays owned by the caller, who stops it; one resolved
    here from settings is stopped here.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        settings: Settings = app.state.settings
        if isinstance(database, DatabaseLocation):
            location, owned = database, False
        else:
            location, owned = (DatabaseLocation(database) if database else resolve_database_url(settings)), True
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
        lease = InstanceLease(location.url)
        app.state.instance_lease = lease
        sole_owner = await _prove_alone(location, lease)
        app.state.sole_owner = sole_owner
        worker.reclaim_on_start = sole_owner
        background = (
            [
                asyncio.create_task(worker.run(), name="ingestion-worker"),
                asyncio.create_task(_recovery_loop(app, immediate=sole_owner), name="run-recovery"),
                asyncio.create_task(
                    resume_interrupted_forever(db, app.state.workflow_services), name="interrupted-runs"
                ),
                asyncio.create_task(_evidence_drift_loop(app), name="evidence-drift"),
            ]
            if run_worker
            else []
        )
        try:
            async with running_mcp(app.state.mcp):
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
            await lease.release()
            await db.dispose()
            if owned:
                location.stop()

    return lifespan


def create_app(
    settings: Settings | None = None,
    *,
    database_url: str | None = None,
    database: DatabaseLocation | None = None,
    ui_dir: Path | None = UI_DIR,
    run_worker: bool = True,
) -> FastAPI:
    """Build the ORION API; with no database URL, resolve one from settings (embedded Postgres if unset).

    `database` is a location the caller resolved (and stops): it tells the app whether it started the embedded
    cluster itself, which is one proof that it is alone and may recover every interrupted run at once.
    """
    settings = settings or get_settings()
    configure_logging(settings.log_level)
    app = FastAPI(
        title="ORION",
        version="1.0.0",
        summary="Evidence-grounded document investigation",
        lifespan=_lifespan(database or database_url, run_worker),
        generate_unique_id_function=_operation_id,
        docs_url="/docs",
        redoc_url=None,
    )
    build_state(app, settings)
    register_exception_handlers(app)
    install_error_schema(app)
    app.add_middleware(PasswordCheckShedding)
    app.add_middleware(InputBoundaryMiddleware)
    app.add_middleware(
        JsonErrorCORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_methods=["*"],
        allow_headers=["*"],
        expose_headers=EXPOSED_HEADERS,
    )
    app.add_middleware(HeadAsGet)
    app.add_middleware(RequestContextMiddleware)
    for router in (health, auth, admin, knowledge, execution, analytics):
        app.include_router(router.router)
    app.state.mcp = mount_mcp(app)
    mount_ui(app, ui_dir if settings.serve_ui else None)
    return app
