"""Operator maintenance of execution data (runs as the table owner)."""

from __future__ import annotations

from domains.analytics.repository import AnalyticsRepository
from domains.execution.repository import RunRepository
from domains.execution.run.facts import derive_run_fact
from domains.execution.run.records import RetrievalOutput
from domains.execution.run.workflows import evidence_step_names
from packages.database.engine import Database

REBUILD_BATCH = 500


async def rebuild_run_facts(db: Database) -> int:
    """Recompute the analytics row of every finished run from its record; return how many rows were written."""
    written = 0
    last_id = ""
    names = evidence_step_names()
    while True:
        async with db.owner_session() as session:
            repo = RunRepository(session)
            runs = await repo.finished_runs_after(last_id, REBUILD_BATCH)
            if not runs:
                return written
            evidence = await repo.step_outputs([r.id for r in runs], names)
            facts = AnalyticsRepository(session)
            for run in runs:
                stored = evidence.get(run.id)
                await facts.save_fact(
                    derive_run_fact(run, RetrievalOutput.model_validate(stored) if stored is not None else None)
                )
            written += len(runs)
            last_id = runs[-1].id
