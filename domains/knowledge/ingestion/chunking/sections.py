"""Sections: the spans no chunk may cross, each with its hierarchical label."""

from __future__ import annotations

from dataclasses import dataclass, replace

from domains.knowledge.ingestion.chunking.boundaries import Candidate, classify_line, continues_heading
from domains.knowledge.ingestion.chunking.gate import Ruleset, choose_headings
from domains.knowledge.ingestion.chunking.lines import Line, PageIndex, page_furniture, split_lines
from domains.knowledge.ingestion.parsing import STRUCTURED_TYPES, ParsedDocument

MAX_LABEL_CHARS = 500
MAX_LABEL_PART_CHARS = 160
MAX_HEADING_CONTINUATION_LINES = 2
LABEL_SEPARATOR = " > "


@dataclass(frozen=True, slots=True)
class Section:
    """`text[start:end]`, labelled; `has_body` is False for a heading with nothing under it."""

    start: int
    end: int
    label: str | None
    has_body: bool = True


@dataclass(frozen=True, slots=True)
class SectionPlan:
    ruleset: Ruleset
    sections: list[Section]
    lines: list[Line]


def plan_sections(parsed: ParsedDocument) -> SectionPlan:
    """Split the document into labelled sections using the ruleset the gate picks for it."""
    lines = split_lines(parsed.text, PageIndex(parsed.page_spans))
    ruleset, headings = choose_headings(_candidates(parsed, lines), lines, len(parsed.text))
    if not headings:
        return SectionPlan(ruleset, [Section(0, len(parsed.text), None)], lines)
    return SectionPlan(ruleset, _merge_lone_headings(_sections(parsed.text, lines, headings)), lines)


def _candidates(parsed: ParsedDocument, lines: list[Line]) -> list[Candidate]:
    if parsed.document_type in STRUCTURED_TYPES:  # the parser knows the headings (Markdown, Word, HTML, mail...)
        line_at = {line.start: line.index for line in lines}
        headings = [
            Candidate(line_at[block.char_start], "markdown", block.heading_label, float(block.heading_level))
            for block in parsed.blocks
            if block.kind == "heading" and block.heading_label and block.heading_level
        ]
        if headings or parsed.document_type != "markdown":
            return headings  # a table row or a list item is never a heading there
    furniture = page_furniture(lines) if parsed.page_spans else set()
    return [
        candidate for index in range(len(lines)) if index not in furniture for candidate in classify_line(lines, index)
    ]


def _sections(text: str, lines: list[Line], headings: list[Candidate]) -> list[Section]:
    extents = _heading_extents(lines, headings)
    sections: list[Section] = []
    first_start = lines[extents[0][0].line].start
    if text[:first_start].strip():
        sections.append(Section(0, first_start, None))
    stack: list[tuple[float, str, str]] = []  # (rank, label, family) of the open headings
    for position, (heading, label, heading_end) in enumerate(extents):
        start = lines[heading.line].start
        end = lines[extents[position + 1][0].line].start if position + 1 < len(extents) else len(text)
        rank = heading.rank
        if heading.family == "entry" and stack and stack[-1][2] == "clause":
            # An unnumbered title inside a numbered clause ("System Functions" in "(j) ...") belongs to it.
            rank = stack[-1][0] + 0.5
        while stack and stack[-1][0] >= rank:
            stack.pop()
        stack.append((rank, _shorten(label, MAX_LABEL_PART_CHARS), heading.family))
        has_body = heading.run_in or bool(text[heading_end:end].strip())
        sections.append(Section(start, end, join_label([part for _, part, _ in stack]), has_body))
    return sections


def _heading_extents(lines: list[Line], headings: list[Candidate]) -> list[tuple[Candidate, str, int]]:
    """Return (heading, full label, offset where its heading lines end), wrapped titles included.

    A wrapped title's second line can look like a heading of its own ("PART 39—AIRWORTHINESS" over
    "DIRECTIVES"); it is absorbed into the first instead of opening a section.
    """
    extents: list[tuple[Candidate, str, int]] = []
    absorbed_through = -1
    for heading in headings:
        if heading.line <= absorbed_through:
            continue
        label, last_line = _heading_label(heading, lines)
        extents.append((heading, label, lines[last_line].end))
        absorbed_through = last_line
    return extents


def _heading_label(heading: Candidate, lines: list[Line]) -> tuple[str, int]:
    label, last_line = heading.label, heading.line
    if heading.family == "markdown":
        # A setext heading's underline is the line after its title.
        underline = heading.line + 1
        if underline < len(lines) and set(lines[underline].text) <= set("=-"):
            last_line = underline
        return label, last_line
    if not heading.continues:
        return label, last_line
    previous = lines[heading.line].text
    for following in lines[heading.line + 1 : heading.line + 1 + MAX_HEADING_CONTINUATION_LINES]:
        if not continues_heading(heading, previous, following.text):
            break
        label, last_line, previous = f"{label} {following.text}", following.index, following.text
    return label, last_line


def _merge_lone_headings(sections: list[Section]) -> list[Section]:
    # A heading with nothing under it ("2 Model" straight before "2.1 Overview") joins the section that
    # follows instead of becoming a chunk of its own; that section's label already names it as a parent.
    merged: list[Section] = []
    pending_start: int | None = None
    for position, section in enumerate(sections):
        if not section.has_body and position + 1 < len(sections):
            pending_start = section.start if pending_start is None else pending_start
            continue
        if pending_start is not None:
            section = replace(section, start=pending_start, has_body=True)
            pending_start = None
        merged.append(section)
    return merged


def join_label(parts: list[str]) -> str:
    """Join heading labels into one hierarchical label of at most MAX_LABEL_CHARS, keeping the deepest."""
    label = LABEL_SEPARATOR.join(parts)
    if len(label) <= MAX_LABEL_CHARS:
        return label
    kept: list[str] = []
    budget = MAX_LABEL_CHARS - len("…" + LABEL_SEPARATOR)
    for part in reversed(parts):
        if len(part) + len(LABEL_SEPARATOR) > budget:
            break
        kept.insert(0, part)
        budget -= len(part) + len(LABEL_SEPARATOR)
    return _shorten("…" + LABEL_SEPARATOR + LABEL_SEPARATOR.join(kept), MAX_LABEL_CHARS)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
