"""The line view of a normalized text: structural rules look at lines, chunks are cut at offsets."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Line:
    """One non-blank line: `text == document[start:end]`."""

    index: int
    start: int
    end: int
    text: str
    page: int | None
    paragraph_start: bool  # first line of the text, of a page, or after a blank line


class PageIndex:
    """Answer "which page holds this offset" for a document's page spans."""

    def __init__(self, page_spans: list[tuple[int, int, int]]) -> None:
        self._starts = [start for _, start, _ in page_spans]
        self._numbers = [number for number, _, _ in page_spans]

    def page_at(self, offset: int) -> int | None:
        """Return the page number holding `offset`, or None for a document without pages."""
        if not self._starts:
            return None
        return self._numbers[max(0, bisect_right(self._starts, offset) - 1)]


def split_lines(text: str, pages: PageIndex) -> list[Line]:
    """Return the non-blank lines of `text` with their offsets and pages."""
    lines: list[Line] = []
    position = 0
    previous_blank = True
    previous_page: int | None = None
    for raw in text.split("\n"):
        end = position + len(raw)
        if raw:
            page = pages.page_at(position)
            starts_paragraph = previous_blank or page != previous_page
            lines.append(Line(len(lines), position, end, raw, page, starts_paragraph))
            previous_page = page
        previous_blank = not raw
        position = end + 1
    return lines


_DIGITS = re.compile(r"\d+")
_PAGE_EDGE_LINES = 2
_MIN_FURNITURE_PAGES = 3
_MIN_NAMED_FURNITURE_PAGES = 2  # a running line that names its page ("Report NFP-2025-0917 - Page 1")
_RECURRING_PAGE_SHARE = 0.4
_RECURRING_MIN_WORDS = 4


def page_furniture(lines: list[Line]) -> set[int]:
    """Return the indexes of running headers and footers.

    Digits are masked so "Page 3 of 48" and "Page 4 of 48" count as the same line. A line is furniture when
    it recurs at a page edge (first or last lines) on several pages (on two, when it names its page), or when a
    longer line recurs on a large share of all pages wherever it sits (footnotes can push a running footer away
    from the edge). Short recurring lines in the body ("Definition 5" / "Definition 6") are never furniture.
    """
    by_page: dict[int, list[Line]] = defaultdict(list)
    for line in lines:
        if line.page is not None:
            by_page[line.page].append(line)
    if len(by_page) < _MIN_NAMED_FURNITURE_PAGES:
        return set()
    edge_pages: dict[str, set[int]] = defaultdict(set)
    all_pages: dict[str, set[int]] = defaultdict(set)
    keys: dict[int, str] = {}
    for page, page_lines in by_page.items():
        edges = {line.index for line in page_lines[:_PAGE_EDGE_LINES] + page_lines[-_PAGE_EDGE_LINES:]}
        for line in page_lines:
            key = keys[line.index] = _DIGITS.sub("#", line.text.lower())
            all_pages[key].add(page)
            if line.index in edges:
                edge_pages[key].add(page)
    recurring = max(_MIN_FURNITURE_PAGES, _RECURRING_PAGE_SHARE * len(by_page))
    furniture = {
        index
        for index, key in keys.items()
        if len(edge_pages[key]) >= _MIN_FURNITURE_PAGES
        # a line that says it is one: "Report NFP-2025-0917 - Page 1" at the foot of both pages of a short report
        or (len(edge_pages[key]) >= _MIN_NAMED_FURNITURE_PAGES and _PAGE_MARK.search(key) is not None)
        or (len(all_pages[key]) >= recurring and len(key.split()) >= _RECURRING_MIN_WORDS)
    }
    return furniture | _printed_page_numbers(by_page)


_PAGE_MARK = re.compile(r"\b(?:page|seite|pg\.?)\s*#|# of #")  # on the digit-masked, lower-cased line


_EDGE_NUMBER = re.compile(r"^\W*(\d{1,5})(?![.\d])|(?<![.\d])(\d{1,5})\W*$")


def _printed_page_numbers(by_page: dict[int, list[Line]]) -> set[int]:
    """Return edge lines carrying the printed page number ("10 1.3. STETIGKEIT", "47699 Federal Register").

    Such a header changes its words with the chapter, so it never recurs as text; what recurs is its number
    running in step with the page index, at one constant offset over several pages.
    """
    by_offset: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)  # (side, offset) -> page -> line
    for page, page_lines in by_page.items():
        for line in page_lines[:_PAGE_EDGE_LINES] + page_lines[-_PAGE_EDGE_LINES:]:
            for match in _EDGE_NUMBER.finditer(line.text):
                number = int(match.group(1) or match.group(2))
                by_offset[(0 if match.group(1) else 1, page - number)].setdefault(page, line.index)
    return {index for pages in by_offset.values() if len(pages) >= _MIN_FURNITURE_PAGES for index in pages.values()}
