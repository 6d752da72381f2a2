"""Workflow definitions: a fixed, hand-specified list of steps per workflow, their inputs, verifiers and ceilings.

There is no agent deciding what runs next: the engine executes `WORKFLOW_DEFINITIONS[workflow_type].steps` in order.
Step handlers raise provider errors (which the engine retries); the verifier returns values (never retried).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.llm import LLMGenerationResult, LLMProvider
from domains.execution.prompts import PROMPT_VERSION, build_evidence_briefing_prompt
from domains.execution.schemas import BriefingOutput, EvidenceBriefingInput
from domains.execution.verification import VerificationResult, verify_evidence_briefing
from domains.knowledge.citations import build_citation
from domains.knowledge.embeddings import EmbeddingProvider
from domains.knowledge.retrieval import RetrievalRequest, Retriever
from domains.knowledge.search import run_search
from domains.knowledge.usage import UsageRecorder

NO_EVIDENCE_BRIEFING = "No usable evidence was retrieved for this question, so no answer can be given."


class SessionFactory(Protocol):
    """Opens a committed-on-exit session for one organization (RLS-bound in the request path)."""

    def __call__(self, organization_id: str) -> AbstractAsyncContextManager[AsyncSession]: ...


@dataclass
class WorkflowServices:
    """What step handlers may use; built once per process and shared by every run."""

    retriever: Retriever
    embedder: Callable[[], EmbeddingProvider]
    llm: Callable[[], LLMProvider]
    usage: UsageRecorder


@dataclass
class StepContext:
    run_id: str
    organization_id: str
    input: BaseModel
    outputs: dict[str, dict[str, Any]]
    sessions: SessionFactory
    services: WorkflowServices


@dataclass
class StepResult:
    """A step's persisted output, plus provider-call accounting the engine turns into events and cost."""

    output: dict[str, Any]
    generation: LLMGenerationResult[Any] | None = None
    semantic_unavailable: str | None = None
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


StepHandler = Callable[[StepContext], Awaitable[StepResult]]
Verifier = Callable[
    [AsyncSession, str, dict[str, dict[str, Any]]], Awaitable[tuple[VerificationResult, BriefingOutput]]
]


@dataclass(frozen=True)
class StepDefinition:
    name: str
    handler: StepHandler
    max_retries: int


@dataclass(frozen=True)
class WorkflowDefinition:
    steps: tuple[StepDefinition, ...]
    input_schema: type[BaseModel]
    verifier: Verifier
    max_steps: int


async def _hybrid_retrieval_step(ctx: StepContext) -> StepResult:
    """Retrieve evidence for the query and persist it as this run's citations (untrusted chunks are withheld)."""
    params = ctx.input
    assert isinstance(params, EvidenceBriefingInput)
    request = RetrievalRequest(
        organization_id=ctx.organization_id,
        query_text=params.query,
        method="hybrid",
        top_k=params.top_k,
        document_ids=tuple(params.document_ids) if params.document_ids else None,
    )
    async with ctx.sessions(ctx.organization_id) as session:
        outcome = await run_search(session, ctx.services.retriever, ctx.services.embedder, request)
    citations = [build_citation(r, withheld=r.trust_label == "untrusted") for r in outcome.results]
    ctx.services.usage.record(ctx.organization_id, [r.document_id for r in outcome.results])
    withheld = sum(1 for c in citations if c["withheld"])
    return StepResult(
        output={
            "citations": citations,
            "count": len(citations),
            "withheld": withheld,
            "semantic_unavailable": outcome.semantic_unavailable,
            "timings_ms": outcome.timings_ms,
        },
        semantic_unavailable=outcome.semantic_unavailable,
        events=[("retrieval_completed", {"count": len(citations), "withheld": withheld, **outcome.timings_ms})],
    )


async def _llm_briefing_step(ctx: StepContext) -> StepResult:
    """Ask the model for a structured briefing over the evidence the run may show it."""
    params = ctx.input
    assert isinstance(params, EvidenceBriefingInput)
    shown = [c for c in ctx.outputs["hybrid_retrieval"]["citations"] if not c.get("withheld")]
    if not shown:
        output = BriefingOutput(briefing=NO_EVIDENCE_BRIEFING, claims=[], insufficient_evidence=True)
        return StepResult(output={**output.model_dump(), "prompt_version": PROMPT_VERSION, "model_called": False})
    system, user = build_evidence_briefing_prompt(params.query, shown)
    provider = ctx.services.llm()
    generation = await provider.generate_structured(system=system, user=user, schema=BriefingOutput)
    briefing = generation.output
    return StepResult(
        output={
            **briefing.model_dump(),
            "prompt_version": PROMPT_VERSION,
            "model_called": True,
            "provider": generation.provider,
            "model": generation.model,
        },
        generation=generation,
    )


async def _verify_briefing_outputs(
    session: AsyncSession, organization_id: str, outputs: dict[str, dict[str, Any]]
) -> tuple[VerificationResult, BriefingOutput]:
    citations: Sequence[dict[str, Any]] = outputs["hybrid_retrieval"]["citations"]
    raw = outputs["llm_briefing"]
    briefing = BriefingOutput(
        briefing=raw.get("briefing", ""),
        claims=raw.get("claims", []),
        insufficient_evidence=bool(raw.get("insufficient_evidence")),
    )
    return await verify_evidence_briefing(session, organization_id, citations, briefing), briefing


WORKFLOW_DEFINITIONS: dict[str, WorkflowDefinition] = {
    "evidence_briefing": WorkflowDefinition(
        steps=(
            StepDefinition("hybrid_retrieval", _hybrid_retrieval_step, max_retries=1),
            StepDefinition("llm_briefing", _llm_briefing_step, max_retries=2),
        ),
        input_schema=EvidenceBriefingInput,
        verifier=_verify_briefing_outputs,
        max_steps=5,
    )
}
WORKFLOW_INPUT_SCHEMAS = {name: definition.input_schema for name, definition in WORKFLOW_DEFINITIONS.items()}
WORKFLOW_VERIFIERS = {name: definition.verifier for name, definition in WORKFLOW_DEFINITIONS.items()}
