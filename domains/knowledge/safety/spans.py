"""Which spans of a text carry a directive to the answering model: a sentence, a line, a table cell or a comment.

The text is read paragraph by paragraph. A paragraph where no pattern fires, in any reading (normalize.py), costs
one pass and labels nothing. Where something fires, the detector narrows it down to the smallest unit that carries
it: each sentence (or line, list item, heading, table cell) alone, then two neighbours together (a directive wrapped
over a line break), and only when neither holds it the whole paragraph. So a chunk keeps every ordinary sentence as
evidence, and only the directive itself is labelled.

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

from domains.knowledge.safety.normalize import INVISIBLE, Reading, clean, readings
from domains.knowledge.safety.patterns import Severity, pattern_hits
from domains.knowledge.safety.patterns.clause import (
    ENCODED_INSTRUCTION,
    HIDDEN_COMMENT,
    OBFUSCATED_INSTRUCTION,
    ZERO_WIDTH,
)

SpanLabel = Literal["flagged", "untrusted"]
_LABEL_OF: Final[dict[Severity, SpanLabel]] = {"high": "untrusted", "medium": "flagged"}
_RANK: Final = {"medium": 1, "high": 2}

_DISGUISES: Final = frozenset({ZERO_WIDTH, ENCODED_INSTRUCTION, OBFUSCATED_INSTRUCTION, HIDDEN_COMMENT})
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_LINE = re.compile(r"[^\n]+")
# A sentence ends at . ! ? (with closing quotes/brackets) before white space; a table row splits into its cells.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+|(?<=\S)\s+\|\s*|\s+\|(?=\s)")
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


def hits_of(text: str) -> dict[str, Severity]:
    """Return the directive families in `text`, read plainly and in every reading that undoes a disguise.

    The folded reading (no invisible characters, NFKC, look-alike letters mapped) replaces the text itself; the
    plain text is read as well only when the folded one fires, to tell whether folding revealed something."""
    found = readings(text)
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


def detect_spans(text: str) -> list[LabelledSpan]:
    """Return the labelled spans of `text`, in order, with offsets into `text`."""
    text = clean(text)
    spans: list[LabelledSpan] = []
    start = 0
    for brk in _PARAGRAPH_BREAK.finditer(text):
        spans.extend(_paragraph_spans(text, start, brk.start()))
        start = brk.end()
    spans.extend(_paragraph_spans(text, start, len(text)))
    return spans


def _paragraph_spans(text: str, start: int, end: int) -> list[LabelledSpan]:
    paragraph = text[start:end]
    if not paragraph.strip():
        return []
    hits = hits_of(paragraph)
    if not hits:
        return []
    units = list(_units(paragraph))
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
        for end_match in _SENTENCE_END.finditer(line.group(0)):
            _keep(paragraph, piece_start, line.start() + end_match.start(), units)
            piece_start = line.start() + end_match.end()
        _keep(paragraph, piece_start, line.end(), units)
    return units


def _keep(paragraph: str, start: int, end: int, units: list[tuple[int, int]]) -> None:
    piece = paragraph[start:end]
    stripped = piece.strip(" \t\r|")
    if stripped:
        lead = piece.index(stripped[0])
        units.append((start + lead, start + lead + len(stripped)))


def _span(start: int, end: int, hits: dict[str, Severity]) -> LabelledSpan:
    severity: Severity = "high" if "high" in hits.values() else "medium"
    # The reason names how the directive was hidden when it was (a disguise says more than the family it hid).
    reason = sorted(hits, key=lambda family: (-_RANK[hits[family]], family not in _DISGUISES, family))[0]
    return LabelledSpan(start, end, _LABEL_OF[severity], reason)
