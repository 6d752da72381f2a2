"""The local embedding model: load time, documents/s at ~200 and ~64 word-pieces, query latency, RSS (medians).

Chunks are cut from the SciFact abstracts beside the project when present, else from a fixed synthetic text.
Set BENCH_REPEATS (default 5) and ORION_EMBEDDING_THREADS / ORION_EMBEDDING_BATCH_SIZE to explore; BENCH_MODEL
(another .onnx export of the same model) and BENCH_MAX_BATCH_TOKENS compare alternatives.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402

from domains.knowledge.embeddings import LocalEmbeddingProvider, LocalModelFiles, local_model_files  # noqa: E402
from domains.knowledge.embeddings.local import LOCAL_MAX_BATCH_TOKENS  # noqa: E402
from packages.config.settings import load_settings  # noqa: E402

SCIFACT = ROOT.parent / "shared" / "data" / "beir_scifact" / "corpus.jsonl"
CHUNKS_PER_SIZE = 128
QUERY = "What is the role of microRNA in cancer progression?"
SYNTHETIC = (
    "The committee reviewed the annual budget and approved the new spending plan for the library after a long "
    "discussion about maintenance, staffing and the cost of digital subscriptions for the coming three years. "
)


def source_words() -> list[str]:
    if SCIFACT.is_file():
        with SCIFACT.open() as handle:
            docs = [json.loads(line) for _, line in zip(range(3000), handle, strict=False)]
        return " ".join(f"{d['title']} {d['text']}" for d in docs).split()
    return (SYNTHETIC * 2000).split()


def cut_chunks(provider: LocalEmbeddingProvider, words: list[str], target: int, count: int) -> list[str]:
    """Cut consecutive chunks of about `target` word-pieces each (with [CLS] and [SEP])."""
    chunks: list[str] = []
    start = 0
    while len(chunks) < count:
        end = start + int(target * 0.6)
        while provider.estimate_tokens([" ".join(words[start:end])]) < target:
            end += 1
        chunks.append(" ".join(words[start:end]))
        start = end
    return chunks


def main() -> None:
    settings = load_settings()
    repeats = int(os.environ.get("BENCH_REPEATS", "5"))
    process = psutil.Process()
    started = time.perf_counter()
    files = local_model_files()
    if os.environ.get("BENCH_MODEL"):
        files = LocalModelFiles(model=Path(os.environ["BENCH_MODEL"]), tokenizer=files.tokenizer)
    provider = LocalEmbeddingProvider(
        batch_size=settings.embedding_batch_size,
        threads=settings.embedding_threads,
        max_batch_tokens=int(os.environ.get("BENCH_MAX_BATCH_TOKENS", LOCAL_MAX_BATCH_TOKENS)),
        files=files,
    )
    provider.warm_up()
    result: dict[str, object] = {
        "model_key": provider.model_key,
        "batch_size": provider.batch_size,
        "max_batch_tokens": provider.max_batch_tokens,
        "threads": provider.threads or "auto",
        "cpus": os.cpu_count(),
        "load_seconds": round(time.perf_counter() - started, 3),
        "rss_after_load_mb": round(process.memory_info().rss / 2**20),
    }
    words = source_words()
    for target in (200, 64):
        chunks = cut_chunks(provider, words, target, CHUNKS_PER_SIZE)
        provider.embed_texts(chunks[:8])  # warm the allocator for this shape range
        rates = []
        for _ in range(repeats):
            began = time.perf_counter()
            provider.embed_texts(chunks)
            rates.append(len(chunks) / (time.perf_counter() - began))
        result[f"docs_per_second_{target}"] = round(statistics.median(rates), 1)
        result[f"runs_{target}"] = [round(rate, 1) for rate in rates]
        result[f"mean_word_pieces_{target}"] = round(provider.estimate_tokens(chunks) / len(chunks), 1)
    latencies = []
    for _ in range(50 * repeats):
        began = time.perf_counter()
        provider.embed_query(QUERY)
        latencies.append((time.perf_counter() - began) * 1000)
    latencies.sort()
    result["query_ms_p50"] = round(statistics.median(latencies), 2)
    result["query_ms_p95"] = round(latencies[int(len(latencies) * 0.95)], 2)
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
