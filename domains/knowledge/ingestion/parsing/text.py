"""Plain text and Markdown: paragraphs, and for Markdown its headings and code fences as blocks."""

from __future__ import annotations

import re

from domains.knowledge.errors import EmptyDocument
from domains.knowledge.ingestion.normalization import normalize_text
from domains.knowledge.ingestion.parsing.detect import decode_text
from domains.knowledge.ingestion.parsing.document import MEDIA_TYPES, DocumentType, ParsedBlock, ParsedDocument
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits
from packages.core.text import has_visible_text

_PARAGRAPH_BREAK = re.compile(r"\n\n+")


def paragraph_blocks(text: str, start: int, end: int, page: int | None = None) -> list[ParsedBlock]:
    blocks = []
    position = start
    for match in _PARAGRAPH_BREAK.finditer(text, start, end):
        if match.start() > position:
            blocks.append(ParsedBlock("paragraph", position, match.start(), page))
        position = match.end()
    if end > position:
        blocks.append(ParsedBlock("paragraph", position, end, page))
    return blocks


class TextParser:
    document_type: DocumentType = "text"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse UTF-8 plain text into normalized text and its paragraphs."""
        text = _normalized_or_empty(decode_text(data))
        return ParsedDocument("text", MEDIA_TYPES["text"], text, paragraph_blocks(text, 0, len(text)))


# Emphasis inside a sentence, which a reader never sees: `**bold**`, `__bold__` and `*italic*` paired on one line
# around words, after a word and a space. The stored text is what the sentence says, so a quote reads "within eight
# weeks of the wedding", not "within **eight weeks** of the wedding" (v65). Emphasis opening a line or a cell ("**Office
# hours:** Tuesdays ...", "| **Total** |") marks a label or a heading and stays for the structure reader; so do a
# bullet's "* ", a lone or unpaired `*` (a footnote mark, "2 * 3") and underscores inside words (snake_case).
_STRONG = re.compile(r"(?<=[\w,;)] )(\*\*|__)(?=[^\s*_])([^\n]*?[^\s*_])\1(?![\w*])")
_ITALIC = re.compile(r"(?<=[\w,;)] )\*(?=[^\s*])([^\n*]*?[^\s*])\*(?![\w*])")


def without_emphasis(text: str) -> str:
    """Return Markdown text with its paired bold and italic markers removed (the words between them kept)."""
    if "*" not in text and "__" not in text:
        return text
    return _ITALIC.sub(r"\1", _STRONG.sub(r"\2", text))


class MarkdownParser:
    document_type: DocumentType = "markdown"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse UTF-8 Markdown into normalized text without emphasis markers, its headings (with levels) and
        paragraphs."""
        text = without_emphasis(_normalized_or_empty(decode_text(data)))
        return ParsedDocument("markdown", MEDIA_TYPES["markdown"], text, markdown_blocks(text))


_ATX_HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*?))??(?:[ \t]+#+)?[ \t]*")
_SETEXT_RULE = re.compile(r"(=+|-{2,})[ \t]*")
_FENCE = re.compile(r"(```+|~~~+)")


def markdown_blocks(text: str) -> list[ParsedBlock]:
    """Return the headings, code blocks and paragraphs of normalized Markdown, in order."""
    lines = _line_spans(text)
    blocks: list[ParsedBlock] = []
    paragraph: tuple[int, int] | None = None
    fence: tuple[str, int] | None = None

    def close_paragraph() -> None:
        nonlocal paragraph
        if paragraph is not None:
            blocks.append(ParsedBlock("paragraph", *paragraph))
            paragraph = None

    for index, (start, end) in enumerate(lines):
        line = text[start:end]
        if fence is not None:
            if line.startswith(fence[0]):
                blocks.append(ParsedBlock("code", fence[1], end))
                fence = None
            continue
        if fence_match := _FENCE.match(line):
            close_paragraph()
            fence = (fence_match.group(1), start)
            continue
        heading = _ATX_HEADING.fullmatch(line)
        if heading and heading.group(2):
            close_paragraph()
            level, label = len(heading.group(1)), heading.group(2).strip()
            blocks.append(ParsedBlock("heading", start, end, heading_level=level, heading_label=label))
        elif not line:
            close_paragraph()
        elif paragraph is not None and _SETEXT_RULE.fullmatch(line) and paragraph[0] == lines[index - 1][0]:
            # A one-line paragraph underlined with === or --- is a setext heading.
            level = 1 if line.startswith("=") else 2
            label = text[paragraph[0] : paragraph[1]]
            blocks.append(ParsedBlock("heading", paragraph[0], end, heading_level=level, heading_label=label))
            paragraph = None
        else:
            paragraph = (paragraph[0] if paragraph else start, end)
    close_paragraph()
    if fence is not None:  # an unclosed fence runs to the end, as CommonMark renders it
        blocks.append(ParsedBlock("code", fence[1], len(text)))
    return blocks


def _line_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for line in text.split("\n"):
        spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans


def _normalized_or_empty(raw: str) -> str:
    text = normalize_text(raw)
    if not has_visible_text(text):
        raise EmptyDocument()  # nothing but spaces, zero-width characters or bidi marks
    return text
