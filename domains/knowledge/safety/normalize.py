"""Readings of a piece of text that undo the usual disguises, so the same patterns see what a model would read.

Each reading is produced only when the text shows the sign of its disguise, so ordinary prose costs a few regex
searches:

- folded: invisible characters removed (zero-width, bidi controls, soft hyphen, Unicode tags, whose ASCII twins are
  appended), NFKC, and letters of other scripts that look Latin ("Ignоrе" with Cyrillic о and е) mapped to Latin
  inside words that also hold Latin letters;
- leet: digits and symbols inside letter words read as letters ("1gn0r3");
- spaced: letters written one by one ("I g n o r e", "i-g-n-o-r-e") joined again;
- squashed: letters only, for a spaced phrase whose word gaps were lost too, and the same letters cut back into the
  words the rules are written with ("d r o p y o u r r u l e s" reads "drop your rules", spans-20);
- decoded: base64, hex and rot13 payloads decoded to text.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import unicodedata
from dataclasses import dataclass
from typing import Final, Literal

from domains.knowledge.safety.patterns.engine import RULE_WORDS

Disguise = Literal["folded", "leet", "spaced", "squashed", "decoded"]

# Zero-width characters, word joiner and invisible operators, BOM, soft hyphen, Mongolian vowel separator, bidi
# controls, variation selectors (one after every letter hides a word from a pattern, spans-14) and the Unicode tag
# block.
INVISIBLE = re.compile(
    "[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff"
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)
_TAG_RUN = re.compile("[\U000e0020-\U000e007e]{4,}")
# A right-to-left override and the text it reverses on screen, up to the closing pop or the line's end.
_OVERRIDDEN = re.compile("\u202e([^\u202a-\u202e\u2066-\u2069\n]*)")
_SURROGATE = re.compile("[\ud800-\udfff]")

_CONFUSABLES = str.maketrans(
    "аеорсухіјѕкмтнвԁԛԝɡոսАВЕКМНОРСТХІЈЅҮαοεικνρτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧℓı",
    "aeopcyxijskmthbdqwgnuABEKMHOPCTXIJSYaoeikvptuxABEZHIKMNOPTYXli",
)
_CONFUSABLE_CHAR = re.compile("[аеорсухіјѕкмтнвԁԛԝɡոսАВЕКМНОРСТХІЈЅҮαοεικνρτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧℓı]")
_LATIN = re.compile(r"[A-Za-z]")
_MIXED_WORD = re.compile(r"\w*[A-Za-z]\w*")


def _leet_words(min_chars: int) -> re.Pattern[str]:
    """A word of letters mixed with leet digits or symbols ("1gn0r3", "pr0mpt"), at least min_chars long."""
    return re.compile(rf"(?<![\w@$])(?=[\w@$!|]*[A-Za-z])(?=[\w@$!|]*[0-9@$|])[\w@$!|]{{{min_chars},}}")


_LEET_WORD = _leet_words(3)
_LEET_MIN_WORDS = 2  # one "B12" or "v3" is ordinary; a disguised order has several such words
_LEET_I = str.maketrans("0134578@$!|", "oieastbasii")
_LEET_L = str.maketrans("0134578@$!|", "oleastbasll")
# Once a text shows leet words, short words written in leet digits alone are letters too: "4" (a), "15" (is),
# "70" (to), "45" (as). Only digits with a letter twin, at most three of them, so "1990" or "250" stay numbers.
_LEET_DIGITS = re.compile(r"(?<![\w.,])[013457]{1,3}(?![\w.,])")
# The words translated once the gate is open include two-character ones ("1n", "m3"); counting them towards the
# gate would open it on ordinary codes ("A4", "B1").
_LEET_SHORT_WORD = _leet_words(2)

# Four or more single letters, each followed by one separator: "I g n o r e", "i.g.n.o.r.e", "i-g-n-o-r-e".
_SPACED_RUN = re.compile(r"(?<!\w)(?:\w[ .\-_*·]){3,}\w(?!\w)")
# Cheap first looks without lookarounds: two single letters in a row, a letter beside a digit or symbol.
_SPACED_GATE = re.compile(r" \w[ .\-_*·]\w[ .\-_*·]\w[ .\-_*·]|^\w[ .\-_*·]\w[ .\-_*·]\w[ .\-_*·]", re.MULTILINE)
# (a digit or symbol between two letters, or before two: written symbol-first, so the engine skips to each symbol)
_LEET_GATE = re.compile(r"[0-9@$|](?:[A-Za-z]{2}|(?<=[A-Za-z].)[A-Za-z])")
_SHORT_SPACED_RUN = re.compile(r"(?<!\w)(?:\w[ .\-_*·]){1,}\w(?!\w)")
_WIDE_GAP = re.compile(r"[ \t]{2,}")
# One word's letters joined by a dot, hyphen or the like, words apart by spaces ("B-i-t-t-e v-e-r-g-i-s-s", spans-16)
_JOINED_LETTERS = re.compile(r"(?<![\w.\-_*·])\w(?:[.\-_*·]\w){2,}[.\-_*·]?(?!\w)")
_SEPARATOR = re.compile(r"[ .\-_*·]")
_NON_LETTER = re.compile(r"[^a-z]+")
_SPACED_HYPHEN = re.compile(r"(\w) - (\w)")
_SPACED_PUNCTUATION = re.compile(r" ([,;:!?])")
_SPACED_APOSTROPHE = re.compile(r"(\w) ['’] ?(\w)")

_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{16,}={0,2}(?![A-Za-z0-9+/=])")
# A cheap first look (one C-level scan): a run of 16 base64/hex characters, or an escaped hex byte.
_PAYLOAD_GATE = re.compile(r"[A-Za-z0-9+/]{16}|\\x[0-9A-Fa-f]{2}")
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){8,}(?![0-9A-Fa-f])|(?:\\x[0-9A-Fa-f]{2}){8,}")
# rot13 is tried when a rot13-encoded control word is present ("vtaber" is "ignore"), or when the text is made of
# rot13-encoded function words ("lbh ner" is "you are", "qh ovfg" is "du bist"): ROT13_MIN_WORDS of them, English or
# German, which ordinary text of either language does not hold.
_ROT13_TEXT = (
    "gur naq lbh lbhe ner vf gb bs na nf vg va ba jvgu guvf gung sbe abj jung ubj jub zr zl unir pna jvyy "
    "qre qvr qnf haq vfg qh vpu fvr avpug zvg rva rvar nyf nhs nyyr nyyrf jvr jnf qnff fvaq dhr gbqb ynf"
)
_ROT13_WORDS = frozenset(_ROT13_TEXT.split())
ROT13_MIN_WORDS = 3
_ROT13_CUES = (
    "vtaber",
    "qvfertneq",
    "sbetrg",
    "cerivbhf",
    "vafgehp",
    "vafgehx",
    "flfgrz",
    "cebzcg",
    "erirny",
    "cnffjbeq",
    "lbhe",
)
_PRINTABLE_SHARE = 0.9
MAX_DECODED = 4000
_LETTER_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class Reading:
    """One reading of a text: what the disguise hid, and which disguise it was."""

    text: str
    disguise: Disguise


def clean(text: str) -> str:
    """Return `text` with lone surrogates replaced (a PDF can carry them; they cannot be stored or encoded)."""
    return _SURROGATE.sub("\ufffd", text) if not text.isascii() else text


def readings(text: str) -> list[Reading]:
    """Return the readings of `text` that differ from it (empty for plain ASCII prose with no disguise)."""
    found: list[Reading] = []
    base = text
    if not text.isascii():
        folded = fold(text)
        if folded != text:
            found.append(Reading(folded, "folded"))
            base = folded
    if _LEET_GATE.search(base) and len(_LEET_WORD.findall(base, 0, MAX_DECODED)) >= _LEET_MIN_WORDS:
        for table in (_LEET_I, _LEET_L):
            leet = _LEET_SHORT_WORD.sub(lambda m, t=table: m.group(0).translate(t), base)  # type: ignore[misc]
            leet = _LEET_DIGITS.sub(lambda m, t=table: m.group(0).translate(t), leet)  # type: ignore[misc]
            if leet != base:
                found.append(Reading(leet, "leet"))
    if _SPACED_GATE.search(base):
        runs = [m.group(0) for m in _SPACED_RUN.finditer(base)]
        if runs:
            # Once one long run shows the disguise, short words written the same way ("t h e") are joined too.
            spaced = _SHORT_SPACED_RUN.sub(lambda m: _SEPARATOR.sub("", m.group(0)), base)
            # Punctuation was spaced out with the letters: "möchte , dass", "you ' ve" read "möchte, dass", "you've".
            # A hyphen inside a spaced word has single spaces around it ("r o l e - p l a y"), a dash between words
            # the wider gap.
            spaced = _WIDE_GAP.sub(" ", _SPACED_HYPHEN.sub("\\1-\\2", spaced))
            spaced = _SPACED_APOSTROPHE.sub("\\1'\\2", _SPACED_PUNCTUATION.sub("\\1", spaced))
            found.append(Reading(spaced, "spaced"))
            found.append(Reading(_NON_LETTER.sub("", "".join(runs).lower()), "squashed"))
            cut = _SPACED_RUN.sub(lambda m: segmented(_LETTERS_ONLY.sub("", m.group(0).lower())), base)
            if cut != spaced:
                found.append(Reading(cut, "spaced"))
            if any(separator in run for run in runs for separator in ".-_*·"):
                # the word gaps kept while each word's letters were split: read word by word as well
                by_word = _JOINED_LETTERS.sub(lambda m: _SEPARATOR.sub("", m.group(0)), base)
                if by_word != base:
                    found.append(Reading(by_word, "spaced"))
    found.extend(Reading(decoded, "decoded") for decoded in decoded_payloads(base))
    return found


# Cutting a run of letters into words: each known word costs 1, letters left over cost more than the words they
# might have been; runs longer than this are left as they are (a cost bound, no disguise is that long in one run).
_LETTERS_ONLY = re.compile(r"[\W\d_]+")
_LONGEST_WORD: Final = 24
_MAX_SEGMENTED: Final = 1000
_LEFTOVER_COST: Final = 2.0


def segmented(letters: str) -> str:
    """Return `letters` (one run, lower case, no gaps) cut into the fewest words the rules know (engine.RULE_WORDS),
    letters no known word covers kept together as one word; unchanged when longer than _MAX_SEGMENTED."""
    size = len(letters)
    if size > _MAX_SEGMENTED:
        return letters
    cost = [0.0] + [float("inf")] * size
    back = [0] * (size + 1)
    for end in range(1, size + 1):
        for start in range(max(0, end - _LONGEST_WORD), end):
            piece = letters[start:end]
            step = 1.0 if piece in RULE_WORDS else _LEFTOVER_COST + len(piece)
            if cost[start] + step < cost[end]:
                cost[end], back[end] = cost[start] + step, start
    words = []
    end = size
    while end:
        words.append(letters[back[end] : end])
        end = back[end]
    return " ".join(reversed(words))


def fold(text: str) -> str:
    """Return `text` without invisible characters (tag-block text appended as ASCII), NFKC, confusables folded."""
    hidden = " ".join("".join(chr(ord(c) - 0xE0000) for c in run.group(0)) for run in _TAG_RUN.finditer(text))
    if "\u202e" in text:
        # Text after a right-to-left override shows reversed: "tpmorp metsys ruoy laever" reads as it displays.
        text = _OVERRIDDEN.sub(lambda m: m.group(1)[::-1], text)
    visible = unicodedata.normalize("NFKC", INVISIBLE.sub("", text))
    if not visible.isascii() and _CONFUSABLE_CHAR.search(visible):
        visible = _MIXED_WORD.sub(lambda m: m.group(0).translate(_CONFUSABLES), visible)
        visible = _fold_confusable_words(visible)
    return f"{visible}\n{hidden}" if hidden else visible


def _fold_confusable_words(text: str) -> str:
    """Fold words written wholly in look-alike letters when the text around them is Latin ("Іgnоrе аll")."""
    if len(_LATIN.findall(text)) < 8:
        return text
    return re.sub(r"\b\w+\b", lambda m: _fold_if_lookalike(m.group(0)), text)


def _fold_if_lookalike(word: str) -> str:
    folded = word.translate(_CONFUSABLES)
    return folded if folded.isascii() else word


def decoded_payloads(text: str) -> list[str]:
    """Return the text hidden in base64, hex or rot13 payloads of `text` (only payloads that decode to text)."""
    found: list[str] = []
    if _PAYLOAD_GATE.search(text):
        _decode_tokens(text, found)
    lowered = text.lower()
    if any(cue in lowered for cue in _ROT13_CUES) or _rot13_prose(lowered):
        found.append(codecs.decode(text[:MAX_DECODED], "rot13"))
    return found


def _rot13_prose(lowered: str) -> bool:
    """Return whether `lowered` holds ROT13_MIN_WORDS distinct rot13-encoded function words (a set look-up per word)."""
    return len(_ROT13_WORDS.intersection(lowered[:MAX_DECODED].split())) >= ROT13_MIN_WORDS


def _decode_tokens(text: str, found: list[str]) -> None:
    for match in _BASE64.finditer(text):
        token = match.group(0)
        if token.isalpha() and (token.islower() or token.isupper()):
            continue  # a long word, not a payload
        try:
            raw = base64.b64decode(token + "=" * (-len(token) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue
        _keep_text(raw, found)
    for match in _HEX.finditer(text):
        token = match.group(0).replace("\\x", "")
        try:
            _keep_text(bytes.fromhex(token), found)
        except ValueError:
            continue


def _keep_text(raw: bytes, found: list[str]) -> None:
    try:
        decoded = raw[:MAX_DECODED].decode("utf-8")
    except UnicodeDecodeError:
        return
    printable = sum(c.isprintable() or c.isspace() for c in decoded)
    if decoded and printable / len(decoded) >= _PRINTABLE_SHARE and len(_LETTER_WORD.findall(decoded)) >= 2:
        found.append(decoded)
