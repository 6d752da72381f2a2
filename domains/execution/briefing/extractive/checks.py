"""Whether a sentence can answer the question at all, before any score is asked: plain rules, no weights.

A sentence is eligible only when
- it holds the kind of answer the question asks for (how many/much -> a quantity; when/by when -> a date or time;
  how long/often/soon -> a duration or frequency; how high/far/hot -> a measure; who -> a person or role);
- the question's names and numbers are in the sentence or in its own section (the headings above it, the other
  sentences under the same heading), not only somewhere else in the evidence;
- enough of the question's other content words (the thing asked about) are there too, matched through morphology
  (replace/replaced, label/labelled);
- a price question finds a sum of money in it; the X of "which X" / "how many X" is in it or its own headings;
- each specific modifier of the question's noun phrases ("carbon" in "the carbon filter") is in its section wherever
  the phrase's head is (noun_phrases).

SQuAD-style chunks have no headings, so their "section" is the whole chunk and these rules only remove sentences that
could not hold the answer kind; on everyday documents they are what tells a neighbouring entity or a missing
attribute from an answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import pairwise

from domains.execution.briefing.extractive.kinds import names_members, names_only_others
from domains.execution.briefing.extractive.terms import (
    DAY_NAMES,
    HEDGES,
    MONTH_NAMES,
    MONTHS,
    NEGATIONS,
    NUMBER_WORDS,
    STOP_WORDS,
    TOKEN_PATTERN,
    Token,
    fold,
    is_rare,
    is_year,
    negated,
    reads_as_english,
    stem,
    tokenize,
)


class Expect(StrEnum):
    """The kind of answer a question's wording demands of the quoted sentence."""

    QUANTITY = "quantity"
    DURATION = "duration"
    DATE = "date"
    CLOCK = "clock"  # "what time": a time of day, not a date
    MEASURE = "measure"
    PERSON = "person"
    ANY = "any"


_MONEY_NOUNS = (
    r"(?:deposit|fee|bill|fine|charge|refund|salary|loan|payment|discount|excess|budget|rent|price|cost|grant|bonus|"
    r"pension|balance|overdraft|invoice|premium)s?\b"
)
# the sum "how big / large / high" asks about: "how big was the deposit", "how high is the excess on my policy", "how
# big a deposit do I pay" (v93)
_SUM_ASKED = (
    r"(?:(?:is|was|are|were|will be|would be) (?:the |my |your |our |their |a |an )?(?:\w+ ){0,2}|(?:a|an) (?:\w+ )?)"
    + _MONEY_NOUNS
)
# What happens at a time of day that a question names the time by ("start time", "check-in time"; v80)
_TIMED_EVENT = (
    r"(?:start|starting|finish|finishing|end|ending|kick-?off|departure|arrival|check-?in|check-?out|pick-?up|"
    r"drop-?off|collection|last entry)"
)
_EXPECT_PATTERNS = (
    (
        Expect.DURATION,
        re.compile(r"\bhow (?:long|often|soon|quickly|frequently|far in advance)\b|\bwithin how\b|\bhow much time\b"),
    ),
    (
        Expect.CLOCK,
        re.compile(
            r"\bwhat time\b(?! of (?:the )?(?:year|month|week)| (?:period|frame|span|zone|scale))"
            # "What hours can I get in?", not "What hours a week ...?"
            r"|^(?:what|which) (?:hours|times)\b(?! (?:of|per|a|each) )"
            # "What are the mobile library van's opening times?" (not "When will you send the opening times?")
            r"|^what(?:['’]s| is| are| were) (?:[\w'’-]+ ){0,5}?(?:opening|closing) (?:times?|hours)\b"
            # v80: a time named by what happens then, asked tersely or with "what's the": "AGM start time?",
            # "what's the check-in time at the cottage"
            rf"|\b{_TIMED_EVENT} times?\s*\??\s*$"
            rf"|^what(?:['’]s| is| are) the {_TIMED_EVENT} times?\b"
        ),
    ),
    (
        Expect.DATE,
        re.compile(
            r"^(?:when|by when|until when|since when)\b|\b(?:by|until|before) when\b|\bwhen (?:is|are|was|were|will|"
            r"does|do|did|must|should|can)\b|\bwhat (?:time|date|day|year|month)\b(?! group)"
            r"|\bwhich (?:date|day|year|month)s?\b(?! group)"
            r"|\bby what (?:time|date|day)\b|^(?:what|which) deadlines?\b"
            # v41: "What's the earliest date I can end the tenancy?", "What is the last day to apply?"
            r"|\bwhat(?:'s| is| was| are)\s+the\s+(?:earliest|latest|last|first|next|final|closing|start|end|due|"
            r"expiry|renewal)\s+(?:date|day)s?\b"
            # v44: "deadline for sending back the grant form?", "What's the deadline for entries?"
            # v87: whose deadline it is ("whats teresas deadline for sorting refreshments", outside check 10)
            r"|^(?:what(?:'s| is| are| was)\s+)?(?:(?:the|my|our|your|his|her|their)\s+|[^\W\d_]+['’]?s\s+)?"
            r"(?:deadlines?|closing dates?|due dates?|cut-?off dates?)"
            r"\s+(?:for|to|of|on)\b"
        ),
    ),
    (
        # "How big was the deposit?" asks for a sum, not a size (v46)
        Expect.QUANTITY,
        re.compile(r"\bhow (?:big|large|high|small|low)\b(?= " + _SUM_ASKED + r")"),
    ),
    (
        Expect.MEASURE,
        re.compile(
            r"\bhow (?:high|tall|far|deep|big|large|heavy|hot|cold|warm|loud|fast|wide|old)\b"
            r"|\b(?:what|which) (?:temperature|size|weight|height|length|speed|capacity)\b"
        ),
    ),
    (
        Expect.QUANTITY,
        re.compile(
            r"\bhow (?:many|much)\b|\bwhat (?:number|amount|percentage|percent|share|proportion|price|fee|rate|total|"
            r"balance|charge|discount|deposit|surcharge|limit|interest)\b"
            r"|\bwhat(?:['’]s| is| was| does) the (?:\w+ ){0,3}"
            r"(?:price|fee|cost|rate|total|balance|charge|amount|deposit|limit|surcharge|rent)\b|\bwhat does .* cost\b"
            r"|^(?:what|which)(?:['’]s| is| are| was| were) (?:the |my |your |their |its |[\w-]+['’]s )?"
            r"(?:[\w-]+ ){0,2}numbers?\b"
        ),
    ),
    (Expect.PERSON, re.compile(r"^(?:who|whom|whose)\b|\b(?:to|by|with|from|for) whom\b|\bwho (?:is|are|will|must)\b")),
)
# A question asking for a date by that word: "On what date ...?", "Which date ...?", "What is the date of ...?"
# v87: "what day is the stop smoking clinic on" asks which day as "which day is it held" does (outside check 10)
_WHAT_DAY = re.compile(r"^(?:what|which) day (?:is|are|was|does|do|will)\b")
_ASKS_DATE = re.compile(r"\b(?:what|which) dates?\b|\bwhat(?:['’]s| is| was| will be) the dates? (?:of|for|on)\b")
# "When should/must/do I ...?" asks for a moment or for the condition that calls for the action.
_PROCEDURAL_WHEN = re.compile(r"^when (?:should|must|do|does|can|may|would|is it|are we)\b")
_CONDITION = re.compile(
    r"\b(?:if|whenever|once|as soon as|after|before|every|when|unless|until)\b"
    # a deadline counted from something: "within 45 days of invoice"
    r"|\bwithin \w+ (?:working |business |calendar |clear )?(?:days?|weeks?|months?|hours?|years?|minutes?)\b"
)
_WEEKDAYS = frozenset((*DAY_NAMES, "weekday", "weekdays", "weekend"))
_DAY_STEMS = frozenset(stem(day) for day in DAY_NAMES)
_TIME_WORDS = frozenset(
    str.split(
        "am pm noon midday midnight today tomorrow tonight morning afternoon evening night daily weekly monthly "
        "annually yearly quarterly immediately first last spring summer autumn winter"
    )
)
_MERIDIEM = frozenset(str.split("am pm a.m p.m"))
_CLOCK_WORDS = _MERIDIEM | frozenset(
    str.split("noon midday midnight o'clock morning afternoon evening night lunchtime dawn dusk")
)
# Units of time, as a length is counted in them ("30 days", "5 to 6 hours")
_TIME_UNITS = frozenset(
    str.split("second seconds minute minutes hour hours day days week weeks fortnight month months year years")
)
# ... and as a number's unit may be written after it ("90 mins", "3 nights", "5 working days")
_DURATION_UNITS = _TIME_UNITS | frozenset(
    str.split("sec secs min mins hr hrs night nights wk wks fortnights decade decades weekday weekdays")
)
# "How long" asks a length too ("How long must the password be?": "at least 12 characters")
_LENGTH_UNITS = frozenset(
    str.split(
        "character characters letter letters digit digits word words page pages line lines mm cm m metre metres "
        "meter meters km inch inches foot feet mile miles"
    )
)
_LONG = stem("long")
_DAY = stem("day")
_ORDINAL_SUFFIXES = frozenset(("st", "nd", "rd", "th"))
# An ordinal asked is met by its number ("the fourth floor" -- "Floor: 4", "4th floor")
_ORDINALS = {
    stem(word): str(number)
    for number, word in enumerate(str.split("first second third fourth fifth sixth seventh eighth ninth tenth"), 1)
}
_ORDINAL_NUMBERS = {number: word for word, number in _ORDINALS.items()}
_NOON = frozenset(("noon", "midday", "midnight"))
_RELATIVE_DAYS = frozenset(str.split("today tomorrow tonight yesterday"))


def names_a_day(tokens: Sequence[Token], weekdays: bool = True) -> bool:
    """Return True when a sentence names a day ("which day?"): a weekday (unless `weekdays` is False: "what date?"
    asks for more than "Thursday"), a day of a month ("15 March", "the 3rd", "day 4"), a date written in digits
    ("14/03/2025"), or today/tomorrow. "monthly", "in the spring" say when, never which day."""
    for index, token in enumerate(tokens):
        if (weekdays and token.lower.removesuffix("s") in _WEEKDAYS) or token.lower in _RELATIVE_DAYS:
            return True
        if not (token.numeric and token.lower.isdigit() and 1 <= int(token.lower) <= 31):
            continue
        near = tokens[max(0, index - 2) : index + 3]
        beside = tokens[max(0, index - 1) : index + 2]
        if any(other.lower in MONTHS for other in near) or any(
            other is not token and (other.numeric or other.lower in _ORDINAL_SUFFIXES or other.stem == _DAY)
            for other in beside
        ):
            return True
    return False


# Words before a unit of time that make it a point in time ("the first day", "the same week"), not a length
_POINTING = frozenset(str.split("first second third last next same following previous the that this each"))
_DURATION_WORDS = _TIME_UNITS | frozenset(
    str.split("daily weekly monthly annually yearly every once twice always never immediately")
)
_ROLE_WORDS = frozenset(
    str.split(
        "manager managers officer head chair chairman chairwoman treasurer secretary director engineer team department "
        "desk support staff member members customer customers patient carer tenant landlord client designer owner "
        "committee council parent guardian adult driver agent agents auditor author reception receptionist "
        "administrator admin hr it finance board me us i we you anyone everyone employee employees resident "
        "residents volunteer volunteers contractor contractors provider supplier suppliers "
        # v82: a role in lower case answers "who" ("Ask a partner to approve letters ...", "the class teacher")
        "partner partners supervisor supervisors coordinator organiser organizer teacher teachers tutor instructor "
        "trainer coach nurse nurses doctor doctors gp dentist vet surgeon inspector caretaker warden steward "
        "technician electrician plumber builder builders architect surveyor solicitor lawyer accountant clerk "
        "registrar consultant adviser advisor representative rep mentor leader lead principal headteacher editor "
        "reviewer approver host"
    )
)
# Words that follow a name opening a sentence of minutes or mail ("Ben said", "Felix to draft").
_NAME_FOLLOWERS = frozenset(
    str.split("to will said says has had is was and asked reported agreed shall must should would wrote proposed")
)
# Question words that ask rather than name the thing asked about: never required to be in the answer.
_ASKING = frozenset(
    stem(w)
    for w in str.split(
        "need needed get got do does did make use used must should can could may might will would happen happens "
        "tell know find allowed possible able way ways long often soon much many far high old big large way thing "
        "things there much kind sort long available give given include included includes provide provided take come "
        "mean means meant stand stands taking using making doing getting giving coming including providing needing "
        "happening number numbers amount time date set version versions new address name total carry carried "
        "carries latest earliest soonest highest lowest longest shortest maximum minimum go goes going went gone still "
        "wise quickly quick around every "
        # v59: who or what is meant in general ("if something in the house breaks"), a "2nd" suffix
        "something anything everything someone anyone everyone somebody anybody everybody nd rd th whole entire grand"
    )
)
# Verbs that open a request phrased as an order ("List the action points agreed.", "Describe the refund process."):
# they say how to answer, not what about.
_ORDERING_VERBS = str.split("list describe summarise summarize outline explain name state show")
_ORDERING = frozenset(stem(w) for w in _ORDERING_VERBS)
# v76: the order asked politely ("can you list ...", "could you please explain ..."); "can you name / state / show"
# asks for the thing itself
_POLITE_ORDER = re.compile(
    r"\b(?:can|could|would|will) (?:you|u) (?:please |just )?("
    + "|".join(verb for verb in _ORDERING_VERBS if verb not in ("name", "state", "show"))
    + r")\b"
)
# Words that only make a question stronger ("really hot", "actually about her"): never what is asked about (v76)
# ("actually" is not one of them: "how much will she actually get?" asks what is paid, not what was planned)
_INTENSIFIERS = frozenset(str.split("really honestly basically literally definitely"))
# Nouns that name the kind of answer a question wants ("What are the conditions for ...?", "Which rules apply ...?"),
# not the thing asked about: documents state conditions and rules without calling them so.
CATEGORY = frozenset(
    stem(w)
    for w in str.split(
        "rule rules condition conditions requirement requirements term terms step steps action actions change changes "
        "obligation obligations guideline guidelines instruction instructions precaution precautions recommendation "
        "recommendations option options consequence consequences detail details arrangement arrangements restriction "
        "restrictions provision provisions duty duties responsibility responsibilities task tasks point points item "
        "items apply applies require requires agree agreed decide decided plan planned propose proposed feature "
        "features improvement improvements enhancement enhancements highlight highlights attach attached impose "
        "imposed"
    )
)
# Who a document addresses ("attendees", "staff", "members"): mail and notices say "you" or nothing at all, so the
# word need not be in the sentence itself, only somewhere in what is asked.
AUDIENCE = frozenset(
    stem(w)
    for w in str.split(
        "attendee attendees participant participants guest guests staff employee employees member members resident "
        "residents user users visitor visitors customer customers everyone people ppl tenant tenants owner owners"
    )
)
_HOW_EARLY = re.compile(r"\bhow (?:early|late)\b")
# v70: when a situation told before the question happened ("last night", "this morning", "yesterday"): a document
# answers the question, not the day it is asked on
_WHEN_TOLD = re.compile(
    r"\b(?:last|this|yesterday)\s+(?:night|morning|afternoon|evening|week|weekend)\b|\byesterday\b|\btonight\b"
)
_AGE = re.compile(r"\b\d{1,3}[- ]years?[- ]olds?\b")
_REMEDY_VERBS = frozenset(stem(w) for w in str.split("fix fixed solve sort sorted resolve repair"))
# An attribute asked by name ("what's the energy rating of ...", "What wire gauge is ...?"): the answer names it, as a
# label or in words ("Energy rating: B", "rated at ..."). Measures and versions are not here ("requires iOS 16 or
# later" gives a version without the word), nor makes and brands, which a name gives ("the Vortexa MX filter").
_ATTRIBUTE_ASKED = re.compile(
    r"^\s*what(?:'s| is| was| are| were)?\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:(?!(?:in|on|of|for|at|to|with|by)\b)[a-z0-9-]+\s+){0,2}?(gauge|rating|wattage|voltage)\b"
)
_ATTRIBUTE_WORDS = {
    "gauge": frozenset({stem("gauge"), "awg"}),
    "rating": frozenset({stem("rating"), stem("rated"), stem("grade")}),
    "wattage": frozenset({stem("wattage"), stem("watts"), "w", "kw"}),
    "voltage": frozenset({stem("voltage"), stem("volts"), "v"}),
}


def asked_attribute(folded: str) -> str | None:
    """Return the attribute a question asks for by name (_ATTRIBUTE_ASKED), or None."""
    match = _ATTRIBUTE_ASKED.match(folded)
    return match.group(1) if match else None


def _names_attribute(attribute: str, stems: frozenset[str] | set[str], header: str) -> bool:
    """Return True when a sentence (its stems and headings) or its table's header names the attribute asked."""
    words = _ATTRIBUTE_WORDS[attribute]
    return bool(words & stems) or bool(words & {t.stem for t in tokenize(header)})


_HOW_FAR_AWAY = re.compile(r"\bhow far away\b")
_LENGTH_NUMBER = r"(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|half an?)"
_LENGTH_OF_TIME = re.compile(r"\b" + _LENGTH_NUMBER + r"[\s-]?(minute|min|hour|hr|day|week)s?\b", re.IGNORECASE)
_NUMBER_VALUES = {
    "a": 1.0,
    "an": 1.0,
    "one": 1.0,
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
    "six": 6.0,
    "seven": 7.0,
    "eight": 8.0,
    "nine": 9.0,
    "ten": 10.0,
    "twelve": 12.0,
    "half a": 0.5,
    "half an": 0.5,
}
_UNIT_MINUTES = {"minute": 1.0, "min": 1.0, "hour": 60.0, "hr": 60.0, "day": 1440.0, "week": 10080.0}


def _lengths_of_time(text: str) -> list[tuple[float, str, str]]:
    """Return each length of time a text names, in minutes, with its unit word and its number as written."""
    found = []
    for match in _LENGTH_OF_TIME.finditer(text):
        number, unit = match.group(1).lower(), match.group(2).lower()
        value = float(number) if number[:1].isdigit() else _NUMBER_VALUES.get(number)
        if value is not None:
            found.append((value * _UNIT_MINUTES[unit], unit, number if number[:1].isdigit() else ""))
    return found


def asked_lengths(folded: str) -> tuple[tuple[float, str, str], ...]:
    """Return the lengths of time a question names: (minutes, the unit's stem, the number if in digits)."""
    return tuple((minutes, stem(unit), number) for minutes, unit, number in _lengths_of_time(folded))


def stated_minutes(text: str) -> frozenset[float]:
    """Return the lengths of time, in minutes, a sentence states ("60 minutes", "1.5 hours", "a week")."""
    return frozenset(minutes for minutes, _, _ in _lengths_of_time(text))


_MONTH_ASKED = re.compile(r"\b(?:what|which) months?\b")
_HOW_OLD = re.compile(r"\bhow old\b")
# An age as documents state one: "19 years old", "aged 8 to 11", "21 or over", "under 5s", "16+", "built in 1932"
_AGE_STATED = re.compile(
    r"\b\d+(?:\.\d+)?(?:\s*(?:-|to|–)\s*\d+)?[\s-]*(?:years?|yrs?)(?:[\s-]+old)?\b"
    # v80: months and weeks are an age only when said so ("8 weeks old", "from 6 months"), not "runs for 8 weeks"
    r"|\b\d+(?:\s*(?:-|to|–)\s*\d+)?[\s-]*(?:months?|weeks?)[\s-]+old\b"
    r"|\b(?:from|over|under)\s+\d+(?:\s*(?:-|to|–)\s*\d+)?\s*(?:months?|weeks?)\b"
    r"|\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]+(?:years?|months?|weeks?)[\s-]+old\b"
    r"|\baged?\s+(?:\d|under|over|between|from)|\b(?:over|under)[\s-]*\d+s?\b"
    r"|\b\d+\s*(?:\+|plus\b|and (?:over|under|above|older|younger)\b|or (?:over|older|younger|under|more)\b)"
    r"|\b(?:born|built|installed|fitted|made|bought|new|since|from|in|dating from|dates from)\s+(?:in\s+)?"
    r"(?:1[89]|20)\d\d\b",
    re.IGNORECASE,
)


def names_a_month(text: str, headed: frozenset[str] | None) -> bool:
    """Return True when a sentence, or its own headings (stems), names a month: "Season: September to November",
    "every March", "Sept", "by 01/03/2026". A month's name counts in any case, a short form ("Sept") or "May" only
    with its capital ("you may", "to mar")."""
    if _NUMERIC_DATE.search(text) or _ISO_DATE.search(text):
        return True
    for match in _MONTH_WORDS.finditer(text):
        word = match.group(1)
        if word[:1].isupper() or (word.lower() in MONTHS and word.lower() != "may"):
            return True
    return bool(headed and headed & _MONTH_STEMS_ALL)


_TAKES_TIME = re.compile(
    r"\bhow long (?:does|do|did|will|would|should|can|could|might|is it going to)\b(?:\s+[\w'’-]+){1,8}?\s+"
    r"(?:take|takes|took|last|lasts)\b"  # v85: "how long does the safety talk last?" asks the time it takes too
)
_SPAN_COUNT = (
    r"(?:\d+(?:[.,]\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|sixty|ninety|few|several|couple of|half an?|a half)"
)
# A span of time as documents write one: "about 20 minutes", "3 to 5 working days", "15 to 18 min", "overnight"
_TIME_SPAN = re.compile(
    rf"\b{_SPAN_COUNT}(?:\s*(?:-|to|–|or|and)\s*{_SPAN_COUNT})?[\s-]*"
    r"(?:working |business |calendar |full |whole |clear )?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?|wks?|months?|years?|yrs?|fortnights?|terms?)\b"
    r"|\bovernight\b|\bimmediately\b|\binstantly\b|\bsame day\b|\bnext (?:working |business )?day\b|\bstraight away\b",
    re.IGNORECASE,
)
# Words before a span of time that make it how often ("every 12 months"), and after it that make it how long before
# something ("20 minutes before your booked time", "4 weeks' notice"): neither is the time a thing takes (v85)
_OFTEN_BEFORE = re.compile(r"\b(?:every|each)\s+$", re.IGNORECASE)
_AHEAD_AFTER = re.compile(
    r"^(?:['’]s?)?\s*(?:before|beforehand|ahead|in advance|early|earlier|notice)\b", re.IGNORECASE
)  # "4 weeks' notice of any change" is how long before, too


# "Please allow 3 working days before collecting": the time a thing takes, though "before" follows
_ALLOW = re.compile(r"\ballow(?:ing)?\s+(?:up to |at least |about |around )?$", re.IGNORECASE)


def states_time_taken(text: str) -> bool:
    """Return True when the text states a span of time that may be how long a thing takes: not one that says how
    often ("Book a medication review every 12 months") or how long before something ("arrive 20 minutes before")."""
    return any(
        not _OFTEN_BEFORE.search(text[: span.start()])
        and (_ALLOW.search(text[: span.start()]) or not _AHEAD_AFTER.match(text[span.end() :]))
        for span in _TIME_SPAN.finditer(text)
    )


# Prepositions the stop-word list lets through as content words: a noun phrase ends before them ("put towards").
_PREPOSITIONS = frozenset(
    str.split(
        "toward towards onto across along alongside around among amongst beside besides beyond near inside outside "
        "behind beneath"
    )
)
# Of those, the ones that only say where a thing lies, never what a question is about, leave the focus (v73:
# "stopped halfway across the lawn"); the others are asked ("pay towards", "come along", "parking near the museum",
# "can I smoke inside?"; "around" is filler already, _ASKING)
_PLACE_WORDS = frozenset(
    stem(w) for w in _PREPOSITIONS - frozenset(str.split("toward towards along around beyond near inside outside"))
)
# The period the asker is in ("this year", "the current term"): documents state their dates, not "this year".
_PRESENT_PERIOD = re.compile(
    r"\b(?:this|the current|current) (year|month|week|term|season|semester|quarter)\b|\bin the (end)\b"
)  # "in the end": finally, no subject either
# The asker's own people ("my son", "our daughter"): the question is asked for them, a document names their group
# ("pupils", "children") or nobody at all.
# v70: kin people call by the word alone ("take mum home", "visit nan"): the asker's own, like "my mum"
_KIN_NAMES = frozenset(str.split("mum mom dad nan nana gran granny grandma grandad grandpa"))
_RELATIVES = frozenset(
    stem(w)
    for w in (
        *str.split(
            "son sons daughter daughters husband wife partner mother father grandson granddaughter nephew niece aunt "
            "uncle"
        ),
        *_KIN_NAMES,
    )
)
# A money question's verb or noun ("spend", "cost", "fee") is asked, not named: the sum of money answers it.
_MONEY_WORDS = frozenset(
    stem(w)
    for w in str.split(
        "cost costs costing spend spent spending pay paid paying price priced fee fees charge charged owe owed owing "
        "extra additional"
    )
)
# Words before a number and its unit of time that make it how long, not when ("for two nights").
_LENGTH_LEADS = frozenset(str.split("for between and about around approximately roughly lasts last lasting takes take"))
# What "what hours ...?" asks is given as times of day ("from 7am to 7pm"), never the word.
_CLOCK_NOUNS = frozenset(stem(w) for w in ("hour", "hours"))
# What a date question calls the date it asks for ("What's the deadline for the slides?"): the date answers it (v59)
_DATE_NOUNS = frozenset(stem(w) for w in ("deadline", "deadlines"))
# What a measure question measures ("what size", "at what temperature"): its unit or number answers it.
_MEASURE_NOUNS = frozenset(
    stem(w)
    for w in str.split(
        "temperature size weight height length width depth speed capacity distance dimensions loud noise tall "
        "wide deep fast hot cold warm heavy"
    )
)
_COLOUR_WORDS = frozenset((stem("colour"), stem("color"), stem("colours"), stem("colors")))
_TAKE_PLACE = re.compile(r"\b(?:take|takes|took|taking|taken) place\b")
_PLACE = stem("place")
SITUATION_WEIGHT = 0.5  # of a missing word that only the situation told before a question uses, in the focus share
VERB_WEIGHT = 0.5  # of an inverted question's main verb in the focus share: documents paraphrase verbs most
MIN_FOCUS_SHARE = 0.5  # of the question's other content weight, found in the sentence or its own section


_LIST_QUESTION = re.compile(
    r"^(?:what|which) (?:are|were)\b|^what(?: has| have)? (?:changed|is new)\b|^what['’]s new\b"
    r"|^(?:what|which) (?:[\w-]+ ){0,4}\w*s (?:were|are|did|do|does|must|should|will|have|come|can)\b"
    r"|\b(?:steps|rules|actions|action items|changes|deadlines|obligations|improvements|consequences|terms|"
    r"guarantees|recommendations|options|conditions|requirements|instructions|precautions|restrictions|duties|"
    r"responsibilities|tasks)\b|\brecommend\b|^how (?:should|must)\b|^what (?:must|should) (?:[\w'-]+ ){1,3}do\b"
    r"|^what does (?:[\w'-]+ ){1,4}(?:require|requires|ask of|expect of)\b|^what (?:rules|conditions) apply\b"
    r"|^what (?:does|do|did) (?:[\w'-]+ ){1,4}(?:plan|propose|intend)\b|\bplans\b"
)
# Words naming times as the X of a question ("What hours ...?", "How many times ...?"): the times are the answer
_NOTICE = stem("notice")
_TIME_BEFORE = re.compile(
    r"\b(?:minutes?|hours?|days?|weeks?|months?)['’]?[*_]*\s+(?:before|in advance|ahead|prior to|beforehand)\b", re.I
)
# "how many visitor bays are there", "which guest rooms have a bath": a people word naming whose thing is counted
_HELD_BY_PEOPLE = re.compile(
    r"\b(?:which|how many)\s+([^\W\d_]+)\s+([^\W\d_]+)\s+"
    r"(?:are|is|were|was|do|does|did|can|could|will|would|have|has|should|must|there)\b"
)
# "how many" before words that describe the thing counted, the plural that names it: "how many wrong password
# attempts", "how many free parking spaces" (not "how many people", "how many days")
_COUNTED_AFTER = re.compile(
    r"\bhow many ([^\W\d_]*[^\W\d_s])(?: [^\W\d_]*[^\W\d_s])? ([^\W\d_]{3,}s)(?<!ves)\b"
    r"(?! (?:a|an|the|my|your|our|their|his|her|its|this|that)\b)"
)
# v80: an -ing word before a noun modifies it ("which operating system", "how many parking spaces"): the noun is the
# X asked; "which building is ...", "how much parking is there" keep their word
_ING_BEFORE_HEAD = re.compile(
    r"\b(?:which|how many|how much)\s+[^\W\d_]{2,}ing\s+"
    r"(?!(?:is|are|was|were|do|does|did|will|would|can|could|should|must|may|might|has|have|had|the|a|an|my|your|our|"
    r"their|his|her|its|this|that|these|those|for|in|on|at|to|of|with|by|from|i|we|you|they|it|there|and|or)\b)"
    r"([^\W\d_]{3,})\b"
)
_TIME_HEADS = frozenset(stem(w) for w in str.split("hour hours time times slot slots shift shifts period window"))
# Words that count or measure out a thing named after "of" ("how many bits of blu tack", "the pieces of christmas
# tree", "which kind of cake"): the thing is the X asked and the subject, not the bits (v83)
_PARTITIVES = frozenset(word + ending for word in str.split("bit piece lot kind type sort") for ending in ("", "s"))
_HEAD = re.compile(
    rf"\b(?:which|how many|how much)\s+(?:(?:{'|'.join(sorted(_PARTITIVES))})\s+of\s+)?([^\W\d_]+)"
    r"|^what\s+([^\W\d_]+s)\s+(?:were|are|did|do|does|have|has|will|can|must|should|need|apply)\b"
)
# Words after "how much/many" or "which" that name no thing the answer must name: a verb ("How much comes off my
# refund?"), a comparative ("How much extra is it?"), a count of occasions ("How many times a year ...?": "twice").
_NO_HEAD = frozenset(
    stem(w) for w in str.split("come go goes get remain left happen extra more less else longer further time")
)


# An error or status code (E1, F22, 3b): a question saying the machine shows, displays or flashes it asks what the code
# means, which a manual states without the verb.
_CODE = re.compile(r"[a-z]+\d[a-z\d]*|\d+[a-z][a-z\d]*")
_DISPLAY_VERBS = frozenset(stem(w) for w in str.split("show showing display flash blink read say wrong"))
# Where a code is shown: a sentence giving the asked code says what the screen shows (v60: "screen is showing E4")
_DISPLAY_NOUNS = frozenset(stem(w) for w in str.split("screen display panel"))


# A situation told before the question ("I paid with PayPal - how soon ...?", "If we're running late, how long ...?"):
# the question proper starts at its question word.
_LEADING_SITUATION = re.compile(
    r"^(?!(?:what|when|where|who|whom|whose|which|how|why|is|are|was|were|can|could|do|does|did|will|would|should|"
    r"has|have|had|must|may|might|shall)\b)[^?]{3,}?(?:\s+[-\u2013\u2014]\s+|,\s+|:\s+|;\s+|[.!]\s+)"
    r"(?=(?:what|when|where|who|which|how|why|is|are|can|could|do|does|did|will|would|should|has|have|must)\b)",
    re.IGNORECASE,
)


def _apostrophe(match: re.Match[str]) -> str:
    """Return a contraction typed without its apostrophe with it ("youre" -> "you're", "weve" -> "we've")."""
    word, ending = (group for group in match.groups() if group is not None)
    return f"{word}'{ending}"


# Shorthand people type that the rules read in full: "whats" is "what's", "my 5yo" is "my 5 year old".
_SHORTHAND = (
    (re.compile(r"\b(what|where|who|how|when|that|there)s\b", re.IGNORECASE), r"\1's"),
    (re.compile(r"\b(\d+)\s?(?:yo|y/o|yrs? old)\b", re.IGNORECASE), r"\1 year old"),
    # v70: text-speak, in lower case only ("r u open on mondays?", "can u deliver", "is ur car park free")
    (re.compile(r"(?<!\S)r(?= u(?![\w'-]))"), "are"),
    (re.compile(r"(?<!\S)u(?![\w'-]| turn)"), "you"),
    (re.compile(r"(?<!\S)ur(?![\w'-])"), "your"),
    # v83: contractions typed without the apostrophe ("cant train", "im on off peak", "how long til ...") were read as
    # content words the evidence must hold; "ill", "id", "its", "were", "well", "lets" and "wont" are words too
    (
        re.compile(
            r"(?<![\w'-])(do|does|did|ca|could|would|should|is|are|was|were|have|has|had|must|need)nt(?![\w'-])",
            re.IGNORECASE,
        ),
        r"\1n't",
    ),
    (re.compile(r"(?<![\w'-])(i)(m|ve)(?![\w'-])", re.IGNORECASE), _apostrophe),
    (re.compile(r"(?<![\w'-])(?:(you|they)(re|ve|ll)|(we)(ve))(?![\w'-])", re.IGNORECASE), _apostrophe),
    (re.compile(r"(?<![\w'-])til(?![\w'-])", re.IGNORECASE), "until"),
    # v93: a display's or a part's code typed in lower case ("my air fryer says e2") is the code the document writes
    # in capitals ("E2 - the unit has overheated"), one token as there
    (re.compile(r"(?<![\w'.-])[a-z]{1,2}\d{1,3}(?![\w'-])"), lambda match: match.group(0).upper()),
    # v93: a name typed in lower case after a title ("which days does dr mabry work") is the name, which the answer
    # must give as any capitalised name is given
    (
        re.compile(r"(?<![\w'-])((?:dr|mr|mrs|ms|mx|prof)\.? )([a-z][a-z'-]+)(?![\w'-])"),
        lambda match: match.group(1) + match.group(2).capitalize(),
    ),
)


def as_typed(question: str) -> str:
    """Return the question with the shorthand people type (_SHORTHAND) written out."""
    for pattern, replacement in _SHORTHAND:
        question = pattern.sub(replacement, question)
    return question


def asked_clause(question: str) -> str:
    """Return the question proper of a question told after its situation, else the question."""
    match = _LEADING_SITUATION.match(question)
    return question[match.end() :] if match else question


def asked_head(match: re.Match[str] | None) -> str | None:
    """Return the stem of the X of "which X" / "how many X" (_HEAD), or None (_NO_HEAD)."""
    if match is None:
        return None
    group = 1 if match.group(1) else 2
    head = stem(match.group(group))
    return None if head in _NO_HEAD else head


_MONEY_QUESTION = re.compile(
    r"(?<!by )\bhow much\b.*\b(?:cost|costs|price|priced|fee|fees|pay|paid|charge|charged|spend|spent|rent|deposit|"
    r"refund|fine|salary|budget|owe|owed|due|claim|claimed|earn|earned)\b|\bhow much (?:money|cash)\b"
    # v60: "what does Maddox Tiling charge", "how much extra is it for the dog"
    r"|\bhow much (?:extra|more) (?:is it|is that|does it cost|will it cost|would it cost|to|for|per|a|an|each)\b"
    r"|\bwhat (?:does|do|did|will|would) (?:[\w'-]+ ){1,4}charge(?: for\b| to\b|\s*\??$)"
    r"|\bhow much (?:compensation|allowance|bonus|discount|grant|wages?|reimbursement|funding|penalty|interest|excess|"
    r"commission|tip|tips|tax|vat|postage|shipping|delivery charge)\b"
    r"|(?<!by )\bhow much (?:is|are|was|were) (?:a|an|the|one|each)\b"
    # "how much is parking?", "how much is monthly membership for a junior" (v58)
    r"|(?<!by )\bhow much (?:is|are) (?!there\b|it\b|left\b|too\b|enough\b|that\b|this\b)"
    r"[a-z-]+(?: [a-z-]+){0,2}(?: (?:for|per|on|at)\b|\s*\?|$)"
    # v61: "how much is it per entry", "what rent will they pay", "what fee do they charge"
    r"|(?<!by )\bhow much (?:is it|was it|will it be|would it be) (?:per|each|a|an)\b"
    r"|\bwhat (?:price|fee|cost|charge|rent|deposit|fare|fine|salary|wage|excess)s? "
    r"(?:do|does|did|will|would|should|must|can|(?:is|are|was|were)(?! there\b))\b"
    r"|(?<!by )\bhow much (?:is it|was it|will it be|would it be|does it cost|did it cost) to\b"  # "... to park?"
    # v83: "how much to have an old fridge taken away", "how much to hire the hall": a price asked of a service
    r"|(?<!by )\bhow much to (?:have|get|hire|park|book|rent|send|post|join|fix|replace|repair|leave|cancel|change|"
    r"upgrade|enter|register|renew|install|borrow|print|ship|extend|reserve|collect|remove|dispose)\b"
    r"|(?<!by )\bhow much (?:a|an|per|each) (?:month|year|week|day|night|hour|term|session|lesson|class|person|head)"
    r" (?:is|are|was|were|for|does|do|will|would)\b(?!.*\b(?:i|you|we) (?:need|have|use|drink|eat|lift|save)\b)"
    r"|\bwhat(?:['’]s| is| was| are| were| does| did| will be) the (?:\w+ ){0,3}"
    r"(?:price|fee|cost|charge|rent|deposit|surcharge|total|fare|fine|salary|salarie|wage|excess|deductible)s?"
    r"(?=\s*(?:\?|$|,|(?:for|of|on|if|when|to|at|per|in|with|after|before|from|this|that|now|due|owed|payable)\b))"
    # v93: "what do the evening classes cost", "what will the new roof cost"
    r"|\bwhat (?:does|do|did|will|would) .* cost\b|\bwhat (?:amount|sum)\b"
    # typed as a note: "price of the MB-42 maintenance box", "cost per hour for the big room" (v59)
    r"|^(?:the )?(?:price|cost|fee|charge|fare|rent)s?(?: per [a-z]+)? (?:of|for)\b"
    r"|\bhow (?:big|large|high|small|low) "
    + _SUM_ASKED
    # v71: a sum asked in its currency ("how much has the insurance gone up by in pounds?"), not a weight
    + r"|^(?!.*\b(?:weigh|weighs|weight|heavy|heavier)\b).*\bin (?:pounds|euros|dollars|pence)\b"
    # v76: "what's the revenue target for next quarter?"
    + r"|\b(?:revenue|sales|turnover|income|profit|fundraising) (?:target|goal|forecast)s?\b"
)
# Currencies written as words or codes after the sum ("12 yen", "42 florins", "300 INR"): the outside check of
# 2026-12-05 found a sum in any currency but dollars, euros and pounds read as no sum of money. Words that are also
# common English after a number are left out ("3 marks", "5 won", "try").
_CURRENCY_WORDS = (
    r"p|pence|cents?|euros?|dollars?|pounds?|eur|usd|gbp|chf|kr|yen|yuan|renminbi|rmb|jpy|cny|rupees?|inr|francs?|"
    r"florins?|guilders?|shillings?|pesos?|reais|reals?|rand|zar|krona|kronor|krone|kroner|sek|nok|dkk|zloty|zlotys|"
    r"pln|forints?|huf|koruna|czk|lira|liras|lire|roubles?|rubles?|dinars?|dirhams?|aed|riyals?|sar|rials?|"
    r"baht|thb|krw|ringgit|myr|rupiah|idr|dong|vnd|pesetas?|drachmas?|escudos?|centimes?|kopeks?|"
    r"naira|ngn|cedis?|kwacha|birr|bitcoins?|btc|aud|cad|nzd|hkd|sgd|mxn|brl"
)
# "free" states a price when it is said of something ("parking is free", "free of charge"), not as an adjective
# ("install the free Colour Contrast Analyser").
_MONEY = re.compile(
    r"[£$€¥₹₩₽₺₪₱฿₫]\s?\d|\d\s?(?:(?:thousand|million|billion|bn)\s+)?(?:" + _CURRENCY_WORDS + r")\b"
    r"|\b(?:is|are|was|were|be|been|it's|travel|go|goes|come|comes|stay|stays)\s+(?:\w+\s+)?free\b"
    r"(?=\s*(?:$|[.;,:)!]|(?:during|for|of|to|on|at|in|until|from|with|and|but|when|if|before|after|up|all)\b))"
    # v83: "dog-free", "smoke-free" and "gluten-free" state no price
    r"|\bfree\s+of\s+charge\b|\bfor\s+free\b|(?<!-)\bfree\s*(?:[.;,)]|$)|\bno (?:charge|cost)\b",
    re.IGNORECASE,
)


# How a question says it will use a telephone number: the number itself answers that part
_DIALLING = frozenset(stem(word) for word in ("ring", "call", "dial"))
# What a "who" question says the asker has ("Who do I contact with a question about an invoice?"): the person is
# whoever deals with the subject; and "contact" is implied by a contact line's address or number
_QUERY_NOUNS = frozenset(stem(word) for word in str.split("question questions query queries"))
_CONTACT = stem("contact")
# v93: how a "who" question says the asker will reach someone ("who do I talk to about booking a room?"): a name with
# a telephone number or an email address answers that part as it answers "contact"
_REACHING = frozenset(stem(word) for word in ("talk", "speak", "write", "ask", "email"))
# How a question says a sum of money changes hands: a sum stated answers that part
_SPENDING = frozenset(stem(word) for word in str.split("claim claimed spend spent cost pay paid charge charged"))
_EMAIL_UNIT = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_PHONE_UNIT = re.compile(r"\d(?:[\s()-]?\d){6,}")
# A measure question names what is measured; the answer carries that measure's unit ("175 °C", not "60 minutes").
# A table row carries it in its column's label: "Weight kg: 29.5", "Length (cm): 120" (v38).
_UNIT_LABEL = r"|\b(?:{units})\)?\s*:\s*\d"
# Units of length ("12 m", "3 miles"): a distance question's answer carries one, and a sentence with one measures
_LENGTH_UNIT = r"mm|cm|m|km|metres?|meters?|kilometres?|kilometers?|feet|foot|ft|inches|inch|miles?|yards?"
# A percentage as a sentence writes it: an interest rate asked (below), a share of a sum (_STATES_SHARE)
_PERCENT = r"\d\s?%|\bper ?cent\b|\bpercent\b"
_COLOUR_QUESTION = re.compile(r"\b(?:what|which) colou?rs?\b")
_UNIT_QUESTIONS = (
    (
        # v60: "what interest rate do they pay?" -- a rate is a percentage, not "we will pay you interest"
        re.compile(r"\b(?:interest|tax|vat|commission|discount) rates?\b|\bwhat (?:percentage|per ?cent)\b"),
        re.compile(_PERCENT, re.I),
    ),
    (
        re.compile(r"\b(?:what|which)(?:['’]s| is| was| are)? (?:the |its )?(?:[\w-]+ ){0,3}speeds?\b|\bhow fast\b"),
        re.compile(
            r"\d\s?(?:mb|mbps|mbit|mbits|gb|gbps|gbit|kbps|kb|mph|km/h|kmh|kph|rpm|knots?|mps|m/s)\b|\bspeeds?\b.*\d"
            + _UNIT_LABEL.format(units="mbps|gbps|mph|rpm|km/h"),
            re.I,
        ),
    ),
    (
        re.compile(
            r"\b(?:what|which) (?:is |was |are )?(?:the |its )?(?:[\w-]+ ){0,3}temperature\b|\bhow (?:hot|cold|warm)\b"
        ),
        re.compile(r"°|º|\bdegrees?\b|\bkelvins?\b|\bcelsius\b|\bfahrenheit\b|(?-i:\d\s?[CFK]\b)", re.I),  # "180C"
    ),
    (
        re.compile(r"\b(?:what|which) (?:is |was |are )?(?:the |its )?(?:[\w-]+ ){0,3}weight\b|\bhow heavy\b"),
        re.compile(
            r"\d\s?(?:g|kg|grams?|kilos?|kilograms?|lbs?|pounds?|tonnes?|tons?|oz|ounces?)\b"
            + _UNIT_LABEL.format(units="g|kg|grams?|kilos?|kilograms?|lbs?|tonnes?|tons?|oz|ounces?"),
            re.I,
        ),
    ),
    (
        re.compile(
            r"\b(?:what|which) (?:height|length|width|depth|distance)\b|\bhow (?:tall|high|deep|wide)\b"
            r"|\bhow far\b(?! in advance| ahead| back)"
        ),
        re.compile(
            r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand))\s?"
            rf"(?:{_LENGTH_UNIT}|storeys?|stories|floors?)\b"
            + _UNIT_LABEL.format(units="mm|cm|m|km|metres?|meters?|kilometres?|kilometers?|feet|ft|inches|miles"),
            re.I,
        ),
    ),
    (
        re.compile(
            r"\b(?:what|which) (?:is |are )?(?:the )?sizes?\b"
            r"|\bhow (?:big|large)\b(?! " + _SUM_ASKED + r")"  # v46: a sum
        ),
        re.compile(
            r"\d\s?(?:mm|cm|m|km|in|inch|inches|ft|feet|l|litres?|liters?|ml|m2|m²|sq|g|kg|grams?|oz|lbs?)\b"
            r"|\d\s?[x×]\s?\d|\bsizes?:\s*\S"  # v47: a loaf's or a jar's size in grams; a size column
            + _UNIT_LABEL.format(units="mm|cm|m|inches|ft|feet|l|litres?|liters?|ml|m2|m²")
            + r"|\b(?:small|medium|large|extra[ -]large|xs|xl|xxl|king|queen|double|single)\b"
            # v39: "Sizes 6 to 16", "age 7-8", "S, M and L"
            + r"|\bsizes?\s+\d|\bages?\s+\d|(?-i:\b(?:S|M|L)\b(?=\s*(?:,|and|or|to|-|–)\s*(?:M|L|XL)\b))",
            re.I,
        ),
    ),
    (
        _COLOUR_QUESTION,
        re.compile(
            r"\b(?:black|white|grey|gray|silver|gold|red|maroon|burgundy|pink|orange|yellow|green|olive|teal|blue|navy|"
            r"turquoise|purple|violet|lilac|brown|beige|cream|tan|khaki)\b",
            re.I,
        ),
    ),
    (
        re.compile(r"\bhow loud\b|\b(?:what|which) (?:is |are )?(?:the )?noise\b"),
        re.compile(r"\bd[bB]\b|decibels?", re.I),
    ),
    (
        # v65 (batch 27): "bank details for paying the milk kitty?" -- a sort code, an account number or an IBAN
        re.compile(
            r"^\s*(?:(?:what|which)(?:'s| is| are)?\s+)?(?:(?:the|your|their|our|my)\s+)?(?:[\w'’-]+\s+){0,2}?"
            r"bank (?:account )?details\b(?!\s+(?:have|has|had|changed|change|were|was)\b)"
            r"|\b(?:account|sort) (?:number|code)\b|\biban\b"
        ),
        re.compile(r"\b\d{2}[- ]\d{2}[- ]\d{2}\b|\b\d{8}\b|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,}", re.I),
    ),
    (
        # "What email address can I write to?": an address with an @ answers, a sentence about email does not
        re.compile(
            r"\be-?mail address\b|\b(?:what|which)(?:'s| is)? (?:(?:the|their|your|an|[\w-]+['’]s) )*"
            r"(?:[\w-]+(?:['’]s)? ){0,3}e-?mail\s*\??$"  # v65: "the support worker's email"
            # v64, typed as a note (outside check 32): "landlord's email", "email for bookings?"
            r"|^\s*(?:the |my |our )?(?:[\w-]+ ){0,2}[\w-]+['’]s e-?mail\s*\??$|^\s*e-?mail (?:for|of|to)\b"
        ),
        _EMAIL_UNIT,
    ),
    (
        # "Is there a phone number I can call?", "What number should I ring?": a number of seven digits or more
        re.compile(
            r"\b(?:phone|telephone|contact|helpline|mobile|emergency|out-of-hours) number\b"
            r"|\b(?:what|which|a|the) number (?:can|should|do|could|would|must) (?:i|we|you) (?:call|ring|phone|text)\b"
            r"|\bnumbers? to (?:call|ring|phone|text|dial)\b"  # v59: "number to call if a pipe bursts"
            # v71: "gwen adeyemi's direct phone line", "her direct line", "what's dev's mobile?"
            r"|\b(?:direct|phone|telephone) line\b|\b(?:his|her|their|[a-z]+['’]s) mobile\s*\??$"
            # v76: "what's the number for mr kapoor's secretary", "number for the vet advice line"
            r"|(?:^|\bwhat(?:['’]s| is) the |\bwhich )number for\b"
            r"(?! (?:the )?(?:gate|door|lock|safe|key|wi-?fi|alarm)\b)"
        ),
        _PHONE_UNIT,
    ),
    (
        # v39: "What's the address of Glenhaven Outdoor Centre?", "What address do I post returns to?": a postal
        # address has a house number or a postcode, or names a street; "by post to the Agent's address above" is none
        re.compile(
            r"^(?!.*\b(?:e-?mail|web|ip|mac|wallet)\s+address)"
            r"(?:.*\b(?:what|which)\b.*\baddress\b|.*\baddress\s+(?:of|for)\b)"
        ),
        # a postcode (UK "PN1 2AB", US "IL 62701", German "10115 Berlin") or a street's word; a place's own name
        # ("Glenhaven Outdoor Centre") and a date's digits ("Friday 10 April") are no address
        re.compile(
            r"(?-i:\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b|\b\d{5}\s+[A-Z][a-zäöü]+)"
            r"|\b(?:road|rd|street|lane|avenue|ave|drive|crescent|terrace|mews|grove|parade|wharf|quay|boulevard|blvd|"
            r"po\s+box|p\.o\.\s+box|strasse|straße|gasse|allee)\b",
            re.I,
        ),
    ),
    (
        # v39: "What's the minimum macOS version ...?", "Which version added ...?": a version is a number
        re.compile(
            r"\b(?:what|which)(?:'s| is| was)?\s+(?:the\s+)?(?:(?:minimum|min|latest|current|oldest|newest|required|"
            r"supported|lowest|earliest|first|last)\s+)?(?:[\w-]+\s+)?versions?\b"
            r"(?!\s+of\s+the\s+(?:form|policy|document|contract|agreement))"
        ),
        re.compile(r"\d"),
    ),
    (
        re.compile(r"\b(?:what|which) speed\b|\bhow fast\b"),
        re.compile(r"km/h|mph|kph|m/s|\bknots?\b|\brpm\b|revolutions", re.I),
    ),
)


# A request phrased as a question states a duty or a deadline: "Could you send ... by Friday?", "Could Priya book
# the room?", "Please confirm ...?".
_REQUEST = re.compile(
    # a label or a lead-in may stand before it: "Slides: could you email ...", "One more favour: could you ...", and
    # (v91) a greeting or the name of the one asked: "Dear agent, could you ...", "Hi Tom, can you ...", "Sam, could"
    r"^(?:[^:?\n]{1,40}:\s+|(?i:also|and|so|then|finally|lastly),?\s+"
    r"|(?i:dear|hi|hello|hey|morning|good\s+(?:morning|afternoon|evening))\b[^,?\n]{0,40},\s+"
    r"|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?,\s+)?"
    r"(?i:could|can|would|will)\s+(?:(?i:you|someone|everyone|everybody|all|we|staff|each|every)\b|[A-Z][a-z]+\b)"
    r"|(?i:\bplease\b|\bkindly\b)|^(?i:may|might)\s+(?i:i)\s+(?i:ask|remind|request)\b"
)


# A request for an answer is a question all the same: "Could you confirm whether the price includes ...?"
_ASKS_BACK = re.compile(
    r"\b(?:confirm|tell (?:me|us)|let (?:me|us) know|check|advise(?: (?:me|us))?|ask)\s+"
    + r"(?:\(?(?:\d{1,2}|[a-z])\)\s+)?"  # v76: "please tell me (1) why the worktops are late, (2) whether ..."
    + r"(?:whether|if|what|when|where|who|how|which|why)\b",
    re.IGNORECASE,
)


# "without paying" is said "free" ("The free plan includes up to 3 budgets")
_PAYING = frozenset(stem(word) for word in ("pay", "paying", "charge", "charged", "cost"))
_FREE = frozenset(stem(word) for word in ("free", "complimentary"))
# Opening hours: "What time does X open / close / shut?" is answered where a sentence, or its section, speaks of
# opening ("open until 9 pm", "Closing time", "Opening hours"), not by another activity's end ("serve food until 9 pm").
_OPENING_VERBS = frozenset(stem(word) for word in ("open", "close", "shut"))
_OPEN = stem("open")
_OPENING_STEMS = frozenset(stem(word) for word in ("open", "opening", "close", "closing", "closed", "shut", "hours"))
# What someone said or did at a meeting ("What did Fiona say about ...?"): an attendance list names them only.
_SAYING = frozenset(
    stem(word)
    for word in str.split("say said report reported mention mentioned propose proposed suggest suggested raise raised")
)
# A list entry that is a name and a role and nothing more: "Fiona Hale (Finance Business Partner)", "Lina Osei — Lead
# Developer". It says who someone is, never what they said or did.
_NAME_ENTRY = re.compile(r"^\s*(?:[A-Z][\w'’.-]*\s+){1,3}[A-Z][\w'’-]*\s*(?:\([^()]*\)|[—–-]\s+[^.!?;:]*)\s*$")


def name_entry(text: str) -> bool:
    """Return True when the text is only a name with a role in brackets or after a dash (an attendance list's line)."""
    return bool(_NAME_ENTRY.match(text)) and not any(char.isdigit() for char in text)


# A code, password or reference is given where it is named ("Wi-Fi password: tulip42", "Gate code 4471"): a sentence
# about the gate or the Wi-Fi alone does not give it.
_IDENTIFIER_QUESTION = re.compile(
    r"^what(?:['’]s| is| are) (?:the|my|our|your|their|(?:[\w-]+ ){0,2}[\w-]+['’]s) (?:[\w-]+ ){0,3}?"
    # v78: a dress code or a code of conduct is a rule, not a value to type
    r"(?<!dress )(?<!colour )(?<!color )(code(?!s? of (?:conduct|practice)\b)|password|passcode|pin|postcode|username|"
    r"reference|ssid|(?:network|wi-?fi|account|user|file|host|domain|device) name)s?\b"
    # "What's the name of the backup file it makes ...?": the file's name, as "file name" (the eighteenth session)
    r"|^what(?:['’]s| is) the (name) of (?:the|my|our|your|this) (?:[\w-]+ ){0,2}?(?:file|network|folder|host|domain|"
    r"device)\b"
)


# "What was the flight number ...?", "What is my account number?": a code is asked ("SK 482", "4471 0382 95").
_CODED_NUMBER = re.compile(
    r"^(?:what|which)(?:['’]s| is| was| are| were) (?:the |my |our |your |his |her |their |[\w-]+['’]s )?"
    r"(?:[\w-]+(?:['’]s?)? ){0,3}?(?:flight|order|reference|ref|serial|model|account|policy|booking|invoice|"
    r"membership|tracking|registration|case|ticket|claim|customer|product|part|vehicle|licence|license|passport|vat|company|charity|sort)"
    r"\s+numbers?\b"
)
# A code as documents write one: three or more capitals and digits with a digit among them ("HL-TRV-448213",
# "VS3-2024", "4471"), not a sum of money ("GBP 389.00", "£1,240").
_WRITTEN_CODE = re.compile(r"(?<![£$€\w.,])(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{2,}\b(?![.,]\d)")
# What stands just before a number that is a sum of money: a currency sign or code
_CURRENCY_BEFORE = re.compile(r"(?:[£$€]|\b(?:gbp|eur|usd|chf))\s?$", re.IGNORECASE)


def _after_currency(text: str, start: int) -> bool:
    """Return True when the number starting at `start` is a sum of money: a currency sign or code just before it."""
    return bool(_CURRENCY_BEFORE.search(text[max(0, start - 4) : start]))


# A telephone number as people write one ("01632 960518", "0800 046 7721", "+44 20 7946 0000"): a number, but no
# account, order or reference number (v48: a signature's phone line for "What is X's bank account number?")
_PHONE_NUMBER = re.compile(r"(?:\+\d{1,3}[\s-]?|\b0)\d{2,5}(?:[\s-]\d{2,8}){1,3}\b")


def states_code(text: str) -> bool:
    """Return True when a text writes a code: capitals and digits, neither money nor a telephone number."""
    phones = [m.span() for m in _PHONE_NUMBER.finditer(text) if sum(c.isdigit() for c in m.group(0)) >= 9]
    return any(
        not _after_currency(text, m.start()) and not any(start <= m.start() < end for start, end in phones)
        for m in _WRITTEN_CODE.finditer(text)
    )


_ASKS_MORE = re.compile(r",? and (?:then |also )?(?:what|how|when|where|who|which|from|to|on|for)\b")
_LETTERED_CODE = re.compile(r"([a-z]{1,3})(\d{1,3})")


def names_another_code(term: str, stems: frozenset[str] | set[str]) -> bool:
    """Return True when a question's code of letters and a number ("q2", "b12") is not in a table row that names
    another of the same letters ("Q1", "B7"): the row is about that other quarter, block or unit. (Prose may name
    another in a comparison: "the first quarter, 12% more than in Q4".)"""
    match = _LETTERED_CODE.fullmatch(term)
    if match is None or term in stems:
        return False
    letters = match.group(1)
    return any((other := _LETTERED_CODE.fullmatch(stem_)) is not None and other.group(1) == letters for stem_ in stems)


# Identifiers whose value is a code, not a name or an address ("Your username is your email address"): a sentence
# naming one gives it only with its value (gives_value)
_GIVEN_VALUES = frozenset(stem(word) for word in ("code", "password", "passcode", "pin", "postcode", "reference"))
_YEAR_OR_DAY = re.compile(r"^(?:1[89]\d\d|20\d\d|\d{1,2})$")


def gives_value(text: str, identifier: str) -> bool:
    """Return True when a sentence naming a code or a password also gives it: "Gate code: 4471", "The code is 4471",
    "the new code 8812", "The Wi-Fi password is 'tulip42'", "The password is sunflower.", or a written code elsewhere
    in the sentence ("Use SPRING10 at checkout"), a year or a day of the month not counting."""
    # the word, and what it is for ("password for guests", "code of the side door")
    word = rf"\b{re.escape(identifier)}\w*(?:\s+(?:for|of|to|on|at)\s+(?:the\s+|our\s+|your\s+)?[\w-]+(?:\s+[\w-]+)?)?"
    if re.search(rf"{word}\s*[:=]\s*\S", text, re.IGNORECASE):
        return True
    verb = r"(?:is|was|will\s+be|has\s+changed\s+to|changes\s+to|changed\s+to|now|of|number)"
    if re.search(rf"{word}\s+(?:{verb}\s+)?[\"'“‘«]", text, re.IGNORECASE):
        return True
    if re.search(rf"{word}\s+(?:{verb}\s+)?[A-Za-z-]*\d[\w-]*", text, re.IGNORECASE):
        return True
    if re.search(rf"{word}\s+(?:is|was)\s+[\w-]+\s*[.!]?\s*$", text, re.IGNORECASE):
        return True
    phones = [match.span() for match in _PHONE_UNIT.finditer(text)]
    return any(
        not _YEAR_OR_DAY.match(match.group(0)) and not any(a <= match.start() < b for a, b in phones)
        for match in _WRITTEN_CODE.finditer(text)
    )  # v60: a phone number's digits are no code ("text you a key safe code ... security team (01632 960...)")


def asked_identifier(folded: str) -> str | None:
    """Return the stem of the code, password, reference or network name a "what's the ... code?" question asks for,
    or None."""
    match = _IDENTIFIER_QUESTION.search(folded)
    if not match:
        return None
    return stem((match.group(1) or match.group(2)).split()[-1])  # "network name": the name must be named


# v87: a unit's symbol and its written names are one unit ("the 2l pot" / "Pot size: 2 litre"; outside check 9)
_UNIT_NAMES = {
    name: group.split()[0]
    for group in (
        "l litre litres liter liters",
        "ml millilitre millilitres milliliter milliliters",
        "cm centimetre centimetres centimeter centimeters",
        "mm millimetre millimetres millimeter millimeters",
        "m metre metres meter meters",
        "km kilometre kilometres kilometer kilometers",
        "kg kilo kilos kilogram kilograms",
        "g gram grams",
        "inch inches",
        "w watt watts",
        "v volt volts",
    )
    for name in group.split()
}
# Units of measure a question may give a number in ("a 14-inch cake", "a 2 litre jug"); not "in" ("at 8 in the
# morning"). v88: every name of a unit above, so "5 kilos" and "500 millilitres" are read as measures too
_MEASURE_UNITS = frozenset(_UNIT_NAMES) | frozenset(("gb", "mb", "tb"))
_MEASURED_UNITS = _MEASURE_UNITS | _TIME_UNITS  # what a number asked with a unit is measured in (v62: time too)


def same_unit(asked: str, written: str) -> bool:
    """Return True when a question's unit and a text's word name one unit: the same word (same_word), or a symbol
    and a name of it ("l" / "litre", "kg" / "kilos")."""
    unit = _UNIT_NAMES.get(asked)
    return same_word(stem(asked), {stem(written)}) or (unit is not None and _UNIT_NAMES.get(written) == unit)


def measured_numbers(tokens: Sequence[Token]) -> tuple[tuple[str, str], ...]:
    """Return the question's numbers given with a unit of measure or of time right after them ("14-inch", "2 litres",
    "3 years": "Less than 2 years | 25 | 3 days" gives 3 as days, and answers nothing about the third year, outside
    check 32)."""
    return tuple(
        (number.stem, unit.lower)
        for number, unit in pairwise(tokens)
        if number.numeric and number.lower.isdigit() and unit.lower in _MEASURED_UNITS
    )


def states_measures(tokens: Sequence[Token], measured: tuple[tuple[str, str], ...]) -> bool:
    """Return True when the sentence gives each measured number with its unit ("14-inch", "14 inches", "3 working
    days": one word may come between), or does not give the number at all (it may answer otherwise)."""
    for number, unit in measured:
        places = [i for i, t in enumerate(tokens) if t.stem == number]
        if places and not any(
            j < len(tokens) and tokens[j].lower in _MEASURED_UNITS and same_unit(unit, tokens[j].lower)
            for i in places
            for j in (i + 1, i + 2)
        ):
            return False
    return True


def asks_only(text: str) -> bool:
    """Return True when a sentence is a question that states nothing: it ends with "?" and is no polite request
    ("Could you send the figures before Monday noon?" states a deadline; "Is the room booked?" states nothing;
    "Could you confirm whether the price includes the cake?" asks, though politely)."""
    stripped = text.strip().rstrip("\"'”’)").rstrip()
    if not stripped.endswith("?"):
        return False
    if not _REQUEST.search(stripped):
        return True
    # "Could you confirm whether ... by 27 November?" still sets a deadline: a number or a day keeps it a request
    # v76: a list's numbers "(1)", "(2)" and a sum ("is the final £2,400 still due?") date nothing
    undated = _ENUMERATOR.sub(" ", _MONEY_SUM.sub(" ", stripped))
    dated = any(c.isdigit() for c in undated) or _DEADLINE.search(stripped)
    return bool(_ASKS_BACK.search(stripped)) and not dated


_MONEY_SUM = re.compile(r"[£$€]\s?\d[\d,.]*")
_ENUMERATOR = re.compile(r"\(\d{1,2}\)|(?<![\w.])\d{1,2}\)")
_DEADLINE = re.compile(
    r"\b(?:by|before|until|no later than)\s+(?:the\s+)?(?:end of\s+)?(?:this\s+|next\s+)?(?:"
    + "|".join((*DAY_NAMES, *MONTH_NAMES, "noon", "midday", "tomorrow", "tonight", "week", "month"))
    + r")\b",
    re.IGNORECASE,
)


# "... in lumens?", "... in kg?": a question that names the unit of its answer. Each entry: the unit as a question
# writes it, and how a document writes a quantity in it (a number, or a number word, then the unit or its symbol).
_NAMED_UNITS = (
    (r"lumens?|lm", r"lm|lumens?"),
    (r"watts?|kilowatts?|kw", r"w|kw|watts?|kilowatts?"),
    (r"volts?", r"v|volts?"),
    (r"amps?|amperes?|milliamps?|mah", r"a|ma|mah|amps?|amperes?|milliamps?"),
    (r"kilowatt[ -]hours?|kwh", r"kwh|kilowatt[ -]hours?"),
    (r"kilos?|kilograms?|kgs?|grams?", r"g|kg|kgs|kilos?|kilograms?|grams?"),
    (
        r"(?:centi|milli|kilo)?met(?:re|er)s?|cm|mm|km|inch(?:es)?|feet|foot|miles?|yards?",
        r"mm|cm|m|km|in|inch(?:es)?|ft|feet|foot|miles?|mi|yards?|yd|(?:centi|milli|kilo)?met(?:re|er)s?",
    ),
    (r"(?:milli)?lit(?:re|er)s?|ml", r"l|ml|(?:milli)?lit(?:re|er)s?"),
    (r"decibels?|db", r"db|decibels?"),
    (r"percent(?:age)?|per cent", r"%|percent|per cent"),
    (r"gigabytes?|megabytes?|terabytes?|gb|mb|tb", r"gb|mb|tb|gigabytes?|megabytes?|terabytes?"),
    (r"mph|km/h|kph", r"mph|km/h|kph"),
)
_NUMBER_BEFORE_UNIT = (
    r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred|"
    r"thousand))\s?(?:"
)
_UNIT_NAMED = tuple(
    (re.compile(rf"\bin (?:{asked})\s*\??$"), re.compile(rf"{_NUMBER_BEFORE_UNIT}{written})(?![a-z])", re.I))
    for asked, written in _NAMED_UNITS
)


# v80: the thing a money question prices ("how much does a new battery cost", "how much is the club swimming
# costume", "what is the price of a day pass"), up to the words that say for whom, when or for how long
_PRICED_ITEM = re.compile(
    r"\bhow much (?:does|do|did|would|will|should|could) (?:a |an |the |my |our |your |one |each )?"
    r"(?P<costs>(?:[\w'’-]+ ){0,4}?[\w'’-]+) cost\b"
    r"|\bhow much (?:is|are|was|were) (?:a |an |the |my |our |your |one |each )?"
    r"(?P<is>(?:[\w'’-]+ ){0,4}?[\w'’-]+?)"
    r"(?= (?:for|per|at|a|an|each|on|in|with|to|if|when|this|next|now|from)\b|\s*\?|\s*$)"
    r"|\bwhat(?:['’]s| is| are) the (?:price|cost)s? (?:of|for) (?:a |an |the |my |our |your |one |each )?"
    r"(?P<of>(?:[\w'’-]+ ){0,4}?[\w'’-]+?)(?= (?:for|per|at|a|an|each|on|in|with|to|if|when|from)\b|\s*\?|\s*$)"
)
# What a sentence prices by name: the words of its clause before "costs £12" / "is £5" ("A replacement card costs
# £5", "extra hours cost €12 each"); a pronoun or a word for the price itself names nothing ("It costs £5")
_PRICED_SUBJECT = re.compile(
    r"(?:^|[,;:(]|\b(?:and|but|while|whereas)\b)\s*(?P<subject>[^,;:()£$€\d]{1,60}?)\s+"
    r"(?:now |still |only |just |currently |normally |usually )?"
    r"(?:(?:costs?|is|are|was|were|will cost|will be|comes to)\s+"
    r"(?:only |just |from |about |around |roughly )?[£$€]\s?\d"
    # v80: "Spare hats can be bought from the office for £3."
    r"|(?:can|may)\s+be\s+(?:bought|ordered|purchased|hired)\b[^.;£$€]{0,60}?\bfor\s+[£$€]\s?\d)",
    re.IGNORECASE,
)
_PRICE_WORDS = frozenset(
    stem(word)
    for word in str.split(
        "it this that these those they which each one price cost fee charge total rate amount sum figure balance "
        "deposit rent fare annual monthly weekly yearly daily nightly hourly usual normal standard current full"
    )
)
# Words that say which one of a thing without naming it ("how much will a new one cost?")
_WHICH_ONE = frozenset(stem(word) for word in str.split("new replacement spare extra another other same"))


def priced_item(folded: str) -> frozenset[str]:
    """Return the content stems of the thing a money question prices, or none ("how much is it to park")."""
    match = _PRICED_ITEM.search(folded)
    if match is None:
        return frozenset()
    words = {t.stem for t in tokenize(match.group("costs") or match.group("is") or match.group("of")) if t.content}
    words -= _PRICE_WORDS
    return frozenset(words) if words - _WHICH_ONE else frozenset()


def prices_another(text: str, stems: set[str], item: frozenset[str]) -> bool:
    """Return True when a sentence prices things by name and never names the item asked: "A family ticket costs
    £14.50" for "how much is a kestrel active card?". A sentence that prices nothing by name is left alone, and so
    is one that names the item anywhere ("£64 for a full plot and £34 for a half plot"); `stems` are the sentence's."""
    subjects = [
        {t.stem for t in tokenize(match.group("subject")) if t.content} for match in _PRICED_SUBJECT.finditer(text)
    ]
    if not subjects or any(not (words - _PRICE_WORDS) for words in subjects):
        return False
    return not any(same_word(term, stems) for term in item)


_WHAT_IS = re.compile(r"\b(what|which)['’]s\b")


def expected_unit(question: str) -> re.Pattern[str] | None:
    """Return the pattern of the unit a measure question's answer must carry, or None: the unit the question names at
    its end ("What is the maximum brightness in lumens?"), else the one its measure word implies."""
    lowered = _WHAT_IS.sub(r"\1 is", fold(question).strip())  # v80: "what's the weight limit" asks a weight too
    named = next((unit for asked, unit in _UNIT_NAMED if asked.search(lowered)), None)
    return named or next((unit for asked, unit in _UNIT_QUESTIONS if asked.search(lowered)), None)


def asks_for_list(question: str) -> bool:
    """Return True when the question asks for several things (steps, rules, changes, items...)."""
    lowered = fold(question)
    if re.match(r"^(?:how (?:many|much|long|often)|when|who|where)\b", lowered):
        return False
    if re.match(r"^(?:what|which) (?:are|were) (?:the |your |its |their )?(?:[\w-]+ ){0,3}(?:hours|times)\b", lowered):
        return False  # v60: "what are the office opening hours" asks for one span of time, not a list
    return bool(_LIST_QUESTION.search(lowered))


# The words that name each dimension of a thing: a sentence naming another dimension, and not the one asked, measures
# something else ("25 metres long" is no depth; "60 cm above the floor" is a height, not a hose's length).
_DIMENSIONS = {
    "deep": re.compile(r"\b(?:deep|depth|deeper|deepest|project|projects|projecting)\b", re.I),  # v78: an extension
    "long": re.compile(r"\b(?:long|length|longer|longest|lengths)\b", re.I),
    "wide": re.compile(r"\b(?:wide|width|wider|widest)\b", re.I),
    "high": re.compile(r"\b(?:high|height|tall|taller|higher|highest|above (?:the )?(?:floor|ground))\b", re.I),
}
_DIMENSION_ASKED = re.compile(
    r"\bhow (deep|long|wide|high|tall)\b"
    r"(?! (?:do|does|did|will|would|can|should|is it|are they|until|till|ago|before|after))"
    r"|\bwhat(?:'s| is| are)? (?:the |its )?(depth|length|width|height)\b"
    # v78: "how high can the rear extension be?" asks a height; "how long can I stay?" a time
    r"|\bhow (deep|wide|high|tall) (?:can|could|should|will|would|may|must)\b"
)
_DIMENSION_OF = {"tall": "high", "depth": "deep", "length": "long", "width": "wide", "height": "high"}


def asked_dimension(folded: str) -> str | None:
    """Return the dimension a question asks for ("how deep" -> "deep", "what is the length" -> "long"), or None. A
    "how long" that asks a duration ("How long does it take?", "how long until ...") asks none."""
    match = _DIMENSION_ASKED.search(folded)
    if match is None:
        return None
    word = match.group(1) or match.group(2) or match.group(3)
    return _DIMENSION_OF.get(word, word)


_DISTANCE = re.compile(rf"\d\s?(?:{_LENGTH_UNIT})\b|\d\s?(?:\'|\")", re.I)


def states_other_dimension(text: str, asked: str) -> bool:
    """Return True when the sentence measures a distance and names another dimension, not the one asked
    (_DIMENSIONS); a sentence with no distance in it ("The warranty runs for two years, as long as ...") is left to
    the other checks."""
    if _DIMENSIONS[asked].search(text) or not _DISTANCE.search(text):
        return False
    return any(pattern.search(text) for dimension, pattern in _DIMENSIONS.items() if dimension != asked)


def expected_answer(question: str) -> Expect:
    """Return the kind of answer the question asks for (ANY when its wording does not say)."""
    lowered = fold(question)
    for kind, pattern in _EXPECT_PATTERNS:
        if pattern.search(lowered):
            return kind
    return Expect.ANY


def expects_money(question: str) -> bool:
    """Return True when the question asks for a price, fee, cost or sum of money ("How much does X cost?")."""
    return bool(_MONEY_QUESTION.search(fold(question)))


_CURRENCY_COLUMN = re.compile(r"\((?:[£$€¥]|eur|usd|gbp|chf)\)", re.IGNORECASE)
# A record's cell whose column names a price or a currency ("unit_price_gbp: 148.43", "Fee EUR: 30"): its number is
# a sum of money though no sign stands beside it. Underscores part the words of a column name.
_MONEY_FIELD = re.compile(
    r"(?:^|\|\s)[^|:\n]*?(?<![a-z])(?:price|cost|fee|charge|rent|gbp|eur|usd|chf|amount|total|subtotal|budget|"
    r"salary|spent|paid|balance)s?(?![a-z])[^|:\n(]*:\s*[£$€]?\d",
    re.IGNORECASE,
)


# A sum asked per unit (v46: "... sell for per kilo?", "how much per head ...", not "per cent"), and the ways a
# sentence states one ("£2.50 per kg", "£9/hour", "£4 each", "£12 a night", "hourly rate")
_RATE_ASKED = re.compile(
    r"\bper (?!cent\b|annum\b)[a-z]+|\bhow much (?:a|an|each) [a-z]+ (?:is|are|was|were|for|does|do)\b"
)
_STATES_RATE = re.compile(
    r"\bper\b|\s?/\s?[a-z]|\beach\b|\ba (?:kilo|kg|pound|litre|hour|day|night|week|month|year|person|head|page|mile|"
    r"session|class|lesson)\b|\ban hour\b|\b(?:hourly|daily|nightly|weekly|monthly|yearly|annual)\b|\bevery\b",
    re.IGNORECASE,
)
_ANY_CHARGE = frozenset(stem(word) for word in ("charge", "fee", "cost", "price"))
_MONEY_HEADS = frozenset(stem(word) for word in ("money", "cash", "funds"))
_LIMIT_WORDS = frozenset(stem(w) for w in ("limit", "limits", "threshold", "cap", "ceiling", "allowance"))


# The bounds (_BOUND) that set a condition's threshold; "up to £30" and "at least £20" may be what is paid, and stay.
_THRESHOLD_WORDS = frozenset(("under", "below", "less than", "over", "above", "more than", "exceeding"))


def bounds_money_only(text: str) -> bool:
    """Return True when every sum of money a sentence states bounds a condition ("a written estimate before any
    procedure costing more than £200", "trips costing over $2,500"): it sets a threshold and prices nothing."""
    if not _MONEY.search(text):
        return False

    def dropped(match: re.Match[str]) -> str:
        return " " if " ".join(match.group(1).lower().split()) in _THRESHOLD_WORDS else match.group(0)

    return not _MONEY.search(_BOUND.sub(dropped, text))


# v93: a sum asked as a share of another ("how much of the hire fee do I get back?", "how big a deposit ...?", "what
# refund do I get?"): a percentage or a fraction answers where the sentence names that share ("we refund 50% of the
# hire charge", "a deposit of 20%"); "how much is the late fee for the deposit?" asks a fee, not the deposit
_SHARE_NOUNS = r"(?:deposit|refund|discount|commission|tip|surcharge|vat|tax)s?"
_SHARE_ASKED = re.compile(
    r"\bhow much of (?:the|my|your|our|their|a|an|it|that|this) ([a-z-]+)"
    r"|\b(get) (?:\w+ )?back\b"
    r"|\b(?:how much|how big|how large|what|which)\b(?: [\w'-]+){0,3}? (" + _SHARE_NOUNS + r")\b(?! (?:for|on|of)\b)"
)
_GOT_BACK = frozenset(stem(word) for word in ("refund", "return", "back", "repay"))


def shares_asked(folded: str) -> frozenset[str]:
    """Return the stems a sentence must name for a percentage or a fraction to answer the sum asked (_SHARE_ASKED):
    the share noun asked, the thing "how much of" asks a part of, or, for "get back", what gives money back."""
    found: set[str] = set()
    for match in _SHARE_ASKED.finditer(folded):
        of_thing, get, noun = match.groups()
        if get:
            found |= _GOT_BACK
        for word in (of_thing, noun):
            if word:
                found.add(stem(word))
    return frozenset(found)


_STATES_SHARE = re.compile(
    _PERCENT + r"|\b(?:half|a third|a quarter|two thirds|three quarters)\b|\bin full\b"
    r"|\bfull (?:refund|amount|fee|cost|price|charge)\b",
    re.IGNORECASE,
)


# v93: a table of prices written without a currency sign ("## Room rates" over "Room: Family suite | Weeknight: 140",
# a CSV price list, a menu's "| Latte | 2.80 | 3.40 |"): its rows' bare numbers are its prices
_PRICE_LIST_WORDS = frozenset(stem(word) for word in ("price", "rate", "tariff", "menu"))  # stems: "prices" too
_BARE_NUMBER_CELL = re.compile(r"(?:^|\|)[ \t]*(?:[^|:\n]*:[ \t]*)?\d[\d,]*(?:\.\d{1,2})?[ \t]*(?=\||$)")


def prices_listed(text: str, headings: frozenset[str]) -> bool:
    """Return True when a table row has a cell that is a bare number and its headings or title say the table lists
    prices ("Room rates", "Price list", "tariff"): the number is a price though no sign is written."""
    return bool(headings & _PRICE_LIST_WORDS) and bool(_BARE_NUMBER_CELL.search(text))


def holds_money(text: str, header: str = "") -> bool:
    """Return True when the text states a sum of money (a currency sign or unit next to a number) or "free"; a
    table row's or record's number also counts when its column header names the currency ("Price (£): 45")."""
    if _MONEY.search(text) or _MONEY_FIELD.search(text):
        return True
    return any(c.isdigit() for c in text) and bool(_CURRENCY_COLUMN.search(f"{text} {header}"))


_RATE_WORDS = frozenset(("per", "a", "an", "each", "every"))


def _priced_numbers(text: str, tokens: list[Token]) -> frozenset[int]:
    """Return the indexes of the tokens that are a sum of money ("£17") or a percentage ("20%") in `text`."""
    matches = list(TOKEN_PATTERN.finditer(text))
    if len(matches) != len(tokens):
        return frozenset()
    return frozenset(
        i
        for i, match in enumerate(matches)
        if tokens[i].numeric and (_after_currency(text, match.start()) or text[match.end() :].lstrip()[:1] == "%")
    )


def _is_number(token: Token) -> bool:
    return token.numeric or token.lower in NUMBER_WORDS


# The numbered parts a question may point to ("Under clause 2.2", "In step 6"; answer.names_the_item).
NUMBERED_PARTS = frozenset(str.split("clause section step paragraph article item rule question part"))
# The same words as stems, as a question's labels hold them ("Under clause 2.2, ...?", "In step 6, ...?")
ITEM_REFERENCES = frozenset(stem(word) for word in NUMBERED_PARTS)
# Words that name a part of a document by its number: the number points somewhere, it counts nothing.
_REFERENCES = (
    NUMBERED_PARTS
    | {word + "s" for word in NUMBERED_PARTS}
    | frozenset(str.split("page pages chapter chapters appendix annex schedule figure table version"))
)


# Words that label a number as a code: "Batch codes: 2403", "model 7741", "ref 2210" name things, they count none.
_CODE_LABELS = frozenset(
    str.split("code codes batch batches model models serial ref reference references pin postcode account id")
)

_PLACE_NUMBERS = _REFERENCES | frozenset(
    str.split(
        "level levels floor floors room rooms gate gates platform platforms bay bays unit units block building phase "
        "phases stage stages round rounds lane lanes court courts pitch pitches plot plots zone zones"
    )
)


def _may_is_the_month(tokens: list[Token], index: int) -> bool:
    """Return True when "may" at `index` is the month ("3 May", "May 2026", "in May"), not the verb ("The Tenant may
    only use the break clause if all rent is paid up to date", v41)."""
    near = [tokens[j] for j in (index - 1, index + 1) if 0 <= j < len(tokens)]
    return any(t.numeric for t in near) or (index > 0 and tokens[index].capitalized)


_MERIDIEM = frozenset(("am", "pm", "a.m", "p.m"))


def holds_expected(
    expect: Expect,
    tokens: Iterable[Token],
    question_terms: frozenset[str],
    procedural: bool = False,
    text: str | None = None,
) -> bool:
    """Return True when the sentence's tokens hold an answer of the expected kind not already in the question.

    A `procedural` "when" question ("When should I ...?") is also answered by a condition ("if", "as soon as").
    `text`, the sentence the tokens are of, tells a sum of money or a percentage, which is no length of time."""
    listed = list(tokens)
    priced = _priced_numbers(text, listed) if text is not None and expect is Expect.DURATION else frozenset()
    fresh = [t for t in listed if t.stem not in question_terms]
    if expect is Expect.ANY:
        return True
    if expect in (Expect.QUANTITY, Expect.MEASURE):
        # The numbers of a date ("From 1 September 2026", "March 3, 2026") count nothing ("may" is a month only
        # after its day: "Members may bring 2 guests").
        def month(j: int, after_day: bool = False) -> bool:
            return 0 <= j < len(listed) and listed[j].lower in MONTHS and (after_day or listed[j].lower != "may")

        def day(t: Token) -> bool:
            return t.lower.isdigit() and int(t.lower) <= 31

        dated = {
            i
            for i, t in enumerate(listed)
            if (day(t) and (month(i + 1, True) or month(i - 1)))
            or (is_year(t) and (month(i - 1, i > 1 and day(listed[i - 2])) or (month(i - 2) and day(listed[i - 1]))))
        }
        referenced: set[int] = set()
        for i, t in enumerate(listed):
            before = listed[i - 1].lower if i else ""
            if t.numeric and (
                before in _REFERENCES
                or before in _CODE_LABELS
                or (before in ("or", "and", "to") and i - 2 in referenced)
            ):
                referenced.add(i)  # "if the Hirer breaks clause 2.2 or 2.3", "Batch codes: 2403 to 2411" count nothing
        # A time of day counts nothing, nor does "one" standing for a thing ("ask for one", "book one in advance")
        # (v58: "Phone from 8.00am to ask for one." for "How many slots ...?")
        clock = {
            i
            for i, t in enumerate(listed)
            if (t.numeric and (":" in t.lower or (i + 1 < len(listed) and listed[i + 1].lower in _MERIDIEM)))
            or (t.lower == "one" and (i + 1 == len(listed) or listed[i + 1].lower in STOP_WORDS))
        }
        # v78: an ordinal counts nothing either ("on the 14th", "the 3rd of each month")
        ordinal = {
            i for i, t in enumerate(listed) if t.numeric and i + 1 < len(listed) and listed[i + 1].lower in _SUFFIXES
        }
        return any(
            (_is_number(t) and i not in dated and i not in referenced and i not in clock and i not in ordinal)
            or t.lower in ("free", "half", "no", "none", "unlimited")
            for i, t in enumerate(listed)
            if t.stem not in question_terms
        )
    if expect is Expect.DURATION:
        # "your first day back", "on the same day" name a day, not how long
        # A number counts with its unit after it ("30 days", "5 to 6 hours"; "12 characters" for "how long" only), or
        # as a year ("until the end of 2026"); "Week 11" names a week by its number, not a length.
        units = _DURATION_UNITS | _LENGTH_UNITS if _LONG in question_terms else _DURATION_UNITS

        def lasts(i: int) -> bool:
            # the number's unit within the next three words, not as a rate's ("40 guests a night")
            for j in range(i + 1, min(i + 4, len(listed))):
                if listed[j].lower in units:
                    return listed[j - 1].lower not in _RATE_WORDS
            return False

        return any(
            (_is_number(t) and i not in priced and (is_year(t) or lasts(i)))
            or (
                t.lower in _DURATION_WORDS
                and (not i or listed[i - 1].lower not in _POINTING)
                and (t.lower == "every" or not (i + 1 < len(listed) and listed[i + 1].numeric))  # "every 40 brews"
            )
            for i, t in enumerate(listed)
            if t.stem not in question_terms
        )
    if expect is Expect.CLOCK:
        # "10:30", "9 am", "noon", or an hour after "at"/"from"/"until" ("opens at six"), not a day of a month
        # ("by 10 April")
        return any(
            ((t.numeric and ":" in t.lower) or t.lower in _CLOCK_WORDS)
            or (
                _is_number(t)
                and i > 0
                and listed[i - 1].lower in ("at", "from", "until", "till", "by", "before")
                # v71: no month within three words ("from 24 to 26 December" is days, not hours)
                and not any(later.lower in MONTHS for later in listed[i + 1 : i + 4])
                and not (i + 1 < len(listed) and _names_a_street(listed[i + 1]))  # "in their shop at 18 Market Row"
            )
            for i, t in enumerate(listed)
            if t.stem not in question_terms
        )
    if expect is Expect.DATE and procedural and _CONDITION.search(" ".join(t.lower for t in fresh)):
        return True  # "When should the filter be replaced?" -- "Replace it if the indicator turns red."
    if expect is Expect.DATE:
        # A number that names a place ("level -1", "room 12", "gate 3") is no day of a month.
        # Nor is a number after a product's name ("Windows 10", "macOS 12", "Pixel 8"): a word with a capital letter
        # that is no month or weekday.
        named = _named_numbers(text) if text is not None else frozenset()
        placed = {
            i
            for i, t in enumerate(listed)
            if t.numeric and ((i and listed[i - 1].lower in _PLACE_NUMBERS) or t.lower in named)
        }

        # "stay in hospital for two nights", "lasts between one and two hours": how long, not when
        def counted(j: int) -> bool:
            return listed[j].numeric or listed[j].lower in NUMBER_WORDS

        def runs_for(j: int) -> bool:  # the number's unit after it, or after a second number ("one and two hours")
            k = j + 1
            if k + 1 < len(listed) and listed[k].lower in ("and", "or", "to") and counted(k + 1):
                k += 2
            return k < len(listed) and listed[k].lower in _DURATION_UNITS

        for i in range(1, len(listed)):
            if counted(i) and listed[i - 1].lower in _LENGTH_LEADS and runs_for(i):
                placed.add(i)
                if i + 2 < len(listed) and counted(i + 2) and not runs_for(i + 1):
                    placed.add(i + 2)  # "between one and two hours": both numbers
        return any(
            is_year(t)
            or (t.lower in MONTHS and (t.lower != "may" or _may_is_the_month(listed, i)))
            or t.lower.removesuffix("s") in _WEEKDAYS  # "on Tuesdays"
            or t.lower in _TIME_WORDS
            or ":" in t.lower
            or (t.numeric and t.lower.isdigit() and int(t.lower) <= 31 and i not in placed)
            or (
                t.lower in NUMBER_WORDS
                and t.lower not in ("hundred", "thousand", "million", "billion")
                and i not in placed
            )
            for i, t in enumerate(listed)
            if t.stem not in question_terms
        )
    # v86: a month or a weekday is capitalised and names no one ("... serviced every October" for "who do I ring?")
    if any(
        (t.capitalized and not _names_day_or_month(t.lower)) or t.lower in _ROLE_WORDS or stem(t.lower) in _ROLE_WORDS
        for t in fresh
    ):
        return True
    # A name opening the sentence is not marked as capitalised: "Felix to draft the article", "Lena will write".
    return (
        len(listed) > 1
        and listed[0].stem not in question_terms
        and listed[0].lower not in STOP_WORDS
        and listed[1].lower in _NAME_FOLLOWERS
    )


def _names_a_street(token: Token) -> bool:
    """Return True for the word after a number that makes it a house number ("18 Market Row"), not an hour."""
    return token.capitalized and token.lower not in _CLOCK_WORDS


_NAMED_NUMBER = re.compile(r"\b([A-Za-z]*[A-Z][A-Za-z]*)\s+(\d{1,2})\b(?![:.]\d|st\b|nd\b|rd\b|th\b)")


# Digits inside a word of letters and digits ("21H2", "A4", "X200"); an ordinal ("3rd") is a day's.
_CODE_WORD = re.compile(r"\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])(?!\d+(?:st|nd|rd|th|am|pm)\b)\w+\b")


def _named_numbers(text: str) -> frozenset[str]:
    """Return the numbers the text writes after a name ("Windows 10", "macOS 12") or inside a code ("version
    21H2"): a product's, not a day's."""
    after_names = {
        number
        for name, number in _NAMED_NUMBER.findall(text)
        if name.lower() not in MONTHS and name.lower().removesuffix("s") not in _WEEKDAYS
    }
    in_codes = {digits for word in _CODE_WORD.findall(text) for digits in re.findall(r"\d+", word)}
    return frozenset(after_names | in_codes)


def word_pairs(pairs: str) -> dict[str, str]:
    """Return {stem of the first word: stem of the second} for space-separated "word:word" pairs."""
    return {stem(first): stem(second) for first, second in (pair.split(":") for pair in pairs.split())}


# Irregular past forms and participles, and their base verbs
_IRREGULAR = word_pairs(
    "sent:send paid:pay made:make kept:keep left:leave held:hold taken:take took:take given:give gave:give "
    "bought:buy brought:bring told:tell found:find chosen:choose chose:choose written:write wrote:write "
    "met:meet spent:spend lost:lose built:build began:begin begun:begin sold:sell won:win ran:run "
    "fell:fall fallen:fall grew:grow grown:grow rose:rise risen:rise cut:cut set:set put:put shut:shut "
    "went:go gone:go came:come seen:see saw:see knew:know known:know drove:drive driven:drive ate:eat "
    "eaten:eat froze:freeze frozen:freeze broke:break broken:break lent:lend spoke:speak spoken:speak "
    "chose:choose wore:wear worn:wear heard:hear felt:feel dealt:deal meant:mean"
)


# Suffixes that make a noun of a verb ("payment", "shipment") or an agent of it ("baker").
_DERIVED = frozenset(("ment", "ments", "er", "ers", "or", "ors", "al"))


# Words that everyday documents and their readers use for one another ("guaranteed" / "warranty", "fix" /
# "repair"): either is found where the other is written. Only plain equivalents, never a broader or narrower word.
_SYNONYM_GROUPS = (
    "guarantee guaranteed warranty",
    "fix fixed repair repaired mend",
    "begin start commence",
    "buy purchase",
    "book reserve booking reservation",
    "phone telephone call ring",
    # from the eighteenth batch (2026-12-05, read after its before-reading figures): "the carbon monoxide detector" /
    # "a carbon monoxide alarm", "wifi" / "wireless", "the presentation" / "your slides", "how long do you keep post"
    # / "we hold uncollected post", "is there a problem" / "Known issues"
    "detector detectors alarm alarms",
    "wireless wifi",
    "presentation presentations slides",
    "keep hold retain",
    "problem problems issue issues fault faults",
    # v60, outside check 31: "how do I quit my membership?" / "cancel"; "who should I tell" / "inform", "notify"
    "quit cancel",
    "tell inform notify",
    "allow allowed permit permitted",
    "refund reimburse reimbursed repay",
    "postpone delay delayed",
    "bike bicycle",
    "kid kids child children pupil pupils",
    "meal meals dinner dinners",
    "help assist assistance",
    "tell inform notify",
    "quit resign resignation",
    "sick ill illness sickness poorly unwell",
    "staff employee employees",
    "sell sale sales",
    "hurt injure injured injury",
    "rubbish waste refuse trash",
    "holiday vacation",
    "annual annually yearly year",
    "teach teacher teachers instructor instructors tutor tutors",
    "remainder remaining balance",
    "entry entrance",
    "jumper sweater sweatshirt pullover",
    "jab jabs vaccination vaccinations vaccine vaccines injection injections",
    "delivery deliveries shipping postage",
    "shut shuts close closes",
    # from the ninth batch's refusals (2026-12-04): "When does the fixed term finish?" / "ending on 31 August"
    "finish finishes ending end ends",
    "screen display",
    "bill invoice",
    "minimum least",
    # v87, outside check 9: "the shortest time i can book the hall for" / "The minimum booking is 2 hours"; "how much
    # warning do we get before an inspection" / "at least 24 hours' written notice"
    "shortest minimum",
    "longest maximum",
    "warning notice",
    "length long",
    "pc computer",
    # the measure a "how heavy / wide / deep / tall" question asks, as a table's column names it (v38: "How heavy is
    # the Lumen Cargo 2?" -- "Weight kg: 29.5")
    # a count written as a word or in digits ("a 4 pack" / "a pack of four"; v47); not "one", which is also a pronoun
    "2 two",
    "3 three",
    "4 four",
    "5 five",
    "6 six",
    "7 seven",
    "8 eight",
    "9 nine",
    "10 ten",
    "11 eleven",
    "12 twelve",
    # from the thirteenth batch (2026-12-05, read after its before-reading figure): "max length of a loan" / "a
    # maximum of two weeks", "the biggest attachment" / "the maximum attachment size", "the pills" / "tablets",
    # "a late book" / "overdue charge", "in the daytime" / "during the day"
    "max maximum",
    "biggest largest maximum",
    "pill pills tablet tablets",
    "late overdue",
    "daytime day",
    "heavy weight weighs weigh",
    "wide width",
    "deep depth",
    "tall height",
    # from the eleventh batch's refusals (2026-12-04, read after its before-reading figure): "normal delivery" /
    # "Standard delivery", "an extension cable" / "an extension lead", "came smashed" / "the broken item"
    "normal standard",
    "cable lead cord",
    "smashed broken",
    # from the fourteenth batch (2026-12-05, read after its before-reading figure): "the ladies only session" /
    # "Women-only swim", "the info evening" / "information evening", "hotel cap" / "hotel limit"
    "lady ladies woman women",
    "info information",
    "cap limit",
    # v67, from batch 28 (read): words people shorten when they type ("the ref's fee" / "The referee's fee is £45",
    # "within 24 hrs" / "within 24 hours", "booking ref" / "Booking reference")
    "ref referee referees",
    "ref reference",
    "hrs hour hours",
    "min mins minute minutes",
    "yr yrs year years",
    "wk wks week weeks",
    "approx approximately roughly",
    "appt appointment appointments",
    "ppl people",  # v87, outside check 10: "how many ppl can stand in millstone hall"
    "dept department",
    "tel telephone",
    "admin administration",
    "uni university",
    # v68, from batch 28 (read): "are we allowed a bbq" / "Barbecues are not permitted", "my med review" / "Your
    # medication review", "the puppy intro session" / "introductory"
    "bbq bbqs barbecue barbecues barbeque barbeques",
    "med meds medication medications medicine medicines",
    "intro introduction introductory",
    "pic pics photo photos picture pictures",
    "xmas christmas",
    "fridge fridges refrigerator refrigerators",
    # v83, from batch 42 (read): "max number of chickens" / "up to 6 hens", "whats my electric unit rate" / a bill's
    # "ELECTRICITY" section, "the leccy meter" / "Electricity meter", "how many slices" / "Cut into 24 portions"
    "chicken chickens hen hens",
    "electric electricity leccy",
    "slice slices portion portions",
    "tv television",
    "bday birthday",
    # v69, from batch 28 (read): "a safeguarding worry" / "safeguarding concerns", "where do we gather" / "The
    # assembly point", "which way do i twist the filter" / "Turn the coarse filter anticlockwise"
    "worry worries worried concern concerns concerned",
    "gather assemble assembly",
    "twist turn rotate",
    "odds chance chances likelihood",
    "swap swapped replace replaced replacement",
    # v73, from batches 20-31 (read): "before a print job gets cleared" / "are deleted", "pay upfront" / "in advance"
    "clear cleared delete deleted",
    "upfront advance",
    "spare spares replacement replacements",
    # v73, from batch 33 (read): "the perimeter wire" / "the boundary wire", "the closest place" / "The nearest
    # public car park"
    "perimeter boundary",
    "closest nearest",
    # Months and weekdays as timetables, schedules and tables abbreviate them ("9 Mar", "Tues 2-4 pm")
    "january jan",
    "february feb",
    "march mar",
    "april apr",
    "june jun",
    "july jul",
    "august aug",
    "september sep sept",
    "october oct",
    "november nov",
    "december dec",
    "monday mon",
    "tuesday tue tues",
    "wednesday wed",
    "thursday thu thur thurs",
    "friday fri",
    "saturday sat",
    "sunday sun",
)


def word_groups(groups: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Return, for the stem of every word of the groups, the stems of its group (of all its groups, if several)."""
    found: dict[str, frozenset[str]] = {}
    for group in groups:
        stems = frozenset(stem(word) for word in group.split())
        for word in stems:
            found[word] = found.get(word, frozenset()) | stems
    return found


SYNONYMS = word_groups(_SYNONYM_GROUPS)

# A thing people ask about and the broader word a rule about it is written with ("Can I bring my dog?" / "Pets are
# welcome"; "a glass of wine" / "Alcohol is not reimbursed"): the question's word is found as the broader one, never
# the other way round (a rule about dogs says nothing of cats). "narrower ... => broader ...".
_BROADER_GROUPS = (
    "dog dogs puppy puppies cat cats kitten kittens rabbit rabbits hamster hamsters => pet pets",
    "wine beer beers lager cider spirits cocktail cocktails prosecco champagne => alcohol alcoholic",
    "laptop laptops phone phones tablet tablets smartphone smartphones => device devices",
    "sandwich sandwiches snack snacks cake cakes crisps => food",
    "coffee coffees tea teas juice smoothie => drink drinks beverage beverages",
    "sofa sofas chair chairs table tables wardrobe wardrobes desk desks bed beds => furniture",
    "son sons daughter daughters lad lads boy boys girl girls => child children kid kids",
    "mum mom mother dad father => parent parents relative relatives",
    "spaniel spaniels labrador labradors terrier terriers poodle poodles => dog dogs pet pets",
    "husband wife => partner spouse",
    "england scotland wales => uk britain",
    "friend friends => guest guests visitor visitors",
    "grandmother grandfather grandma grandpa granny grandad nan nana gran => grandparent grandparents relative "
    "relatives",
    "die dies died => death bereavement",
    # v73: what arrives was delivered ("when's the car arriving" / "expected to be delivered"); not the other way round
    # ("Do you deliver on Sundays?" is not answered by what arrives on Mondays)
    "arrive arrives arriving arrival => deliver delivers delivered delivery",
    # what was replaced was fitted ("when were the windows replaced?" / "double glazing fitted in 2013")
    "replace replaced => fit fitted install installed",
    # v94, outside check 10 (read): "how much was the tarrant quote" / "Contractor: Tarrant ... | Price: £23,600"
    "quote quotation => price cost",  # stems: "quotes", "prices" too
)


def _broader_words(groups: tuple[str, ...]) -> dict[str, frozenset[str]]:
    found: dict[str, frozenset[str]] = {}
    for group in groups:
        narrow, broad = group.split("=>")
        broader = frozenset(stem(word) for word in broad.split())
        for word in narrow.split():
            found[stem(word)] = found.get(stem(word), frozenset()) | broader
    return found


_BROADER = _broader_words(_BROADER_GROUPS)

# Phrasal verbs people ask with and the one-word verbs documents write instead ("send back" / "return", "put on
# hold" / "freeze"): "verb particle...=equivalent equivalent". The verb may stand apart from its particles by a few
# words ("put my membership on hold"). Only the question's phrase is read this way, never the document's.
_PHRASAL_VERBS = (
    "send back=return",
    "take back=return",
    "bring back=return",
    "give back=return",
    "get back=return refund",
    "pull out=cancel withdraw",
    "money off=discount off reduction",
    "come back=return",
    "turn up=arrive attend deliver delivered post posted",  # v73: "when will the certificate turn up?"
    "show up=arrive appear visible",
    # v87, outside checks 9 and 10: "when is the plumber coming round" / "will attend on Thursday 6 February", "what
    # time does the coach set off" / "leaves"
    "come round=attend visit arrive call",
    "come over=attend visit arrive",
    "set off=leave leaves depart departs departure",
    "put on hold=freeze pause suspend",
    "pass on=transfer",
    "hand over=give transfer",
    "drop off=deliver deposit hand",
    "pick up=collect collection",
    "stick around=kept remain retain",
    "hang on to=keep retain hold held",
    "kick in=start begin",
    "hand in=submit",
    "get into=enter access admit",
    "get in=enter access admit",
    "go off=cut outage failure sound sounds ring",
    "fill in=complete",
    "fill out=complete",
    "sign up=register enrol join",
    "set up=install configure",
    "look after=care manage manages maintain maintains responsible",  # v61: "who looks after the register"
    "call off=cancel",
    "put off=postpone delay",
    "pay back=repay refund",
    "put up=increase increased raise rise",
    "post back=return send",
    "top up=add",
    "log in=login access",
    "sign in=login access",
    "switch on=start activate enable",
    "turn on=start activate enable",
    "switch off=stop disable",
    "turn off=stop disable",
    "run out=expire",
    "cut off=disconnect",
    "take part=participate join",
    "carry out=conduct perform",
    "go up=increase rise",
    "go down=decrease fall",
    "get rid of=dispose remove discard",
    "throw away=dispose discard",
    "find out=learn",
    "put in=submit make",
    "deal with=process handle",
    "sit down=seat seated",
    "bring in=introduce add",
    "pay off=pay balance",
    "let know=tell inform notify",
    "letting know=tell inform notify",
    "keep down=quiet",
    "look at=inspect check service",
    "come out=release released",
    "get back to=reply respond",
    "spend money=expense expenses spent purchase",
    "hand back=return",
    "move out=leave vacate end",
    # v61: "how many parcels did they hand out", "who was the engineer who came round", "why did they knock money
    # off", "who has to sign off a claim", "how long is the quote good for"
    "hand out=give gave distribute distributed provide provided",
    "give out=distribute distributed provide provided",
    "come round=visit visited attend attended",
    "came round=visit visited attend attended",
    "knock off=deduct deducted deduction reduce reduced reduction",
    "sign off=approve approved approval authorise authorised authorize authorized",
    "good for=valid validity",  # not a verb: "how long is the quote good for?"
    "in stock=quantity qty available inventory",  # not a verb: "How many ... are in stock?" over a quantity column
    "rest of=remaining remainder balance",  # not a verb: "the rest of the money" is read the same way
    # v69, from batch 27 (read): "how long do i have to back out?" / "You can withdraw from the agreement", "do new
    # staff get put into the pension" / "New employees are enrolled"
    "back out=withdraw cancel",
    "put into=enrol enrolled enroll enrolment join",
    # v73, from batches 20-31 (read): "is it ok to pop in today?" / "Please do not visit if ...", "when's the new site
    # meant to go live" / "Launch", "how much do we pay up front" / "Deposit ... On signing"
    "pop in=visit visits visiting",
    "pop round=visit visits visiting",
    "drop in=visit visits visiting",
    "drop by=visit visits visiting",
    "go live=launch launches launched",
    "up front=advance deposit",
    "put away=store stored storage",
    # v73, from batch 33 (read): "pop in for a look round" / "Viewings", "now the deposit's been taken off" /
    # "Balance now due"
    "look round=view viewing viewings visit tour",
    "look around=view viewing viewings visit tour",
    "take off=deduct deducted deduction less minus",
    "taken off=deduct deducted deduction less minus",
    # v83, from batch 42 (read): "how much to have an old fridge taken away" / a bulky-waste collection's price
    "take away=collect collection collected remove removal removed dispose disposal",  # "taken" is read as "take"
    "out of the box=default",
    # v82, from batch 40 (read): "which teacher is in charge of the trip" / "led by Mr ..., trip leader"
    "in charge=lead leads led leader leaders leading responsible head heads run runs running",
    # v94, outside check 9 (read): "how much to patch a flat tyre" / "Puncture repair (patch)", "the extra charge for
    # servicing an e-bike" / "Electric bikes: add £20", "what do they charge if i lose a key" / "Replacement keys
    # cost £45"; a word with no particles stands for the words after "=" wherever it is asked
    "flat tyre=puncture",  # the question's words as typed ("tyre" and "tire"), the equivalents as stems
    "flat tire=puncture",
    "ebike=electric",
    "lose=replacement",
)
_MAX_PHRASAL_GAP = 3  # words between a phrasal verb and its particles ("put my membership on hold")


def _phrasal_table(entries: tuple[str, ...]) -> dict[str, list[tuple[tuple[str, ...], frozenset[str]]]]:
    table: dict[str, list[tuple[tuple[str, ...], frozenset[str]]]] = {}
    for entry in entries:
        phrase, equivalents = entry.split("=")
        verb, *particles = phrase.split()
        table.setdefault(stem(verb), []).append((tuple(particles), frozenset(stem(w) for w in equivalents.split())))
    return table


_PHRASAL = _phrasal_table(_PHRASAL_VERBS)


def phrasal_equivalents(tokens: list[Token]) -> dict[str, frozenset[str]]:
    """Return, for the content stems of every phrasal verb in a question ("send ... back"), the one-word verbs a
    document may write it as (_PHRASAL_VERBS): the verb and its content particles are found where one of those is."""
    found: dict[str, frozenset[str]] = {}
    words = [t.lower for t in tokens]
    for index, token in enumerate(tokens):
        verb = _IRREGULAR.get(token.stem, token.stem)
        # v87: "coming" stems to "com", "taking" to "tak": the verb is "come", "take"
        for particles, equivalents in _PHRASAL.get(verb, ()) or _PHRASAL.get(verb + "e", ()):
            width = len(particles)
            for start in range(index + 1, min(index + 2 + _MAX_PHRASAL_GAP, len(tokens) - width + 1)):
                if tuple(words[start : start + width]) == particles:
                    for part in (token, *tokens[start : start + width]):
                        if part.content:
                            found[part.stem] = found.get(part.stem, frozenset()) | equivalents
                    break
    return found


def found_phrased(term: str, stems: frozenset[str] | set[str], phrasal: dict[str, frozenset[str]]) -> bool:
    """Return True when a question term is among a text's stems (same_word), or one of the one-word verbs its
    phrasal verb is written as (phrasal_equivalents): "send back" asked, "return" written."""
    return same_word(term, stems) or any(same_word(other, stems) for other in phrasal.get(term, ()))


def _nominalised(verb: str, noun: str) -> bool:
    """Return True when `noun` is the -sion noun of a verb stem ending in d or t ("decid" / "decision", "submit" /
    "submission"); the stems share too short a prefix for the other morphology rules."""
    if len(verb) < 4 or verb[-1] not in "dt":
        return False
    return noun.removesuffix("s") in (verb[:-1] + "sion", verb[:-1] + "ssion")


# "What's the hotel's phone number?": the thing whose attribute is asked, named by a possessive after "the", "this",
# "that", "our", "your" or "their" (a person's own "my son's" is who asks; a name is a key term already)
_OWNER = re.compile(r"\b(?:the|this|that|our|your|their)\s+(?:[a-z-]+\s+){0,2}?([a-z][a-z-]+)['\u2019]s?(?=\s)")
_NOT_OWNERS = frozenset(
    stem(w) for w in str.split("today tomorrow yesterday year week month day night morning evening weekend season")
)


# v65: the owner named after the contact asked ("the phone number for the security desk" -> desk; batch 27)
_CONTACT_FOR = re.compile(
    r"\b(?:number|phone|line|e-?mail(?:\s+address)?|contact(?:\s+details)?)\s+(?:for|of)\s+(?:the|this|that|our|your|their)\s+"
    r"(?:[a-z-]+\s+){0,2}?([a-z][a-z-]+)(?=\s*(?:\?|$|[,.;!]|\s+(?:and|or|if|when|please|in|at|on)\b))"
)


# v76: a contact detail asked of someone named without an article ("sandra pike's phone number", "the phone number
# for hollybrook pharmacy", "extension number for hr"): the person's or the office's words are owners too
_CONTACT_NOUN = r"(?:phone|telephone|mobile|number|e-?mail|extension|ext|line|contact)"
_NAMED_OWNER = re.compile(
    r"(?:^|(?<=\s))((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)['\u2019]s\s+(?:[a-z-]+\s+){0,2}?" + _CONTACT_NOUN + r"\b"
)
_NAMED_CONTACT_FOR = re.compile(
    r"\b" + _CONTACT_NOUN + r"\s+(?:(?:number|address|line|details)\s+)?(?:for|of)\s+"
    r"(?!(?:the|this|that|our|your|their|a|an|my|me|us|him|her|them|it|you|someone|anyone)\b)"
    r"((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s*(?:\?|$|[,.;!]|\s+(?:and|or|if|when|please|in|at|on|to|so|itself)\b))"
)
_NUMBER_WORD = stem("number")
_CONTACT_WORDS = frozenset(
    stem(w) for w in str.split("phone telephone mobile number email e-mail extension ext line contact direct office")
)


def possessive_owners(question: str) -> frozenset[str]:
    """Return the stems of the common nouns a question names as owners ("the hotel's phone number" -> hotel; "the
    number for the security desk" -> desk)."""
    found = [m.group(1) for m in _OWNER.finditer(question)] + [m.group(1) for m in _CONTACT_FOR.finditer(question)]
    folded = fold(question)
    for match in (*_NAMED_OWNER.finditer(folded), *_NAMED_CONTACT_FOR.finditer(folded)):
        found.extend(word for word in match.group(1).split() if stem(word) not in STOP_WORDS | _CONTACT_WORDS)
    return frozenset(stem(word) for word in found if stem(word) not in _NOT_OWNERS and stem(word) not in _RELATIVES)


def same_word(term: str, stems: frozenset[str] | set[str]) -> bool:
    """Return True when a stem, a morphological variant of it (shared prefix of 4+ letters) or a plain synonym of it
    (_SYNONYM_GROUPS) is in `stems`."""
    if _same_form(term, stems):
        return True
    return any(_same_form(other, stems) for other in SYNONYMS.get(term, ()) if other != term)


def _irregular_forms() -> dict[str, frozenset[str]]:
    forms: dict[str, set[str]] = {}
    for form, base in _IRREGULAR.items():
        forms.setdefault(base, set()).add(form)
    return {base: frozenset(words) for base, words in forms.items()}


_IRREGULAR_FORMS = _irregular_forms()  # "pay" -> {"paid"}: the stems _IRREGULAR reads as each base


def _same_form(term: str, stems: frozenset[str] | set[str]) -> bool:
    if term in stems or _IRREGULAR.get(term, term) in stems:
        return True
    if _ORDINAL_NUMBERS.get(term, "") in stems:
        return True  # "a 2nd permit" (read "2") -- "£90 for a second permit"; not "first" for any "1"
    if term == "12" and stems & _NOON:
        return True  # "stay till 12 on the last day" -- "Late check-out until midday costs £30"
    forms = _IRREGULAR_FORMS.get(term)
    if forms is not None and not forms.isdisjoint(stems):
        return True
    if term[:1].isdigit() and "." in term:
        # A version asked as "3.0" is written "3.0.0" or "3.0.2" in release notes.
        return any(other.startswith(term + ".") for other in stems)
    if len(term) >= 3 and term.isalpha() and (term + "e" in stems or (term.endswith("e") and term[:-1] in stems)):
        return True  # bake / baking ("bak"), make / making
    # Every rule below compares two stems that share their first three letters (four for the last two): the stems
    # that do not are passed over before any other test (the hot path of every eligibility check), and the shorter
    # of two that do is at least as long as that opening.
    base = _IRREGULAR.get(term, term)
    if len(base) >= 3 and base.isalpha():
        opening = base[:3]
        for other in stems:
            if not other.startswith(opening):
                continue
            shorter, longer = (base, other) if len(base) <= len(other) else (other, base)
            if longer.startswith(shorter) and longer[len(shorter) :] in _DERIVED:
                return True  # paid / payment, ship / shipment
            if _nominalised(base, other) or _nominalised(other, base):
                return True  # decide / decision, extend / extension, permit / permission
    if len(term) < 4 or not term.isalpha():
        return False
    opening = term[:4]
    for other in stems:
        if not other.startswith(opening):
            continue
        shorter, longer = (term, other) if len(term) <= len(other) else (other, term)
        if longer.startswith(shorter) and len(longer) - len(shorter) <= 3:
            return True
        if len(shorter) >= 7 and longer.startswith(shorter[:-1]) and len(longer) - len(shorter) <= 4:
            return True  # available / availability, responsible / responsibility
    return False


@dataclass(frozen=True)
class QuestionNeeds:
    """What a sentence must show to be eligible as an answer to one question."""

    expect: Expect
    terms: frozenset[str]  # every content stem of the question
    key_terms: frozenset[str]  # its names and numbers
    focus: dict[str, float]  # its other content stems and their weights
    head: str | None = None  # the X of "which X" / "how many X": the answer must name one
    money: bool = False  # the question asks for a sum of money: the sentence must state one
    # (modifier, word) pairs of adjacent content words ("HEPA filter"): where the word is, the modifier must be too
    phrases: tuple[tuple[str, str], ...] = ()
    # "which X": a document that never uses the word X may still answer (bugs listed under "Fixed")
    head_optional: bool = False
    which: bool = False  # a "which X" question asking for one X: the sentence must name it (names_one)
    unit: re.Pattern[str] | None = None  # the unit a measure question's answer carries (expected_unit)
    procedural: bool = False  # "When should I ...?": a condition answers too
    # A word that labels a number in the question ("version 4.2", "room 12", "step 3"): documents often write the
    # number alone ("## 4.2"), so the label is found wherever its number is.
    labels: tuple[tuple[str, str], ...] = ()
    # Hyphenated compounds of the question ("check-in"): a sentence naming a sibling ("check-out") and not the
    # compound itself speaks of the neighbour.
    compounds: tuple[tuple[str, str], ...] = ()
    verb: str | None = None  # the question's main verb (question_verb): it weighs less in the focus share
    acronyms: frozenset[str] = frozenset()  # the question's acronyms ("AGM"), found spelled out too
    # "Is there a weekly ticket?": the thing whose existence is asked, word after word in the sentence itself
    exists: tuple[str, ...] = ()
    hours: frozenset[str] = frozenset()  # numbers the question uses as an hour ("at 8 in the morning", "9 am")
    # Things the question names by a letter ("Lift A", "Block C"): a sentence naming only another letter of the same
    # thing ("Lift B") speaks of that one
    lettered: tuple[tuple[str, str], ...] = ()
    # Words the question negates with "non-" ("a non-powered item"): a sentence about the plain thing ("powered
    # equipment") and not the non- one speaks of its opposite
    unprefixed: frozenset[str] = frozenset()
    ends: bool = False  # "When does the social end?": a sentence giving only when it starts does not answer
    # Bounds the question sets ("under £400" -> ("below", "400")): a sentence setting the opposite bound on the same
    # number ("over £400") and not this one speaks of the other side
    bounds: frozenset[tuple[str, str]] = frozenset()
    negated: bool = False  # "What if I don't pay?": "unpaid" may be how the document says it
    # A phrasal verb's words ("send", "back") and the one-word verbs that say it ("return"): phrasal_equivalents; and
    # what the question's situation lets a word be found as: "close" of an end asked as "open" ("open until 11 pm"),
    # "pay" of "without paying" as "free"
    phrasal: dict[str, frozenset[str]] = field(default_factory=dict)
    # The words only a situation told before the question uses ("I'm at university. What discount ...?"): a document
    # that does not repeat them may still answer, so where they are missing they weigh SITUATION_WEIGHT in the share
    told: frozenset[str] = frozenset()
    told_weight: float = SITUATION_WEIGHT  # of a missing told word; 0 where the question names a code (v73)
    # Numbers only the situation of a yes/no question uses ("My son is 16, is he allowed in the sauna?"): the asker's
    # own facts, answered by a bound or a range on either side of them ("aged 18 and over only" says no). A name told
    # stays needed ("I lost my Railcard - how much is a replacement?" is not a season ticket's question).
    told_numbers: frozenset[str] = frozenset()
    # A month or weekday the situation names ("I'm signing up in March - is there a joining fee?"): a sentence that
    # names no month or day at all holds for every one; one naming another speaks of that one.
    told_days: frozenset[str] = frozenset()
    yes_no: bool = False  # a yes/no question (asks_yes_no)
    counts: bool = False  # "how many ...?": a share ("55%") counts no one
    extreme: str | None = None  # "maximum" / "minimum": the bound a question asks for (asked_extreme)
    identifier: str | None = None  # "What's the Wi-Fi password?": the code asked for is written where it is given
    # Numbers the question gives with a unit of measure ("a 14-inch cake" -> ("14", "inch")): the same number of the
    # same unit must be in the sentence, not the number alone (14 servings)
    measured: tuple[tuple[str, str], ...] = ()
    # The day asked for: "day" ("On which day is the lunch club held?": a weekday will do) or "date" ("On what date
    # did Helen approve the plan?": a day of a month or a date in digits, not a weekday alone)
    day: str | None = None
    present: frozenset[str] = frozenset()  # the period the asker is in ("this year"): never missing (of())
    # "where" or "when" asked: a labelled line whose label names the other ("Date of incident: ..." for "Where did
    # the incident happen?") answers nothing (asks_place_or_time)
    place_or_time: str | None = None
    coded: bool = False  # "What was the flight number?": a code is asked, which no sum of money or date gives
    # Two things asked in one ("... and what's the extra for the exhibition?", "from A to B, and then on to C?"):
    # each table row may answer one of them
    compound: bool = False
    # Whose contact detail is asked ("the head coach's phone number" -> coach; possessive_owners)
    owners: frozenset[str] = frozenset()
    # The phrasal acts a question asks about that have an opposite ("taken down" / "put up"): _OPPOSITE_ACTS
    acts: tuple[OppositeAct, ...] = ()
    # The question asks for a sum per unit ("... sell for per kilo?"): a total ("raising £611") is no answer
    rate: bool = False
    # The dimension a measure question asks for ("How deep is the pool?" -> "deep"; asked_dimension)
    dimension: str | None = None
    # What "Are Greenleaf orders free?" asks of its subject ("free"; asked_predicate): the sentence itself must say it
    predicate: str | None = None
    # The words the question asks as not true ("Which expenses were not approved?" -> approv): a record's yes/no
    # field named by a question word must agree (flag_contradicted)
    denied: frozenset[str] = frozenset()
    # The days of a month the question names ("on Sunday 9 February" -> (9, 1)): a sentence naming only other days of
    # that month ("Sun 16 Feb 07:50 from Ashby") speaks of those (names_other_dates_only)
    dates: frozenset[tuple[int, int]] = frozenset()
    # When, relative to something, the question asks ("while I'm still on probation" -> ("during", "probat")): a
    # sentence about another phase of it ("after probation, one month's notice") answers nothing (other_phase_only)
    phases: frozenset[tuple[str, str]] = frozenset()
    # Things the question names by a name written before its noun ("the Pro plan" -> ("pro", "plan")): a sentence
    # naming that noun only after another name ("The Starter plan price ...") speaks of that one (named_by_another)
    named: tuple[tuple[str, str], ...] = ()
    # "Who is the bike repair specialist?": a person asked by the role the question names; "we" or "you" names no one
    identity: bool = False
    # "How much did the fair raise?": what happened is asked; a target or a hope ("The target is to raise £3,000")
    # says what was wanted, not what came of it
    happened: bool = False
    # "What's the name of my child's key worker?": a name is asked, which a sentence writes with a capital
    name_asked: bool = False
    starts: bool = False  # "What time does the club start?": a sentence giving only when it ends does not answer
    # "What time does school start?": the subject of a wh-question's verb, which the sentence, its section or the title
    # must name (subject_of)
    subject: tuple[str, ...] = ()
    # "Can I bring my dog to the picnic?": what the question's verb acts on (acted_on), which a yes/no restatement names
    acted_on: str | None = None
    # "What wire gauge is the cord?": the attribute asked (asked_attribute), which a sentence or its own headings must
    # name (v74)
    attribute: str | None = None
    # "How long does the till training take?": the time a thing takes, which a span of time states ("about 20
    # minutes", "3 to 5 working days"); a year, a distance or "the first day of each month" does not (v76), nor how
    # often ("every 12 months") or how long before ("20 minutes before") it is (v85: states_time_taken); "how long
    # does the talk last?" asks it too (v85)
    takes_time: bool = False
    # "Which months are the fire checks in?": a month asked, which a month's name or a date gives; "checked every three
    # months" names none (v77)
    month: bool = False
    # The lengths of time a question names ("a one hour walk" -> (60, "hour", "")): a sentence stating the same length
    # in other units ("60 minutes") names them (v77)
    lengths: tuple[tuple[float, str, str], ...] = ()
    # "How old is the boiler?": an age, which a sentence states as one ("19 years old", "21 or over", "installed in
    # 2009"); "Pip and Squeak, two guinea pigs" counts them (v78)
    age: bool = False
    # The clock times the situation told before the question names, with the parts of the day they fall in ("stuck
    # in the lift at 11 at night - who do i phone?" -> ("11", {night})): a sentence for that part of the day ("Out of
    # hours, call ...") answers without the number (v79)
    told_clocks: tuple[tuple[str, frozenset[str]], ...] = ()
    # "How much does a coworking membership cost?": the thing priced (priced_item), which a sentence that prices
    # something by name must name ("Extra hours cost €12 each." prices another thing; v80)
    priced: frozenset[str] = frozenset()
    # "Who do I ring if a pipe bursts?": whom to get in touch with, which a telephone number or an email address
    # answers as a name does ("call our 24-hour line on 01632 960233"; v86)
    contacting: bool = False
    # v88: the focus stems the question writes as a word rare in English (terms.is_rare): the specific thing asked
    # about, which the sentence, its section or its title must name ("briquettes" asked, "logs" answered)
    rare: frozenset[str] = frozenset()
    # v93: a sum asked as a share of another: what a sentence giving a percentage or a fraction must name
    # (shares_asked)
    share: frozenset[str] = frozenset()

    def names_share(self, stems: set[str]) -> bool:
        """Return True when the sentence (its stems) names the share the question asks about (shares_asked)."""
        return any(same_word(word, stems) for word in self.share)

    def outer_modifier_written(self, modifier: str, word: str, tokens: list[Token]) -> bool:
        """Return True when a phrase of several modifiers ("the emergency appointment slots") has its first modifier
        written right before its head in the sentence ("emergency slots"), so an inner one left out (`modifier`) is
        the same thing named shorter; "the garden waste bin" is still not the "food waste bin"."""
        modifiers = [m for m, w in self.phrases if w == word]
        if len(modifiers) < 2 or modifiers[0] == modifier:
            return False
        return any(a.stem == modifiers[0] and same_word(word, {b.stem}) for a, b in pairwise(tokens))

    def same_lengths(self, stated: frozenset[float]) -> bool:
        """Return True when every length of time the question names is among the minutes a sentence states
        (stated_minutes), and the question measures nothing else ("a 2 hour session" -- "Session (120 minutes)")."""
        return (
            bool(self.lengths)
            and len(self.lengths) == len(self.measured)
            and all(minutes in stated for minutes, _, _ in self.lengths)
        )

    def numbered_parts(self) -> frozenset[str]:
        """Return the numbers of the numbered parts the question names ("step 6", "clause 2.2": {"6", "2.2"})."""
        return frozenset(number for label, number in self.labels if label in ITEM_REFERENCES)

    def names_item(self, number: str) -> bool:
        """Return True when the question names a numbered part ("step 6", "clause 2.2") by this number (v87: "Go to
        Settings > Water hardness and enter the number from step 2" is step 6 itself)."""
        return bool(number) and number in self.numbered_parts()

    def found(self, term: str, stems: frozenset[str] | set[str]) -> bool:
        """Return True when a question term, or the number it labels, is among a text's stems."""
        if found_phrased(term, stems, self.phrasal):
            return True
        return any(label == term and same_word(number, stems) for label, number in self.labels)

    def says_predicate(self, tokens: list[Token], headed: frozenset[str] | None, priced: bool) -> bool:
        """Return True when the sentence, or its own headings ("What is not covered"), says what a yes/no question
        asks of its subject: the word, a form or synonym of it, its negation ("not included"), or, for "free", a
        price (`priced`: the sentence states a sum)."""
        if self.predicate is None or self.found(self.predicate, {token.stem for token in tokens} | (headed or set())):
            return True
        return self.predicate in _PRICED_PREDICATES and priced

    def notice_given(self, text: str | None) -> bool:
        """Return True when "how much notice" is asked and the sentence states a time before ("at least four weeks
        before you travel", "48 hours in advance"): that is the notice, though the word is not written."""
        return self.head == _NOTICE and text is not None and bool(_TIME_BEFORE.search(text))

    def states_end(self, text: str) -> bool:
        """Return True when a sentence says when something ends: an end word that is not one the question names its
        subject with ("15:00 Closing keynote" says when the closing keynote starts)."""
        named = self.terms - {self.verb}
        for match in _STATES_END.finditer(text):
            word = match.group(0).lower()
            if word[:1].isalpha() and stem(word) in named:
                continue
            if self.expect is Expect.CLOCK and word in _LINKING_ENDS and not _CLOCK_AFTER.match(text, match.end()):
                continue  # v80: a time of day asked ends at a time of day: "from April to August" gives no hour
            return True
        return False

    @property
    def asks_who(self) -> bool:
        """Return True when the question asks for a person ("Who chaired ...?"): a minutes' attendance line may
        answer it (listing.may_be_claim)."""
        return self.expect is Expect.PERSON

    @property
    def labelled_numbers(self) -> frozenset[str]:
        """Return the question's numbers a word labels ("Class 4", "Route 8", "step 6"): names, found as names are."""
        return frozenset(number for _, number in self.labels)

    def in_range(self, number: str, text: str | None) -> bool:
        """Return True when a number the question names alone ("my 10-year-old", not "Route 8" or "step 4") lies in
        a range the sentence states ("ages 6 to 12")."""
        if number in self.labelled_numbers:
            return False
        return in_stated_range(number, text, clock=number in self.hours)

    def misses_a_rare_word(self, stems: frozenset[str] | set[str], asked: Iterable[str]) -> bool:
        """Return True when a rare word the question asks about (`rare`, among `asked`) is not among a text's stems
        (v88, v89): the sentence, or the paragraph, speaks of something else."""
        return any(term in asked and not self.found(term, stems) and term not in self.present for term in self.rare)

    def names_subject(self, stems: frozenset[str] | set[str]) -> bool:
        """Return True when the question has no subject (subject_of) or a text's stems name it: read of a sentence with
        its section and title, and (v97) of a plain paragraph's chunk and title."""
        return not self.subject or any(self.found(subject, stems) for subject in self.subject)

    def names_the_thing(self, tokens: list[Token], around: frozenset[str], headed: frozenset[str] | None) -> bool:
        """Return True when the sentence may speak of what "Is there a X?" asks about: one word anywhere in the
        sentence, its section or its title ("Is there a bus on Sundays?" over a bus timetable); several words one
        after another in the sentence, or all in its own headings ("Weekly tickets")."""
        if len(self.exists) == 1:
            return same_word(self.exists[0], around | {t.stem for t in tokens})
        headings = (headed or frozenset()) - {t.stem for t in tokens}
        return says_in_order(self.exists, tokens) or all(same_word(word, headings) for word in self.exists)

    @classmethod
    def of(cls, question: str, weights: dict[str, float], key_terms: frozenset[str]) -> QuestionNeeds:
        listing = asks_for_list(question)
        folded = fold(question)
        if _TAKE_PLACE.search(question.lower()):
            weights = {t: w for t, w in weights.items() if t != _PLACE}  # "take place" asks when or where, no place
        money = expects_money(question)
        expect = expected_answer(question)
        colour = bool(_COLOUR_QUESTION.search(folded))
        focus = {
            t: w
            for t, w in weights.items()
            if t not in key_terms
            and t not in _ASKING
            and t not in _PLACE_WORDS
            and not (listing and t in CATEGORY)
            and not (money and t in _MONEY_WORDS)
            and not (expect is Expect.MEASURE and t in _MEASURE_NOUNS)
            and not (expect is Expect.CLOCK and t in _CLOCK_NOUNS)  # "What hours ...?" -- "from 7am to 7pm"
            and not (expect is Expect.DATE and t in _DATE_NOUNS)
            and not (colour and t in _COLOUR_WORDS)  # the colour is the answer
        }
        whole = tokenize(question)
        # "If we're running late, how long will the bistro keep our table?": the question proper is read for its verb,
        # its X and its noun phrases; the situation told before it still counts for the subject.
        asked = asked_clause(question)
        tokens = tokenize(asked) if asked != question else whole
        # The situation's own words ("My daughter is 15 and loves cooking."): told, not asked about
        told = frozenset(focus) - {t.stem for t in tokens} if asked != question else frozenset()
        told_weight = SITUATION_WEIGHT
        # The names and numbers only the situation uses: its months and weekdays, and a yes/no question's numbers
        yes_no = asks_yes_no(question)
        told_keys = frozenset(key_terms - {t.lower for t in tokens}) if asked != question else frozenset()
        told_days = frozenset(k for k in told_keys if _names_day_or_month(k))
        told_numbers = frozenset(k for k in told_keys if yes_no and k[:1].isdigit())
        if expect is Expect.PERSON:
            for term in _QUERY_NOUNS:
                focus.pop(term, None)  # "Who do I contact with a question about an invoice?" asks about invoices
        for before, token in pairwise(whole):
            if before.lower in ("my", "our") and token.stem in _RELATIVES:
                focus.pop(token.stem, None)  # "What colour should my son's jumper be?": who asks, not what about
            elif token.lower in _KIN_NAMES and before.lower not in ("the", "a", "an", "your", "their"):
                focus.pop(token.stem, None)  # v70: "if we take mum home for the weekend": the asker's own mum
        if told:
            for when in _WHEN_TOLD.finditer(folded):
                for word in when.group(0).split():
                    if stem(word) in told:
                        focus.pop(stem(word), None)  # v70: "storm last night blew the fence down": when it happened
        if any(_CODE.fullmatch(term) for term in key_terms):
            for term in _DISPLAY_VERBS:
                focus.pop(term, None)  # "... if my dishwasher shows E1?" -- "E1 means the inlet is blocked"
            for term in _REMEDY_VERBS:
                focus.pop(term, None)  # v73: "E4 on the display, how do i sort it?": the code's row says what to do
            # v73: "mower stopped halfway across the lawn with E4 on the display, ...": the code names the fault; the
            # situation's words count where found and are not missed where not (told_weight)
            told_weight = 0.0
        if _HOW_FAR_AWAY.search(folded):
            focus.pop(stem("away"), None)  # v73: "How far away from the border ...?" asks a distance, as "how far"
        # "When is the Open Day this year?": the period the asker is in counts where a sentence names it, and its
        # absence says nothing (documents give their dates, not "this year")
        present = frozenset(stem(match.group(1) or match.group(2)) for match in _PRESENT_PERIOD.finditer(folded))
        if _AGE.search(folded):
            focus.pop(stem("year"), None)  # "a swim for my 12-year-old": an age, read against the ages stated
            focus.pop(stem("old"), None)
        if _HOW_EARLY.search(folded):
            focus.pop(stem("early"), None)  # "How early do the bins have to be out?" asks for a time
            focus.pop(stem("late"), None)
        if tokens and tokens[0].stem in _ORDERING:
            focus.pop(tokens[0].stem, None)  # "List the action points ...": the order is no subject
        polite = _POLITE_ORDER.search(folded)
        if polite is not None:
            focus.pop(stem(polite.group(1)), None)  # v76: "can you list all the advisories ...?" orders, as "List"
        for token in tokens:
            if token.lower in _INTENSIFIERS:
                focus.pop(token.stem, None)  # v76: "do we really have to pay ...?", "dripping out really slowly"
        verb = question_verb(tokens)
        if verb in focus:
            focus[verb] *= VERB_WEIGHT
        folded_asked = fold(asked)
        match = _HEAD.search(folded_asked)
        head = asked_head(match)
        modified = _ING_BEFORE_HEAD.search(folded_asked)
        if head is not None and modified is not None:
            head = stem(modified.group(1))  # v80: "Which operating system ...?" asks which system
        counted = _COUNTED_AFTER.search(folded_asked)
        if counted is not None and head == stem(counted.group(1)):
            head = stem(counted.group(2))  # "How many wrong password attempts ...?": attempts are counted (v46)
        held = _HELD_BY_PEOPLE.search(folded_asked)
        if head in AUDIENCE and held is not None and stem(held.group(2)) not in AUDIENCE:
            head = stem(held.group(2))  # "How many visitor bays are there?": bays are counted, for visitors
        if head in AUDIENCE and not _ACTED_ON.match(folded_asked):
            # "How many residents voted?" -- "The vote was 12 in favour", "Serves 4", "a team of 12 operatives":
            # people are counted without being named
            focus.pop(head, None)
            head = None
        if expect in (Expect.CLOCK, Expect.DATE) and head in _TIME_HEADS:
            head = None  # "What hours can I get in?" -- "from 6 am to 10 pm": the times are the hours asked
        ends = bool(_ASKS_END.search(folded)) and expect in (Expect.CLOCK, Expect.DATE)
        day_asked = ((head == _DAY and head in weights) or bool(_WHAT_DAY.search(folded))) and expect is Expect.DATE
        day = "date" if _ASKS_DATE.search(folded) else "day" if day_asked else None
        asks_negated = negated(whole)
        phrasal = phrasal_equivalents(whole)
        for term in weights:
            if ends and term in _OPENING_VERBS:
                phrasal[term] = phrasal.get(term, frozenset()) | {_OPEN}  # "close" asked, "open until 11 pm" written
            if asks_negated and term in _PAYING:
                phrasal[term] = phrasal.get(term, frozenset()) | _FREE  # "without paying" asked, "free" written
            if term in _BROADER:
                phrasal[term] = phrasal.get(term, frozenset()) | _BROADER[term]  # "my dog" asked, "pets" written
        attribute = asked_attribute(folded)
        return cls(
            expect,
            frozenset(weights),
            key_terms,
            focus,
            head if head in weights else None,
            money,
            noun_phrases(tokens, focus),
            match is not None and not match.group(0).startswith("how"),
            match is not None and match.group(0).startswith("which") and not listing,
            expected_unit(question),
            bool(_PROCEDURAL_WHEN.match(folded_asked)),
            number_labels(whole),
            tuple((a.lower(), b.lower()) for a, b in _COMPOUND.findall(question)),
            verb,
            frozenset(word.lower() for word in _ACRONYM.findall(question)),
            existential(question),
            frozenset(a or b for a, b in _ASKED_HOUR.findall(folded)),
            lettered_names(question),
            frozenset(stem(word) for word in _NON.findall(folded)),
            ends,
            stated_bounds(question),
            asks_negated,
            phrasal,
            told,
            told_weight,
            told_numbers,
            told_days,
            yes_no,
            bool(_HOW_MANY.search(folded)),
            asked_extreme(folded),
            asked_identifier(folded),
            measured_numbers(whole),
            day,
            present,
            asks_place_or_time(asked),
            bool(_CODED_NUMBER.search(folded)),
            bool(question_parts(question)) or bool(_ASKS_MORE.search(folded)),
            possessive_owners(question),
            opposite_acts(folded),
            money and bool(_RATE_ASKED.search(folded)),
            asked_dimension(folded),
            asked_predicate(asked, focus),
            denied_words(whole),
            calendar_dates(question),
            phases_of(folded),
            named_heads(tokens, focus),
            expect is Expect.PERSON and bool(_WHO_IS_THE.match(folded)),
            bool(_DID.search(folded)),
            bool(_NAME_ASKED.search(folded)) and asked_identifier(folded) is None,
            bool(_ASKS_START.search(folded)) and expect in (Expect.CLOCK, Expect.DATE),
            subject_of(folded_asked, focus),
            acted_on(tokens, verb),
            attribute,
            bool(_TAKES_TIME.search(folded)),
            bool(_MONTH_ASKED.search(folded)),
            asked_lengths(folded),
            bool(_HOW_OLD.search(folded)),
            told_clock_times(question[: len(question) - len(asked)] if asked != question else ""),
            priced_item(folded) if money else frozenset(),
            expect is Expect.PERSON and bool(_CONTACTING.match(folded_asked)),
            frozenset(
                token.stem
                for token in tokens
                if token.stem in focus and is_rare(token.lower) and token.lower != attribute
            )  # an attribute asked by a rare name is checked by its own words ("wattage" -- "2 kW")
            if reads_as_english(whole)
            else frozenset(),
            share=shares_asked(folded) if money else frozenset(),
        )

    def eligible(
        self,
        tokens: list[Token],
        section: frozenset[str],
        document: frozenset[str] = frozenset(),
        headed: frozenset[str] | None = None,
        layout: bool = True,
        text: str | None = None,
        chunk: frozenset[str] = frozenset(),
        header: str = "",
        row: bool = False,
        paragraph: frozenset[str] | None = None,
        names: frozenset[str] = frozenset(),
        key: frozenset[str] = frozenset(),
        rivals: frozenset[str] = frozenset(),
        lacks: frozenset[str] = frozenset(),
        number: str = "",
        floor: float = MIN_FOCUS_SHARE,
        first_is_day: bool | None = None,
    ) -> bool:
        """Return True when a sentence (its tokens) in its own section and document (stems) may answer.

        `headed` is the sentence with its own headings (not its sibling sentences): the X of "which X" or "how
        many X" must be there, or in the title. The answer kind is asked of every sentence; that X, the names, the
        subject and the title rule only of sentences of a chunk with layout (`layout`: headings, lists, rows,
        fields). A plain paragraph is its own section and need only hold the question's numbers, and the subject of
        its verb (v97), somewhere in its chunk or title; a paraphrase there ("Holland" for "the Netherlands") is left
        to the trained scores. The document's title may supply names and part of the subject ("banana bread"), but
        when the question asks about more than the title says, some of that more must be in the sentence or its own
        section. `header` is a table row's column header or a field's label and headings, read for the currency of its
        numbers and the unit of its rate; `row` says the sentence is a table row.
        `paragraph` is the sentence's paragraph where it stands under no heading of its own (a letter's body) and the
        question asks for one thing: the subject asked about must be there, not only in another paragraph ("The new
        office opens at 8am on Monday" for "When will IT reconnect the desktop computers?", asked of the paragraph
        about IT); names and labelled numbers may still be anywhere in the letter ("Dear families of Class 4").
        `names` are the names (and the numbers they label) that the document's retrieved text repeats in two or more
        paragraphs (features.document_names): the shop or clinic a document is about supplies a question's name
        wherever the answering sentence stands. `key` and `rivals` are a table row's own key words and the words of
        its sibling rows' keys (features.RowKeys): a row asked of another row's key does not answer; `lacks` are the
        words of its siblings' cell labels it does not write (v95): a row asked one of those does not. `number` is a
        numbered step's or clause's own number: step 6 is step 6 whichever other steps it refers to. `floor` is the
        focus share a sentence needs (v90: read at 0 for a paraphrase the reader vouches for, paraphrase_draft).
        `first_is_day` is how the sentence's document writes dates in figures (day_first; v92: "13/01/2025" is 13
        January where the document's dates are day first)."""
        if not holds_expected(self.expect, tokens, self.terms, self.procedural, text) and not (
            self.contacting and text is not None and gives_contact(text)
        ):
            return False  # v86: "who do I ring if a pipe bursts?" -- "... call our 24-hour line on 01632 960233."
        if rivals and names_another_row(self.terms, key, rivals):
            return False  # v85: "Gymnastics | Monday | Years 2-4" for "what day is football for year 2s?"
        if lacks and any(same_word(term, lacks) for term in self.focus):
            return False  # v95: "seated capacity of the courtyard garden?" -- its row gives only a standing capacity
        if self.day is not None and not names_a_day(tokens, weekdays=self.day == "day"):
            # "a monthly lunch club" for "On which day of the month is the lunch club held?"; "I approve the plan,
            # provided the test on Thursday passes." for "On what date ...?"
            return False
        if self.ends and text is not None and not self.states_end(text):
            return False  # "The social will take place on 13 December from 4pm" for "What time will it end?"
        if self.starts and text is not None and states_only_end(text):
            return False  # "After-school club runs until 5:45pm" for "What time does after-school club start?"
        if self.bounds and text is not None and bounds_the_other_side(text, self.bounds):
            return False  # "Treatments over £400 can be paid in instalments" for "... treatments under £400?"
        stems = {t.stem for t in tokens}
        stated = stated_minutes(text) if self.lengths and text is not None else frozenset()
        if stated:
            # v77: "a one hour walk" -- "60 minutes: £16"; "a 2 hour session" -- "Session (120 minutes)"
            lengthened = {
                word for minutes, unit, number in self.lengths if minutes in stated for word in (unit, number)
            }
            lengthened.discard("")
            stems |= lengthened
            headed = headed | lengthened if headed is not None else None
        if text is not None and names_the_opposite(text, stems, self.unprefixed, self.focus, self.key_terms):
            # "A deposit is taken for each item of powered equipment" for "... a non-powered item?"; "Non-residents
            # pay an annual fee of £12" for "How much is the annual fee for residents?"
            return False
        if text is not None and self.compounds and names_a_sibling(text, self.compounds):
            return False  # "Late check-out until 1 pm" for "What time is check-in?"
        if self.measured and not states_measures(tokens, self.measured) and not self.same_lengths(stated):
            return False  # "8-inch | 14–18 | £62" (14 servings) for "How much would a 14-inch cake cost?"
        if self.age and text is not None and not _AGE_STATED.search(text):
            return False  # v78: "Pip and Squeak, two inseparable guinea pigs ..." for "how old are pip and squeak"
        if self.month and text is not None and not names_a_month(text, headed):
            return (
                False  # v77: "Communal fire doors: checked every three months." for "Which months are the checks in?"
            )
        if self.takes_time and text is not None and not states_time_taken(text):
            return False  # v76: "The earliest age is due to rise to 57 from 6 April 2028." for "how long does it take?"
        if self.attribute is not None and not _names_attribute(self.attribute, stems | (headed or frozenset()), header):
            return False  # v74: "... 72% efficiency." for "what's the energy efficiency rating of the new boiler"
        if self.identifier and not same_word(self.identifier, stems | (headed or frozenset())):
            return False  # "Lock the main gate behind you" for "What's the padlock code for the main gate?"
        if self.identifier in _GIVEN_VALUES and text is not None and not gives_value(text, self.identifier):
            return False  # "Send new gate code to all members by text" for "What's the new code for the gate?" (v56)
        if self.compounds and drops_the_compound(stems, self.compounds):
            return False  # "Chair | Gillian Hart | Re-elected" for "Who was elected vice-chair?"
        if names_a_neighbour(self.terms, stems):
            return False  # "Adults may borrow 12 items" for "How many items can a child borrow?"
        if not self.negated and names_the_reverse(self.focus, tokens):
            return False  # "IT will disconnect all desktop computers on Friday" for "When will IT reconnect them?"
        if self.acts and not self.negated and text is not None and states_the_opposite_act(self.acts, text):
            return False  # "Scaffolding will be put up on the Friday" for "When will the scaffolding be taken down?"
        if self.expect is Expect.QUANTITY and self.head is not None and counts_times_only(tokens, self.head):
            return False  # "You can renew an item twice" for "How many items can I renew?"
        if self.counts and self.head is not None and counts_durations_only(tokens, self.head):
            return False  # "Teaware may be returned within 30 days" for "How many cups does the tea urn make?"
        if self.counts and text is not None and counts_nothing(text):
            return False  # "Workload concerns were highest in Customer Operations (55%)" for "How many staff ...?"
        if text is not None and self.lettered and names_another_letter(text, self.lettered):
            return False  # "Lift B will be out of service ..." for "When will Lift A's motor be replaced?"
        if self.happened and text is not None and _AIMED.search(text):
            return False  # "The target is to raise £3,000 ..." for "How much did the summer fair raise last year?"
        if self.name_asked and not writes_a_name(text, tokens, self.terms):
            return False  # "Every child has a key person ..." for "What's the name of my child's key worker?" (v59)
        if (
            self.name_asked
            and self.focus
            and not any(self.found(term, stems | (headed or set())) for term in self.focus)
        ):
            # v85: the one whose name is asked is named by the sentence or its own headings, not only by its section:
            # "Practice manager: Colm Devlin." under a section naming an inspector, for "What's the inspector's name?"
            return False
        if self.identity and not names_someone(tokens, self.terms):
            return False  # "... because we only have one specialist for each." for "Who is the bike repair specialist?"
        if self.named and named_by_another(tokens, self.named):
            return False  # "The Starter plan price will rise ..." for "How much is the Pro plan a month?"
        if self.labels and names_another_number(tokens, self.labels, text) and not self.names_item(number):
            return False  # "Parents' evening for Year 3" for "When is parents' evening for Year 6?"
        if text is not None and self.extreme and states_other_extreme(text, self.extreme):
            return False  # "Team plans require a minimum of 3 users" for "What's the maximum number of users?"
        if text is not None and defers(text) and not self.terms & _DEFERRAL_WORDS:
            return False  # "We will send details of the Christmas collection dates in December."
        if text is not None and names_other_days_only(text, self.terms):
            return False  # "a Saturday morning session" for "What time does the pantry open on Tuesdays?"
        if row and text is not None and flag_contradicted(text, self.terms, self.denied):
            return False  # "... | Approved: Yes" for "Which expenses were not approved?"
        if text is not None and scoped_to_another(text, tokens, self.key_terms - document - names, self.terms):
            return False  # "Late fees are $0.25 per day for books." for "What is the late fee for overdue DVDs?"
        if text is not None and self.phases and other_phase_only(text, self.phases):
            return False  # "Notice: after probation, one month's notice" for "... while I'm still on probation?" (v56)
        if text is not None and self.dates and names_other_dates_only(text, self.dates):
            return False  # "Sun 16 Feb 07:50 from Ashby" for "... the first bus on Sunday 9 February?" (v56)
        if (
            text is not None
            and title_names_other_months(document, self.terms - self.told_days)
            and not any(_names_day_or_month(t.lower) for t in tokens)
        ):
            return False  # a row of "rent-roll-oct-2025.xlsx" for "... on the September 2025 rent roll?" (v57)
        if text is not None and names_other_months_only(text, tokens, self.terms - self.told_days):
            return False  # "served 212 households in January" for "How many households used the larder in December?"
        if text is not None and text.rstrip().endswith(":"):
            return False  # "Shift cover for the week:" introduces what follows and states nothing itself
        if text is not None and asks_only(text):
            return False  # a question quoted in a reply or a FAQ heading run into prose states nothing
        if self.verb in _OPENING_VERBS and not (stems | section | document | (headed or frozenset())) & _OPENING_STEMS:
            return False  # "They serve food until 9 pm" for "What time does the Fox & Fiddle close?"
        if text is not None and self.verb in _SAYING and name_entry(text):
            return False  # "Fiona Hale (Finance Business Partner)" for "What did Fiona Hale say about the finances?"
        # the one word of "Is there a deposit for ...?" in the sentence, its headings or the title: a deposit the
        # section names for something else is not this one (v59); a sum names a charge ("Insulin injections: £4 a day")
        around = (section if headed is None else headed) | document
        one_charge = len(self.exists) == 1 and self.exists[0] in _ANY_CHARGE
        charged = one_charge and text is not None and holds_money(text, header)
        if self.exists and not self.names_the_thing(tokens, around, headed) and not charged:
            return False  # "Is there a weekly ticket?" -- "support tickets ... last week" names no weekly ticket
        # whether the sentence states a sum, read once for the checks below that ask it
        priced = (
            text is not None
            and (self.money or self.predicate in _PRICED_PREDICATES)
            and (
                holds_money(text, header)
                or (bool(self.share) and self.names_share(stems) and bool(_STATES_SHARE.search(text)))
                or (row and prices_listed(text, section | (headed or frozenset()) | document))
            )
        )
        if self.money and text is not None and not priced:
            return False
        if self.priced and priced and text is not None and prices_another(text, stems, self.priced):
            return False  # v80: "Extra hours cost €12 each." for "How much does a coworking membership cost?"
        if self.rate and text is not None and not (row and header) and not _STATES_RATE.search(f"{text} {header}"):
            return False  # "seed potato sales ... raising £611" for "What did the seed potatoes sell for per kilo?"
        limited = bool(self.bounds or self.extreme or self.terms & _LIMIT_WORDS)
        if self.money and text is not None and not limited and bounds_money_only(text):
            return False  # "... before any procedure costing more than £200" for "How much does an X-ray cost?"
        if self.coded and text is not None and not states_code(text):
            return False  # "... assess the GBP 389.00 you claimed" for "What was the flight number?"
        if self.place_or_time is not None and text is not None and labels_the_other(text, self.place_or_time):
            return False  # "Date of incident: Tuesday 3 March" for "Where did the incident happen?"
        if self.predicate is not None and text is not None and not self.says_predicate(tokens, headed, priced):
            return False  # "Greenleaf Produce delivers fresh vegetables every Tuesday" for "Are Greenleaf orders free?"
        if self.dimension is not None and text is not None and states_other_dimension(text, self.dimension):
            return False  # "The main pool is 25 metres long" for "How deep is the main pool?"
        if self.unit is not None and text is not None and not self.unit.search(text):
            return False  # "Baking: 60 minutes" for "At what temperature ...?"
        if self.owners and self.unit in (_EMAIL_UNIT, _PHONE_UNIT) and layout:
            # A contact list's line is its own person's or office's: where the chunk names the owner asked elsewhere,
            # the line or its headings must name it ("Club Secretary (fees and forms): ... 01632 960189" is no number
            # of "the head coach's", v39). A document that never names the owner ("the gym's officer" in Tidewell
            # Fitness's notice) is left to features._owned_elsewhere.
            here = stems | (headed if headed is not None else section) | document | names
            if any(same_word(owner, chunk) and not same_word(owner, here) for owner in self.owners):
                return False
        dated = (
            iso_date_stems(text) | figure_date_stems(text, first_is_day) | day_part_stems(text)
            if text is not None
            else frozenset()
        )
        own = stems | section | dated
        # Words the sentence's kind of answer says without writing them. They count in the focus share only, never
        # as the one asked word a plain paragraph must hold (v51's "claim" met by any sum answered a question about
        # Elena Novak's expenses with a museum's entrance fee).
        implied: set[str] = set()
        if self.unit is _PHONE_UNIT and text is not None and _PHONE_UNIT.search(text):
            implied |= _DIALLING & self.focus.keys()  # "What number do I ring to make a claim?" -- "Claims line: ..."
        if self.expect is Expect.PERSON and text is not None and gives_contact(text):
            # "Who do I contact about invoices?" -- "Billing: Sanjay, a@b.c"; v86: "who do I ring?" -- "call 01632 ..."
            implied |= ({_CONTACT} | _DIALLING | _REACHING) & self.focus.keys()
        if self.money and priced:
            # "How much did Elena claim for travel?" -- "| Amount: 1030.75"; "how much money ...?" -- "Balance: £4,167"
            implied |= (_SPENDING | _MONEY_HEADS) & self.focus.keys()
        if self.predicate == _FREE_WORD and priced:
            implied.add(_FREE_WORD)  # "Are Greenleaf orders free?" -- "Minimum order is $200." says they are not
        if any(_CODE.fullmatch(term) and term in stems for term in self.key_terms):
            implied |= _DISPLAY_NOUNS & self.focus.keys()  # "screen is showing E4 what does that mean" -- "E4 | ..."
        if self.place_or_time == "place" and text is not None and labels_the_asked(text, "place"):
            implied |= _LOCATING & self.focus.keys()  # v87: "where are the secateurs kept" -- "Location: Tool wall"
        if text is not None and _NO_CHARGE.search(text):
            # v60: "for free" asked, "at no charge" written; v98: "do I have to pay for the check?" -- "There is no
            # charge to you for the check"
            implied |= {_FREE_WORD, _PAY_WORD} & self.focus.keys()
        if text is not None:
            own |= {acronym for acronym in self.acronyms if spells_out(acronym, text)}  # "Annual General Meeting"
        seen = own | document
        if not layout:
            # A plain paragraph: a question's number (a version, a year, a code) absent from its whole chunk and title
            # says the paragraph is about something else; names may be paraphrased ("Holland") and are left to scores.
            numbers = [term for term in self.key_terms if term[:1].isdigit()]
            words = (self.terms | self.key_terms) - self.present
            whole = chunk | seen  # the paragraph's chunk and title
            if words and not any(self.found(term, whole) for term in words):
                return False  # not one asked word in the whole chunk or its title: "Wie viel kostet der Kaffee?" (v49)
            if not self.names_subject(whole):
                # v97: the subject of the question's verb is named nowhere in the paragraph's chunk or title: "We close
                # for staff training ... from 1pm" in a surgery's page for "what time is the tuck shop open"
                return False
            if self.misses_a_rare_word(whole, self.rare):
                # v89: a rare word asked, often a name typed in lower case, that the paragraph's chunk and title never
                # write: "what's the phone number for hollybrook pharmacy" -- "ring reception on 01632 960200" in a
                # surgery's message of a thread that names the pharmacy only in its other chunks
                return False
            if (
                self.expect is Expect.ANY
                and self.unit is None
                and not numbers
                and self.focus
                and text is not None
                and not text.rstrip().endswith((".", "!", "?", ":", ";"))
                and not any(self.found(term, whole | implied) for term in self.focus)
            ):
                # A line that is no sentence (a letterhead, a caption) naming only the question's names, and no kind
                # of answer to show it is one: "Linden Street Dental - 2150 NE Linden Street - 971-555-0187" for
                # "Can I be put to sleep for a procedure at Linden Street Dental?" (v55). A sentence naming them
                # may say the rest in other words (SQuAD's paragraphs often do). A time, a sum or a number asked (a
                # version, "4.2") is checked for elsewhere and may answer beside a name.
                return False
            return all(same_word(term, whole) for term in numbers)
        own |= implied
        seen |= implied
        named = headed if headed is not None else own
        head_needed = self.head is not None and (not self.head_optional or same_word(self.head, chunk | document))
        # v76: "Which number do I call to report an accident?" -- a telephone number written is the number asked
        dialled = (
            self.head == _NUMBER_WORD
            and self.unit is _PHONE_UNIT
            and text is not None
            and _PHONE_UNIT.search(text) is not None
        )
        head_needed = head_needed and not dialled
        # "how much notice": a time before ("at least 48 hours before you collect it") gives it, word or no word
        noticed = self.notice_given(text)
        if (
            head_needed
            and self.head is not None
            and not same_word(self.head, named)
            and not noticed
            and not names_members(self.head, text)  # "Which countries ...?" -- "We ship to Belgium and Luxembourg"
            and not (self.day is not None and names_a_day(tokens, weekdays=self.day == "day"))  # "every Thursday"
            and not (self.month and text is not None)  # v77: "every March" (the month check above has passed)
            and not (row and same_word(self.head, document))  # "Which expenses ...?" over expenses.csv's records
            and not (priced and self.head in _MONEY_HEADS)  # "How much money is in the bank?" -- "Balance: £4,167"
        ):
            return False  # the X asked about is not named in this sentence or its headings
        if (
            self.which
            and self.head is not None
            and not dialled
            and not names_one(tokens, self.head, self.terms)
            and not (self.day is not None and names_a_day(tokens, weekdays=self.day == "day"))
            and not (self.month and text is not None)
        ):
            return False  # "Which contractor ...?" and the sentence only says "the contractors"; a day names one day
        compared = compared_years(tokens)
        titled = document | ((headed or frozenset()) - stems)
        if any(term in compared and term not in titled for term in self.key_terms):
            return False  # "up 9% on 2024" states this year's figure, not 2024's
        # A name, or a labelled number, may be anywhere in the sentence's section or title; a number asked alone
        # ("... for 10 seconds?") only in the sentence itself or its headings (or a range it states): the 10 in the
        # sentence beside it belongs to that sentence.
        close = seen if headed is None else headed | document | dated
        # A table's row is a record of its own: a name other rows repeat ("Kestrel Max") is theirs, not this row's
        # ("Plan name: Kestrel Essentials"), unless the question asks two things that two rows answer.
        named = seen if row and not self.compound else seen | names
        if paragraph is not None:
            # A letter's body under no heading of its own: a name the question asks about must be in the sentence's
            # paragraph, the title or the names the letter is about ("our branch at Hatherley Green keeps its hours"
            # two paragraphs up does not make the emergency line's number Hatherley Green's)
            named = stems | paragraph | dated | document | names
        names_when = any(_names_day_or_month(t.lower) for t in tokens)  # a weekday, a weekend or a month
        if (
            text is not None
            and not names_when
            and not _ANY_DAY.search(text)  # "open from 6am to 10pm every day" says it of Sundays too
            and not _ROUND_THE_CLOCK.search(text)  # "24/7", "any time"
        ):
            # v81: a sentence naming no day, in a section that names the day asked and another day, belongs to
            # whichever day its neighbours name ("Juniors swim from 6pm to 7pm" beside "Tuesday and Thursday
            # evenings" and "Saturday sessions start at 8am" says nothing of Saturdays); its own headings may name it
            itself = headed if headed is not None else stems
            for day in _DAY_STEMS.intersection((*self.key_terms, *self.focus)):
                if day in section and not same_word(day, itself) and section & (_DAY_STEMS - {day}):
                    return False
        for term in self.key_terms:
            if row and names_another_code(term, stems):
                return False  # "quarter: Q1" for "... in Q2?", whatever the other rows say
            alone = term[:1].isdigit() and term not in self.labelled_numbers
            where = close if alone else named
            if alone and term in self.told_numbers and states_bound(text):
                continue  # the asker's own circumstance: "My son is 16" against "aged 18 and over only"
            if text is not None and any(
                number == term and (parts & (day_part_stems(text) | stems) or _ROUND_THE_CLOCK.search(text))
                for number, parts in self.told_clocks
            ):
                continue  # v79: "stuck in the lift at 11 at night" -- "Out of hours, call the lift company on ..."
            if self.yes_no and names_only_others(term, text):
                continue  # "Do you deliver to Germany?" -- "We ship to Belgium, the Netherlands and Luxembourg only."
            if term in self.told_days and not names_when:
                continue  # "A one-time joining fee of $25 applies to all monthly and annual memberships."
            if (
                not same_word(term, where)
                and not self.in_range(term, text)
                and not day_of_kind(term, where)
                and not in_labelled_range(term, self.labels, text)
                and not any(same_word(broader, where) for broader in _BROADER.get(term, ()))  # "Wales" / "UK"
            ):
                return False  # "Year 4" asked: "Year 3" or "Years 5 to 6" is about another
        if header and for_other_days(self.terms, header):
            # the Saturday table's row for "What time does the first weekday bus leave ...?"; v93: a field labelled
            # for weekdays ("Adult swim, weekdays ..... £5.20") for "on a sunday"
            return False
        if row and text is not None and self.expect is Expect.CLOCK and timetable_row_of(text, self.key_terms):
            return True  # "What time does the first weekday bus leave Ashby Green?" -- the Ashby Green row's times
        if paragraph is not None:
            own = stems | paragraph | dated | implied
            seen = own | document
        if not self.names_subject(seen | names):
            return False  # "The start time stays at 19:30." for "What time does school start?"
        for modifier, word in self.phrases:
            if same_word(word, seen) and not same_word(modifier, seen) and _ORDINALS.get(modifier) not in seen:
                if self.outer_modifier_written(modifier, word, tokens):
                    continue  # v93: "the emergency appointment slots" asked, "emergency slots" written
                return False  # "carbon filter" asked, only the "HEPA filter" is here; "fourth floor" is "Floor: 4"
        focus = self.focus
        if self.head is not None and not head_needed:
            # "Which bugs were fixed?" over a "Fixed" list that never says "bug": the X is not asked of the text.
            focus = {term: w for term, w in focus.items() if term != self.head}
        if self.misses_a_rare_word(seen, focus):
            # v88: "How much is a bag of briquettes?" -- "Bags of seasoned logs are £7 each." under "Fires": the share
            # below would count "bag" and "fire" as found; a specific word no one paraphrases away is missing
            return False
        if not sum(focus.values()):
            return True
        # v93: a day asked by name is found where the sentence or its headings name its kind ("all weekend" for "on a
        # saturday night"), as it is when the question names the day with a capital (a key term, above)
        found_terms = {term for term in focus if self.found(term, seen) or day_of_kind(term, seen)}
        found = sum(w for term, w in focus.items() if term in found_terms)
        missing = sum(
            w * (self.told_weight if term in self.told else 1.0)
            for term, w in focus.items()
            if term not in found_terms and term not in self.present
        )
        if not found + missing:
            return False  # only the asker's period is asked ("What surplus ... this quarter?") and it is not here
        if found / (found + missing) < floor:
            return False
        asked = [*focus, *self.key_terms]
        beyond = [
            term
            for term in asked
            if not same_word(term, document)
            and term not in AUDIENCE
            and term not in self.present
            and not (noticed and term == _NOTICE)  # v82: nor is it a word the sentence must write
        ]
        if self.which and self.head is not None and same_word(self.head, stems):
            return True  # "Which vet is Biscuit seeing?" -- "Vet: Dr. Anjali Mehra" in Biscuit's appointment letter
        return not beyond or any(self.found(term, own) or self.in_range(term, text) for term in beyond)


# Two questions asked in one ("How many guests are coming, and are there any special diets?") and a choice of two
# situations ("What should I do if the batter curdles or the top browns too fast?"): a sentence answering either part
# answers, though it shares too few of the whole question's words.
_SECOND_QUESTION = re.compile(
    r"(?:,|;| -) (?:and|or|but) (?=(?:how|what|when|where|who|which|why|is|are|can|could|do|does|did|will|would|"
    r"should|has|have|must)\b)| (?:and|or|but) (?=(?:how|what|when|where|who|which|why)\b)",
    re.IGNORECASE,
)
# A part that points back to the other ("... and how much is it?") is no question on its own.
_POINTS_BACK = re.compile(r"\b(?:it|its|it's|they|them|their|this|that|these|those|he|she|him|her)\b", re.IGNORECASE)
_SECOND_SITUATION = re.compile(
    r"^(?P<head>.*\b(?:if|when|whether)) (?P<first>.+?),? or (?P<second>(?:the|a|an|my|your|our|their|his|her|it|"
    r"i|we|you|they|he|she|there)\b.+)$",
    re.IGNORECASE,
)

# One question asked of two things named apart ("When are the next committee meeting and the AGM?", "What can I get
# for the home office and for the running costs?"): each thing, with the question's words before it, is a part.
_TWO_THINGS = re.compile(
    r"^(?P<head>(?:what|when|where|who|which|how(?: \w+)?)\b.*)"
    r" (?P<first>(?:(?:for|to|of|in|on|at|about|from|with) )?(?:the|a|an|my|your|our|their|his|her) [^,]+?)"
    r",? and (?P<second>(?:(?:for|to|of|in|on|at|about|from|with) )?(?:the|a|an|my|your|our|their|his|her) .+)$",
    re.IGNORECASE,
)

_RELATES_TWO = re.compile(r"\b(?:between|differen\w*|compare\w*|versus|vs|both|either|neither)\b", re.IGNORECASE)


_ASKS_WHERE = re.compile(r"^\s*(?:where\b|(?:at |in )?what (?:address|location|venue|place)\b)", re.IGNORECASE)
_ASKS_WHEN = re.compile(r"^\s*(?:when\b|(?:on |at )?what (?:date|day|time)\b)", re.IGNORECASE)
_LINE_LABEL = re.compile(r"^\s*([^:|\n]{1,40}):\s+\S")


def cell_label(cell: str) -> str:
    """Return a record cell's label ("Seated capacity (theatre): 60" -> "Seated capacity (theatre)"), or ""."""
    match = _LINE_LABEL.match(cell)
    return match.group(1) if match is not None else ""


def cell_value(cell: str) -> str:
    """Return a record cell's value after its label ("Club: Football" -> "Football"), or the cell as it stands."""
    match = _LINE_LABEL.match(cell)
    return cell[match.end() - 1 :] if match is not None else cell


# A label naming a time or a place: "Date of incident", "Start time", "Day"; "Location", "Venue" ("Inset day" names
# an event, not a time: "day" counts only as the whole label)
_TIME_LABEL = re.compile(r"\b(?:date|dates|time|times|when|deadline|hours)\b|^\s*days?\s*$", re.IGNORECASE)
_PLACE_LABEL = re.compile(r"\b(?:location|address|venue|place|where)\b|^\s*(?:site|room)\s*$", re.IGNORECASE)


def asks_place_or_time(question: str) -> str | None:
    """Return "place" for a question asking where, "time" for one asking when, else None."""
    if _ASKS_WHERE.match(question):
        return "place"
    return "time" if _ASKS_WHEN.match(question) else None


_LABEL_OF = {"place": _PLACE_LABEL, "time": _TIME_LABEL}


def _line_labels(text: str) -> list[str]:
    """Return the labels of a labelled line ("Label: value", or a record's "A: x | B: y")."""
    return [match.group(1) for cell in text.split(" | ") if (match := _LINE_LABEL.match(cell))]


# What a "where is X kept?" question asks with its verb, which a line labelled "Location:" answers without writing
_LOCATING = frozenset(stem(w) for w in str.split("keep kept store stored locate located find found"))


def labels_the_other(text: str, asked: str) -> bool:
    """Return True when a labelled line labels the other of place and time than asked, and nothing as what is
    asked."""
    other = _LABEL_OF["time" if asked == "place" else "place"]
    if asked == "time" and any(_names_day_or_month(word.lower()) for word in re.findall(r"\b[A-Z][a-z]+", text)):
        return False  # v87: "Location: Bay B5 | Notes: Out of stock - due 14 April" dates the restock it is asked
    return any(other.search(label) for label in _line_labels(text)) and not labels_the_asked(text, asked)


def labels_the_asked(text: str, asked: str) -> bool:
    """Return True when a labelled line labels what is asked: a place ("Location: ...") or a time ("Date: ...")."""
    return any(_LABEL_OF[asked].search(label) for label in _line_labels(text))


def question_parts(question: str) -> tuple[str, ...]:
    """Return the questions a compound question asks one by one, or () for a single question."""
    text = question.strip().rstrip("?").strip()
    pieces = [piece.strip() for piece in _SECOND_QUESTION.split(text)]
    if len(pieces) == 2 and all(len(piece.split()) >= 3 for piece in pieces):
        first, second = pieces[0] + "?", pieces[1][:1].upper() + pieces[1][1:] + "?"
        return (first,) if _POINTS_BACK.search(second) else (first, second)
    match = _SECOND_SITUATION.match(text)
    if match and len(match["first"].split()) >= 2 and len(match["second"].split()) >= 3:
        return (f"{match['head']} {match['first']}?", f"{match['head']} {match['second']}?")
    match = _TWO_THINGS.match(text)
    if match and not _POINTS_BACK.search(match["second"]) and not _RELATES_TWO.search(match["head"]):
        head = match["head"]
        return (f"{head} {match['first']}?", f"{head} {match['second']}?")
    return ()


def alternative_parts(question: str) -> bool:
    """Return True when a compound question offers its parts as alternatives ("At what age, or which year group, can
    children wear a watch?"): an answer to one of them answers it."""
    text = question.strip().rstrip("?").strip()
    return any(match.group().strip(" ,;-").lower().startswith("or") for match in _SECOND_QUESTION.finditer(text))


_NON = re.compile(r"\bnon-?\s?([a-z]{3,})")
# v61: "What time does after-school club start?" -- "After-school club runs until 5:45pm" says only when it ends.
_ASKS_START = re.compile(r"\b(?:what time|when|how early)\b.*\b(?:start|starts|begin|begins|kick off|kicks off)\b")
_STATES_ONLY_END = re.compile(r"\b(?:until|till|til)\b", re.IGNORECASE)
_STATES_START = re.compile(
    r"\b(?:from|start\w*|begin\w*|began|commenc\w*|doors|kick\w* off|opens? at|opening at)\b|\bat\s+\d"
    r"|\d\s*(?:am|pm|a\.m\.|p\.m\.)?\s*(?:-|–|to)\s*\d|\bbetween\b",
    re.IGNORECASE,
)


def states_only_end(text: str) -> bool:
    """Return True when a sentence gives a time only as when something ends ("runs until 5:45pm"), no start."""
    return bool(_STATES_ONLY_END.search(text)) and not _STATES_START.search(text)


_ASKS_END = re.compile(
    r"\b(?:what time|when|how late)\b.*\b(?:end|ends|finish|finishes|close|closes|stop|stops|be over)\b"
)
# End words that only link a range ("to", "through", "by", "over"), and what a clock time after one looks like
_LINKING_ENDS = frozenset(("to", "through", "by", "over"))
_CLOCK_AFTER = re.compile(r"\s*(?:\d|noon\b|midday\b|midnight\b|late\b|close\b|dusk\b|sunset\b)", re.IGNORECASE)
_STATES_END = re.compile(
    r"\b(?:until|till|to|through|end|ends|ending|ended|finish\w*|clos\w*|stop\w*|over|latest|by)\b|\d\s*[-–]\s*\d",
    re.IGNORECASE,
)


_BOUND = re.compile(
    r"\b(under|below|less than|fewer than|up to|at most|over|above|more than|exceeding|at least)\s+[£$€]?\s?"
    r"(\d[\d,]*(?:\.\d+)?)",
    re.IGNORECASE,
)
_BELOW_WORDS = frozenset(("under", "below", "less than", "fewer than", "up to", "at most"))


def stated_bounds(text: str) -> frozenset[tuple[str, str]]:
    """Return the bounds a text sets on numbers, as ("below" | "above", number): "under £400" -> ("below", "400")."""
    return frozenset(
        ("below" if " ".join(word.lower().split()) in _BELOW_WORDS else "above", number.replace(",", ""))
        for word, number in _BOUND.findall(text)
    )


def bounds_the_other_side(text: str, asked: frozenset[tuple[str, str]]) -> bool:
    """Return True when a sentence bounds a number the question bounds from the other side only ("over £400" for
    "under £400")."""
    said = stated_bounds(text)
    return any(
        (("above" if side == "below" else "below"), number) in said and (side, number) not in said
        for side, number in asked
    )


_CLOCK_TIME = re.compile(r"(?<![£$€\w.,])\d{1,2}[:.]\d{2}(?![\d.,])")  # 07:15, 9.30; not £2.20


_WORKING_DAYS = frozenset(stem(w) for w in (*DAY_NAMES[:5], "weekday", "weekdays"))
_WEEKEND_DAYS = frozenset(stem(w) for w in (*DAY_NAMES[5:], "saturdays", "sundays", "weekend", "weekends"))
_DAY_KINDS = ((_WORKING_DAYS, _WEEKEND_DAYS), (_WEEKEND_DAYS, _WORKING_DAYS))  # (asked kind, the other kind)


def day_of_kind(day: str, stems: frozenset[str] | set[str]) -> bool:
    """Return True when a day asked by name is covered by the kind of day a text names: "at weekends" says what
    happens on a Saturday, "on weekdays" what happens on a Tuesday."""
    kind = "weekend" if day in _WEEKEND_DAYS else "weekday" if day in _WORKING_DAYS else None
    return kind is not None and day != kind and kind in stems


def for_other_days(asked: frozenset[str], headings: str) -> bool:
    """Return True when a table's headings name only days of the other kind than the question (its stems) asks
    about: weekend days for a weekday question, working days for a Saturday or Sunday question ("Monday to Friday"
    for "on a Sunday"; "Monday to Saturday" names Saturday and is kept)."""
    asked_days = asked & (_WORKING_DAYS | _WEEKEND_DAYS)
    if not asked_days:
        return False  # most questions name no day: the headings are not read
    named = {t.stem for t in tokenize(headings)} & (_WORKING_DAYS | _WEEKEND_DAYS)
    if not named or asked_days & named:
        return False
    return any(asked_days <= kind and named <= other for kind, other in _DAY_KINDS)


def timetable_row_of(text: str, key_terms: frozenset[str]) -> bool:
    """Return True when a table row is a timetable's row for the one place the question names: its first cell names
    every name of the question, and it lists times of day. "First", "leave", "weekday" are what a timetable is, and
    no row repeats them; a question naming two places ("from X, when do I reach Y?") is left to the usual rules."""
    names = [term for term in key_terms if not term[:1].isdigit() and not _names_day_or_month(term)]
    cells = text.split("|")
    if not names or len(cells) < 3 or len(_CLOCK_TIME.findall(text)) < 2:
        return False
    first = {t.stem for t in tokenize(cells[0])}
    return all(same_word(name, first) for name in names)


def names_the_opposite(text: str, stems: set[str], unprefixed: frozenset[str], *asked: Iterable[str]) -> bool:
    """Return True when a sentence (its text and stems) names a thing the question asks about with "non-" only
    without it ("powered equipment" for "a non-powered item"), or a thing asked without "non-" (`asked`: the
    question's other terms) only with it ("Non-residents pay ..." for "... the fee for residents?")."""
    lowered = text.lower()
    if "non" not in lowered:
        return any(word in stems for word in unprefixed)
    folded = fold(text)
    negated = {stem(word) for word in _NON.findall(folded)}
    if any(word in stems and word not in negated for word in unprefixed):
        return True
    if not negated:
        return False
    plain = {t.stem for t in tokenize(_NON.sub(" ", folded))}
    return any(term in negated and term not in plain and term not in unprefixed for terms in asked for term in terms)


_TIMES = frozenset(("once", "twice", "thrice"))
_ONE = frozenset(("a", "an", "one", "each", "every", "per"))


_DURATION_STEMS = frozenset(stem(unit) for unit in _DURATION_UNITS)


def counts_durations_only(tokens: list[Token], head: str) -> bool:
    """Return True when every number of a sentence is a length of time ("within 30 days", "2 hours") and the X of
    "how many X" is no unit of time: "Teaware may be returned within 30 days" counts no cups (v39)."""
    if head in _TIME_HEADS or same_word(head, _DURATION_STEMS):
        return False  # "How many days ...?", "How many nights ...?"

    def clock(i: int) -> bool:  # "17:30", "8am", "8 pm" (the tokens "8", "am"): a time of day counts nothing either
        return ":" in tokens[i].lower or (i + 1 < len(tokens) and tokens[i + 1].lower in _MERIDIEM)

    numbers = [i for i, t in enumerate(tokens) if _is_number(t) and not clock(i)]
    if not numbers:
        return False
    return all(i + 1 < len(tokens) and tokens[i + 1].lower in _DURATION_UNITS for i in numbers)


def counts_times_only(tokens: list[Token], head: str) -> bool:
    """Return True when a sentence's only numbers count times ("twice", "3 times") and it names the X of "how many
    X" as one ("an item", "each guest"): "You can renew an item twice" counts renewals, not items."""
    if head in _TIME_HEADS:
        return False  # "How many times ...?"
    numbers = [i for i, t in enumerate(tokens) if _is_number(t) or t.lower in _TIMES]
    if not numbers:
        return False
    for i in numbers:
        times = tokens[i].lower in _TIMES or (i + 1 < len(tokens) and tokens[i + 1].lower in ("times", "time"))
        if not times:
            return False
    return any(same_word(t.stem, {head}) and i > 0 and tokens[i - 1].lower in _ONE for i, t in enumerate(tokens))


# Words that open a noun phrase: after one, a word is a thing ("the lock"), not an act.
_ARTICLES = frozenset(str.split("the a an your my our their his her its this that these those each every"))


# Prefixes that reverse any word they open ("unlock", "non-members"), and words whose dis-/de- prefix reverses them,
# listed because "display", "discount", "default" and "delight" are no reversals of "play", "count", "fault", "light".
_REVERSING = ("un", "non")
_REVERSED_FORMS = word_pairs(
    "disconnect:connect disagree:agree disapprove:approve discontinue:continue disallow:allow "
    "disqualify:qualify dislike:like disappear:appear disobey:obey disable:enable disarm:arm "
    "dismount:mount distrust:trust dissatisfied:satisfied disassemble:assemble disinfect:infect "
    "deactivate:activate deregister:register defrost:frost decompress:compress decrypt:encrypt "
    "exclude:include decrease:increase download:upload export:import outbound:inbound downgrade:upgrade"
)
_AGAIN = {stem("re" + root): root for root in _REVERSED_FORMS.values()}  # "reconnect" is "connect" again


def _reversal(word: str) -> tuple[str, bool]:
    """Return a stem's root and whether a prefix reverses it ("disconnect" -> ("connect", True), "reconnect" ->
    ("connect", False), "unlock" -> ("lock", True), "lock" -> ("lock", False))."""
    if word in _REVERSED_FORMS:
        return _REVERSED_FORMS[word], True
    for prefix in _REVERSING:
        if word.startswith(prefix) and len(word) - len(prefix) >= 4:
            return word[len(prefix) :], True
    return _AGAIN.get(word, word), False


OppositeAct = tuple[re.Pattern[str], re.Pattern[str]]  # the act asked, its opposite (or its rivals)

# v80: rival acts on one thing, each said in its own words: a sentence stating only a rival answers nothing about the
# act asked ("Rinse the filter every two weeks" for "How often should the filter be replaced?"; "Members may cancel
# with a month's notice" for "How much notice is needed to freeze a membership?").
_RIVAL_ACTS = (
    (  # looking after a part
        r"\b(?:replac(?:e|es|ed|ing|ement|ements)|swap(?:s|ped|ping)?)\b",
        r"\b(?:clean(?:s|ed|ing)?|rins(?:e|es|ed|ing)|wash(?:es|ed)?|wip(?:e|es|ed|ing))\b",
    ),
    (  # a membership, a subscription, a plan
        r"\b(?:cancel(?:s|led|ling|lation|lations|ed|ing)?|terminat(?:e|es|ed|ing|ion))\b",
        r"\b(?:freez(?:e|es|ing)|froze|frozen|paus(?:e|es|ed|ing)|suspen(?:d|ds|ded|ding|sion))\b",
        r"\brenew(?:s|ed|ing|al|als)?\b",
        r"\bupgrad(?:e|es|ed|ing)\b",
        r"\bdowngrad(?:e|es|ed|ing)\b",
    ),
)

# Acts said in two words whose opposite is said in two others (v41): a sentence stating only the opposite answers
# nothing about the act asked ("put up" for "taken down", "switch off" for "switch on").
_OPPOSITE_ACTS: tuple[OppositeAct, ...] = (
    (
        re.compile(
            r"\b(?:take|takes|taking|taken|took|come|comes|coming|came)\s+down\b|\b(?:removed|dismantled)\b", re.I
        ),
        re.compile(r"\b(?:put|puts|putting)\s+up\b|\b(?:go|goes|going|went|gone)\s+up\b|\berected\b", re.I),
    ),
    (
        re.compile(r"\b(?:switch|switches|switched|turn|turns|turned)\s+on\b", re.I),
        re.compile(r"\b(?:switch|switches|switched|turn|turns|turned)\s+off\b", re.I),
    ),
    # v46: "the check-in inventory" is not the check-out inspection asked about
    (re.compile(r"\bcheck(?:ing|ed)?[- ]?in\b", re.I), re.compile(r"\bcheck(?:ing|ed)?[- ]?out\b", re.I)),
    # v59: money spent is not money raised ("The summer fun day raised £842" for "How much did the fun day cost?")
    (
        re.compile(r"\b(?:cost|costs|costing|spent|spend|spending|expenditure|outgoings)\b", re.I),
        # money raised, not a price raised ("agreed to raise plot rents to £68")
        re.compile(
            r"\brais(?:e|ed|es|ing) (?:(?:over|more than|almost|nearly|about|around|just over|a total of) )?[£$€]\d"
            r"|\brais(?:e|ed|es|ing) (?:money|funds)\b|\b(?:earned|income|takings|profit|proceeds)\b",
            re.I,
        ),
    ),
    # v80: money paid is not money given back ("The garden waste subscription costs £52 a year" for "can I get some
    # of my subscription money back?"; "I've put a credit of £14.60 on your account" for "how much will it cost?")
    (
        re.compile(r"\b(?:cost|costs|costing|price|prices|priced|charge|charges|charged)\b", re.I),
        re.compile(r"\bmoney back\b|\brefund\w*|\breimburs\w*|\bcredit of\b|\bcredited\b", re.I),
    ),
    # v80: each rival act of _RIVAL_ACTS against the others of its group
    *(
        (re.compile(act, re.I), re.compile("|".join(rival for rival in group if rival != act), re.I))
        for group in _RIVAL_ACTS
        for act in group
    ),
)


def opposite_acts(folded_question: str) -> tuple[OppositeAct, ...]:
    """Return (asked, opposite) for each act of _OPPOSITE_ACTS the question names on one side only."""
    acts: list[OppositeAct] = []
    for first, second in _OPPOSITE_ACTS:
        asks_first, asks_second = bool(first.search(folded_question)), bool(second.search(folded_question))
        if asks_first != asks_second:
            acts.append((first, second) if asks_first else (second, first))
    return tuple(acts)


def states_the_opposite_act(acts: tuple[OppositeAct, ...], text: str) -> bool:
    """Return True when a sentence states the opposite of an act the question asks about, and not the act itself."""
    return any(opposite.search(text) and not asked.search(text) for asked, opposite in acts)


def _negates(root: str, tokens: list[Token]) -> bool:
    """Return True when a negation (terms.NEGATIONS) stands right before a form of `root` ("not collected")."""
    return any(
        _same_form(root, {token.stem}) and any(t.lower in NEGATIONS for t in tokens[max(0, i - 2) : i])
        for i, token in enumerate(tokens)
    )


def names_the_reverse(asked: Iterable[str], tokens: list[Token]) -> bool:
    """Return True when a sentence (its tokens) holds the reverse of a word the question asks with and not that word
    itself: "IT will disconnect all desktop computers" for "When will IT reconnect them?", "exclude" for "include".
    A reverse after an article or a possessive is a thing, not the act reversed: "the green light on the lock" may
    well say how to unlock."""
    stems = {t.stem for t in tokens}
    acts = [_reversal(t.stem) for i, t in enumerate(tokens) if not (i and tokens[i - 1].lower in _ARTICLES)]
    for term in asked:
        if not term.isalpha() or same_word(term, stems):
            continue
        root, reversed_ = _reversal(term)
        if reversed_ and _negates(root, tokens):
            continue  # "uncollected" -- "Jobs that are not collected" (v46)
        if any(other_reversed != reversed_ and _same_form(root, {other_root}) for other_root, other_reversed in acts):
            return True
    return False


_EXISTENTIAL = re.compile(
    r"^(?:is|are) there (?:a |an |any |some )?((?:[\w'-]+ ){0,2}?[\w'-]+)"
    r"(?= (?:for|if|on|at|in|to|when|with|from|after|before|during|available)\b|\s*\?|$)"
)


def existential(question: str) -> tuple[str, ...]:
    """Return the stems of the thing an "Is there a X ...?" question asks about ("weekly ticket"), or ()."""
    match = _EXISTENTIAL.match(fold(question))
    if match is None:
        return ()
    return tuple(t.stem for t in tokenize(match.group(1).replace("-", " ")) if t.content)


def says_in_order(stems: tuple[str, ...], tokens: list[Token]) -> bool:
    """Return True when the sentence names the words one after another (morphology counts: "late payment charge"
    for "late-payment charge"); a single word need only be there."""
    words = [t.stem for t in tokens]
    for start in range(len(words) - len(stems) + 1):
        if all(same_word(stems[k], {words[start + k]}) for k in range(len(stems))):
            return True
    return False


_ASKED_HOUR = re.compile(
    r"\bat (\d{1,2})\b(?![:.]\d)|\b(\d{1,2})\s*(?:am|pm|a\.m\.|p\.m\.|o'clock|in the (?:morning|afternoon|evening))"
)
_RANGE = re.compile(r"(?<![\d:.,/])(\d{1,4})\s*(?:to|-|–|and)\s*(\d{1,4})(?![\d/]|[:.,]\d)")  # "aged 10 to 15:"
# A one-sided bound on a number ("children under 10", "over 65s", "16 and over"): an age asked lies on one side.
_UNDER = re.compile(
    r"\b(?:under|below|younger than|less than|fewer than)[\s-]+(\d{1,3})(?!\d|[:.,]\d)"
    r"|\b(\d{1,3})\s*(?:[a-z]+\s+)?(?:or|and)\s+(?:under|younger|less|fewer|below)\b",
    re.IGNORECASE,
)
# "16 and over", "groups of 10 or more", "flights of 6 hours or more", "at least 18": the stated side is the bound's
# own value and up. (A unit word may sit between the number and "or more".)
_OVER = re.compile(
    r"\b(?:over|above|older than|more than|at least)[\s-]+(\d{1,3})(?!\d|[:.,]\d)"
    r"|\b(\d{1,3})\s*(?:[a-z]+\s+)?(?:and|or)\s+(?:over|above|older|more|longer|upwards)\b",
    re.IGNORECASE,
)
_CLOCK_RANGE = re.compile(r"\b(\d{1,2})[:.](\d{2})\s*(?:to|-|–|and|until)\s*(\d{1,2})[:.](\d{2})\b")


def in_labelled_range(number: str, labels: tuple[tuple[str, str], ...], text: str | None) -> bool:
    """Return True when the sentence states a range of the thing the question labels by that number ("Years 3 to 6"
    for "my Year 4 child", "rooms 10-14" for "room 12")."""
    if text is None or not number.isdigit():
        return False
    value = int(number)
    folded = text.lower()
    for label, labelled in labels:
        if labelled != number:
            continue
        named = re.compile(rf"\b{re.escape(label)}\w*\.?\s*$")  # the label right before the range
        for match in _RANGE.finditer(folded):
            if int(match.group(1)) <= value <= int(match.group(2)) and named.search(folded, 0, match.start()):
                return True
    return False


def in_stated_range(term: str, text: str | None, clock: bool = False) -> bool:
    """Return True when a whole number the question names lies in a range the sentence states ("a 10-year-old" in
    "ages 6 to 12", "between 6 and 12", "6-12") or on the stated side of a bound ("under 10", "16 and over"), or,
    for an hour the question asks about (`clock`), inside a span of clock times ("at 8" in "07:00 to 09:30")."""
    if text is None or not term.isdigit():
        return False
    value = int(term)
    if any(int(low) <= value <= int(high) for low, high in _RANGE.findall(text)):
        return True
    if not clock and (
        any(value < int(a or b) for a, b in _UNDER.findall(text))
        or any(value >= int(a or b) for a, b in _OVER.findall(text))
    ):
        return True  # "my 8-year-old" and "Do not give to children under 10 years"
    # An hour asked ("at 8 in the morning") inside a span of clock times ("between 07:00 and 09:30").
    return (
        clock
        and value < 24
        and any(
            int(h1) * 60 + int(m1) <= value * 60 <= int(h2) * 60 + int(m2)
            for h1, m1, h2, m2 in _CLOCK_RANGE.findall(text)
        )
    )


def _names_day_or_month(word: str) -> bool:
    # a word or its stem ("decemb": the question's key terms are stems); _WEEKDAYS holds "weekend" and "weekday"
    return word in MONTHS or word in _MONTH_STEMS or word.removesuffix("s") in _WEEKDAYS


_HOW_MANY = re.compile(r"\bhow many\b")
_SUFFIXES = frozenset(str.split("st nd rd th"))
_NUMBER_AND_SHARE = re.compile(r"(?<![\w.])\d[\d,.]*(\s*(?:%|per\s*cent|percent)\b|%)?", re.IGNORECASE)


def counts_nothing(text: str) -> bool:
    """Return True when every number the text writes is a percentage ("up 12% on last year, 55% in total") or, since
    v86, a sum of money or part of a telephone number ("Small meeting room, any time ... £12.00" for "how many people
    can the meeting room hold?")."""
    phones = [match.span() for match in _PHONE_NUMBER.finditer(text)]
    found = [
        bool(match.group(1))
        or _after_currency(text, match.start())
        or any(start <= match.start() < end for start, end in phones)
        for match in _NUMBER_AND_SHARE.finditer(text)
    ]
    return bool(found) and all(found)


def states_bound(text: str | None) -> bool:
    """Return True when the sentence states a range or a one-sided bound on a number ("aged 18 and over", "under 25
    kg", "6 to 12"): it answers for any number on either side of it."""
    return text is not None and bool(_RANGE.search(text) or _UNDER.search(text) or _OVER.search(text))


_ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
_LINKING = frozenset(("of", "and", "for", "the", "&"))


def spells_out(acronym: str, text: str) -> bool:
    """Return True when the text writes the acronym out in capitalised words ("agm": "Annual General Meeting";
    "doh": "Department of Health"), linking words counted or skipped."""
    words = re.findall(r"[A-Za-z&]+", text)
    target = list(acronym)
    for skip in (False, True):
        run = [w for w in words if not (skip and w.lower() in _LINKING)]
        for i in range(len(run) - len(target) + 1):
            window = run[i : i + len(target)]
            if [w[0].lower() for w in window] == target and all(
                w[0].isupper() or w.lower() in _LINKING for w in window
            ):
                return True
    return False


_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


# A time of day a question names ("on Tuesday evening", "on a Saturday night") and the hours (24-hour clock) it covers:
# a clock time in those hours in the sentence ("18:30", "11:30 pm") is that part of the day.
_DAY_PARTS = {
    stem("morning"): range(5, 12),
    stem("afternoon"): range(12, 18),
    stem("evening"): range(17, 23),
    stem("night"): (*range(20, 24), *range(0, 5)),
}
_TIME_OF_DAY = re.compile(
    r"(?<![£$€\w.,])(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d.,]\d)", re.IGNORECASE
)


# Out of hours (v47): the nights, evenings and weekends a service is closed ("outside opening hours", "out of hours",
# "after hours", "when the surgery is closed")
_OUT_OF_HOURS = re.compile(
    r"\b(?:outside (?:(?:our|the|normal|usual|opening|office|surgery|working|business) )*hours|out[- ]of[- ]hours|"
    r"after[- ]hours|when (?:we are|we're|the (?:surgery|office|practice|clinic|shop|centre|center) is) closed)\b",
    re.IGNORECASE,
)
_OFF_HOURS = frozenset(stem(w) for w in ("night", "nights", "overnight", "evening", "evenings", "weekend", "weekends"))


_TOLD_CLOCK = re.compile(
    r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\b"
    r"|\b(\d{1,2})\s+(at night|in the morning|in the evening|in the afternoon)\b",
    re.IGNORECASE,
)
_ROUND_THE_CLOCK = re.compile(r"\b24[- ]hours?\b|\b24/7\b|\bround the clock\b|\bday or night\b|\bany time\b", re.I)


def _parts_of_day(hour: int) -> frozenset[str]:
    """Return the parts of the day (_DAY_PARTS) an hour of the 24-hour clock falls in."""
    return frozenset(part for part, hours in _DAY_PARTS.items() if hour in hours)


def told_clock_times(situation: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Return the clock times a situation names ("at 10pm", "11 at night") with the parts of the day they fall in."""
    found = []
    for match in _TOLD_CLOCK.finditer(situation):
        if match.group(1):
            number, hour = match.group(1), int(match.group(1)) % 12
            hour += 12 if match.group(3).lower() == "pm" else 0
        else:
            number, hour = match.group(4), int(match.group(4)) % 12
            hour += 0 if match.group(5).lower() == "in the morning" else 12
            if match.group(5).lower() == "at night" and int(number) < 5:
                hour = int(number)  # "2 at night" is 2 am
        parts = _parts_of_day(hour)
        if parts:
            found.append((number, parts))
    return tuple(found)


def day_part_stems(text: str) -> frozenset[str]:
    """Return the parts of the day ("evening") whose hours a clock time of the text falls in: "18:30" or "6.30 pm"
    (minutes or am/pm written; a bare number is no time); and nights, evenings and weekends for a text about the
    hours a service is closed (_OUT_OF_HOURS)."""
    parts: set[str] = set()
    for hour_text, minutes, meridiem in _TIME_OF_DAY.findall(text):
        if not minutes and not meridiem:
            continue
        hour = int(hour_text)
        if hour > 23 or (meridiem and not 1 <= hour <= 12):
            continue
        if meridiem:
            hour = hour % 12 + (12 if meridiem.lower().startswith("p") else 0)
        parts.update(_parts_of_day(hour))
    if _OUT_OF_HOURS.search(text):
        parts.update(_OFF_HOURS)  # "Outside opening hours, emergencies are seen by ..." for "... at night?"
    return frozenset(parts)


_MAXIMUM = re.compile(r"\b(?:max(?:imum)?|at most|most|up to|no more than|not more than|limit(?:ed)?|cap(?:ped)?)\b")
_MINIMUM = re.compile(r"\b(?:min(?:imum)?|at least|no fewer than|no less than|not less than|fewest|least)\b")


def asked_extreme(folded_question: str) -> str | None:
    """Return "maximum" or "minimum" when a question asks for one bound only ("What's the maximum number ...?",
    "What's the least I can pay?"), else None."""
    most, least = bool(_MAXIMUM.search(folded_question)), bool(_MINIMUM.search(folded_question))
    if most == least:
        return None
    return "maximum" if most else "minimum"


def states_other_extreme(text: str, asked: str) -> bool:
    """Return True when a sentence states only the other bound than the one asked: a minimum ("at least 3 users")
    for a maximum, or a maximum for a minimum."""
    folded = fold(text)
    most, least = bool(_MAXIMUM.search(folded)), bool(_MINIMUM.search(folded))
    return (least and not most) if asked == "maximum" else (most and not least)


# A sentence that promises the information later states none of it: "Details of the Christmas dates will be sent in
# December", "to be announced in January", "TBC". A question about that promise (when details are sent) is answered.
_DEFERS = re.compile(
    r"\b(?:to be (?:announced|confirmed|agreed|decided|arranged|published)|tb[ac]|(?:will|shall) (?:be )?"
    r"(?:send|sent|announce|announced|publish|published|confirm|confirmed|circulate|circulated|share|shared) "
    r"(?:\w+ ){0,2}(?:details|information|dates?|times?|arrangements|more)\b|(?:details|information|dates?|times?|"
    r"arrangements) (?:\w+ ){0,4}(?:will|shall) (?:be )?(?:sent|announced|published|confirmed|circulated|shared|"
    r"given|posted)\b"
    # v78: "The sixth form has its own dress code, which is published separately."
    r"|\b(?:published|available|set out|explained|covered|listed|described) separately\b"
    r"|\bin a separate (?:document|policy|leaflet|guide|letter|booklet|notice)\b)",
    re.IGNORECASE,
)
_DEFERRAL_WORDS = frozenset(
    stem(w)
    for w in str.split("announce announced send sent publish published confirm confirmed circulate share details")
)


def defers(text: str) -> bool:
    """Return True when the sentence promises the information for later instead of stating it (_DEFERS)."""
    return bool(_DEFERS.search(text))


_DAY_RANGE = re.compile(
    r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:to|-|–|—|until|through|thru)\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*",
    re.IGNORECASE,
)
_DAY_ABBREVIATIONS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ANY_DAY = re.compile(r"\b(?:daily|every ?day|each day|all week|7 days|seven days|weekdays?|weekends?)\b", re.I)


def _covered(start: int, end: int, cycle: int) -> set[int]:
    """Return the positions a range from `start` to `end` covers in a cycle of `cycle` (days of the week, months),
    wrapping past its end ("Sat to Mon", "Nov to Jan")."""
    return {position % cycle for position in range(start, end + 1 if end >= start else end + cycle + 1)}


def names_other_days_only(text: str, asked: frozenset[str]) -> bool:
    """Return True when a question names a day of the week and the sentence names days of the week, but not that one,
    counting the days a range covers ("Monday to Friday" holds Tuesday) and never when it says "daily" or
    "weekdays"/"weekends" (day_of_kind and for_other_days judge those)."""
    days = [stem(day) for day in DAY_NAMES]
    asked_days = {days.index(term) for term in asked if term in days}
    if not asked_days or _ANY_DAY.search(text):
        return False
    named: set[int] = set()
    for first, last in _DAY_RANGE.findall(text):
        named.update(_covered(_DAY_ABBREVIATIONS.index(first.lower()), _DAY_ABBREVIATIONS.index(last.lower()), 7))
    for token in tokenize(text):
        for index, day in enumerate(DAY_NAMES):
            if token.lower in (day, day + "s") or (same_word(token.stem, {days[index]}) and token.lower[:3] == day[:3]):
                named.add(index)
    return bool(named) and not named & asked_days


# A sentence that ends by saying what it holds for ("... $0.25 per day for books.", "... for members only.")
_SCOPED_FOR = re.compile(r"\bfor (?:all |each |every |any )?([a-z][\w-]*)(?: (?:and|or) ([a-z][\w-]*))?(?: only)?\W*$")


def scoped_to_another(text: str, tokens: list[Token], key_terms: frozenset[str], terms: frozenset[str]) -> bool:
    """Return True when the sentence ends by naming what it holds for ("for books"), the question names none of
    that, and a name the question asks about ("DVDs") is not in the sentence: the sentence speaks of another thing."""
    match = _SCOPED_FOR.search(text)
    if match is None:
        return False
    scoped = {stem(word.lower()) for word in match.groups() if word}
    if scoped & _GENERIC_SCOPES or any(same_word(word, terms) for word in scoped):
        return False
    stems = {token.stem for token in tokens}
    return any(
        not term[:1].isdigit() and not _names_day_or_month(term) and not same_word(term, stems) for term in key_terms
    )


_GENERIC_SCOPES = frozenset(stem(word) for word in str.split("you everyone us them it this that example instance free"))


_MONTH_STEMS = tuple(stem(month) for month in MONTH_NAMES)
_MONTH_STEMS_ALL = frozenset(_MONTH_STEMS) - {stem("may")}  # a heading's "may" is the verb as often as the month
# A month's index by its name, its stem or its abbreviation ("october", "octob", "oct", "sept")
_MONTH_INDEX = {
    form: index
    for index, month in enumerate(MONTH_NAMES)
    for form in (month, stem(month), month[:3], *(("sept",) if month == "september" else ()))
}
_MONTH_ABBREVIATION = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_MONTH_RANGE = re.compile(
    rf"\b{_MONTH_ABBREVIATION}\s*(?:to|-|–|—|until|through|thru)\s*(?:the\s+end\s+of\s+)?{_MONTH_ABBREVIATION}",
    re.IGNORECASE,
)
_ANY_MONTH = re.compile(
    r"\b(?:monthly|every month|each month|per month|a month|all year|year[- ]round|annually|each year|every year)\b",
    re.IGNORECASE,
)
_NUMERIC_DATE = re.compile(r"\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b")


_MONTH_WORD = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?)\.?"
)
_MONTH_WORDS = re.compile(rf"\b{_MONTH_WORD}(?!\w)", re.IGNORECASE)
_DAY_OF_MONTH = r"(\d{1,2})(?:st|nd|rd|th)?"
_DAY_AND_MONTH = re.compile(
    rf"\b{_DAY_OF_MONTH}(?:\s+of)?\s+{_MONTH_WORD}\b|\b{_MONTH_WORD}\s+{_DAY_OF_MONTH}\b(?!:)", re.IGNORECASE
)
_DAYS_OF_MONTH = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|and|&)\s*{_DAY_OF_MONTH}(?:\s+of)?\s+{_MONTH_WORD}\b", re.IGNORECASE
)


def calendar_dates(text: str) -> frozenset[tuple[int, int]]:
    """Return the (day, month index) pairs a text names in words: "9 February", "Sun 16 Feb", "February 9th", and
    every day of "8-9 February" or "8 and 9 Feb". Dates in figures ("09/02/2025") are left out: their order is not
    known."""
    found: set[tuple[int, int]] = set()
    for match in _DAY_AND_MONTH.finditer(text):
        day, word = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
        if word == "may":
            continue  # the verb ("you may 5 times"); the month is written "May"
        month = _MONTH_INDEX.get(word.lower().rstrip("."))
        if month is not None and 1 <= int(day) <= 31:
            found.add((int(day), month))
    for match in _DAYS_OF_MONTH.finditer(text):
        first, last = int(match.group(1)), int(match.group(2))
        month = _MONTH_INDEX.get(match.group(3).lower().rstrip("."))
        if month is not None and 1 <= first <= last <= 31:
            found.update((day, month) for day in range(first, last + 1))
    return frozenset(found)


def names_other_dates_only(text: str, asked: frozenset[tuple[int, int]]) -> bool:
    """Return True when the sentence names days of the month a question asks about, and not the asked day: "Sun 16
    Feb 07:50 from Ashby" does not say when the first bus leaves on Sunday 9 February."""
    named = calendar_dates(text)
    months = {month for _, month in asked}
    return any(month in months for _, month in named) and not named & asked


# A phase of something: before it, after it, or during it ("while still on probation", "in the first year" is not
# read: "in" is too common)
_PHASE = re.compile(
    r"\b(before|after|during|until|till|while\s+(?:(?:i|you|we|they)(?:'m|'re| am| are)\s+)?(?:still\s+)?(?:on|in|at))"
    r"\s+"
    r"(?:the\s+|my\s+|your\s+|our\s+|their\s+|his\s+|her\s+|its\s+)?([a-z][a-z-]{2,})\b"
)
_PHASE_OF = {"before": "before", "until": "before", "till": "before", "after": "after", "during": "during"}


def phases_of(folded: str) -> frozenset[tuple[str, str]]:
    """Return (phase, stem) for each "before / after / during / while on X" of a lower-cased text."""
    return frozenset(
        (_PHASE_OF.get(relation, "during"), stem(noun))
        for relation, noun in _PHASE.findall(folded)
        if noun not in STOP_WORDS
    )


def other_phase_only(text: str, asked: frozenset[tuple[str, str]]) -> bool:
    """Return True when the sentence speaks of another phase of what the question places itself in, and not of the
    asked one: "after probation" for "while I'm still on probation", "before the trip" for "after the trip"."""
    said = phases_of(fold(text))
    return any(
        (other, noun) in said and (phase, noun) not in said
        for phase, noun in asked
        for other in ("before", "after", "during")
        if other != phase
    )


def title_names_other_months(title: frozenset[str], asked: frozenset[str]) -> bool:
    """Return True when a document's title ("rent-roll-oct-2025.xlsx", "March newsletter") names months and not the
    one a question asks about: the document is that month's. "May" is left out: a title's "may" is as often the verb."""
    asked_months = {index for index, month in enumerate(_MONTH_STEMS) if month in asked}
    if not asked_months:
        return False
    named = {_MONTH_INDEX[word] for word in title if word in _MONTH_INDEX and word != "may"}
    return bool(named) and not named & asked_months


def names_other_months_only(text: str, tokens: list[Token], asked: frozenset[str]) -> bool:
    """Return True when a question names a month and the sentence names months, but not that one ("the larder served
    212 households in January" for "How many households used it in December?"), counting the months a range covers
    ("October to December" holds November) and ISO dates; never when the sentence speaks of every month ("monthly")
    or writes dates in figures, whose month order is not known."""
    asked_months = {index for index, month in enumerate(_MONTH_STEMS) if month in asked}
    if not asked_months or _ANY_MONTH.search(text) or _NUMERIC_DATE.search(text):
        return False
    named: set[int] = set()
    abbreviations = [month[:3] for month in MONTH_NAMES]
    for first, last in _MONTH_RANGE.findall(text):
        named.update(_covered(abbreviations.index(first.lower()), abbreviations.index(last.lower()), 12))
    for position, token in enumerate(tokens):
        word = token.lower.rstrip(".")
        if word == "may":
            if _may_is_the_month(tokens, position):
                named.add(4)  # "in May", "3 May"; "Members may bring ..." is the verb
            continue
        index = _MONTH_INDEX.get(word)
        if index is not None and (word == MONTH_NAMES[index] or (token.capitalized and len(word) <= 4)):
            named.add(index)  # a name, or a capitalised abbreviation ("Oct", "Sept")
    named.update(_MONTH_STEMS.index(month) for month in iso_date_stems(text) if month in _MONTH_STEMS)
    return bool(named) and not named & asked_months


# v92: a date written in figures, day and month in either order ("13/01/2025", "13.01.25", "01-13-2025").
_FIGURE_DATE = re.compile(r"\b(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})\b")


def day_first(text: str) -> bool | None:
    """Return whether `text` writes its dates in figures day first ("13/01/2025": True) or month first ("01/13/2025":
    False): what a date whose day is over 12 shows. None when none shows it, or dates show both."""
    orders = set()
    for first, _, second in _FIGURE_DATE.findall(text):
        day_then_month = 12 < int(first) <= 31 and 1 <= int(second) <= 12
        month_then_day = 12 < int(second) <= 31 and 1 <= int(first) <= 12
        if day_then_month or month_then_day:
            orders.add(day_then_month)
    return orders.pop() if len(orders) == 1 else None


def figure_date_stems(text: str, first_is_day: bool | None) -> frozenset[str]:
    """Return the stems a question uses for the text's dates in figures, read in the given order: "13/01/2025" day
    first is also "13" and "January", "06/01/2025" "6" and "January". Empty while the order is not known (a lone
    "06/01/2025" is 6 January in Leeds and June 1 in Ohio)."""
    if first_is_day is None:
        return frozenset()
    stems: set[str] = set()
    for first, _, second in _FIGURE_DATE.findall(text):
        day, month = (int(first), int(second)) if first_is_day else (int(second), int(first))
        if 1 <= month <= 12 and 1 <= day <= 31:
            stems.update({str(day), _MONTH_STEMS[month - 1]})
    return frozenset(stems)


def iso_date_stems(text: str) -> frozenset[str]:
    """Return the stems a question uses for the text's ISO dates: "2026-12-06" is also "6" and "December"."""
    stems: set[str] = set()
    for year, month, day in _ISO_DATE.findall(text):
        if 1 <= int(month) <= 12 and 1 <= int(day) <= 31:
            stems.update({year, str(int(day)), stem(MONTH_NAMES[int(month) - 1])})
    return frozenset(stems)


_COMPOUND = re.compile(r"\b([^\W\d_]{2,})-([^\W\d_]{2,})\b")


# Words naming one of a few alternatives everyday documents state side by side ("Adults may borrow 12 items.
# Children's cards allow 8."): a sentence naming one alternative and not the one asked about speaks of its neighbour.
_NEIGHBOUR_GROUPS = (
    "adult adults child children kid kids junior juniors student students senior seniors concession concessions",
    "solo group individual",
    "breakfast breakfasts brunch lunch lunches dinner dinners supper",
    "free pro premium",
    "slice slices whole",  # v47: "a slice of carrot cake" -- "Size: whole"
    "weekday weekdays weekend weekends",
    "morning mornings afternoon afternoons evening evenings",
    "arrive arrives arrival arrivals depart departs departure departures",
    "member members guest guests visitor visitors",
    "spring summer autumn winter",
    "weekly monthly annual annually yearly",
    "landlord landlords tenant tenants",
    "employer employers employee employees",
    "buyer buyers seller sellers",
    "fridge fridges refrigerator refrigerated freezer freezers freeze frozen",
    # sizes a price list states side by side ("Size: Regular" is not the large cappuccino's price; outside check,
    # 2026-12-04)
    "small medium large regular",
    "half full",
    "indoor outdoor",
    "upstairs downstairs",
    # a workplace's staff side by side ("Veterinary surgeons receive a CPD allowance of £1,200" is not the
    # receptionists'; outside check 32)
    "receptionist receptionists nurse nurses surgeon surgeons doctor doctors dentist dentists hygienist hygienists "
    "pharmacist pharmacists physiotherapist physiotherapists locum locums",
    "teacher teachers assistant assistants",
    # where a trip goes (batch 27: "The daily allowance for meals abroad is £55" is not the one for trips in the UK)
    "uk abroad",
    "domestic international",
)
_NEIGHBOURS = word_groups(_NEIGHBOUR_GROUPS)


def names_a_neighbour(asked: frozenset[str], stems: set[str]) -> bool:
    """Return True when a sentence names an alternative to something the question asks about ("adults" for "a
    child"), never that thing itself, and the question does not ask about the alternative too."""
    for term in asked:
        group = _NEIGHBOURS.get(term)
        if group is None or any(word in stems for word in group if same_word(word, {term})):
            continue
        others = {w for w in group if not same_word(w, {term}) and not any(same_word(w, {a}) for a in asked)}
        if stems & others:
            return True
    return False


# A capitalised word and a capital letter naming one of several alike things: "Lift A", "Block C", "Plan B".
# A word and a capital letter naming one of several ("Lift A", "menu B"); never "I" ("can I ...").
_LETTERED = re.compile(r"\b([A-Za-z][a-z]{2,})\s+([A-HJ-Z])(?=['’]s\b|[^\w.'’]|$)")


def lettered_names(text: str) -> tuple[tuple[str, str], ...]:
    """Return the (word, letter) pairs naming things by a letter ("Lift A's motor" -> ("lift", "A"))."""
    return tuple((word.lower(), letter) for word, letter in _LETTERED.findall(text))


def names_another_letter(text: str, asked: tuple[tuple[str, str], ...]) -> bool:
    """Return True when the text names a thing the question names by a letter only by another letter ("Lift B" for
    "Lift A"), never by the one asked."""
    found = set(lettered_names(text))
    return any(
        (word, letter) not in found and any(other == word and mark != letter for other, mark in found)
        for word, letter in asked
    )


_DID = re.compile(r"\bdid\b")
_AIMED = re.compile(
    r"\b(?:target|aim|goal|hope|plan|ambition)s?\s+(?:is|are|was|were)\s+to\b|\b(?:aims?|hopes?|plans?|intends?)\s+to\b",
    re.IGNORECASE,
)
_WHO_IS_THE = re.compile(r"who(?:['’]s| is| are| was| were) (?:the|your|our|their)\b")
# v60: "How many guests can I bring?": the people are what the asker brings, and the answer names them (outside check
# 31: "Colour pages are always 20 pence each." answered it)
_ACTED_ON = re.compile(
    r"^how many (?:guests?|visitors?|friends?) (?:can|may|could|should|do|does) (?:i|we|you|each|a|an|my|our)\b"
)
_NAME_ASKED = re.compile(
    r"\bwhat(?:['’]s| is| was| are| were) (?:the |their |his |her |your |my |our )?(?:full |first |last )?names? of\b"
    # v61: "what brand of filter would they fit", "what make is the boiler", "what is the dog called"
    r"|\b(?:what|which) (?:brand|make|manufacturer)s? (?:of|is|are|was|were|do|does|did|will|would|should)\b"
    r"|^\s*what(?:['’]s| is| was| are| were) (?:[\w'’-]+ ){1,4}called\s*\??\s*$"
    # v85: "what's the head nurse's name", "whats the hygienist's name": a name asked after whose it is
    r"|\bwhat(?:['’]?s| is| was) (?:the |their |his |her |your |my |our )?(?:[\w-]+ ){0,3}[\w-]+['’]s? "
    r"(?:full |first |last )?name\s*\??\s*$"
)
_PRONOUNS = frozenset(("i", "me", "we", "us", "you", "it", "anyone", "everyone"))
# "who do I ring / call / contact ...?", "who to phone": asked whom to get in touch with (QuestionNeeds.contacting)
_CONTACTING = re.compile(
    r"^who (?:(?:do|should|can|shall|could|would|will|must) (?:i|we|you) |to )"
    r"(?:ring|call|phone|telephone|contact|text|email|e-mail|message|(?:talk|speak) (?:to|with)|write to|ask)\b"
)


def gives_contact(text: str) -> bool:
    """Return True when the text gives a telephone number or an email address."""
    return bool(_PHONE_UNIT.search(text) or _EMAIL_UNIT.search(text))


_ROLE_ASKED = re.compile(
    r"^who(?:['’]s| is| are| was| were) (?:the|your|our|their) ((?:[a-z-]+ ){0,3}?[a-z-]+)"
    r"(?=\s+(?:at|for|of|in|on|and|this|these|now|today)\b|\s*[?,.]|\s*$)"
)


def asked_role(folded: str) -> frozenset[str]:
    """Return the stems of the role a "who is the X" question asks about ("who's the welfare officer at ..." ->
    welfar, offic), or none."""
    match = _ROLE_ASKED.match(folded)
    if match is None:
        return frozenset()
    return frozenset(t.stem for t in tokenize(match.group(1)) if t.content)


def names_the_holder(text: str, role: frozenset[str], terms: frozenset[str]) -> bool:
    """Return True when a line (or a row's cell) is labelled with the role a "who is the X" question asks and gives a
    name after it: "Club Welfare Officer: Mrs Sandra Obi" for "who's the welfare officer?" (v77)."""
    for cell in text.split(" | "):
        match = _LINE_LABEL.match(cell)
        label = {t.stem for t in tokenize(match.group(1))} if match is not None else set()
        if label and all(same_word(word, label) for word in role) and writes_a_name(cell, tokenize(cell), terms):
            return True
    return False


def names_another_row(terms: frozenset[str], key: frozenset[str], rivals: frozenset[str]) -> bool:
    """Return True when the question names the key of another row of a table (`rivals`: "Football") and no word
    of this row's own key (`key`: "Gymnastics"): a row is a record of its key, and the question asks of another.
    "adult and child prices" names the adult row's key too, and so does "charges for a late return" the key "Late
    return, more than 2 hours": those rows stay."""
    return not any(same_word(term, key) for term in terms) and any(same_word(term, rivals) for term in terms)


def writes_a_name(text: str | None, tokens: list[Token], terms: frozenset[str]) -> bool:
    """Return True when a sentence writes a name the question does not: a capitalised word mid-sentence, not a
    label ("Who to contact:") nor a table cell's or line's first word (v60: "| Who to contact: Concierge desk |")."""
    if text is None:
        return any(_a_name(t) and not same_word(t.stem, terms) for t in tokens)
    for match in re.finditer(r"\b[A-Z][a-z'’-]+", text):
        before = text[: match.start()].rstrip()
        if not before or before[-1] in "|:.!?\n" or text[match.end() : match.end() + 1] == ":":
            continue
        word = match.group(0).lower()
        if word.split("'")[0].split("’")[0] == "i":
            continue  # v85: "I'll", "I've", "I'm" write the writer, no name ("At the end I'll pass on the certificate")
        if not _names_day_or_month(word) and not same_word(stem(word), terms):
            return True
    return False


def names_someone(tokens: list[Token], question_terms: frozenset[str]) -> bool:
    """Return True when the sentence names a person or a role other than a pronoun ("we", "you", "anyone"): what
    answers "Who is the X?"."""
    return holds_expected(Expect.PERSON, [token for token in tokens if token.lower not in _PRONOUNS], question_terms)


def _a_name(token: Token) -> bool:
    """Return True when a token is written as a name mid-sentence: capitalised, no number, not "I", no month or day."""
    return (
        token.capitalized
        and not any(char.isdigit() for char in token.lower)  # a code ("Q1 report") is read as a code
        and token.lower != "i"
        and not _names_day_or_month(token.lower)
    )


def named_heads(tokens: list[Token], focus: dict[str, float]) -> tuple[tuple[str, str], ...]:
    """Return the (name, noun) pairs of a question naming a thing by a name written right before its noun ("How much
    is the Pro plan a month?" -> ("pro", "plan")); a question typed in lower case names none."""
    return tuple(
        (before.stem, token.stem)
        for before, token in pairwise(tokens)
        if _a_name(before) and token.content and not token.capitalized and not token.numeric and token.stem in focus
    )


def named_by_another(tokens: list[Token], asked: tuple[tuple[str, str], ...]) -> bool:
    """Return True when the sentence never writes a name the question puts before its noun and writes that noun
    after another name ("The Starter plan price ..." for "the Pro plan"): the sentence is about the other one."""
    stems = {token.stem for token in tokens}
    return any(
        not same_word(name, stems)
        and any(
            token.stem == noun and not token.capitalized and _a_name(before) and before.stem != name
            for before, token in pairwise(tokens)
        )
        for name, noun in asked
    )


def names_another_number(tokens: list[Token], asked: tuple[tuple[str, str], ...], text: str | None) -> bool:
    """Return True when the sentence names a thing the question labels by a number ("Year 6", "Route 8", "version
    4.2") only by other numbers ("Year 3"), never by the one asked nor in a range holding it ("Years 3 to 6")."""
    found = set(number_labels(tokens))
    for label, number in asked:
        if (label, number) in found or (text is not None and in_stated_range(number, text)):
            continue
        if any(word == label and other != number for word, other in found):
            return True
    return False


def names_a_sibling(text: str, compounds: tuple[tuple[str, str], ...]) -> bool:
    """Return True when the text names a sibling of a question's compound ("check-out" for "check-in") and never
    the compound itself."""
    found = [(a.lower(), b.lower()) for a, b in _COMPOUND.findall(text)]
    for first, second in compounds:
        if (first, second) in found:
            continue
        if any(a == first and b != second for a, b in found):
            return True
    return False


def drops_the_compound(stems: set[str], compounds: tuple[tuple[str, str], ...]) -> bool:
    """Return True when a sentence (its stems) names a question compound's last part without its first ("Chair |
    Gillian Hart" for "Who was elected vice-chair?", "Bikes cost £5" for "How much is an e-bike?"): it speaks of the
    plain thing."""
    for first, second in compounds:
        if second in STOP_WORDS or first in STOP_WORDS:
            continue
        if same_word(stem(second), stems) and not same_word(stem(first), stems):
            return True
    return False


# Words before a number that hedge it ("around 9pm", "roughly 20"): they label nothing.
_APPROXIMATELY = HEDGES | frozenset(str.split("around about nearly almost circa some over under"))


def number_labels(tokens: list[Token]) -> tuple[tuple[str, str], ...]:
    """Return (word, number) pairs where a content word right before a number labels it ("version 4.2")."""
    return tuple(
        (word.stem, number.stem)
        for word, number in pairwise(tokens)
        if word.content and not word.numeric and number.numeric and word.lower not in _APPROXIMATELY
    )


_COMPARING = frozenset(str.split("on than since versus vs compared"))
_CHANGED = frozenset(str.split("up down rose fell grew dropped increased decreased climbed"))  # "up from X in 2023"


_QUARTER = re.compile(r"q[1-4]|h[12]")


def compared_years(tokens: list[Token]) -> frozenset[str]:
    """Return the years a sentence names only as the point of comparison ("up 9% on 2024", "than in Q4 2025")."""
    compared, stated = set(), set()
    for index, token in enumerate(tokens):
        if not is_year(token):
            continue
        # The word before the year, past "in", a quarter ("Q4") or a month: "than in Q4 2025", "on March 2024".
        at = next(
            (
                i
                for i in range(index - 1, max(-1, index - 5), -1)
                if not (
                    tokens[i].lower in ("in", "q")
                    or _QUARTER.fullmatch(tokens[i].lower)
                    or tokens[i].numeric
                    or tokens[i].lower in MONTHS
                )
            ),
            None,
        )
        previous = tokens[at].lower if at is not None else ""
        changed = previous == "from" and at is not None and at > 0 and tokens[at - 1].lower in _CHANGED
        if previous in _COMPARING or changed:
            compared.add(token.stem)
        else:
            stated.add(token.stem)
    return frozenset(compared - stated)


# Words that say how many of X, not which one: "on every floor", "in all rooms", "any branch" name no particular X.
# Words before an X that count or place it without naming one ("four local groups", "other nearby car parks").
_QUANTIFIERS = frozenset(
    str.split(
        "every each all any both either neither some several many most various few numerous other others local "
        "nearby two three four five six seven eight nine ten eleven twelve"
    )
)


def names_one(tokens: list[Token], head: str, question_terms: frozenset[str]) -> bool:
    """Return True when a sentence names a particular X for "which X".

    Where the sentence says X, that X must be made particular: words of its own right before it ("second floor",
    "the grey DSL cable"), a number right after it ("room 2.14", "bus 42") or a name within three words ("Pennant
    Roofing, the contractor"); "uses a screen reader" and "one email provider" name none. Where it does not say X,
    any name or number the question does not hold will do ("Which contractor?" -- "Pennant Roofing will ..."). A date,
    a clock time or a phone number is no name."""

    def dated(index: int) -> bool:
        near = tokens[max(0, index - 1) : index + 2]
        return any(t.lower in MONTHS or t.lower in _WEEKDAYS for t in near)

    def phone_or_time(index: int) -> bool:
        token = tokens[index]
        run = sum(1 for t in tokens[max(0, index - 2) : index + 3] if t.numeric)
        clock = ":" in token.lower and head not in _TIME_HEADS  # "Which hours?" -- "between 10:00 and 15:00"
        return clock or (token.lower.startswith("0") and len(token.lower) >= 4) or run >= 3

    def named(index: int) -> bool:
        token = tokens[index]
        if token.stem in question_terms:
            return False
        if token.capitalized:
            return token.lower not in MONTHS and token.lower not in _WEEKDAYS
        return token.numeric and not dated(index) and not phone_or_time(index)

    said = [index for index, token in enumerate(tokens) if same_word(token.stem, {head})]
    if not said:
        return any(named(index) for index in range(len(tokens)))
    for index in said:
        start = index
        while start > 0 and tokens[start - 1].content:
            start -= 1  # the words right before X, up to a function word ("the grey DSL cable", not "uses a cable")
        if any(
            t.stem not in question_terms and t.lower not in _QUANTIFIERS and not same_word(t.stem, {head})
            for t in tokens[start:index]
        ):
            return True
        if index + 1 < len(tokens) and tokens[index + 1].numeric and named(index + 1):
            return True
        near = range(max(0, index - 3), min(len(tokens), index + 4))
        if any(tokens[i].capitalized and named(i) for i in near if i != index):
            return True
    return False


# Words that introduce the noun phrase a question asks about, and modifiers too generic to tell two things apart.
_DETERMINERS = frozenset(
    str.split(
        "the a an this that these those my your our their its his her each every any which of for on in at with from "
        "about"
    )
)
_GENERIC_MODIFIERS = frozenset(
    stem(w)
    for w in str.split(
        "new old current latest main first last next previous other same full total usual standard default maximum "
        "minimum average typical regular normal whole entire own general basic extra additional certain specific "
        "particular right wrong good best big small large high low long short early late overall exact "
        "nearest closest cheapest earliest fastest quickest biggest largest smallest longest shortest highest lowest "
        "another further grand "
        # v73: a superlative is what is asked ("the oldest version", "the worst rating"), not a kind of the thing
        "oldest newest worst dearest furthest farthest slowest heaviest lightest "
        # v70: the state a thing is in is no kind of it ("the broken kitchen fan" -- "fit a replacement")
        "broken faulty damaged "
        # v87: what a price list or stock list is of qualifies none of its columns ("the product code for the purple
        # foxgloves" -- "Code: TN-130 | Plant: Foxglove (purple)"; outside check 9)
        "product products item items"
    )
)


# Units a number word counts rather than qualifies ("a half hour", "three quarter miles")
_COUNTED_UNITS = frozenset(stem(w) for w in _TIME_UNITS | frozenset(str.split("mile metre kilometre litre")))
MAX_PHRASE_WORDS = 3
# The auxiliary of an inverted question ("How long WILL the app receive ...", "Why WAS the release delayed?"): the
# subject's noun phrase follows it, and right after that phrase comes the question's verb.
_DO_AUXILIARIES = frozenset(str.split("do does did will would can could must should may might shall"))
_BE_AUXILIARIES = frozenset(str.split("is are was were has have had"))
_AUXILIARIES = _DO_AUXILIARIES | _BE_AUXILIARIES
# Base forms of verbs that follow a question's subject ("does the warranty cover", "will the roof work take place").
_BASE_VERBS = frozenset(
    str.split(
        "accept add affect allow apply arrive ask attend become begin belong bring buy call cancel change charge check "
        "close come contain cost cover deliver depart do earn end expire fall finish follow get give go happen have "
        "hold include issue keep last leave let look make mean measure meet move need offer open pay promise provide "
        "receive refund remain replace report require return run say see sell send serve ship show sit spend stand "
        "start stay stop support take tell use visit wait want weigh win work"
    )
)


def _subject(phrase: list[Token], auxiliary: str, last: bool) -> list[Token]:
    """Return the subject part of the first phrase after an inverted auxiliary, without the verb it ran into.

    After is/was a final participle is the verb ("is the door seal guaranteed"). After do/will/can the verb follows
    the subject: a phrase that ends the question ends in it ("What does the warranty cover?"); otherwise it starts at
    the last base-form verb after the first word ("will the podcast app receive security fixes")."""
    if len(phrase) < 2:
        return phrase
    if auxiliary in _BE_AUXILIARIES:
        return phrase[:-1] if phrase[-1].lower.endswith(("ed", "en", "ing")) else phrase
    if last:
        return phrase[:-1]
    verbs = [i for i in range(1, len(phrase)) if phrase[i].lower in _BASE_VERBS]
    return phrase[: verbs[-1]] if verbs else phrase


def _inverted_auxiliary(tokens: list[Token]) -> int | None:
    """Return the position of the auxiliary an inverted question puts before its subject ("How long WILL ..."), or
    None: it stands among the first four words."""
    return next((i for i, t in enumerate(tokens[:4]) if t.lower in _AUXILIARIES), None)


# A record's flag field: one word naming it, and a value a yes/no column holds ("Approved: Pending" is no yes)
_FLAG_FIELD = re.compile(
    r"(?:^|\|\s*)([A-Za-z][\w-]{0,30}):\s*(yes|no|y|n|true|false|pending|partial|partly|n/a|tbc|tbd|unknown)\s*(?=\||$)",
    re.IGNORECASE,
)
_AFFIRMED = frozenset(("yes", "y", "true"))


def denied_words(tokens: list[Token]) -> frozenset[str]:
    """Return the stems of the question's words right after "not", "n't" or "never" ("Which expenses were not
    approved?" -> approv): what it asks as not true."""
    return frozenset(
        token.stem for before, token in pairwise(tokens) if before.lower in ("not", "n't", "never") and token.content
    )


def flag_contradicted(text: str, terms: frozenset[str], denied: frozenset[str]) -> bool:
    """Return True when a record's one-word flag field is named by a question word and does not say what the
    question asks: "Approved: Yes" for "... not approved?"; "Paid: No" or "Paid: Pending" for "Which invoices were
    paid?" (only a yes affirms; anything but a yes may be "not paid")."""
    for label, value in _FLAG_FIELD.findall(text):
        field = {stem(label.lower())}
        said = value.lower() in _AFFIRMED
        if any(same_word(term, field) and said == (term in denied) for term in terms | denied):
            return True
    return False


_PREDICATE_QUESTION = re.compile(r"^\s*(?:is|are|was|were)\b.*\b([a-z][a-z-]+)\W*$", re.IGNORECASE)
# v65 (batch 27): "do I get paid anything for ...?" -- a sentence that neither says so nor states a sum answers nothing
_GET_PAID = re.compile(
    r"^\s*(?:do|does|will|would|can|could|did|shall)\s+(?:i|we|you|they|he|she|my\s+\w+|our\s+\w+)\s+(?:ever\s+)?"
    r"get\s+(paid|reimbursed|refunded|compensated)\b",
    re.IGNORECASE,
)
_PREDICATE_ADJECTIVES = frozenset(
    stem(word)
    for word in str.split(
        "free open closed available allowed included refundable required necessary compulsory mandatory optional "
        "safe suitable accessible heated covered insured valid transferable permitted cancelled delayed possible "
        "wheelchair-accessible dog-friendly pet-friendly vegetarian vegan halal gluten-free taxable"
    )
)


_FREE_WORD = stem("free")
_PAY_WORD = stem("pay")
_PAID_WORDS = frozenset(stem(word) for word in str.split("paid reimbursed refunded compensated"))
# Predicates a stated sum answers: "Are X free?" (a price says no), "Do I get paid ...?" (a sum says yes)
_PRICED_PREDICATES = _PAID_WORDS | {_FREE_WORD}
_NO_CHARGE = re.compile(
    r"\b(?:at |for )?no (?:extra |additional )?(?:charge|cost)\b|\bfree of charge\b|\bwithout charge\b", re.I
)
_FREE_OF = frozenset(
    stem(word)
    for word in str.split(
        "caffeine gluten sugar alcohol dairy nut fat smoke interest tax duty rent fee hands toll lactose meat plastic "
        "fragrance commission"
    )
)


def asked_predicate(asked: str, focus: dict[str, float]) -> str | None:
    """Return the stem of what an "Is/Are X <adjective>?" question asks of its subject ("Are Greenleaf Produce orders
    free?" -> "free"), or None: a sentence that never says it (or its negation) answers neither yes nor no."""
    paid = _GET_PAID.match(asked)
    if paid is not None and (predicate := stem(paid.group(1).lower())) in focus:
        return predicate
    match = _PREDICATE_QUESTION.match(asked)
    if match is None:
        return None
    word = match.group(1).lower()
    predicate = stem(word)
    if predicate not in focus:
        return None
    before = asked[: match.start(1)].split()[-1:]
    if word == "free" and before and stem(before[0].lower()) in _FREE_OF:
        return stem(before[0].lower())  # "Is the decaf totally caffeine free?" asks about caffeine, not a price
    if predicate in _PREDICATE_ADJECTIVES or word.endswith(("able", "ible")):
        return predicate
    return None


# The question words both subject patterns open with, and the determiner before the subject
_SUBJECT_ASKS = r"what\s+time|what\s+day|what\s+date|which\s+day|which\s+date|when|how\s+long|how\s+often"
_SUBJECT_DETERMINER = r"(?:the\s+|a\s+|an\s+|this\s+|that\s+|my\s+|our\s+|your\s+|their\s+|his\s+|her\s+)?"
_WH_SUBJECT = re.compile(
    rf"^\s*(?:{_SUBJECT_ASKS}|how\s+early|how\s+late|how\s+much|how\s+many\s+[a-z]+(?:\s+of\s+[a-z]+)?|where|what)\s+"
    rf"(?:does|do|did|will|would|can|could|should|must)\s+{_SUBJECT_DETERMINER}([a-z][a-z'-]+)\s+([a-z][\w'-]*)"
)
# v69: the subject of "how much / when / where / what time" + a form of "be" ("How much are goggles at reception?",
# "When is the summer show?"): the thing the question is about, which the sentence, its section or the title must name
_BE_SUBJECT = re.compile(
    rf"^\s*(?:{_SUBJECT_ASKS}|how\s+much|where)\s+(?:is|are|was|were|will\s+be)\s+{_SUBJECT_DETERMINER}"
    r"([a-z][a-z'-]+)(?:\s+([a-z][\w'-]*))?"
)
_NO_SUBJECT = frozenset(
    str.split(
        "i you we they he she it there this that these those me us them someone anyone one it's "
        "i'm we're you're they're next last first second third new old main best latest earliest current usual "
        "standard minimum maximum total whole full annual monthly weekly daily other same only each every any all "
        "most more least less closest nearest cheapest biggest largest smallest "
        "fastest quickest lowest highest longest shortest gallon gallons litre litres liter liters bag bags box boxes "
        "pack packs bottle bottles pair pairs piece pieces cup cups unit units item items money"
    )
    # the people a letter or notice is written to, who read it as "you" ("Where should families of Class 4 collect
    # their child?" -- "Dear families of Class 4, ... please collect your child from the library")
    + str.split(
        "families parents pupils students children kids passengers patients drivers applicants volunteers players "
        "clients householders households travellers"
    )
)


# The sums a "how much is the ...?" question asks for by name ("How much is the fine for late pick-up?" -- "A late fee
# of £5"): the sum answers, whatever the document calls it (v69)
_SUMS_ASKED = frozenset(stem(w) for w in str.split("fine fines penalty penalties fare fares rate rates"))
# Stems that are never the subject subject_of requires: who reads the notice, the asker's kin, the sum asked
_NOT_SUBJECTS = AUDIENCE | _RELATIVES | _MONEY_WORDS | _SUMS_ASKED


_PHRASE_WORDS = 3  # a subject's noun phrase, after the determiner and any partitive, is at most this long


def _phrase_head(word: str, following: str, after: list[str]) -> str | None:
    """Return the last word of a subject's noun phrase that runs into its verb further on ("when does the co alarm
    battery run out" -> battery; "how long can the bits of christmas tree be" -> tree), or None when no verb follows
    the phrase within _PHRASE_WORDS words, or the phrase holds a word that is no noun's modifier."""
    words = [word, following, *after]
    start = 2 if word in _PARTITIVES and following == "of" else 0
    for index in range(start + 1, min(len(words), start + _PHRASE_WORDS + 1)):
        if words[index] in _BASE_VERBS or words[index] in ("be", "been"):
            phrase = words[start:index]
            if start == 0 and index == 1:
                return None  # the word itself runs into the verb: no phrase
            if any(w in _AFTER_SUBJECT_VERB or w in _NO_SUBJECT or _ing_participle(w) for w in phrase[1:]):
                return None
            return phrase[-1]
    return None


# Nouns that end in -ing like a participle: "the wednesday evening rides", "the next board meeting", "the wedding
# flowers" run on to their head noun (v88: "evening" had ended the phrase, and the rides asked about went unchecked)
_ING_NOUNS = frozenset(
    str.split(
        "morning evening meeting building wedding ceiling parking heating clothing booking training spring string "
        "thing ring king wing swing bedding railing flooring lighting plumbing housing pudding icing filling "
        "stuffing topping seasoning dressing"
    )
)


# Words that say when a thing happens, never what it is, at the start of a subject's phrase
_WHEN_WORDS = _WEEKDAYS | MONTHS | frozenset(str.split("morning afternoon evening night daily"))


def _ing_participle(word: str) -> bool:
    """Return True when a word of a noun phrase reads as a participle ("visiting"), not an -ing noun ("evening")."""
    return word.endswith("ing") and word not in _ING_NOUNS


def subject_of(asked: str, focus: dict[str, float]) -> tuple[str, ...]:
    """Return the stems that name the subject of a wh-question's verb ("What time does school start?" -> school,
    "When do the games kick off?" -> game; v83: a longer noun phrase's first and last word, either of which names it:
    "when does the co alarm battery run out" -> co, battery), or (): a pronoun, the asker, or a word the focus does not
    weigh. People (AUDIENCE), relatives and money words are checked as stems (_NOT_SUBJECTS), so _NO_SUBJECT does not
    list them."""
    match = _WH_SUBJECT.match(asked) or _BE_SUBJECT.match(asked)
    if match is None:
        return ()
    word, following = match.group(1), match.group(2) or ""
    after = asked[match.end() :].split()
    next_word = after[0].strip("?,.!") if after else ""
    # a participle ends the question or runs into its preposition ("is the photographer visiting?"); "planning" in
    # "the next planning meeting" is a noun's modifier
    participle = next_word.endswith("ing") and (len(after) == 1 or after[1] in _AFTER_SUBJECT_VERB)
    verb_next = next_word in _BASE_VERBS or participle
    if verb_next and following not in _BASE_VERBS and not following.endswith("ing"):
        word = following  # v71: the verb two words on makes the second the head ("does a replacement filter cost")
    head = _phrase_head(word, following, [w.strip("?,.!") for w in after]) if not verb_next and following else None
    if any(char.isdigit() for char in word + following):
        return ()  # one named by a code ("What does error E3 mean?"): the code is checked as a name
    words: tuple[str, ...] = (word,)
    if head is not None and head != word:
        # v88: a day or a time of day opening the phrase says when, the head what ("the wednesday evening rides")
        words = (head,) if word in _PARTITIVES or word in _WHEN_WORDS else (word, head)
    stems = (stem(w) for w in words if w not in _NO_SUBJECT and w not in _BASE_VERBS)
    return tuple(s for s in stems if s in focus and s not in _NOT_SUBJECTS)


def asks_yes_no(question: str) -> bool:
    """Return True for a yes/no question: it opens with its auxiliary ("Is ...?", "Can I ...?", "Am I ...?"), after
    the situation told before it, if any ("There are scuffs on the walls. Should we repaint before we go?")."""
    first = tokenize(asked_clause(question)[:40])[:1]
    return bool(first) and (first[0].lower in _AUXILIARIES or first[0].lower == "am")


# Words that follow the verb of a "What goes into ...?" question, never a plural noun ("What rules apply?").
_AFTER_SUBJECT_VERB = frozenset(
    str.split("into in on at with to from for the a an of by up out off this that these those")
)


# Words between a question's verb and the thing it acts on ("bring my dog", "pay by card", "keep using the app")
_BEFORE_OBJECT = frozenset(
    str.split("my our your their his her its the a an some any this that these those by with for")
)


_ASPECT_VERBS = frozenset(stem(word) for word in str.split("keep start stop continue finish avoid try go"))


def acted_on(tokens: Sequence[Token], verb: str | None) -> str | None:
    """Return the stem of the first word a yes/no question's main verb acts on ("Can I bring my dog ...?" -> dog), or
    None: no verb, or nothing after it but filler and other verbs."""
    if verb is None:
        return None
    places = [index for index, token in enumerate(tokens) if token.stem == verb]
    if not places:
        return None
    at = places[-1]  # "Do you do wedding videos?": the verb, not the auxiliary
    for index, token in enumerate(tokens[at + 1 :], start=at + 1):
        if token.lower in _BEFORE_OBJECT or (index == at + 1 and verb in _ASPECT_VERBS and token.lower.endswith("ing")):
            continue  # "keep using the app": the verb's own verb is passed over
        return token.stem if token.content and not token.numeric else None
    return None


def question_verb(tokens: list[Token]) -> str | None:
    """Return the stem of a question's main verb, or None: the first base-form verb after do/will/can ("What
    availability does Ledgerly promise?"), the first participle after is/was ("Why was the release delayed?"), a past
    verb after "who" ("Who carried out the audit?").
    Documents state what is asked in their own verbs ("will make the service available", "moves to 31 March")."""
    if len(tokens) > 2 and tokens[0].lower == "who" and tokens[1].lower.endswith("ed") and tokens[1].content:
        return tokens[1].stem  # "Who carried out the audit?"
    if (
        len(tokens) > 2
        and tokens[0].lower in ("what", "who")
        and tokens[1].content
        and tokens[1].lower.endswith("s")
        and tokens[2].lower in _AFTER_SUBJECT_VERB
    ):
        return tokens[1].stem  # "What goes into the sauce?", "Who signs the form?"
    at = _inverted_auxiliary(tokens)
    if at is None:
        return None
    after = tokens[at + 2 :]  # the subject takes at least one word
    if tokens[at].lower in _BE_AUXILIARIES:
        if at >= 2 and _fronts_the_object(tokens) and at + 1 < len(tokens) and _participle(tokens[at + 1]):
            return tokens[at + 1].stem  # the asked thing is the subject: "How much experience is required?"
        verb = next((t for t in after if _participle(t)), None)
    else:
        verb = next((t for t in after if t.lower in _BASE_VERBS), None)
        last = tokens[-1]
        if (
            verb is None
            and len(tokens) > at + 2
            and tokens[at + 1].lower in _ARTICLES
            and _fronts_the_object(tokens)
            and last.content
            and not (last.capitalized or last.numeric or last.lower.endswith("s"))
        ):
            verb = last  # a question ends in its verb: "How many people will the team leader manage?"
    return verb.stem if verb is not None else None


def _fronts_the_object(tokens: list[Token]) -> bool:
    """Return True when the question opens with the thing it asks about ("What will the plan cover?", "How many
    people will the team leader manage?", "How much experience is required?"): after do/will the question then ends
    in its verb, after is/are a participle may follow at once; "Can my son hire a bike?" opens with neither."""
    first = tokens[0].lower
    return first in ("what", "which", "who", "whom", "whose") or (
        first == "how" and len(tokens) > 1 and tokens[1].lower in ("many", "much")
    )


def _participle(token: Token) -> bool:
    """Return True for a past participle: "delayed", "given", or an irregular one ("spent", "kept", "held")."""
    if not token.content or token.capitalized:
        return False
    return token.lower.endswith(("ed", "en")) or (token.stem in _IRREGULAR and token.stem != _IRREGULAR[token.stem])


_WH_OPENERS = frozenset(("who", "what", "which", "how"))


def _opening_copula(tokens: list[Token], index: int) -> bool:
    """Return True for the "is" of "Who is vice chair ...?" / "What is late check-out?" and the "many" of "How many
    sick days ...?": a role or thing named without a determiner starts after it, as after "the"."""
    if index == 1 and tokens[0].lower == "how" and tokens[1].lower in ("many", "much"):
        return True
    return index in (1, 2) and tokens[index].lower in ("is", "are", "was", "were") and tokens[0].lower in _WH_OPENERS


def noun_phrases(tokens: list[Token], focus: dict[str, float]) -> tuple[tuple[str, str], ...]:
    """Return (modifier, head) pairs of the question's noun phrases: the content words after a determiner, the
    last one the head ("the carbon filter" -> (carbon, filter)). Generic adjectives ("new", "maximum"),
    participles ("promised") and names (checked on their own) are not required modifiers, but the participles of the
    thing a "how many" question counts are (v96: "how many disabled parking spaces"), and the verb an inverted
    question's subject runs into is no head ("will the podcast app receive" -> (podcast, app))."""
    pairs: list[tuple[str, str]] = []
    at = _inverted_auxiliary(tokens)
    auxiliary = tokens[at].lower if at is not None else None
    index = 0
    while index < len(tokens):
        if tokens[index].lower not in _DETERMINERS and not _opening_copula(tokens, index):
            index += 1
            continue
        end = index + 1
        # A phrase is at most MAX_PHRASE_WORDS words, up to a number: a longer run has usually crossed into the
        # verb ("the first weekday bus leave Hillcrest Park").
        while (
            end < len(tokens)
            and end - index <= MAX_PHRASE_WORDS
            and tokens[end].content
            and not tokens[end].numeric
            and tokens[end].lower not in _PREPOSITIONS
        ):
            end += 1
        phrase = tokens[index + 1 : end]
        cut = end < len(tokens) and end - index > MAX_PHRASE_WORDS and tokens[end].content and not tokens[end].numeric
        # "is the garden waste bin collected": the participle after an inverted "is" is the verb the phrase ran into
        if (
            cut
            and tokens[end].lower not in _BASE_VERBS
            and not (auxiliary in _BE_AUXILIARIES and _participle(tokens[end]))
        ):
            # Four content words in a row ("an hour-long solo walk"): where the phrase ends is not known.
            index = end
            continue
        if auxiliary is not None and index > (at or 0) and phrase:
            phrase = _subject(phrase, auxiliary, end == len(tokens))
            auxiliary = None  # only the first phrase after the auxiliary is its subject
        # v96: "How many disabled parking spaces ...?": the words before the thing counted say which of them are
        # counted, participles too (a count of all the spaces is no count of the disabled ones)
        counted = index == 1 and tokens[0].lower == "how" and tokens[1].lower == "many"
        if len(phrase) >= 2:
            head = phrase[-1].stem
            for word in phrase[:-1]:
                participle = word.lower.endswith(("ed", "ing")) and not counted
                if (
                    word.stem in focus
                    and word.stem not in _GENERIC_MODIFIERS
                    # v73: "four and a half hours" counts hours ("a half plot" is a kind of plot)
                    and not (word.lower in NUMBER_WORDS and head in _COUNTED_UNITS)
                    and head not in _ASKING  # v73: "the house got the worst rating": "got" is the verb, no head
                    and not participle
                    and word.stem != head
                ):
                    pairs.append((word.stem, head))
        index = max(end, index + 1)
    return tuple(pairs)


def question_tokens(question: str) -> list[Token]:
    """Return the question's tokens (re-exported so callers need one import)."""
    return tokenize(question)
