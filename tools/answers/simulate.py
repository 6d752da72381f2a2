"""Simulate ORION's evidence for SQuAD 2.0 questions: hybrid retrieval over every paragraph of the corpus.

    .venv/bin/python -m tools.answers.simulate            # builds (or reuses) the cache and prints a summary

Each of the 646 paragraphs of ../shared/data/squad2_dev_half is one chunk (SQuAD paragraphs average 840 characters,
close to ORION's 1,000-character chunks). A question retrieves from the whole corpus, every article included, as
ORION would: a BM25 channel (k1 1.2, b 0.75, English stop words, light stemming) and a cosine channel with the local
all-MiniLM-L6-v2 model, each keeping its top 50, fused by weighted RRF with ORION's default settings (semantic 1.0,
lexical 2.0, k 5), top 8 kept (the default `top_k` of an investigation). Vectors are cached under /tmp, keyed by
the model and a digest of the texts, never in the repository.

The split is by article: the train articles below are the only ones any weight or threshold is fitted on; the
other eight are for reporting.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from domains.evaluation.squad import Split, SquadQuestion, load_squad, split_of
from domains.execution.briefing.extractive.terms import STOP_WORDS, tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from packages.config.settings import Settings

REPO_ROOT = Path(__file__).resolve().parents[2]
SQUAD_PATH = REPO_ROOT.parent / "shared" / "data" / "squad2_dev_half" / "dev-v2.0.json"
CACHE_DIR = Path("/tmp/orion_answers_cache")
TOP_K = 8
CHANNEL_CANDIDATES = 50
BM25_K1 = 1.2
BM25_B = 0.75


@dataclass(frozen=True)
class SimulatedRun:
    """One question with the evidence ORION would retrieve for it."""

    question: SquadQuestion
    evidence: tuple[EvidenceItem, ...]


# The lexical channel's words: the answerer's tokens, except that "Wi-Fi" stays two words, as Postgres's text search
# (ORION's BM25 channel) reads it; the answerer reading it as one word (v73) does not move the simulated retrieval.
_WI_FI = re.compile(r"\b([Ww][Ii])-([Ff][Ii])\b")


def _bm25_terms(text: str) -> list[str]:
    return [
        t.stem for t in tokenize(_WI_FI.sub(r"\1 \2", text)) if t.stem not in STOP_WORDS and t.lower not in STOP_WORDS
    ]


class BM25:
    """Okapi BM25 over a fixed list of documents, numpy-scored."""

    def __init__(self, documents: list[str]) -> None:
        self.vocabulary: dict[str, int] = {}
        rows = [Counter(_bm25_terms(doc)) for doc in documents]
        for row in rows:
            for term in row:
                self.vocabulary.setdefault(term, len(self.vocabulary))
        self.tf = np.zeros((len(documents), len(self.vocabulary)), dtype=np.float32)
        for i, row in enumerate(rows):
            for term, count in row.items():
                self.tf[i, self.vocabulary[term]] = count
        lengths = self.tf.sum(axis=1)
        self.norm = BM25_K1 * (1 - BM25_B + BM25_B * lengths / lengths.mean())
        df = (self.tf > 0).sum(axis=0)
        n = len(documents)
        self.idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)

    def scores(self, query: str) -> npt.NDArray[np.float32]:
        ids = [self.vocabulary[t] for t in set(_bm25_terms(query)) if t in self.vocabulary]
        if not ids:
            return np.zeros(self.tf.shape[0], dtype=np.float32)
        tf = self.tf[:, ids]
        return ((tf * (BM25_K1 + 1)) / (tf + self.norm[:, None]) * self.idf[ids]).sum(axis=1)


def _digest(texts: list[str]) -> str:
    return hashlib.sha256("\x1e".join(texts).encode("utf-8")).hexdigest()[:16]


def cached_vectors(texts: list[str], label: str) -> npt.NDArray[np.float32]:
    """Embed texts with the local model, reusing /tmp/orion_answers_cache when the same texts were embedded before."""
    from domains.knowledge.embeddings import get_configured_embedding_provider

    provider = get_configured_embedding_provider(Settings(embedding_provider="local"))
    key = hashlib.sha256(provider.model_key.encode()).hexdigest()[:8]
    path = CACHE_DIR / f"{label}-{key}-{_digest(texts)}.npy"
    if path.is_file():
        return np.load(path)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    print(f"embedding {len(texts)} {label} texts (cached afterwards in {path})", file=sys.stderr)
    vectors = provider.embed_texts(texts)
    np.save(path, vectors)
    return vectors


def _channel_ranks(scores: npt.NDArray[np.float32]) -> dict[int, tuple[int, float]]:
    # Ties break by corpus order, like ORDER BY score DESC, id.
    order = np.lexsort((np.arange(len(scores)), -scores))[:CHANNEL_CANDIDATES]
    return {int(i): (rank + 1, float(scores[i])) for rank, i in enumerate(order) if scores[i] > 0 or rank == 0}


def simulate(split: Split, settings: Settings | None = None, top_k: int = TOP_K) -> list[SimulatedRun]:
    """Return the simulated runs of one split (questions in file order), retrieval over the whole corpus."""
    settings = settings or Settings()
    paragraphs, questions = load_squad(SQUAD_PATH)
    chosen = [q for q in questions if split == "all" or split_of(q.article) == split]
    bm25 = BM25([p.text for p in paragraphs])
    chunk_vectors = cached_vectors([p.text for p in paragraphs], "paragraphs")
    query_vectors = cached_vectors([q.question for q in questions], "questions")
    row_of = {q.qid: i for i, q in enumerate(questions)}
    k, w_sem, w_lex = settings.rrf_k, settings.rrf_semantic_weight, settings.rrf_lexical_weight
    runs = []
    for question in chosen:
        lexical = _channel_ranks(bm25.scores(question.question))
        semantic = _channel_ranks(chunk_vectors @ query_vectors[row_of[question.qid]])
        fused: dict[int, float] = {}
        for index in set(lexical) | set(semantic):
            score = 0.0
            if index in lexical:
                score += w_lex / (k + lexical[index][0])
            if index in semantic:
                score += w_sem / (k + semantic[index][0])
            fused[index] = score
        top = sorted(fused, key=lambda i: (-fused[i], i))[:top_k]
        evidence = tuple(
            EvidenceItem(
                chunk_id=paragraphs[i].chunk_id,
                trust_label="trusted",
                text=paragraphs[i].text,
                rank=rank,
                score=round(fused[i], 6),
                semantic_rank=semantic[i][0] if i in semantic else None,
                semantic_score=round(semantic[i][1], 6) if i in semantic else None,
                lexical_rank=lexical[i][0] if i in lexical else None,
                lexical_score=round(lexical[i][1], 6) if i in lexical else None,
            )
            for rank, i in enumerate(top, start=1)
        )
        runs.append(SimulatedRun(question, evidence))
    return runs


def main(argv: list[str] | None = None) -> int:
    """Build the simulated evidence of a split and print how often it holds the source paragraph."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=("train", "test", "all"), default="all")
    args = parser.parse_args(argv)
    runs = simulate(args.split)
    answerable = [r for r in runs if r.question.answerable]
    hit = [r for r in answerable if any(e.chunk_id == r.question.source_chunk for e in r.evidence)]
    first = [r for r in answerable if r.evidence and r.evidence[0].chunk_id == r.question.source_chunk]
    summary = {
        "split": args.split,
        "questions": len(runs),
        "answerable": len(answerable),
        f"source_paragraph_in_top_{TOP_K}": round(len(hit) / max(1, len(answerable)), 4),
        "source_paragraph_first": round(len(first) / max(1, len(answerable)), 4),
        "mean_evidence_chars": round(float(np.mean([sum(len(e.text) for e in r.evidence) for r in runs])), 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
