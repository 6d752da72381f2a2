"""Content-safety detector speed: classify_many per ~1,000-character chunk, and hostile input (ADR-0020).

Chunks are cut from SciFact abstracts and SQuAD paragraphs beside the project when present, else from a fixed
synthetic text. Prints CPU time (what the detector costs) and wall time (what it took on this, possibly shared,
machine), best of BENCH_REPEATS (default 3) runs. Target: <= 1 ms per chunk.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domains.knowledge.safety import classify_content, classify_many  # noqa: E402

SHARED = ROOT.parent / "shared" / "data"
CHUNKS = 1000
CHUNK_CHARS = 1000
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
TARGET_MS = 1.0


def _prose() -> list[str]:
    texts: list[str] = []
    scifact = SHARED / "beir_scifact" / "corpus.jsonl"
    squad = SHARED / "squad2_dev_half" / "dev-v2.0.json"
    if scifact.is_file():
        with scifact.open(encoding="utf-8") as handle:
            texts += [json.loads(line)["text"] for _, line in zip(range(CHUNKS), handle, strict=False)]
    if squad.is_file():
        articles = json.loads(squad.read_text(encoding="utf-8"))["data"]
        texts += [p["context"] for a in articles for p in a["paragraphs"]]
    if not texts:
        texts = ["The committee met on Tuesday and approved the budget for the coming year. " * 20]
    return texts


def _chunks() -> list[str]:
    prose = _prose()
    return [((prose[i % len(prose)] + "\n") * 4)[:CHUNK_CHARS] for i in range(CHUNKS)]


def _best(texts: list[str]) -> tuple[float, float]:
    best_cpu = best_wall = float("inf")
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        classify_many(texts)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_cpu, best_wall


def main() -> int:
    chunks = _chunks()
    classify_many(chunks[:10])
    cpu, wall = _best(chunks)
    per_chunk = cpu * 1000 / len(chunks)
    verdict = "met" if per_chunk <= TARGET_MS else "MISSED"
    print(
        f"classify_many, {len(chunks)} chunks of ~{CHUNK_CHARS} chars: {per_chunk:.3f} ms CPU per chunk "
        f"({wall * 1000 / len(chunks):.3f} ms wall), target <= {TARGET_MS} ms: {verdict}"
    )
    hostile = {
        "10 MB of zero-width spaces": "\u200b" * 10_000_000,
        "1 MB of bidi controls around words": "\u202eword\u202c \u2066x\u2069 " * 80_000,
        "lone surrogates in PDF text": "text \ud835 more \udc00 text. " * 40,
        "1 MB of one letter": "a" * 1_000_000,
        "1 MB of base64-looking text": "QUJD" * 250_000,
    }
    for name, text in hostile.items():
        started = time.process_time()
        result = classify_content(text)
        spent = time.process_time() - started
        per_1000 = spent * 1000 / max(1, len(text) / CHUNK_CHARS)
        print(f"{name}: {result.trust_label}, {spent:.2f} s CPU ({per_1000:.3f} ms per 1,000 chars)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
