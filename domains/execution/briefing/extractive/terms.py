"""Words as the scorer sees them: tokens, a light English stemmer, stop words, and what a question asks for."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

# A code of capitals and digits ("E21", "A4") is one token; otherwise numbers and words (checks re-reads their offsets).
# A single letter joined by a hyphen to a word ("e-book", "e-mail", "X-ray", "T-shirt") is one word, read without its
# hyphen ("ebook", "email"): its parts alone say something else ("can I borrow e-books?" is no question about books).
# v73: "Wi-Fi" is one word too ("wifi"), as people type it.
TOKEN_PATTERN = re.compile(
    r"\b[A-Z]{1,3}\d+[A-Z\d]*\b|\d+(?:[.,:]\d+)*|\b[Ww][Ii]-[Ff][Ii]\b|\b[^\W\d_]-[^\W\d_]{2,}(?:['’][^\W\d_]+)*"
    r"|[^\W\d_]+(?:['’][^\W\d_]+)*"
)
_POSSESSIVE = re.compile(r"['’]s?$")

STOP_WORDS = frozenset(
    str.split(
        "a about above after again against all also am an and any are as at be because been before being below "
        "between both but by can could did do does doing done down during each either else ever few for from "
        "further had has have having he her here hers herself him himself his how however i if in into is it its "
        "itself just least less let like made make many may me might more most much must my myself neither no nor "
        "not now of off on once one only or other our ours ourselves out over own per rather same shall she should "
        "since so some such than that the their theirs them themselves then there these they this those though "
        "through thus to too under until up upon us used using very via was we were what whatever when whenever "
        "where whereas whether which while who whom whose why will with within without would yet you your yours "
        "yourself 's s t name named called kind type term known ok okay i'm i've i'd i'll you're you've you'd "
        "you'll we're we've we'd we'll they're they've they'd they'll it's that's there's here's what's who's "
        "where's when's how's why's let's isn't aren't wasn't weren't haven't hasn't hadn't doesn't don't didn't "
        "won't wouldn't can't couldn't shouldn't mustn't usually normally typically generally currently "
        "whoever whichever wherever somewhere anywhere till"
    )
)
NEGATIONS = frozenset(str.split("not no never none nor neither without cannot n't nobody nothing nowhere"))
# In calendar order, so a month's number names it ("2026-12-06" is in December).
MONTH_NAMES = tuple(str.split("january february march april may june july august september october november december"))
MONTHS = frozenset(MONTH_NAMES)
DAY_NAMES = tuple(str.split("monday tuesday wednesday thursday friday saturday sunday"))
NUMBER_WORDS = frozenset(
    str.split(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
        "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion "
        "trillion dozen dozens hundreds thousands millions billions half quarter percent twice thrice"
    )
)
DATE_WORDS = frozenset(str.split("century centuries decade decades bc bce ad ce"))
# Words that only make a question a question: never evidence that a sentence is about the same thing.
QUESTION_FILLER = frozenset(str.split("happen happened occur occurred exist existed take took"))
# Words that hedge a question or a number ("Roughly how long ...?", "roughly 20"): the asker's manner, no subject
HEDGES = frozenset(str.split("roughly approximately approx"))


class AnswerKind(StrEnum):
    """What kind of answer a question expects, read from its wording."""

    NUMBER = "number"
    DATE = "date"
    PERSON = "person"
    PLACE = "place"
    OTHER = "other"


_KIND_PATTERNS = (
    (
        AnswerKind.DATE,
        re.compile(
            r"\bwhen\b|\bwhat (?:year|years|century|decade|date|day|month|period|era)\b"
            r"|\bwhich (?:year|century|decade|date|day|month|period|era)\b|\bhow long ago\b"
        ),
    ),
    (
        AnswerKind.NUMBER,
        re.compile(
            r"\bhow (?:many|much|long|far|old|big|large|high|tall|often|fast|heavy|deep)\b"
            r"|\bwhat (?:number|percentage|percent|proportion|amount|fraction|size|age|time)\b"
        ),
    ),
    (
        AnswerKind.PERSON,
        re.compile(
            r"\bwho\b|\bwhom\b|\bwhose\b|\b(?:what|which) (?:person|people|man|woman|king|"
            r"emperor|president|leader|scientist|author|group|organization|company)\b"
        ),
    ),
    (
        AnswerKind.PLACE,
        re.compile(
            r"\bwhere\b|\b(?:what|which) (?:country|countries|city|cities|place|region|"
            r"state|continent|location|area|river|island|town|province|nation)\b"
        ),
    ),
)


@dataclass(frozen=True)
class Token:
    """One word or number: lower-cased form, stem, and whether it was capitalised mid-sentence or is numeric."""

    lower: str
    stem: str
    capitalized: bool
    numeric: bool

    @property
    def content(self) -> bool:
        """Return True when the token carries meaning (not a stop word)."""
        return self.stem not in STOP_WORDS and self.lower not in STOP_WORDS


def _undouble(word: str) -> str:
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


# British spellings and their American forms, as the start of a word ("colours", "organised", "travelling"): a
# question typed one way finds a document written the other ("cancelled" / "canceled", "licence" / "license").
# Only spellings of one word: "cheque" is no "check" (a check-up), "practise", "storey" and "draught" name other
# things in American English. A spelling that starts the other one's word maps the longer to the shorter ("enroll"
# -> "enrol"), so both meet.
_AMERICAN = {
    "colour": "color",
    "flavour": "flavor",
    "favour": "favor",
    "honour": "honor",
    "humour": "humor",
    "labour": "labor",
    "neighbour": "neighbor",
    "harbour": "harbor",
    "behaviour": "behavior",
    "rumour": "rumor",
    "odour": "odor",
    "centre": "center",
    "theatre": "theater",
    "metre": "meter",
    "litre": "liter",
    "fibre": "fiber",
    "licence": "license",
    "defence": "defense",
    "offence": "offense",
    "programme": "program",
    "catalogue": "catalog",
    "dialogue": "dialog",
    "organis": "organiz",
    "realis": "realiz",
    "recognis": "recogniz",
    "apologis": "apologiz",
    "authoris": "authoriz",
    "minimis": "minimiz",
    "maximis": "maximiz",
    "prioritis": "prioritiz",
    "customis": "customiz",
    "personalis": "personaliz",
    "sanitis": "sanitiz",
    "sterilis": "steriliz",
    "analys": "analyz",
    "travell": "travel",
    "cancell": "cancel",
    "labell": "label",
    "modell": "model",
    "fuell": "fuel",
    "jewellery": "jewelry",
    "jewell": "jewel",
    "enroll": "enrol",  # the other way: "enrol" starts "enroll" and "enrolment"
    "fulfill": "fulfil",
    "instalment": "installment",
    "grey": "gray",
    "tyre": "tire",
    "kerb": "curb",
    "mould": "mold",
    "plough": "plow",
    "pyjama": "pajama",
    "aluminium": "aluminum",
    "cosy": "cozy",
    "paediatric": "pediatric",
    "orthopaed": "orthoped",
    "anaesthe": "anesthe",
    "haemo": "hemo",
    "oesophag": "esophag",
    "diarrhoea": "diarrhea",
    "manoeuvr": "maneuver",
    "sceptic": "skeptic",
    "tonne": "ton",
}
_BRITISH = re.compile("|".join(sorted(_AMERICAN, key=len, reverse=True)))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Return a light stem of a lower-case word: plural, -ing, -ed, -ly, -ation, -er and a final -e removed, in its
    American spelling (_AMERICAN)."""
    word = _POSSESSIVE.sub("", word)
    if (british := _BRITISH.match(word)) is not None:
        word = _AMERICAN[british.group(0)] + word[british.end() :]
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("sses") or word.endswith("xes") or word in ("buses", "gases"):
        word = word[:-2]
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    whole = word
    for suffix, replacement, min_stem in (
        ("ational", "at", 3),
        ("ation", "at", 3),
        ("ingly", "", 3),
        ("ing", "", 3),
        ("edly", "", 3),
        ("ied", "y", 2),
        ("ed", "", 3),
        ("ly", "", 4),
        ("ment", "", 4),
        ("ness", "", 4),
        ("er", "", 4),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= min_stem:
            word = word[: len(word) - len(suffix)] + replacement
            if suffix in ("ing", "ed", "ingly", "edly", "er"):
                word = _undouble(word)
            if suffix in ("ing", "er") and word in STOP_WORDS:
                word = whole  # "letter", "butter", "outing" are no forms of "let", "but", "out"
            break
    if word.endswith("e") and len(word) > 4 and word[:-1] not in STOP_WORDS:
        word = word[:-1]  # not "theme" -> "them"
    return word


def negated(tokens: Sequence[Token]) -> bool:
    """Return True when the tokens hold a negation ("not", "never", "isn't")."""
    return any(t.lower in NEGATIONS or t.lower.endswith("n't") for t in tokens)


def fold(text: str) -> str:
    """Return the text lower-cased with its whitespace runs folded to single spaces: the form that question patterns
    and title comparisons read."""
    return " ".join(text.lower().split())


def tokenize(text: str) -> list[Token]:
    """Return the tokens of `text` in order; a capital on the first word of the text does not count as one."""
    return [_token(match.group(0), index == 0) for index, match in enumerate(TOKEN_PATTERN.finditer(text))]


@lru_cache(maxsize=65536)
def _token(surface: str, opening: bool) -> Token:
    """Return the token of one word as it appears (`opening`: the text's first word). Tokens are immutable, so one
    instance serves every occurrence: a draft tokenizes the same evidence words several times over (sentences,
    chunks, headings), and building a Token cost more than the rest of tokenizing."""
    lower = surface.lower().replace("’", "'")
    numeric = surface[0].isdigit()
    value = lower.replace(",", "") if numeric else stem(lower.replace("-", ""))
    return Token(lower=lower, stem=value, capitalized=not opening and surface[0].isupper(), numeric=numeric)


def answer_kind(question: str) -> AnswerKind:
    """Return the kind of answer the question's wording asks for."""
    lowered = question.lower()
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(lowered):
            return kind
    return AnswerKind.OTHER


def is_year(token: Token) -> bool:
    """Return True for a number that reads as a year (100 to 2199)."""
    return token.numeric and token.lower.isdigit() and 3 <= len(token.lower) <= 4 and 100 <= int(token.lower) < 2200


def is_date_like(token: Token) -> bool:
    """Return True for a year, a month name or a word such as 'century'."""
    return is_year(token) or token.lower in MONTHS or token.lower in DATE_WORDS


def is_quantity(token: Token) -> bool:
    """Return True for a numeral or a number word that does not read as a year."""
    return (token.numeric and not is_year(token)) or token.lower in NUMBER_WORDS


# v88: a word rarer than this in written English (a Zipf frequency of 3.0 is once per million words) names something
# specific ("briquettes", "premolar", "dentures"); common words ("bag", "fire", "price") are how documents and people
# both say things. Chosen on the read everyday sets (ADR-0022). The common words are wordfreq's (CC BY-SA 4.0), listed
# by tools/answers/common_words.py.
RARE_ZIPF = 3.0
COMMON_WORDS_PATH = Path(__file__).resolve().parent / "common_words.txt"
_SUFFIXES = ("ing", "ed", "es", "s", "er")
_PREFIXES = ("un", "re", "non")


def word_forms(word: str) -> frozenset[str]:
    """Return a word with the forms its inflection or prefix may hide ("beeping" -> beep, "uncollected" -> collected,
    collect; "freebies" -> freebie): a derived word is as common as its most common form."""
    forms = {word}
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            forms |= {base, base + "e"}
            if base[-1] == base[-2]:
                forms.add(base[:-1])  # "mopping" -> mop
            if base.endswith("i"):
                forms.add(base[:-1] + "y")
    for prefix in _PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= 4:
            forms |= word_forms(word[len(prefix) :])
    return frozenset(forms)


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Return the common English words (COMMON_WORDS_PATH), read once."""
    lines = COMMON_WORDS_PATH.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


@lru_cache(maxsize=65536)
def is_rare(word: str) -> bool:
    """Return True when an alphabetic word and every form of it (word_forms) are rarer in English than RARE_ZIPF."""
    if not word.isalpha():
        return False
    common = common_words()
    return not any(form in common for form in word_forms(word.lower()))


ENGLISH_SHARE = 0.6  # of a question's words that are common English words, for its rare words to mean anything (v89)


def reads_as_english(tokens: Sequence[Token]) -> bool:
    """Return True when most of a question's words are common English words: a rare word of a German or French
    question ("Wann ist die Bibliothek geöffnet?") is only a word of another language."""
    words = [token.lower for token in tokens if token.lower.isalpha()]
    return bool(words) and sum(word in common_words() for word in words) >= ENGLISH_SHARE * len(words)
