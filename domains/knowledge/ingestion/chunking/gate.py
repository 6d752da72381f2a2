"""The document-level gate: decide from evidence across the whole document which heading families apply.

A single line that looks like a heading proves nothing: a memo has "TO:" and "SUBJECT:", an abstract may
open with "1 Introduction"-like noise, a form is full of short capitalised lines. A family is accepted only
when the document as a whole supports it:

- numbered families must form a plausible sequence (2.1 follows 2 or 1.x; (c) follows (b)), so stray
  numbers, footnotes and table-of-contents entries drop out;
- at least two headings of the family survive;
- the sections it would open are not fragments: their median size (up to the next heading of the same or a
  higher rank) is at least `MIN_MEDIAN_SECTION_CHARS`, so a form or a memo header is not shredded;
- its headings are at most `MAX_HEADING_LINE_SHARE` of the document's lines, so a list or a table of
  capitalised rows is not taken for an outline.

Rejecting one family can change the sizes of another's sections (and hand a line to its next family), so
the checks repeat until stable. When no
family survives, the document is prose: no sections, paragraph-then-sentence packing.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, replace
from typing import Literal

from domains.knowledge.ingestion.chunking.boundaries import (
    RANK_CLAUSE,
    RANK_DECIMAL,
    RANK_DIVIDER,
    RANK_ENTRY,
    Candidate,
    Family,
)
from domains.knowledge.ingestion.chunking.lines import Line

MIN_HEADINGS_PER_FAMILY = 2
RANK_CITATION_NESTED = RANK_DECIMAL + 5
# Two "(a)/(b)" lines are as often a figure's sub-captions as an outline; a clause outline has more.
MIN_CLAUSE_HEADINGS = 3
MIN_MEDIAN_SECTION_CHARS = 80
MAX_HEADING_LINE_SHARE = 0.2
MAX_PARAGRAPH_HEADING_SHARE = 0.4
MIN_MEDIAN_PARAGRAPH_SECTION_CHARS = 300
SHARE_RULE_FLOOR = 8  # a short document with one-line paragraphs may well be a quarter headings


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The rules the gate chose for one document."""

    name: Literal["markdown", "structured", "prose"]
    families: tuple[Family, ...] = ()


def choose_headings(
    candidates: list[Candidate], lines: list[Line], text_length: int
) -> tuple[Ruleset, list[Candidate]]:
    """Return the ruleset for the document and the candidates it accepts as headings, in line order."""
    markdown = [candidate for candidate in candidates if candidate.family == "markdown"]
    if markdown:
        return Ruleset("markdown", ("markdown",)), markdown
    sequenced = _without_bibliography_entries(_rank_by_first_appearance(_in_sequence(candidates)))
    families = {candidate.family for candidate in sequenced}
    kept = _first_per_line(sequenced, families)
    while kept:  # each round rejects at least one family, so this ends
        sizes = _section_sizes(kept, lines, text_length)
        rejected = {family for family in families if not _supported(family, kept, sizes, len(lines))}
        if not rejected:
            return Ruleset("structured", tuple(sorted(families))), _nest_citations(kept, families)
        families -= rejected
        kept = _first_per_line(sequenced, families)
    return Ruleset("prose"), []


_BIBLIOGRAPHY_TITLES = frozenset(
    str.split("references bibliography literature literatur literaturverzeichnis quellen quellenverzeichnis")
)


def _without_bibliography_entries(candidates: list[Candidate]) -> list[Candidate]:
    # Reference lists are full of capitalised paper titles on lines of their own; inside one, a title line
    # is an entry of the list, not a heading, until a heading that outranks entries closes the list.
    kept: list[Candidate] = []
    in_bibliography = False
    for candidate in candidates:
        if candidate.rank < RANK_ENTRY:
            in_bibliography = False
        elif candidate.family == "entry" and in_bibliography:
            continue
        if candidate.family == "entry" and candidate.label.lower().rstrip(":") in _BIBLIOGRAPHY_TITLES:
            in_bibliography = True
        kept.append(candidate)
    return kept


def _nest_citations(candidates: list[Candidate], families: set[Family]) -> list[Candidate]:
    # A "§ 3" heading tops a statute's outline, but in a document already outlined by decimal headings
    # ("4.1 Axiome ...") the paragraph-sign headings are the subdivisions inside them.
    if "decimal" not in families:
        return candidates
    return [replace(c, rank=RANK_CITATION_NESTED) if c.style.startswith("§") else c for c in candidates]


def _first_per_line(candidates: list[Candidate], families: set[Family]) -> list[Candidate]:
    # A line can match several families ("TITLE I: WIPO TREATY" is a divider and ALL-CAPS); it opens a
    # section under the most specific family the gate still accepts.
    chosen: list[Candidate] = []
    for candidate in candidates:
        if candidate.family in families and (not chosen or chosen[-1].line != candidate.line):
            chosen.append(candidate)
    return chosen


def _in_sequence(candidates: list[Candidate]) -> list[Candidate]:
    decimal = _DecimalSequence()
    clauses = _ClauseSequences()
    kept: list[Candidate] = []
    for candidate in candidates:
        if candidate.family == "decimal":
            if decimal.accepts(candidate):
                kept.append(candidate)
        elif candidate.family == "clause":
            resolved = clauses.accept(candidate)
            if resolved is not None:
                kept.append(resolved)
        else:
            kept.append(candidate)
    return decimal.settled(kept)


class _DecimalSequence:
    """Accept decimal headings that continue the outline: 1 -> 1.1 -> 1.2 -> 2 -> 2.1 ..."""

    def __init__(self) -> None:
        self.chain: list[Candidate] = []

    def accepts(self, candidate: Candidate) -> bool:
        key = candidate.key
        if not self.chain:
            return self._start(candidate)
        if key in _successors(self.chain[-1].key):
            self.chain.append(candidate)
            return True
        # A lone early match (a footnote "1 Preliminary ...") must not block the real outline.
        if len(self.chain) == 1 and _is_outline_start(key):
            self.chain = [candidate]
            return True
        return False

    def _start(self, candidate: Candidate) -> bool:
        if _is_outline_start(candidate.key):
            self.chain = [candidate]
            return True
        return False

    def settled(self, kept: list[Candidate]) -> list[Candidate]:
        chain = {candidate.line for candidate in self.chain}
        return [candidate for candidate in kept if candidate.family != "decimal" or candidate.line in chain]


def _is_outline_start(key: tuple[int, ...]) -> bool:
    return all(part <= 1 for part in key)


def _successors(key: tuple[int, ...]) -> set[tuple[int, ...]]:
    # The next number at any level, tolerating one missed heading (a title lost to extraction), optionally
    # entering its first subsection straight away; or the first subsection of the current heading.
    following: set[tuple[int, ...]] = {(*key, 1)}
    for depth in range(len(key)):
        for step in (1, 2):
            successor = (*key[:depth], key[depth] + step)
            following |= {successor, (*successor, 1)}
    return following


class _ClauseSequences:
    """Accept clause headings whose marker continues its own style's list or restarts it at one."""

    def __init__(self) -> None:
        self.last: dict[str, int] = {}

    def accept(self, candidate: Candidate) -> Candidate | None:
        style, ordinal = candidate.style, candidate.key[0]
        if style == "alpha_or_roman":
            style, ordinal = self._resolve(candidate)
        if ordinal != 1 and self.last.get(style) != ordinal - 1:
            return None
        self.last[style] = ordinal
        return replace(candidate, style=style, key=(ordinal,))

    def _resolve(self, candidate: Candidate) -> tuple[str, int]:
        letter_ordinal = candidate.key[0]
        letter = chr(ord("a") + letter_ordinal - 1)
        roman_ordinal = {"i": 1, "v": 5, "x": 10}[letter]
        if self.last.get("alpha") == letter_ordinal - 1:
            return "alpha", letter_ordinal
        return "roman", roman_ordinal


def _rank_by_first_appearance(candidates: list[Candidate]) -> list[Candidate]:
    # Divider keywords and clause styles nest in the order a document introduces them:
    # "PART 1 ... CHAPTER 3" puts chapters under parts, "(a) ... (1) ... (i)" nests that way.
    orders: dict[tuple[Family, str], int] = {}
    ranked = []
    for candidate in candidates:
        if candidate.family in ("divider", "clause"):
            group = (candidate.family, candidate.style)
            order = orders.setdefault(group, sum(1 for family, _ in orders if family == candidate.family))
            base = RANK_DIVIDER if candidate.family == "divider" else RANK_CLAUSE
            candidate = replace(candidate, rank=base + order * 0.1)
        ranked.append(candidate)
    return ranked


def _section_sizes(candidates: list[Candidate], lines: list[Line], text_length: int) -> list[int]:
    """Return each candidate's section size: up to the next candidate of the same or a higher rank."""
    ends = [text_length] * len(candidates)
    pending: list[int] = []  # later candidates, ranks strictly rising from the top of the stack
    for position in range(len(candidates) - 1, -1, -1):
        rank = candidates[position].rank
        while pending and candidates[pending[-1]].rank > rank:
            pending.pop()
        if pending:
            ends[position] = lines[candidates[pending[-1]].line].start
        pending.append(position)
    return [end - lines[candidate.line].start for candidate, end in zip(candidates, ends, strict=True)]


def _supported(family: Family, candidates: list[Candidate], sizes: list[int], line_count: int) -> bool:
    members = [size for candidate, size in zip(candidates, sizes, strict=True) if candidate.family == family]
    minimum = MIN_CLAUSE_HEADINGS if family == "clause" else MIN_HEADINGS_PER_FAMILY
    if len(members) < minimum:
        return False
    median = statistics.median(members)
    # A letter or policy written a paragraph per line has few lines, and its headings are many of them; its sections
    # are paragraphs, far longer than a list's or a form's rows.
    share = MAX_PARAGRAPH_HEADING_SHARE if median >= MIN_MEDIAN_PARAGRAPH_SECTION_CHARS else MAX_HEADING_LINE_SHARE
    return median >= MIN_MEDIAN_SECTION_CHARS and len(members) <= max(SHARE_RULE_FLOOR, share * line_count)
