"""Start-up (and periodic) recovery: no run stays stuck in pending, running or verifying after a crash.

A run whose heartbeat is older than the stale threshold was abandoned by a process that died. Recovery claims it
(compare-and-set on its recovery counter), then resumes it from its first unfinished step: completed steps keep their
outputs, so retrieval is not repeated, and a run caught in `verifying` is simply verified again. A run that keeps
dying (more than MAX_RECOVERIES times) is failed through the lifecycle owner, so it gets its analytics fact like any
other failed run. Recovery runs as the table owner.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime

from domains.execution.repository import RunRepository
from domains.execution.run.engine import RunEngine
from domains.execution.run.lifecycle import RunLifecycle, RunMoved
from domains.execution.run.status import RunStatus, run_sources
from domains.execution.run.workflows import WorkflowServices
from packages.database.engine import Database

logger = logging.getLogger(__name__)

MAX_RECOVERIES = 2


async def recover_stuck_runs(db: Database, services: WorkflowServices, stale_before: datetime) -> int:
    """Resume (or fail) every unfinished run whose heartbeat is older than `stale_before`; return how many."""
    async with db.owner_session() as session:
        stuck = await RunRepository(session).unfinished_runs(stale_before)
    owner_sessions = lambda organization_id: db.owner_session()  # noqa: E731 - recovery sees every organization
    engine = RunEngine(owner_sessions, services)
    lifecycle = RunLifecycle(owner_sessions)
    recovered = 0
    for organization_id, run_id in stuck:
        async with db.owner_session() as session:
            repo = RunRepository(session)
            claimed = await repo.claim_for_recovery(run_id, stale_before)
            if claimed is None:
                continue  # another process claimed it first
            attempts, status = claimed
            await repo.add_event(organization_id, run_id, "run_recovered", {"attempt": attempts, "status": status})
            run = await repo.get(organization_id, run_id)
        recovered += 1
        if run is not None and attempts > MAX_RECOVERIES:
            reason = f"the run was interrupted {attempts} times (the service stopped while it ran) and was abandoned"
            with contextlib.suppress(RunMoved):  # it finished meanwhile
                await lifecycle.fail(run, reason, from_statuses=run_sources(RunStatus.FAILED))
            continue
        try:
            await engine.execute(organization_id, run_id)
        except Exception:
            logger.exception("recovery of run %s failed", run_id)
    return recovered
