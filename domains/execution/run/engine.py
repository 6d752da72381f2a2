"""The workflow engine: runs a run's steps in order, then has its briefing verified, and records it all as it goes.

A run is a record. State changes go through the lifecycle owner (lifecycle.py), in short transactions (changes of the
same moment share one), so progress is visible while a run executes and a crash leaves something to resume. Provider
calls and retrieval happen outside any open transaction. Provider failures are exceptions, retried up to the step's
`max_retries`; verification runs once every step has succeeded, returns a value and is never retried.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from domains.execution.briefing import BriefingProviderError, LLMRefusalError
from domains.execution.models import Run, Step
from domains.execution.repository import RunRepository
from domains.execution.run.lifecycle import RunLifecycle, RunMoved
from domains.execution.run.records import BriefingStepOutput, StepOutputs
from domains.execution.run.status import RunStatus, StepStatus
from domains.execution.run.workflows import (
    WORKFLOW_DEFINITIONS,
    SessionFactory,
    StepContext,
    StepDefinition,
    StepResult,
    Verdict,
    WorkflowDefinition,
    WorkflowServices,
)
from domains.knowledge.embeddings import EmbeddingProviderError
from domains.knowledge.errors import DocumentNotFound
from packages.core.clock import utcnow
from packages.database.availability import database_unavailable

logger = logging.getLogger(__name__)

RETRYABLE_STEP_ERRORS = (BriefingProviderError, EmbeddingProviderError)


class RunEngine:
    def __init__(self, sessions: SessionFactory, services: WorkflowServices) -> None:
        self.sessions = sessions
        self.services = services
        self.lifecycle = RunLifecycle(sessions)

    async def execute(
        self, organization_id: str, run_id: str, *, created: tuple[Run, list[Step]] | None = None
    ) -> tuple[Run, list[Step]] | None:
        """Drive the run to a terminal state (or until someone else moves it, e.g. a cancel); return the run's row
        and steps as the move that ended it committed them, or None when it was not this engine that ended it.

        `created` is the run and its steps as the transaction that created them committed them (every column set),
        so they need not be read back. When the database stops answering mid-run the error propagates (the
        request answers 503) and the run is left to this process's list of interrupted runs, which recovery
        resumes once the database is back."""
        try:
            await self._execute(organization_id, run_id, created)
        except RunMoved:
            logger.info("run %s stopped: it was moved by someone else", run_id)
            return None
        except Exception as exc:
            if database_unavailable(exc):
                self.services.interrupted.add(organization_id, run_id)
            raise
        return self.lifecycle.ended

    async def _execute(self, organization_id: str, run_id: str, created: tuple[Run, list[Step]] | None) -> None:
        if created is not None:
            run, steps = created
        else:
            async with self.sessions(organization_id) as session:
                repo = RunRepository(session)
                loaded = await repo.get(organization_id, run_id)
                if loaded is None:
                    return
                run, steps = loaded, (await repo.steps(organization_id, [run_id]))[run_id]
        definition = WORKFLOW_DEFINITIONS[run.workflow_type]
        params = definition.input_schema.model_validate(run.input)
        outputs = definition.outputs(steps)
        pairs = zip(steps, definition.steps, strict=True)
        todo = [(step, d) for step, d in pairs if step.status != StepStatus.COMPLETED]
        started: Step | None = None  # a step this process started in the transaction of the move before it
        if run.status == RunStatus.PENDING:
            first = todo[0][0] if todo and run.steps_executed < run.max_steps else None
            run = await self.lifecycle.move(
                run, RunStatus.RUNNING, event="run_started", started_at=utcnow(), start=first
            )
            started = first
        if run.status == RunStatus.RUNNING:
            for index, (step, step_definition) in enumerate(todo):
                if run.steps_executed >= run.max_steps:
                    await self.lifecycle.fail(run, f"the run reached its ceiling of {run.max_steps} steps")
                    return
                if step is not started:
                    await self.lifecycle.start_step(run, step)
                following = todo[index + 1][0] if index + 1 < len(todo) else None
                # The next step starts as this one completes, unless the ceiling will stop it.
                started = following if following is not None and run.steps_executed + 1 < run.max_steps else None
                result = await self._run_step(
                    run, step, step_definition, params, outputs, start=started, last=following is None
                )
                if result is None:
                    return  # the step failed and failed the run
                outputs.add(result.output)
            if run.status == RunStatus.RUNNING:  # the last step's completion moved it on, unless no step was left
                run = await self.lifecycle.move(run, RunStatus.VERIFYING, event="verification_started")
        await self._verify_and_finish(run, definition, outputs)

    # --- steps -----------------------------------------------------------------------------------------------------

    async def _run_step(
        self,
        run: Run,
        step: Step,
        definition: StepDefinition,
        params: Any,
        outputs: StepOutputs,
        *,
        start: Step | None,
        last: bool,
    ) -> StepResult | None:
        """Run a started step to completion (retrying provider failures); its completion starts `start` (the next
        step) or, for the `last` step, moves the run on to verification."""
        context = StepContext(run.id, run.organization_id, params, outputs, self.sessions, self.services)
        while True:
            started = time.perf_counter()
            try:
                result = await definition.handler(context)
            except LLMRefusalError as exc:
                result = _refusal_result(exc)
            except DocumentNotFound:
                # A document the run was asked to search was deleted after the request was checked: the run fails
                # as a record (a 404 would leave it running, and recovery would meet the same missing document).
                await self._fail_step(run, step, f"{step.name} failed: a document in document_ids was deleted")
                return None
            except RETRYABLE_STEP_ERRORS as exc:
                reason = exc.reason if isinstance(exc, BriefingProviderError) else exc.message
                retryable = exc.retryable if isinstance(exc, BriefingProviderError) else True
                await self._provider_failure_event(run, step, exc, time.perf_counter() - started)
                if retryable and step.retry_count < definition.max_retries:
                    await self._retry(run, step, reason)
                    continue
                await self._fail_step(run, step, f"{step.name} failed: {reason}")
                return None
            await self._complete_step(run, step, result, time.perf_counter() - started, start=start, last=last)
            return result

    async def _retry(self, run: Run, step: Step, reason: str) -> None:
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            await self.lifecycle.touch(repo, run)
            step.retry_count += 1
            await repo.update_step(run.organization_id, step.id, retry_count=step.retry_count)
            repo.add_event(
                run.organization_id, run.id, "step_retry", {"attempt": step.retry_count + 1, "reason": reason}, step.id
            )

    async def _complete_step(
        self, run: Run, step: Step, result: StepResult, seconds: float, *, start: Step | None, last: bool
    ) -> None:
        values: dict[str, Any] = {"steps_executed": run.steps_executed + 1}
        if result.semantic_unavailable:
            values["semantic_unavailable"] = True
        generation = result.generation
        if generation is not None:
            values.update(
                provider=generation.provider,
                model=generation.model,
                cost_usd=float(run.cost_usd or 0) + generation.estimated_cost_usd,
            )
        events = list(result.events)
        if generation is not None:
            events.insert(0, ("provider_call", _provider_call(generation)))
        moved = await self.lifecycle.complete_step(
            run,
            step,
            result.output.model_dump(mode="json"),
            events,
            round(seconds * 1000, 2),
            start=start,
            verifying=last,
            **values,
        )
        run.status = moved.status
        run.steps_executed += 1
        for key, value in values.items():
            if key != "steps_executed":
                setattr(run, key, value)

    async def _provider_failure_event(self, run: Run, step: Step, exc: Exception, seconds: float) -> None:
        async with self.sessions(run.organization_id) as session:
            payload: dict[str, Any] = {"ok": False, "latency_ms": round(seconds * 1000, 2), "error": type(exc).__name__}
            if isinstance(exc, BriefingProviderError):
                payload.update(provider=exc.provider, reason=exc.reason, retryable=exc.retryable)
            else:
                payload.update(reason=getattr(exc, "message", str(exc))[:200])
            RunRepository(session).add_event(run.organization_id, run.id, "provider_call", payload, step.id)

    async def _fail_step(self, run: Run, step: Step, reason: str) -> None:
        await self.lifecycle.move_step(
            run, step, StepStatus.FAILED, event="step_failed", failure_reason=reason[:500], completed_at=utcnow()
        )
        await self.lifecycle.fail(run, reason)

    # --- verification and the end of the run ------------------------------------------------------------------

    async def _verify_and_finish(self, run: Run, definition: WorkflowDefinition, outputs: StepOutputs) -> None:
        """Verify the briefing, then record the verification and end the run in one transaction."""
        started = time.perf_counter()
        async with self.sessions(run.organization_id) as session:
            verdict = await definition.verifier(session, run.organization_id, outputs)
        events = _verification_events(verdict, round((time.perf_counter() - started) * 1000, 3))
        verification = verdict.verification
        if verdict.result is None or verdict.outcome is None:
            await self.lifecycle.fail(run, verification.reason or "verification failed", events=events)
            return
        await self.lifecycle.finish(
            run,
            verdict.outcome,
            events=events,
            result=verdict.result.model_dump(mode="json"),
            insufficient_evidence=verdict.result.insufficient_evidence,
        )


def _verification_events(verdict: Verdict, elapsed_ms: float) -> list[tuple[str, dict[str, Any]]]:
    """The verification's record: one event per stage passed, the failed stage if any, then the summary."""
    verification = verdict.verification
    claims = verification.claims_checked
    events: list[tuple[str, dict[str, Any]]] = [
        ("verification_stage", {"stage": stage, "ok": True}) for stage in verification.stages_passed
    ]
    if not verification.ok:
        failed = {
            "stage": verification.stage,
            "ok": False,
            "claim": verification.claim_index,
            "reason": verification.reason,
        }
        events.append(("verification_stage", failed))
    summary = {
        "ok": verification.ok,
        "duration_ms": elapsed_ms,
        "claims": claims,
        "citations": verification.citations_checked,
        "ms_per_claim": round(elapsed_ms / claims, 3) if claims else None,
    }
    events.append(("verification_completed", summary))
    return events


def _provider_call(generation: Any) -> dict[str, Any]:
    return {
        "provider": generation.provider,
        "model": generation.model,
        "ok": True,
        "latency_ms": round(generation.latency_ms, 2),
        "input_tokens": generation.input_tokens,
        "output_tokens": generation.output_tokens,
        "estimated_cost_usd": generation.estimated_cost_usd,
    }


def _refusal_result(exc: LLMRefusalError) -> StepResult:
    """A model that declines is an explicit refusal (a completed run), not a provider failure."""
    return StepResult(
        output=BriefingStepOutput(
            briefing="The model declined to answer from this evidence.",
            claims=[],
            insufficient_evidence=True,
            refusal_reason=f"the model declined: {exc.reason}",
            model_called=True,
        )
    )
