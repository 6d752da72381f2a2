"""Benign and tampered quote variants over real passages, for measuring the grounding stage (ADR 0021).

A benign variant changes how the passage or the quote is *written* (typography, extraction artefacts, Markdown,
whitespace, case), never a letter, digit or word; the verifier must accept it and map it to the right span.
A tampered variant changes what the quote *says* (negation, number, date, entity, antonym, word swap or order,
a splice across sentences or chunks, a quote of a chunk the run did not retrieve); the verifier must reject it.

A tampered quote is kept only when its letters and digits (case and everything else dropped) do not occur anywhere
in the cited passage: an independent, strictly looser test than the verifier's, so a kept tamper really says
something the passage does not.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from tools.verification.corpus import Passage

_WORD = re.compile(r"\S+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\u201c])")


@dataclass
class Variant:
    kind: str
    passage: Passage
    source: str  # the cited chunk's text as stored (benign source-side artefacts applied)
    quote: str
    region: tuple[int, int]  # where the quoted words are in `source` (benign) / the clean region (tampered)
    paged: bool
    cited_chunk: str | None = None  # tampered `not_retrieved`: the id of a chunk the run did not retrieve


def alnum_key(text: str) -> str:
    """Letters and digits only, NFKC and lower-cased: what a tamper must change."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).lower() if ch.isalnum())


def pick_region(passage: Passage, rng: random.Random) -> tuple[int, int] | None:
    """Return a contiguous run of 8-25 words inside one sentence of the passage (original offsets)."""
    text = passage.text
    bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    sentences = [(a, b) for a, b in pairwise(bounds) if len(_WORD.findall(text[a:b])) >= 8]
    if not sentences:
        return None
    start, end = rng.choice(sentences)
    words = [(start + m.start(), start + m.end()) for m in _WORD.finditer(text[start:end])]
    size = rng.randint(8, min(25, len(words)))
    first = rng.randint(0, len(words) - size)
    region = (words[first][0], words[first + size - 1][1])
    quoted = text[region[0] : region[1]]
    if sum(1 for w in _WORD.findall(quoted) if any(c.isalpha() for c in w)) < 5:
        return None
    return region


# --- benign artefacts: (source region, quote) -> (source region, quote), or None when not applicable -----------------

Artefact = Callable[[str, str, random.Random], tuple[str, str] | None]


def _inner_word(text: str, rng: random.Random, minimum: int = 6) -> re.Match[str] | None:
    words = [m for m in re.finditer(r"[^\W\d_]+", text) if len(m.group()) >= minimum]
    return rng.choice(words) if words else None


def _split_inside(text: str, rng: random.Random, glue: str) -> str | None:
    word = _inner_word(text, rng)
    if word is None:
        return None
    cut = word.start() + rng.randint(2, len(word.group()) - 2)
    return text[:cut] + glue + text[cut:]


# Emphasis wraps whole words (one to three), as Markdown writers use it: never a fragment of a word.
_WHOLE_WORDS = re.compile(r"(?<!\S)[^\W_]+(?:[ ][^\W_]+){0,2}(?=[\s.,;:!?)]|$)")


def curly_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    if "'" not in region and '"' not in region:
        return None
    curly = re.sub(r'"(?=\w)', "\u201c", region).replace('"', "\u201d").replace("'", "\u2019")
    return curly, quote


def curly_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    if "'" not in quote and '"' not in quote:
        return None
    return region, quote.replace("'", "\u2019").replace('"', "\u201d")


def dash_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    if "-" not in region:
        return None
    return region.replace("-", rng.choice(["\u2013", "\u2010", "\u2011", "\u2014"])), quote


def dash_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    if "-" not in quote:
        return None
    return region, quote.replace("-", "\u2013")


def nbsp_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    spaces = [i for i, ch in enumerate(region) if ch == " "]
    if not spaces:
        return None
    at = rng.choice(spaces)
    return region[:at] + rng.choice(["\u00a0", "\u202f"]) + region[at + 1 :], quote


def nbsp_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    return (region, quote.replace(" ", "\u00a0", 1)) if " " in quote else None


def soft_hyphen_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    split = _split_inside(region, rng, "\u00ad")
    return (split, quote) if split else None


def zero_width_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    split = _split_inside(region, rng, rng.choice(["\u200b", "\u200c", "\u2060"]))
    return (split, quote) if split else None


def zero_width_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    split = _split_inside(quote, rng, "\u200b")
    return (region, split) if split else None


def line_break_hyphen_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    split = _split_inside(region, rng, "-\n")
    return (split, quote) if split else None


def bold_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    words = list(re.finditer(_WHOLE_WORDS, region))
    if not words:
        return None
    word = rng.choice(words)
    marker = rng.choice(["**", "*", "__", "_"])
    return region[: word.start()] + marker + word.group() + marker + region[word.end() :], quote


def bold_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    words = list(re.finditer(_WHOLE_WORDS, quote))
    if not words:
        return None
    word = rng.choice(words)
    return region, quote[: word.start()] + "**" + word.group() + "**" + quote[word.end() :]


def line_breaks_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    spaces = [i for i, ch in enumerate(region) if ch == " "]
    if not spaces:
        return None
    at = rng.choice(spaces)
    return region[:at] + rng.choice(["\n", "\n  ", "  "]) + region[at + 1 :], quote


def split_word_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    split = _split_inside(region, rng, " ")
    return (split, quote) if split else None


def ligature_source(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    for pair, ligature in (("fi", "\ufb01"), ("fl", "\ufb02"), ("ff", "\ufb00")):
        if pair in region:
            return region.replace(pair, ligature, 1), quote
    return None


def decomposed_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    decomposed = unicodedata.normalize("NFD", quote)
    return (region, decomposed) if decomposed != quote else None


def fullwidth_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    word = _inner_word(quote, rng, 3)
    if word is None or not word.group().isascii():
        return None
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in word.group())
    return region, quote[: word.start()] + wide + quote[word.end() :]


def case_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    return region, rng.choice([quote.lower(), quote.upper(), quote[:1].swapcase() + quote[1:]])


def ellipsis_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    mark = rng.choice(["...", "\u2026", "... ", "\u2026 "])
    return region, rng.choice([mark + quote, quote.rstrip(".") + mark.strip(), mark + quote.rstrip(".") + mark])


def whitespace_quote(region: str, quote: str, rng: random.Random) -> tuple[str, str] | None:
    return region, "  " + quote.replace(" ", rng.choice(["  ", "\n", " \t "]), 2) + "\n"


BENIGN: dict[str, Artefact] = {
    "curly_quotes_in_source": curly_source,
    "curly_quotes_in_quote": curly_quote,
    "typographic_dash_in_source": dash_source,
    "typographic_dash_in_quote": dash_quote,
    "no_break_space_in_source": nbsp_source,
    "no_break_space_in_quote": nbsp_quote,
    "soft_hyphen_in_source": soft_hyphen_source,
    "zero_width_in_source": zero_width_source,
    "zero_width_in_quote": zero_width_quote,
    "line_break_hyphen_in_source": line_break_hyphen_source,
    "markdown_emphasis_in_source": bold_source,
    "markdown_emphasis_in_quote": bold_quote,
    "line_break_in_source": line_breaks_source,
    "pdf_split_word_in_source": split_word_source,
    "ligature_in_source": ligature_source,
    "decomposed_accents_in_quote": decomposed_quote,
    "fullwidth_letters_in_quote": fullwidth_quote,
    "case_in_quote": case_quote,
    "ellipsis_at_edges": ellipsis_quote,
    "whitespace_in_quote": whitespace_quote,
}


def benign_variant(passage: Passage, rng: random.Random) -> Variant | None:
    """Apply 1-3 applicable benign artefacts to a quote of the passage (and to the passage around it)."""
    region = pick_region(passage, rng)
    if region is None:
        return None
    source_region = quote = passage.text[region[0] : region[1]]
    applied: list[str] = []
    wanted = rng.randint(1, 3)
    for name in rng.sample(sorted(BENIGN), k=len(BENIGN)):
        if len(applied) == wanted:
            break
        changed = BENIGN[name](source_region, quote, rng)
        if changed is not None:
            source_region, quote = changed
            applied.append(name)
    if not applied:
        return None
    source = passage.text[: region[0]] + source_region + passage.text[region[1] :]
    paged = passage.paged or "pdf_split_word_in_source" in applied
    span = (region[0], region[0] + len(source_region))
    return Variant("+".join(sorted(applied)), passage, source, quote, span, paged)
