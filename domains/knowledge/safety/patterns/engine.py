"""Pattern engine: which directive families fire on one piece of text (a sentence or line, or a hidden block).

Rules run only when their cheap gate (trigger words or substrings) opens. Markup checks (role labels, chat-template
tags, hidden HTML/markdown comments, invisible characters) run beside the rule tables.
"""

from __future__ import annotations

import re
from typing import Final

from domains.knowledge.safety.patterns.addressed import ADDRESSED_RULES
from domains.knowledge.safety.patterns.clause import (
    HIDDEN_COMMENT,
    ROLE_IMPERSONATION,
    ZERO_WIDTH,
    Rule,
    Severity,
    addressed_to_people,
    lowers_letter_for_letter,
    reads_as_directive,
    sentence_around,
)
from domains.knowledge.safety.patterns.composed import COMPOSED_RULES
from domains.knowledge.safety.patterns.conversation import CONVERSATION_RULES
from domains.knowledge.safety.patterns.forms import FORM_RULES
from domains.knowledge.safety.patterns.output import OUTPUT_RULES
from domains.knowledge.safety.patterns.override import OVERRIDE_RULES

_RULES: tuple[Rule, ...] = (
    OVERRIDE_RULES + OUTPUT_RULES + CONVERSATION_RULES + FORM_RULES + ADDRESSED_RULES + COMPOSED_RULES
)

# Role labels that open a line ("SYSTEM: ...", "Assistant: ...", a Markdown heading's "### System: ...") or a
# comment/bracket.
_ROLE_LABEL = re.compile(
    r"(?:^(?:[ \t]*\#{1,6})?|(?<=[.!?] )|<!--|[\[(])[ \t]*(?:\*\*)?"
    r"(system|assistant|developer|operator|ai|ki|chatgpt|gpt|claude)"
    r"(?:\*\*)?[ \t-]?(?:message|prompt|note|notice|override|hinweis|nachricht)?[ \t]*"
    r"(?:\]|\))?[ \t]*(?:an\s+das\s+modell|to\s+the\s+(?:model|assistant))?[ \t]*:(?!//)[ \t]*(\S[^\n]{0,200})",
    re.IGNORECASE | re.MULTILINE,
)
# A person's name and an optional role in brackets, and nothing else: "Maria Lopez (Reception)", "Dr. A. Khan".
_NAME_FIELD = re.compile(
    r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+)?(?:[A-Z][a-z'’-]+|[A-Z]\.)(?:\s+(?:[A-Z][a-z'’-]+|[A-Z]\.)){1,3}"
    r"(?:\s*[(,–—-]\s*[^()\n]{1,40}\)?)?"
)
_ROLE_STRONG = re.compile(
    r"\b(?:ignore|disregard|forget|override|you\s+are\s+now|from\s+now\s+on|new\s+instructions?|reveal|"
    r"must|always|never|instead|obey|no\s+longer\s+apply)\b",
    re.IGNORECASE,
)
_ROLE_WEAK = re.compile(
    r"\b(?:you|your|please|respond|answer|reply|say|print|output|do\s+not|don't|disabled|deaktiviert|may\s+now|"
    r"ab\s+jetzt|ab\s+sofort|antwortet|deine?|du)\b",
    re.I,
)
_ROLE_TAG = re.compile(
    r"<\s*/?\s*(?:system|assistant|system_prompt|sys)\s*>|\[(?:system|assistant|system\s+message|developer|operator|"
    r"administrator|système|sistema|systeem)\]",
    re.I,
)

# Hidden markup: HTML comments (closed or running to the end), markdown comments, CSS-hidden elements.
_HIDDEN_BLOCK = re.compile(
    r"<!--(.{0,2000}?)(?:-->|\Z)|^\[//\]:\s*#\s*[(\"'](.{0,1000}?)[)\"']\s*$"
    r"|<(\w+)[^>]{0,200}style\s*=\s*[\"'][^\"']{0,200}(?:display\s*:\s*none|visibility\s*:\s*hidden|"
    r"font-size\s*:\s*0|opacity\s*:\s*0)[^>]{0,200}>(.{0,1000}?)</",
    re.IGNORECASE | re.DOTALL | re.MULTILINE,
)
_ADDRESSEE = re.compile(
    r"\b(?:assistant|ai|llm|language\s+model|model|chatbot|gpt|claude|bot|agent|system)\b", re.IGNORECASE
)
_SECOND_PERSON = re.compile(r"\b(?:you|your)\b", re.IGNORECASE)
_ACTION = re.compile(
    r"\b(?:send|post|reveal|print|say|respond|reply|answer|include|add|write|tell|output|summari[sz]e|"
    r"ignore|forget|disregard|must|always|never|do\s+not|don't|instead|append|insert|mention|recommend|visit|"
    r"click|download|fetch|call|execute|run)\b",
    re.IGNORECASE,
)

# Invisible characters: zero-width space/joiners, word joiner and invisible operators, BOM, soft hyphen, Mongolian
# vowel separator, bidi controls, and the Unicode tag block (which can spell ASCII invisibly).
_INVISIBLE = re.compile(
    "[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff"
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)
_TAG_RUN = re.compile("[\U000e0020-\U000e007e]{4,}")
# Invisible characters wedged between Latin letters split words on purpose; Khmer, Thai or emoji use them
# between or inside their own scripts, and a PDF soft hyphen inside a word is ordinary.
_INTRA_WORD_INVISIBLE = re.compile("[A-Za-z][\u180e\u200b-\u200d\u2060-\u2064\ufeff]+[A-Za-z]")
_INTRA_WORD_MIN = 3

# A line of dialogue in a story or a report, with its speech tag: '"From now on you are the captain," the teacher
# announced' (spans-10). The phrase opens a quotation, and the quotation closes on "<someone> said".
_OPENS_QUOTE = re.compile(r"[\"“„]\s*$")
_SPEECH_TAG = re.compile(
    r"[^\"“”„\n]{0,240}?[\"”]\s*,?\s*(?:the\s+|a\s+|an\s+|my\s+|his\s+|her\s+|their\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:said|says|announced|asked|told\s+\w+|shouted|replied|explained|added|whispered|called|cried|declared|began|"
    r"continued|wrote|joked|laughed|insisted|recalled|sagte|fragte|rief|meinte)\b",
    re.IGNORECASE,
)
_SEVERITY_RANK: Final = {"medium": 1, "high": 2}
# The words the rules are written with (spans-20): a spaced-out phrase whose word gaps were lost ("D r o p y o u r
# r u l e s" once extraction collapsed its white space) is cut back into these words (normalize.segmented) and read by
# the same rules. Read from the rules' own pattern text, so a word a rule gains is known here too.
_ESCAPE = re.compile(r"\\[A-Za-z]")
RULE_WORDS: Final = frozenset(
    word.lower() for rule in _RULES for word in re.findall(r"[^\W\d_]{2,}", _ESCAPE.sub(" ", rule.regex.pattern))
) | frozenset({"a", "i"})
# A rule runs when each word group of one of its gates (Rule.words, Rule.or_words) shares a word with the text, or
# one of its substrings occurs in it. Groups are numbered once; a text's words say which groups it satisfies, and a
# gate is open when its group numbers are a subset of those: set operations in C, no loop over rules per text.
_GROUPS: tuple[frozenset[str], ...] = tuple(
    dict.fromkeys(group for rule in _RULES for gate in (rule.words, rule.or_words) for group in gate)
)
_GROUP_NUMBER = {group: number for number, group in enumerate(_GROUPS)}
_GROUPS_BY_WORD: dict[str, tuple[int, ...]] = {
    word: tuple(number for number, group in enumerate(_GROUPS) if word in group) for word in frozenset().union(*_GROUPS)
}
_TRIGGER_WORDS = frozenset(_GROUPS_BY_WORD)


def _gates_by_group() -> dict[int, list[tuple[int, frozenset[int]]]]:
    """Return each rule's gates as (rule index, the gate's group numbers), filed under the gate's first group: a gate
    can only open when that group is satisfied."""
    filed: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for index, rule in enumerate(_RULES):
        for gate in (rule.words, rule.or_words):
            if gate:
                numbers = frozenset(_GROUP_NUMBER[group] for group in gate)
                filed.setdefault(_GROUP_NUMBER[gate[0]], []).append((index, numbers))
    return filed


_GATES_BY_GROUP = _gates_by_group()
_RULES_BY_SUBSTRING: dict[str, tuple[int, ...]] = {
    part: tuple(i for i, rule in enumerate(_RULES) if part in rule.substrings)
    for part in {part for rule in _RULES for part in rule.substrings}
}
# Each gate substring is looked for once per text (a C-level scan), not once per rule that lists it.
_SUBSTRINGS = tuple(_RULES_BY_SUBSTRING)
_WORD = re.compile(r"\w+")


def _runnable_rules(lowered: str) -> list[Rule]:
    """Return, in rule order, the rules whose gate the lower-cased text opens (the others cannot match it)."""
    words = _TRIGGER_WORDS.intersection(_WORD.findall(lowered))
    if "@" in lowered:
        words |= {"@"}  # lets the exfiltration rule require "an e-mail address" as one of its trigger words
    if ":" in lowered:
        words |= {":"}  # lets a rule require a colon ("Agent with browsing access: ...") beside its words
    satisfied: set[int] = set()
    for word in words:
        satisfied.update(_GROUPS_BY_WORD[word])
    chosen: set[int] = set()
    for number in satisfied:
        for index, gate in _GATES_BY_GROUP.get(number, ()):
            if gate <= satisfied:
                chosen.add(index)
    for part in _SUBSTRINGS:
        if part in lowered:
            chosen.update(_RULES_BY_SUBSTRING[part])
    return [_RULES[i] for i in sorted(chosen)]


def _rule_hits(text: str, lowered: str) -> dict[str, Severity]:
    hits: dict[str, Severity] = {}
    case_free = lowers_letter_for_letter(text, lowered)
    for rule in _runnable_rules(lowered):
        known = hits.get(rule.family)
        if known is not None and _SEVERITY_RANK[known] >= _SEVERITY_RANK[rule.severity]:
            continue
        # The same matches at the same offsets either way (clause.case_free); offsets index `text` below.
        if case_free and rule.lowered is not None:
            found = rule.lowered.finditer(lowered)
        elif case_free and rule.screen is not None and rule.screen.search(lowered) is None:
            continue  # the regex cannot match where its looser lower-case screen does not (clause.case_screen)
        else:
            found = rule.regex.finditer(text)
        for match in found:
            if rule.people and addressed_to_people(text, match.start(), match.end()):
                continue  # "Please reply only with yes or no by Friday."
            if rule.unless is not None and rule.unless.search(text, *sentence_around(text, match.start(), match.end())):
                continue  # "If the reading looks wrong, ignore it and type it in again."
            if (not rule.directive or reads_as_directive(text, match.start())) and not _dialogue(text, match.start()):
                _record(hits, rule.family, rule.severity)
                break
    _role_labels(text, lowered, hits)
    return hits


def _dialogue(text: str, start: int) -> bool:
    """Return whether the phrase at `start` opens a quoted line of dialogue that a speech tag closes."""
    return bool(_OPENS_QUOTE.search(text[max(0, start - 3) : start])) and bool(_SPEECH_TAG.match(text, start))


def _role_labels(text: str, lowered: str, hits: dict[str, Severity]) -> None:
    if ":" in text and any(
        word in lowered for word in ("system", "assistant", "developer", "operator", "ai", "ki", "gpt")
    ):
        for match in _ROLE_LABEL.finditer(text):
            role, rest = match.group(1).lower(), match.group(2)
            if _NAME_FIELD.fullmatch(rest.strip()):
                continue  # a form's field naming a person: "Assistant: Maria Lopez (Reception)" (spans-8)
            # A transcript may legitimately quote an assistant's turn, so an assistant label only flags; a
            # system/developer label carrying an order is impersonation of the operator.
            if _ROLE_STRONG.search(rest) and role != "assistant":
                _record(hits, ROLE_IMPERSONATION, "high")
            elif role == "assistant" or _ROLE_STRONG.search(rest) or _ROLE_WEAK.search(rest):
                # A line that speaks as the assistant is a role-play turn planted for the model to continue.
                _record(hits, ROLE_IMPERSONATION, "medium")
    if "<" in text or "[" in text:
        for match in _ROLE_TAG.finditer(text):
            rest = text[match.end() : match.end() + 200].split("\n", 1)[0]
            severity: Severity = "high" if _ROLE_STRONG.search(rest) else "medium"
            if severity == "high" or _ROLE_WEAK.search(rest):
                _record(hits, ROLE_IMPERSONATION, severity)


def _hidden_blocks(text: str, lowered: str, hits: dict[str, Severity]) -> None:
    if "<!--" not in text and "[//]:" not in text and "style" not in lowered:
        return
    for match in _HIDDEN_BLOCK.finditer(text):
        body = match.group(1) or match.group(2) or match.group(4) or ""
        if not body.strip():
            continue
        inner = _rule_hits(body, body.lower())
        if any(severity == "high" for severity in inner.values()) or (_ADDRESSEE.search(body) and _ACTION.search(body)):
            _record(hits, HIDDEN_COMMENT, "high")
        elif inner or (_SECOND_PERSON.search(body) and _ACTION.search(body)):
            _record(hits, HIDDEN_COMMENT, "medium")


def _invisible_characters(text: str, hits: dict[str, Severity]) -> None:
    if not _INVISIBLE.search(text):
        return
    plain = dict(hits)
    # Text smuggled in Unicode tag characters decodes to ASCII; anything directive in it is hidden on purpose.
    hidden = " ".join("".join(chr(ord(char) - 0xE0000) for char in run.group(0)) for run in _TAG_RUN.finditer(text))
    visible = _INVISIBLE.sub("", text)
    revealed = _rule_hits(visible, visible.lower())
    if hidden:
        revealed.update(_rule_hits(hidden, hidden.lower()))
    if any(family not in plain or plain[family] != severity for family, severity in revealed.items()):
        _record(hits, ZERO_WIDTH, "high")
        for family, severity in revealed.items():
            _record(hits, family, severity)
    elif len(_INTRA_WORD_INVISIBLE.findall(text)) >= _INTRA_WORD_MIN:
        _record(hits, ZERO_WIDTH, "medium")


def _record(hits: dict[str, Severity], family: str, severity: Severity) -> None:
    known = hits.get(family)
    if known is None or _SEVERITY_RANK[severity] > _SEVERITY_RANK[known]:
        hits[family] = severity


def pattern_hits(text: str) -> dict[str, Severity]:
    """Return the pattern families that fire on `text`, each with its highest severity."""
    lowered = text.lower()
    hits = _rule_hits(text, lowered)
    _invisible_characters(text, hits)
    _hidden_blocks(text, lowered, hits)
    return hits
