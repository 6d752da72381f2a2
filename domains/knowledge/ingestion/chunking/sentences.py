"""Sentence boundaries that survive abbreviations in English and German ("e.g.", "U.S.", "Fig. 3", "z. B.")."""

from __future__ import annotations

import re

# Terminal punctuation, optional closing quotes/brackets, whitespace; the next sentence must then open with
# an uppercase letter, a digit or an opening quote/bracket (checked in Python: `re` has no \p{Lu}).
_CANDIDATE_END = re.compile(r"[.!?…]+[\"'”’»)\]]*\s+")
_SENTENCE_PUNCTUATION = re.compile(r"[.!?…][\"'”’»)\]]*(?:\s|$)")
_OPENERS = frozenset("\"'“‘«([")
_ABBREVIATIONS = frozenset(
    str.split(
        # English
        "e.g. i.e. cf. vs. al. approx. dept. est. fig. figs. eq. eqs. ref. refs. sec. secs. ch. chap. "
        "no. nos. vol. vols. pp. p. para. art. arts. ed. eds. inc. ltd. co. corp. mr. mrs. ms. dr. prof. st. "
        "jr. sr. gen. gov. rep. sen. rev. hon. pub. stat. jan. feb. mar. apr. jun. jul. aug. sep. sept. oct. "
        "nov. dec. mon. tue. wed. thu. fri. sat. sun. u.s. u.k. a.m. p.m. ph.d. ibid. op. viz. tab. app. "
        # German
        "z.b. d.h. u.a. o.ä. u.ä. bzw. vgl. ca. nr. abb. kap. bd. hrsg. usw. evtl. ggf. inkl. sog. bzgl. "
        "s. str. hr. fr. geb. gest. jh. jhd. lt. zzgl. max. min. mind. tel. z.t. u.u. i.a. i.d.r. o.g."
    )
)
_GERMAN_MONTHS = frozenset(
    str.split("januar februar märz april mai juni juli august september oktober november dezember")
)
_DOTTED_ABBREVIATION = re.compile(r"(?:[^\W\d_]\.){2,}")
_ENUMERATOR = re.compile(r"(?:\d{1,3}|[ivxlc]{1,5}|[a-zA-Z])[.)]")


def has_sentence_punctuation(text: str) -> bool:
    """Return whether the text contains any sentence-ending punctuation at all."""
    return _SENTENCE_PUNCTUATION.search(text) is not None


def sentence_starts(text: str, start: int, end: int) -> list[int]:
    """Return the offsets in `text[start:end]` where a new sentence begins (the first one excluded)."""
    starts = []
    for match in _CANDIDATE_END.finditer(text, start, end):
        following = match.end()
        if following >= end:
            break
        opener = text[following]
        if not (opener.isupper() or opener.isdigit() or opener in _OPENERS):
            continue
        if _ends_with_abbreviation(text, start, match.start(), following):
            continue
        starts.append(following)
    return starts


def _ends_with_abbreviation(text: str, floor: int, punctuation: int, following: int) -> bool:
    if text[punctuation] != ".":
        return False
    token_start = max(text.rfind(" ", floor, punctuation), text.rfind("\n", floor, punctuation)) + 1
    token = text[max(token_start, floor) : punctuation + 1].lstrip("\"'“‘«([")
    lowered = token.lower()
    if lowered in _ABBREVIATIONS or _DOTTED_ABBREVIATION.fullmatch(token):
        return True
    if len(token) == 2 and token[0].isalpha():  # an initial: "Daniel S. Weld", "z. B."
        return True
    at_line_start = token_start <= floor or text[token_start - 1] == "\n"
    if at_line_start and _ENUMERATOR.fullmatch(token):  # "1. Fall: ...", "iv. Exceptions"
        return True
    if token[:-1].isdigit():  # German ordinals: "31. Dezember 2016"
        next_word = text[following : following + 12].split(" ", 1)[0].strip(".,").lower()
        return next_word in _GERMAN_MONTHS
    return False
