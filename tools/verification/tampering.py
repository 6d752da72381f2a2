"""Tampered quotes: each changes what a real quote of the passage says (see variants.py for the guard)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from itertools import pairwise

from tools.verification.corpus import Passage
from tools.verification.variants import _SENTENCE_END, BENIGN, Variant, alnum_key, pick_region

_AUXILIARIES = re.compile(
    r"\b(is|are|was|were|can|could|will|would|should|may|might|must|has|have|had|does|do|did)\b", re.IGNORECASE
)
_NEGATION = re.compile(r"\b(not|no|never|without)\s+", re.IGNORECASE)
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTH = re.compile(r"\b(" + "|".join(_MONTHS) + r")\b")
_ANTONYMS = {
    a: b
    for pair in (
        ("increase", "decrease"),
        ("increased", "decreased"),
        ("higher", "lower"),
        ("more", "less"),
        ("before", "after"),
        ("positive", "negative"),
        ("larger", "smaller"),
        ("first", "last"),
        ("early", "late"),
        ("maximum", "minimum"),
        ("above", "below"),
        ("inside", "outside"),
        ("allowed", "prohibited"),
        ("must", "may"),
        ("all", "none"),
        ("always", "never"),
        ("significant", "insignificant"),
        ("include", "exclude"),
        ("increases", "decreases"),
        ("high", "low"),
        ("north", "south"),
        ("east", "west"),
        ("success", "failure"),
    )
    for a, b in (pair, pair[::-1])
}

Tamper = Callable[[str, Passage, random.Random], str | None]


def negation(quote: str, passage: Passage, rng: random.Random) -> str | None:
    existing = _NEGATION.search(quote)
    if existing is not None and rng.random() < 0.5:
        return quote[: existing.start()] + quote[existing.end() :]
    aux = list(_AUXILIARIES.finditer(quote))
    if aux:
        found = rng.choice(aux)
        return quote[: found.end()] + " not" + quote[found.end() :]
    words = list(re.finditer(r"\S+", quote))
    word = rng.choice(words[1:])
    return quote[: word.start()] + "not " + quote[word.start() :]


def number(quote: str, passage: Passage, rng: random.Random) -> str | None:
    digits = [i for i, ch in enumerate(quote) if ch.isdigit()]
    if not digits:
        return None
    at = rng.choice(digits)
    replacement = str((int(quote[at]) + rng.randint(1, 9)) % 10)
    return quote[:at] + replacement + quote[at + 1 :]


def date(quote: str, passage: Passage, rng: random.Random) -> str | None:
    year = _YEAR.search(quote)
    if year is not None:
        shifted = int(year.group()) + rng.choice([-3, -2, -1, 1, 2, 3])
        return quote[: year.start()] + str(shifted) + quote[year.end() :]
    month = _MONTH.search(quote)
    if month is not None:
        other = rng.choice([m for m in _MONTHS if m != month.group()])
        return quote[: month.start()] + other + quote[month.end() :]
    return None


def entity(quote: str, passage: Passage, rng: random.Random) -> str | None:
    names = [m for m in re.finditer(r"(?<=\s)[A-Z][a-z]{2,}", quote)]
    others = sorted({w for w in re.findall(r"(?<=\s)[A-Z][a-z]{2,}", passage.text)} - {m.group() for m in names})
    if not names or not others:
        return None
    name = rng.choice(names)
    return quote[: name.start()] + rng.choice(others) + quote[name.end() :]


def antonym(quote: str, passage: Passage, rng: random.Random) -> str | None:
    found = [m for m in re.finditer(r"[A-Za-z]+", quote) if m.group().lower() in _ANTONYMS]
    if not found:
        return None
    word = rng.choice(found)
    opposite = _ANTONYMS[word.group().lower()]
    if word.group()[0].isupper():
        opposite = opposite.capitalize()
    return quote[: word.start()] + opposite + quote[word.end() :]


def word_swapped(quote: str, passage: Passage, rng: random.Random) -> str | None:
    words = list(re.finditer(r"[A-Za-z]{4,}", quote))
    pool = sorted(set(re.findall(r"[a-z]{4,}", passage.text)))
    if not words or len(pool) < 2:
        return None
    word = rng.choice(words)
    other = rng.choice([w for w in pool if w != word.group().lower()])
    return quote[: word.start()] + other + quote[word.end() :]


def word_order(quote: str, passage: Passage, rng: random.Random) -> str | None:
    words = quote.split(" ")
    pairs = [i for i in range(len(words) - 1) if words[i].lower() != words[i + 1].lower()]
    if not pairs:
        return None
    i = rng.choice(pairs)
    words[i], words[i + 1] = words[i + 1], words[i]
    return " ".join(words)


def splice_sentences(quote: str, passage: Passage, rng: random.Random) -> str | None:
    text = passage.text
    bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    sentences = [text[a:b].strip() for a, b in pairwise(bounds)]
    sentences = [s for s in sentences if len(s.split()) >= 6]
    if len(sentences) < 3:
        return None
    i = rng.randrange(len(sentences) - 2)
    j = rng.randrange(i + 2, len(sentences))
    head, tail = sentences[i].split(), sentences[j].split()
    return " ".join(head[-rng.randint(3, min(10, len(head))) :] + tail[: rng.randint(3, min(10, len(tail)))])


def splice_chunks(quote: str, passage: Passage, rng: random.Random) -> str | None:
    if not passage.next_text:
        return None
    head, tail = passage.text.split(), passage.next_text.split()
    if len(head) < 6 or len(tail) < 6:
        return None
    return " ".join(head[-rng.randint(3, 10) :] + tail[: rng.randint(3, 10)])


TAMPERS: dict[str, Tamper] = {
    "negation": negation,
    "number": number,
    "date": date,
    "entity": entity,
    "antonym": antonym,
    "word_swapped": word_swapped,
    "word_order": word_order,
    "splice_across_sentences": splice_sentences,
    "splice_across_chunks": splice_chunks,
}


def tampered_variant(
    kind: str, passage: Passage, rng: random.Random, *, benign_too: bool, unretrieved: Passage | None = None
) -> Variant | None:
    """Return a tampered quote of the passage (optionally with a benign artefact on top), or None."""
    if kind == "not_retrieved":
        if unretrieved is None:
            return None
        region = pick_region(unretrieved, rng)
        if region is None:
            return None
        quote = unretrieved.text[region[0] : region[1]]
        return Variant(kind, passage, passage.text, quote, region, passage.paged, cited_chunk=unretrieved.chunk_id)
    region = pick_region(passage, rng)
    if region is None:
        return None
    tampered = TAMPERS[kind](passage.text[region[0] : region[1]], passage, rng)
    if tampered is None or alnum_key(tampered) in alnum_key(passage.text) or not alnum_key(tampered):
        return None
    quote = tampered
    label = kind
    if benign_too:
        for name in rng.sample(sorted(BENIGN), k=len(BENIGN)):
            changed = BENIGN[name](quote, quote, rng)
            if changed is not None and name.endswith("_in_quote"):
                quote = changed[1]
                label = f"{kind}+{name}"
                break
    return Variant(label, passage, passage.text, quote, region, passage.paged)
