"""The one owner of a run's state: every status change of a run (and of its steps) goes through here.

A move validates the transition against the table in status.py, compares and sets the row (it only moves while the
run is still in a status it may leave for the target), appends its event, and — when the move ends the run — writes
the run's analytics fact in the same transaction. The engine, cancellation and crash recovery all move runs through
`RunLifecycle`; nothing else writes `runs.status`. Each move is a short transaction: a run is a record, so every
change is visible (and survives a crash) as soon as it happens. Changes that happen at the same moment share one
transaction (a step's completion and the next step's start; the verification's record and the run's end), so a
run commits five times after its creation instead of nine.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from typing import Any

from domains.analytics.repository import AnalyticsRepository
from domains.execution.models import Run, Step
from domains.execution.repository import RunRepository
from domains.execution.run.facts import derive_run_fact
from domains.execution.run.purge import CitationPurger
from domains.execution.run.status import (
    OUTCOME_OF,
    TERMINAL_RUN_STATUSES,
    RunOutcome,
    RunStatus,
    StepStatus,
    run_sources,
    validate_run_transition,
    validate_step_transition,
)
from domains.execution.run.workflows import SessionFactory, evidence_of
from packages.core.clock import utcnow


class RunMoved(Exception):
    """The run was not in a status the move may start from: someone else moved it (a cancel, another process)."""


class RunLifecycle:
    def __init__(self, sessions: SessionFactory) -> None:
        self.sessions = sessions
        # The run's record as the last move that ended it committed it (the run's row and its steps), so the one
        # who drove the run can answer with it without reading it back.
        self.ended: tuple[Run, list[Step]] | None = None

    @asynccontextmanager
    async def _transaction(self, run: Run) -> AsyncIterator[RunRepository]:
        """One short transaction on the run's record. Autoflush is off: the events it adds reach the database
        together, as one multi-row INSERT at the commit, instead of one INSERT before each later statement. (Nothing
        in these transactions reads events back.)"""
        async with self.sessions(run.organization_id) as session:
            with session.no_autoflush:
                yield RunRepository(session)

    async def move(
        self,
        run: Run,
        target: RunStatus,
        *,
        event: str,
        payload: dict[str, Any] | None = None,
        from_statuses: Collection[RunStatus] | None = None,
        events: Sequence[tuple[str, dict[str, Any]]] = (),
        start: Step | None = None,
        **values: Any,
    ) -> Run:
        """Move `run` to `target` (from its current status, or any of `from_statuses`); return the updated row.

        Raises RunMoved when the run is no longer where the move expects it. A terminal target also sets
        `completed_at`, an outcome for failed/cancelled, and writes the analytics fact. `events` (e.g. the
        verification's stages) are recorded before the move's own event, and `start` (a step of a run moving to
        running) is started, in the same transaction."""
        sources = [RunStatus(run.status)] if from_statuses is None else list(from_statuses)
        for source in sources:
            validate_run_transition(source, target)
        terminal = target in TERMINAL_RUN_STATUSES
        if terminal:
            values.setdefault("completed_at", utcnow())
            if target in OUTCOME_OF:
                values.setdefault("outcome", OUTCOME_OF[target].value)
        ended: tuple[Run, list[Step]] | None = None
        async with self._transaction(run) as repo:
            if terminal:
                await repo.lock_purges(run.organization_id, exclusive=False)  # first: see CitationPurger.purge_run
            moved = await repo.move_run(run.organization_id, run.id, sources, status=target.value, **values)
            if moved is None:
                raise RunMoved(run.id)
            for event_type, event_payload in events:
                repo.add_event(run.organization_id, run.id, event_type, event_payload)
            repo.add_event(run.organization_id, run.id, event, payload or {"status": target.value})
            if start is not None:
                await self._start_step(repo, run, start)
            if terminal:
                # A cancel stops the step that is running; a failure leaves the steps after it: none stays open.
                stopped = await repo.skip_open_steps(run.organization_id, run.id, values["completed_at"], target.value)
                for step_id in stopped:
                    repo.add_event(
                        run.organization_id, run.id, f"step_{target.value}", {"status": target.value}, step_id
                    )
                steps = (await repo.steps(run.organization_id, [run.id]))[run.id]
                # A document this run cites may have been deleted with purge while it ran, after the purge looked
                # for runs citing it: its text goes in this same transaction.
                if await CitationPurger(repo.session).purge_run(run.organization_id, steps):
                    steps = (await repo.steps(run.organization_id, [run.id]))[run.id]
                await AnalyticsRepository(repo.session).save_fact(derive_run_fact(moved, evidence_of(moved, steps)))
                ended = (moved, steps)
        if ended is not None:
            self.ended = ended  # committed
        return moved

    async def finish(
        self, run: Run, outcome: RunOutcome, *, events: Sequence[tuple[str, dict[str, Any]]] = (), **values: Any
    ) -> Run:
        """End a verifying run as completed, answered or refused (after recording `events`)."""
        return await self.move(
            run,
            RunStatus.COMPLETED,
            event="run_completed",
            payload={"outcome": outcome.value, "reason": None},
            events=events,
            outcome=outcome.value,
            **values,
        )

    async def fail(
        self,
        run: Run,
        reason: str,
        *,
        from_statuses: Collection[RunStatus] | None = None,
        events: Sequence[tuple[str, dict[str, Any]]] = (),
    ) -> Run:
        """End the run as failed with `reason` (from its current status, or any of `from_statuses`), after
        recording `events`."""
        reason = reason[:500]
        return await self.move(
            run,
            RunStatus.FAILED,
            event="run_failed",
            payload={"outcome": RunOutcome.FAILED.value, "reason": reason},
            from_statuses=from_statuses,
            events=events,
            failure_reason=reason,
        )

    async def cancel(self, run: Run) -> Run:
        """Cancel a run that may still be cancelled (whatever status it reached meanwhile)."""
        return await self.move(
            run,
            RunStatus.CANCELLED,
            event="run_cancelled",
            payload={"outcome": RunOutcome.CANCELLED.value},
            from_statuses=run_sources(RunStatus.CANCELLED),
        )

    async def touch(self, repo: RunRepository, run: Run) -> None:
        """Renew the heartbeat inside the caller's transaction; raise RunMoved when the run stopped running."""
        if await repo.move_run(run.organization_id, run.id, [RunStatus.RUNNING]) is None:
            raise RunMoved(run.id)

    async def move_step(self, run: Run, step: Step, target: StepStatus, *, event: str, **values: Any) -> None:
        """Move one of a running run's steps to `target`, with its event."""
        async with self._transaction(run) as repo:
            await self.touch(repo, run)
            await self._move_step(repo, run, step, target, event=event, **values)

    async def start_step(self, run: Run, step: Step) -> None:
        """Start one of a running run's steps (or restart it, when a resumed run finds it started before a crash)."""
        async with self._transaction(run) as repo:
            await self.touch(repo, run)
            await self._start_step(repo, run, step)

    async def _start_step(self, repo: RunRepository, run: Run, step: Step) -> None:
        """Start `step` inside the caller's transaction, where the run is known to be running (just moved or
        touched)."""
        started_at = step.started_at or utcnow()
        await self._move_step(repo, run, step, StepStatus.RUNNING, event="step_started", started_at=started_at)

    async def _move_step(
        self, repo: RunRepository, run: Run, step: Step, target: StepStatus, *, event: str, **values: Any
    ) -> None:
        """Move `step` to `target` with its event inside the caller's transaction; the object follows the row."""
        validate_step_transition(step.status, target)
        await repo.update_step(run.organization_id, step.id, status=target.value, **values)
        repo.add_event(run.organization_id, run.id, event, {"name": step.name}, step.id)
        step.status = target.value
        for key, value in values.items():
            setattr(step, key, value)

    async def complete_step(
        self,
        run: Run,
        step: Step,
        output: dict[str, Any],
        events: list[tuple[str, dict[str, Any]]],
        duration_ms: float,
        *,
        start: Step | None = None,
        verifying: bool = False,
        **run_values: Any,
    ) -> Run:
        """Store a step's output as completed, with its events and the run's counters, while the run still runs;
        return the run's updated row.

        In the same transaction (one commit where there would be two): `start` starts the next step, or
        `verifying` moves the run on to verification once its last step is done."""
        validate_step_transition(step.status, StepStatus.COMPLETED)
        if verifying:
            validate_run_transition(RunStatus.RUNNING, RunStatus.VERIFYING)
            run_values["status"] = RunStatus.VERIFYING.value
        async with self._transaction(run) as repo:
            # The run's row first, then its step's, as every other move takes them (a cancel moves the run, then closes
            # its open steps): the other order deadlocked with a cancel arriving at that moment.
            moved = await repo.move_run(run.organization_id, run.id, [RunStatus.RUNNING], **run_values)
            if moved is None:
                raise RunMoved(run.id)
            await repo.update_step(
                run.organization_id, step.id, status=StepStatus.COMPLETED.value, output=output, completed_at=utcnow()
            )
            for event_type, payload in events:
                repo.add_event(run.organization_id, run.id, event_type, payload, step.id)
            repo.add_event(run.organization_id, run.id, "step_completed", {"duration_ms": duration_ms}, step.id)
            if verifying:
                payload = {"status": RunStatus.VERIFYING.value}
                repo.add_event(run.organization_id, run.id, "verification_started", payload)
            elif start is not None:
                await self._start_step(repo, run, start)
        step.status, step.output = StepStatus.COMPLETED.value, output
        return moved
