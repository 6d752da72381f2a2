"""Workflow definitions: a fixed, hand-specified list of steps per workflow, their inputs, outputs and ceilings.

There is no agent deciding what runs next: the engine executes `WORKFLOW_DEFINITIONS[workflow_type].steps` in order.
Each step declares the record it produces; whoever needs a run's evidence asks for the step that produces a
`RetrievalOutput`, never for a step by name. Step handlers raise provider errors (which the engine retries).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.briefing import BriefingGeneration, BriefingProvider
from domains.execution.briefing.output import BriefingOutput
from domains.execution.models import Run, Step
from domains.execution.run.interrupted import InterruptedRuns
from domains.execution.run.prompt import PROMPT_VERSION, build_evidence_briefing_prompt, quoted_labelled_span
from domains.execution.run.records import (
    BriefingStepOutput,
    EvidenceBriefingInput,
    RetrievalOutput,
    RunResult,
    StepOutputs,
    StoredCitation,
)
from domains.execution.run.status import RunOutcome
from domains.execution.verification import VerificationResult, verify_briefing
from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.repository import DocumentRepository
from domains.knowledge.search import RetrievalRequest, Retriever, SearchService, UsageRecorder

NO_EVIDENCE_BRIEFING = "No usable evidence was retrieved for this question, so no answer can be given."
DEFAULT_REFUSAL = "The evidence does not answer the question."


class SessionFactory(Protocol):
    """Opens a committed-on-exit session for one organization (RLS-bound in the request path)."""

    def __call__(self, organization_id: str) -> AbstractAsyncContextManager[AsyncSession]: ...


@dataclass
class WorkflowServices:
    """What step handlers may use; built once per process and shared by every run (with the process's list of
    runs a database outage interrupted, which the engine fills and recovery empties)."""

    retriever: Retriever
    embedder: Callable[[], EmbeddingProvider]
    briefing: Callable[[], BriefingProvider]
    usage: UsageRecorder
    interrupted: InterruptedRuns = field(default_factory=InterruptedRuns)


@dataclass
class StepContext:
    run_id: str
    organization_id: str
    input: BaseModel
    outputs: StepOutputs
    sessions: SessionFactory
    services: WorkflowServices


@dataclass
class StepResult:
    """A step's output record, plus provider-call accounting the engine turns into events and cost."""

    output: BaseModel
    generation: BriefingGeneration[Any] | None = None
    semantic_unavailable: str | None = None
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


@dataclass(frozen=True)
class Verdict:
    """What verification decided: the run's result and outcome when every check passed."""

    verification: VerificationResult
    result: RunResult | None = None
    outcome: RunOutcome | None = None


StepHandler = Callable[[StepContext], Awaitable[StepResult]]
Verifier = Callable[[AsyncSession, str, StepOutputs], Awaitable[Verdict]]


@dataclass(frozen=True)
class StepDefinition:
    name: str
    handler: StepHandler
    max_retries: int
    produces: type[BaseModel]

    def load(self, stored: dict[str, Any]) -> BaseModel:
        """Read this step's stored output back into its record."""
        return self.produces.model_validate(stored)


@dataclass(frozen=True)
class WorkflowDefinition:
    steps: tuple[StepDefinition, ...]
    input_schema: type[BaseModel]
    verifier: Verifier
    max_steps: int

    @property
    def evidence_step(self) -> StepDefinition:
        """Return the step that produces the run's evidence (its citations)."""
        return next(step for step in self.steps if step.produces is RetrievalOutput)

    def outputs(self, steps: Sequence[Step]) -> StepOutputs:
        """Return the records of the completed steps of a run of this workflow."""
        by_name = {definition.name: definition for definition in self.steps}
        return StepOutputs(
            [by_name[s.name].load(s.output) for s in steps if s.status == "completed" and s.output is not None]
        )


async def retrieve_evidence(ctx: StepContext) -> StepResult:
    """Retrieve evidence for the query and record it as this run's citations (labelled spans are withheld later)."""
    params = ctx.input
    assert isinstance(params, EvidenceBriefingInput)
    services = ctx.services
    async with ctx.sessions(ctx.organization_id) as session:
        scope = None
        if params.document_ids:
            # A message asked about brings its attachments: the answer is often in the attached file
            scope = tuple(await DocumentRepository(session).with_attachments(ctx.organization_id, params.document_ids))
        request = RetrievalRequest(
            organization_id=ctx.organization_id,
            query_text=params.query,
            method="hybrid",
            top_k=params.top_k,
            document_ids=scope,
        )
        outcome = await SearchService(session, services.retriever, services.embedder, services.usage).search(request)
    citations = [StoredCitation.from_retrieval(r, withheld=False) for r in outcome.results]
    withheld = sum(len(c.labelled_spans) for c in citations)
    return StepResult(
        output=RetrievalOutput(
            citations=citations, semantic_unavailable=outcome.semantic_unavailable, timings_ms=outcome.timings_ms
        ),
        semantic_unavailable=outcome.semantic_unavailable,
        events=[("retrieval_completed", {"count": len(citations), "withheld": withheld, **outcome.timings_ms})],
    )


async def draft_briefing(ctx: StepContext) -> StepResult:
    """Ask the briefing provider for a structured briefing over the evidence the run may show it."""
    params = ctx.input
    assert isinstance(params, EvidenceBriefingInput)
    shown = ctx.outputs.get(RetrievalOutput).shown()
    if not shown:
        empty = BriefingStepOutput(
            briefing=NO_EVIDENCE_BRIEFING, claims=[], insufficient_evidence=True, prompt_version=PROMPT_VERSION
        )
        return StepResult(output=empty)
    system, user = build_evidence_briefing_prompt(params.query, shown)
    generation = await ctx.services.briefing().generate_structured(system=system, user=user, schema=BriefingOutput)
    return StepResult(
        output=BriefingStepOutput(
            **generation.output.model_dump(),
            prompt_version=PROMPT_VERSION,
            model_called=True,
            provider=generation.provider,
            model=generation.model,
        ),
        generation=generation,
    )


def being_read(count: int) -> str:
    """Return the sentence a refusal adds while documents are still being read."""
    documents, ready = ("1 document is", "it is") if count == 1 else (f"{count} documents are", "they are")
    return (
        f"{documents} still being read (OCR or indexing) and could not be searched yet; ask again once {ready} ready."
    )


async def verify_evidence_briefing(session: AsyncSession, organization_id: str, outputs: StepOutputs) -> Verdict:
    """Verify the briefing against this run's evidence; on success, return the run's result (answer or refusal)."""
    briefing = outputs.get(BriefingStepOutput)
    citations = outputs.get(RetrievalOutput).citations
    verification = await verify_briefing(session, organization_id, citations, briefing)
    if not verification.ok:
        return Verdict(verification)
    labelled = quoted_labelled_span(verification.claims, citations)
    if labelled is not None:
        return Verdict(VerificationResult.failed(labelled, verification.stages_passed))
    refused = briefing.insufficient_evidence
    reason = (briefing.refusal_reason or briefing.briefing or DEFAULT_REFUSAL) if refused else None
    if reason is not None and (reading := await DocumentRepository(session).count_being_read(organization_id)):
        # A refusal never hides that evidence was not there to search yet (a scan still in OCR)
        reason += f" {being_read(reading)}"
    result = RunResult(
        briefing=briefing.briefing,
        claims=verification.claims,
        insufficient_evidence=refused,
        unanswered_parts=[] if refused else briefing.unanswered_parts,
        refusal_reason=reason,
    )
    return Verdict(verification, result, RunOutcome.INSUFFICIENT_EVIDENCE if refused else RunOutcome.ANSWERED)


WORKFLOW_DEFINITIONS: dict[str, WorkflowDefinition] = {
    "evidence_briefing": WorkflowDefinition(
        steps=(
            StepDefinition("hybrid_retrieval", retrieve_evidence, max_retries=1, produces=RetrievalOutput),
            StepDefinition("llm_briefing", draft_briefing, max_retries=2, produces=BriefingStepOutput),
        ),
        input_schema=EvidenceBriefingInput,
        verifier=verify_evidence_briefing,
        max_steps=5,
    )
}


def evidence_step_names() -> frozenset[str]:
    """Return the names of the steps that hold a run's citations, across every workflow."""
    return frozenset(definition.evidence_step.name for definition in WORKFLOW_DEFINITIONS.values())


def evidence_of(run: Run, steps: Sequence[Step]) -> RetrievalOutput | None:
    """Return the run's evidence (the output of its evidence step), or None before retrieval finished."""
    definition = WORKFLOW_DEFINITIONS.get(run.workflow_type)
    if definition is None:
        return None
    return definition.outputs(steps).find(RetrievalOutput)
