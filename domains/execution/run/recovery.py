"""Start-up (and periodic) recovery: no run stays stuck in pending, running or verifying after a crash.

A run whose heartbeat is older than the stale threshold was abandoned by a process that died. Recovery claims it
(compare-and-set on its recovery counter), then resumes it from its first unfinished step: completed steps keep their
outputs, so retrieval is not repeated, and a run caught in `verifying` is simply verified again. A run that keeps
dying (more than MAX_RECOVERIES times) is failed through the lifecycle owner, so it gets its analytics fact like any
other failed run. Recovery runs as the table owner.

A run this process itself abandoned because the database stopped answering (interrupted.py) need not wait for the
staleness cutoff: `resume_interrupted_runs` claims and resumes it as soon as the database answers again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime

from domains.execution.repository import RunRepository
from domains.execution.run.engine import RunEngine
from domains.execution.run.lifecycle import RunLifecycle, RunMoved
from domains.execution.run.status import RunStatus, run_sources
from domains.execution.run.workflows import WorkflowServices
from packages.core.clock import utcnow
from packages.database.availability import database_unavailable
from packages.database.engine import Database

logger = logging.getLogger(__name__)

MAX_RECOVERIES = 2
RESUME_FIRST_DELAY_SECONDS = 0.25
RESUME_MAX_DELAY_SECONDS = 2.0


async def recover_stuck_runs(db: Database, services: WorkflowServices, stale_before: datetime) -> int:
    """Resume (or fail) every unfinished run whose heartbeat is older than `stale_before`; return how many."""
    async with db.owner_session() as session:
        stuck = await RunRepository(session).unfinished_runs(stale_before)
    recovered = 0
    for organization_id, run_id in stuck:
        recovered += await _recover(db, services, organization_id, run_id, stale_before)
    return recovered


async def _recover(
    db: Database, services: WorkflowServices, organization_id: str, run_id: str, stale_before: datetime
) -> bool:
    """Claim one unfinished run and drive it to a terminal state; False when someone else claimed it first."""
    owner_sessions = lambda organization_id: db.owner_session()  # noqa: E731 - recovery sees every organization
    async with db.owner_session() as session:
        repo = RunRepository(session)
        claimed = await repo.claim_for_recovery(run_id, stale_before)
        if claimed is None:
            return False  # another process claimed it first, or it finished meanwhile
        attempts, status = claimed
        repo.add_event(organization_id, run_id, "run_recovered", {"attempt": attempts, "status": status})
        run = await repo.get(organization_id, run_id)
    if run is not None and attempts > MAX_RECOVERIES:
        reason = f"the run was interrupted {attempts} times (the service stopped while it ran) and was abandoned"
        with contextlib.suppress(RunMoved):  # it finished meanwhile
            await RunLifecycle(owner_sessions).fail(run, reason, from_statuses=run_sources(RunStatus.FAILED))
        return True
    try:
        await RunEngine(owner_sessions, services).execute(organization_id, run_id)
    except Exception as exc:
        if database_unavailable(exc):
            raise  # the engine put the run back on the interrupted list
        logger.exception("recovery of run %s failed", run_id)
    return True


async def resume_interrupted_runs(db: Database, services: WorkflowServices) -> int:
    """Claim and resume every run a database outage interrupted in this process; return how many were resumed.

    The heartbeat on such a run is this process's own and older than now, so the claim needs no staleness wait.
    Raises the database error when the database is still away; the runs not yet resumed stay on the list."""
    waiting = services.interrupted.take()
    resumed = 0
    for index, (organization_id, run_id) in enumerate(waiting):
        try:
            resumed += await _recover(db, services, organization_id, run_id, utcnow())
        except Exception as exc:
            if not database_unavailable(exc):
                logger.exception("resuming interrupted run %s failed (left to the periodic recovery)", run_id)
                continue
            for left in waiting[index:]:
                services.interrupted.add(*left)
            raise
    return resumed


async def resume_interrupted_forever(db: Database, services: WorkflowServices) -> None:
    """The background task: whenever runs are waiting, retry with back-off until the database answers."""
    delay = RESUME_FIRST_DELAY_SECONDS
    while True:
        await services.interrupted.wait()
        try:
            resumed = await resume_interrupted_runs(db, services)
            if resumed:
                logger.info("resumed %d runs a database outage interrupted", resumed)
            delay = RESUME_FIRST_DELAY_SECONDS
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not database_unavailable(exc):
                logger.exception("resuming interrupted runs failed")
            await asyncio.sleep(delay)
            delay = min(2 * delay, RESUME_MAX_DELAY_SECONDS)
