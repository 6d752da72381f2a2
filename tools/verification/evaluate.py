"""Measure the grounding stage on generated quote variants (ADR 0021).

    .venv/bin/python -m tools.verification.evaluate [--split test|train|all] [--benign N] [--tampered N]

Every variant goes through the verifier's pure stages (`verify_stages`: contract, membership, validity,
grounding) as a one-claim briefing over a run that retrieved the cited passage. Targets: >= 99% of the benign
variants verified *and* mapped to the quoted words; 0 tampered variants verified. The split is by document
(corpus.py); develop on train, report on test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from collections import Counter, defaultdict
from pathlib import Path

from domains.execution.briefing.output import BriefingOutput
from domains.execution.run.records import StoredCitation
from domains.execution.verification.verifier import verify_stages
from domains.knowledge.repository import StoredChunk
from tools.verification.corpus import Passage, load_passages
from tools.verification.tampering import TAMPERS, tampered_variant
from tools.verification.variants import Variant, alnum_key, benign_variant

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
ORG = "org-eval"
TARGET_BENIGN = 0.99


def _stored(chunk_id: str, text: str, paged: bool) -> StoredChunk:
    digest = hashlib.sha256(text.encode()).hexdigest()
    media = "application/pdf" if paged else "text/plain"
    return StoredChunk(chunk_id, ORG, f"doc-{chunk_id}", f"ver-{chunk_id}", text, digest, 0, None, media)


def _citation(chunk: StoredChunk) -> StoredCitation:
    return StoredCitation(
        chunk_id=chunk.chunk_id,
        document_id=chunk.document_id,
        document_version_id=chunk.document_version_id,
        document_title="t",
        source_type="pdf" if chunk.paged else "text",
        page=None,
        section=None,
        content=chunk.text,
        retrieval_score=1.0,
        retrieval_rank=1,
        retrieval_method="hybrid",
        trust_label="trusted",
        content_hash=chunk.content_hash,
        char_start=0,
    )


def verify(variant: Variant, unretrieved_text: str | None = None) -> tuple[bool, bool, str | None]:
    """Return (verified, mapped to the quoted words, failing stage) for one variant."""
    cited = _stored(variant.passage.chunk_id, variant.source, variant.paged)
    stored = {cited.chunk_id: cited}
    chunk_id = cited.chunk_id
    if variant.cited_chunk is not None:
        other = _stored(variant.cited_chunk, unretrieved_text or "", variant.paged)
        stored[other.chunk_id] = other
        chunk_id = other.chunk_id
    briefing = BriefingOutput.model_validate(
        {
            "briefing": "b",
            "claims": [{"statement": "s", "citations": [{"chunk_id": chunk_id, "quote": variant.quote}]}],
            "insufficient_evidence": False,
        }
    )
    result = verify_stages(briefing, [_citation(cited)], stored, ORG)
    if not result.ok:
        return False, False, result.stage
    span = result.claims[0].citations[0].span
    assert span is not None
    start, end = variant.region
    mapped = alnum_key(variant.source[span.chunk_start : span.chunk_end]) == alnum_key(variant.source[start:end])
    return True, mapped, None


def generate(passages: list[Passage], benign: int, tampered: int, seed: int) -> tuple[list[Variant], list[Variant]]:
    rng = random.Random(seed)
    benign_variants: list[Variant] = []
    while len(benign_variants) < benign:
        found = benign_variant(rng.choice(passages), rng)
        if found is not None:
            benign_variants.append(found)
    kinds = [*sorted(TAMPERS), "not_retrieved"]
    tampered_variants: list[Variant] = []
    attempts = 0
    while len(tampered_variants) < tampered and attempts < tampered * 50:
        attempts += 1
        kind = kinds[attempts % len(kinds)]
        passage = rng.choice(passages)
        other = rng.choice(passages) if kind == "not_retrieved" else None
        if other is not None and other.chunk_id == passage.chunk_id:
            continue
        found = tampered_variant(kind, passage, rng, benign_too=rng.random() < 0.3, unretrieved=other)
        if found is not None:
            tampered_variants.append(found)
    return benign_variants, tampered_variants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="test", choices=["train", "test", "all"])
    parser.add_argument("--benign", type=int, default=3000)
    parser.add_argument("--tampered", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--show-failures", type=int, default=0)
    args = parser.parse_args()

    passages = load_passages(args.data, args.split)
    by_id = {p.chunk_id: p for p in passages}
    benign, tampered = generate(passages, args.benign, args.tampered, args.seed)
    started = time.perf_counter()

    outcome: dict[str, Counter[str]] = defaultdict(Counter)
    failures: list[tuple[Variant, str]] = []
    for variant in benign:
        ok, mapped, stage = verify(variant)
        for key in (variant.passage.corpus, *variant.kind.split("+"), "all"):
            outcome[f"benign:{key}"]["n"] += 1
            outcome[f"benign:{key}"]["verified"] += ok and mapped
        if not (ok and mapped):
            failures.append((variant, stage or "wrong span"))
    stages: Counter[str] = Counter()
    for variant in tampered:
        unretrieved = by_id[variant.cited_chunk].text if variant.cited_chunk else None
        ok, _, stage = verify(variant, unretrieved)
        stages[stage or "verified"] += 1
        for key in (variant.passage.corpus, variant.kind.split("+")[0], "all"):
            outcome[f"tampered:{key}"]["n"] += 1
            outcome[f"tampered:{key}"]["verified"] += ok
        if ok:
            failures.append((variant, "tampered but verified"))
    elapsed = time.perf_counter() - started

    for key in sorted(outcome):
        counts = outcome[key]
        print(
            json.dumps(
                {
                    "split": args.split,
                    "set": key,
                    "n": counts["n"],
                    "verified": counts["verified"],
                    "rate": round(counts["verified"] / counts["n"], 4),
                }
            )
        )
    benign_rate = outcome["benign:all"]["verified"] / max(1, outcome["benign:all"]["n"])
    summary = {
        "split": args.split,
        "passages": len(passages),
        "benign": outcome["benign:all"]["n"],
        "benign_verified_rate": round(benign_rate, 4),
        "tampered": outcome["tampered:all"]["n"],
        "tampered_verified": outcome["tampered:all"]["verified"],
        "tampered_failed_at": dict(stages),
        "ms_per_quote": round(1000 * elapsed / max(1, len(benign) + len(tampered)), 3),
        "targets_met": benign_rate >= TARGET_BENIGN and outcome["tampered:all"]["verified"] == 0,
    }
    print(json.dumps(summary))
    for variant, why in failures[: args.show_failures]:
        start, end = variant.region
        print(
            json.dumps(
                {
                    "why": why,
                    "kind": variant.kind,
                    "quote": variant.quote,
                    "source": variant.source[max(0, start - 20) : end + 20],
                },
                ensure_ascii=False,
            )
        )
    raise SystemExit(0 if summary["targets_met"] else 1)


if __name__ == "__main__":
    main()
