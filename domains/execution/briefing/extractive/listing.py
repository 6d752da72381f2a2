"""What kind of several things a list question asks for, whether a sentence states one of that kind, and which
sentences may never be a claim.

"What are the conditions for ...?", "What changed in ...?", "What was decided ...?": in prose the facts that answer
sit in sentences of different paragraphs that rarely repeat the question's words, so their lexical scores run far
below the best sentence's. What they share is the way they are said: a condition or duty with a modal, a limit, an
imperative or a request; a change with "now", "no longer", "from ... to ..."; a plan or a decision with "will",
"agreed", "decided"; a deadline with a date after "by"; an option with "can" or "may". These cues pick a list
question's further claims among the sentences of the answering document (answer.choose_quotes) and order them by
how plainly they say it (kind_strength); they never make a sentence eligible, so they never change whether a
question is answered. A greeting, a preamble, a header field or a question in the text is never a claim.
"""

from __future__ import annotations

import re
from enum import StrEnum

from domains.execution.briefing.extractive.checks import AUDIENCE, CATEGORY, asked_clause, asks_for_list, asks_only
from domains.execution.briefing.extractive.structure import is_record_line
from domains.execution.briefing.extractive.terms import DAY_NAMES, MONTH_NAMES, fold, stem


class ListKind(StrEnum):
    """The kind of several things a list question asks for."""

    DUTY = "duty"  # conditions, rules, requirements, steps, what someone must or should do
    CHANGE = "change"  # what changed, what is new
    PLAN = "plan"  # recommendations, plans, next steps, agreed actions, decisions, what happened at a meeting
    DEADLINE = "deadline"  # deadlines, what is due by when
    OPTION = "option"  # options, choices, alternatives: what one can or may do


_KIND_PATTERNS = (
    (ListKind.DEADLINE, re.compile(r"\bdeadlines?\b|\bdue dates?\b|\bby when\b")),
    (
        ListKind.CHANGE,
        re.compile(
            r"\bchang|\bwhat(?: is|'s) new\b|\bdifferen|\bupdated?\b|\bnew (?:features?|in)\b"
            r"|\b(?:was|were|got) fixed\b|\bfix(?:es)?\b|\bimprovements? (?:in|to)\b"
        ),
    ),
    (
        ListKind.PLAN,
        re.compile(
            r"\bplans?\b|\bnext steps?\b|\brecommend|\bpropos|\bactions?\b|\bagreed?\b|\bdecided?\b|\bdecisions\b"
            # what happened at a meeting was decided there; what happened in an incident is no plan
            r"|\bhappened (?:at|in|during) (?:the |our |this |last )?(?:[\w'-]+ ){0,3}(?:meeting|committee|session|"
            r"call|sync|review|agm)\b|\baction points?\b|\bto-dos?\b|\btodos?\b|\boutcomes?\b"
        ),
    ),
    (ListKind.OPTION, re.compile(r"\boptions?\b|\bchoices\b|\balternatives\b|\bways? (?:to|of)\b")),
    (
        ListKind.DUTY,
        re.compile(
            r"\b(?:conditions?|rules?|requirements?|requires?|obligations?|duties|responsibilities|steps|instructions|"
            r"precautions|restrictions|terms|safety|apply|applies|allowed|permitted)\b|\b(?:must|should)\b"
            r"|^how (?:do|can) (?:i|you|we)\b|\b(?:need|needs|have|has) to\b"
            r"|^what (?:do|does|did) (?:[\w'-]+ ){1,4}need\b"
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
        r"\b(?:must|shall|should|ought|needs?|requires?|required|only|cannot|can ?not|may not|not allowed|never|"
        r"always|at least|at most|no more than|no later than|up to|please|make sure|ensure|unless|once|as long as|"
        r"provided that|who (?:has|have)|qualif\w*|eligib\w*|do not|don't|is not permitted|are not permitted|"
        r"(?:has|have|are|is) asked)\b",
        re.IGNORECASE,
    ),
    ListKind.CHANGE: re.compile(
        # "change" as a noun ("a year of change", "breaking changes") names the category, it states no change
        r"\b(?:now|no longer|instead|moved?|changed|(?<!of )(?<!a )(?<!the )(?<!breaking )(?<!these )(?<!few )"
        r"changes?|raised|rises?|rose|fell|reduced|increased?|decreased?|new|started|began|replac\w*|introduc\w*|"
        r"abolished|removed|renamed|stops?|stopped|extended|added|rather than|later than|earlier than|fixed|fixes|"
        r"resolved|corrected)\b",
        re.IGNORECASE,
    ),
    ListKind.PLAN: re.compile(
        r"\b(?:will|plans?|planned|recommends?|recommended|propos\w*|intends?|aims?|going to|next|agreed|decided|"
        r"approved|voted|chose|chosen|kept|accepted|rejected)\b|^[A-Z][a-z]+ to [a-z]+\b",
        re.IGNORECASE,
    ),
    ListKind.DEADLINE: re.compile(
        r"\b(?:by|before|until|no later than|deadline|due|closes?)\b[^.;]{0,30}?(?:\d|\b(?:"
        + "|".join((*DAY_NAMES, "today", "tomorrow", "tonight", "noon", "midnight", "end of", *MONTH_NAMES))
        + r")\b)",
        re.IGNORECASE,
    ),
    ListKind.OPTION: re.compile(
        r"\b(?:can|could|may|might|options?|choose|either|alternatively|instead|prefer|available|offers?)\b",
        re.IGNORECASE,
    ),
}
_FIRST_WORD = re.compile(r"[A-Za-z']+")
# Questions that ask for one thing of a kind the answer names: they never ask for a list.
_ONE_THING = re.compile(r"^(?:how (?:many|much|long|often|far|old|tall|high)|when|who|whom|whose|where|at what)\b")
# Forms of a list question checks.asks_for_list does not know: a request ("List ...", "Name ..."), what happened or
# was decided at a meeting, what applies or is needed, and plural nouns that name several facts.
_SEVERAL = re.compile(
    r"^(?:list|name|give|outline|summari[sz]e|describe)\b"
    r"|^what (?:happened|were the)\b"
    r"|^what (?:was|were|has been|have been|got|is being|will be) (?:decided|agreed|announced|fixed|changed|added|"
    r"removed|improved|done|discussed|approved)\b"
    r"|^which (?:[\w'-]+ ){0,3}(?:apply|applies)\b"
    r"|^what (?:do|does|did|must|should|will) (?:[\w'-]+ ){1,4}(?:need|have|has) to\b"
    r"|^what (?:do|does|did) (?:[\w'-]+ ){1,4}need\b"
    r"|\b(?:options|choices|alternatives|features|points|decisions|deadlines|fixes|bugs|problems|issues|benefits|"
    r"discounts|allowances|arrangements|periods|outcomes|to-dos|todos)\b"
)
# Sentences that introduce a document rather than state a fact of it ("This page explains how ..."), and the
# header fields of mail and minutes: never a further claim.
_PREAMBLE = re.compile(
    r"(?:^|(?<=[.!?] ))(?:this|the) (?:page|policy|document|note|memo|email|e-mail|message|letter|guide|leaflet|"
    r"notice|report|section|update) (?:explains|describes|sets out|summari[sz]es|covers|lists|gives|is about|tells)\b"
    r"|^(?:subject|re|fwd?|from|to|cc|date|sent|present|apologies|attendees)\s*:"
    r"|^-{2,}\s*(?:original|forwarded) message\b",
    re.IGNORECASE,
)
# A letter's greeting or sign-off ("Dear parents,", "Best wishes,") opens or closes the text; it states nothing.
_SALUTATION = re.compile(
    r"^(?:(?:dear|hi|hello|hey|good (?:morning|afternoon|evening))\b[^.!?]{0,40}[,.!]?"
    r"|(?:(?:best|kind|warm) (?:wishes|regards)|regards|many thanks|thanks|thank you|cheers|best|"
    r"yours (?:sincerely|faithfully|truly))[,.!]?(?:\n[^\n]{1,60})?)$",  # a sign-off may carry the name below it
    re.IGNORECASE,
)
# The cues that say a fact of the kind most plainly: a modal or a request for a duty, "now/instead" for a change,
# "will/agreed" or a name with "to" for a plan. A sentence with only a weak cue ("only", "once", "next") comes later.
_STRONG = {
    ListKind.DUTY: re.compile(
        r"\b(?:must|shall|should|needs?|requires?|required|please|make sure|ensure|do not|don't|never|always|"
        r"not allowed|(?:is|are) not permitted|(?:has|have|are|is) asked)\b",
        re.IGNORECASE,
    ),
    ListKind.CHANGE: re.compile(
        r"\b(?:now|no longer|instead|rather than|changed|moved?|moves|replac\w*|introduc\w*|renamed|abolished|fixed|"
        r"resolved)\b"
        r"|\bfrom \S+ to \S+",
        re.IGNORECASE,
    ),
    ListKind.PLAN: re.compile(
        r"\b(?:will|agreed|decided|plans?|planned|recommends?|recommended|approved|voted)\b|^[A-Z][a-z]+ to [a-z]+\b",
        re.IGNORECASE,
    ),
}
# Minutes say a decision with any of these verbs: "What was decided?" is answered by "the committee agreed ...".
_DECISION = re.compile(
    r"\b(?:agreed?|decided?|decisions?|approved?|voted|chose|chosen|kept|accepted|rejected|resolved)\b", re.IGNORECASE
)


# Words of a list question that say what kind of several things it wants, whom it asks about, or how it asks, not
# what it is about: a further claim need not share them ("What rules apply to members?").
_GENERIC = (
    CATEGORY
    | AUDIENCE
    | frozenset(
        stem(w)
        for w in str.split(
            "choice alternative fact thing have get do does did make must should can could may might will would happen "
            "list name give new feature fix deadline decision outcome issue problem way need i we you"
        )
    )
)


def generic_question_word(term: str) -> bool:
    """Return True when a question's stem says what kind of several things it wants or whom it asks about."""
    return term in _GENERIC


def asks_for_several(question: str) -> bool:
    """Return True when the question asks for several things: checks.asks_for_list's forms, requests to list,
    what happened or was decided, what applies or is needed, or a plural noun naming several facts."""
    if asks_for_list(question):
        return True
    # v75: the question proper after the situation told before it ("I'm putting the mower away for the winter. What
    # do I need to do?")
    lowered = fold(asked_clause(question))
    return not _ONE_THING.match(lowered) and bool(_SEVERAL.search(lowered))


# Who attended, chaired or sent apologies: a header field of minutes, and the answer to a question about people.
_ATTENDANCE = re.compile(r"^(?:present|apologies|attendees|attending|chair)\s*:", re.IGNORECASE)


def may_be_claim(text: str, people: bool = False) -> bool:
    """Return True unless the sentence asks a question, introduces the document, greets or signs off, or is a
    header field; with `people` (the question asks who), a minutes' attendance line ("Present: ...") is a claim."""
    stripped = text.strip()
    if people and _ATTENDANCE.match(stripped):
        return True
    if not stripped or _SALUTATION.match(stripped):
        return False
    if _PREAMBLE.search(stripped) and not is_record_line(stripped):
        return False  # a header field ("Date: ..."), but not a sheet's record whose first column is "Date"
    return not asks_only(stripped)  # a request phrased as a question ("Could everyone send ...?") still states


def list_kind(question: str) -> ListKind | None:
    """Return the kind of several things the question asks for, or None when its wording does not say."""
    lowered = fold(question)
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(lowered):
            return kind
    return None


def states_kind(kind: ListKind, text: str) -> bool:
    """Return True when the sentence is said the way a fact of that kind is said (a modal, "now", "will"...)."""
    return bool(_CUES[kind].search(text)) or _is_imperative(text, kind)


def kind_strength(kind: ListKind, text: str, question: str = "") -> int:
    """Return how plainly the sentence states a fact of that kind: 0 not at all, 1 by a weak cue, 2 by a strong
    one, 3 when it says a decision and the question asks what was decided or agreed. Echoing the question's own
    word is no stronger than that: "This is a major release with breaking changes" states no change."""
    if not states_kind(kind, text):
        return 0
    if kind is ListKind.PLAN and _DECISION.search(question) and _DECISION.search(text):
        return 3
    strong = _STRONG.get(kind)
    if strong is None or strong.search(text) or _is_imperative(text, kind):
        return 2
    return 1


_AFTER_CONDITION = re.compile(
    r"(?i:if|when|whenever|before|after|once|while|until|during|for)\b[^,;.!?]{1,120},\s+([A-Za-z]+)\b"
)


def _is_imperative(text: str, kind: ListKind) -> bool:
    """Return True for a duty said as an instruction ("Bring headphones ...") or a request ("Could you ...?")."""
    if kind is not ListKind.DUTY:
        return False
    first = _FIRST_WORD.search(text)
    if first is not None and first.start() == 0 and first.group(0).lower() in _IMPERATIVES:
        return True
    after = _AFTER_CONDITION.match(text)  # "If you will not ride for a month, leave the battery at 60% charge."
    if after is not None and after.group(1).lower() in _IMPERATIVES:
        return True
    return text.rstrip().endswith("?") and not asks_only(text)  # a request phrased as a question
