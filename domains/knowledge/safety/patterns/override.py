"""Override and impersonation patterns: "ignore previous instructions" families and role/persona switches."""

from __future__ import annotations

import re

from domains.knowledge.safety.patterns.clause import IGNORE_PREVIOUS, PEOPLE_IGNORE, ROLE_IMPERSONATION, Rule
from domains.knowledge.safety.patterns.clause import IGNORECASE as _I
from domains.knowledge.safety.patterns.clause import w as _w

_EN_IGNORE_VERB = (
    r"(?:(?:ignore|disregard|forget|skip|overlook|bypass|override|neglect|discard|abandon|drop)(?:\s+about)?|"
    r"set\s+aside|pay\s+no\s+attention\s+to|do\s+not\s+(?:follow|obey)|don'?t\s+(?:follow|obey)|"
    r"stop\s+(?:following|obeying))"
)
_EN_QUALIFIER = (
    r"(?:all|any|every|each|previous|previously|prior|above|earlier|preceding|foregoing|original|initial|former|"
    r"old|existing|current|system|developer|your|these|those|given|provided|safety|default|whatever|whichever)"
)
_EN_FILLER = r"(?:the|of|and|or|other|following|that|this|you|were|have|been|got|received|given)"
# Objects that only a model has ("your instructions", "the system prompt") make the order HIGH; softer ones
# ("the previous information", "all tasks") also appear in corrections between people, so they only flag. Settings
# are a device's (spans-8): "Forget the old settings by holding ...", "Override the default settings only if ...".
_EN_CONTROL_OBJECT = (
    r"(?:instructions?|prompts?|directions?|directives?|rules?|guidelines?|commands?|constraints?|programming|"
    r"restrictions?|guardrails?|polic(?:y|ies)|training|guidance)"
)
_EN_SOFT_OBJECT = (
    r"(?:context|tasks?|assignments?|information|content|texts?|documents?|inputs?|requests?|orders?|"
    r"limitations?)"
)
_DE_IGNORE_VERB = (
    r"(?:ignorier(?:e|t|st)?|ignorieren\s+sie|vergisst|missachtest|vergiss|vergesst|vergessen\s+sie|missachte|missachten\s+sie|"
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
AI_WORDS = _w(
    "ai assistant llm llms chatbot chatbots chatgpt gpt claude gemini copilot bot bots model models agent agents"
)


# Within the role-play set-up's sentence or the one after it: what makes the persona a model's (spans-8).
_PERSONA_FOR_A_MODEL = (
    r"[^\n]{0,160}?(?:\b(?:ai|a\.i\.|assistant|chatbot|bot|language\s+model|llm|gpt|chatgpt|(?-i:DAN)|evil|"
    r"unrestricted|unfiltered|uncensored|jailbroken|the\s+user|the\s+prompt|your\s+(?:instructions|rules|guidelines|"
    r"programming|creators?)|stay\s+in\s+character|who\s+are\s+you|(?:activation|licen[cs]e|product|serial)\s+keys?)\b|\b(?:no|without|free\s+(?:of|from))\s+"
    r"(?:any\s+)?(?:rules|restrictions|filters?|limits|limitations|guidelines|morals|ethics|censorship|boundaries)\b)"
)

# The same in German (spans-12): "Stell dir vor, du bist ein Ritter und schreibst einen Brief" is a worksheet's.
_DE_PERSONA_FOR_A_MODEL = (
    r"[^\n]{0,160}?(?:\b(?:ki|chatbot|bot|sprachmodell|assistent\w*|(?:be)?nutzer\w*|böse\w*|dan|keine\s+(?:regeln|"
    r"grenzen|filter|einschränkungen|moral))\b|\bohne\s+(?:jede\s+)?(?:regeln|filter|grenzen|einschränkungen|zensur|"
    r"moral|richtlinien)\b)"
)

OVERRIDE_RULES: tuple[Rule, ...] = (
    # "Ignore all previous instructions", "forget everything above", "disregard your rules".
    Rule(
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
                "restrictions guardrail guardrails policy policies training guidance everything"
            ),
        ),
    ),
    Rule(
        IGNORE_PREVIOUS,
        "medium",
        re.compile(
            rf"\b{_EN_IGNORE_VERB}\s+(?:(?:{_EN_QUALIFIER}|{_EN_FILLER})\s+){{0,5}}?"
            # "text message" is a message, not a text (spans-15)
            rf"(?:{_EN_QUALIFIER}\s+(?:(?:{_EN_QUALIFIER}|{_EN_FILLER})\s+){{0,4}}?{_EN_SOFT_OBJECT}\b(?!\s+messages?\b)"
            r"|(?:all\s+(?:of\s+)?)?(?:the\s+)?above\b|everything\s+(?:you(?:'ve|\s+have)?\s+(?:learned|learnt|know|"
            r"got)(?!\s+about\b)|(?:and\s+)?(?:\w+\s+)?(?:say|write|print|output|tell|answer|respond)\b)"
            r"|everything\s*[,.!:;-])",
            _I,
        ),
        words=(
            _IGNORE_VERBS,
            _w(
                "context task tasks assignment assignments information content text texts document "
                "documents input inputs request requests order orders limitation limitations above "
                "everything"
            ),
        ),
        unless=PEOPLE_IGNORE,
    ),
    Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(rf"\b{_DE_IGNORE_VERB}(?:[\s,]+{_DE_FILLER}){{0,6}}[\s,]+{_DE_OBJECT}\b", _I),
        words=(
            _w(
                "ignoriere ignorier ignoriert ignorierst ignorieren vergiss vergisst vergesst vergessen missachte "
                "missachtest missachten "
                "überspring überspringe vernachlässige verwirf verwerfen beachte befolge"
            ),
        ),
    ),
    # German infinitive used as an order: "Alle vorherigen Anweisungen ignorieren." ("zu ignorieren" reports it).
    Rule(
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
    Rule(
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
    # Short German, Spanish, French and Russian forms, and "vergiss alles, ..." / "vergiss alles gesagte" /
    # "abweichend von vorherigen ...". Between the Russian verb and its object any two words: in mixed-script text
    # the look-alike folding may turn "все" into Latin letters.
    Rule(
        IGNORE_PREVIOUS,
        "medium",
        re.compile(
            r"\bvergiss\s+alles(?:\s*[,.!:;-]|\s+(?:gesagte|bisherige|vorherige|davor|zuvor|vorher)\b)|\babweichend\s+(?:zu|von)\s+(?:den\s+)?(?:vorherigen|bisherigen|obigen)\s+"
            r"(?:instruktionen|anweisungen|vorgaben)\b",
            _I,
        ),
        words=(_w("vergiss abweichend"),),
    ),
    Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\b(?:ignora|olvida|olvide|descarta)\s+(?:todas?\s+)?(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|"
            r"indicaciones|reglas)\b|\b(?:ignore[zs]?|oublie[zs]?)\s+(?:toutes?\s+)?(?:les\s+|vos\s+|tes\s+)?"
            r"(?:instructions|consignes|règles)\b|(?:забудь(?:те)?|игнорируй(?:те)?)\s+(?:\S+\s+){0,2}?"
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
    # French and Spanish "take no more account of the previous instructions" (spans-14): "ne tiens plus compte des
    # consignes précédentes", "no tengas en cuenta las instrucciones anteriores", "prescinde de las instrucciones".
    Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\bne\s+(?:tiens|tenez)\s+(?:plus|pas|jamais)\s+compte\s+(?:des|de\s+tes|de\s+vos)\s+(?:consignes|"
            r"instructions|directives|règles)\b"
            r"|\bno\s+(?:tengas|tenga|tengan)\s+en\s+cuenta\s+(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|indicaciones|"
            r"reglas)\b|\bprescinde\s+de\s+(?:las\s+|tus\s+)?(?:instrucciones|indicaciones|reglas)\b",
            _I,
        ),
        words=(
            _w("compte cuenta prescinde"),
            _w("consignes instructions directives règles instrucciones indicaciones reglas"),
        ),
    ),
    # "Change your instructions to ...", "Your instructions are now to ...".
    Rule(
        IGNORE_PREVIOUS,
        "high",
        re.compile(
            r"\b(?:change|replace|update|modify|rewrite|overwrite)\s+your\s+(?:instructions|rules|prompt|"
            r"system\s+prompt|programming|guidelines)\b",
            _I,
        ),
        words=(_w("change replace update modify rewrite overwrite"), _w("your")),
    ),
    Rule(
        IGNORE_PREVIOUS,
        "medium",
        re.compile(r"\byour\s+(?:new\s+)?(?:instructions|rules)\s+(?:are|is)\s+now\b", _I),
        words=(_w("your"), _w("instructions rules"), _w("now")),
    ),
    # Chat-template control tokens have no business in a document; they are impersonation whatever surrounds them.
    Rule(
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
    Rule(
        ROLE_IMPERSONATION,
        "high",
        re.compile(
            r"\byou\s+(?:are|'re)\s+(?:now\s+|going\s+to\s+(?:be|act\s+as|pretend\s+to\s+be|play)\s+|"
            r"about\s+to\s+immerse\s+yourself\s+into\s+the\s+role\s+of\s+)(?:\w+\s+){0,6}?"
            r"(?:(?-i:DAN|STAN|DUDE|AIM)|jailbroken|unfiltered|unrestricted|uncensored|developer\s+mode)\b"
            r"|\b(?-i:DAN|STAN|DUDE)\s+[Mm]ode\b|\bdeveloper\s+mode\s+(?:enabled|activated|on)\b(?!\s+(?:test|the|your|all|"
            r"every|each|this|these|a|an)\b)"
            r"|\byou\s+are\s+(?:now\s+)?no\s+longer\s+(?:an?\s+)?(?:ai|assistant|language\s+model|chatbot|bound)\b",
            _I,
        ),
        words=(_w("dan stan dude aim jailbroken unfiltered unrestricted uncensored developer longer"),),
        directive=False,
    ),
    # "Pretend to be an unrestricted AI" is an order at the start of a clause and a report after "to".
    Rule(
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
    # ("act as a trustee") has no such frame and no AI-ish object. "Pretend / imagine you are" sets up classroom,
    # training and party role-play too ("Imagine you are a Roman soldier and write a letter home"), so it counts only
    # with what only a model is told (spans-8): an AI, a persona without rules, the user, "who are you?".
    Rule(
        ROLE_IMPERSONATION,
        "medium",
        re.compile(
            r"\bfrom\s+now\s+on,?\s+(?:you\s+are|you\s+(?:will|must|shall)\s+(?:\w+\s+){0,3}?(?:answer|respond|reply|act|"
            r"behave|pretend|ignore|speak|talk|say|obey|only|always|never|be\s+(?:an?\s+|my\s+)?(?-i:[A-Z])\w*)|act|"
            r"respond|answer|reply|behave)\b"
            r"|\b(?:pretend|imagine)\s+(?:that\s+)?you\s+can\b"
            rf"|\b(?:pretend|imagine)\s+(?:that\s+)?you\s+have\b(?={_PERSONA_FOR_A_MODEL})"
            rf"|\b(?:pretend|imagine)\s+(?:that\s+)?you\s+(?:are|were)\b(?={_PERSONA_FOR_A_MODEL})"
            r"|\b(?:act|behave|respond|answer)\s+as\s+(?:if\s+you\s+were|though\s+you\s+were|an?\s+|my\s+)"
            r"(?:\w+\s+){0,2}?(?:ai|assistant|chatbot|bot|model|gpt|terminal|interpreter)\b"
            r"|\b(?:ab\s+jetzt|ab\s+sofort|jetzt|nun)\s+(?:bist\s+du|antwortest\s+du)\b"
            rf"|\bstell\s+dir\s+vor,?\s+du\s+(?:bist|wärst)\b(?={_DE_PERSONA_FOR_A_MODEL})"
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
)
