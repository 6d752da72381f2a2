"""Statement support: the names and numbers a claim's statement asserts must occur in that claim's verified quotes.

Part of stage 3 (grounding), run after every quote of a claim is located, so it reads the source's exact text. It
closes the gap where a model quotes real evidence (a planted question, say) and writes an outside answer only in the
statement. Plain code, no model; ADR 0021 ("Statement support") gives the rules and what they leave out.

What a statement must not add, compared after the canonical foldings of ADR 0021 (NFKC, quotes, dashes, invisible
characters, line-end hyphens, case):
- **numbers**: every number written in digits, or as a cardinal number word other than a lone "one" ("three",
  "twenty-five", "2.5 million"), must have its value among the quotes' numbers (digits, number words and ordinal
  words alike; "1,000" = "1000" = "one thousand"; "3.50" = "3.5");
- **names**: every capitalised word after the first word of a sentence, every word with a capital after its first
  letter (NASA, iPhone, McDonald), and a capitalised sentence opener that is not a common lower-case English word
  (Webster's list, hashed in common_words.npz) must occur in the quotes, up to plural and possessive endings. A
  month name is also supported by a numeric date holding its number.
A paraphrase in other ordinary words passes: common words are not checked (a real model rewords honestly).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from domains.execution.verification.canonical import fold

# The foldings statement support compares in (markdown and whitespace are irrelevant to tokens; ellipses too).
_FOLDINGS = frozenset({"nfkc", "quotes", "dashes", "invisible", "line_break_hyphen"})

_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:'[^\W\d_]+)*")
_SENTENCE_END = re.compile(r"[.!?:;]+[\"')\]]*\s+|\n\s*(?:[-*•]\s+|\d+[.)]\s+)?")
_THOUSANDS = re.compile(r"^\d{1,3}(?:,\d{3})+(?:\.\d+)?$")
_NUMERIC_DATE = re.compile(r"\b\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?\b")

_UNIT_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
)
_ORDINAL_WORDS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth"
)
_UNITS = {word: value for value, word in enumerate(str.split(_UNIT_WORDS))}
_TENS = {
    word: 10 * (index + 2)
    for index, word in enumerate(str.split("twenty thirty forty fifty sixty seventy eighty ninety"))
}
_ORDINALS = {word: value for value, word in enumerate(str.split(_ORDINAL_WORDS))} | {
    word[:-1] + "ieth": value for word, value in _TENS.items()
}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 10**9, "trillion": 10**12}
_NUMBER_WORDS = _UNITS.keys() | _TENS.keys() | _ORDINALS.keys() | _SCALES.keys()

MONTHS = tuple(str.split("january february march april may june july august september october november december"))
_MONTH_ABBREVIATIONS = {month[:3]: number for number, month in enumerate(MONTHS, start=1)} | {"sept": 9}
_MONTH_NUMBER = {month: number for number, month in enumerate(MONTHS, start=1)} | _MONTH_ABBREVIATIONS

# Words that open sentences without naming anything; the lexicon covers the rest of common English.
_FUNCTION_WORDS = frozenset(
    str.split(
        "a an the this that these those it its i i'm i've i'd i'll we you he she they there here in on at by for "
        "from to of with without as if when while after before during since until according based yes no not and "
        "but or so also however therefore thus overall both each every all some any most many several"
    )
)


LEXICON_PATH = Path(__file__).with_name("common_words.npz")


def word_hash(word: str) -> int:
    """Return the 32-bit hash a word has in the common-word lexicon."""
    return int.from_bytes(hashlib.blake2b(word.encode("utf-8"), digest_size=4).digest(), "little")


@lru_cache(maxsize=1)
def common_words() -> npt.NDArray[np.uint32]:
    """Return the sorted hashes of Webster's lower-case words (built by tools/verification/build_lexicon.py)."""
    with np.load(LEXICON_PATH) as stored:
        return np.asarray(stored["hashes"], dtype=np.uint32)


def is_common_word(word: str) -> bool:
    """Return True when `word` (lower case) is in the common-word lexicon."""
    lexicon = common_words()
    key = word_hash(word)
    index = int(np.searchsorted(lexicon, key))
    return index < len(lexicon) and int(lexicon[index]) == key


def _forms(word: str) -> set[str]:
    """Return the lower-case forms a word may take without changing what it names: possessive and plural endings."""
    word = word.lower()
    forms = {word}
    for suffix in ("'s", "'"):
        if word.endswith(suffix) and len(word) > len(suffix):
            word = word[: -len(suffix)]
            forms.add(word)
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is")):  # Paris is no plural of "pari"
        forms.add(word[:-1])
        if word.endswith("es"):
            forms.add(word[:-2])
        if word.endswith("ies"):
            forms.add(word[:-3] + "y")
    return forms


def _is_common(word: str) -> bool:
    forms = _forms(word)
    lowered = word.lower()
    for suffix in ("ed", "ing", "d", "er", "ers"):  # inflections the word list leaves out
        if lowered.endswith(suffix) and len(lowered) > len(suffix) + 2:
            stem = lowered[: -len(suffix)]
            forms |= {stem, stem + "e"}
    return bool(forms & _FUNCTION_WORDS) or any(is_common_word(form) for form in forms)


def _number(token: str) -> Decimal | None:
    try:
        return Decimal(token.replace(",", "")).normalize()
    except InvalidOperation:
        return None


def _numbers(tokens: Sequence[str], *, claimed: bool) -> list[tuple[set[Decimal], bool]]:
    """Return each number mention of a token run: the values it may be read as, and whether it must be supported.

    A mention is a run of adjacent number tokens ("twenty five", "2.5 million"). On the quote side (`claimed=False`)
    every mention counts; on the statement side a lone "one" and ordinal words are not claims of a number.
    """
    mentions: list[tuple[set[Decimal], bool]] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if not (token[0].isdigit() or token in _NUMBER_WORDS):
            index += 1
            continue
        values: set[Decimal] = set()
        total, current = Decimal(0), Decimal(0)
        checked = False
        start = index
        while index < len(tokens):
            token = tokens[index]
            if token[0].isdigit():
                value = _number(token)
                if value is None or (index > start and (current or total)):
                    break
                values.add(value)
                current, checked = value, True
            elif token in _UNITS or token in _TENS or token in _ORDINALS:
                current += _UNITS.get(token, _TENS.get(token, _ORDINALS.get(token, 0)))
                checked = checked or token in _TENS or (token in _UNITS and token != "one")
            elif token in _SCALES:
                scale = _SCALES[token]
                base = current if current else Decimal(1)
                if scale == 100:
                    current = base * scale
                else:
                    total += base * scale
                    current = Decimal(0)
                checked = True
            else:
                break
            index += 1
        if index == start:  # an unreadable number: skip it
            index += 1
            continue
        values.add((total + current).normalize())
        mentions.append((values, checked or not claimed))
    return mentions


def _tokens(text: str) -> list[str]:
    """Return the words and numbers of a text; "1,000" is one number, "3,5" and "12.05.2020" are several."""
    tokens: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit() and not _THOUSANDS.match(token) and ("," in token or token.count(".") > 1):
            tokens.extend(part for part in re.split(r"[.,]", token) if part)
        else:
            tokens.append(token)
    return tokens


def _name_candidates(statement: str) -> list[str]:
    """Return the statement's name-like words (see the module docstring), in order."""
    names: list[str] = []
    for sentence in _SENTENCE_END.split(statement):
        words = [token for token in _tokens(sentence) if not token[0].isdigit()]
        for position, word in enumerate(words):
            if not word[0].isupper():
                if any(char.isupper() for char in word[1:]):
                    names.append(word)  # iPhone, eBay
                continue
            inner_capital = any(char.isupper() for char in word[1:])
            if position == 0 and not inner_capital:
                if word.lower() in _FUNCTION_WORDS or _is_common(word):
                    continue
            elif word.lower() in {"i", "i'm", "i've", "i'd", "i'll"}:
                continue
            names.append(word)
    return names


def _month_supported(word: str, quote_forms: set[str], numeric_dates: Iterable[str]) -> bool:
    number = _MONTH_NUMBER.get(word.lower().rstrip("."))
    if number is None:
        return False
    if any(_MONTH_NUMBER.get(form) == number for form in quote_forms):
        return True
    return any(number in {int(part) for part in re.findall(r"\d+", date)} for date in numeric_dates)


def statement_problem(statement: str, quotes: Sequence[str], *, paged: bool = False) -> str | None:
    """Return what the statement asserts that none of its quotes holds, or None when every name and number is
    supported. `quotes` are the claim's verified quotes (the source's text); `paged`: any of them is PDF text."""
    folded_statement = fold(statement, _FOLDINGS).text
    folded_quotes = [fold(quote, _FOLDINGS).text for quote in quotes]
    quote_text = "\n".join(folded_quotes)
    quote_tokens = [token.lower() for token in _tokens(quote_text)]
    quote_values: set[Decimal] = set()
    for values, _ in _numbers(quote_tokens, claimed=False):
        quote_values |= values
    for token in quote_tokens:  # "10.30" may be a time a statement writes as "10:30"
        if token[0].isdigit() and "." in token:
            quote_values |= {Decimal(part).normalize() for part in token.replace(",", "").split(".") if part}
    for values, checked in _numbers([token.lower() for token in _tokens(folded_statement)], claimed=True):
        if checked and not values & quote_values:
            shown = min((format(value, "f") for value in values), key=lambda text: (len(text), text))
            return f"the statement's number {shown} is in none of the claim's quotes"
    quote_forms: set[str] = set()
    for token in quote_tokens:
        quote_forms |= _forms(token)
    joined = re.sub(r"\s+", "", quote_text.lower()) if paged else ""
    dates = _NUMERIC_DATE.findall(quote_text)
    for name in _name_candidates(folded_statement):
        if _forms(name) & quote_forms or _month_supported(name, quote_forms, dates):
            continue
        if paged and name.lower() in joined:  # PDF extraction may have split the word in the source
            continue
        return f"the statement's name {name!r} is in none of the claim's quotes"
    return None


__all__ = ["LEXICON_PATH", "MONTHS", "common_words", "is_common_word", "statement_problem", "word_hash"]
