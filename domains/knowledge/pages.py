"""Which page(s) a span of a version's normalized text covers, from the version's page map."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

PageMap = Sequence[Sequence[int]]  # [(page, start, end), ...] in the normalized text, in order


def page_at(page_map: PageMap, offset: int) -> int | None:
    """Return the page holding `offset` (a gap between pages belongs to the page before it); None without pages."""
    if not page_map:
        return None
    starts = [span[1] for span in page_map]
    return int(page_map[max(0, bisect_right(starts, offset) - 1)][0])


def pages_covering(page_map: PageMap, start: int, end: int) -> tuple[int | None, int | None]:
    """Return the first and last page of the span `[start, end)` (both None for a source without pages)."""
    if not page_map:
        return None, None
    return page_at(page_map, start), page_at(page_map, max(start, end - 1))
