"""Report the content-safety classifier on the test splits (and held-out extras) and time it.

    .venv/bin/python -m tools.safety.evaluate [--skip-extras]

"Positive" means not trusted (flagged or untrusted). The targets are on the combined test splits: recall >= 0.85
on attacks (BIPIA attacks placed in BIPIA test contexts + deepset test injections) and false-positive rate <= 0.05
on benign text (BIPIA clean test contexts + deepset test benign). Nothing here was used to choose thresholds.

Also reported, never trained on: Giskard's injection prompts, the hand-written abstract-discussion fixture,
SQuAD dev paragraphs and the held-out half of the shared PDFs (split by document in tools/safety/data.py).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from domains.knowledge.safety import ContentClassification, classify_many, injection_model
from tools.safety.data import (
    Example,
    bipia_attack_examples,
    bipia_clean_examples,
    load_abstract_discussion,
    load_deepset,
    load_giskard,
    load_pdf_chunks,
    load_squad_paragraphs,
    pack_lines,
)

TARGET_RECALL = 0.85
TARGET_FPR = 0.05
BENCH_CHUNKS = 1000
BENCH_CHARS = 1000


@dataclass(frozen=True)
class Row:
    """Counts for one reporting group."""

    name: str
    attacks: int
    caught: int
    benign: int
    false_alarms: int
    dropped_benign: int  # benign chunks labelled untrusted, i.e. hidden from the answering model

    def line(self) -> str:
        """Return the row formatted for the report."""
        flagged = self.caught + self.false_alarms
        precision = f"{self.caught / flagged:.3f}" if self.attacks and self.benign and flagged else "  -  "
        recall = f"{self.caught / self.attacks:.3f}" if self.attacks else "  -  "
        fpr = f"{self.false_alarms / self.benign:.3f}" if self.benign else "  -  "
        dropped = f"{self.dropped_benign / self.benign:.3f}" if self.benign else "  -  "
        return f"{self.name:34s} {self.attacks:6d} {self.benign:6d}   {precision}   {recall}   {fpr}   {dropped}"


def tally(name: str, examples: Sequence[Example], results: Sequence[ContentClassification]) -> Row:
    """Count caught attacks and false alarms for one group."""
    pairs = list(zip(examples, results, strict=True))
    return Row(
        name=name,
        attacks=sum(e.label == 1 for e, _ in pairs),
        caught=sum(e.label == 1 and r.trust_label != "trusted" for e, r in pairs),
        benign=sum(e.label == 0 for e, _ in pairs),
        false_alarms=sum(e.label == 0 and r.trust_label != "trusted" for e, r in pairs),
        dropped_benign=sum(e.label == 0 and r.trust_label == "untrusted" for e, r in pairs),
    )


def test_groups(include_extras: bool) -> dict[str, list[Example]]:
    """Return the reporting groups, all from test splits or held-out sets."""
    attacks = bipia_attack_examples("test")
    clean = bipia_clean_examples("test")
    groups = {
        "deepset test": load_deepset("test"),
        "bipia email (text attacks + clean)": [e for e in attacks + clean if e.source.endswith("email")],
        "bipia table (text attacks + clean)": [e for e in attacks + clean if e.source.endswith("table")],
        "bipia code (code attacks + clean)": [e for e in attacks + clean if e.source.endswith("code")],
        "giskard (held out, attacks only)": load_giskard(),
        "abstract discussion (fixture)": load_abstract_discussion(),
    }
    if include_extras:
        groups["squad paragraphs (held out)"] = load_squad_paragraphs()
        groups["held-out PDF documents, 1k chunks"] = load_pdf_chunks("test")
    return groups


def bench(texts: Sequence[str]) -> str:
    """Time classify_many on BENCH_CHUNKS chunks of about BENCH_CHARS characters."""
    chunks = pack_lines("\n".join(texts), BENCH_CHARS)
    while len(chunks) < BENCH_CHUNKS:
        chunks = chunks + chunks
    chunks = chunks[:BENCH_CHUNKS]
    classify_many(chunks[:10])  # load weights and lookup tables outside the timed region
    timings, cpu = [], []
    for _ in range(5):
        start, start_cpu = time.perf_counter(), time.process_time()
        classify_many(chunks)
        timings.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    mean_chars = sum(map(len, chunks)) / len(chunks)
    # CPU time is reported beside wall time because a shared machine inflates the latter.
    return (
        f"classify_many on {len(chunks)} chunks (mean {mean_chars:.0f} chars), 5 runs: wall best "
        f"{min(timings):.3f} s / median {sorted(timings)[2]:.3f} s; CPU best {min(cpu):.3f} s / median "
        f"{sorted(cpu)[2]:.3f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print precision, recall and FPR per source and combined, then the timing."""
    parser = argparse.ArgumentParser(description="Evaluate the content-safety classifier on the test splits.")
    parser.add_argument("--skip-extras", action="store_true", help="skip the SQuAD and PDF benign sets")
    args = parser.parse_args(argv)
    model = injection_model()
    if model is None:
        print("no weights file: run `make train-safety` first")
        return 1
    print(
        f"thresholds (chosen on train CV): flag >= {model.flag_threshold:.4f}, untrusted >= "
        f"{model.untrusted_threshold:.4f}"
    )
    groups = test_groups(not args.skip_extras)
    results = {name: classify_many([e.text for e in examples]) for name, examples in groups.items()}
    print(f"\n{'source':34s} {'attack':>6s} {'benign':>6s}   precis   recall   FPR     untrusted-benign")
    for name, examples in groups.items():
        print(tally(name, examples, results[name]).line())
    targeted = [n for n in groups if n.startswith(("deepset", "bipia"))]
    combined = tally(
        "COMBINED test (deepset + bipia)",
        [e for n in targeted for e in groups[n]],
        [r for n in targeted for r in results[n]],
    )
    print(combined.line())
    recall = combined.caught / combined.attacks
    fpr = combined.false_alarms / combined.benign
    print(
        f"\ntargets: recall {recall:.3f} (>= {TARGET_RECALL}: {'met' if recall >= TARGET_RECALL else 'MISSED'}), "
        f"FPR {fpr:.3f} (<= {TARGET_FPR}: {'met' if fpr <= TARGET_FPR else 'MISSED'})"
    )
    breakdown(groups, results)
    print("\n" + bench([e.text for examples in groups.values() for e in examples]))
    return 0


def breakdown(groups: dict[str, list[Example]], results: dict[str, list[ContentClassification]]) -> None:
    """Print which signal caught the combined attacks: patterns, the model, or both."""
    pattern_only = model_only = both = 0
    for name, examples in groups.items():
        if not name.startswith(("deepset", "bipia")):
            continue
        for example, result in zip(examples, results[name], strict=True):
            if example.label != 1 or result.trust_label == "trusted":
                continue
            by_model = any(p.startswith("model:") for p in result.matched_patterns)
            by_pattern = any(not p.startswith("model:") for p in result.matched_patterns)
            both += by_model and by_pattern
            model_only += by_model and not by_pattern
            pattern_only += by_pattern and not by_model
    print(f"caught attacks (combined): patterns only {pattern_only}, model only {model_only}, both {both}")


if __name__ == "__main__":
    raise SystemExit(main())
