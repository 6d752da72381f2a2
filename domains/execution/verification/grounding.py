"""Quote grounding: the quote must occur in the chunk after canonical folding of both sides, nothing looser.

`canonical.py` holds the closed list of foldings (ADR 0021). A quote matches when its folded form equals a
contiguous run of the folded chunk, where the chunk's optional units (typographic glue) may be skipped. The match
maps back to exact offsets in the chunk, so the stored quote is the source's own text, and it reports how it
matched: `exact` when the quote already was the source text, else the smallest set of foldings it needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from domains.execution.verification.canonical import (
    ALL_FOLDINGS,
    FOLDINGS,
    FoldedText,
    Unit,
    fold,
    has_inner_ellipsis,
)

EXACT = "exact"


@dataclass(frozen=True)
class GroundedSpan:
    """Where a quote is in the chunk (original offsets) and how it matched (`exact` or the foldings it needed)."""

    start: int
    end: int
    match: str | tuple[str, ...] = EXACT


def folded_quote(quote: str) -> str:
    """Return the canonical form of a quote (empty when it holds no text)."""
    return fold(quote).text


def _find(needle: str, units: list[Unit]) -> tuple[int, int] | None:
    """Return the (first, last) unit indexes of the leftmost match of `needle` in `units`, skipping optional units.

    A small automaton: each live state is a position in the needle and the unit where its match began.
    """
    if not needle:
        return None
    haystack = "".join(unit.char for unit in units)
    if not any(unit.optional for unit in units):
        position = haystack.find(needle)
        return None if position < 0 else (position, position + len(needle) - 1)
    states: dict[int, int] = {}
    for index, unit in enumerate(units):
        advanced: dict[int, int] = {}
        if unit.optional is None or unit.char == needle[0]:
            states.setdefault(0, index)
        for matched, begin in states.items():
            if unit.char == needle[matched]:
                if matched + 1 == len(needle):
                    return begin, index
                _keep_earliest(advanced, matched + 1, begin)
            if unit.optional is not None and matched > 0:
                _keep_earliest(advanced, matched, begin)
        states = advanced
    return None


def _keep_earliest(states: dict[int, int], matched: int, begin: int) -> None:
    if matched not in states or begin < states[matched]:
        states[matched] = begin


def _match_in(quote: str, text: str, enabled: frozenset[str], paged: bool) -> tuple[int, int] | None:
    needle = fold(quote, enabled).text
    haystack = fold(text, enabled, source=True, paged=paged).units
    found = _find(needle, haystack)
    if found is None:
        return None
    first, last = found
    return haystack[first].start, haystack[last].end


def _foldings_needed(quote: str, exact: str, paged: bool) -> tuple[str, ...]:
    """Return the smallest set of foldings (greedy, in a fixed order) under which `quote` still matches `exact`."""
    candidates = fold(quote).fired | fold(exact, source=True, paged=paged).fired
    if paged:
        candidates |= {"split_words"}
    needed = set(candidates)
    for name in FOLDINGS:
        if name not in needed:
            continue
        trial = frozenset(needed - {name})
        if _match_in(quote, exact, trial, paged) is not None:
            needed.discard(name)
    return tuple(name for name in FOLDINGS if name in needed)


def locate_quote(quote: str, chunk_text: str, *, paged: bool = False) -> GroundedSpan | None:
    """Return where `quote` occurs in `chunk_text` after canonical folding, or None.

    `paged`: the chunk is PDF text, where whitespace between two letters may be an extraction split.
    """
    position = chunk_text.find(quote) if quote.strip() == quote and folded_quote(quote) else -1
    if position >= 0:  # the common case, a verbatim copy: no folding needed
        return GroundedSpan(position, position + len(quote), EXACT)
    found = _match_in(quote, chunk_text, ALL_FOLDINGS, paged)
    if found is None:
        return None
    start, end = found
    exact = chunk_text[start:end]
    if exact == quote:
        return GroundedSpan(start, end, EXACT)
    needed = _foldings_needed(quote, exact, paged)
    return GroundedSpan(start, end, needed if needed else EXACT)


def quote_is_grounded(quote: str, chunk_text: str, *, paged: bool = False) -> bool:
    """Return True when the non-empty `quote` occurs in `chunk_text` after canonical folding."""
    return locate_quote(quote, chunk_text, paged=paged) is not None


def grounding_problem(quote: str, chunk_id: str) -> str:
    """Return why a quote was not found, in words a reader of the failure can act on."""
    if has_inner_ellipsis(quote):
        return (
            f"the quote omits text with an ellipsis; chunk {chunk_id} must hold it as one contiguous passage "
            "(cite each part separately)"
        )
    return f"the quote is not in chunk {chunk_id} (after canonical folding)"


__all__ = [
    "EXACT",
    "FoldedText",
    "GroundedSpan",
    "folded_quote",
    "grounding_problem",
    "locate_quote",
    "quote_is_grounded",
]
