"""Investigation use cases: create and execute a run, read it back, cancel it."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from datetime import timedelta
from typing import Any

from pydantic import ValidationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.errors import (
    IdempotencyMismatch,
    RunBudgetExceeded,
    RunInProgress,
    RunNotAnswered,
    RunNotCancellable,
    RunNotFound,
    RunQuotaExceeded,
    UnknownWorkflow,
)
from domains.execution.evidence import (
    EvidenceDrift,
    refresh_outdated_evidence,
    refresh_run_evidence,
    with_evidence_status,
)
from domains.execution.models import Run, Step
from domains.execution.repository import RunRepository
from domains.execution.run.engine import RunEngine
from domains.execution.run.lifecycle import RunLifecycle, RunMoved
from domains.execution.run.records import RetrievalOutput, RunResult
from domains.execution.run.status import TERMINAL_RUN_STATUSES, RunOutcome, RunStatus, StepStatus, run_sources
from domains.execution.run.workflows import WORKFLOW_DEFINITIONS, SessionFactory, WorkflowServices, evidence_of
from domains.execution.schemas import (
    DocumentRef,
    EventPublic,
    RefusalPublic,
    RunCreate,
    RunPublic,
    RunResultPublic,
    RunSummaryPublic,
    StepPublic,
)
from domains.execution.verification.receipt import VerificationReceipt, build_receipt
from domains.knowledge.errors import DocumentNotFound
from domains.knowledge.repository import DocumentRepository
from packages.config.settings import Settings
from packages.core.clock import new_id, utcnow
from packages.core.errors import InvalidInput
from packages.core.validation import describe_invalid, invalid_fields
from packages.database.engine import release_connection

logger = logging.getLogger(__name__)

DAY = timedelta(hours=24)
KILL_SWITCH_RETRY_SECONDS = 24 * 3600
REPLAY_POLL_SECONDS = 0.2


def request_hash(workflow_type: str, params: dict[str, Any]) -> str:
    """Return the SHA-256 of a run request as validated (defaults filled in, keys sorted)."""
    canonical = json.dumps({"workflow_type": workflow_type, "input": params}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ExecutionService:
    def __init__(
        self, session: AsyncSession, settings: Settings, sessions: SessionFactory, services: WorkflowServices
    ) -> None:
        self.session = session
        self.settings = settings
        self.sessions = sessions
        self.services = services
        self.repo = RunRepository(session)

    # --- create and execute ------------------------------------------------------------------------------------

    async def create_run(self, organization_id: str, user_id: str | None, body: RunCreate) -> tuple[RunPublic, bool]:
        """Create and execute a run to a terminal state; an idempotent replay returns the original (created=False)."""
        definition = WORKFLOW_DEFINITIONS.get(body.workflow_type)
        if definition is None:
            raise UnknownWorkflow(body.workflow_type, sorted(WORKFLOW_DEFINITIONS))
        try:
            params = definition.input_schema.model_validate(body.input)
        except ValidationError as exc:
            # The same entries and message as a body error, at the same path: "Invalid input.query: ..."
            errors = invalid_fields({**e, "loc": ("body", "input", *e["loc"])} for e in exc.errors())
            raise InvalidInput(describe_invalid(errors[0]), details={"errors": errors}) from None
        fingerprint = request_hash(body.workflow_type, params.model_dump(mode="json"))
        if body.idempotency_key:
            existing = await self.repo.by_idempotency_key(organization_id, body.idempotency_key)
            if existing is not None:
                return await self._replay(organization_id, existing.id, existing.request_hash, fingerprint), False
        document_ids = getattr(params, "document_ids", None)
        if document_ids:
            found = await DocumentRepository(self.session).existing_ids(organization_id, document_ids)
            if len(found) != len(document_ids):
                raise DocumentNotFound("A document in document_ids does not exist.")
        await release_connection(self.session)

        inserted = await self._insert_run(organization_id, user_id, body, params.model_dump(mode="json"), fingerprint)
        if isinstance(inserted, Run):  # the idempotency key's run, started meanwhile by another request
            return await self._replay(organization_id, inserted.id, inserted.request_hash, fingerprint), False
        run_id = inserted[0].id
        ended = await RunEngine(self.sessions, self.services).execute(organization_id, run_id, created=inserted)
        if ended is not None:  # the run's record as its last move committed it: nothing to read back
            return _run_public(*ended), True
        return await self.get_run(organization_id, run_id), True

    async def _replay(self, organization_id: str, run_id: str, stored_hash: str | None, fingerprint: str) -> RunPublic:
        """Return the run an idempotency key already started, once it is terminal (waiting a bounded time).

        Another body under the same key is 422 idempotency_mismatch; a run still executing after the wait is
        409 in_progress (ADR-0017). Runs stored before request hashes existed are not compared.
        """
        if stored_hash is not None and stored_hash != fingerprint:
            raise IdempotencyMismatch()
        await release_connection(self.session)
        deadline = time.monotonic() + self.settings.idempotent_replay_wait_seconds
        while True:
            async with self.sessions(organization_id) as session:
                run = await RunRepository(session).get(organization_id, run_id)
                status = run.status if run is not None else None
            if status is None:
                raise RunNotFound()
            if RunStatus(status) in TERMINAL_RUN_STATUSES:
                return await self.get_run(organization_id, run_id)
            if time.monotonic() >= deadline:
                raise RunInProgress(run_id, status)
            await asyncio.sleep(REPLAY_POLL_SECONDS)

    async def _insert_run(
        self, organization_id: str, user_id: str | None, body: RunCreate, params: dict[str, Any], fingerprint: str
    ) -> tuple[Run, list[Step]] | Run:
        """Insert the run and its pending steps in one committed transaction and return them as committed (every
        column set); or return the run its idempotency key already started, inserting nothing."""
        definition = WORKFLOW_DEFINITIONS[body.workflow_type]
        now = utcnow()
        run = Run(
            id=new_id(),
            organization_id=organization_id,
            created_by=user_id,
            workflow_type=body.workflow_type,
            idempotency_key=body.idempotency_key,
            request_hash=fingerprint,
            status=RunStatus.PENDING.value,
            input=params,
            max_steps=definition.max_steps,
            steps_executed=0,
            created_at=now,
            heartbeat_at=now,
        )
        steps = [
            Step(
                id=new_id(),
                organization_id=organization_id,
                run_id=run.id,
                step_index=index,
                name=step.name,
                status=StepStatus.PENDING.value,
                input=None,
                max_retries=step.max_retries,
                retry_count=0,
                created_at=now,
            )
            for index, step in enumerate(definition.steps)
        ]
        try:
            async with self.sessions(organization_id) as session:
                repo = RunRepository(session)
                await repo.lock_organization(organization_id)
                if body.idempotency_key:
                    existing = await repo.by_idempotency_key(organization_id, body.idempotency_key)
                    if existing is not None:
                        return existing
                await self._enforce_run_quota(repo, organization_id)
                await repo.add_run(run, steps)
                repo.add_event(organization_id, run.id, "run_created", {"workflow_type": body.workflow_type})
        except IntegrityError:
            if not body.idempotency_key:
                raise
            async with self.sessions(organization_id) as session:
                existing = await RunRepository(session).by_idempotency_key(organization_id, body.idempotency_key)
            if existing is None:
                raise
            return existing
        return run, steps

    async def _enforce_run_quota(self, repo: RunRepository, organization_id: str) -> None:
        """Refuse a new run over the rolling-24-hour cap or the daily budget (checked after idempotency)."""
        cap, budget = self.settings.max_runs_per_day_per_tenant, self.settings.daily_budget_usd
        if cap is None and budget is None:
            return
        now = utcnow()
        count, oldest, spent = await repo.created_since(organization_id, now - DAY)
        if cap is not None and count >= cap:
            wait = ((oldest or now) + DAY - now).total_seconds()
            raise RunQuotaExceeded(
                f"The organization started {count} investigations in the last 24 hours (limit {cap}).",
                retry_after=int(wait) + 1,
                details={"limit": cap, "used": count},
            )
        if budget is not None and spent >= budget:
            costing = await repo.oldest_costing_since(organization_id, now - DAY)
            wait = ((costing + DAY - now).total_seconds() + 1) if costing else KILL_SWITCH_RETRY_SECONDS
            raise RunBudgetExceeded(
                f"The organization spent ${spent:.4f} of its ${budget:.4f} daily model budget.",
                retry_after=int(wait),
                details={"budget_usd": budget, "spent_usd": round(spent, 6)},
            )

    # --- reads ---------------------------------------------------------------------------------------------------

    async def _run(self, organization_id: str, run_id: str) -> Run:
        run = await self.repo.get(organization_id, run_id)
        if run is None:
            raise RunNotFound()
        return run

    async def _run_with_steps(self, organization_id: str, run_id: str) -> tuple[Run, list[Step]]:
        run = await self._run(organization_id, run_id)
        return run, (await self.repo.steps(organization_id, [run.id]))[run.id]

    async def _refresh_evidence(
        self, organization_id: str, run: Run, steps: list[Step], evidence: RetrievalOutput | None = None
    ) -> None:
        """Bring an answered run's drift check up to date before it is shown (evidence.refresh_run_evidence)."""
        if run.outcome != RunOutcome.ANSWERED:
            return
        if evidence is None:
            evidence = evidence_of(run, steps) or RetrievalOutput(citations=[])
        drift = await refresh_run_evidence(self.session, organization_id, run.id, RunResult.load(run.result), evidence)
        if drift is not None:
            run.evidence_status, run.evidence_drift = drift.run_status, drift.model_dump(mode="json")

    async def get_run(self, organization_id: str, run_id: str) -> RunPublic:
        run, steps = await self._run_with_steps(organization_id, run_id)
        await self._refresh_evidence(organization_id, run, steps)
        return _run_public(run, steps)

    async def list_runs(self, organization_id: str, *, limit: int, offset: int) -> tuple[list[RunPublic], int]:
        runs, total = await self.repo.list_runs(organization_id, limit=limit, offset=offset)
        answered = [r.id for r in runs if r.outcome == RunOutcome.ANSWERED]
        drifts = await refresh_outdated_evidence(self.session, organization_id, answered, limit=len(answered))
        for run in runs:
            if run.id in drifts:
                run.evidence_status = drifts[run.id].run_status
        steps = await self.repo.steps(organization_id, [r.id for r in runs]) if runs else {}
        return [_run_public(r, steps.get(r.id, [])) for r in runs], total

    async def events(
        self, organization_id: str, run_id: str, *, limit: int, offset: int
    ) -> tuple[list[EventPublic], int]:
        await self._run(organization_id, run_id)
        events, total = await self.repo.events(organization_id, run_id, limit=limit, offset=offset)
        return [EventPublic.model_validate(e) for e in events], total

    async def result(self, organization_id: str, run_id: str) -> RunResultPublic:
        run, steps = await self._run_with_steps(organization_id, run_id)
        evidence = evidence_of(run, steps) or RetrievalOutput(citations=[])
        await self._refresh_evidence(organization_id, run, steps, evidence)
        result = with_evidence_status(RunResult.load(run.result), EvidenceDrift.load(run.evidence_drift))
        refused = run.outcome == RunOutcome.INSUFFICIENT_EVIDENCE
        return RunResultPublic(
            run_id=run.id,
            status=RunStatus(run.status),
            outcome=RunOutcome(run.outcome) if run.outcome else None,
            result=result.public(),
            citations=[c.public() for c in evidence.citations],
            completed_at=run.completed_at,
            refusal=RefusalPublic(reason=result.refusal_reason or "") if refused else None,
            withheld=[span for c in evidence.citations for span in c.withheld_spans()],
        )

    async def summary(self, organization_id: str, run_id: str) -> RunSummaryPublic:
        run, steps = await self._run_with_steps(organization_id, run_id)
        evidence = evidence_of(run, steps) or RetrievalOutput(citations=[])
        by_chunk = evidence.by_chunk()
        claims = RunResult.load(run.result).claims
        cited_docs: dict[str, str] = {}
        for claim in claims:
            for cited in claim.citations:
                source = by_chunk.get(cited.chunk_id)
                if source is not None:
                    cited_docs.setdefault(source.document_id, source.document_title)
        duration = (
            (run.completed_at - run.started_at).total_seconds() * 1000 if run.completed_at and run.started_at else None
        )
        return RunSummaryPublic(
            run_id=run.id,
            status=RunStatus(run.status),
            outcome=RunOutcome(run.outcome) if run.outcome else None,
            query=str(run.input.get("query", "")),
            claim_count=len(claims),
            citation_count=sum(len(c.citations) for c in claims),
            documents_cited=[DocumentRef(document_id=k, document_title=v) for k, v in cited_docs.items()],
            retrieved_count=len(evidence.citations),
            duration_ms=round(duration, 2) if duration is not None else None,
            provider=run.provider,
            model=run.model,
            retries=sum(s.retry_count for s in steps),
            semantic_unavailable=run.semantic_unavailable,
            failure_reason=run.failure_reason,
        )

    async def receipt(self, organization_id: str, run_id: str) -> VerificationReceipt:
        """Return the verification receipt of an answered run (a run that did not answer has none)."""
        return await run_receipt(self.session, organization_id, run_id)

    # --- cancel ----------------------------------------------------------------------------------------------------

    async def cancel_run(self, organization_id: str, run_id: str) -> RunPublic:
        """Cancel a run that has not begun verification; a verifying or finished run is a conflict."""
        run = await self._run(organization_id, run_id)
        if run.status not in run_sources(RunStatus.CANCELLED):
            raise RunNotCancellable(f"The run is {run.status} and can no longer be cancelled.")
        self.session.expunge(run)  # keep its loaded state: releasing the connection expires what the session holds
        await release_connection(self.session)
        try:
            await RunLifecycle(self.sessions).cancel(run)
        except RunMoved:
            raise RunNotCancellable("The run finished before it could be cancelled.") from None
        return await self.get_run(organization_id, run_id)


def _run_public(run: Run, steps: list[Step]) -> RunPublic:
    fields = {name: getattr(run, name) for name in RunPublic.model_fields if name != "steps"}
    return RunPublic.model_validate({**fields, "steps": [StepPublic.model_validate(step) for step in steps]})


async def run_receipt(session: AsyncSession, organization_id: str, run_id: str) -> VerificationReceipt:
    """Return the receipt of an answered run of the organization, built from the stored run (RunNotFound,
    RunNotAnswered): the record a receipt file is compared with (`orion verify`)."""
    repo = RunRepository(session)
    run = await repo.get(organization_id, run_id)
    if run is None:
        raise RunNotFound()
    if run.outcome != RunOutcome.ANSWERED:
        raise RunNotAnswered()
    steps = (await repo.steps(organization_id, [run.id]))[run.id]
    evidence = evidence_of(run, steps) or RetrievalOutput(citations=[])
    cited_versions = sorted({c.document_version_id for c in evidence.citations})
    hashes = await DocumentRepository(session).version_hashes(organization_id, cited_versions)
    return build_receipt(
        run_id=run.id,
        organization_id=organization_id,
        workflow_type=run.workflow_type,
        query=str(run.input.get("query", "")),
        completed_at=run.completed_at,
        issued_at=utcnow(),
        result=RunResult.load(run.result),
        evidence=evidence,
        version_hashes=hashes,
    )
