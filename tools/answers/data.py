"""Prepared examples for training and evaluation: simulated runs, their sentence candidates, labels and similarities.

Sentence and question vectors come from the local MiniLM model through a cache under /tmp (never the repository):
the first run embeds every sentence of the corpus once, later runs read the vectors back. The reader's logits are
cached the same way, per (question, sentence) pair, computed when first needed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from domains.evaluation.answers import quotes_contain_gold
from domains.execution.briefing.extractive.features import Analysis, analyze
from domains.execution.briefing.extractive.reader import LocalReader, reader_files
from domains.execution.briefing.extractive.sentences import DEFAULT_MAX_SENTENCE_CHARS
from domains.knowledge.embeddings import get_configured_embedding_provider
from packages.config.settings import Settings
from tools.answers.simulate import CACHE_DIR, SimulatedRun

Vector = npt.NDArray[np.float32]


def write_npz(path: Path, **arrays: npt.NDArray[Any]) -> None:
    """Write arrays to an .npz file whole or not at all (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")  # per process: two evaluations may save side by side
    np.savez(tmp, **arrays)
    tmp.replace(path)


class CachedEncoder:
    """The local MiniLM embedder behind a text -> vector cache persisted under /tmp/orion_answers_cache."""

    def __init__(self, path: Path | None = None) -> None:
        self._provider = get_configured_embedding_provider(Settings(embedding_provider="local"))
        key = hashlib.sha256(self._provider.model_key.encode()).hexdigest()[:8]
        self.path = path or CACHE_DIR / f"text-vectors-{key}.npz"
        self._vectors: dict[str, Vector] = {}
        self._dirty = False
        if self.path.is_file():
            with np.load(self.path, allow_pickle=False) as stored:
                texts = [str(t) for t in stored["texts"]]
                self._vectors = dict(zip(texts, stored["vectors"], strict=True))

    def embed_texts(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """Return cached vectors, embedding (one call) only the texts never seen before."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if missing:
            for text, vector in zip(missing, self._provider.embed_texts(missing), strict=True):
                self._vectors[text] = vector
            self._dirty = True
        return np.stack([self._vectors[t] for t in texts]).astype(np.float32)

    def warm(self, texts: Sequence[str]) -> None:
        """Embed every text not cached yet in large batches (one pass over a corpus)."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if missing:
            print(f"embedding {len(missing)} texts into {self.path}", file=sys.stderr)
            self.embed_texts(missing)
            self.save()

    def save(self) -> None:
        """Write the cache back when it grew."""
        if not self._dirty:
            return
        texts = sorted(self._vectors)
        write_npz(self.path, texts=np.array(texts), vectors=np.stack([self._vectors[t] for t in texts]))
        self._dirty = False


class CachedReader:
    """The local cross-encoder reader (briefing/extractive/reader.py) behind a (question, text) -> logit cache
    persisted under /tmp/orion_answers_cache, one file per model file (its digest names it, as the model key names
    the vector cache): pairs are read when first needed."""

    def __init__(self, path: Path | None = None) -> None:
        self._reader = LocalReader()
        with reader_files()[0].open("rb") as handle:
            key = hashlib.file_digest(handle, "sha256").hexdigest()[:8]
        self.path = path or CACHE_DIR / f"reader-logits-{key}.npz"
        self._logits: dict[str, float] = {}
        self._dirty = False
        if self.path.is_file():
            with np.load(self.path, allow_pickle=False) as stored:
                self._logits = dict(zip((str(k) for k in stored["keys"]), stored["logits"].tolist(), strict=True))

    @staticmethod
    def _key(question: str, text: str) -> str:
        return hashlib.sha256(f"{question}\x1f{text}".encode()).hexdigest()[:24]

    def read(self, question: str, passages: Sequence[str]) -> npt.NDArray[np.float64]:
        """Return the reader's logits, reading only the pairs never seen before."""
        keys = [self._key(question, p) for p in passages]
        missing = [i for i, k in enumerate(keys) if k not in self._logits]
        if missing:
            for i, value in zip(missing, self._reader.read(question, [passages[i] for i in missing]), strict=True):
                self._logits[keys[i]] = float(value)
            self._dirty = True
        return np.asarray([self._logits[k] for k in keys], dtype=np.float64)

    def save(self) -> None:
        """Write the cache back when it grew."""
        if not self._dirty:
            return
        keys = sorted(self._logits)
        write_npz(self.path, keys=np.array(keys), logits=np.asarray([self._logits[k] for k in keys]))
        self._dirty = False


@dataclass
class Example:
    """One simulated question: the analysis of its evidence, candidate labels and question-sentence similarities."""

    run: SimulatedRun
    analysis: Analysis
    matrix: npt.NDArray[np.float64]
    labels: npt.NDArray[np.bool_]
    similarities: npt.NDArray[np.float64]
    reader: CachedReader | None = None

    def reads(self, candidates: Sequence[int]) -> npt.NDArray[np.float64]:
        """Return the reader's logits for these candidates (question, quote), in order."""
        assert self.reader is not None, "prepare() was given no reader"
        texts = [self.analysis.quote_text(self.analysis.candidates[int(i)]) for i in candidates]
        return self.reader.read(self.run.question.question, texts)

    @property
    def answerable(self) -> bool:
        return self.run.question.answerable

    @property
    def article(self) -> str:
        return self.run.question.article


def prepare(
    runs: Sequence[SimulatedRun],
    encoder: CachedEncoder,
    max_sentence_chars: int = DEFAULT_MAX_SENTENCE_CHARS,
    reader: CachedReader | None = None,
) -> list[Example]:
    """Analyse every run and label each candidate sentence by whether it holds a gold answer."""
    limit = max_sentence_chars
    analyses = [analyze(run.question.question, run.evidence, max_sentence_chars=limit) for run in runs]
    texts = [a.quote_text(c) for a in analyses for c in a.candidates]
    encoder.warm([*(run.question.question for run in runs), *texts])
    examples = []
    for run, analysis in zip(runs, analyses, strict=True):
        sentences = [analysis.quote_text(c) for c in analysis.candidates]
        vectors = encoder.embed_texts([run.question.question, *sentences]).astype(np.float64)
        matrix = np.asarray([c.features for c in analysis.candidates], dtype=np.float64)
        labels = np.asarray([quotes_contain_gold([s], run.question.answers) for s in sentences], dtype=bool)
        examples.append(Example(run, analysis, matrix, labels, vectors[1:] @ vectors[0], reader))
    return examples
