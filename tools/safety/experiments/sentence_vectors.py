"""Experiment (report only, not shipped): a directive scorer over MiniLM sentence vectors, on the DEV split only.

    .venv/bin/python -m tools.safety.experiments.sentence_vectors

Question (ADR-0020, "Experiment: sentence-vector scorer"): would a logistic regression over sentence vectors from the
local MiniLM model recognise unseen directive wordings better than the shipped n-gram scorer, at the constraint that
no benign dev chunk is labelled? Two variants:
- `minilm`: the full all-MiniLM-L6-v2 sentence embedding (LocalEmbeddingProvider: mean pooling, L2 norm);
- `static`: the mean of MiniLM's input word-piece embedding rows for the unit's word-pieces (no transformer layers),
  L2-normalised; the int8 table (weight_q x weight_scale per row) is read from the ONNX file with the `onnx` package,
  which is not a project dependency (`.venv/bin/pip install onnx`; without it the variant is skipped).

Protocol, as build_scorer.py's (nothing from test is read; `--split test` does not exist here):
- units are read exactly as the detector reads them (spans.scored_units: sentences, lines, cells, and disguised
  readings); a chunk is labelled by a variant when any of its units scores at or above the threshold;
- fit: build_scorer.fit_texts() (TRAIN outside dev: directive-tagged attacks as positives; the `fit` part of the
  benign shapes, SciFact abstracts, deepset train benign, train embedded tasks, scorer_benign_fit.txt as negatives)
  plus tools/safety/directives_team.txt (positives) and benign_team_hard.txt (negatives, all kept). Since spans-18
  fit_texts() also holds the written fit sets, blind sets 2-4 and the team's documents: a rerun fits on more than the
  experiment of ADR-0020 did (its figures are from before). The distinct
  negative texts of fit_texts() (~40k) are sub-sampled, seeded, to NEGATIVE_CAP to keep MiniLM's embedding time within
  the experiment's budget; every directive is kept;
- threshold: the highest score of any unit of a benign dev chunk (every shape) plus MARGIN (log-odds), so no benign
  dev chunk is labelled by the variant;
- report: dev recall per source (directive-tagged) over every placement and over the obfuscations, for the variant
  alone, for the shipped n-gram scorer alone (its shipped threshold), for spans-4 (rules OR n-gram scorer, the
  shipped detector) and for rules OR the variant; CPU ms per unit and per ~1,000-character chunk.
Like build_scorer.py, the chunk-boundary placement is scored on the whole placed text.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from domains.knowledge.embeddings.local import LocalEmbeddingProvider
from domains.knowledge.safety.scorer import directive_scorer, features_of_words, words_of
from domains.knowledge.safety.spans import detect_spans
from tools.safety.build_scorer import _units_of, fit_texts
from tools.safety.corpus import SEED, benign_shapes, obfuscated_attacks, placed_attacks
from tools.safety.data import hand_written_lines

HERE = Path(__file__).resolve().parents[1]
TEAM_DIRECTIVES = HERE / "directives_team.txt"
TEAM_BENIGN_HARD = HERE / "benign_team_hard.txt"
NEGATIVE_CAP = 12000
MARGIN = 0.25
REGULARIZATION = (0.3, 1.0, 3.0)
BENCH_CHUNKS = 100
SOURCES = ("bipia_text:directive", "bipia_code:directive", "deepset:directive", "deepset:task", "bipia_text:task")

Embed = Callable[[list[str]], np.ndarray]


@dataclass(frozen=True)
class Item:
    group: str  # benign:<shape> | placed:<source:tag> | obfuscated:<source:tag>
    units: tuple[str, ...]
    rules: bool  # the spans-4 rules alone label it
    spans4: bool  # the shipped detector (rules OR n-gram scorer) labels it
    ngram: bool  # the shipped n-gram scorer alone labels it (gate and threshold as shipped)


def fit_set() -> tuple[list[str], np.ndarray]:
    texts, labels, _weights = fit_texts()
    positives = [t for t, y in zip(texts, labels, strict=True) if y] + hand_written_lines(TEAM_DIRECTIVES)
    hard = hand_written_lines(TEAM_BENIGN_HARD)
    ordinary = sorted({text for text, label in zip(texts, labels, strict=True) if not label})
    random.Random(SEED).shuffle(ordinary)
    kept_negatives = ordinary[:NEGATIVE_CAP] + hard
    xs = positives + kept_negatives
    ys = np.array([1] * len(positives) + [0] * len(kept_negatives))
    print(f"fit: {len(positives)} directive texts, {len(kept_negatives)} ordinary ({len(ordinary)} before the cap)")
    return xs, ys


def dev_items() -> list[Item]:
    scorer = directive_scorer()
    items: list[Item] = []

    def add(group: str, text: str) -> None:
        units = tuple(_units_of(text))
        ngram = any(scorer.is_directive(u) for u in units)
        items.append(Item(group, units, bool(detect_spans(text, rules_only=True)), bool(detect_spans(text)), ngram))

    for shape, texts in benign_shapes("dev").items():
        for text in texts:
            add(f"benign:{shape}", text)
    for attack, _, placed in placed_attacks("dev"):
        add(f"placed:{attack.source}:{attack.tag}", placed.text)
    for attack, _, placed in obfuscated_attacks("dev"):
        add(f"obfuscated:{attack.source}:{attack.tag}", placed.text)
    return items


def minilm_embedder() -> tuple[Embed, LocalEmbeddingProvider]:
    provider = LocalEmbeddingProvider()
    return provider.embed_texts, provider


def static_embedder(provider: LocalEmbeddingProvider) -> Embed | None:
    """Return the mean-of-input-embeddings variant, or None when the word-piece table cannot be read."""
    table = _word_embeddings(provider.files.model)
    if table is None:
        return None
    tokenizer = provider._load_tokenizer()

    def embed(texts: list[str]) -> np.ndarray:
        # One encode per unit, without [CLS]/[SEP]: encode_batch's thread pool costs more CPU than it saves here.
        out = np.zeros((len(texts), table.shape[1]), dtype=np.float32)
        for row, text in enumerate(texts):
            ids = tokenizer.encode(text, add_special_tokens=False).ids
            if ids:
                vector = table[ids].mean(axis=0)
                out[row] = vector / max(float(np.linalg.norm(vector)), 1e-9)
        return out

    return embed


def _word_embeddings(model: Path) -> np.ndarray | None:
    """Return the word-piece embedding table (vocabulary x 384) of the ONNX file, dequantised, or None."""
    try:
        import onnx  # type: ignore[import-not-found, unused-ignore]  # not a project dependency: `pip install onnx`
        from onnx import numpy_helper  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        print("static variant: the `onnx` package is not installed; not measured")
        return None
    graph = onnx.load(str(model)).graph
    tensors = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    for name, array in tensors.items():
        if "word_embeddings" in name and array.ndim == 2 and array.shape[1] == 384:
            if array.dtype in (np.int8, np.uint8):
                base = name.removesuffix("_q")  # the int8 export: weight_q (int8) * weight_scale (one per row)
                scale = next((v for k, v in tensors.items() if k.startswith(base) and "scale" in k), None)
                zero = next((v for k, v in tensors.items() if k.startswith(base) and "zero_point" in k), None)
                if scale is None:
                    print(f"static variant: {name} is quantised without a readable scale; not measured")
                    return None
                offset = zero.astype(np.float32) if zero is not None else np.float32(0)
                print(f"static variant: word-piece table {name} {array.shape} {array.dtype}, dequantised")
                return (array.astype(np.float32) - offset) * scale.astype(np.float32)
            print(f"static variant: word-piece table {name} {array.shape} {array.dtype}")
            return array.astype(np.float32)
    print("static variant: no word-piece embedding table among the initializers; not measured")
    return None


def embed_all(embed: Embed, texts: Sequence[str], cache: Path | None, batch: int = 256) -> dict[str, np.ndarray]:
    """Embed the distinct texts; with `cache`, reuse and update an .npz of earlier vectors (same model, same texts)."""
    distinct = sorted(set(texts))
    vectors: dict[str, np.ndarray] = {}
    known: dict[str, np.ndarray] = {}
    if cache is not None and cache.is_file():
        with np.load(cache) as stored:
            known = dict(zip(stored["texts"].tolist(), stored["vectors"], strict=True))
        vectors = {t: known[t] for t in distinct if t in known}
        distinct = [t for t in distinct if t not in known]
    for start in range(0, len(distinct), batch):
        chunk = distinct[start : start + batch]
        for text, vector in zip(chunk, embed(chunk), strict=True):
            vectors[text] = vector
    if cache is not None and distinct:
        known.update(vectors)
        ordered = sorted(known)
        np.savez(cache, texts=np.array(ordered), vectors=np.stack([known[t] for t in ordered]))
    return vectors


def item_scores(model: LogisticRegression, items: list[Item], vectors: dict[str, np.ndarray]) -> np.ndarray:
    texts = sorted(vectors)
    index = {t: i for i, t in enumerate(texts)}
    scores = model.decision_function(np.stack([vectors[t] for t in texts]))
    benign = [(float(scores[index[u]]), u) for item in items if item.group.startswith("benign:") for u in item.units]
    for score, unit in sorted(benign, reverse=True)[:3]:
        print(f"  highest benign dev unit {score:.3f}: {unit[:100]!r}")
    return np.array([max((scores[index[u]] for u in item.units), default=-math.inf) for item in items])


def report(name: str, items: list[Item], best: np.ndarray) -> float:
    benign = [s for item, s in zip(items, best, strict=True) if item.group.startswith("benign:")]
    ranked = sorted(benign, reverse=True)
    threshold = float(ranked[0]) + MARGIN
    highest = ", ".join(f"{s:.3f}" for s in ranked[:5])
    print(f"\n[{name}] highest benign dev scores: {highest}; threshold {threshold:.3f}")
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0])
    for item, score in zip(items, best, strict=True):
        hit = bool(score >= threshold)
        row = counts[item.group]
        row[0] += 1
        row[1] += hit
        row[2] += item.ngram
        row[3] += item.spans4
        row[4] += int(item.rules or hit)
        row[5] += int(item.ngram and not hit)
        row[6] += item.rules
    head = f"{'n':>5s} {'variant':>8s} {'n-gram':>7s} {'rules':>6s} {'spans-4':>8s} {'rules|variant':>14s}"
    print(f"  {'group (variant and n-gram scorer alone; rules alone; rules OR ...)':40s} {head}")
    for group in sorted(counts):
        n, hits, ngram, spans4, combined, _, rules = counts[group]
        if group.startswith("benign:"):
            if hits or spans4:
                print(f"  {group:40s} {n:5d} {hits:8d} {ngram:7d} {rules:6d} {spans4:8d} {combined:14d}  (chunks)")
            continue
        cells = f"{hits / n:8.3f} {ngram / n:7.3f} {rules / n:6.3f} {spans4 / n:8.3f} {combined / n:14.3f}"
        print(f"  {group:40s} {n:5d} {cells}")
    # Information only: the attack-discussion prose (sentences *about* injections) shares the attacks' topic.
    off_topic = [
        s for i, s in zip(items, best, strict=True) if i.group.startswith("benign:") and "discussion" not in i.group
    ]
    without = max(off_topic) + MARGIN
    recall = {
        g.split(":")[1]: np.mean([s >= without for i, s in zip(items, best, strict=True) if i.group == g])
        for g in ("placed:bipia_text:directive", "placed:bipia_code:directive", "placed:deepset:directive")
    }
    print(
        f"  information only, threshold over benign dev WITHOUT attack_discussion ({without:.3f}): "
        + ", ".join(f"{g} {r:.3f}" for g, r in recall.items())
    )
    one_percent = float(np.quantile(benign, 0.99))
    loose = {
        group: np.mean([s >= one_percent for item, s in zip(items, best, strict=True) if item.group == group])
        for group in ("placed:bipia_text:directive", "placed:bipia_code:directive", "placed:deepset:directive")
    }
    print(
        f"  information only, at the 99th percentile of benign dev chunk scores ({one_percent:.3f}, ~1% benign "
        "labelled, which issue 13 forbids): " + ", ".join(f"{g.split(':')[1]} {r:.3f}" for g, r in loose.items())
    )
    return threshold


def cpu_ms(embed: Embed, units_per_chunk: list[list[str]], singles: list[str]) -> tuple[float, float]:
    embed(singles[:5])
    started = time.process_time()
    for unit in singles:
        embed([unit])
    per_unit = (time.process_time() - started) * 1000 / len(singles)
    started = time.process_time()
    for units in units_per_chunk:
        if units:
            embed(units)
    per_chunk = (time.process_time() - started) * 1000 / len(units_per_chunk)
    return per_unit, per_chunk


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-minilm", action="store_true", help="measure the static variant only")
    parser.add_argument("--cache", type=Path, help="a folder for the embedded units (reused by a later run)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    xs, ys = fit_set()
    items = dev_items()
    print(f"dev items: {len(items)} ({time.perf_counter() - started:.0f} s)")
    dev_units = [u for item in items for u in item.units]
    minilm, provider = minilm_embedder()
    variants: list[tuple[str, Embed]] = []
    static = static_embedder(provider)
    if static is not None:
        variants.append(("static", static))
    if not args.skip_minilm:
        variants.append(("minilm", minilm))
    texts = [t for shape in ("squad_plain", "pdfs", "bipia_contexts") for t in benign_shapes("dev")[shape]]
    bench = [_units_of((t * 3)[:1000]) for t in texts[:BENCH_CHUNKS]]
    singles = [u for units in bench for u in units][:200]
    ngram = directive_scorer()
    t0 = time.process_time()
    for units in bench:
        for unit in units:
            words = words_of(unit)
            if ngram.opens_gate(words):
                ngram.score_features(features_of_words(words))
    print(f"n-gram scorer: {(time.process_time() - t0) * 1000 / len(bench):.3f} ms CPU per chunk (units given)")
    for name, embed in variants:
        t0 = time.perf_counter()
        cache = args.cache / f"{name}.npz" if args.cache else None
        fit_vectors = embed_all(embed, xs, cache)
        dev_vectors = embed_all(embed, dev_units, cache)
        print(f"\n[{name}] embedded {len(fit_vectors) + len(dev_vectors)} units in {time.perf_counter() - t0:.0f} s")
        matrix = np.stack([fit_vectors[t] for t in xs])
        for regularization in REGULARIZATION:
            model = LogisticRegression(C=regularization, class_weight="balanced", max_iter=5000)
            model.fit(matrix, ys)
            report(f"{name} C={regularization:g}", items, item_scores(model, items, dev_vectors))
        per_unit, per_chunk = cpu_ms(embed, bench, singles)
        print(
            f"[{name}] CPU: {per_unit:.3f} ms per unit, {per_chunk:.3f} ms per ~1,000-character chunk "
            f"({sum(map(len, bench)) / len(bench):.1f} units per chunk; classifier dot product excluded)"
        )
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
