"""Sentence spans inside a chunk: [start, end) offsets into the chunk text, so a quote is always chunk[start:end].

Every span is cut from the original text and only ever trimmed of surrounding whitespace, never rewritten, which is
what makes a quote built from spans verbatim by construction. A sentence ends at `.`, `!`, `?` or `…` (plus any
closing quotes or brackets) followed by whitespace, but not after a known abbreviation ("e.g.", "Fig. 3", "U.S.
Army"), a single initial ("J. Smith") or when the next word starts in lower case; a blank line or a line that starts
a list item always ends one, and a content-safety marker is a sentence of its own. A span longer than `max_chars` is
cut at the last clause boundary (`;`, `:`, `,`), or else the last space, that fits, so even a chunk without any
punctuation yields quotable spans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domains.execution.briefing.prompt_format import WITHHELD_MARKER_START

DEFAULT_MAX_SENTENCE_CHARS = 400

# Sentence-ending punctuation before a space, or a CJK full stop, exclamation or question mark (no space follows one)
_END = re.compile(r"[.!?…]+[\"'”’»)\]]*(?=\s)|[。！？]+[」』）]*")
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n\s*")
# A new line that opens a list item: "- x", "• x", "1. x", "(a) x", "iv) x".
_LIST_ITEM_LINE = re.compile(r"\n[ \t]*(?=[-•*▪–]\s|\(?(?:\d{1,3}|[a-z]|[ivxlc]{1,5})[.)]\s)")
_OPENERS = frozenset("\"'“‘«([¿¡")
# The marker run/prompt.py puts where content safety withheld a span: a sentence of its own, so the text after it
# (often the next line of the same paragraph) is not glued to it and lost with it.
_WITHHELD = re.compile(re.escape(WITHHELD_MARKER_START) + r"[^\]\n]*\]")
_WORD_BEFORE = re.compile(r"([^\W\d_](?:[\w.'’-]*[^\W_])?)\.?[\"'”’»)\]]*$")
_ABBREVIATIONS = frozenset(
    str.split(
        "e.g i.e cf vs al approx dept est fig figs eq eqs ref refs sec secs ch chap vol vols pp para ed eds inc ltd "
        "co corp mr mrs ms dr prof st jr sr gen gov rep sen rev hon lt col capt sgt maj pres jan feb mar apr jun jul "
        "aug sep sept oct nov dec u.s u.k u.n a.m p.m ph.d ibid op viz etc ca mt ft ave blvd rd dist div assn bros "
        "messrs mme mlle esq"
    )
)
# Abbreviations that are also ordinary words: only an abbreviation before a number ("No. 5", "Art. 12").
_NUMBER_PREFIXES = frozenset({"no", "nos", "art", "arts"})
# These end a sentence as often as not ("in the U.S. The war" / "the U.S. Army"): they end one only when the next
# word is one that typically opens a sentence.
_SENTENCE_FINAL_ABBREVIATIONS = frozenset(
    str.split("etc u.s u.k u.n a.m p.m inc ltd co corp st ft ave rd blvd jr sr esq dept bros assn")
)
_SENTENCE_OPENERS = frozenset(
    str.split(
        "the a an it its he she they we i you this that these those there here in on at by for from after before "
        "during when while however but and as his her their our some many most one two all each both such although "
        "though since if to with under later then also because according other another today yet thus still what "
        "who which where why how no not"
    )
)
_NEXT_TOKEN = re.compile(r"\s*#?([A-Z0-9][\w/-]*)")
_NEXT_WORD = re.compile(r"\s*[\"'“‘«(\[]*([^\W\d_]+)")
# A line that is only an enumerator before the period: "1.", "iv.", "(a.".
_ENUMERATOR = re.compile(r"[ \t]*\(?(?:\d{1,3}|[ivxlc]{1,5}|[a-z])", re.IGNORECASE)
_CLAUSE_CUT = re.compile(r"[;:,](?=\s)")
# The boundary between two cells of a record row ("Permit: 18,870 | Handgun: 23,022"): a long row is cut there, never
# between a cell's label and its value.
_CELL_CUT = re.compile(r"\s\|\s")


@dataclass(frozen=True)
class SentenceSpan:
    """One sentence of a chunk: the quote is `text[start:end]`."""

    start: int
    end: int


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _next_visible(text: str, index: int) -> str:
    while index < len(text) and text[index].isspace():
        index += 1
    return text[index] if index < len(text) else ""


def _is_abbreviation(text: str, block_start: int, dot: int, following: str) -> bool:
    """Return True when the period at `dot` belongs to an abbreviation or an initial rather than ending a sentence."""
    match = _WORD_BEFORE.search(text, max(block_start, dot - 40), dot + 1)
    if match is None:
        return False
    word = match.group(1).lower().rstrip(".")
    if len(word) == 1 and word.isalpha():
        # an initial ("J. R. Smith", "Fig. A."), unless a capitalised sentence opener follows: "Community Room, Block
        # B. The AGM will be held in September" ends at "B."
        after = _NEXT_WORD.match(text, dot + 1)
        return after is None or not (after.group(1)[:1].isupper() and after.group(1).lower() in _SENTENCE_OPENERS)
    if word in _NUMBER_PREFIXES:
        # "No. 5", and "order no. PO-7781": a reference with a digit in it is the number named
        token = _NEXT_TOKEN.match(text, dot + 1)
        return following.isdigit() or (token is not None and any(c.isdigit() for c in token.group(1)))
    if word in _SENTENCE_FINAL_ABBREVIATIONS:
        after = _NEXT_WORD.match(text, dot + 1)
        return after is None or after.group(1).lower() not in _SENTENCE_OPENERS
    return word in _ABBREVIATIONS


def _ends_in(text: str, start: int, end: int) -> list[int]:
    """Return the offsets inside text[start:end] right after each sentence-ending punctuation run."""
    cuts: list[int] = []
    for match in _END.finditer(text, start, end):
        following = _next_visible(text, match.end())
        # A sentence opens with a capital, a digit, a letter of a script without case (CJK), an opening quote or
        # bracket, or a symbol; never in lower case.
        if not following or following.islower():
            continue
        dot = match.start()
        if text[dot] == "." and match.end() - dot == 1:
            line_start = max(start, text.rfind("\n", start, dot) + 1)
            if _ENUMERATOR.fullmatch(text, line_start, dot) or _is_abbreviation(text, start, dot, following):
                continue  # "1. First item" or "Fig. 3": the period does not end a sentence
        cuts.append(match.end())
    return cuts


def _hard_breaks(text: str) -> list[tuple[int, int]]:
    """Return the blocks of text separated by blank lines or list-item line starts."""
    cuts = sorted(
        {m.start() for m in _BLANK_LINE.finditer(text)}
        | {m.start() for m in _LIST_ITEM_LINE.finditer(text)}
        | {cut for m in _WITHHELD.finditer(text) for cut in (m.start(), m.end())}
    )
    blocks, start = [], 0
    for cut in cuts:
        blocks.append((start, cut))
        start = cut
    blocks.append((start, len(text)))
    return blocks


def _cut_point(text: str, start: int, max_chars: int) -> int:
    """Return where to cut a span that starts at `start` so the first piece is at most max_chars long."""
    limit = start + max_chars
    floor = start + max_chars // 3  # never cut so early that the piece is a fragment
    cells = [m.start() for m in _CELL_CUT.finditer(text, floor, limit)]
    if cells:
        return cells[-1]
    clauses = [m.end() for m in _CLAUSE_CUT.finditer(text, floor, limit)]
    if clauses:
        return clauses[-1]
    for index in range(limit, floor, -1):
        if text[index].isspace():
            return index
    return limit  # one unbroken token longer than the limit: a hard cut still quotes verbatim text


def _bounded(text: str, start: int, end: int, max_chars: int) -> list[SentenceSpan]:
    """Cut an over-long span at clause boundaries, else spaces, else hard, into pieces of at most max_chars."""
    pieces: list[SentenceSpan] = []
    while end - start > max_chars:
        cut = _cut_point(text, start, max_chars)
        piece_start, piece_end = _strip(text, start, cut)
        if piece_end > piece_start:
            pieces.append(SentenceSpan(piece_start, piece_end))
        start, end = _strip(text, cut, end)
        if text.startswith("|", start):
            start, end = _strip(text, start + 1, end)  # the next piece starts with its cell, not the separator
    if end > start:
        pieces.append(SentenceSpan(start, end))
    return pieces


def split_sentences(text: str, *, max_chars: int = DEFAULT_MAX_SENTENCE_CHARS) -> list[SentenceSpan]:
    """Return the sentence spans of `text` in order, each non-empty, trimmed and at most `max_chars` long."""
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    spans: list[SentenceSpan] = []
    for block_start, block_end in _hard_breaks(text):
        start = block_start
        for cut in [*_ends_in(text, block_start, block_end), block_end]:
            piece_start, piece_end = _strip(text, start, cut)
            if piece_end > piece_start:
                spans.extend(_bounded(text, piece_start, piece_end, max_chars))
            start = cut
    return spans


def split_row(text: str, *, max_chars: int = DEFAULT_MAX_SENTENCE_CHARS) -> list[SentenceSpan]:
    """Return the spans of a table row or record line: one, however many sentences its cells hold ("| Standard Service |
    Everything in the Safety Check, ... bolt torque check. | £65 |": the price belongs to the service named), cut
    between cells only where the row is longer than `max_chars` (v70)."""
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    start, end = _strip(text, 0, len(text))
    return _bounded(text, start, end, max_chars) if end > start else []
