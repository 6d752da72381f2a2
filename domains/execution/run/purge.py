"""Purge: replace a deleted document's text in every run of the organization with "[purged]".

Run history outlives documents, so a plain delete keeps the cited text inside runs. A purge removes that text too:
the content of the document's citations, and the quotes, statements and briefing prose of claims that cite it. Ids,
ranks, titles and counts stay, so analytics still add up.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.briefing.output import BriefingOutput
from domains.execution.repository import RunRepository
from domains.execution.run.records import BriefingResult, BriefingStepOutput, RetrievalOutput, RunResult
from domains.execution.run.workflows import WORKFLOW_DEFINITIONS, evidence_step_names

PURGED = "[purged]"


def purge_claims(briefing: BriefingOutput | BriefingResult, chunk_ids: set[str]) -> bool:
    """Replace the quotes and statements of claims citing `chunk_ids` (and the briefing prose); True if any did."""
    changed = False
    for claim in briefing.claims:
        hit = False
        for citation in claim.citations:
            if citation.chunk_id in chunk_ids:
                citation.quote = PURGED
                hit = True
        if hit:
            claim.statement = PURGED
            changed = True
    if changed and briefing.briefing:
        briefing.briefing = PURGED
    return changed


class CitationPurger:
    """Removes a document's text from every run of the organization (used when a document is deleted with purge)."""

    def __init__(self, session: AsyncSession) -> None:
        self.repo = RunRepository(session)

    async def purge_document(self, organization_id: str, document_id: str) -> int:
        """Replace the document's text in run citations and claims; return how many runs were touched."""
        steps = await self.repo.steps_citing_document(organization_id, document_id, evidence_step_names())
        for evidence_step in steps:
            evidence = RetrievalOutput.model_validate(evidence_step.output)
            chunk_ids = set()
            for citation in evidence.citations:
                if citation.document_id == document_id:
                    citation.content = PURGED
                    chunk_ids.add(citation.chunk_id)
            await self.repo.set_step_output(organization_id, evidence_step.id, evidence.model_dump(mode="json"))
            run = await self.repo.get(organization_id, evidence_step.run_id)
            if run is None:
                continue
            definition = WORKFLOW_DEFINITIONS[run.workflow_type]
            briefing_names = {s.name for s in definition.steps if s.produces is BriefingStepOutput}
            for step in (await self.repo.steps(organization_id, [run.id]))[run.id]:
                if step.name in briefing_names and step.output:
                    briefing = BriefingStepOutput.model_validate(step.output)
                    if purge_claims(briefing, chunk_ids):
                        await self.repo.set_step_output(organization_id, step.id, briefing.model_dump(mode="json"))
            if run.result:
                result = RunResult.load(run.result)
                if purge_claims(result, chunk_ids):
                    await self.repo.set_run_result(organization_id, run.id, result.model_dump(mode="json"))
        return len(steps)
