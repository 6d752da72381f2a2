"""Measure the extractive provider's latency per call: wall time and CPU time, lexical and semantic paths.

    .venv/bin/python -m tools.answers.latency --top-k 10 --limit 200

Each call parses a rendered prompt and drafts the briefing in this thread, exactly what `generate_structured` runs
in its worker thread, with the live local MiniLM model and reader (no cache). Wall time is what a run waits; CPU time
(process time, so onnxruntime's threads count) is what the call costs and stays meaningful on a busy machine,
where wall time also measures everybody else's work.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.prompt_format import parse_briefing_prompt, render_briefing_prompt
from domains.knowledge.embeddings import get_configured_embedding_provider
from packages.config.settings import Settings
from tools.answers.simulate import simulate


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)


def measure(provider: ExtractiveBriefingProvider, prompts: list[str]) -> dict[str, Any]:
    """Return p50/p95 wall and CPU milliseconds of parsing and drafting each prompt."""
    wall, cpu = [], []
    for prompt in prompts:
        started_wall, started_cpu = time.perf_counter(), time.process_time()
        question, evidence = parse_briefing_prompt(prompt)
        provider.briefing_payload(question, evidence)
        wall.append((time.perf_counter() - started_wall) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return {
        "calls": len(prompts),
        "wall_p50_ms": round(statistics.median(wall), 2),
        "wall_p95_ms": _percentile(wall, 0.95),
        "cpu_p50_ms": round(statistics.median(cpu), 2),
        "cpu_p95_ms": _percentile(cpu, 0.95),
    }


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per path."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top-k", type=int, default=10)
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--threads", type=int, default=0, help="onnxruntime threads (0: one per core)")
    args = parser.parse_args(argv)
    runs = simulate("test", top_k=args.top_k)[: args.limit]
    prompts = [render_briefing_prompt(run.question.question, run.evidence) for run in runs]
    chars = statistics.mean(sum(len(item.text) for item in run.evidence) for run in runs)
    encoder = get_configured_embedding_provider(Settings(embedding_provider="local", embedding_threads=args.threads))
    encoder.embed_texts(["warm up the model before timing"])
    load = os.getloadavg()[0]
    for path, provider in (
        ("lexical", ExtractiveBriefingProvider(encoder=None)),
        ("semantic", ExtractiveBriefingProvider(encoder=encoder)),
    ):
        measure(provider, prompts[:5])  # warm caches (stems, model file) outside the timing
        line = {"path": path, "top_k": args.top_k, "mean_evidence_chars": round(chars), "cores": os.cpu_count()}
        print(json.dumps({**line, "load_average_1m": round(load, 2), **measure(provider, prompts)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
