"""Experiment (not shipped): does the reader's own representation know more about answerability than its logit?

    .venv/bin/python -m pip install --target /tmp/onnxpkg onnx       # once; onnx is no dependency of ORION
    PYTHONPATH=/tmp/onnxpkg .venv/bin/python -m tools.answers.experiments.reader_head

The cross-encoder reader (briefing/extractive/reader.py) was trained to rank passages, and its logit tells an answer
from an on-topic near miss poorly (ADR-0022, "Model v8"). Its pooled vector (the 384 numbers its one-logit classifier
reads) might still hold what ranking did not need. This runs the shipped provider on every question of the everyday
train split, the read batches and probe sets (fit), the dev split (choose) and the held-out seventh batch (transfer),
records the (question, quote) pairs the reader reads, re-reads each through the same ONNX graph with the pooled vector
exposed as a second output, and fits two logistic heads (balanced classes):
- pair head: every pair read, label "the quote holds a gold answer";
- answer head: the first quote of each answered question, label "answerable and holding the gold" against
  "unanswerable" (the decision the refusal target is about).
It prints, per evaluation set, the AUC of the head and of the logit alone, and for the answer head how many right
answers would be lost and wrong ones refused at thresholds that refuse 1, 3, 5 and 10% of the fit set's right ones.
Train, dev, read batches and the held-out batch only; no test split.
"""

from __future__ import annotations

import argparse
import asyncio
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

from domains.evaluation.answers import briefing_quotes, outcome_of, quotes_contain_gold
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.reader import READER_MAX_LENGTH, reader_files
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import render_briefing_prompt
from tools.answers.data import CachedEncoder, CachedReader
from tools.answers.everyday import EVERYDAY, SYSTEM, questions_with_evidence
from tools.answers.train import READ_SETS

POOLED = "/bert/pooler/activation/Tanh_output_0"  # the tensor the shipped graph's classifier reads
HELD_OUT = "everyday-unseen-7"
QUANTILES = (0.01, 0.03, 0.05, 0.1)
Vector = npt.NDArray[np.float64]


@dataclass
class Pair:
    vector: Vector  # pooled vector, then the logit
    gold: bool


@dataclass
class Row:
    answerable: bool
    answered: bool
    gold: bool
    first: Pair | None  # the pair of the first quote, when the reader read it
    pairs: list[Pair]


class PooledReader:
    """The shipped reader graph with its pooled vector as a second output (one pair per call, as reader.py does)."""

    def __init__(self) -> None:
        import onnx
        import onnxruntime
        import tokenizers

        model_path, tokenizer_path = reader_files()
        model = onnx.load(str(model_path))
        model.graph.output.append(onnx.helper.make_tensor_value_info(POOLED, onnx.TensorProto.FLOAT, None))
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            model.SerializeToString(), options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer = tokenizers.Tokenizer.from_file(str(tokenizer_path))
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(READER_MAX_LENGTH)

    def vector(self, question: str, passage: str) -> Vector:
        encoding = self._tokenizer.encode(question, passage)
        inputs = {
            "input_ids": np.asarray([encoding.ids], dtype=np.int64),
            "attention_mask": np.asarray([encoding.attention_mask], dtype=np.int64),
            "token_type_ids": np.asarray([encoding.type_ids], dtype=np.int64),
        }
        logits, pooled = self._session.run(None, inputs)
        return np.concatenate([np.asarray(pooled, dtype=np.float64).reshape(-1), np.asarray(logits).reshape(-1)[:1]])


class Recorder:
    """The cached reader, remembering which pairs a draft read."""

    def __init__(self) -> None:
        self.inner = CachedReader()
        self.pairs: list[tuple[str, str]] = []

    def read(self, question: str, passages: list[str]) -> npt.NDArray[np.float64]:
        self.pairs += [(question, p) for p in passages]
        return self.inner.read(question, passages)


async def collect(folder: Path, split: str, pooled: PooledReader) -> list[Row]:
    """Answer every question of the set as tools/answers/everyday.py does (other sets: train and dev distractors)."""
    chosen, evidence = questions_with_evidence(folder, split, distractors=None if folder == EVERYDAY else EVERYDAY)
    recorder = Recorder()
    provider = ExtractiveBriefingProvider(encoder=CachedEncoder(), reader=recorder)
    rows = []
    for question, items in zip(chosen, evidence, strict=True):
        recorder.pairs = []
        user = render_briefing_prompt(question.question, items)
        result = await provider.generate_structured(system=SYSTEM, user=user, schema=BriefingOutput)
        outcome = outcome_of(result.output, {i.chunk_id: i.text for i in items}, question.answers, 0.0, question.facts)
        quotes = briefing_quotes(result.output)
        pairs, first = [], None
        for asked, passage in dict.fromkeys(recorder.pairs):
            pair = Pair(
                pooled.vector(asked, passage),
                bool(question.answers) and quotes_contain_gold([passage], question.answers),
            )
            pairs.append(pair)
            if quotes and first is None and (quotes[0] in passage or passage in quotes[0]):
                first = pair
        rows.append(Row(bool(question.answers), outcome.answered, outcome.contains_gold, first, pairs))
    recorder.inner.save()
    return rows


def answer_rows(rows: list[Row]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """First-quote vectors of answered questions: 1 = answerable and holding the gold, 0 = unanswerable."""
    picked = [
        (r.first.vector, int(r.answerable))
        for r in rows
        if r.answered and r.first is not None and (r.gold or not r.answerable)
    ]
    return np.asarray([v for v, _ in picked]), np.asarray([y for _, y in picked])


def report(name: str, fit: list[Row], sets: dict[str, list[Row]], c: float) -> None:
    pair_x = np.asarray([p.vector for r in fit for p in r.pairs])
    pair_y = np.asarray([p.gold for r in fit for p in r.pairs])
    pair_head = LogisticRegression(C=c, max_iter=5000, class_weight="balanced").fit(pair_x, pair_y)
    fit_x, fit_y = answer_rows(fit)
    answer_head = LogisticRegression(C=c, max_iter=5000, class_weight="balanced").fit(fit_x, fit_y)
    cuts = [float(np.quantile(answer_head.decision_function(fit_x)[fit_y == 1], q)) for q in QUANTILES]
    print(f"{name} C={c}: fit {len(pair_y)} pairs ({int(pair_y.sum())} gold), {len(fit_y)} answered first quotes")
    for label, rows in sets.items():
        x = np.asarray([p.vector for r in rows for p in r.pairs])
        y = np.asarray([p.gold for r in rows for p in r.pairs])
        ax, ay = answer_rows(rows)
        scores = answer_head.decision_function(ax)
        moved = " ".join(
            f"{q:.0%}:-{int((scores[ay == 1] < cut).sum())}/+{int((scores[ay == 0] < cut).sum())}"
            for q, cut in zip(QUANTILES, cuts, strict=True)
        )
        print(
            f"  {label:8s} pairs AUC head {roc_auc_score(y, pair_head.decision_function(x)):.3f} "
            f"logit {roc_auc_score(y, x[:, -1]):.3f} | answered {int(ay.sum())} right, {int((ay == 0).sum())} "
            f"unanswerable: AUC head {roc_auc_score(ay, scores):.3f} logit {roc_auc_score(ay, ax[:, -1]):.3f} | "
            f"lost/refused at fit quantiles {moved}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--c", type=float, nargs="+", default=[0.1, 1.0])
    args = parser.parse_args(argv)
    pooled = PooledReader()
    root = EVERYDAY.parent
    fit = asyncio.run(collect(EVERYDAY, "train", pooled))
    for name in READ_SETS:
        fit += asyncio.run(collect(root / name, "all", pooled))
    sets = {
        "dev": asyncio.run(collect(EVERYDAY, "dev", pooled)),
        "held-out": asyncio.run(collect(root / HELD_OUT, "all", pooled)),
    }
    for c in args.c:
        report("pooled vector + logit", fit, sets, c)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
