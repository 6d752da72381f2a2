"""Train the content-safety model on training data only and write its weights file.

    .venv/bin/python -m tools.safety.train            # writes domains/knowledge/safety/assets/injection_model.npz

Training data: deepset train, BIPIA train contexts with BIPIA train attacks placed in them, the hand-written
`abstract_discussion_train.txt`, `code_answers_train.txt` (programming answers that address the reader) and
`instructions_train.txt` (forms, manuals, recipes), 1,000 SciFact abstracts (half of them wrapped into PDF-like
lines) and the "train" half of the shared PDFs (split by document, see tools/safety/data.py). No test split is read.
The two newer hand-written files are negatives only; they are not benign sources of the threshold rule below.

1. Five-fold grouped cross-validation. Every deepset row, BIPIA context, BIPIA attack, abstract, hand-written
   sentence and whole PDF document is assigned to one fold; a fold's attacks are placed only into that fold's
   contexts, so no attack, context or document is ever scored by a model that saw it.
2. Platt scaling of each head on the out-of-fold chunk scores, so both heads share one probability scale.
3. Thresholds on the combined score (patterns included): `flag` is the lowest score that keeps the mean
   false-positive rate over the benign sources at or below FLAG_FPR_BUDGET and each source's rate at or below
   SOURCE_FPR_CAP; `untrusted` the lowest that keeps
   the mean rate of *untrusted* benign chunks at or below UNTRUSTED_FPR_BUDGET. The mean over sources (rather than
   over chunks) stops the 900 train tables from drowning the 50 emails and the PDFs.
4. The final model is fitted on all training units and written with the calibration and thresholds.

scikit-learn is needed here only; runtime inference is numpy (domains/knowledge/safety/model.py).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import io
import random
import sys
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from scipy import sparse
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression

from domains.knowledge.safety.model import (
    CHAR_NGRAM_RANGE,
    DEFAULT_WEIGHTS,
    EMBEDDED_MIN_OTHER_CHARS,
    MIN_TOKENS,
    WINDOW_CHARS,
    InjectionModel,
    encode_terms,
    has_enough_tokens,
    segment,
    shape_terms,
)
from domains.knowledge.safety.rules import pattern_hits
from tools.safety.data import (
    ATTACK_KIND_FOR_CONTEXT,
    SEED,
    ContextKind,
    Example,
    load_abstract_train,
    load_bipia_attacks,
    load_bipia_contexts,
    load_code_answers_train,
    load_deepset,
    load_instructions_train,
    load_pdf_chunks,
    load_scifact_prose,
    place_attacks,
    training_examples,
)

N_FOLDS = 5
# Chosen by grouped cross-validation on train (before the document negatives were added): C in {4, 16, 64} and
# 4,000 / 8,000 / all features were within noise of each other (macro recall 0.84-0.87 at the same FPR budget);
# C=4 with 8,000 features was best and keeps the weights file near 150 KB. Two variants lost in the same CV and
# are not used: BIPIA's own user questions as extra "request" positives, and deepset prompts as positives of the
# embedded head (they taught it that any German text is a request, flagging a German lecture script wholesale).
REGULARISATION_C = 4.0
TOP_K_FEATURES = 8000
# Weight of the binary shape block (first token, closing punctuation, length; see injection_model.shape_terms)
# against the l2-normalised TF-IDF blocks. Chosen by the same grouped CV at the same FPR budget: scale 0.5 / 1.0 /
# 2.0 gave macro recall 0.884 / 0.896 / 0.885 (0.830 without the block).
SHAPE_SCALE = 1.0
FLAG_FPR_BUDGET = 0.03
# The macro budget alone lets a gain on one source be spent on another (in CV, once code answers stopped firing
# the chosen threshold fell and flagged more PDF chunks), and the deployed mix is not the macro mix (BIPIA-like
# benign text is mostly tables, code and email). So `flag` must also keep every benign source at or below
# SOURCE_FPR_CAP, the pooled false-positive rate the model is held to: in CV any mix of sources then stays under it.
# With the cue features of injection_model (task-verb opening, addressing the reader, whole short sentences only)
# and the hand-written negatives (code answers, instructions for people, German discussion), CV gave macro recall
# 0.896 -> 0.924 at macro FPR 0.030 -> 0.027, code answers 0.100 -> 0.040 and PDFs 0.051 -> 0.049 (held-out PDFs
# 0.035 -> 0.029). Dropped after the same checks: code-context features (a "%codectx" flag on every line of a
# code-like chunk: code FPR fell, but held-out PDF false positives rose, as the flag explained away the
# reader-addressing prose of answers), a longer task-verb list (form verbs such as "enter" flagged tax
# instructions), cue weights held back by a smaller feature value, and 2,000 instead of 1,000 SciFact abstracts.
SOURCE_FPR_CAP = 0.05
UNTRUSTED_FPR_BUDGET = 0.005
BENIGN_SOURCES = (
    "deepset_benign",
    "bipia_clean_email",
    "bipia_clean_table",
    "bipia_clean_code",
    "abstract_train",
    "pdf_train",
    "scifact_train",
)
CONTEXT_KINDS: tuple[ContextKind, ...] = ("email", "table", "code")


FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Units:
    """Unit texts and labels for one head."""

    texts: list[str]
    labels: list[int]


@dataclass(frozen=True)
class Fitted:
    """The pruned vectorisers and both heads."""

    word: TfidfVectorizer
    char: TfidfVectorizer
    shape: CountVectorizer
    prompt: LogisticRegression
    embedded: LogisticRegression
    shape_scale: float = SHAPE_SCALE

    def features(self, texts: Sequence[str]) -> sparse.csr_matrix:
        """Return the feature matrix for unit texts: word block, char block, then the scaled binary shape block."""
        shape = self.shape.transform(texts).astype(np.float64) * self.shape_scale
        return sparse.hstack([self.word.transform(texts), self.char.transform(texts), shape]).tocsr()


def source_name(example: Example) -> str:
    """Return the reporting source of an example, splitting deepset by label."""
    if example.source == "deepset":
        return "deepset_injection" if example.label else "deepset_benign"
    return example.source


def head_units(examples: Sequence[Example]) -> tuple[Units, Units]:
    """Split examples into labelled units for the prompt head and the embedded head."""
    prompt: dict[tuple[str, int], None] = {}
    embedded: dict[tuple[str, int], None] = {}
    for example in examples:
        lowered = example.text.lower()
        # Attack spans index the original text; lower() keeps lengths for everything in these data sets.
        span = example.attack_span if len(lowered) == len(example.text) else None
        for start, end in segment(lowered):
            unit = lowered[start:end]
            # The embedded head never scores fragments or stand-alone text at inference; it learns from sentences.
            sentence = has_enough_tokens(unit)
            if example.source == "deepset":
                prompt[(unit, example.label)] = None
            elif span is None or end <= span[0] or start >= span[1]:
                # Clean documents, abstract prose and the context around a planted attack: negatives for both.
                prompt[(unit, 0)] = None
                if sentence:
                    embedded[(unit, 0)] = None
            elif start <= span[0] < end and sentence:
                # The first line of a planted attack is the instruction; code lines after it are left out, and
                # the prompt head never sees planted attacks (it models stand-alone prompts).
                embedded[(unit, 1)] = None
    return (
        Units([t for t, _ in prompt], [y for _, y in prompt]),
        Units([t for t, _ in embedded], [y for _, y in embedded]),
    )


def _vectorisers(vocabulary: tuple[list[str], list[str]] | None = None) -> tuple[TfidfVectorizer, TfidfVectorizer]:
    word = TfidfVectorizer(
        ngram_range=(1, 2),
        sublinear_tf=True,
        min_df=2,
        vocabulary=vocabulary[0] if vocabulary else None,
    )
    char = TfidfVectorizer(
        analyzer="char_wb",
        ngram_range=CHAR_NGRAM_RANGE,
        sublinear_tf=True,
        min_df=2,
        vocabulary=vocabulary[1] if vocabulary else None,
    )
    return word, char


def _shape_vectoriser() -> CountVectorizer:
    return CountVectorizer(analyzer=shape_terms, binary=True, min_df=2)


def _heads(fitted_features: sparse.csr_matrix, units: Units) -> LogisticRegression:
    model = LogisticRegression(C=REGULARISATION_C, class_weight="balanced", max_iter=10000)
    return model.fit(fitted_features, np.array(units.labels))


def fit(examples: Sequence[Example], top_k: int = TOP_K_FEATURES, shape_scale: float = SHAPE_SCALE) -> Fitted:
    """Fit both heads, keep the top_k n-gram features by weight (and every shape feature), and refit."""
    prompt_units, embedded_units = head_units(examples)
    corpus = sorted(set(prompt_units.texts) | set(embedded_units.texts))
    word, char = _vectorisers()
    word.fit(corpus)
    char.fit(corpus)
    shape = _shape_vectoriser().fit(corpus)
    full = Fitted(word, char, shape, LogisticRegression(), LogisticRegression(), shape_scale)
    prompt = _heads(full.features(prompt_units.texts), prompt_units)
    embedded = _heads(full.features(embedded_units.texts), embedded_units)
    # The top_k budget is spent on n-grams; the few hundred shape features are always kept.
    n_ngrams = len(word.vocabulary_) + len(char.vocabulary_)
    weight = np.maximum(np.abs(prompt.coef_[0]), np.abs(embedded.coef_[0]))[:n_ngrams]
    terms = np.concatenate([word.get_feature_names_out(), char.get_feature_names_out()])
    # The weights file stores terms NUL-separated; PDF text has NULs, so n-grams holding one are never kept.
    weight[np.array(["\x00" in str(term) for term in terms], dtype=np.bool_)] = -1.0
    keep = np.sort(np.argsort(-weight, kind="stable")[:top_k])
    n_word = len(word.vocabulary_)
    vocabulary = ([str(t) for t in terms[keep[keep < n_word]]], [str(t) for t in terms[keep[keep >= n_word]]])
    word, char = _vectorisers(vocabulary)
    word.fit(corpus)
    char.fit(corpus)
    pruned = Fitted(word, char, shape, LogisticRegression(), LogisticRegression(), shape_scale)
    prompt = _heads(pruned.features(prompt_units.texts), prompt_units)
    embedded = _heads(pruned.features(embedded_units.texts), embedded_units)
    return Fitted(word, char, shape, prompt, embedded, shape_scale)


def export(
    fitted: Fitted,
    prompt_platt: tuple[float, float] = (1.0, 0.0),
    embedded_platt: tuple[float, float] = (1.0, 0.0),
    thresholds: tuple[float, float] = (0.5, 0.9),
) -> dict[str, npt.NDArray[np.generic]]:
    """Return the arrays of the weights file (also what InjectionModel is built from)."""
    return {
        "format_version": np.array(1),
        "window_chars": np.array(WINDOW_CHARS),
        "embedded_min_other_chars": np.array(EMBEDDED_MIN_OTHER_CHARS),
        "min_tokens": np.array(MIN_TOKENS),
        "word_terms": encode_terms([str(t) for t in fitted.word.get_feature_names_out()]),
        "char_terms": encode_terms([str(t) for t in fitted.char.get_feature_names_out()]),
        "shape_terms": encode_terms([str(t) for t in fitted.shape.get_feature_names_out()]),
        "shape_scale": np.array(fitted.shape_scale),
        "idf": np.concatenate([fitted.word.idf_, fitted.char.idf_]).astype(np.float64),
        "prompt_coef": fitted.prompt.coef_[0].astype(np.float64),
        "prompt_intercept": np.array(float(fitted.prompt.intercept_[0])),
        "embedded_coef": fitted.embedded.coef_[0].astype(np.float64),
        "embedded_intercept": np.array(float(fitted.embedded.intercept_[0])),
        "prompt_platt": np.array(prompt_platt, dtype=np.float64),
        "embedded_platt": np.array(embedded_platt, dtype=np.float64),
        "flag_threshold": np.array(thresholds[0]),
        "untrusted_threshold": np.array(thresholds[1]),
    }


def write_weights(arrays: dict[str, npt.NDArray[np.generic]], path: Path) -> None:
    """Write an .npz byte-for-byte reproducibly (np.savez stamps the current time into the zip)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(arrays):
            member = io.BytesIO()
            np.lib.format.write_array(member, np.asarray(arrays[name]), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, member.getvalue())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


# --- Cross-validation ------------------------------------------------------------------------------------------


def _fold(key: str) -> int:
    return random.Random(f"{SEED}:{key}").randrange(N_FOLDS)


@functools.cache
def _documents() -> tuple[Example, ...]:
    # Stand-alone examples that CV folds by their own group: prompts, prose and PDF chunks (PDFs load slowly).
    return (
        *load_deepset("train"),
        *load_abstract_train(),
        *load_code_answers_train(),
        *load_instructions_train(),
        *load_pdf_chunks("train"),
        *load_scifact_prose(),
    )


def fold_examples(fold: int, held_out: bool) -> list[Example]:
    """Return the training (held_out=False) or evaluation (held_out=True) examples of one CV fold."""

    def chosen(key: str) -> bool:
        return (_fold(key) == fold) == held_out

    examples = [e for e in _documents() if chosen(e.group)]
    rng = random.Random(f"{SEED}:cv:{fold}:{held_out}")
    for kind in CONTEXT_KINDS:
        attack_kind = ATTACK_KIND_FOR_CONTEXT[kind]
        contexts = [(i, c) for i, c in enumerate(load_bipia_contexts(kind, "train")) if chosen(f"ctx:{kind}:{i}")]
        attacks = [
            (str(i), text)
            for i, (_, text) in enumerate(load_bipia_attacks(attack_kind, "train"))
            if chosen(f"atk:{attack_kind}:{i}")
        ]
        if contexts:
            texts = [c for _, c in contexts]
            examples += place_attacks(attacks, texts, rng, f"bipia_{attack_kind}_attack_in_{kind}", attack_kind)
            examples += [Example(c, 0, f"bipia_clean_{kind}", f"ctx:{kind}:{i}") for i, c in contexts]
    return examples


@dataclass(frozen=True)
class OutOfFold:
    """Out-of-fold head probabilities, pattern severities and sources of every training chunk."""

    prompt: FloatArray
    embedded: FloatArray
    labels: npt.NDArray[np.int64]
    sources: list[str]
    pattern: list[str]  # "", "medium" or "high"


def cross_validate(verbose: bool = True) -> OutOfFold:
    """Score every training chunk with a model fitted on the other folds."""
    prompt, embedded, labels, sources, severities = [], [], [], [], []
    for fold in range(N_FOLDS):
        model = InjectionModel(export(fit(fold_examples(fold, held_out=False))))
        held = fold_examples(fold, held_out=True)
        p, e = model.chunk_probabilities([x.text for x in held])
        prompt.append(p)
        embedded.append(e)
        labels += [x.label for x in held]
        sources += [source_name(x) for x in held]
        for x in held:
            hits = pattern_hits(x.text)
            severities.append("high" if "high" in hits.values() else "medium" if hits else "")
        if verbose:
            print(f"  fold {fold + 1}/{N_FOLDS}: {len(held)} held-out chunks", file=sys.stderr)
    return OutOfFold(np.concatenate(prompt), np.concatenate(embedded), np.array(labels), sources, severities)


def platt(probabilities: FloatArray, labels: npt.NDArray[np.int64]) -> tuple[float, float]:
    """Fit p' = sigmoid(a * logit(p) + b) on chunks where the head produced a score."""
    scored = probabilities > 0.0
    clipped = np.clip(probabilities[scored], 1e-12, 1 - 1e-12)
    logits = np.log(clipped / (1 - clipped)).reshape(-1, 1)
    model = LogisticRegression(C=1e6, max_iter=10000).fit(logits, labels[scored])
    return float(model.coef_[0][0]), float(model.intercept_[0])


def calibrated(oof: OutOfFold) -> tuple[FloatArray, tuple[float, float], tuple[float, float]]:
    """Fit each head's calibration on its own kind of chunk and return the combined OOF score."""
    sources = np.array(oof.sources)
    # The prompt head is judged on stand-alone prompts and clean documents, not on planted BIPIA attacks it was
    # never trained to see; the embedded head on BIPIA chunks and benign prompts, not on deepset attacks.
    prompt_rows = ~np.char.startswith(sources.astype(str), "bipia_") | (oof.labels == 0)
    embedded_rows = sources != "deepset_injection"
    prompt_platt = platt(oof.prompt[prompt_rows], oof.labels[prompt_rows])
    embedded_platt = platt(oof.embedded[embedded_rows], oof.labels[embedded_rows])
    score = np.maximum(_apply(oof.prompt, prompt_platt), _apply(oof.embedded, embedded_platt))
    return score, prompt_platt, embedded_platt


def _apply(probabilities: FloatArray, params: tuple[float, float]) -> FloatArray:
    clipped = np.clip(probabilities, 1e-12, 1 - 1e-12)
    logits = params[0] * np.log(clipped / (1 - clipped)) + params[1]
    return np.where(probabilities > 0.0, 1.0 / (1.0 + np.exp(-logits)), 0.0)


def source_rates(flagged: npt.NDArray[np.bool_], sources: list[str], names: Sequence[str]) -> list[float]:
    """Return, for each named source present, the share of its chunks that are flagged."""
    array = np.array(sources)
    return [float(flagged[array == name].mean()) for name in names if (array == name).any()]


def macro_rate(flagged: npt.NDArray[np.bool_], sources: list[str], names: Sequence[str]) -> float:
    """Return the mean over the named sources of the share of their chunks that are flagged."""
    return float(np.mean(source_rates(flagged, sources, names)))


def choose_thresholds(score: FloatArray, oof: OutOfFold) -> tuple[float, float]:
    """Pick the lowest flag and untrusted thresholds that stay within their false-positive budgets."""
    any_pattern = np.array([bool(p) for p in oof.pattern])
    high_pattern = np.array([p == "high" for p in oof.pattern])
    candidates = np.unique(np.concatenate([score, [1.0]]))

    def within_flag_budgets(threshold: float) -> bool:
        rates = source_rates(any_pattern | (score >= threshold), oof.sources, BENIGN_SOURCES)
        return float(np.mean(rates)) <= FLAG_FPR_BUDGET and max(rates) <= SOURCE_FPR_CAP

    flag = next(t for t in candidates if within_flag_budgets(t))
    untrusted = next(
        t
        for t in candidates
        if t >= flag and macro_rate(high_pattern | (score >= t), oof.sources, BENIGN_SOURCES) <= UNTRUSTED_FPR_BUDGET
    )
    return float(flag), float(untrusted)


def report(score: FloatArray, oof: OutOfFold, thresholds: tuple[float, float]) -> str:
    """Return the cross-validated figures at the chosen thresholds, one line per source."""
    flag, untrusted = thresholds
    any_pattern = np.array([bool(p) for p in oof.pattern])
    high_pattern = np.array([p == "high" for p in oof.pattern])
    positive = any_pattern | (score >= flag)
    dropped = high_pattern | (score >= untrusted)
    sources = np.array(oof.sources)
    lines = [f"train CV ({N_FOLDS} grouped folds): flag >= {flag:.4f}, untrusted >= {untrusted:.4f}"]
    for name in sorted(set(oof.sources)):
        rows = sources == name
        kind = "recall" if oof.labels[rows][0] == 1 else "FPR"
        lines.append(
            f"  {name:28s} n={rows.sum():5d}  {kind:6s}={positive[rows].mean():.3f}  "
            f"untrusted={dropped[rows].mean():.3f}  patterns={any_pattern[rows].mean():.3f}"
        )
    attack_names = sorted({s for s, y in zip(oof.sources, oof.labels, strict=True) if y == 1})
    lines.append(
        f"  macro recall={macro_rate(positive, oof.sources, attack_names):.3f}  "
        f"macro FPR={macro_rate(positive, oof.sources, BENIGN_SOURCES):.3f}  "
        f"micro recall={positive[oof.labels == 1].mean():.3f}  micro FPR={positive[oof.labels == 0].mean():.3f}"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Cross-validate, calibrate, choose thresholds, fit on all train data and write the weights file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--output", type=Path, default=DEFAULT_WEIGHTS)
    args = parser.parse_args(argv)
    print("cross-validating on the train splits ...", file=sys.stderr)
    oof = cross_validate()
    score, prompt_platt, embedded_platt = calibrated(oof)
    thresholds = choose_thresholds(score, oof)
    print(report(score, oof, thresholds))
    print(f"platt prompt={prompt_platt}  embedded={embedded_platt}")
    fitted = fit(training_examples())
    arrays = export(fitted, prompt_platt, embedded_platt, thresholds)
    write_weights(arrays, args.output)
    digest = hashlib.sha256(args.output.read_bytes()).hexdigest()[:16]
    print(
        f"wrote {args.output} ({args.output.stat().st_size / 1024:.0f} KiB, sha256 {digest}, "
        f"{len(fitted.word.vocabulary_)} word + {len(fitted.char.vocabulary_)} char features)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
