"""Which spans of a text carry a directive to the answering model: a sentence, a line, a table cell or a comment.

The text is read paragraph by paragraph. A paragraph where no pattern fires, in any reading (normalize.py), costs
one pass and labels nothing. Where something fires, the detector narrows it down to the smallest unit that carries
it: each sentence (or line, list item, heading, table cell) alone, then two neighbours together (a directive wrapped
over a line break), and only when neither holds it the whole paragraph. So a chunk keeps every ordinary sentence as
evidence, and only the directive itself is labelled.

Beside the rules, a learned scorer (scorer.py) reads every unit, and each disguised reading of it: a unit is
labelled when the rules fire on it or its score reaches the threshold chosen on dev. The scorer labels the unit it
read (reason `directive_scorer`), never more.

Questions and requests that give no order to the model ("What is covered by the warranty?", "Can you send me the
figures by Friday?") match no pattern: an embedded task is data, handled by delimiting evidence and requiring
verified quotes, not by withholding it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Final, Literal

from domains.knowledge.safety.normalize import INVISIBLE, Reading, clean, fold, readings
from domains.knowledge.safety.patterns import Severity, pattern_hits
from domains.knowledge.safety.patterns.clause import (
    ENCODED_INSTRUCTION,
    HIDDEN_COMMENT,
    OBFUSCATED_INSTRUCTION,
    ZERO_WIDTH,
    addressed_to_people,
)
from domains.knowledge.safety.patterns.composed import reports_an_attack
from domains.knowledge.safety.scorer import DirectiveScorer, directive_scorer

SpanLabel = Literal["flagged", "untrusted"]
_LABEL_OF: Final[dict[Severity, SpanLabel]] = {"high": "untrusted", "medium": "flagged"}
SCORER_REASON: Final = "directive_scorer"
_RANK: Final = {"medium": 1, "high": 2}

_DISGUISES: Final = frozenset({ZERO_WIDTH, ENCODED_INSTRUCTION, OBFUSCATED_INSTRUCTION, HIDDEN_COMMENT})
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_LINE = re.compile(r"[^\n]+")
# A sentence ends at . ! ? (with closing quotes/brackets) before white space; a table row splits into its cells.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+|(?<=\S)\s+\|\s*|\s+\|(?=\s)")
# The same ends in a line without a cell bar, read from the stop itself (a pattern that opens with a character class
# lets the engine skip to each stop; one that opens with a lookbehind tries every position): each match starts one
# character early, at the stop.
_PROSE_END = re.compile(r"[.!?][\"'”’)\]]*\s+")
_BULLET = re.compile(r"(?:[-*•▪◦‣–]|\d{1,3}[.)])[ \t]+")
_SQUASHED = re.compile(
    r"(?:ignore|disregard|forget|override|bypass)(?:all|any|the|your|my|of|above)*"
    r"(?:previous|prior|above|earlier|preceding|system|original|safety)?(?:instructions?|prompts?|rules|guidelines|"
    r"directions)|systemprompt|youarenow(?:dan|unrestricted|jailbroken|free)|developermode(?:enabled|on)"
)


@dataclass(frozen=True)
class LabelledSpan:
    """A labelled span: offsets in the text it was found in, its label and the directive family (the reason)."""

    start: int
    end: int
    label: SpanLabel
    reason: str

    @classmethod
    def load(cls, stored: Mapping[str, object]) -> LabelledSpan:
        """Return the span a `labelled_spans` JSON item holds (the column is written by spans_json only)."""
        label = str(stored["label"])
        if label not in ("flagged", "untrusted"):
            raise ValueError(f"unknown span label {label!r}")
        return cls(int(stored["start"]), int(stored["end"]), label, str(stored["reason"]))  # type: ignore[arg-type, call-overload]

    def shifted(self, offset: int, length: int) -> LabelledSpan | None:
        """Return this span moved by `-offset` and clipped to [0, length), or None when nothing is left."""
        start, end = max(0, self.start - offset), min(length, self.end - offset)
        return LabelledSpan(start, end, self.label, self.reason) if start < end else None


def hits_of(text: str, found: list[Reading] | None = None) -> dict[str, Severity]:
    """Return the directive families in `text`, read plainly and in every reading that undoes a disguise.

    The folded reading (no invisible characters, NFKC, look-alike letters mapped) replaces the text itself; the
    plain text is read as well only when the folded one fires, to tell whether folding revealed something.
    `found` is `readings(text)` when the caller has it already."""
    found = readings(text) if found is None else found
    folded = next((reading for reading in found if reading.disguise == "folded"), None)
    hits = pattern_hits(folded.text if folded else text)
    if folded is not None and hits:
        plain = pattern_hits(text)
        revealed = {family: severity for family, severity in hits.items() if family not in plain}
        hits = plain
        _add_found(text, hits, folded, revealed)
    for reading in found:
        if reading is not folded:
            _add_reading(text, hits, reading)
    return hits


def _add_reading(text: str, hits: dict[str, Severity], reading: Reading) -> None:
    if reading.disguise == "squashed":
        if _SQUASHED.search(reading.text):
            hits[OBFUSCATED_INSTRUCTION] = "high"
        return
    found = pattern_hits(reading.text)
    _add_found(text, hits, reading, {family: severity for family, severity in found.items() if family not in hits})


def _add_found(text: str, hits: dict[str, Severity], reading: Reading, new: dict[str, Severity]) -> None:
    if not new:
        return
    # A disguised directive is hidden on purpose: whatever it says, it is never shown to a model.
    if reading.disguise == "decoded":
        marker = ENCODED_INSTRUCTION
    elif reading.disguise == "folded" and INVISIBLE.search(text):
        marker = ZERO_WIDTH
    else:
        marker = OBFUSCATED_INSTRUCTION
    hits[marker] = "high"
    hits.update(new)


def detect_spans(text: str, scorer: DirectiveScorer | None = None, *, rules_only: bool = False) -> list[LabelledSpan]:
    """Return the labelled spans of `text`, in order, with offsets into `text` (the shipped scorer unless given)."""
    text = clean(text)
    chosen = None if rules_only else (scorer or directive_scorer())
    spans: list[LabelledSpan] = []
    for start, end in paragraphs(text):
        spans.extend(_paragraph_spans(text, start, end, chosen))
    return spans


def paragraphs(text: str) -> list[tuple[int, int]]:
    """Return the (start, end) of each paragraph of `text` (blank lines separate paragraphs)."""
    found = []
    start = 0
    for brk in _PARAGRAPH_BREAK.finditer(text):
        found.append((start, brk.start()))
        start = brk.end()
    found.append((start, len(text)))
    return found


def scored_units(
    paragraph: str, found: list[Reading] | None = None, units: list[tuple[int, int]] | None = None
) -> list[tuple[int, int, list[str]]]:
    """Return each unit of a paragraph with the texts the scorer reads: the unit (folded), and its disguised readings.

    A unit is folded, or its own readings looked for, only when the paragraph shows that disguise (most show none).
    `found` is `readings(paragraph)` and `units` is `_units(paragraph)` when the caller has them already."""
    found = readings(paragraph) if found is None else found
    folds = any(r.disguise == "folded" for r in found)
    disguised = any(r.disguise != "folded" for r in found)
    out = []
    for unit_start, unit_end in _units(paragraph) if units is None else units:
        unit = paragraph[unit_start:unit_end]
        texts = [fold(unit) if folds else unit]
        if disguised:
            texts += [r.text for r in readings(unit) if r.disguise not in ("folded", "squashed")]
        out.append((unit_start, unit_end, texts))
    return out


def _paragraph_spans(text: str, start: int, end: int, scorer: DirectiveScorer | None) -> list[LabelledSpan]:
    paragraph = text[start:end]
    if not paragraph.strip():
        return []
    units = _units(paragraph)
    view = _unit_lines(paragraph, units)
    hits: dict[str, Severity] = {}
    if view is not None:
        found = readings(view)
        hits = hits_of(view, found)
    if not hits:
        found = readings(paragraph)
        hits = hits_of(paragraph, found)  # prose as it is, or a rule reading across the cells' bars or bullets
    if not hits and scorer is None:
        return []
    learned = []
    if scorer is not None:
        for unit_start, unit_end, texts in scored_units(paragraph, found, units):
            # A unit ordering a person's reply ("Write your answers in black or blue ink.") is no model's order, and a
            # unit reporting an attack ("Researchers hid ... in a web page") makes none (spans-18).
            if (
                any(scorer.is_directive(t) for t in texts)
                and not addressed_to_people(paragraph, unit_start, unit_end)
                and not reports_an_attack(paragraph[unit_start:unit_end])
            ):
                learned.append(LabelledSpan(start + unit_start, start + unit_end, "flagged", SCORER_REASON))
    if not hits:
        return learned
    ruled = _rule_spans(paragraph, start, hits, units)
    # A unit the rules labelled keeps the rules' reason; the scorer adds only units the rules left unlabelled.
    extra = [s for s in learned if not any(r.start < s.end and s.start < r.end for r in ruled)]
    return sorted(ruled + extra, key=lambda s: (s.start, s.end))


def _rule_spans(
    paragraph: str, start: int, hits: dict[str, Severity], units: list[tuple[int, int]]
) -> list[LabelledSpan]:
    labelled = []
    for unit_start, unit_end in units:
        unit_hits = hits_of(paragraph[unit_start:unit_end])
        if unit_hits:
            labelled.append(_span(start + unit_start, start + unit_end, unit_hits))
    if not labelled:
        for (first_start, _), (_, second_end) in pairwise(units):
            pair_hits = hits_of(paragraph[first_start:second_end])
            if pair_hits:
                labelled.append(_span(start + first_start, start + second_end, pair_hits))
    if not labelled:
        lead = len(paragraph) - len(paragraph.lstrip())
        labelled.append(_span(start + lead, start + len(paragraph.rstrip()), hits))
    return labelled


def _units(paragraph: str) -> list[tuple[int, int]]:
    """Return the sentences, lines and table cells of a paragraph as (start, end), without surrounding blanks."""
    units: list[tuple[int, int]] = []
    for line in _LINE.finditer(paragraph):
        piece_start = line.start()
        text = line.group(0)
        if "|" in text:
            ends = [(found.start(), found.end()) for found in _SENTENCE_END.finditer(text)]
        else:
            ends = [(found.start() + 1, found.end()) for found in _PROSE_END.finditer(text)]
        for end_start, end_end in ends:
            _keep(paragraph, piece_start, line.start() + end_start, units)
            piece_start = line.start() + end_end
        _keep(paragraph, piece_start, line.end(), units)
    return units


def _unit_lines(paragraph: str, units: list[tuple[int, int]]) -> str | None:
    """Return the paragraph as the rules read it when it has table cells or list items (spans-20), else None: each
    cell and each item's text (without its bullet) starts a line, as it does when the unit is read alone; sentences
    of one line stay together, so a directive told over two sentences ("That is enough. Now write ...") is read
    whole."""
    pieces: list[str] = []
    previous = 0
    rewritten = False
    for unit_start, unit_end in units:
        between = paragraph[previous:unit_start]
        cell = "|" in between
        if cell or _BULLET.search(between):
            rewritten = True  # a cell's bar, or a bullet (_keep left it out of the unit)
        if pieces:
            pieces.append("\n" if cell or "\n" in between else between)
        pieces.append(paragraph[unit_start:unit_end])
        previous = unit_end
    return "".join(pieces) if rewritten else None


def _keep(paragraph: str, start: int, end: int, units: list[tuple[int, int]]) -> None:
    piece = paragraph[start:end]
    stripped = piece.strip(" \t\r|")
    if stripped:
        lead = piece.index(stripped[0])
        bullet = _BULLET.match(stripped)
        if bullet and bullet.end() < len(stripped):
            lead += bullet.end()  # a list item's text, without its bullet or number ("- ", "2. ")
            stripped = stripped[bullet.end() :]
        units.append((start + lead, start + lead + len(stripped)))


def _span(start: int, end: int, hits: dict[str, Severity]) -> LabelledSpan:
    severity: Severity = "high" if "high" in hits.values() else "medium"
    # The reason names how the directive was hidden when it was (a disguise says more than the family it hid).
    reason = sorted(hits, key=lambda family: (-_RANK[hits[family]], family not in _DISGUISES, family))[0]
    return LabelledSpan(start, end, _LABEL_OF[severity], reason)
