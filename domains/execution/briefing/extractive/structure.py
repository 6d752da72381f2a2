"""Read a chunk's layout: headings, FAQ questions, numbered steps, list items, table rows, fields and prose.

Everyday documents are not prose. A FAQ answer means nothing without its question heading, a table row nothing
without its header, a step nothing without the section it belongs to. This module reads the chunk line by line and
returns its quotable sentences, each with

- its span: offsets into the chunk text with the markup around it left out (heading hashes, list numbers and bullets,
  a bold label, Q:/A: prefixes, a table row's outer pipes), so `text[start:end]` is clean and still verbatim;
- its role (prose, step, item, row, field) and its block (sentences of one paragraph or list item share one);
- its context: the headings in force above it inside the chunk, a list item's bold label, a table's header row.

Headings and title lines are context, never quotable on their own. Nothing is rewritten: every span is a slice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from domains.execution.briefing.extractive.sentences import SentenceSpan, split_row, split_sentences
from domains.execution.briefing.extractive.terms import fold


class Role(StrEnum):
    """What kind of text a quotable sentence is."""

    PROSE = "prose"
    STEP = "step"  # a numbered list item: an instruction or a clause
    ITEM = "item"  # a bulleted list item
    ROW = "row"  # a table row
    FIELD = "field"  # a "Key: value" line (email headers, invoice fields)


@dataclass(frozen=True)
class Unit:
    """One quotable sentence: `text[start:end]`, its role, its block, and the context it is read in."""

    start: int
    end: int
    role: Role
    block: int
    context: str
    title: str = ""  # the document title (a level-1 heading) when the chunk shows it; also part of `context`
    # A numbered step's number ("6", "2.2"): not part of the quote, but what "step 6" or "clause 2.2" names it by
    number: str = ""


_MD_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_BOLD_LINE = re.compile(r"[ \t]*(\*\*|__)(?P<body>[^*_].*?)(\*\*|__)[ \t]*$")
_QUESTION_PREFIX = re.compile(r"[ \t]*Q[:.][ \t]+(?=\S)")
_ANSWER_PREFIX = re.compile(r"[ \t]*A[:.][ \t]+(?=\S)")
_QUOTED = re.compile(r"[ \t]*(?:>[ \t]?)+(?=\S)")
_QUOTED_BLANK = re.compile(r"[ \t]*(?:>[ \t]*)+$")
# A letter's greeting on a line of its own ("Hi Dan,"): the paragraph starts below it, even in a quoted reply.
_GREETING = re.compile(r"(?:dear|hi|hello|hey|good (?:morning|afternoon|evening))\b[^.!?\n]{0,40}[,!]?[ \t]*$", re.I)
# A plain-text rule ("-----", "=====") sets sections apart as a blank line does; it is no text.
_RULE = re.compile(r"[ \t]*([-=_*~#+])\1{4,}[ \t]*$")
# A label joined to its value by a dot leader ("Abstract submission deadline ........ 14 February 2025"): a field.
_LEADER = re.compile(r"[ \t]*(?P<label>[^\s.][^\n]{0,60}?)(?:[ \t]*\.{4,}|[ \t]+\.{3})[ \t]*(?=\S)")
_TABLE_LINE = re.compile(r"[ \t]*\|")
# The header of a table continued from an earlier chunk, as the chunker writes it into the section label
_COLUMNS_HINT = re.compile(r"(?:^|\()columns: ([^()]*)\)?$")
_TABLE_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
_NUMBERED = re.compile(
    r"[ \t]*(?:\d{1,3}[.)]|\d{1,3}(?:\.\d{1,3})+\.?|\(\d{1,3}\)|\(?[a-z][.)]|\(?[ivx]{1,4}\))[ \t]+(?=\S)"
)
_MARKER_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,3})*")  # the number in a _NUMBERED marker
_BULLET = re.compile(r"[ \t]*[-*•+▪–][ \t]+(?=\S)")
_BOLD_LABEL = re.compile(r"(\*\*|__)(?P<label>[^*_\n]{1,60}?)[:.]?(\*\*|__)[:.]?[ \t]*(?=\S)")
_VALUE = re.compile(r"[£$€]?\d")


def bold_label(text: str, start: int = 0, end: int | None = None) -> re.Match[str] | None:
    """Return the match of a bold label opening text[start:end] ("**Deposit:** £1,440"), or None; a bold value with
    no colon ("- **1,940** food parcels given out") is emphasis, and the sentence starts with it."""
    match = _BOLD_LABEL.match(text, start, len(text) if end is None else end)
    if match is None or (_VALUE.match(match.group("label").strip()) and ":" not in match.group(0)):
        return None
    return match


_FIELD = re.compile(r"[ \t]*(?P<key>[A-Z][\w/&()'%. -]{0,28}?):[ \t]+(?=\S)")
HEADING_NUMBER = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z]\.|[ivx]{1,4}\.)\s+")
_TERMINAL = frozenset(".!?:;,")
_LABEL_SENTENCE = re.compile(r"[A-Z][\w'’ -]{0,40}\.")
_MAX_HEADING_WORDS = 10
# A reply's attribution of the message it quotes: "On Wed, 14 May 2025 at 08:02, Des Whitlock <des@...> wrote:"
# (headers.py reads the same line, behind any quote markers, for "who sent the first email?")
ATTRIBUTION_LINE = r"On [^\n]{6,160}? wrote:"
_ATTRIBUTION = re.compile(rf"[ \t]*{ATTRIBUTION_LINE}[ \t]*$")
_MAX_FIELD_CHARS = 200  # a "Key: value" line is short; a paragraph that opens "The Normans (Norman: ..." is prose


@dataclass(frozen=True)
class _Line:
    start: int
    end: int

    def text(self, source: str) -> str:
        return source[self.start : self.end]


def _lines(text: str) -> list[_Line]:
    lines, start = [], 0
    for index, char in enumerate(text):
        if char == "\n":
            lines.append(_Line(start, index))
            start = index + 1
    lines.append(_Line(start, len(text)))
    return lines


def heading_text(raw: str) -> str:
    """Return a heading's words: markup, numbering and surrounding emphasis removed."""
    text = raw.strip().strip("*_").strip()
    return HEADING_NUMBER.sub("", text).strip()


def _short_label(text: str, max_words: int, max_chars: int) -> bool:
    """A line of at most max_words words and max_chars characters that ends without closing punctuation and holds
    no "label: value" pair: the shape a heading, a numbered section title and a list entry written a line each
    share."""
    stripped = text.strip()
    return (
        0 < len(stripped) <= max_chars
        and len(stripped.split()) <= max_words
        and stripped[-1] not in _TERMINAL
        and ": " not in stripped
    )


def _shouted(text: str) -> bool:
    """Return True for a line of two or more words written in capitals, at most 100 characters, without closing
    punctuation: a notice's or a letter's headline, a label and all ("IMPORTANT: ...")."""
    stripped = text.strip()
    letters = [c for c in stripped if c.isalpha()]
    return (
        len(letters) >= 6
        and all(c.isupper() for c in letters)
        and len(stripped.split()) >= 2
        and len(stripped) <= 100
        and stripped[-1] not in _TERMINAL
    )


def _is_plain_heading(text: str, blank_before: bool, next_text: str | None) -> bool:
    """A short line without closing punctuation, set off above, with text right below it ("Ingredients")."""
    if not blank_before or not next_text or not next_text.strip():
        return False
    if not _short_label(text, _MAX_HEADING_WORDS, 80):
        return False
    # A line running on in lower case is a paragraph wrapped by hand ("... coffee breaks / and the conference
    # dinner ..."), whatever the length of its next line.
    return text.strip()[0].isupper() and not next_text.strip()[:1].islower()


_MAX_BARE_CHARS = 60


def is_bare_line(text: str | None) -> bool:
    """Return True for a short line without closing punctuation that opens with a capital or a number: one entry
    of a list written a line each ("225 g caster sugar", "Ford Transit"), or a heading. A wrapped line of prose
    usually continues in lower case, which is not bare."""
    stripped = (text or "").strip()
    return _short_label(stripped, _MAX_BARE_CHARS, _MAX_BARE_CHARS) and (stripped[0].isupper() or stripped[0].isdigit())


MIN_WRAP_WIDTH = 40  # characters of a chunk's longest line before its lines can be a column's wrapped prose
WRAP_SHARE = 0.8  # of that width, a line without closing punctuation fills when a column wrapped it


def wraps_on(text: str, following: str | None, width: int) -> bool:
    """Return True when a line without closing punctuation runs on into the next one: the next continues in lower
    case, or the line fills the column of a narrow-column page (a PDF newsletter's "From 6 April 2026 the green
    garden-waste bins will" / "be collected every second Wednesday ..."), where every line is short. A list written
    a line each has lines of many lengths, most of them well short of its longest."""
    stripped, below = text.strip(), (following or "").strip()
    if not below or _BULLET.match(below) or _NUMBERED.match(below) or _TABLE_LINE.match(below):
        return False
    if below[0].islower():
        return True
    return width >= MIN_WRAP_WIDTH and len(stripped) >= WRAP_SHARE * width


def wraps_field(text: str, following: str | None, width: int) -> bool:
    """Return True when a "Label: text" line is the first line of a wrapped paragraph, not a field of a list of
    fields: the line ends mid-sentence and runs on into the next, which is no field of its own."""
    stripped = text.rstrip()
    if not stripped or stripped[-1] in ".!?:" or following is None or _FIELD.match(following):
        return False
    return wraps_on(text, following, width)


_MAX_LEAD_IN_WORDS = 12


def is_lead_in(text: str, next_text: str | None) -> bool:
    """Return True for a short line ending in a colon right above a list or table ("For the tomato sauce:", "To
    reset the hub:"): it names what the list below it is, as a heading would, and states nothing on its own."""
    stripped = text.strip()
    if not stripped.endswith(":") or len(stripped.split()) > _MAX_LEAD_IN_WORDS or next_text is None:
        return False
    return bool(_BULLET.match(next_text) or _NUMBERED.match(next_text) or _TABLE_LINE.match(next_text))


def _is_question_heading(text: str, blank_before: bool, next_text: str | None) -> bool:
    """A FAQ question on a line of its own, answered by the lines right below it."""
    stripped = text.strip()
    return (
        blank_before
        and bool(next_text and next_text.strip())
        and stripped.endswith("?")
        and len(stripped.split()) <= 14
        and not _TABLE_LINE.match(next_text or "")
    )


class _Reader:
    """Walks the lines of one chunk and collects blocks; see read_units."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.headings: list[tuple[int, str]] = []
        # (start, end, role, context, title, number): number is a numbered step's own ("6", "2.2"), else ""
        self.blocks: list[tuple[int, int, Role, str, str, str]] = []
        self.open: list[int] | None = None  # [start, end, role index] of the paragraph being read
        self.open_role = Role.PROSE
        self.open_context = ""
        self.open_title = ""
        self.open_number = ""
        self.table_header = ""
        self.lead_in = ""  # "For the tomato sauce:" right above a list: the context of that list's items and rows
        self.open_quote_depth = 0  # the ">" depth of the quoted paragraph being read (0: not quoted)

    def title(self) -> str:
        return next((h for level, h in self.headings if level == 1), "")

    def context(self, *extra: str) -> str:
        parts = [h for _, h in self.headings] + [e for e in extra if e]
        return " / ".join(parts)

    def push_heading(self, level: int, words: str) -> None:
        self.flush()
        self.lead_in = ""
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        if words:
            self.headings.append((level, words))

    def flush(self) -> None:
        if self.open is not None and self.open[1] > self.open[0]:
            block = (self.open[0], self.open[1], self.open_role, self.open_context, self.open_title, self.open_number)
            self.blocks.append(block)
        self.open = None

    def start_block(self, start: int, end: int, role: Role, label: str = "") -> None:
        self.flush()
        self.open = [start, end]
        self.open_role = role
        if role not in (Role.STEP, Role.ITEM):
            self.lead_in = ""  # prose, a field: the list the lead-in introduced has ended
        self.open_context = self.context(self.lead_in, label)
        self.open_title = self.title()
        self.open_number = ""
        self.open_quote_depth = 0

    def list_item(self, line: _Line, marker_end: int, role: Role) -> None:
        marker = self.text[line.start : marker_end]
        label_match = bold_label(self.text, marker_end, line.end)
        label = ""
        if label_match is not None:
            label = label_match.group("label").strip()
            marker_end = label_match.end()
        self.start_block(marker_end, line.end, role, label)
        number = _MARKER_NUMBER.search(marker) if role is Role.STEP else None
        self.open_number = number.group(0) if number else ""  # "6." -> "6", "2.2" -> "2.2", "(b)" -> ""


def _row_span(text: str, line: _Line) -> tuple[int, int]:
    start, end = line.start, line.end
    while start < end and text[start] in " \t|":
        start += 1
    while end > start and text[end - 1] in " \t|":
        end -= 1
    return start, end


def _cells(raw: str) -> str:
    return " / ".join(cell.strip() for cell in raw.strip().strip("|").split("|") if cell.strip())


def is_numbered_heading(rest: str, following: str | None) -> bool:
    """Return True when a numbered line is a section heading, not a step: a few words without closing punctuation
    ("2. Water", "4.1 Filters") with text, not another numbered or bulleted line, right below it."""
    if not _short_label(rest, 6, len(rest)) or not rest[0].isupper():
        return False
    if following is None or not following.strip():
        return False
    return not (_NUMBERED.match(following) or _BULLET.match(following) or _TABLE_LINE.match(following))


def is_title_line(raw: str, titles: tuple[str, ...]) -> bool:
    """Return True when a chunk's opening line repeats the document's title from the section hint (an email's
    subject, a plain-text document's first line): the hint may add more after it ("Subject — sender — date")."""
    line = fold(raw)
    return len(line) >= 3 and any(fold(t).startswith(line) for t in titles if t.strip())


def is_section_line(raw: str, titles: tuple[str, ...]) -> bool:
    """Return True when a line repeats one part of the chunk's section hint whole: the parser's section heading
    (an HTML `<h3>` FAQ question, a Word heading) kept as a plain line of text, or a spreadsheet's sheet name under
    its one-word label ("Menu 2026" under "Sheet Menu 2026"). It is a heading, not an answer."""
    line = fold(raw).strip("*_ ")
    return len(line) >= 3 and any(line in (fold(t), fold(t).partition(" ")[2]) for t in titles)


_RECORD_CELL = re.compile(r"[^:|\n]{1,60}?: \S")


def is_record_line(raw: str) -> bool:
    """Return True for one record of a spreadsheet as ingestion writes it: `Header: value | Header: value`."""
    cells = raw.strip().split(" | ")
    return len(cells) >= 2 and all(_RECORD_CELL.match(cell) for cell in cells)


def read_blocks(text: str, titles: tuple[str, ...] = ()) -> list[tuple[int, int, Role, str, str, str]]:
    """Return the chunk's quotable blocks as (start, end, role, context, title, number), in order.

    `titles` are the parts of the chunk's section hint (document title, section path): an opening line that repeats
    one is the document's title, read as a level-1 heading."""
    reader = _Reader(text)
    lines = _lines(text)
    width = max((len(line.text(text).strip()) for line in lines), default=0)
    blank_before = True
    opening = True
    for index, line in enumerate(lines):
        raw = line.text(text)
        following = lines[index + 1].text(text) if index + 1 < len(lines) else None
        if not raw.strip() or _QUOTED_BLANK.match(raw) or _RULE.match(raw):
            reader.flush()
            reader.table_header = ""
            blank_before = True
            continue
        was_blank, blank_before = blank_before, False
        first_line, opening = opening, False
        leader = _LEADER.match(raw)
        if leader is not None:
            # v93: the label is quoted with its value ("Main hall, weekday evenings ... £28.00", not "£28.00" alone)
            reader.start_block(line.start + leader.start("label"), line.end, Role.FIELD, leader.group("label").strip())
            reader.flush()
            continue
        bare_title = is_bare_line(raw) and not (following or "").strip() and index + 2 < len(lines)
        # A chunk may open with its own section's heading (an HTML <h3> FAQ question): that is no document title.
        own_section = first_line and len(titles) >= 3 and is_section_line(raw, titles[-1:])
        if (
            first_line
            and not own_section
            and not raw.lstrip().startswith("#")
            and (is_title_line(raw, titles) or bare_title)
        ):
            reader.push_heading(1, heading_text(raw))
            blank_before = True
            continue
        # A chunk that is nothing but its section's heading (a sheet's name stored apart from its rows) says nothing.
        alone = first_line and not any(later.text(text).strip() for later in lines[index + 1 :])
        if (own_section or not first_line or alone) and is_section_line(raw, titles):
            reader.push_heading(7, heading_text(raw))
            blank_before = True
            continue
        heading = _MD_HEADING.match(raw)
        if heading is not None:
            reader.push_heading(len(heading.group(1)), heading_text(heading.group(2)))
            blank_before = True  # what follows a heading starts a new block
            continue
        bold = _BOLD_LINE.match(raw)
        if bold is not None:
            reader.push_heading(7, heading_text(bold.group("body")))
            blank_before = True
            continue
        question = _QUESTION_PREFIX.match(raw)
        if question is not None:
            reader.push_heading(7, raw[question.end() :].strip())
            blank_before = True
            continue
        if _TABLE_LINE.match(raw):
            reader.flush()
            if _TABLE_SEPARATOR.match(raw):
                continue
            if not reader.table_header and following is not None and _TABLE_SEPARATOR.match(following):
                reader.table_header = _cells(raw)
                continue
            if not reader.table_header and titles and (columns := _COLUMNS_HINT.search(titles[-1])):
                # A chunk continuing a table whose header row is in an earlier chunk: the chunker wrote the header
                # into the section label ("Fees (columns: Class, Member price, Non-member price)")
                reader.table_header = " / ".join(cell.strip() for cell in columns.group(1).split(",") if cell.strip())
            start, end = _row_span(text, line)
            if end > start:
                row_context = reader.context(reader.lead_in, reader.table_header)
                reader.blocks.append((start, end, Role.ROW, row_context, reader.title(), ""))
            continue
        if is_record_line(raw):
            reader.flush()
            start, end = _row_span(text, line)
            reader.blocks.append((start, end, Role.ROW, reader.context(), reader.title(), ""))
            continue
        if _ATTRIBUTION.match(raw):
            # "On Tue, 15 Apr 2025 at 20:05, Tom Reilly <tom@...> wrote:" over a quoted message whose markers ingestion
            # took off (parsing.email.unquote): it says whose message follows, as a heading does.
            reader.push_heading(7, raw.strip().rstrip(":"))
            blank_before = True
            continue
        quoted = _QUOTED.match(raw)
        if quoted is not None:
            if raw.rstrip().endswith(":"):
                reader.push_heading(7, raw[quoted.end() :].strip().rstrip(":"))
            else:
                rest = raw[quoted.end() :]
                field_line = _FIELD.match(rest) is not None and len(rest.strip()) <= _MAX_FIELD_CHARS
                depth = quoted.group(0).count(">")
                if (
                    not field_line
                    and reader.open is not None
                    and reader.open_quote_depth == depth
                    and not _GREETING.match(text, reader.open[0], reader.open[1])
                ):
                    # A quoted paragraph wraps its lines ("The Long Gallery seats\n> up to 120 ..."): one block,
                    # whose sentences may run over a line's ">" (read_units starts none of them on a marker).
                    reader.open[1] = line.end
                    continue
                # A quoted header line ("> From: ...") is a field, never prose.
                reader.start_block(line.start + quoted.end(), line.end, Role.FIELD if field_line else Role.PROSE)
                reader.open_quote_depth = 0 if field_line else depth
            continue
        answer = _ANSWER_PREFIX.match(raw)
        if answer is not None:
            reader.start_block(line.start + answer.end(), line.end, Role.PROSE)
            continue
        numbered = _NUMBERED.match(raw)
        if numbered is not None and is_numbered_heading(raw[numbered.end() :], following):
            reader.push_heading(7, heading_text(raw[numbered.end() :]))  # "2. Water" over its minutes
            blank_before = True
            continue
        if numbered is not None and not raw[numbered.end() :].startswith(("%", "°")):
            reader.list_item(line, line.start + numbered.end(), Role.STEP)
            continue
        bullet = _BULLET.match(raw)
        if bullet is not None:
            reader.list_item(line, line.start + bullet.end(), Role.ITEM)
            continue
        labelled = bold_label(raw.lstrip())
        if labelled is not None:
            offset = line.start + len(raw) - len(raw.lstrip())
            reader.start_block(offset + labelled.end(), line.end, Role.FIELD, labelled.group("label").strip())
            continue
        if was_blank and index + 1 < len(lines) and _shouted(raw):
            # A headline in capitals set off above ("IMPORTANT: CHANGES TO YOUR COLLECTION DAY"): no field, no prose
            reader.push_heading(7, heading_text(raw))
            blank_before = True
            continue
        field = _FIELD.match(raw)
        short = len(raw.strip()) <= _MAX_FIELD_CHARS
        if field is not None and short and (reader.open is None or reader.open_role is Role.FIELD):
            start = line.start + len(raw) - len(raw.lstrip())
            if wraps_field(raw, following, width):
                # A hard-wrapped paragraph that opens with a label ("Cost: the trip costs £18 per pupil, which covers
                # the coach and the" / "museum's schools programme."): prose, its sentences run over the line end.
                reader.start_block(start, line.end, Role.PROSE)
                continue
            reader.start_block(start, line.end, Role.FIELD)
            reader.flush()
            continue
        if _is_question_heading(raw, was_blank, following) or _is_plain_heading(raw, was_blank, following):
            reader.push_heading(7, heading_text(raw))
            blank_before = True
            continue
        # A lead-in may stand one blank line above its list or table ("Sunday departures:", blank, the table).
        below = following
        if below is not None and not below.strip() and index + 2 < len(lines):
            below = lines[index + 2].text(text)
        if (was_blank or reader.open is None) and is_lead_in(raw, below):
            reader.flush()
            reader.lead_in = heading_text(raw.strip()[:-1])
            continue
        previous = lines[index - 1].text(text) if index > 0 else None
        if (
            is_bare_line(raw)
            and not wraps_on(raw, following, width)
            and (is_bare_line(following) or (is_bare_line(previous) and reader.open is None))
        ):
            start = line.start + len(raw) - len(raw.lstrip())
            reader.start_block(start, line.end, Role.ITEM)  # one entry of a list written a line each
            reader.flush()
            continue
        if reader.open is not None:
            reader.open[1] = line.end  # a continuation line of the open paragraph or list item
            continue
        start = line.start + len(raw) - len(raw.lstrip())
        reader.start_block(start, line.end, Role.PROSE)
    reader.flush()
    return reader.blocks


def read_units(text: str, max_chars: int, titles: tuple[str, ...] = ()) -> list[Unit]:
    """Return the chunk's quotable sentences with their roles, blocks and contexts, in order."""
    units: list[Unit] = []
    for block, (start, end, role, context, title, number) in enumerate(read_blocks(text, titles)):
        spans = []
        split = split_row if role is Role.ROW else split_sentences
        for sentence in split(text[start:end], max_chars=max_chars):
            begin = sentence.start + start
            marker = _QUOTED.match(text, begin, sentence.end + start)
            if marker is not None:
                begin = marker.end()  # a sentence of a wrapped quoted paragraph that opens a line
            spans.append(SentenceSpan(begin, sentence.end + start))
        label = ""
        first = text[spans[0].start : spans[0].end] if spans else ""
        if len(spans) > 1 and _LABEL_SENTENCE.fullmatch(first) and not any(c.isdigit() for c in first):
            words = text[spans[0].start : spans[0].end].split()
            if len(words) <= 3:
                label = text[spans[0].start : spans[0].end - 1]
                spans = spans[1:]
        full_context = " / ".join(part for part in (context, label) if part)
        units.extend(Unit(span.start, span.end, role, block, full_context, title, number) for span in spans)
    return units
