"""Start-up (and periodic) recovery: no run stays stuck in pending, running or verifying after a crash.

A run whose heartbeat is older than the stale threshold was abandoned by a process that died. Recovery claims it
(compare-and-set on its recovery counter), then resumes it from its first unfinished step: completed steps keep their
outputs, so retrieval is not repeated, and a run caught in `verifying` is simply verified again. A run that keeps
dying (more than MAX_RECOVERIES times) is failed with a reason instead. Recovery runs as the table owner.
"""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import update

from domains.execution.engine import RunEngine
from domains.execution.models import Run
from domains.execution.repository import RunRepository
from domains.execution.workflows import WorkflowServices
from packages.core.clock import utcnow
from packages.database.engine import Database

logger = logging.getLogger(__name__)

MAX_RECOVERIES = 2


async def recover_stuck_runs(db: Database, services: WorkflowServices, stale_before: datetime) -> int:
    """Resume (or fail) every unfinished run whose heartbeat is older than `stale_before`; return how many."""
    async with db.owner_session() as session:
        stuck = await RunRepository(session).unfinished_runs(stale_before)
    engine = RunEngine(lambda organization_id: db.owner_session(), services)
    recovered = 0
    for organization_id, run_id in stuck:
        async with db.owner_session() as session:
            claimed = await session.execute(
                update(Run)
                .where(
                    Run.id == run_id,
                    Run.status.in_(("pending", "running", "verifying")),
                    Run.heartbeat_at.is_(None) | (Run.heartbeat_at < stale_before),
                )
                .values(recovery_attempts=Run.recovery_attempts + 1, heartbeat_at=utcnow())
                .returning(Run.recovery_attempts, Run.status)
            )
            row = claimed.first()
            if row is None:
                continue  # another process claimed it first
            attempts, status = row
            await RunRepository(session).add_event(
                organization_id, run_id, "run_recovered", {"attempt": attempts, "status": status}
            )
        recovered += 1
        if attempts > MAX_RECOVERIES:
            await _give_up(db, organization_id, run_id, status, attempts)
            continue
        try:
            await engine.execute(organization_id, run_id)
        except Exception:
            logger.exception("recovery of run %s failed", run_id)
    return recovered


async def _give_up(db: Database, organization_id: str, run_id: str, status: str, attempts: int) -> None:
    reason = f"the run was interrupted {attempts} times (the service stopped while it ran) and was abandoned"
    async with db.owner_session() as session:
        repo = RunRepository(session)
        if await repo.move_run(
            organization_id,
            run_id,
            (status,),
            status="failed",
            outcome="failed",
            failure_reason=reason,
            completed_at=utcnow(),
        ):
            await repo.add_event(organization_id, run_id, "run_failed", {"outcome": "failed", "reason": reason})
