"""Where a chunk may start inside a section, and how good a place each one is.

A paragraph start beats an item start (bullet, enumerator, footnote), which beats a sentence start, which beats
a bare line start (a table row, a wrapped PDF line); a word start is the last resort, computed only on demand.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from domains.knowledge.ingestion.chunking.boundaries import starts_item
from domains.knowledge.ingestion.chunking.lines import Line
from domains.knowledge.ingestion.chunking.sentences import sentence_starts

PARAGRAPH, ITEM, SENTENCE, LINE = 4, 3, 2, 1
_WORD_START = re.compile(r"\s(?=\S)")


@dataclass(frozen=True, slots=True)
class Cuts:
    """The candidate chunk starts inside one section, ascending, with their strengths."""

    positions: list[int]
    strengths: list[int]

    def between(self, low: int, high: int) -> range:
        """Return the index range of cuts with low <= position <= high."""
        return range(bisect_left(self.positions, low), bisect_right(self.positions, high))

    def earliest(self, low: int, high: int, minimum: int) -> int | None:
        """Return the first cut in [low, high] at least as strong as `minimum`."""
        return next((self.positions[i] for i in self.between(low, high) if self.strengths[i] >= minimum), None)

    def strongest_latest(self, low: int, high: int, minimum: int) -> int | None:
        """Return the strongest cut in [low, high] at least as strong as `minimum`, the latest among equals."""
        best: tuple[int, int] | None = None
        for index in self.between(low, high):
            strength = self.strengths[index]
            if strength >= minimum and (best is None or strength >= best[0]):
                best = (strength, self.positions[index])
        return best[1] if best else None


def section_cuts(text: str, start: int, end: int, lines: list[Line]) -> Cuts:
    """Return the candidate cuts strictly inside `text[start:end]`; `lines` are the section's lines."""
    strength: dict[int, int] = {}
    for line in lines[1:]:
        if line.paragraph_start:
            strength[line.start] = PARAGRAPH
        elif starts_item(line.text):
            strength[line.start] = ITEM
        else:
            strength[line.start] = LINE
    for position in sentence_starts(text, start, end):
        strength[position] = max(strength.get(position, SENTENCE), SENTENCE)
    positions = sorted(position for position in strength if start < position < end)
    return Cuts(positions, [strength[position] for position in positions])


def word_starts(text: str, low: int, high: int) -> list[int]:
    """Return the offsets in [low, high) where a word begins after whitespace."""
    return [match.end() for match in _WORD_START.finditer(text, max(low - 1, 0), high) if match.end() >= low]
