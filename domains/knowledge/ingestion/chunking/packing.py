"""Packing one section into chunks: cut at the strongest boundary near the target size, never past the maximum."""

from __future__ import annotations

from domains.knowledge.ingestion.chunking.cuts import LINE, SENTENCE, Cuts, word_starts
from domains.knowledge.ingestion.chunking.drafts import ChunkLimits
from domains.knowledge.ingestion.chunking.overlap import overlap_start

# A remainder up to this share above the target stays whole rather than leaving a sliver of a chunk.
_TAIL_ALLOWANCE = 0.25


def pack_section(
    text: str, start: int, end: int, cuts: Cuts, limits: ChunkLimits, *, sentences: bool
) -> list[tuple[int, int]]:
    """Return the (start, end) spans of the chunks for `text[start:end]`, trimmed, overlapping by context.

    `sentences` is False for a document with no sentence punctuation anywhere; only then may an overlap
    start at a word boundary.
    """
    start, end = _trim(text, start, end)
    spans: list[tuple[int, int]] = []
    chunk_start = content_start = start
    while content_start < end:
        remainder = end - chunk_start
        if remainder <= min(limits.maximum, limits.target * (1 + _TAIL_ALLOWANCE)):
            spans.append(_trim(text, chunk_start, end))  # a hard cut may leave the remainder opening with a newline
            break
        cut = _choose_cut(text, cuts, chunk_start, content_start, end, limits)
        spans.append(_trim(text, chunk_start, cut))
        content_start = cut
        overlap = overlap_start(text, cuts, cut, chunk_start, limits.overlap, sentences=sentences)
        chunk_start = overlap if overlap is not None else cut
    return spans


def _choose_cut(text: str, cuts: Cuts, chunk_start: int, floor: int, end: int, limits: ChunkLimits) -> int:
    """Return where the chunk that starts at `chunk_start` ends; new content begins at `floor`."""
    low = max(chunk_start + limits.target // 2, floor + 1)
    target = chunk_start + limits.target
    hard = min(chunk_start + limits.maximum, end)
    for minimum in (SENTENCE, LINE):
        best = cuts.strongest_latest(low, target, minimum)
        if best is None:
            best = cuts.earliest(max(target + 1, floor + 1), hard, minimum)
        if best is None and minimum == LINE:
            best = cuts.strongest_latest(floor + 1, target, minimum)
        if best is not None:
            return best
    words = word_starts(text, floor + 1, hard)
    within = [position for position in words if position <= target]
    if within or words:
        return within[-1] if within else words[0]
    return max(hard, floor + 1)  # a run of more than `maximum` characters without whitespace


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
