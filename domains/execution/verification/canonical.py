"""The canonical form a quote and its source are compared in: a closed list of named foldings, with an offset map.

Each folding removes a difference that a copying model or a PDF extractor introduces without changing a letter,
digit or word; nothing else is folded (ADR 0021). Folding is for the comparison only: every folded character
remembers the original characters it came from (`start`, `end`), so a match maps back to exact source offsets and
the stored quote is the source's own text.

Source-only units may be *optional*: the matcher may skip them when the quote does not have them. They are the
places where the source carries typographic glue the quote may drop without changing a word: a no-break space,
a hyphen at a line break (and its line break), and in PDF text the whitespace between two letters (extraction
splits words: "notificatio n").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from packages.core.markup import EMPHASIS, markdown_markers

# The names a citation reports in `span.match` (in this order).
FOLDINGS = (
    "nfkc",
    "quotes",
    "dashes",
    "invisible",
    "no_break_space",
    "line_break_hyphen",
    "markdown",
    "whitespace",
    "split_words",
    "case",
    "ellipsis_edges",
)
ALL_FOLDINGS = frozenset(FOLDINGS)

_QUOTES = {
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u00b4\u0060", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
}
_DASHES = dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-")
_INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")
_NO_BREAK = frozenset("\u00a0\u202f\u2007")
_LINE_HYPHENS = frozenset("-\u00ad") | frozenset(_DASHES)
_ELLIPSES = ("...", "\u2026")


@dataclass(slots=True)
class Unit:
    """One character of folded text: what it reads as, where it came from, and whether a match may skip it."""

    char: str
    start: int
    end: int
    optional: str | None = None  # the folding that makes this source unit skippable


@dataclass(frozen=True)
class FoldedText:
    units: list[Unit]
    fired: frozenset[str]  # the foldings that changed something

    @property
    def text(self) -> str:
        return "".join(unit.char for unit in self.units)


def fold(
    value: str, enabled: frozenset[str] = ALL_FOLDINGS, *, source: bool = False, paged: bool = False
) -> FoldedText:
    """Fold `value` with the `enabled` foldings; `source` marks skippable glue, `paged` allows split words."""
    fired: set[str] = set()
    units = [Unit(char, index, index + 1) for index, char in enumerate(value)]
    if "line_break_hyphen" in enabled:
        units = _line_break_hyphens(units, source, fired)
    if "invisible" in enabled:
        units = _drop(units, lambda u: u.char in _INVISIBLE, "invisible", fired)
    if "no_break_space" in enabled:
        units = _no_break_spaces(units, source, fired)
    if "nfkc" in enabled:
        units = _nfkc(units, fired)
    if "quotes" in enabled:
        units = _translate(units, _QUOTES, "quotes", fired)
    if "dashes" in enabled:
        units = _translate(units, _DASHES, "dashes", fired)
    if "markdown" in enabled:
        units = _markdown(units, fired)
    if "whitespace" in enabled:
        units = _whitespace(units, fired, split_words=source and paged and "split_words" in enabled)
    if "case" in enabled:
        units = _lower(units, fired)
    if not source and "ellipsis_edges" in enabled:
        units = _ellipsis_edges(units, fired)
    return FoldedText(units, frozenset(fired))


def _drop(units: list[Unit], doomed: Callable[[Unit], bool], name: str, fired: set[str]) -> list[Unit]:
    kept = [unit for unit in units if not doomed(unit)]
    if len(kept) != len(units):
        fired.add(name)
    return kept


def _translate(units: list[Unit], table: dict[str, str], name: str, fired: set[str]) -> list[Unit]:
    for unit in units:
        if unit.char in table:
            unit.char = table[unit.char]
            fired.add(name)
    return units


def _line_break_hyphens(units: list[Unit], source: bool, fired: set[str]) -> list[Unit]:
    """A hyphen ending a line between two letters: optional in a source, joined (removed) in a quote."""
    out: list[Unit] = []
    index = 0
    while index < len(units):
        unit = units[index]
        if unit.char in _LINE_HYPHENS and _letter_before(out):
            after = index + 1
            while after < len(units) and units[after].char in " \t":
                after += 1
            if after < len(units) and units[after].char in "\r\n":
                while after < len(units) and units[after].char.isspace():
                    after += 1
                letter = after
                while letter < len(units) and units[letter].char in EMPHASIS:
                    letter += 1  # emphasis opening the next line's word: removed by the markdown folding
                if letter < len(units) and units[letter].char.isalpha():
                    fired.add("line_break_hyphen")
                    if source:
                        for skipped in units[index:after]:
                            skipped.optional = "line_break_hyphen"
                            out.append(skipped)
                    index = after
                    continue
        out.append(unit)
        index += 1
    return out


def _letter_before(out: list[Unit]) -> bool:
    """True when the text so far ends with a letter (past any emphasis markers closing it)."""
    for unit in reversed(out):
        if unit.char not in EMPHASIS:
            return unit.char.isalpha()
    return False


def _no_break_spaces(units: list[Unit], source: bool, fired: set[str]) -> list[Unit]:
    for unit in units:
        if unit.char in _NO_BREAK:
            unit.char = " "
            fired.add("no_break_space")
            if source:
                unit.optional = "no_break_space"
    return units


def _nfkc(units: list[Unit], fired: set[str]) -> list[Unit]:
    """NFKC per base character and its combining marks, so composed and decomposed letters fold alike."""
    out: list[Unit] = []
    index = 0
    while index < len(units):
        end = index + 1
        while end < len(units) and unicodedata.combining(units[end].char):
            end += 1
        group = units[index:end]
        raw = "".join(unit.char for unit in group)
        folded = unicodedata.normalize("NFKC", raw)
        if folded == raw:
            out.extend(group)
        else:
            fired.add("nfkc")
            first, last = group[0], group[-1]
            out.extend(Unit(char, first.start, last.end, first.optional) for char in folded)
        index = end
    return out


def _markdown(units: list[Unit], fired: set[str]) -> list[Unit]:
    """Drop emphasis markers (runs of * or _ that open or close a word) and heading markers at a line start."""
    doomed = {i for marker in markdown_markers([unit.char for unit in units]) for i in range(marker.start, marker.end)}
    if not doomed:
        return units
    fired.add("markdown")
    return [unit for position, unit in enumerate(units) if position not in doomed]


def _whitespace(units: list[Unit], fired: set[str], *, split_words: bool) -> list[Unit]:
    """Collapse each whitespace run to one space and strip the ends; in paged sources a run between letters is
    optional (PDF extraction splits words)."""
    out: list[Unit] = []
    index = 0
    while index < len(units):
        unit = units[index]
        if not unit.char.isspace():
            out.append(unit)
            index += 1
            continue
        end = index
        while end < len(units) and units[end].char.isspace():
            end += 1
        run = units[index:end]
        if len(run) > 1 or run[0].char != " " or not out or end == len(units):
            fired.add("whitespace")
        if out and end < len(units):
            optional = next((u.optional for u in run if u.optional), None)
            if optional is None and split_words and out[-1].char.isalpha() and units[end].char.isalpha():
                optional = "split_words"
            out.append(Unit(" ", run[0].start, run[-1].end, optional))
        index = end
    return out


def _lower(units: list[Unit], fired: set[str]) -> list[Unit]:
    out: list[Unit] = []
    for unit in units:
        lowered = unit.char.lower()
        if lowered == unit.char:
            out.append(unit)
            continue
        fired.add("case")
        out.extend(Unit(char, unit.start, unit.end, unit.optional) for char in lowered)
    return out


def _ellipsis_edges(units: list[Unit], fired: set[str]) -> list[Unit]:
    """Drop an ellipsis that opens or closes a quote (a model marking a fragment), with its adjacent space."""
    text = "".join(unit.char for unit in units)
    start, end = 0, len(units)
    for mark in _ELLIPSES:
        if text.startswith(mark):
            start = len(mark)
        if text.endswith(mark) and len(text) - len(mark) >= start:
            end = len(text) - len(mark)
    if (start, end) == (0, len(units)):
        return units
    fired.add("ellipsis_edges")
    trimmed = units[start:end]
    while trimmed and trimmed[0].char == " ":
        trimmed = trimmed[1:]
    while trimmed and trimmed[-1].char == " ":
        trimmed = trimmed[:-1]
    return trimmed


_INNER_ELLIPSIS = re.compile(r"\S\s*(?:\.\.\.|\u2026)\s*\S")


def has_inner_ellipsis(quote: str) -> bool:
    """Return True when a quote omits text in its middle (an ellipsis between words)."""
    return bool(_INNER_ELLIPSIS.search(unicodedata.normalize("NFKC", quote).strip(" .\u2026")))
