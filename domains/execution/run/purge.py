"""Purge: replace a deleted document's text in every run of the organization with "[purged]".

Run history outlives documents, so a plain delete keeps the cited text inside runs. A purge removes that text too:
the content and section labels of the document's citations, and the quotes, statements and briefing prose of claims
that cite it. Ids, ranks, titles and counts stay, so analytics still add up.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domains.execution.briefing.output import BriefingOutput
from domains.execution.models import Step
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
        """Replace the document's text in run citations and claims; return how many runs were touched.

        Called in the delete's transaction, after its `document_purged` audit record: the purge lock is held until
        that commits, so a run ending meanwhile either is stored before this scan or sees the record (purge_run)."""
        await self.repo.lock_purges(organization_id, exclusive=True)
        steps = await self.repo.steps_citing_document(organization_id, document_id, evidence_step_names())
        touched = 0
        for evidence_step in steps:
            touched += await self._purge_step(organization_id, evidence_step, {document_id})
        return touched

    async def purge_run(self, organization_id: str, steps: list[Step]) -> bool:
        """Purge from a run that is ending (`steps`: its steps, as its terminal transaction reads them) the text of
        every cited document deleted with purge while it ran (its evidence was stored after the purge looked);
        return whether any was. The caller holds the purge lock shared since its transaction began (runs never wait
        on each other; taken before any row lock, it cannot deadlock with a purge, which takes it exclusive first):
        a run ending meanwhile either commits before the purge's scan or sees its audit record."""
        names = evidence_step_names()
        evidence_steps = [step for step in steps if step.name in names and step.output]
        cited = {
            citation.document_id
            for step in evidence_steps
            for citation in RetrievalOutput.model_validate(step.output).citations
        }
        if not cited:
            return False
        purged = await self.repo.purged_documents(organization_id, cited)
        for step in evidence_steps:
            await self._purge_step(organization_id, step, purged)
        return bool(purged)

    async def _purge_step(self, organization_id: str, evidence_step: Step, document_ids: set[str]) -> bool:
        """Replace the documents' text in one evidence step's citations and in its run's claims and result; return
        whether its citations still held any of that text."""
        evidence = RetrievalOutput.model_validate(evidence_step.output)
        cited = [citation for citation in evidence.citations if citation.document_id in document_ids]
        if not cited:
            return False
        held = any(citation.content != PURGED or citation.section not in (None, PURGED) for citation in cited)
        if held:
            for citation in cited:
                citation.content = PURGED
                # A section label is the document's own words (a heading, an email's sender and subject line)
                if citation.section is not None:
                    citation.section = PURGED
                citation.labelled_spans = []  # offsets into text that is gone
            await self.repo.set_step_output(organization_id, evidence_step.id, evidence.model_dump(mode="json"))
        chunk_ids = {citation.chunk_id for citation in cited}  # claims stored after the evidence was purged too
        run = await self.repo.get(organization_id, evidence_step.run_id)
        if run is None:
            return held
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
        return held
