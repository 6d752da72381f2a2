"""The workflow engine: runs a run's steps in order and records every state change as it happens.

A run is a record. Each transition (run, step), each event and each output is committed in its own short transaction,
so progress is visible while a run executes and a crash leaves something to resume. Model calls and retrieval happen
outside any open transaction. Provider failures are exceptions, retried up to the step's `max_retries`; verification
runs once every step has succeeded, returns a value and is never retried.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from domains.execution.errors import IllegalTransition
from domains.execution.facts import derive_run_fact
from domains.execution.llm import LLMProviderError, LLMRefusalError
from domains.execution.models import Run, Step
from domains.execution.repository import RunRepository
from domains.execution.transitions import validate_run_transition, validate_step_transition
from domains.execution.workflows import (
    WORKFLOW_DEFINITIONS,
    SessionFactory,
    StepContext,
    StepDefinition,
    StepResult,
    WorkflowServices,
)
from domains.knowledge.embeddings import EmbeddingProviderError
from packages.core.clock import utcnow

logger = logging.getLogger(__name__)

RETRYABLE_STEP_ERRORS = (LLMProviderError, EmbeddingProviderError)


class RunStopped(Exception):
    """The run left the state the engine expected (cancelled, or finished elsewhere): stop quietly."""


@dataclass
class _Loaded:
    run: Run
    steps: list[Step]


class RunEngine:
    def __init__(self, sessions: SessionFactory, services: WorkflowServices) -> None:
        self.sessions = sessions
        self.services = services

    async def execute(self, organization_id: str, run_id: str) -> None:
        """Drive the run to a terminal state (or until someone else moves it, e.g. a cancel)."""
        try:
            await self._execute(organization_id, run_id)
        except RunStopped:
            logger.info("run %s stopped: it was moved by someone else", run_id)

    async def _execute(self, organization_id: str, run_id: str) -> None:
        loaded = await self._load(organization_id, run_id)
        run = loaded.run
        definition = WORKFLOW_DEFINITIONS[run.workflow_type]
        params = definition.input_schema.model_validate(run.input)
        if run.status == "pending":
            await self._move_run(run, "running", started_at=utcnow(), event="run_started")
        outputs: dict[str, dict[str, Any]] = {
            step.name: step.output for step in loaded.steps if step.status == "completed" and step.output is not None
        }
        if run.status == "running":
            for step, step_definition in zip(loaded.steps, definition.steps, strict=True):
                if step.status == "completed":
                    continue
                if run.steps_executed >= run.max_steps:
                    await self._fail(run, f"the run reached its ceiling of {run.max_steps} steps")
                    return
                result = await self._run_step(run, step, step_definition, params, outputs)
                if result is None:
                    return  # the step failed and failed the run
                outputs[step.name] = result.output
            await self._move_run(run, "verifying", event="verification_started")
        await self._verify_and_complete(run, outputs)

    # --- steps -----------------------------------------------------------------------------------------------------

    async def _run_step(
        self, run: Run, step: Step, definition: StepDefinition, params: Any, outputs: dict[str, dict[str, Any]]
    ) -> StepResult | None:
        context = StepContext(run.id, run.organization_id, params, outputs, self.sessions, self.services)
        await self._move_step(run, step, "running", started_at=step.started_at or utcnow(), event="step_started")
        while True:
            started = time.perf_counter()
            try:
                result = await definition.handler(context)
            except LLMRefusalError as exc:
                result = _refusal_result(exc)
            except RETRYABLE_STEP_ERRORS as exc:
                reason = exc.reason if isinstance(exc, LLMProviderError) else exc.message
                retryable = exc.retryable if isinstance(exc, LLMProviderError) else True
                await self._provider_failure_event(run, step, exc, time.perf_counter() - started)
                if retryable and step.retry_count < definition.max_retries:
                    await self._retry(run, step, reason)
                    continue
                await self._fail_step(run, step, f"{step.name} failed: {reason}")
                return None
            await self._complete_step(run, step, result, time.perf_counter() - started)
            return result

    async def _retry(self, run: Run, step: Step, reason: str) -> None:
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            await self._ensure_running(repo, run)
            step.retry_count += 1
            await repo.update_step(run.organization_id, step.id, retry_count=step.retry_count)
            await repo.add_event(
                run.organization_id, run.id, "step_retry", {"attempt": step.retry_count + 1, "reason": reason}, step.id
            )

    async def _complete_step(self, run: Run, step: Step, result: StepResult, seconds: float) -> None:
        validate_step_transition(step.status, "completed")
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            await self._ensure_running(repo, run)
            now = utcnow()
            await repo.update_step(
                run.organization_id, step.id, status="completed", output=result.output, completed_at=now
            )
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
                await repo.add_event(
                    run.organization_id,
                    run.id,
                    "provider_call",
                    {
                        "provider": generation.provider,
                        "model": generation.model,
                        "ok": True,
                        "latency_ms": round(generation.latency_ms, 2),
                        "input_tokens": generation.input_tokens,
                        "output_tokens": generation.output_tokens,
                        "estimated_cost_usd": generation.estimated_cost_usd,
                    },
                    step.id,
                )
            for event_type, payload in result.events:
                await repo.add_event(run.organization_id, run.id, event_type, payload, step.id)
            if not await repo.move_run(run.organization_id, run.id, ("running",), **values):
                raise RunStopped()
            await repo.add_event(
                run.organization_id, run.id, "step_completed", {"duration_ms": round(seconds * 1000, 2)}, step.id
            )
        step.status, step.output = "completed", result.output
        run.steps_executed += 1
        for key, value in values.items():
            if key != "steps_executed":
                setattr(run, key, value)

    async def _provider_failure_event(self, run: Run, step: Step, exc: Exception, seconds: float) -> None:
        async with self.sessions(run.organization_id) as session:
            payload: dict[str, Any] = {"ok": False, "latency_ms": round(seconds * 1000, 2), "error": type(exc).__name__}
            if isinstance(exc, LLMProviderError):
                payload.update(provider=exc.provider, reason=exc.reason, retryable=exc.retryable)
            else:
                payload.update(reason=getattr(exc, "message", str(exc))[:200])
            await RunRepository(session).add_event(run.organization_id, run.id, "provider_call", payload, step.id)

    async def _fail_step(self, run: Run, step: Step, reason: str) -> None:
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            await repo.update_step(
                run.organization_id, step.id, status="failed", failure_reason=reason[:500], completed_at=utcnow()
            )
            await repo.add_event(run.organization_id, run.id, "step_failed", {"reason": reason}, step.id)
        await self._fail(run, reason)

    # --- verification and the end of the run ------------------------------------------------------------------

    async def _verify_and_complete(self, run: Run, outputs: dict[str, dict[str, Any]]) -> None:
        definition = WORKFLOW_DEFINITIONS[run.workflow_type]
        started = time.perf_counter()
        try:
            async with self.sessions(run.organization_id) as session:
                verification, briefing = await definition.verifier(session, run.organization_id, outputs)
        except ValidationError as exc:
            await self._fail(
                run, f"verification failed at stage contract: malformed briefing ({exc.error_count()} errors)"
            )
            return
        elapsed_ms = round((time.perf_counter() - started) * 1000, 3)
        claim_count = len(briefing.claims)
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            for stage in verification.stages_passed:
                await repo.add_event(run.organization_id, run.id, "verification_stage", {"stage": stage, "ok": True})
            if not verification.ok:
                await repo.add_event(
                    run.organization_id,
                    run.id,
                    "verification_stage",
                    {
                        "stage": verification.stage,
                        "ok": False,
                        "claim": verification.claim_index,
                        "reason": verification.reason,
                    },
                )
            citation_total = sum(len(c.citations) for c in briefing.claims)
            await repo.add_event(
                run.organization_id,
                run.id,
                "verification_completed",
                {
                    "ok": verification.ok,
                    "duration_ms": elapsed_ms,
                    "claims": claim_count,
                    "citations": citation_total,
                    "ms_per_claim": round(elapsed_ms / claim_count, 3) if claim_count else None,
                },
            )
        if not verification.ok:
            await self._fail(run, verification.reason or "verification failed")
            return
        result = _verified_result(briefing, verification)
        outcome = "insufficient_evidence" if briefing.insufficient_evidence else "answered"
        refusal = outputs.get("llm_briefing", {}).get("refusal_reason")
        if briefing.insufficient_evidence:
            result["refusal_reason"] = refusal or (briefing.briefing or "The evidence does not answer the question.")
        await self._finish(
            run,
            "completed",
            outcome=outcome,
            result=result,
            insufficient_evidence=briefing.insufficient_evidence,
            retrieval=outputs.get("hybrid_retrieval"),
        )

    async def _fail(self, run: Run, reason: str) -> None:
        await self._finish(run, "failed", outcome="failed", failure_reason=reason[:500], retrieval=None)

    async def _finish(self, run: Run, status: str, *, retrieval: dict[str, Any] | None, **values: Any) -> None:
        validate_run_transition(run.status, status)
        now = utcnow()
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            if not await repo.move_run(
                run.organization_id, run.id, (run.status,), status=status, completed_at=now, **values
            ):
                raise RunStopped()
            await repo.add_event(
                run.organization_id,
                run.id,
                f"run_{status}",
                {"outcome": values.get("outcome"), "reason": values.get("failure_reason")},
            )
            run.status, run.completed_at = status, now
            for key, value in values.items():
                setattr(run, key, value)
            if retrieval is None:
                retrieval = await self._retrieval_output(repo, run)
            await repo.save_fact(derive_run_fact(run, retrieval))

    async def _retrieval_output(self, repo: RunRepository, run: Run) -> dict[str, Any] | None:
        steps = (await repo.steps(run.organization_id, [run.id]))[run.id]
        return next((s.output for s in steps if s.name == "hybrid_retrieval" and s.output), None)

    # --- state plumbing ----------------------------------------------------------------------------------------

    async def _load(self, organization_id: str, run_id: str) -> _Loaded:
        async with self.sessions(organization_id) as session:
            repo = RunRepository(session)
            run = await repo.get(organization_id, run_id)
            if run is None:
                raise RunStopped()
            steps = (await repo.steps(organization_id, [run_id]))[run_id]
        return _Loaded(run, steps)

    async def _move_run(self, run: Run, target: str, *, event: str, **values: Any) -> None:
        validate_run_transition(run.status, target)
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            if not await repo.move_run(run.organization_id, run.id, (run.status,), status=target, **values):
                raise RunStopped()
            await repo.add_event(run.organization_id, run.id, event, {"status": target})
        run.status = target
        for key, value in values.items():
            setattr(run, key, value)

    async def _move_step(self, run: Run, step: Step, target: str, *, event: str, **values: Any) -> None:
        validate_step_transition(step.status, target)
        async with self.sessions(run.organization_id) as session:
            repo = RunRepository(session)
            await self._ensure_running(repo, run)
            await repo.update_step(run.organization_id, step.id, status=target, **values)
            await repo.add_event(run.organization_id, run.id, event, {"name": step.name}, step.id)
        step.status = target
        for key, value in values.items():
            setattr(step, key, value)

    async def _ensure_running(self, repo: RunRepository, run: Run) -> None:
        # Touch the heartbeat and confirm nobody cancelled the run meanwhile.
        if not await repo.move_run(run.organization_id, run.id, ("running",)):
            raise RunStopped()


def _refusal_result(exc: LLMRefusalError) -> StepResult:
    """A model that declines is an explicit refusal (a completed run), not a provider failure."""
    return StepResult(
        output={
            "briefing": "The model declined to answer from this evidence.",
            "claims": [],
            "insufficient_evidence": True,
            "refusal_reason": f"the model declined: {exc.reason}",
            "model_called": True,
        }
    )


def _verified_result(briefing: Any, verification: Any) -> dict[str, Any]:
    claims = []
    for claim, verified in zip(briefing.claims, verification.claims, strict=True):
        claims.append(
            {
                "statement": claim.statement,
                "citations": [
                    {
                        "chunk_id": v.chunk_id,
                        "quote": v.quote,
                        "span": {
                            "chunk_start": v.chunk_start,
                            "chunk_end": v.chunk_end,
                            "version_start": v.version_start,
                            "version_end": v.version_end,
                        },
                    }
                    for v in verified
                ],
            }
        )
    return {"briefing": briefing.briefing, "claims": claims, "insufficient_evidence": briefing.insufficient_evidence}


__all__ = ["IllegalTransition", "RunEngine", "RunStopped"]
