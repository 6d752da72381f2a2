"""Every execution query. Reads start from statements scoped to the caller's organization."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Select, func, inspect, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from domains.execution.models import ExecutionEvent, Run, Step
from domains.execution.run.status import ACTIVE_RUN_STATUSES, TERMINAL_RUN_STATUSES
from packages.core.clock import new_id, utcnow


class RunRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    def visible(self, organization_id: str) -> Select[Run]:
        """Return the base statement for one organization's runs."""
        return select(Run).where(Run.organization_id == organization_id)

    async def get(self, organization_id: str, run_id: str) -> Run | None:
        return (await self.session.execute(self.visible(organization_id).where(Run.id == run_id))).scalar_one_or_none()

    async def steps(self, organization_id: str, run_ids: list[str]) -> dict[str, list[Step]]:
        rows = await self.session.execute(
            select(Step)
            .where(Step.organization_id == organization_id, Step.run_id.in_(run_ids))
            .order_by(Step.run_id, Step.step_index)
        )
        grouped: dict[str, list[Step]] = {run_id: [] for run_id in run_ids}
        for step in rows.scalars():
            grouped[step.run_id].append(step)
        return grouped

    async def by_idempotency_key(self, organization_id: str, key: str) -> Run | None:
        statement = self.visible(organization_id).where(Run.idempotency_key == key)
        return (await self.session.execute(statement)).scalar_one_or_none()

    async def lock_organization(self, organization_id: str) -> None:
        """Serialize run creation within one organization, so the daily cap cannot be overrun by a race."""
        await self.session.execute(
            text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": f"runs:{organization_id}"}
        )

    async def lock_purges(self, organization_id: str, *, exclusive: bool) -> None:
        """Serialize a document purge (exclusive) with the purge check runs make as they end (shared), in one
        organization (purge.py)."""
        function = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
        await self.session.execute(
            text(f"SELECT {function}(hashtextextended(:key, 0))"), {"key": f"purges:{organization_id}"}
        )

    async def purged_documents(self, organization_id: str, document_ids: Collection[str]) -> set[str]:
        """Return which of the documents were deleted with purge (their audit record says so)."""
        if not document_ids:
            return set()
        # The audit trail is identity's table; execution names it in SQL rather than importing that domain (ADR-0016).
        rows = await self.session.execute(
            text(
                "SELECT target FROM audit_events WHERE organization_id = :organization_id"
                " AND action = 'document_purged' AND target = ANY(:ids)"
            ),
            {"organization_id": organization_id, "ids": list(document_ids)},
        )
        return {target for target in rows.scalars() if target}

    async def created_since(self, organization_id: str, since: datetime) -> tuple[int, datetime | None, float]:
        """Return the count, the oldest creation time and the summed cost of runs created since `since`."""
        statement = self.visible(organization_id).with_only_columns(
            func.count(), func.min(Run.created_at), func.coalesce(func.sum(Run.cost_usd), 0)
        )
        count, oldest, cost = (await self.session.execute(statement.where(Run.created_at >= since))).one()
        return int(count), oldest, float(cost)

    async def oldest_costing_since(self, organization_id: str, since: datetime) -> datetime | None:
        statement = self.visible(organization_id).with_only_columns(func.min(Run.created_at))
        statement = statement.where(Run.created_at >= since, Run.cost_usd > 0)
        return (await self.session.execute(statement)).scalar_one_or_none()

    async def add_run(self, run: Run, steps: list[Step]) -> None:
        """Insert the run and its steps. The objects then hold every column as stored, so the caller may go on with
        them once the transaction commits (sessions keep objects loaded on commit) instead of reading them back."""
        self.session.add(run)
        await self.session.flush()
        self.session.add_all(steps)
        await self.session.flush()
        for row in (run, *steps):
            state = inspect(row)
            for key in list(state.unloaded):
                column = state.mapper.columns.get(key)
                if column is not None and _stored_as_null(column):
                    set_committed_value(row, key, None)  # left unset, with no default of either side: NULL
            if state.unloaded:  # a column the database fills in itself: read what it stored
                await self.session.refresh(row, attribute_names=list(state.unloaded))

    async def list_runs(self, organization_id: str, *, limit: int, offset: int) -> tuple[list[Run], int]:
        base = self.visible(organization_id)
        total = (await self.session.execute(select(func.count()).select_from(base.subquery()))).scalar_one()
        rows = await self.session.execute(
            base.order_by(Run.created_at.desc(), Run.id.desc()).limit(limit).offset(offset)
        )
        return list(rows.scalars()), int(total)

    async def events(
        self, organization_id: str, run_id: str, *, limit: int, offset: int
    ) -> tuple[list[ExecutionEvent], int]:
        base = select(ExecutionEvent).where(
            ExecutionEvent.organization_id == organization_id, ExecutionEvent.run_id == run_id
        )
        total = (await self.session.execute(select(func.count()).select_from(base.subquery()))).scalar_one()
        rows = await self.session.execute(base.order_by(ExecutionEvent.sequence).limit(limit).offset(offset))
        return list(rows.scalars()), int(total)

    # --- writes of the run lifecycle (each in its own short transaction) --------------------------------------------

    async def move_run(
        self, organization_id: str, run_id: str, allowed_from: Collection[str], **values: Any
    ) -> Run | None:
        """Update the run only while its status is one of `allowed_from` (a compare-and-set); return the new row."""
        values.setdefault("heartbeat_at", utcnow())
        result = await self.session.execute(
            update(Run)
            .where(Run.organization_id == organization_id, Run.id == run_id, Run.status.in_(list(allowed_from)))
            .values(**values)
            .returning(Run)
            .execution_options(synchronize_session=False)
        )
        return result.scalar_one_or_none()

    async def update_step(self, organization_id: str, step_id: str, **values: Any) -> None:
        await self.session.execute(
            update(Step).where(Step.organization_id == organization_id, Step.id == step_id).values(**values)
        )

    async def skip_open_steps(self, organization_id: str, run_id: str, at: datetime, ended: str) -> list[str]:
        """Close the steps an ended run never finished: a running one takes the run's end (`cancelled` when a cancel
        stopped it), a pending one is `skipped`. Return the ids of the running steps closed."""
        stopped = await self.session.execute(
            update(Step)
            .where(Step.organization_id == organization_id, Step.run_id == run_id, Step.status == "running")
            .values(status=ended if ended in ("cancelled", "failed") else "skipped", completed_at=at)
            .returning(Step.id)
        )
        await self.session.execute(
            update(Step)
            .where(Step.organization_id == organization_id, Step.run_id == run_id, Step.status == "pending")
            .values(status="skipped", completed_at=func.coalesce(Step.completed_at, at))
        )
        return [step_id for (step_id,) in stopped.all()]

    def add_event(
        self,
        organization_id: str,
        run_id: str,
        event_type: str,
        payload: dict[str, Any] | None = None,
        step_id: str | None = None,
    ) -> None:
        self.session.add(
            ExecutionEvent(
                id=new_id(),
                organization_id=organization_id,
                run_id=run_id,
                step_id=step_id,
                event_type=event_type,
                payload=payload,
                created_at=utcnow(),
            )
        )
        # No flush here: the transaction's events go to the database together, in the order they were added, at
        # the next query or the commit (one multi-row INSERT instead of one round trip and unit of work per event).

    # --- recovery ----------------------------------------------------------------------------------------------------

    async def unfinished_runs(self, stale_before: datetime) -> list[tuple[str, str]]:
        """Return (organization_id, run_id) of unfinished runs whose heartbeat is older than `stale_before`."""
        rows = await self.session.execute(
            select(Run.organization_id, Run.id)
            .where(
                Run.status.in_(list(ACTIVE_RUN_STATUSES)),
                func.coalesce(Run.heartbeat_at, Run.created_at) < stale_before,
            )
            .order_by(Run.created_at)
        )
        return [(row[0], row[1]) for row in rows]

    async def claim_for_recovery(self, run_id: str, stale_before: datetime) -> tuple[int, str] | None:
        """Count one more recovery attempt of a stale unfinished run (compare-and-set on its heartbeat); return
        (attempts, status), or None when another process claimed it first or it finished meanwhile."""
        claimed = await self.session.execute(
            update(Run)
            .where(
                Run.id == run_id,
                Run.status.in_(list(ACTIVE_RUN_STATUSES)),
                Run.heartbeat_at.is_(None) | (Run.heartbeat_at < stale_before),
            )
            .values(recovery_attempts=Run.recovery_attempts + 1, heartbeat_at=utcnow())
            .returning(Run.recovery_attempts, Run.status)
        )
        row = claimed.first()
        return (int(row[0]), str(row[1])) if row else None

    # --- maintenance (owner sessions) --------------------------------------------------------------------------------

    async def finished_runs_after(self, last_id: str, limit: int) -> list[Run]:
        """Return up to `limit` finished runs of every organization with ids after `last_id`, in id order."""
        rows = await self.session.execute(
            select(Run)
            .where(Run.status.in_(list(TERMINAL_RUN_STATUSES)), Run.id > last_id)
            .order_by(Run.id)
            .limit(limit)
        )
        return list(rows.scalars())

    async def step_outputs(self, run_ids: list[str], step_names: Collection[str]) -> dict[str, dict[str, Any]]:
        """Return, per run, the output of its step named one of `step_names` (every organization; owner only)."""
        rows = await self.session.execute(
            select(Step.run_id, Step.output).where(Step.run_id.in_(run_ids), Step.name.in_(list(step_names)))
        )
        return {run_id: output for run_id, output in rows if output is not None}

    # --- purge ------------------------------------------------------------------------------------------------------

    async def steps_citing_document(
        self, organization_id: str, document_id: str, step_names: Collection[str]
    ) -> list[Step]:
        """Return the organization's evidence steps whose stored citations include the document."""
        statement = select(Step).where(
            Step.organization_id == organization_id,
            Step.name.in_(list(step_names)),
            Step.output.contains({"citations": [{"document_id": document_id}]}),
        )
        return list((await self.session.execute(statement)).scalars())

    async def set_step_output(self, organization_id: str, step_id: str, output: dict[str, Any]) -> None:
        await self.update_step(organization_id, step_id, output=output)

    async def set_run_result(self, organization_id: str, run_id: str, result: dict[str, Any]) -> None:
        await self.session.execute(
            update(Run).where(Run.organization_id == organization_id, Run.id == run_id).values(result=result)
        )

    # --- evidence drift (ADR 0021; owner sessions for the sweep) ---------------------------------------------------

    async def runs_needing_evidence_check(self, limit: int) -> list[tuple[str, str]]:
        """Return (organization_id, run_id) of answered runs never checked for drift, or citing a document whose
        current version is not the one seen at the last check (a new version, or the document deleted)."""
        rows = await self.session.execute(_RUNS_NEEDING_EVIDENCE_CHECK, {"limit": limit})
        return [(row[0], row[1]) for row in rows]

    async def outdated_evidence_checks(
        self, organization_id: str, run_ids: Sequence[str] | None, limit: int
    ) -> list[str]:
        """Return the ids of the organization's runs (of `run_ids`, or any) whose drift check is outdated
        (runs_needing_evidence_check), oldest first, at most `limit`: a read's test for one run, a list's for its
        page, the analytics' for the organization."""
        if run_ids is not None and not run_ids:
            return []
        rows = await self.session.execute(
            _ORGANIZATION_RUNS_NEEDING_EVIDENCE_CHECK,
            {
                "organization_id": organization_id,
                "any": run_ids is None,
                "run_ids": list(run_ids or ()),
                "limit": limit,
            },
        )
        return [row[0] for row in rows]

    async def save_evidence_status(self, organization_id: str, run_id: str, status: str, drift: dict[str, Any]) -> None:
        """Store a run's evidence status and per-claim drift (never its status: drift is not a transition)."""
        await self.session.execute(
            update(Run)
            .where(Run.organization_id == organization_id, Run.id == run_id)
            .values(evidence_status=status, evidence_drift=drift)
        )


# An answered run needs its evidence checked when it never was, or when a document it cites has another current
# version than the one seen at its last check (a new version, or the document deleted): the sweep's and a read's test.
_NEEDS_EVIDENCE_CHECK = """
    r.outcome = 'answered' AND (
        r.evidence_drift IS NULL
        OR EXISTS (
            SELECT 1 FROM jsonb_each_text(r.evidence_drift -> 'seen') AS s(document_id, version_id)
            LEFT JOIN documents d ON d.organization_id = r.organization_id AND d.id = s.document_id
            WHERE d.current_version_id IS DISTINCT FROM s.version_id
        )
    )
"""
_RUNS_NEEDING_EVIDENCE_CHECK = text(
    f"SELECT r.organization_id, r.id FROM runs r WHERE {_NEEDS_EVIDENCE_CHECK}"
    " ORDER BY r.completed_at, r.id LIMIT :limit"
)
_ORGANIZATION_RUNS_NEEDING_EVIDENCE_CHECK = text(
    "SELECT r.id FROM runs r WHERE r.organization_id = :organization_id"
    f" AND (CAST(:any AS boolean) OR r.id = ANY(CAST(:run_ids AS varchar[]))) AND {_NEEDS_EVIDENCE_CHECK}"
    " ORDER BY r.completed_at, r.id LIMIT :limit"
)


def _stored_as_null(column: Column[Any]) -> bool:
    """Return True when an INSERT that leaves `column` out stores NULL in it (no default, identity or computation)."""
    return (
        column.nullable is True
        and column.default is None
        and column.server_default is None
        and column.identity is None
        and column.computed is None
    )
