"""Boundary-aware overlap: a chunk repeats the tail of its predecessor, starting at a sentence boundary."""

from __future__ import annotations

from domains.knowledge.ingestion.chunking.cuts import SENTENCE, Cuts, word_starts


def overlap_start(
    text: str, cuts: Cuts, cut: int, previous_start: int, overlap_chars: int, *, sentences: bool
) -> int | None:
    """Return where the chunk after `cut` should start to carry context, or None for no overlap.

    The overlap is the longest tail of the previous chunk (at most `overlap_chars`) that starts at a sentence
    boundary; the cuts are those of the current section, so it never reaches into another one. Only a
    document with no sentence punctuation at all falls back to a word boundary; elsewhere a tail without a
    sentence boundary is not repeated, because half a sentence is misleading context.
    """
    if overlap_chars <= 0:
        return None
    low = max(cut - overlap_chars, previous_start + 1)
    if low >= cut:
        return None
    if sentences:
        return cuts.earliest(low, cut - 1, SENTENCE)
    boundary = cuts.earliest(low, cut - 1, 0)
    if boundary is not None:
        return boundary
    words = word_starts(text, low, cut)
    return words[0] if words else None
