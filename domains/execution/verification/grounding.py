"""Verbatim quote grounding: the quote must occur in the chunk after whitespace and case normalization, nothing looser.

Normalization collapses every run of Unicode whitespace to one space and lower-cases; it does NOT fold accents,
confusable letters, zero-width or other format characters, punctuation or quotes. A quote that differs from the
chunk in anything but whitespace and case is not grounded.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NormalizedText:
    """Normalized text plus, for each of its characters, the index of the original character it came from."""

    text: str
    origin: tuple[int, ...]


def normalize_for_grounding(value: str) -> NormalizedText:
    """Collapse whitespace runs to one space, strip the ends, lower-case; keep a map back to `value`."""
    chars: list[str] = []
    origin: list[int] = []
    pending_space: int | None = None
    for index, char in enumerate(value):
        if char.isspace():
            if chars and pending_space is None:
                pending_space = index
            continue
        if pending_space is not None:
            chars.append(" ")
            origin.append(pending_space)
            pending_space = None
        lowered = char.lower()
        chars.extend(lowered)
        origin.extend([index] * len(lowered))
    return NormalizedText("".join(chars), tuple(origin))


@dataclass(frozen=True)
class GroundedSpan:
    start: int
    end: int


def locate_quote(quote: str, chunk_text: str) -> GroundedSpan | None:
    """Return where `quote` occurs in `chunk_text` (original offsets) after normalization, or None."""
    needle = normalize_for_grounding(quote).text
    if not needle:
        return None
    haystack = normalize_for_grounding(chunk_text)
    position = haystack.text.find(needle)
    if position < 0:
        return None
    start = haystack.origin[position]
    end = haystack.origin[position + len(needle) - 1] + 1
    return GroundedSpan(start, end)


def quote_is_grounded(quote: str, chunk_text: str) -> bool:
    """Return True when the non-empty `quote` occurs in `chunk_text` modulo whitespace and case."""
    return locate_quote(quote, chunk_text) is not None
