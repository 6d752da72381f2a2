"""Markdown markup a reader does not read: heading markers at a line start and emphasis runs around words.

One definition serves two readers: quote grounding folds every such marker away on both sides (ADR 0021), and an
extractive statement leaves out the markup that is surely markup (paired `*` emphasis on one line, heading markers)
while keeping every other character of its quote in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EMPHASIS = frozenset("*_")  # the characters an emphasis run is made of


def _is_word(char: str) -> bool:
    return char.isalnum()


@dataclass(frozen=True)
class Marker:
    """A run of Markdown markup in a text: a heading marker (with its space) or an emphasis run."""

    start: int
    end: int
    heading: bool = False
    opens: bool = False
    closes: bool = False


def markdown_markers(chars: Sequence[str]) -> list[Marker]:
    """Find the heading markers at a line start and the emphasis runs (1-3 `*` or `_` opening or closing a word,
    never between two letters or digits) in `chars`, in order."""
    found: list[Marker] = []
    line_start = True
    index = 0
    while index < len(chars):
        char = chars[index]
        if line_start and char == "#":
            end = index
            while end < len(chars) and chars[end] == "#":
                end += 1
            if end - index <= 6 and end < len(chars) and chars[end] in " \t":
                found.append(Marker(index, end + 1, heading=True))
                index = end + 1
                line_start = False
                continue
        if char in EMPHASIS:
            end = index
            while end < len(chars) and chars[end] == char:
                end += 1
            before = chars[index - 1] if index else " "
            after = chars[end] if end < len(chars) else " "
            opens = not _is_word(before) and not after.isspace() and end < len(chars)
            closes = not before.isspace() and index > 0 and not _is_word(after)
            if end - index <= 3 and (opens or closes) and not (_is_word(before) and _is_word(after)):
                found.append(Marker(index, end, opens=opens, closes=closes))
            index = end
            line_start = False
            continue
        line_start = char == "\n" or (line_start and char in " \t")
        index += 1
    return found


def markup_in(text: str) -> list[tuple[int, int]]:
    """Return the `[start, end)` runs of Markdown markup in `text` that a reader does not read: heading markers, and
    `*` emphasis runs paired on their line (an opening run closed by the same run later on the same line). A lone
    `*` (a footnote mark, "Price*") is text and stays, and so are underscores, which name things more often than
    they emphasise them (`__init__`, `snake_case`, "Name: ____")."""
    markers = markdown_markers(text)
    found = [(marker.start, marker.end) for marker in markers if marker.heading]
    waiting: list[Marker] = []
    for marker in markers:
        if marker.heading or text[marker.start] != "*":
            continue
        if waiting and "\n" in text[waiting[-1].end : marker.start]:
            waiting.clear()
        run = text[marker.start : marker.end]
        match = next(
            (i for i in range(len(waiting) - 1, -1, -1) if text[waiting[i].start : waiting[i].end] == run), None
        )
        if marker.closes and match is not None:
            found.extend(((waiting[match].start, waiting[match].end), (marker.start, marker.end)))
            del waiting[match:]
        elif marker.opens:
            waiting.append(marker)
    return sorted(found)


def without_markup(text: str) -> str:
    """Return `text` without the markup `markup_in` finds: the words a reader reads, the source's characters in
    order."""
    pieces, position = [], 0
    for start, end in markup_in(text):
        pieces.append(text[position:start])
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
