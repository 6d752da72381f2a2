"""The structural rule families: which lines could open a section, and which lines open an item.

Each family recognises one shape of heading from a single line (and its neighbours, for context). Nothing
here decides whether a family applies to a document; that is the gate's job (gate.py), from evidence across
the whole document. A candidate's `rank` orders the families in the section hierarchy: smaller is higher.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from domains.knowledge.ingestion.chunking.lines import Line

Family = Literal["markdown", "divider", "caps", "citation", "decimal", "entry", "clause"]

RANK_DIVIDER = 10.0
RANK_CAPS = 20.0
RANK_CITATION = 30.0
RANK_DECIMAL = 40.0
RANK_ENTRY = 50.0
RANK_CLAUSE = 60.0


@dataclass(frozen=True, slots=True)
class Candidate:
    """A line that could open a section."""

    line: int
    family: Family
    label: str
    rank: float
    style: str = ""  # numbering style inside the family: divider keyword, clause marker kind
    key: tuple[int, ...] = ()  # the number, for sequence checks ("2.1" -> (2, 1), "(c)" -> (3,))
    run_in: bool = False  # the section's body starts on the heading line itself
    continues: bool = False  # a wrapped heading may continue on the next line(s)


_SMALL_WORDS = frozenset(
    str.split(
        "a an the of and or for to in on at by with from as per via vs nor but into over under upon its his her "
        "und oder der die das des dem den von zu zum zur im mit für auf aus bei nach über unter vor ein eine "
        "einer eines de la le les du et"
    )
)
_WORD = re.compile(r"\w[\w'’./-]*")
# Words that open sentences far more often than titles: a capitalised line starting with one is usually the
# first line of a wrapped paragraph ("Under the Freedom of Information Act"), not a heading.
_SENTENCE_OPENERS = frozenset(
    str.split(
        "after although and as at because before but by during except following for from he if in it its "
        "of on or since she that these they this those to under unless upon we when where whereas which while with "
        "you sei seien es ist dann wenn also da dies diese dieser damit"
    )
)
_CAPTION = re.compile(r"(?:Figure|Fig\.|Table|Tab\.|Abbildung|Abb\.|Tabelle|Listing)\s*\d")
_MATH_MARKS = frozenset("=<>+")
_ENDS_LIKE_SENTENCE = re.compile(r"[.,;!?]$")
_DOT_LEADERS = re.compile(r"(?:\. ?){4,}|…")
_TRAILING_PAGE_NUMBER = re.compile(r"\s\d{1,4}$")


def is_title_like(text: str, *, threshold: float = 0.75, open_end: bool = False) -> bool:
    """Return whether most significant words of `text` start with a capital letter or a digit.

    A title ending in "and"/"of"/"und" runs on into the next line; that is only allowed with `open_end`.
    """
    words = _WORD.findall(text)
    if not words or (words[-1].lower() in _SMALL_WORDS and not open_end):
        return False
    # Numbers are neutral: a table row of figures is not a title because digits "look capitalised".
    significant = [word for word in words if word.lower() not in _SMALL_WORDS and not word[0].isdigit()]
    if not significant:
        return False
    capitalized = sum(1 for word in significant if word[0].isupper())
    return capitalized >= threshold * len(significant)


def _letter_share(text: str) -> float:
    visible = [char for char in text if not char.isspace()]
    return sum(char.isalpha() for char in visible) / len(visible) if visible else 0.0


def is_heading_text(text: str, *, max_chars: int = 90, open_end: bool = False) -> bool:
    """Return whether `text` reads as a heading title: short, capitalised, not a sentence, mostly letters."""
    first_letter = next((char for char in text if char.isalpha()), "")
    return (
        0 < len(text) <= max_chars
        and first_letter.isupper()
        and not _ENDS_LIKE_SENTENCE.search(text)
        and _letter_share(text) >= 0.5
        and is_title_like(text, open_end=open_end)
    )


def ends_open(text: str) -> bool:
    """Return whether `text` ends with a word that cannot end a title ("and", "of", "und")."""
    words = _WORD.findall(text)
    return bool(words) and words[-1].lower() in _SMALL_WORDS


def _is_caps_text(text: str) -> bool:
    letters = [char for char in text if char.isalpha()]
    if len(letters) < 4:
        return False
    return sum(char.isupper() for char in letters) >= 0.9 * len(letters) and _letter_share(text) >= 0.5


# --- dividers: CHAPTER I, Part 2, TITLE I: ..., ANNEX A, Appendix B -----------------------------------------

_DIVIDER = re.compile(
    r"(?P<word>chapter|part|title|annex|appendix|schedule|book|subpart|kapitel|teil|anhang|anlage)"
    r"\s+(?P<num>[ivxlcdm]+|\d+[a-z]?|[a-z])(?!\w)(?P<rest>.*)",
    re.IGNORECASE,
)
_TITLE_SEPARATOR = re.compile(r"\s*[:.—–-]\s*|\s+")


def _divider(line: Line) -> Candidate | None:
    match = _DIVIDER.fullmatch(line.text)
    if not match or not match.group("word")[0].isupper() or len(line.text) > 120:
        return None
    rest = match.group("rest")
    separator = _TITLE_SEPARATOR.match(rest)
    if rest.strip() and separator is None:
        return None  # "Part 1(a)..." or "Schedule 2)": a reference in running text, not a divider
    title = rest[separator.end() :] if separator is not None and rest.strip() else ""
    if title and not (is_heading_text(title, max_chars=110) or _is_caps_text(title)):
        return None
    label = line.text.rstrip(" .:")
    style = match.group("word").lower()
    return Candidate(line.index, "divider", label, RANK_DIVIDER, style=style, continues=True)


# --- ALL-CAPS headers, standalone ("INTRODUCTION") or run-in ("SUMMARY: The FAA proposes ...") -------------

_RUN_IN_CAPS = re.compile(r"(?P<label>[A-Z][A-Z0-9 ,&/'’()\-]{2,60}?):\s+(?P<body>\S.*)")


def _caps(line: Line) -> Candidate | None:
    text = line.text
    match = _RUN_IN_CAPS.match(text)
    if match and _is_caps_text(match.group("label")) and sum(map(str.isalpha, match.group("label"))) >= 4:
        return Candidate(line.index, "caps", match.group("label"), RANK_CAPS, run_in=True)
    letters = [char for char in text if char.isalpha()]
    standalone = (
        len(letters) >= 4
        and all(char.isupper() for char in letters)
        and any(len(word) >= 3 and word.isalpha() for word in text.split())  # not "U1 X2 U2 X2" in a formula
        and _letter_share(text) >= 0.5
        and len(text) <= 80
        and len(text.split()) <= 12
        and not text.endswith((".", ",", ";"))
    )
    if standalone:
        return Candidate(line.index, "caps", text.rstrip(" :"), RANK_CAPS, continues=not text.endswith(":"))
    return None


# --- citation vocabulary: § 39.13 [Amended], Section 12(b). Title, Article 5, Line 13—..., 14 CFR Part 39 -----

_CITATION = re.compile(
    r"(?P<word>§§?|Section|SECTION|Sec\.|SEC\.|Article|ARTICLE|Art\.|Artikel|Rule|RULE|Regulation|Paragraph|¶"
    r"|Lines?|Item|ITEM)"
    r"\s*(?P<num>\d+[A-Za-z]?(?:[.\-–]\d+[A-Za-z]?)*(?:\([A-Za-z0-9]{1,4}\))*)"
    r"(?P<more>(?:\s*(?:,|and|through|to|–|-)\s*\d+[A-Za-z]?(?:\([A-Za-z0-9]{1,4}\))*)*)"
    r"(?P<rest>(?!\w).*)"
)
_CODE_CITATION = re.compile(r"\d{1,3}\s+(?:CFR|C\.F\.R\.|U\.S\.C\.|USC)\s+(?:[Pp]art\s+)?\d+[\w.\-]*")
_RUN_IN_END = re.compile(r"[.:]\s+(?=\S)")


def _citation(line: Line) -> Candidate | None:
    text = line.text
    if _CODE_CITATION.fullmatch(text):
        return Candidate(line.index, "citation", text, RANK_CITATION)
    match = _CITATION.match(text)
    if not match:
        return None
    head, rest, word = text[: match.start("rest")], match.group("rest"), match.group("word")
    stripped = rest.strip()
    if not stripped or (stripped.startswith("[") and len(text) <= 90):
        return Candidate(line.index, "citation", text.rstrip(" .:"), RANK_CITATION, style=word)
    if rest[0] in ".:—–-":
        title = rest[1:].strip()
        end = _RUN_IN_END.search(title)
        heading, run_in = (title[: end.start()], True) if end else (title.rstrip("."), False)
        if (heading and is_heading_text(heading, max_chars=100)) or (not heading and run_in):
            label = f"{head}{rest[0]}{' ' if rest[1:2] == ' ' else ''}{heading}".rstrip(" .:")
            return Candidate(line.index, "citation", label, RANK_CITATION, style=word, run_in=run_in)
        return None
    if is_heading_text(stripped, max_chars=100):
        return Candidate(line.index, "citation", text, RANK_CITATION, style=word)
    return None


# --- decimal headings: 1 Introduction, 2.1 Overview, 4.2.1. Flächeninhalt ------------------------------------

_DECIMAL = re.compile(r"(?P<num>\d{1,2}(?:\.\d{1,3}){0,4})\.?\s+(?P<title>\S.*)")
_NUMBERED_LINE_WITH_PAGE = re.compile(r"\d{1,2}(?:\.\d{1,3})*\.?\s+\S.*\s\d{1,4}")


def _decimal(lines: list[Line], index: int) -> Candidate | None:
    line = lines[index]
    match = _DECIMAL.fullmatch(line.text)
    if not match:
        return None
    title = match.group("title")
    if _DOT_LEADERS.search(title) or not title[0].isalpha():
        return None
    if not is_heading_text(title, open_end=True) and not _stands_alone(lines, index, title):
        return None  # "2. Travel by car and bicycle" in sentence case, above its numbered paragraphs, still heads
    following = lines[index + 1].text if index + 1 < len(lines) else ""
    if ends_open(title) and not is_heading_text(following, max_chars=60):
        return None
    if _TRAILING_PAGE_NUMBER.search(title) and _neighbour_is_toc_entry(lines, index):
        return None
    key = tuple(int(part) for part in match.group("num").split("."))
    return Candidate(line.index, "decimal", line.text, RANK_DECIMAL + len(key), key=key, continues=ends_open(title))


def _neighbour_is_toc_entry(lines: list[Line], index: int) -> bool:
    # Table-of-contents entries come in runs of numbered lines that end with a page number.
    neighbours = [lines[i].text for i in (index - 1, index + 1) if 0 <= i < len(lines)]
    return any(_NUMBERED_LINE_WITH_PAGE.fullmatch(text) for text in neighbours)


# --- entry titles: "Definition 5", "Beispiel 4 (Produkttopologien)", or a standalone title line ------------

_LABELED_ENTRY = re.compile(
    r"(?:Definition|Theorem|Lemma|Corollary|Proposition|Example|Remark|Exercise|Problem|Claim|Conjecture|Axiom"
    r"|Satz|Korollar|Folgerung|Hilfssatz|Beispiel|Bemerkung|Aufgabe|Übungsaufgabe)"
    r"\s+\d{1,3}(?:\.\d{1,3})*(?:\s*\([^()]{1,80}\))?\s*[.:]?"
)
_SENTENCE_END_CHARS = tuple('.!?:;"”’)')


def _entry(lines: list[Line], index: int) -> Candidate | None:
    line = lines[index]
    if _LABELED_ENTRY.fullmatch(line.text):
        return Candidate(line.index, "entry", line.text.rstrip(" .:"), RANK_ENTRY)
    if index + 1 >= len(lines) or _in_field_block(lines, index):
        return None
    if _stands_alone(lines, index):
        return Candidate(line.index, "entry", line.text, RANK_ENTRY)
    if not _is_title_line(line.text):
        return None
    previous = lines[index - 1] if index else None
    follows_break = (
        line.paragraph_start
        or previous is None
        or previous.text.endswith(_SENTENCE_END_CHARS)
        or _is_caps_text(previous.text)
        or _is_title_line(previous.text)  # a subheading straight under its heading
    )
    return (
        Candidate(line.index, "entry", line.text, RANK_ENTRY)
        if follows_break and _opens_text(lines, index + 1)
        else None
    )


# "Date of admission: Tuesday 10 June 2025" over "Time to arrive: 07:00": a form's fields, never headings
_FIELD_LINE = re.compile(r"[A-Z][^:]{0,40}:\s+\S")
_STANDALONE_MAX_CHARS = 60
_STANDALONE_MAX_WORDS = 8


def _in_field_block(lines: list[Line], index: int) -> bool:
    """Return whether the line is a "Label: value" field next to another (a letter's or a form's block of them)."""
    if not _FIELD_LINE.match(lines[index].text):
        return False
    near = [lines[i].text for i in (index - 1, index + 1) if 0 <= i < len(lines)]
    return any(_FIELD_LINE.match(text) for text in near)


def _stands_alone(lines: list[Line], index: int, title: str | None = None) -> bool:
    """Return whether a short line in sentence case is a heading of a plain-text letter or policy: a paragraph of its
    own ("Your medicines", "What to bring", "If you cannot attend"), no sentence (no closing punctuation, no comma),
    above a paragraph of running text. `title` is the line's text after its number, when it has one."""
    if index + 1 >= len(lines):
        return False
    line, below = lines[index], lines[index + 1]
    text = (line.text if title is None else title).strip()
    words = text.split()
    return (
        line.paragraph_start
        and below.paragraph_start
        and 3 <= len(text) <= _STANDALONE_MAX_CHARS
        and len(words) <= _STANDALONE_MAX_WORDS
        and text[0].isupper()
        and text[-1] not in ".,;:!?)\"'’”"
        and ("," not in text or title is not None)  # "3. Travel by rail, bus and taxi" under its number
        and not _HEADER_FIELD.match(text)
        and not _MATH_MARKS.intersection(text)
        and _letter_share(text) >= 0.7
        and len(below.text) > _WRAPPED_LINE_CHARS
        and (below.text[:1].isupper() or below.text[:1].isdigit())
    )


def _opens_text(lines: list[Line], index: int, *, depth: int = 1) -> bool:
    """Return whether the line at `index` starts running text (possibly after one more title line)."""
    text = lines[index].text
    if not (text[0].isupper() or text[0].isdigit() or text[0] in '"“‘('):
        return False
    if len(text) > _WRAPPED_LINE_CHARS or not _is_title_line(text):
        return True
    # A run of short capitalised lines is a list, a form or a table, unless it is a heading over a subheading.
    return depth > 0 and index + 1 < len(lines) and _opens_text(lines, index + 1, depth=depth - 1)


# A mail or memo header line ("Date: 14 April 2026", "To: All staff") is a field of the message, never a heading.
_HEADER_FIELD = re.compile(r"(?i:from|to|cc|bcc|date|sent|subject|re|reply-to|attachments?)\s*:\s")


def _is_title_line(text: str) -> bool:
    words = text.split()
    return (
        not _HEADER_FIELD.match(text)
        and 3 <= len(text) <= 70
        and len(words) <= 10
        and text[0].isupper()
        and not any(mark in text for mark in (",", ";", ". "))
        and not text.endswith(("-", "–", "—", ":"))
        and not _MATH_MARKS.intersection(text)
        and not _CAPTION.match(text)
        and any(len(word) >= 3 and word.isalpha() for word in words)
        and not opens_sentence(text)
        and is_heading_text(text)
    )


def opens_sentence(text: str) -> bool:
    """Return whether the first word of `text` is one that usually opens a sentence rather than a title."""
    first = text.split(" ", 1)[0].lower()
    return first in _SENTENCE_OPENERS


# --- clause headings: "(a) Comments Due Date", "(2) Definitions", "(iv) Exceptions" -------------------------

_CLAUSE = re.compile(r"\((?P<marker>[a-z]{1,5}|[A-Z]|\d{1,3})\)\s+(?P<title>\S.*)")
_ROMAN = re.compile(r"m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def roman_value(numeral: str) -> int:
    """Return the value of a lowercase roman numeral."""
    total = 0
    for char, following in zip(numeral, numeral[1:] + " ", strict=True):
        value = _ROMAN_VALUES[char]
        total += -value if following != " " and _ROMAN_VALUES[following] > value else value
    return total


def clause_marker(marker: str) -> tuple[str, int] | None:
    """Return (style, ordinal) for a clause marker; a lone i, v or x is "alpha_or_roman" until context decides."""
    if marker.isdigit():
        return "num", int(marker)
    if len(marker) == 1 and marker.isupper():
        return "ALPHA", ord(marker) - ord("A") + 1
    if marker in ("i", "v", "x"):
        return "alpha_or_roman", ord(marker) - ord("a") + 1
    if len(marker) == 1:  # (c), (d), (l), (m) are letters in any real list, not roman 100, 500, 50, 1000
        return "alpha", ord(marker) - ord("a") + 1
    if _ROMAN.fullmatch(marker):
        return "roman", roman_value(marker)
    return None


def _clause(lines: list[Line], index: int) -> Candidate | None:
    line = lines[index]
    match = _CLAUSE.fullmatch(line.text)
    if not match or opens_sentence(match.group("title")) or not is_heading_text(match.group("title"), max_chars=80):
        return None
    following = lines[index + 1].text if index + 1 < len(lines) else ""
    # Sub-figure captions "(a) SPECTER" / "(b) Schritt 2" are followed by drawing debris or the caption.
    if not following or _CAPTION.match(following) or not (following[0].isalnum() or following[0] in '"“‘('):
        return None
    marker = clause_marker(match.group("marker"))
    if marker is None:
        return None
    style, ordinal = marker
    return Candidate(line.index, "clause", line.text, RANK_CLAUSE, style=style, key=(ordinal,), continues=True)


def classify_line(lines: list[Line], index: int) -> list[Candidate]:
    """Return every heading candidate this line could be, the most specific family first."""
    line = lines[index]
    found = (
        _divider(line),
        _citation(line),
        _decimal(lines, index),
        _clause(lines, index),
        _caps(line),
        _entry(lines, index),
    )
    return [candidate for candidate in found if candidate is not None]


_WRAPPED_LINE_CHARS = 30
_ITEM_START = re.compile(
    r"(?:[•◦▪▫‣∙●○■□►▸✓✔➢–—*+!-]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|\((?:[ivx]{1,5}|[a-z]|\d{1,3})\)"
    r"|\[\d{1,3}\]|[ivx]{1,5}[.)])\s+\S"
)


def starts_item(text: str) -> bool:
    """Return whether a line opens a list item, an enumerated clause or a bracketed footnote."""
    return _ITEM_START.match(text) is not None


def continues_heading(candidate: Candidate, previous: str, text: str) -> bool:
    """Return whether `text` is the wrapped remainder of a heading whose last line so far is `previous`."""
    if candidate.family in ("divider", "caps"):
        return _is_caps_text(text) and len(text) <= 60 and not text.endswith((".", ":"))
    # Only a line that ran to (about) the column width can have wrapped; a short title is complete.
    wrapped = len(previous) >= _WRAPPED_LINE_CHARS or ends_open(previous)
    return wrapped and is_heading_text(text, max_chars=60) and not starts_item(text)
