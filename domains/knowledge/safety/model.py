"""Numpy-only inference for the content-safety model trained by `tools/safety/train.py`.

The model is two logistic regressions over one feature space: TF-IDF word 1-2-grams and `char_wb` 3-5-grams
(sublinear tf, smoothed idf, each block l2-normalised, as scikit-learn's `TfidfVectorizer` does), plus a small
binary *shape* block (the unit's first token, closing punctuation and length; see `shape_terms`). It scores
*units* of a chunk: its lines, with lines longer than `WINDOW_CHARS` cut into half-overlapping windows at
whitespace. Injected text usually sits on a line of its own inside a much longer document, and scoring the
whole chunk would dilute it.

- The *prompt* head, trained on stand-alone prompts (deepset) against document lines, scores every unit.
- The *embedded* head, trained on the first line of BIPIA attacks planted in emails, tables and code against the
  lines around them and lines of ordinary documents, only scores sentence-sized units that sit among other
  content: "Explain the theory of relativity." is a fine user prompt, but as a line of an invoice it is an
  instruction planted for the model that will read the invoice.

Both are scikit-learn models at training time; here the vectoriser is reimplemented with numpy so that runtime
needs no scikit-learn. N-grams are looked up by a 64-bit polynomial hash of their code points instead of by
string, which lets one pass over the whole batch replace millions of Python dictionary lookups; the unit tests
check that the result equals scikit-learn's `predict_proba` to 1e-6.
"""

from __future__ import annotations

import bisect
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

WINDOW_CHARS: Final = 400
# A unit is "embedded" when the rest of its chunk holds at least this many non-space characters, and the embedded
# head only scores units of at least MIN_TOKENS tokens: a planted instruction is a sentence, while layout fragments
# of PDFs ("7c who:") are too short to judge and otherwise dominate its false positives. (Applying the same floor
# to the prompt head cost more recall than it saved false positives in cross-validation.)
EMBEDDED_MIN_OTHER_CHARS: Final = 40
MIN_TOKENS: Final = 3
CHAR_NGRAM_RANGE: Final = (3, 5)
# The *shape* block describes a unit's form rather than its words: its first token ("explain", "write", "what"),
# its closing punctuation and its length in tokens. A request planted in a document is a whole sentence that opens
# with a verb or a question word and closes with "." or "?", where a wrapped PDF line or a table row is a fragment.
# Its features are binary (scaled by the stored `shape_scale`), not TF-IDF.
SHAPE_END_CHARS: Final = ".?!:"
SHAPE_LENGTH_EDGES: Final = (1, 3, 6, 13, 26)
# Two *cue* features generalise the first-token feature beyond the verbs seen in training: "^<imperative>" when the
# unit opens with a verb that asks for content or an answer (English and German, written from general knowledge of
# how requests to an assistant are phrased, not mined from the evaluation data), and "@you" when it addresses the
# reader. A planted "Compose a letter to ..." then shares a feature with "Write a short story ..." even if
# "compose" was never seen. Verbs that tell a person to operate a form, a device or a program ("enter", "fill",
# "sign", "attach", "click", "install", "use", "check", "include", ...) are left out: forms and manuals are full of
# them (in cross-validation a longer list flagged tax instructions) and the n-grams still know the ones in attacks.
IMPERATIVE_TERM: Final = "^<imperative>"
ADDRESS_TERM: Final = "@you"
IMPERATIVE_VERBS: Final = frozenset(
    """
    act analyze analyse answer ask assume break build calculate compare compose convert create define describe
    design develop disregard draft draw edit elaborate explain forget generate give help identify ignore imagine
    list mention name offer outline paraphrase play pretend produce provide rate recommend repeat reply respond
    rewrite say share show solve state suggest summarise summarize tell think translate write
    antworte beantworte beschreibe erkläre erstelle erzähle formuliere gib ignoriere liste nenne sag sage schreib
    schreibe stell stelle übersetze vergiss verfasse vergleiche zeige zeig
    """.split()  # noqa: SIM905
)
ADDRESS_TOKENS: Final = frozenset("you your yours yourself du dein deine deinen deinem deiner dir dich".split())  # noqa: SIM905
# The cues only fire on a unit shaped like a planted instruction: a whole sentence (closing with one of
# SHAPE_END_CHARS) of at most CUE_MAX_TOKENS tokens (the longest first line of a BIPIA train attack has 18).
# Wrapped PDF lines and long windows of forms and manuals, which address their reader throughout, stay out.
CUE_MAX_TOKENS: Final = 20


DEFAULT_WEIGHTS = Path(__file__).resolve().parent / "assets" / "injection_model.npz"
_SEGMENTATION: Final = {
    "window_chars": WINDOW_CHARS,
    "embedded_min_other_chars": EMBEDDED_MIN_OTHER_CHARS,
    "min_tokens": MIN_TOKENS,
}

_U64 = np.uint64
_MASK = (1 << 64) - 1
_HASH_BASE = 0x100000001B3  # odd, so it is invertible modulo 2**64
_HASH_BASE_INVERSE = pow(_HASH_BASE, -1, 1 << 64)
_BIGRAM_MIX = 0x9E3779B97F4A7C15
_SLOT_MIX = 0xD6E8FEB86659FD93
_SPACE = 32
_NON_SPACE_RUN = re.compile(r"\S+")
_TOKEN = re.compile(r"(?u)\b\w\w+\b")

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]
BoolArray = npt.NDArray[np.bool_]


def segment(text: str) -> list[tuple[int, int]]:
    """Return the (start, end) spans of the units of `text`: its non-blank lines, long ones windowed."""
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped:
            first = offset + len(line) - len(line.lstrip())
            last = first + len(stripped)
            if last - first <= WINDOW_CHARS:
                spans.append((first, last))
            else:
                spans.extend(_windows(text, first, last))
        offset += len(line) + 1
    return spans


def _windows(text: str, first: int, last: int) -> list[tuple[int, int]]:
    # Windows start and end on word boundaries so that every word lies wholly inside or outside a unit; a
    # window advances by half its width, so any span up to half a window is wholly inside at least one.
    spans = [match.span() for match in _NON_SPACE_RUN.finditer(text, first, last)]
    starts = [a for a, _ in spans]
    ends = [b for _, b in spans]
    units: list[tuple[int, int]] = []
    i = 0
    while i < len(starts):
        start = starts[i]
        j = max(bisect.bisect_right(ends, start + WINDOW_CHARS) - 1, i)
        if not units or units[-1] != (start, ends[j]):
            units.append((start, ends[j]))
        if ends[j] >= last:
            break
        i = max(bisect.bisect_left(starts, start + WINDOW_CHARS // 2), i + 1)
    return units


def unit_texts(text: str) -> list[str]:
    """Return the lower-cased units of `text`, exactly as the model scores them."""
    lowered = text.lower()
    return [lowered[a:b] for a, b in segment(lowered)]


def embedded_flags(text: str) -> list[bool]:
    """Return, per unit of `text`, whether the embedded head scores it: a sentence-sized unit amid other content."""
    lowered = text.lower()
    total = _non_space(lowered)
    return [
        total - _non_space(lowered[a:b]) >= EMBEDDED_MIN_OTHER_CHARS and has_enough_tokens(lowered[a:b])
        for a, b in segment(lowered)
    ]


def has_enough_tokens(unit: str) -> bool:
    """Return whether a unit is long enough for the embedded head (fragments like "7c who:" are not)."""
    return len(_TOKEN.findall(unit)) >= MIN_TOKENS


def shape_terms(unit: str) -> list[str]:
    """Return the shape features of a (lower-cased) unit: "^first-token", "$last-char", "#length-bucket" and cues."""
    tokens = _TOKEN.findall(unit)
    closes = unit[-1:] != "" and unit[-1] in SHAPE_END_CHARS
    terms = [f"^{tokens[0]}"] if tokens else []
    if closes:
        terms.append(f"${unit[-1]}")
    if tokens:
        terms.append(f"#{_length_bucket(len(tokens))}")
        if closes and len(tokens) <= CUE_MAX_TOKENS:
            if tokens[0] in IMPERATIVE_VERBS:
                terms.append(IMPERATIVE_TERM)
            if not ADDRESS_TOKENS.isdisjoint(tokens):
                terms.append(ADDRESS_TERM)
    return terms


def _length_bucket(count: int) -> int:
    return max(edge for edge in SHAPE_LENGTH_EDGES if edge <= count)


def _non_space(text: str) -> int:
    return sum(len(run) for run in text.split())


def string_hash(text: str) -> int:
    """Return the 64-bit polynomial hash the vectoriser uses for an n-gram or token."""
    # Digits are code point + 1: with a zero digit, "\x00ab" would hash like "ab" (PDF text does contain NULs).
    value = 0
    for char in text:
        value = (value * _HASH_BASE + ord(char) + 1) & _MASK
    return value


def bigram_hash(first: int, second: int) -> int:
    """Combine two token hashes into the key of the word bigram "first second"."""
    return (first * _BIGRAM_MIX + second) & _MASK


class _CharTables:
    """Per-code-point lookup tables for `\\w` and whitespace, built once with the regex engine itself."""

    _lock = threading.Lock()
    _word: BoolArray | None = None
    _space: BoolArray | None = None

    @classmethod
    def get(cls) -> tuple[BoolArray, BoolArray]:
        if cls._word is None or cls._space is None:
            with cls._lock:
                if cls._word is None or cls._space is None:
                    # Asking `re` (and str.split's notion of whitespace, which `\s` shares) guarantees the
                    # tables agree with scikit-learn's token_pattern and str.split() on every code point.
                    every = "".join(map(chr, range(sys.maxunicode + 1)))
                    word = np.zeros(sys.maxunicode + 1, dtype=np.bool_)
                    space = np.zeros(sys.maxunicode + 1, dtype=np.bool_)
                    for match in re.finditer(r"\w+", every):
                        word[match.start() : match.end()] = True
                    for match in re.finditer(r"\s+", every):
                        space[match.start() : match.end()] = True
                    cls._word, cls._space = word, space
        return cls._word, cls._space


_POWER_CACHE: dict[int, U64Array] = {}


def _powers(base: int, count: int) -> U64Array:
    """Return base**0 .. base**(count-1) modulo 2**64, cached and grown by doubling."""
    cached = _POWER_CACHE.get(base)
    if cached is None or len(cached) < count:
        size = max(count, 2 * len(cached) if cached is not None else 1 << 16)
        powers = np.full(size, base, dtype=_U64)
        powers[0] = 1
        with np.errstate(over="ignore"):
            cached = np.cumprod(powers, dtype=_U64)
        # Replacing the dict entry in one assignment keeps concurrent readers safe without a lock.
        _POWER_CACHE[base] = cached
    return cached[:count]


def _runs(mask: BoolArray) -> tuple[IntArray, IntArray]:
    """Return start and end indices of the maximal True runs of `mask`."""
    padded = np.concatenate(([False], mask, [False])).astype(np.int8)
    edges = np.diff(padded)
    return np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)


@dataclass(frozen=True)
class _Occurrences:
    """In-vocabulary n-gram occurrences: feature index and the [start, end) of their word characters."""

    feature: IntArray
    start: IntArray
    end: IntArray


@dataclass(frozen=True)
class UnitScores:
    """Per-unit logits of both models, which chunk each unit belongs to and whether it is embedded."""

    prompt_logit: FloatArray
    embedded_logit: FloatArray
    chunk: IntArray
    embedded: BoolArray
    sentence: BoolArray
    has_features: BoolArray


class InjectionModel:
    """The exported TF-IDF + logistic-regression pair, evaluated with numpy only."""

    def __init__(self, arrays: dict[str, npt.NDArray[np.generic]]) -> None:
        """Build the lookup tables from the arrays stored by the training script."""
        # Weights only mean something with the segmentation they were trained with.
        for name, expected in _SEGMENTATION.items():
            if name in arrays and int(arrays[name]) != expected:
                raise ValueError(f"weights were trained with {name}={int(arrays[name])}, runtime uses {expected}")
        word_terms = _decode_terms(arrays["word_terms"])
        char_terms = _decode_terms(arrays["char_terms"])
        shape_terms = _decode_terms(arrays["shape_terms"])
        self.n_word = len(word_terms)
        self.idf: FloatArray = arrays["idf"].astype(np.float64)
        self.shape_scale = float(arrays["shape_scale"])
        self.prompt_coef: FloatArray = arrays["prompt_coef"].astype(np.float64)
        self.embedded_coef: FloatArray = arrays["embedded_coef"].astype(np.float64)
        self.prompt_intercept = float(arrays["prompt_intercept"])
        self.embedded_intercept = float(arrays["embedded_intercept"])
        # Platt scaling fitted on cross-validated chunk scores, so both heads speak one probability scale.
        self.prompt_platt = (float(arrays["prompt_platt"][0]), float(arrays["prompt_platt"][1]))
        self.embedded_platt = (float(arrays["embedded_platt"][0]), float(arrays["embedded_platt"][1]))
        self.flag_threshold = float(arrays["flag_threshold"])
        self.untrusted_threshold = float(arrays["untrusted_threshold"])
        unigram_keys, bigram_keys, bigram_ids, unigram_ids = [], [], [], []
        for index, term in enumerate(word_terms):
            parts = term.split(" ")
            if len(parts) == 1:
                unigram_keys.append(string_hash(term))
                unigram_ids.append(index)
            else:
                bigram_keys.append(bigram_hash(string_hash(parts[0]), string_hash(parts[1])))
                bigram_ids.append(index)
        char_keys = [string_hash(term) for term in char_terms]
        char_ids = list(range(self.n_word, self.n_word + len(char_terms)))
        self._unigrams = _KeyTable(unigram_keys, unigram_ids)
        self._bigrams = _KeyTable(bigram_keys, bigram_ids)
        self._chars = _KeyTable(char_keys, char_ids)
        # Shape features sit after the n-gram features; each kind gets its own small lookup.
        n_ngrams = len(self.idf)
        first_keys, first_ids = [], []
        self._end_ids = np.full(128, -1, dtype=np.int64)
        self._length_ids = np.full(SHAPE_LENGTH_EDGES[-1] + 1, -1, dtype=np.int64)
        # The cue features are flags computed per unit; these are their feature indices (when in vocabulary).
        flag_terms = (IMPERATIVE_TERM, ADDRESS_TERM)
        self._flag_ids: dict[str, int] = {}
        for offset, term in enumerate(shape_terms):
            index = n_ngrams + offset
            if term in flag_terms:
                self._flag_ids[term] = index
            elif term.startswith("^"):
                first_keys.append(string_hash(term[1:]))
                first_ids.append(index)
            elif term.startswith("$"):
                self._end_ids[ord(term[1])] = index
            else:
                self._length_ids[int(term[1:])] = index
        self._first_tokens = _KeyTable(first_keys, first_ids)
        self._imperative_hashes = np.array(sorted(string_hash(v) for v in IMPERATIVE_VERBS), dtype=np.uint64)
        self._address_hashes = np.array(sorted(string_hash(v) for v in ADDRESS_TOKENS), dtype=np.uint64)

    @classmethod
    def load(cls, path: Path = DEFAULT_WEIGHTS) -> InjectionModel:
        """Read the weights file written by `tools/safety/train.py`."""
        with np.load(path, allow_pickle=False) as stored:
            return cls({name: stored[name] for name in stored.files})

    def chunk_probabilities(self, texts: list[str]) -> tuple[FloatArray, FloatArray]:
        """Return per chunk the calibrated prompt-head and embedded-head injection probabilities."""
        lowered = [text.lower() for text in texts]
        scores = self._score_units(lowered, [segment(text) for text in lowered])
        prompt = _chunk_max(scores.prompt_logit, scores.chunk, scores.has_features, len(texts))
        planted_units = scores.has_features & scores.embedded & scores.sentence
        planted = _chunk_max(scores.embedded_logit, scores.chunk, planted_units, len(texts))
        return _platt(prompt, self.prompt_platt), _platt(planted, self.embedded_platt)

    def unit_probabilities(self, units: list[str]) -> tuple[FloatArray, FloatArray]:
        """Return the raw (uncalibrated) probabilities of both heads, treating each string as one unit."""
        scores = self._score_units(units, [[(0, len(unit))] for unit in units])
        return _sigmoid(scores.prompt_logit), _sigmoid(scores.embedded_logit)

    def _score_units(self, texts: list[str], spans: list[list[tuple[int, int]]]) -> UnitScores:
        # One code-point array for the whole batch; chunks are joined by a newline, which no feature spans.
        joined = "\n".join(texts)
        codes = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int64)
        lengths = np.array([len(text) + 1 for text in texts], dtype=np.int64)
        chunk_start = np.cumsum(lengths) - lengths
        unit_chunk = np.array([c for c, units in enumerate(spans) for _ in units], dtype=np.int64)
        local = np.array([span for units in spans for span in units], dtype=np.int64).reshape(-1, 2)
        unit_start = chunk_start[unit_chunk] + local[:, 0]
        unit_end = chunk_start[unit_chunk] + local[:, 1]
        n_units = len(unit_start)
        word_table, space_table = _CharTables.get()
        is_space = space_table[codes]
        non_space = np.concatenate(([0], np.cumsum(~is_space)))
        chunk_total = non_space[chunk_start + lengths - 1] - non_space[chunk_start]
        unit_total = non_space[unit_end] - non_space[unit_start]
        words, token_start, token_end, token_hash = self._word_occurrences(codes, word_table)
        token_index = np.arange(len(token_start), dtype=np.int64)
        token_unit, token_of = _assign_units(token_start, token_end, token_index, unit_start, unit_end)
        tokens = np.bincount(token_unit, minlength=n_units)
        embedded = chunk_total[unit_chunk] - unit_total >= EMBEDDED_MIN_OTHER_CHARS
        chars = self._char_occurrences(codes, is_space)
        unit, feature = _assign_units(
            np.concatenate([words.start, chars.start]),
            np.concatenate([words.end, chars.end]),
            np.concatenate([words.feature, chars.feature]),
            unit_start,
            unit_end,
        )
        n_features = len(self.idf)
        keys, counts = np.unique(unit * n_features + feature, return_counts=True)
        unit, feature = keys // n_features, keys % n_features
        values = (1.0 + np.log(counts)) * self.idf[feature]
        # scikit-learn's FeatureUnion l2-normalises the word block and the char block separately.
        block = unit * 2 + (feature >= self.n_word)
        norms = np.sqrt(np.bincount(block, weights=values * values, minlength=2 * n_units))
        values = values / norms[block]
        shape_unit, shape_feature = self._shape_occurrences(
            codes, unit_start, unit_end, tokens, token_start, token_end, token_hash, token_unit, token_of
        )
        unit = np.concatenate([unit, shape_unit])
        feature = np.concatenate([feature, shape_feature])
        values = np.concatenate([values, np.full(len(shape_unit), self.shape_scale)])
        prompt = np.bincount(unit, weights=values * self.prompt_coef[feature], minlength=n_units)
        planted = np.bincount(unit, weights=values * self.embedded_coef[feature], minlength=n_units)
        return UnitScores(
            prompt_logit=np.asarray(prompt + self.prompt_intercept, dtype=np.float64),
            embedded_logit=np.asarray(planted + self.embedded_intercept, dtype=np.float64),
            chunk=unit_chunk,
            embedded=embedded,
            sentence=tokens >= MIN_TOKENS,
            has_features=np.bincount(unit, minlength=n_units) > 0,
        )

    def _shape_occurrences(
        self,
        codes: IntArray,
        unit_start: IntArray,
        unit_end: IntArray,
        tokens: IntArray,
        token_start: IntArray,
        token_end: IntArray,
        token_hash: U64Array,
        token_unit: IntArray,
        token_of: IntArray,
    ) -> tuple[IntArray, IntArray]:
        """Return (unit, feature) pairs of the in-vocabulary shape features and cues, as `shape_terms` defines them."""
        units = np.arange(len(unit_start))
        # Units never cut a token, so a unit's first token is the first one starting at or after the unit.
        first = np.searchsorted(token_start, unit_start, side="left")
        inside = first < len(token_start)
        inside[inside] = token_end[first[inside]] <= unit_end[inside]
        first_hash = token_hash[first[inside]]
        first_feature, found = self._first_tokens.lookup(first_hash)
        first_units = units[inside][found]
        last_code = codes[unit_end - 1] if len(unit_end) else np.zeros(0, np.int64)
        end_feature = np.where(last_code < 128, self._end_ids[np.minimum(last_code, 127)], -1)
        buckets = np.searchsorted(np.array(SHAPE_LENGTH_EDGES), tokens, side="right") - 1
        length_feature = np.where(buckets >= 0, self._length_ids[np.array(SHAPE_LENGTH_EDGES)[buckets]], -1)
        # The cues: only a whole, short sentence gets them (see CUE_MAX_TOKENS).
        cue_ready = np.isin(last_code, [ord(c) for c in SHAPE_END_CHARS]) & (tokens <= CUE_MAX_TOKENS)
        opening = np.zeros(len(unit_start), dtype=np.bool_)
        opening[inside] = np.isin(first_hash, self._imperative_hashes)
        addressing = np.zeros(len(unit_start), dtype=np.bool_)
        addressing[token_unit[np.isin(token_hash[token_of], self._address_hashes)]] = True
        flags = {IMPERATIVE_TERM: opening & cue_ready, ADDRESS_TERM: addressing & cue_ready}
        cue_units = [units[flags[term]] for term in self._flag_ids]
        cue_features = [
            np.full(len(found_units), index)
            for found_units, index in zip(cue_units, self._flag_ids.values(), strict=True)
        ]
        return (
            np.concatenate([first_units, units[end_feature >= 0], units[length_feature >= 0], *cue_units]),
            np.concatenate(
                [
                    first_feature[found],
                    end_feature[end_feature >= 0],
                    length_feature[length_feature >= 0],
                    *cue_features,
                ]
            ).astype(np.int64),
        )

    def _word_occurrences(
        self, codes: IntArray, word_table: BoolArray
    ) -> tuple[_Occurrences, IntArray, IntArray, U64Array]:
        """Return in-vocabulary word 1-2-gram occurrences, plus the start, end and hash of every token."""
        # Tokens are maximal runs of \w of length >= 2, which is what token_pattern (?u)\b\w\w+\b matches.
        starts, ends = _runs(word_table[codes])
        keep = ends - starts >= 2
        starts, ends = starts[keep], ends[keep]
        hashes = _range_hashes(codes, starts, ends)
        uni_feature, uni_found = self._unigrams.lookup(hashes)
        with np.errstate(over="ignore"):
            pair_keys = hashes[:-1] * _U64(_BIGRAM_MIX) + hashes[1:]
        bi_feature, bi_found = self._bigrams.lookup(pair_keys)
        occurrences = _Occurrences(
            feature=np.concatenate([uni_feature[uni_found], bi_feature[bi_found]]),
            start=np.concatenate([starts[uni_found], starts[:-1][bi_found]]),
            end=np.concatenate([ends[uni_found], ends[1:][bi_found]]),
        )
        return occurrences, starts, ends, hashes

    def _char_occurrences(self, codes: IntArray, code_is_space: BoolArray) -> _Occurrences:
        # char_wb pads each whitespace-separated word with one space on both sides; mapping every whitespace
        # character to a space and padding the array reproduces that, and an n-gram belongs to one padded word
        # exactly when its interior holds no space.
        chars = np.where(code_is_space, _SPACE, codes)
        padded = np.concatenate(([_SPACE], chars, [_SPACE]))
        is_space = padded == _SPACE
        digits = (padded + 1).astype(_U64)  # code point + 1, as in string_hash
        low, high = CHAR_NGRAM_RANGE
        features, starts, ends = [], [], []
        with np.errstate(over="ignore"):
            hashes = digits[: len(padded) - low + 1]
            for k in range(1, low):
                hashes = hashes * _U64(_HASH_BASE) + digits[k : len(padded) - low + 1 + k]
            interior_space = np.zeros(len(padded) - low + 1, dtype=np.bool_)
            for k in range(1, low - 1):
                interior_space |= is_space[k : len(padded) - low + 1 + k]
            for n in range(low, high + 1):
                count = len(padded) - n + 1
                if count <= 0:
                    break
                if n > low:
                    hashes = hashes[:count] * _U64(_HASH_BASE) + digits[n - 1 : n - 1 + count]
                    interior_space = interior_space[:count] | is_space[n - 2 : n - 2 + count]
                valid = ~interior_space
                feature, found = self._chars.lookup(hashes[valid])
                position = np.flatnonzero(valid)[found]
                features.append(feature[found])
                # padded[p + 1] is an interior, hence word, character and sits at codes[p]: attribute the
                # n-gram to the unit holding that word (units never cut a word).
                starts.append(position)
                ends.append(position + 1)
        return _Occurrences(
            feature=np.concatenate(features) if features else np.zeros(0, np.int64),
            start=np.concatenate(starts) if starts else np.zeros(0, np.int64),
            end=np.concatenate(ends) if ends else np.zeros(0, np.int64),
        )


class _KeyTable:
    """Vocabulary hashes in an open-addressing table, probed for a whole batch at once."""

    def __init__(self, keys: list[int], ids: list[int]) -> None:
        # Slot value 0 marks an empty slot, so a term hashing to 0 (odds 2**-64) must be refused, not lost.
        if len(set(keys)) != len(keys) or 0 in keys:
            raise ValueError("vocabulary hashes collide or hit the empty marker; change the hash base")
        # Load factor under 1/8 keeps probe sequences to a handful, so a fixed number of vectorised probes
        # (one gather and one compare each) replaces a binary search per n-gram.
        self._bits = max(4, (8 * max(len(keys), 1) - 1).bit_length())
        size = 1 << self._bits
        table_keys = [0] * (size + 64)
        table_ids = [-1] * (size + 64)
        longest = 0
        for key, index in zip(keys, ids, strict=True):
            slot = self._slot(key)
            probe = 0
            while table_keys[slot + probe]:
                probe += 1
            table_keys[slot + probe], table_ids[slot + probe] = key, index
            longest = max(longest, probe)
        if longest >= 64:
            raise ValueError("vocabulary hash table probe sequence too long")
        self._probes = longest + 1
        self._keys: U64Array = np.array(table_keys[: size + self._probes], dtype=_U64)
        self._ids: IntArray = np.array(table_ids[: size + self._probes], dtype=np.int64)

    def _slot(self, key: int) -> int:
        return ((key * _SLOT_MIX) & _MASK) >> (64 - self._bits)

    def lookup(self, hashes: U64Array) -> tuple[IntArray, BoolArray]:
        """Return, per hash, its feature index and whether it is in the vocabulary."""
        with np.errstate(over="ignore"):
            slots = ((hashes * _U64(_SLOT_MIX)) >> _U64(64 - self._bits)).astype(np.int64)
        stored = self._keys[slots]
        found = stored == hashes
        feature = np.where(found, self._ids[slots], -1)
        # Most n-grams are not in the vocabulary and land on an empty slot at once; only the few that met an
        # occupied slot holding another key walk further along the probe sequence.
        pending = np.flatnonzero((stored != 0) & ~found)
        for probe in range(1, self._probes):
            if len(pending) == 0:
                break
            slot = slots[pending] + probe
            stored = self._keys[slot]
            hit = stored == hashes[pending]
            feature[pending[hit]] = self._ids[slot[hit]]
            pending = pending[(stored != 0) & ~hit]
        return feature, feature >= 0


def _range_hashes(codes: IntArray, starts: IntArray, ends: IntArray) -> U64Array:
    """Return the polynomial hash of codes[start:end] for every range, via prefix sums modulo 2**64."""
    if len(starts) == 0:
        return np.zeros(0, dtype=_U64)
    inverse_powers = _powers(_HASH_BASE_INVERSE, len(codes) + 1)
    powers = _powers(_HASH_BASE, len(codes) + 1)
    with np.errstate(over="ignore"):
        digits = (codes + 1).astype(_U64)  # code point + 1, as in string_hash
        prefix = np.concatenate(([_U64(0)], np.cumsum(digits * inverse_powers[: len(codes)], dtype=_U64)))
        # sum_{j=a}^{b-1} c_j * B^(b-1-j) = B^(b-1) * sum_{j=a}^{b-1} c_j * B^-j
        return (prefix[ends] - prefix[starts]) * powers[ends - 1]


def _assign_units(
    start: IntArray, end: IntArray, feature: IntArray, unit_start: IntArray, unit_end: IntArray
) -> tuple[IntArray, IntArray]:
    """Pair every occurrence with each unit that wholly contains it (up to three overlapping windows)."""
    # Unit starts and ends both increase along the batch, so the units containing [s, e) form one index range.
    last = np.searchsorted(unit_start, start, side="right") - 1
    first = np.searchsorted(unit_end, end, side="left")
    repeats = np.maximum(last - first + 1, 0)
    owner = np.repeat(np.arange(len(start)), repeats)
    step = np.arange(len(owner)) - np.repeat(np.cumsum(repeats) - repeats, repeats)
    return first[owner] + step, feature[owner]


def _chunk_max(logits: FloatArray, chunk: IntArray, eligible: BoolArray, n_chunks: int) -> FloatArray:
    best = np.full(n_chunks, -np.inf)
    np.maximum.at(best, chunk[eligible], logits[eligible])
    return best


def _sigmoid(logits: FloatArray) -> FloatArray:
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-logits))


def _platt(logits: FloatArray, platt: tuple[float, float]) -> FloatArray:
    return _sigmoid(platt[0] * logits + platt[1])


def _decode_terms(stored: npt.NDArray[np.generic]) -> list[str]:
    # Terms are stored as NUL-separated UTF-8 so the weights file needs no pickle.
    raw = stored.tobytes().decode("utf-8")
    return raw.split("\x00") if raw else []


def encode_terms(terms: list[str]) -> npt.NDArray[np.uint8]:
    """Pack vocabulary terms into the NUL-separated UTF-8 byte array stored in the weights file."""
    if any("\x00" in term for term in terms):
        raise ValueError("a vocabulary term contains NUL")
    return np.frombuffer("\x00".join(terms).encode("utf-8"), dtype=np.uint8)
