"""The embedding provider protocol and the small pieces every implementation shares."""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from domains.knowledge.embeddings.errors import EmbeddingDimensionMismatch, EmbeddingUnavailable

FloatMatrix = npt.NDArray[np.float32]
FloatVector = npt.NDArray[np.float32]

# English prose averages about four characters per BPE/WordPiece token; the hosted providers do not publish an
# offline tokenizer, so budgets are planned with this and corrected by the usage the provider reports.
CHARS_PER_TOKEN = 4.0


@runtime_checkable
class EmbeddingProvider(Protocol):
    """Turns text into L2-normalised float32 vectors; one factory (`get_configured_embedding_provider`) picks it."""

    provider_name: str
    model_name: str
    model_version: str
    dimension: int
    tokens_per_minute: int | None

    @property
    def model_key(self) -> str:
        """Return f"{provider_name}:{model_name}:{model_version}", the identity stored with every vector."""
        ...

    def embed_texts(self, texts: list[str]) -> FloatMatrix:
        """Embed documents as a (len(texts), dimension) float32 matrix of unit rows, in input order."""
        ...

    def embed_query(self, text: str) -> FloatVector:
        """Embed one search query as a (dimension,) float32 unit vector."""
        ...

    def estimate_tokens(self, texts: Sequence[str]) -> int:
        """Estimate the tokens the provider will count (and bill) for these texts."""
        ...


def format_model_key(provider_name: str, model_name: str, model_version: str) -> str:
    """Return the model key that identifies comparable vectors."""
    return f"{provider_name}:{model_name}:{model_version}"


def validate_dimension(vectors: npt.ArrayLike, expected: int) -> FloatMatrix:
    """Return `vectors` as a float32 array, or raise EmbeddingDimensionMismatch if any vector is not `expected` long."""
    try:
        array = np.asarray(vectors, dtype=np.float32)
    except (TypeError, ValueError) as exc:
        # Ragged or non-numeric input (vectors of different lengths, nulls) cannot even form an array.
        raise EmbeddingDimensionMismatch(
            f"vectors are ragged or not numeric; expected every vector to have {expected} numbers"
        ) from exc
    if array.ndim not in (1, 2):
        raise EmbeddingDimensionMismatch(f"expected a vector or a matrix of vectors, got {array.ndim} dimensions")
    if array.ndim == 2 and array.shape[0] == 0:
        return array.reshape(0, expected)  # no vectors, nothing to disagree with
    actual = array.shape[-1]
    if actual != expected:
        raise EmbeddingDimensionMismatch(f"expected vectors of dimension {expected}, got {actual}")
    return array


def l2_normalize_rows(matrix: FloatMatrix, *, source: str) -> FloatMatrix:
    """Return `matrix` with unit-length rows; a zero or non-finite row is a provider failure, not data."""
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    if not np.all(np.isfinite(norms)) or np.any(norms == 0):
        raise EmbeddingUnavailable(f"the {source} embedding provider returned an empty or non-finite vector")
    return (matrix / norms).astype(np.float32, copy=False)


def vectors_from_response(rows: object, *, count: int, dimension: int, source: str) -> FloatMatrix:
    """Check a provider's vectors (count, shape, finiteness) and return them as unit float32 rows."""
    if count == 0 and rows == []:
        return np.zeros((0, dimension), dtype=np.float32)
    if not isinstance(rows, list) or len(rows) != count:
        got = len(rows) if isinstance(rows, list) else type(rows).__name__
        raise EmbeddingUnavailable(f"the {source} embedding provider returned {got} vectors for {count} texts")
    matrix = validate_dimension(rows, dimension)
    if matrix.ndim != 2:
        raise EmbeddingDimensionMismatch(f"expected a list of vectors of dimension {dimension}")
    return l2_normalize_rows(matrix, source=source)


def concat_batches(parts: Sequence[FloatMatrix], dimension: int) -> FloatMatrix:
    """Join per-request matrices in order; no requests means no vectors."""
    return np.concatenate(parts) if parts else np.zeros((0, dimension), dtype=np.float32)


def estimate_tokens_from_chars(texts: Sequence[str], chars_per_token: float = CHARS_PER_TOKEN) -> int:
    """Estimate tokens as characters / chars_per_token, at least one per text."""
    return sum(max(1, math.ceil(len(text) / chars_per_token)) for text in texts)


def request_batches(
    token_counts: Sequence[int], *, max_items: int, max_tokens: int | None
) -> Iterator[tuple[int, int]]:
    """Yield [start, end) ranges that respect a per-request item and token cap (a single oversized text goes alone)."""
    start, tokens = 0, 0
    for index, count in enumerate(token_counts):
        too_many = index - start >= max_items
        too_long = max_tokens is not None and index > start and tokens + count > max_tokens
        if too_many or too_long:
            yield start, index
            start, tokens = index, 0
        tokens += count
    if start < len(token_counts):
        yield start, len(token_counts)


def parse_retry_after(value: str | None, *, now: Callable[[], float] = time.time) -> float | None:
    """Return the seconds a Retry-After header asks for (delta-seconds or an HTTP date), or None."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - now())
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def header_value(headers: Mapping[str, str] | None, name: str) -> str | None:
    """Return a header case-insensitively from whatever mapping an HTTP library exposes."""
    if not headers:
        return None
    direct = headers.get(name)
    if direct is not None:
        return direct
    lowered = name.lower()
    return next((value for key, value in headers.items() if key.lower() == lowered), None)


class RequestPacer:
    """Space out calls to a rate-limited API: a minimum interval between calls and a rolling per-minute token budget.

    Callers are serialised while they wait, so concurrent ingestions share one budget instead of racing into 429s.
    """

    WINDOW_SECONDS = 60.0

    def __init__(
        self,
        *,
        min_interval_seconds: float = 0.0,
        tokens_per_minute: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.min_interval_seconds = min_interval_seconds
        self.tokens_per_minute = tokens_per_minute
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._last_call: float | None = None
        self._not_before = 0.0
        self._spent: deque[_Booking] = deque()

    def acquire(self, tokens: int) -> _Booking:
        """Block until a call spending `tokens` fits the interval and the budget, then book it."""
        with self._lock:
            while True:
                now = self._clock()
                wait = self._wait_seconds(now, tokens)
                if wait <= 0:
                    break
                self._sleep(wait)
            self._last_call = now
            booking = _Booking(now, tokens)
            self._spent.append(booking)
            return booking

    def correct(self, booking: _Booking, tokens: int) -> None:
        """Replace a booking's estimate with the usage the provider reported."""
        with self._lock:
            booking.tokens = tokens

    def defer(self, seconds: float) -> None:
        """Hold every call back for `seconds` (the provider's Retry-After)."""
        with self._lock:
            self._not_before = max(self._not_before, self._clock() + seconds)

    def _wait_seconds(self, now: float, tokens: int) -> float:
        waits = [self._not_before - now]
        if self._last_call is not None:
            waits.append(self._last_call + self.min_interval_seconds - now)
        if self.tokens_per_minute is not None:
            while self._spent and self._spent[0].at <= now - self.WINDOW_SECONDS:
                self._spent.popleft()
            spent = sum(booking.tokens for booking in self._spent)
            # A call bigger than the whole budget can never fit; let it go once the window is empty.
            if self._spent and spent + tokens > self.tokens_per_minute:
                waits.append(self._spent[0].at + self.WINDOW_SECONDS - now)
        return max(waits)


@dataclass
class _Booking:
    at: float
    tokens: int
