"""`orion eval answers`: SQuAD 2.0 questions through ORION's real investigation path, end to end.

The paragraphs are ingested as documents (once) into a scratch organization; every question of the chosen split
becomes a real run (retrieval, the configured briefing provider, the verifier, per-step commits). The held-out
split is the articles the extractive provider was not tuned on (tools/answers/simulate.py: TRAIN_ARTICLES).
"""

from __future__ import annotations

import hashlib
import random
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from sqlalchemy import text

from apps.cli.context import CommandContext, scratch_organization
from domains.execution.llm import get_llm_provider
from domains.execution.schemas import RunCreate
from domains.execution.service import ExecutionService
from domains.execution.workflows import WorkflowServices
from domains.knowledge.bulk import BulkIngestor
from domains.knowledge.retrieval import Retriever
from domains.knowledge.service import Upload
from domains.knowledge.usage import UsageRecorder
from tools.answers.metrics import RunOutcome, quotes_contain_gold, summarize
from tools.answers.simulate import Paragraph, SquadQuestion, load_squad, split_of


async def ensure_paragraphs(context: CommandContext, paragraphs: list[Paragraph], console: Console) -> str:
    """Ingest the paragraphs (once) into a scratch organization; return its id."""
    digest = hashlib.sha256("".join(p.chunk_id for p in paragraphs).encode())
    digest.update(context.provider.model_key.encode())
    organization_id = await scratch_organization(context.db, f"eval-squad-{digest.hexdigest()[:16]}")
    async with context.db.owner_session() as session:
        present = (
            await session.execute(
                text("SELECT count(*) FROM documents WHERE organization_id = :o"), {"o": organization_id}
            )
        ).scalar_one()
    if present < len(paragraphs):
        console.print(f"ingesting {len(paragraphs)} paragraphs (runs once)...")
        uploads = [
            Upload(data=p.text.encode(), filename=f"{p.chunk_id}.txt", title=p.article, source=p.chunk_id)
            for p in paragraphs
        ]
        await BulkIngestor(
            lambda org: context.db.owner_session(), context.settings, context.provider, organization_id
        ).ingest(uploads)
    return organization_id


def choose_questions(questions: list[SquadQuestion], split: str, limit: int | None) -> list[SquadQuestion]:
    chosen = [q for q in questions if split == "all" or split_of(q.article) == split]
    if limit is not None and limit < len(chosen):
        chosen = sorted(random.Random(2026).sample(chosen, limit), key=lambda q: q.qid)
    return chosen


async def evaluate_answers(
    context: CommandContext, folder: Path, split: str, limit: int | None, console: Console
) -> dict[str, Any]:
    """Run every chosen question as an investigation and return the summary metrics."""
    paragraphs, questions = load_squad(folder / "dev-v2.0.json")
    organization_id = await ensure_paragraphs(context, paragraphs, console)
    chosen = choose_questions(questions, split, limit)
    llm = get_llm_provider(context.settings)
    services = WorkflowServices(
        retriever=Retriever(context.settings), embedder=lambda: context.provider, llm=lambda: llm, usage=UsageRecorder()
    )
    outcomes: list[RunOutcome] = []
    failures: dict[str, int] = {}
    with Progress(
        TextColumn("[bold]asking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
    ) as progress:
        task = progress.add_task("ask", total=len(chosen))
        for question in chosen:
            body = RunCreate(workflow_type="evidence_briefing", input={"query": question.question})
            started = time.perf_counter()
            async with context.db.tenant_session(organization_id) as session:
                service = ExecutionService(session, context.settings, context.db.tenant_session, services)
                run, _ = await service.create_run(organization_id, None, body)
                result = await service.result(organization_id, run.id)
            latency = (time.perf_counter() - started) * 1000
            quotes = [c.quote for claim in result.result.claims for c in claim.citations]
            failed_verification = run.outcome == "failed" and (run.failure_reason or "").startswith("verification")
            if run.outcome == "failed":
                key = (run.failure_reason or "")[:60]
                failures[key] = failures.get(key, 0) + 1
            outcomes.append(
                RunOutcome(
                    answerable=question.answerable,
                    answered=run.outcome == "answered",
                    contains_gold=run.outcome == "answered" and quotes_contain_gold(quotes, question.answers),
                    verified=not failed_verification,
                    latency_ms=latency,
                )
            )
            progress.advance(task)
    summary: dict[str, Any] = {"split": split, "provider": llm.provider_name, "model": llm.model_name}
    summary.update(summarize(outcomes))
    summary["failed_runs"] = sum(failures.values())
    summary["failed_run_reasons"] = failures
    return summary
