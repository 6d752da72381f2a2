"""Evaluate the extractive provider at the provider level on the everyday-documents set (evaluation/everyday).

    .venv/bin/python -m tools.answers.everyday --split dev             # figures as one JSON line
    .venv/bin/python -m tools.answers.everyday --split train --show    # plus every question's answer, for reading
    .venv/bin/python -m tools.answers.everyday --data evaluation/everyday-unseen --distractors evaluation/everyday
        # another set's questions, retrieved from its documents plus the train and dev documents of the everyday set
    .venv/bin/python -m tools.answers.everyday --data <set> --split all --scope document
        # each question retrieved from its own document only, as a run given `document_ids` (the outside checks)

Every document is parsed and chunked by ORION's own ingestion code (prepare_document), and a question retrieves from
every document's chunks (and a distractor set's train and dev documents when given) the way
tools/answers/simulate.py does for SQuAD: BM25 and MiniLM channels over the indexed text (title, section label,
chunk text), weighted RRF with ORION's defaults, top 8. `--labels trusted` (default)
gives every chunk the `trusted` label, so the figures describe the answerer alone; `--labels classified` keeps the
content-safety labels ingestion assigns (untrusted chunks are withheld, as the run workflow does), which is what an
end-to-end run sees. The briefing goes through `generate_structured` and is checked the way the verifier checks it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from domains.evaluation.answers import QuestionOutcome, briefing_quotes, outcome_of, summarize
from domains.evaluation.everyday import EverydayQuestion, choose, load_everyday
from domains.evaluation.squad import SquadQuestion
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import EvidenceItem, evidence_section, render_briefing_prompt
from domains.knowledge.ingestion.pipeline import prepare_document
from packages.config.settings import Settings
from tools.answers.data import CachedEncoder
from tools.answers.simulate import BM25, CHANNEL_CANDIDATES, TOP_K, SimulatedRun, cached_vectors

REPO_ROOT = Path(__file__).resolve().parents[2]
EVERYDAY = REPO_ROOT / "evaluation" / "everyday"
SYSTEM = "Answer the question only from the evidence."


@dataclass(frozen=True)
class Chunk:
    chunk_id: str
    document: str
    text: str
    indexed: str
    label: str
    section: str | None


def corpus_chunks(
    folder: Path = EVERYDAY, settings: Settings | None = None, splits: tuple[str, ...] | None = None, prefix: str = ""
) -> list[Chunk]:
    """Return every chunk of every document (of the given splits), chunked and labelled by ORION's ingestion code;
    chunk ids are `<prefix><document>-c<index>`."""
    settings = settings or Settings()
    documents, _ = load_everyday(folder)
    chunks: list[Chunk] = []
    for document in documents:
        if splits is not None and document.split not in splits:
            continue
        prepared = prepare_document(document.data, document.filename, settings, document.filename)
        for draft, indexed, safety in zip(prepared.chunks, prepared.index_texts, prepared.safety, strict=True):
            chunk_id = f"{prefix}{document.name}-c{draft.index}"
            section = evidence_section(document.filename, draft.section)
            chunks.append(Chunk(chunk_id, document.name, draft.text, indexed, safety.trust_label, section))
    return chunks


def _ranks(scores: Any, among: set[int] | None = None) -> dict[int, int]:
    pool = range(len(scores)) if among is None else sorted(among)
    order = sorted(pool, key=lambda i: (-float(scores[i]), i))[:CHANNEL_CANDIDATES]
    return {i: rank + 1 for rank, i in enumerate(order) if float(scores[i]) > 0 or rank == 0}


def retrieve(
    questions: list[EverydayQuestion],
    chunks: list[Chunk],
    labels: str,
    settings: Settings | None = None,
    scoped: bool = False,
) -> list[tuple[EvidenceItem, ...]]:
    """Return each question's top evidence, as the run workflow would hand it to the provider; `scoped` retrieves
    from the question's own document only, as a run limited by `document_ids` does."""
    settings = settings or Settings()
    bm25 = BM25([c.indexed for c in chunks])
    chunk_vectors = cached_vectors([c.indexed for c in chunks], "everyday-chunks")
    query_vectors = cached_vectors([q.question for q in questions], "everyday-questions")
    k, w_sem, w_lex = settings.rrf_k, settings.rrf_semantic_weight, settings.rrf_lexical_weight
    out = []
    for row, question in enumerate(questions):
        among = {i for i, c in enumerate(chunks) if c.document == question.document} if scoped else None
        lexical = _ranks(bm25.scores(question.question), among)
        semantic = _ranks(chunk_vectors @ query_vectors[row], among)
        fused = {
            i: (w_lex / (k + lexical[i]) if i in lexical else 0.0)
            + (w_sem / (k + semantic[i]) if i in semantic else 0.0)
            for i in set(lexical) | set(semantic)
        }
        withheld = {i for i in fused if labels == "classified" and chunks[i].label == "untrusted"}
        top = [i for i in sorted(fused, key=lambda i: (-fused[i], i)) if i not in withheld][:TOP_K]
        out.append(
            tuple(
                EvidenceItem(
                    chunk_id=chunks[i].chunk_id,
                    trust_label="trusted" if labels == "trusted" else chunks[i].label,
                    text=chunks[i].text,
                    rank=rank,
                    score=round(fused[i], 6),
                    semantic_rank=semantic.get(i),
                    lexical_rank=lexical.get(i),
                    section=chunks[i].section,
                )
                for rank, i in enumerate(top, start=1)
            )
        )
    return out


def questions_with_evidence(
    folder: Path, split: str, labels: str = "trusted", distractors: Path | None = None, scoped: bool = False
) -> tuple[list[EverydayQuestion], list[tuple[EvidenceItem, ...]]]:
    """Return a set's questions of one split with the evidence each retrieves: from the set's documents and, with
    `distractors`, that set's train and dev documents too (never its test split); with `scoped`, from the question's
    own document only."""
    _, questions = load_everyday(folder)
    chosen = choose(questions, split)
    chunks = corpus_chunks(folder)
    if distractors is not None:
        chunks += corpus_chunks(distractors, splits=("train", "dev"), prefix="distractor-")
    return chosen, retrieve(chosen, chunks, labels, scoped=scoped)


def _as_runs(
    questions: list[EverydayQuestion], evidence: list[tuple[EvidenceItem, ...]], article: str
) -> list[SimulatedRun]:
    return [
        SimulatedRun(SquadQuestion(q.qid, f"{article}/{q.document}", q.question, q.answers, ""), items)
        for q, items in zip(questions, evidence, strict=True)
    ]


def everyday_runs(split: str, labels: str = "trusted", scoped: bool = False) -> list[SimulatedRun]:
    """Return the split's questions as simulated runs (SQuAD-shaped, article = "everyday/<document>") for training;
    `scoped` retrieves each from its own document (the question ids then end in "@document")."""
    questions, evidence = questions_with_evidence(EVERYDAY, split, labels, scoped=scoped)
    if scoped:
        questions = [replace(q, qid=f"{q.qid}@document") for q in questions]
    return _as_runs(questions, evidence, "everyday")


def set_runs(folder: Path, distractors: Path = EVERYDAY, labels: str = "trusted") -> list[SimulatedRun]:
    """Return every question of another everyday-format set as simulated runs for training, retrieved as `evaluate`
    retrieves them; the article is "everyday/<set>/<document>", so folds by article keep a document's questions
    together."""
    return _as_runs(*questions_with_evidence(folder, "all", labels, distractors), f"everyday/{folder.name}")


async def evaluate(
    split: str,
    labels: str,
    show: bool,
    encoder_kind: str = "cached",
    folder: Path = EVERYDAY,
    distractors: Path | None = None,
    scoped: bool = False,
) -> dict[str, Any]:
    """Answer every question of the split and return the summary (printing each answer when `show`).

    With `distractors`, the train and dev documents of that set (never its test split) are retrieved from too."""
    chosen, evidence = questions_with_evidence(folder, split, labels, distractors, scoped)
    encoder = CachedEncoder() if encoder_kind == "cached" else None
    provider = ExtractiveBriefingProvider(encoder=encoder)
    outcomes: list[QuestionOutcome] = []
    for question, items in zip(chosen, evidence, strict=True):
        user = render_briefing_prompt(question.question, items)
        result = await provider.generate_structured(system=SYSTEM, user=user, schema=BriefingOutput)
        chunks = {item.chunk_id: item.text for item in items}
        outcome = outcome_of(result.output, chunks, question.answers, result.latency_ms, question.facts)
        outcomes.append(outcome)
        if show:
            right = outcome.contains_gold if question.answerable else not outcome.answered
            print(
                json.dumps(
                    {
                        "id": question.qid,
                        "ok": right,
                        "q": question.question,
                        "gold": question.answers,
                        "answered": outcome.answered,
                        "quotes": briefing_quotes(result.output),
                        "cited": [c.chunk_id for claim in result.output.claims for c in claim.citations],
                        "facts": f"{outcome.facts_found}/{outcome.facts_total}" if question.facts else None,
                        "in_evidence": any(item.chunk_id.startswith(question.document + "-c") for item in items),
                    },
                    ensure_ascii=False,
                )
            )
    if isinstance(encoder, CachedEncoder):
        encoder.save()
    return {"split": split, "labels": labels, "model": provider.model_name, **summarize(outcomes)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=("train", "dev", "test", "all"), default="dev")
    parser.add_argument("--labels", choices=("trusted", "classified"), default="trusted")
    parser.add_argument("--encoder", choices=("cached", "none"), default="cached")
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--data", type=Path, default=EVERYDAY, help="an everyday-format set (default: the set)")
    parser.add_argument("--distractors", type=Path, help="a set whose train and dev documents are retrieved from too")
    parser.add_argument(
        "--scope",
        choices=("library", "document"),
        default="library",
        help="retrieve from every document (default) or from the question's own only, as a run given document_ids",
    )
    args = parser.parse_args(argv)
    scoped = args.scope == "document"
    summary = evaluate(args.split, args.labels, args.show, args.encoder, args.data, args.distractors, scoped)
    print(json.dumps(asyncio.run(summary)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
