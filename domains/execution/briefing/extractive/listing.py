"""What kind of several things a list question asks for, and whether a sentence states one of that kind.

"What are the conditions for ...?", "What changed in ...?", "What does the report recommend?": in prose the facts
that answer sit in sentences of different paragraphs that rarely repeat the question's words, so their lexical
scores run far below the best sentence's. What they share is the way they are said: a condition or duty is said
with a modal, a limit or an imperative; a change with "now", "no longer", "from ... to ..."; a plan or an agreed
action with "will", "plan", "agreed". These cues pick a list question's further claims among the eligible
sentences of the answering document (answer.choose_quotes); they never make a sentence eligible.
"""

from __future__ import annotations

import re
from enum import StrEnum


class ListKind(StrEnum):
    """The kind of several things a list question asks for."""

    DUTY = "duty"  # conditions, rules, requirements, steps, what someone must or should do
    CHANGE = "change"  # what changed, what is new
    PLAN = "plan"  # recommendations, plans, next steps, agreed actions


_KIND_PATTERNS = (
    (ListKind.CHANGE, re.compile(r"\bchang|\bwhat(?: is|'s) new\b|\bdifferen|\bupdated?\b")),
    (
        ListKind.PLAN,
        re.compile(
            r"\bplans?\b|\bnext steps?\b|\brecommend|\bpropos|\bactions?\b|\bagreed?\b|\bdecided?\b|\bdecisions\b"
        ),
    ),
    (
        ListKind.DUTY,
        re.compile(
            r"\b(?:conditions?|rules?|requirements?|requires?|obligations?|duties|responsibilities|steps|instructions|"
            r"precautions|restrictions|terms|safety)\b|\b(?:must|should)\b|^how (?:do|can) (?:i|you|we)\b"
        ),
    ),
)
# The verbs an instruction opens with ("Ask your line manager ...", "Bring headphones ...").
_IMPERATIVES = frozenset(
    str.split(
        "add allow apply arrive ask attach avoid book bring call cancel charge check choose clean close complete "
        "confirm connect contact cover do email empty enter fill fit follow give go heat install keep leave let lock "
        "make mix move note open pay place plug post put read record register remember remove replace report return "
        "send set sign store submit switch take tell top turn unplug update use wait wash wear wipe write"
    )
)
_CUES = {
    ListKind.DUTY: re.compile(
        r"\b(?:must|shall|should|ought|need to|needs to|required?|only|cannot|can ?not|may not|not allowed|never|"
        r"always|at least|at most|no more than|no later than|up to|please|make sure|ensure|unless|once|as long as|"
        r"provided that|who (?:has|have)|qualif\w*|eligib\w*|do not|don't|is not permitted|are not permitted|"
        r"(?:has|have|are|is) asked)\b",
        re.IGNORECASE,
    ),
    ListKind.CHANGE: re.compile(
        r"\b(?:now|no longer|instead|moved?|changed?|changes|raised|rises?|rose|fell|reduced|increased?|decreased?|"
        r"new|started|began|replac\w*|introduc\w*|abolished|removed|renamed|stops?|stopped|extended|added|"
        r"rather than|later than|earlier than)\b",
        re.IGNORECASE,
    ),
    ListKind.PLAN: re.compile(
        r"\b(?:will|plans?|planned|recommends?|recommended|propos\w*|intends?|aims?|going to|next|agreed|decided)\b"
        r"|^[A-Z][a-z]+ to [a-z]+\b",
        re.IGNORECASE,
    ),
}
_FIRST_WORD = re.compile(r"[A-Za-z']+")


def list_kind(question: str) -> ListKind | None:
    """Return the kind of several things the question asks for, or None when its wording does not say."""
    lowered = " ".join(question.lower().split())
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(lowered):
            return kind
    return None


def states_kind(kind: ListKind, text: str) -> bool:
    """Return True when the sentence is said the way a fact of that kind is said (a modal, "now", "will"...)."""
    if _CUES[kind].search(text):
        return True
    if kind is ListKind.DUTY:
        first = _FIRST_WORD.search(text)
        return bool(first) and first is not None and first.start() == 0 and first.group(0).lower() in _IMPERATIVES
    return False
