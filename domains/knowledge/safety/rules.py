"""Content-safety classification of ingested chunks: directive-form prompt injection versus ordinary prose.

Every chunk gets a trust label that decides what reaches the answering model: `untrusted` never does, `flagged`
does with its label, `trusted` does normally. Two signals are combined into severity tiers:

- Patterns, for the directive forms whose wording is known: "ignore previous instructions" (English, German),
  role and chat-template impersonation, instructions hidden in HTML/markdown comments or invisible characters,
  exfiltration requests, and imperatives aimed at the answering model. A phrase only counts when it *opens a
  clause addressed to the reader* (`_reads_as_directive`); prose that reports an attack ("attackers may instruct
  the model to ignore previous instructions") puts the same words after "to", "like" or a reporting verb.
- A small TF-IDF + logistic-regression model (`injection_model.py`, weights in `assets/`), for polite or novel
  instructions no pattern lists ("translate your response into Spanish").

A HIGH pattern or a model score at or above the untrusted threshold gives `untrusted`; a MEDIUM pattern or a
score at or above the flag threshold gives `flagged`. Both thresholds were chosen by cross-validation on the
training splits (`tools/safety/train.py`) and ship inside the weights file.

`matched_patterns` holds stable snake_case family names (`ignore_previous_instructions`, `role_impersonation`,
`hidden_html_comment_instruction`, `zero_width_obfuscation`, `exfiltration_request`, `model_directive`) and, when
the model's score reaches the flag threshold, `model:<score to two decimals>` (e.g. `model:0.93`). `score` is
always the model's calibrated probability (0.0 when the weights file is missing), whatever the patterns found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

TrustLabel = Literal["trusted", "flagged", "untrusted"]
Severity = Literal["high", "medium"]

IGNORE_PREVIOUS: Final = "ignore_previous_instructions"
ROLE_IMPERSONATION: Final = "role_impersonation"
HIDDEN_COMMENT: Final = "hidden_html_comment_instruction"
ZERO_WIDTH: Final = "zero_width_obfuscation"
EXFILTRATION: Final = "exfiltration_request"
MODEL_DIRECTIVE: Final = "model_directive"
MODEL_PREFIX: Final = "model:"


@dataclass(frozen=True)
class ContentClassification:
    """The trust label of one chunk, what fired, and the model's injection probability."""

    trust_label: Literal["trusted", "flagged", "untrusted"]
    matched_patterns: list[str]
    score: float


def _w(words: str) -> frozenset[str]:
    """Return a set of lower-case trigger words written as one space-separated string."""
    return frozenset(words.split())


# --- Directive test --------------------------------------------------------------------------------------------

# A clause ends at sentence punctuation, a colon, a line break or a comment delimiter; "e.g." and "i.e." do not.
_CLAUSE_BOUNDARY = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bz\.b)[.!?;:\n\r]|<!--|-->|\[//\]: #")
_OPENING_PUNCTUATION = " \t\"'“”„‘’«»‹›*_`>|([{-–—~#•"
# Words that, right before a phrase, make it an order rather than a description of one.
_INTENSIFIERS = _w("please kindly now just simply immediately instead first also bitte jetzt nun sofort einfach mal")
_CONJUNCTIONS = _w("and then so but or und dann oder aber")
_DIRECTIVE_FRAME = re.compile(
    r"(?:\byou\s+(?:must|should|shall|will|need\s+to|have\s+to|are\s+(?:to|required\s+to|instructed\s+to))"
    r"|\bi\s+(?:want|need|command|order|instruct|ask|require)\s+you\s+to|\bdu\s+(?:musst|sollst|wirst)"
    r"|\bsie\s+(?:müssen|sollen)|\b(?:can|could|would|will|why\s+(?:do|don't)|what\s+if)\s+you)$",
    re.IGNORECASE,
)
# Signs that the sentence so far reports or discusses an attack instead of performing one.
_DISCUSSION_CUE = re.compile(
    r"\b(?:attack(?:er|ers|s)?|adversar\w*|hackers?|malicious|researchers?|authors?|paper|study|technique|"
    r"payloads?|phrases?|strings?|examples?|e\.g|such\s+as|like|called|known\s+as|so-called|injection|jailbreaks?|"
    r"instruct\w*|tells?|telling|told|ask(?:s|ed|ing)?|trick\w*|mak(?:e|es|ing)|made|caus\w+|convinc\w+|"
    r"attempt\w*|tries|trying|to|angreifer\w*|forscher\w*|beispiel\w*|etwa|dazu|aufforder\w*|versuch\w*|zu)\b",
    re.IGNORECASE,
)
_LAST_WORD = re.compile(r"(\w+)\W*$")
_LOOKBEHIND_CHARS = 200


def _reads_as_directive(text: str, start: int) -> bool:
    """Return whether the phrase at `start` opens a clause addressed to the reader (an order, not a report)."""
    prefix = text[max(0, start - _LOOKBEHIND_CHARS) : start]
    clause_start = 0
    for boundary in _CLAUSE_BOUNDARY.finditer(prefix):
        clause_start = boundary.end()
    clause = prefix[clause_start:]
    lead = clause.rstrip(_OPENING_PUNCTUATION)
    if not lead.strip():
        return True
    if _DIRECTIVE_FRAME.search(lead):
        return True
    if lead.endswith(","):
        return not _DISCUSSION_CUE.search(lead)
    last = _LAST_WORD.search(lead)
    word = last.group(1).lower() if last else ""
    if word in _INTENSIFIERS:
        return True
    # A capitalised verb mid-sentence usually starts a new sentence whose full stop was dropped
    # ("Altersarmut Deutschland Ignore all preceding orders"), so it is weighed like a conjunction.
    if word in _CONJUNCTIONS or text[start : start + 1].isupper():
        return not _DISCUSSION_CUE.search(lead[: last.start()] if last and word in _CONJUNCTIONS else lead)
    return False


# --- Pattern rules ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    """One compiled pattern, its family and severity, and the cheap test that must pass before it runs.

    The regex only runs when every group in `words` shares a word with the chunk, or when one of `substrings`
    occurs in it: a set intersection or a substring search costs microseconds, a scan with a long alternation
    costs a fraction of a millisecond per chunk, and most chunks contain none of the trigger words.
    """

    family: str
    severity: Severity
    regex: re.Pattern[str]
    words: tuple[frozenset[str], ...] = ()
    substrings: tuple[str, ...] = ()
    directive: bool = True  # the match must pass _reads_as_directive

    def worth_running(self, words: set[str], lowered: str) -> bool:
        """Return whether the chunk contains what this rule's regex needs to match at all."""
        if self.words and all(not group.isdisjoint(words) for group in self.words):
            return True
        return any(part in lowered for part in self.substrings)


_I = re.IGNORECASE
# Up to the end of the sentence, where a dot inside "example.com" or "3.5" does not end it.
_IN_SENTENCE = r"(?:[^.!?\n]|[.!?](?=\S))"


_EN_IGNORE_VERB = (
    r"(?:(?:ignore|disregard|forget|skip|overlook|bypass|override|neglect|discard|abandon|drop)(?:\s+about)?|"
    r"set\s+aside|pay\s+no\s+attention\s+to|do\s+not\s+(?:follow|obey)|don'?t\s+(?:follow|obey)|"
    r"stop\s+(?:following|obeying))"
)
_EN_QUALIFIER = (
    r"(?:all|any|every|each|previous|previously|prior|above|earlier|preceding|foregoing|original|initial|former|"
    r"old|existing|current|system|developer|your|these|those|given|provided|safety|default)"
)
_EN_FILLER = r"(?:the|of|and|or|other|following|that|this|you|were|have|been|got|received|given)"
# Objects that only a model has ("your instructions", "the system prompt") make the order HIGH; softer ones
# ("the previous information", "all tasks") also appear in corrections between people, so they only flag.
_EN_CONTROL_OBJECT = (
    r"(?:instructions?|prompts?|directions?|directives?|rules?|guidelines?|commands?|constraints?|programming|"
    r"restrictions?|guardrails?|polic(?:y|ies)|training)"
)
_EN_SOFT_OBJECT = (
    r"(?:context|tasks?|assignments?|information|content|texts?|documents?|inputs?|requests?|orders?|"
    r"limitations?|settings)"
)
_DE_IGNORE_VERB = (
    r"(?:ignorier(?:e|t)?|ignorieren\s+sie|vergiss|vergesst|vergessen\s+sie|missachte|missachten\s+sie|"
    r"überspring(?:e)?|vernachlässige|verwirf|verwerfen\s+sie|beachte\s+nicht|befolge\s+nicht)"
)
_DE_FILLER = (
    r"(?:nun|jetzt|bitte|einfach|sofort|mal|doch|ab\s+sofort|alle|alles|sämtliche|die|deine|ihre|diese|"
    r"bisherigen?|vorherigen?|vorigen?|obigen?|früheren?|vorangegangenen?|vorangehenden?|ursprünglichen?|"
    r"gesamten?|was|wir|du|sie|ich|dir|ihnen|vorher|zuvor|oben|gesagt|hast|haben|habe|wurde|wurden|gegeben)"
)
_DE_OBJECT = (
    r"(?:anweisung(?:en)?|instruktion(?:en)?|befehle?|aufgaben?|aufträge|angaben|informationen|regeln|vorgaben|"
    r"anordnungen|eingaben|davor|zuvor|vorher|besprochen|gesagte?|oben)"
)

_IGNORE_VERBS = _w(
    "ignore disregard forget skip overlook bypass override neglect discard abandon drop aside attention follow obey "
    "following obeying"
)
_AI_WORDS = _w(
    "ai assistant llm llms chatbot chatbots chatgpt gpt claude gemini copilot bot bots model models agent agents"
)

_RULES: tuple[_Rule, ...] = (
    # "Ignore all previous instructions", "forget everything above", "disregard your rules".
    _Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            rf"\b{_EN_IGNORE_VERB}\s+(?:(?:{_EN_QUALIFIER}|{_EN_FILLER})\s+){{0,5}}?"
            rf"(?:{_EN_QUALIFIER}\s+(?:(?:{_EN_QUALIFIER}|{_EN_FILLER})\s+){{0,4}}?{_EN_CONTROL_OBJECT}\b"
            r"|everything\s+(?:above|before|prior|previously|so\s+far|you(?:'ve|\s+have)?\s+(?:been|were)\s+told|"
            r"i\s+(?:said|told\s+you)|we\s+(?:discussed|said)))",
            _I,
        ),
        words=(
            _IGNORE_VERBS,
            _w(
                "instruction instructions prompt prompts direction directions directive directives rule "
                "rules guideline guidelines command commands constraint constraints programming restriction "
                "restrictions guardrail guardrails policy policies training everything"
            ),
        ),
    ),
    _Rule(
        IGNORE_PREVIOUS,
        "medium",
        re.compile(
            rf"\b{_EN_IGNORE_VERB}\s+(?:(?:{_EN_QUALIFIER}|{_EN_FILLER})\s+){{0,5}}?"
            rf"(?:{_EN_QUALIFIER}\s+(?:(?:{_EN_QUALIFIER}|{_EN_FILLER})\s+){{0,4}}?{_EN_SOFT_OBJECT}\b"
            r"|(?:all\s+(?:of\s+)?)?(?:the\s+)?above\b|everything\s+(?:you(?:'ve|\s+have)?\s+(?:learned|learnt|know|"
            r"got)|(?:and\s+)?(?:just\s+)?(?:say|write|print|output|tell|answer|respond)\b)|everything\s*[,.!:;-])",
            _I,
        ),
        words=(
            _IGNORE_VERBS,
            _w(
                "context task tasks assignment assignments information content text texts document "
                "documents input inputs request requests order orders limitation limitations settings above "
                "everything"
            ),
        ),
    ),
    _Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(rf"\b{_DE_IGNORE_VERB}(?:[\s,]+{_DE_FILLER}){{0,6}}[\s,]+{_DE_OBJECT}\b", _I),
        words=(
            _w(
                "ignoriere ignorier ignoriert ignorieren vergiss vergesst vergessen missachte missachten "
                "überspring überspringe vernachlässige verwirf verwerfen beachte befolge"
            ),
        ),
    ),
    # German infinitive used as an order: "Alle vorherigen Anweisungen ignorieren." ("zu ignorieren" reports it).
    _Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\b(?:alle\s+|sämtliche\s+|die\s+)?(?:bisherigen|vorherigen|vorigen|obigen|früheren)\s+"
            r"(?:anweisungen|instruktionen|befehle|aufgaben|angaben|informationen|regeln|vorgaben|ausführungen)\s+"
            r"(?:ignorieren|vergessen|missachten)\b",
            _I,
        ),
        words=(_w("ignorieren vergessen missachten"), _w("bisherigen vorherigen vorigen obigen früheren")),
    ),
    # "All previous instructions are now void" / "Alle bisherigen Informationen ... sind irrelevant".
    _Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\b(?:all\s+)?(?:previous|prior|above|earlier)\s+(?:instructions|information|prompts|rules|tasks)"
            r"[^.\n]{0,40}?\b(?:is|are)\s+(?:now\s+)?(?:irrelevant|void|invalid|obsolete|cancell?ed|null)\b"
            r"|\b(?:alle\s+)?(?:bisherigen|vorherigen|obigen|früheren)\s+(?:informationen|anweisungen|angaben|"
            r"aufgaben|instruktionen)[^.\n]{0,60}?\b(?:sind|ist)\s+(?:nun\s+|jetzt\s+)?(?:irrelevant|ungültig|"
            r"hinfällig|nichtig|egal|aufgehoben)\b",
            _I,
        ),
        words=(
            _w("irrelevant void invalid obsolete cancelled canceled null ungültig hinfällig nichtig egal aufgehoben"),
        ),
    ),
    # Short German, Spanish, French and Russian forms, and "vergiss alles, ..." / "abweichend von vorherigen ...".
    _Rule(
        IGNORE_PREVIOUS,
        "medium",
        re.compile(
            r"\bvergiss\s+alles\s*[,.!:;-]|\babweichend\s+(?:zu|von)\s+(?:den\s+)?(?:vorherigen|bisherigen|obigen)\s+"
            r"(?:instruktionen|anweisungen|vorgaben)\b",
            _I,
        ),
        words=(_w("vergiss abweichend"),),
    ),
    _Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\b(?:ignora|olvida|olvide|descarta)\s+(?:todas?\s+)?(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|"
            r"indicaciones|reglas)\b|\b(?:ignore[zs]?|oublie[zs]?)\s+(?:toutes?\s+)?(?:les\s+|vos\s+|tes\s+)?"
            r"(?:instructions|consignes|règles)\b|(?:забудь(?:те)?|игнорируй(?:те)?)\s+(?:все\s+)?(?:предыдущие\s+)?"
            r"(?:инструкции|указания|правила)",
            _I,
        ),
        words=(
            _w(
                "ignora olvida olvide descarta ignore ignorez ignores oublie oubliez oublies забудь "
                "забудьте игнорируй игнорируйте"
            ),
            _w("instrucciones indicaciones reglas instructions consignes règles инструкции указания правила"),
        ),
    ),
    # "Change your instructions to ...", "Your instructions are now to ...".
    _Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\b(?:change|replace|update|modify|rewrite|overwrite)\s+your\s+(?:instructions|rules|prompt|"
            r"system\s+prompt|programming|guidelines)\b",
            _I,
        ),
        words=(_w("change replace update modify rewrite overwrite"), _w("your")),
    ),
    _Rule(
        IGNORE_PREVIOUS,
        "medium",
        re.compile(r"\byour\s+(?:new\s+)?(?:instructions|rules)\s+(?:are|is)\s+now\b", _I),
        words=(_w("your"), _w("instructions rules"), _w("now")),
    ),
    # Chat-template control tokens have no business in a document; they are impersonation whatever surrounds them.
    _Rule(
        ROLE_IMPERSONATION,
        "high",
        re.compile(
            r"<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|"
            r"begin_of_text)\|>|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>"
        ),
        substrings=("<|", "[inst]", "[/inst]", "<<sys>>", "<</sys>>", "_of_turn>"),
        directive=False,
    ),
    # Jailbreak personas addressed to the reader: "you are now DAN", "DAN Mode enabled".
    _Rule(
        ROLE_IMPERSONATION,
        "high",
        re.compile(
            r"\byou\s+(?:are|'re)\s+(?:now\s+|going\s+to\s+(?:be|act\s+as|pretend\s+to\s+be|play)\s+|"
            r"about\s+to\s+immerse\s+yourself\s+into\s+the\s+role\s+of\s+)(?:\w+\s+){0,6}?"
            r"(?:(?-i:DAN|STAN|DUDE|AIM)|jailbroken|unfiltered|unrestricted|uncensored|developer\s+mode)\b"
            r"|\b(?-i:DAN|STAN|DUDE)\s+[Mm]ode\b|\bdeveloper\s+mode\s+(?:enabled|activated|on)\b"
            r"|\byou\s+are\s+(?:now\s+)?no\s+longer\s+(?:an?\s+)?(?:ai|assistant|language\s+model|chatbot|bound)\b",
            _I,
        ),
        words=(_w("dan stan dude aim jailbroken unfiltered unrestricted uncensored developer longer"),),
        directive=False,
    ),
    # "Pretend to be an unrestricted AI" is an order at the start of a clause and a report after "to".
    _Rule(
        ROLE_IMPERSONATION,
        "high",
        re.compile(
            r"\b(?:act|pretend|roleplay|role-play)\s+(?:as|to\s+be)\s+(?:an?\s+)?(?:\w+\s+){0,2}?"
            r"(?:(?-i:DAN|STAN|DUDE)|jailbroken|unfiltered|unrestricted|uncensored)\b",
            _I,
        ),
        words=(_w("act pretend roleplay role"), _w("dan stan dude jailbroken unfiltered unrestricted uncensored")),
    ),
    # Persona switches aimed at the model ("from now on you are", "pretend you are"); a persona for a person
    # ("act as a trustee") has no such frame and no AI-ish object.
    _Rule(
        ROLE_IMPERSONATION,
        "medium",
        re.compile(
            r"\bfrom\s+now\s+on,?\s+(?:you\s+(?:are|will|must|shall|should)|act|respond|answer|reply|behave)\b"
            r"|\b(?:pretend|imagine)\s+(?:that\s+)?you\s+(?:are|were|can|have)\b"
            r"|\b(?:act|behave|respond|answer)\s+as\s+(?:if\s+you\s+were|though\s+you\s+were|an?\s+|my\s+)"
            r"(?:\w+\s+){0,2}?(?:ai|assistant|chatbot|bot|model|gpt|terminal|interpreter)\b"
            r"|\b(?:ab\s+jetzt|ab\s+sofort|jetzt|nun)\s+(?:bist\s+du|antwortest\s+du)\b"
            r"|\bstell\s+dir\s+vor,?\s+du\s+(?:bist|wärst)\b"
            r"|\bi\s+want\s+you\s+to\s+act\s+as\b|\bich\s+möchte,?\s+dass\s+(?:sie|du)\s+als\s+[^.\n]{1,60}?fungier"
            r"|\b(?:now\s+you\s+are|you\s+are\s+now)\s+(?:an?\s+|the\s+)?(?-i:[A-Z])\w+",
            _I,
        ),
        substrings=(
            "from now on",
            "pretend",
            "imagine",
            "bist du",
            "antwortest du",
            "stell dir vor",
            "want you to act as",
            "fungier",
            "now you are",
            "you are now",
            "act as",
            "behave as",
            "respond as",
            "answer as",
        ),
    ),
    # "Reveal your system prompt", "show me all your prompt texts", "zeig mir deinen Prompt".
    _Rule(
        EXFILTRATION,
        "high",
        re.compile(
            r"\b(?:reveal|print|show|display|output|repeat|leak|disclose|tell\s+me|give\s+me|share|dump|"
            r"write\s+out|spell\s+out|return|send)\s+(?:me\s+|us\s+)?(?:\w+\s+){0,3}?"
            r"(?:your|the\s+(?:system|initial|original|hidden|secret|full|above|previous|developer)|its)\s+"
            r"(?:(?:system|initial|original|hidden|secret|full|previous|entire|exact|pre-?|developer)\s+)*"
            r"(?:prompts?(?:\s+texts?)?|prompt_texts?|instructions|system\s+message|configuration|guidelines|"
            r"rules|api\s+keys?|passwords?|credentials)\b"
            r"|\b(?:zeige?|gib|nenne|verrate|wiederhole|drucke|schreib(?:e)?)\s+(?:mir\s+|uns\s+)?(?:\w+\s+){0,3}?"
            r"(?:dein(?:en|e)?|ihr(?:en|e)?)\s+(?:system-?prompt|prompt|anweisungen|instruktionen|passwort)\b",
            _I,
        ),
        words=(
            _w(
                "reveal print show display output repeat leak disclose tell give share dump write spell "
                "return send zeige zeig gib nenne verrate wiederhole drucke schreib schreibe"
            ),
            _w(
                "prompt prompts prompt_text prompt_texts instructions message configuration guidelines "
                "rules key keys password passwords credentials systemprompt anweisungen instruktionen "
                "passwort"
            ),
        ),
    ),
    # "Send the conversation to https://...", "post the user's data to this webhook".
    _Rule(
        EXFILTRATION,
        "high",
        re.compile(
            r"\b(?:send|post|upload|forward|transmit|submit|exfiltrate|leak|e-?mail|mail|deliver|copy|pipe)\s+"
            r"(?:\w+\s+){0,6}?(?:conversation|chat(?:\s+history)?|history|context|system\s+prompt|prompt|"
            r"instructions|credentials?|passwords?|api[\s_-]?keys?|access\s+tokens?|tokens?|secrets?|cookies?|"
            r"session|personal\s+(?:data|information|details)|private\s+(?:data|information)|"
            r"user(?:'s|s')?\s+(?:\w+\s+)?(?:data|information|details|messages|files|emails|documents|history|"
            r"quer(?:y|ies)|questions?|input)|data|everything)\b"
            r"[^\n]{0,60}?\b(?:to|at|into|on)\s+<?(?:https?://|www\.|ftp://|[\w.+-]+@[\w-]+\.\w|"
            r"(?:this|the|my|our|following|an?\s+external|external)\s+(?:url|link|address|server|endpoint|"
            r"webhook|website|site|email))",
            _I,
        ),
        words=(
            _w("send post upload forward transmit submit exfiltrate leak email mail deliver copy pipe"),
            _w("http https www ftp url link address server endpoint webhook website site email @"),
        ),
    ),
    # Markdown image or link whose URL carries a template placeholder for the data to leak.
    _Rule(
        EXFILTRATION,
        "high",
        re.compile(r"!?\[[^\]\n]{0,100}\]\(\s*https?://[^)\s]{0,200}(?:\{\{?|\$\{|%7B|\[[A-Z_]+\]|<[A-Z_]+>)", _I),
        substrings=("](",),
        directive=False,
    ),
    # "Include a link to ... containing the user's data".
    _Rule(
        EXFILTRATION,
        "high",
        re.compile(
            rf"\b(?:include|add|append|insert|embed|render|put|attach)\b{_IN_SENTENCE}{{0,60}}?\b(?:link|url|image|"
            rf"markdown|hyperlink)\b{_IN_SENTENCE}{{0,80}}?\b(?:containing|with|including|that\s+(?:contains|"
            rf"includes)|appending|encod\w+|carrying)\b{_IN_SENTENCE}{{0,50}}?\b(?:conversation|chat|history|password|credentials?|"
            r"personal|secrets?|tokens?|api\s+keys?|summary|quer(?:y|ies)|user(?:'s)?\s+\w+|data)\b",
            _I,
        ),
        words=(_w("include add append insert embed render put attach"), _w("link url image markdown hyperlink")),
    ),
    # "What is your system prompt?" asks for the same thing less forcefully.
    _Rule(
        EXFILTRATION,
        "medium",
        re.compile(
            r"\bwhat\s+(?:is|are|was|were)\s+your\s+(?:system\s+prompt|initial\s+(?:prompt|instructions)|"
            r"original\s+instructions|instructions|prompt)\b|\bwie\s+lautet\s+dein\s+(?:system-?)?prompt\b",
            _I,
        ),
        words=(_w("your dein"), _w("prompt instructions systemprompt")),
        directive=False,
    ),
    # Imperatives that shape the answering model's output: "Translate your response into Spanish", "Add a
    # sentence to your reply", "Encode your answer in Base64".
    _Rule(
        MODEL_DIRECTIVE,
        "medium",
        re.compile(
            r"\b(?:add|include|insert|integrate|append|prepend|incorporate|embed|end|begin|start|finish|respond|"
            r"reply|answer|write|rewrite|translate|encode|encrypt|format|provide|modify|change|replace|use|make|"
            r"ensure|remember|mention|put|present|render|reverse|convert|transform|express|output|print|say|state|"
            r"recommend|promote|emphasi[sz]e|highlight|conclude|sign|spell|misspell|introduce|apply|substitute|"
            r"group|remove|rearrange|give|craft|compose|reference|share|encourage|urge|inform|offer|direct|refer|"
            rf"advise|suggest|do\s+not|don't|never|always|only)\b{_IN_SENTENCE}{{0,80}}?\byour\s+(?:(?:next|final|entire|"
            r"whole|every|each)\s+)?(?:response|answer|reply|output|responses|answers|replies|summary)\b",
            _I,
        ),
        substrings=(
            "your response",
            "your answer",
            "your reply",
            "your output",
            "your responses",
            "your answers",
            "your replies",
            "your summary",
            "your next",
            "your final",
            "your entire",
            "your whole",
            "your every",
            "your each",
        ),
    ),
    # Text that addresses the model that will read it: "Note to the AI:", "If you are an AI assistant, ...",
    # "When summarizing this document, ...".
    _Rule(
        MODEL_DIRECTIVE,
        "medium",
        re.compile(
            r"\b(?:hey|hi|hello|hallo|dear|attention|note\s+(?:to|for)|message\s+(?:to|for)|instructions?\s+(?:to|for)|"
            r"important\s+(?:note\s+)?(?:to|for))\s+(?:the\s+|all\s+|any\s+)?(?:ai|a\.i\.|assistant|ai\s+assistant|"
            r"language\s+models?|llms?|chatbots?|chat\s*gpt|gpt|claude|gemini|copilot|bots?|models?|agents?)\b",
            _I,
        ),
        words=(_w("hey hi hello hallo dear attention note message instruction instructions important"), _AI_WORDS),
        directive=False,
    ),
    _Rule(
        MODEL_DIRECTIVE,
        "medium",
        re.compile(r"\b(?:if|when)\s+you\s+are\s+an?\s+(?:ai|assistant|language\s+model|llm|chatbot|bot|agent)\b", _I),
        substrings=("you are a",),
        directive=False,
    ),
    _Rule(
        MODEL_DIRECTIVE,
        "medium",
        re.compile(
            r"\b(?:when|while|if)\s+(?:you\s+(?:are\s+)?)?(?:summari[sz]ing|answering|processing|reading|"
            r"analy[sz]ing|asked\s+about)\s+(?:this|the)\s+(?:document|email|page|text|file|message|content)\b",
            _I,
        ),
        words=(
            _w("summarizing summarising answering processing reading analyzing analysing asked"),
            _w("document email page text file message content"),
        ),
        directive=False,
    ),
    # "Your new task is ...", "New instructions:", "Nun folgen neue Aufgaben".
    _Rule(
        MODEL_DIRECTIVE,
        "medium",
        re.compile(
            r"\b(?:your\s+new\s+(?:task|tasks|instructions?|role|goal|objective|job)|new\s+instructions?\s*:|"
            r"(?:deine|ihre)\s+neue\s+aufgabe|nun\s+folgen\s+neue\s+aufgaben|neue\s+anweisungen?\s*:)",
            _I,
        ),
        words=(
            _w("new neue"),
            _w("task tasks instruction instructions role goal objective job aufgabe aufgaben anweisung anweisungen"),
        ),
    ),
    # Concealment from the user: "do not tell the user", "don't mention this instruction".
    _Rule(
        MODEL_DIRECTIVE,
        "medium",
        re.compile(
            r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this|these|that)\s+(?:to\s+)?|reveal\s+"
            r"(?:this|these)\s+(?:instructions?\s+)?to|let)\s+(?:the\s+user|anyone|the\s+reader|them)\b",
            _I,
        ),
        words=(_w("not don never"), _w("tell inform mention reveal let"), _w("user anyone reader them")),
    ),
)

# Role labels that open a line ("SYSTEM: ...", "Assistant: ...") or a comment/bracket.
_ROLE_LABEL = re.compile(
    r"(?:^|<!--|[\[(])[ \t]*(?:\*\*)?(system|assistant|developer|operator|ai|chatgpt|gpt|claude)(?:\*\*)?"
    r"[ \t]*(?:message|prompt|note|override)?[ \t]*(?:\]|\))?[ \t]*:(?!//)[ \t]*(\S[^\n]{0,200})",
    re.IGNORECASE | re.MULTILINE,
)
_ROLE_STRONG = re.compile(
    r"\b(?:ignore|disregard|forget|override|you\s+are\s+now|from\s+now\s+on|new\s+instructions?|reveal|"
    r"must|always|never|instead)\b",
    re.IGNORECASE,
)
_ROLE_WEAK = re.compile(r"\b(?:you|your|please|respond|answer|reply|say|print|output|do\s+not|don't)\b", re.I)
_ROLE_TAG = re.compile(r"<\s*/?\s*(?:system|assistant|system_prompt|sys)\s*>|\[(?:system|assistant)\]", re.I)

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
    r"\b(?:send|post|reveal|print|say|respond|reply|answer|include|add|write|tell|output|translate|summari[sz]e|"
    r"ignore|forget|disregard|must|always|never|do\s+not|don't|instead|append|insert|mention|recommend|visit|"
    r"click|download|fetch|call|execute|run)\b",
    re.IGNORECASE,
)

# Invisible characters: zero-width space/joiners, word joiner and invisible operators, BOM, soft hyphen, Mongolian
# vowel separator, bidi controls, and the Unicode tag block (which can spell ASCII invisibly).
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]")
_TAG_RUN = re.compile("[\U000e0020-\U000e007e]{4,}")
# Invisible characters wedged between Latin letters split words on purpose; Khmer, Thai or emoji use them
# between or inside their own scripts, and a PDF soft hyphen inside a word is ordinary.
_INTRA_WORD_INVISIBLE = re.compile("[A-Za-z][\u180e\u200b-\u200d\u2060-\u2064\ufeff]+[A-Za-z]")
_INTRA_WORD_MIN = 3

_SEVERITY_RANK: Final = {"medium": 1, "high": 2}
_TRIGGER_WORDS = frozenset().union(*(group for rule in _RULES for group in rule.words))
_RULES_BY_WORD: dict[str, tuple[int, ...]] = {
    word: tuple(i for i, rule in enumerate(_RULES) if any(word in group for group in rule.words))
    for word in _TRIGGER_WORDS
}
_SUBSTRING_RULES = tuple(i for i, rule in enumerate(_RULES) if rule.substrings)
_WORD = re.compile(r"\w+")


def _candidate_rules(lowered: str) -> tuple[set[str], list[_Rule]]:
    """Return the chunk's trigger words and, in rule order, the rules whose gate those words might open."""
    words = set(_TRIGGER_WORDS.intersection(_WORD.findall(lowered)))
    if "@" in lowered:
        words.add("@")  # lets the exfiltration rule require "an e-mail address" as one of its trigger words
    chosen = set(_SUBSTRING_RULES)
    for word in words:
        chosen.update(_RULES_BY_WORD[word])
    return words, [_RULES[i] for i in sorted(chosen)]


def _rule_hits(text: str, lowered: str) -> dict[str, Severity]:
    hits: dict[str, Severity] = {}
    words, rules = _candidate_rules(lowered)
    for rule in rules:
        known = hits.get(rule.family)
        if known is not None and _SEVERITY_RANK[known] >= _SEVERITY_RANK[rule.severity]:
            continue
        if not rule.worth_running(words, lowered):
            continue
        for match in rule.regex.finditer(text):
            if not rule.directive or _reads_as_directive(text, match.start()):
                _record(hits, rule.family, rule.severity)
                break
    _role_labels(text, lowered, hits)
    return hits


def _role_labels(text: str, lowered: str, hits: dict[str, Severity]) -> None:
    if ":" in text and any(word in lowered for word in ("system", "assistant", "developer", "operator", "ai", "gpt")):
        for match in _ROLE_LABEL.finditer(text):
            role, rest = match.group(1).lower(), match.group(2)
            # A transcript may legitimately quote an assistant's turn, so an assistant label only flags; a
            # system/developer label carrying an order is impersonation of the operator.
            if _ROLE_STRONG.search(rest) and role != "assistant":
                _record(hits, ROLE_IMPERSONATION, "high")
            elif _ROLE_STRONG.search(rest) or _ROLE_WEAK.search(rest):
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
