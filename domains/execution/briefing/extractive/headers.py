"""Who sent a message, to whom, who was copied, and when: its own header lines ("From: ...", "Date: ...").

A message's sender, recipients and date are not said in its sentences; they stand in the header block the email
parser writes under the subject (and that a mail pasted as text carries). The answer model, fitted on prose, never
quotes a header line (listing.may_be_claim), and left to itself it offers the body's likeliest sentence instead: a
"reply by Monday 10 November" for "When was the email sent?". Here a question that asks for one of those fields is
answered by that line of the message it is about, or refused when that message has no such line. The quote is the
line itself, a verbatim slice of the chunk like every other quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from domains.execution.briefing.extractive.features import Analysis, Passage
from domains.execution.briefing.extractive.structure import ATTRIBUTION_LINE
from domains.execution.briefing.extractive.terms import fold, stem, tokenize
from domains.execution.briefing.prompt_format import WITHHELD_MARKER_START

_MESSAGE = r"(?:e-?mail|message|mail|note|memo|reminder|notice|update|announcement|letter|reply|invitation|invite)"
_THIS = (
    rf"(?:(?:the|this|that|an?|your|her|his|their|our|[a-z][\w-]*['’]s)\s+(?:[\w'’-]+\s+){{0,3}}?{_MESSAGE}"
    r"(?:\s+(?:about|regarding|concerning|on|re|for|with)\s+[^?]{1,60}?)?"
    r"|(?:it|this|that)(?=\s*(?:$|[?.,!]|(?:sent|from|to|written|dated|out|originally)\b)))"
)
# The field a question asks for, by the header names that carry it (a pasted Outlook mail says "Sent:").
_ASKED: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    (
        "sender",
        ("from",),
        re.compile(
            rf"\bwho (?:sent|wrote|signed) (?:me |us |you )?{_THIS}|\bwho (?:e-?mailed|messaged)\b"
            rf"|\bfrom whom (?:was|is) {_THIS}"
            rf"|\bwho(?:['’]s| is| was) {_THIS} from\b|\bwho is the sender\b|\bsender['’]s\b|\bsender of {_THIS}"
            rf"|{_MESSAGE}['’]?s? sender\b"
        ),
    ),
    (
        "cc",
        ("cc",),
        re.compile(
            rf"\bwho (?:was|were|got|is|are|else was) (?:cc['’]?(?:e?d)?|copied)\b|\bwho else (?:got|received) {_THIS}"
            rf"|\bcc(?:['’]?d|ed)? (?:on|in) {_THIS}"
        ),
    ),
    (
        "recipient",
        ("to",),
        re.compile(
            rf"\bwho (?:was|is|were) {_THIS} (?:sent|addressed|written|sent out) to\b|\bto whom (?:was|is|were) {_THIS}"
            rf"|\bwho (?:received|got) {_THIS}|\brecipients? of {_THIS}|{_MESSAGE}['’]?s? recipients?\b"
        ),
    ),
    ("address", ("from", "to", "cc"), re.compile(r"\be-?mail address(?:es)?\b")),
    (
        "date",
        ("date", "sent"),
        re.compile(
            rf"\b(?:when|what date|what day|what time|which day) (?:was|is) {_THIS} (?:sent|written|dated|sent out)\b"
            rf"|\bwhen did \w+(?: \w+)? (?:send|write) {_THIS}\b|\bdate of {_THIS}\b|\b{_MESSAGE} dated\b"
        ),
    ),
)
_QUOTE_MARKERS = r"(?:>[ \t]?)*"  # a line of a quoted earlier message ("> From: ...")
_HEADER_LINE = re.compile(
    rf"^{_QUOTE_MARKERS}(?P<line>(?P<name>from|to|cc|date|sent)[ \t]*:[ \t]*\S[^\n]*)$", re.IGNORECASE | re.MULTILINE
)
_ATTRIBUTION = re.compile(rf"^{_QUOTE_MARKERS}(?P<line>{ATTRIBUTION_LINE})[ \t]*$", re.MULTILINE)
# "Who sent the first email ...?": the message a thread starts with, quoted last
_FIRST = re.compile(r"\b(?:first|original|earliest|initial)\b")
# The words that ask about the message itself; what else the question names says which message it is about.
_MESSAGE_WORDS = frozenset(
    stem(word)
    for word in str.split(
        "email e-mail emailed mail mailed message messaged note memo reminder notice update announcement letter reply "
        "invitation invite send sent sending sender write wrote written writer sign signed receive received got "
        "recipient recipients addressee addressed cc cc'd copied copy date dated day time original first last address"
    )
)
MIN_MESSAGE_SHARE = 0.5  # of the rest of the question's content weight, found in the message it is about


@dataclass(frozen=True)
class HeaderAnswer:
    """The header line that answers (None: the message the question is about has no such line)."""

    passage: int
    start: int
    end: int


def asked_field(question: str) -> tuple[str, tuple[str, ...]] | None:
    """Return the header field a question asks for ("sender", "cc", "recipient", "address", "date") and the header
    names that carry it, or None when it asks for none."""
    folded = fold(question)
    for field_name, names, pattern in _ASKED:
        if pattern.search(folded):
            return field_name, names
    return None


def _header_lines(passage: Passage) -> list[re.Match[str]]:
    return [m for m in _HEADER_LINE.finditer(passage.item.text) if WITHHELD_MARKER_START not in m.group(0)]


def _depth(line: re.Match[str]) -> int:
    """Return how deep in a thread the message a sender line names is: its quote markers, one more for a reply's
    attribution ("On ..., Tom wrote:" introduces the message quoted below it)."""
    markers = line.group(0).count(">", 0, line.start("line") - line.start())
    return markers + (1 if line.group("line").startswith("On ") else 0)


def _senders(passage: Passage) -> list[re.Match[str]]:
    """Return the passage's From lines and reply attributions, in the order the text gives them."""
    found = [m for m in _header_lines(passage) if m.group("name").lower() == "from"]
    found += [m for m in _ATTRIBUTION.finditer(passage.item.text) if WITHHELD_MARKER_START not in m.group(0)]
    return sorted(found, key=lambda m: m.start())


def _message(analysis: Analysis, passage: Passage) -> list[Passage]:
    """Return the quotable chunks of the message `passage` is part of: those under its section label (subject,
    sender, date); the header block sits in the first."""
    section = passage.item.section
    if not section:
        return [passage]
    return [p for p in analysis.passages if p.quotable and p.item.section == section]


def header_answer(analysis: Analysis, question: str) -> HeaderAnswer | Literal[False] | None:
    """Return the header line answering a question about a message's sender, recipients, copies, date or a person's
    address; False when the question asks none of those or no chunk of the evidence holds a header block (the usual
    ranking answers); None when the message the question is about has no line for the field asked (refused)."""
    asked = asked_field(question)
    if asked is None:
        return False
    field_name, names = asked
    lines = {p.position: found for p in analysis.passages if p.quotable and (found := _header_lines(p))}
    if not lines:
        return False
    weights = {
        t.stem: analysis.question.weights.get(t.stem, 1.0)
        for t in tokenize(question)
        if t.content and t.stem not in _MESSAGE_WORDS
    }
    total = sum(weights.values())

    def share(passage: Passage) -> float:
        stems = {
            t.stem for p in _message(analysis, passage) for t in tokenize(f"{p.item.section or ''}\n{p.item.text}")
        }
        return sum(w for term, w in weights.items() if term in stems) / total if total else 1.0

    scored = [(share(analysis.passages[position]), analysis.passages[position]) for position in lines]
    best, passage = max(scored, key=lambda found: (found[0], -found[1].rank))
    if best < MIN_MESSAGE_SHARE:
        return False  # no message with headers is about what the question names: the usual ranking decides
    own = lines[passage.position]
    if field_name == "address":
        # "What is Priya Raman's email address?": the From, To or Cc line that names her
        wanted = {t.stem for t in tokenize(question) if t.stem in analysis.needs.key_terms}
        for match in own if wanted else []:
            stems = {t.stem for t in tokenize(match.group("line"))}
            if match.group("name").lower() in names and "@" in match.group("line") and wanted <= stems:
                return HeaderAnswer(passage.position, match.start("line"), match.end("line"))
        return False  # a name no header line gives: the usual ranking (a signature may hold the address)
    if field_name == "sender" and _FIRST.search(fold(question)):
        # A thread's first message is quoted deepest ("> > On Wed ..., Des wrote:"), whichever chunk holds it; a mail
        # read since its quote markers are taken off at ingestion (parsing.email.unquote) quotes it last.
        senders = [(_depth(m), order, p, m) for p in _message(analysis, passage) for order, m in enumerate(_senders(p))]
        if senders:
            _, _, where, line = max(senders, key=lambda found: found[:2])
            return HeaderAnswer(where.position, line.start("line"), line.end("line"))
    for match in own:
        if match.group("name").lower() in names:
            return HeaderAnswer(passage.position, match.start("line"), match.end("line"))
    return None
