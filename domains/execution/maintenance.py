"""Operator maintenance of execution data (runs as the table owner)."""

from __future__ import annotations

from sqlalchemy import select

from domains.execution.facts import derive_run_fact
from domains.execution.models import Run, Step
from domains.execution.transitions import TERMINAL_RUN_STATUSES
from packages.database.engine import Database

REBUILD_BATCH = 500


async def rebuild_run_facts(db: Database) -> int:
    """Recompute the analytics row of every finished run from its JSONB; return how many rows were written."""
    written = 0
    last_id = ""
    while True:
        async with db.owner_session() as session:
            runs = list(
                (
                    await session.execute(
                        select(Run)
                        .where(Run.status.in_(TERMINAL_RUN_STATUSES), Run.id > last_id)
                        .order_by(Run.id)
                        .limit(REBUILD_BATCH)
                    )
                ).scalars()
            )
            if not runs:
                return written
            steps = await session.execute(
                select(Step.run_id, Step.output).where(
                    Step.run_id.in_([r.id for r in runs]), Step.name == "hybrid_retrieval"
                )
            )
            retrievals = {run_id: output for run_id, output in steps}
            for run in runs:
                fact = derive_run_fact(run, retrievals.get(run.id))
                await session.merge(fact)
            written += len(runs)
            last_id = runs[-1].id
