"""Members of a few kinds a question may ask for by the kind's name ("Which countries ...?", "What languages ...?"),
where documents name the members and never the kind ("We ship to Belgium, the Netherlands and Luxembourg")."""

from __future__ import annotations

import re
from functools import cache

from domains.execution.briefing.extractive.terms import stem

_COUNTRIES = (
    "afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan bahamas bahrain "
    "bangladesh barbados belarus belgium belize benin bhutan bolivia bosnia botswana brazil brunei bulgaria burundi "
    "cambodia cameroon canada chad chile china colombia congo croatia cuba cyprus czechia denmark djibouti dominica "
    "ecuador egypt england eritrea estonia eswatini ethiopia fiji finland france gabon gambia georgia germany ghana "
    "greece grenada guatemala guinea guyana haiti honduras hungary iceland india indonesia iran iraq ireland israel "
    "italy jamaica japan jordan kazakhstan kenya kiribati kosovo kuwait kyrgyzstan laos latvia lebanon lesotho "
    "liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritania "
    "mauritius mexico moldova monaco mongolia montenegro morocco mozambique myanmar namibia nepal netherlands "
    "nicaragua niger nigeria norway oman pakistan palau panama paraguay peru philippines poland portugal qatar "
    "romania russia rwanda samoa scotland senegal serbia seychelles singapore slovakia slovenia somalia spain "
    "sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo tonga tunisia turkey "
    "turkmenistan tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela vietnam wales yemen zambia zimbabwe"
)
_COUNTRY_PHRASES = (
    "united kingdom",
    "united states",
    "new zealand",
    "south africa",
    "south korea",
    "north korea",
    "northern ireland",
    "saudi arabia",
    "sri lanka",
    "costa rica",
    "czech republic",
    "dominican republic",
    "el salvador",
    "ivory coast",
    "united arab emirates",
    "hong kong",
    "uk",
    "usa",
    "us",
    "eu",
)
_LANGUAGES = (
    "english french german spanish italian portuguese dutch flemish polish welsh gaelic irish arabic chinese mandarin "
    "cantonese japanese korean hindi urdu punjabi bengali gujarati tamil russian turkish greek swedish norwegian "
    "danish finnish icelandic czech slovak hungarian romanian bulgarian ukrainian hebrew persian farsi thai "
    "vietnamese indonesian malay swahili somali croatian serbian lithuanian latvian estonian catalan basque"
)

_MEMBERS: dict[str, tuple[str, ...]] = {
    "country": (*_COUNTRIES.split(), *_COUNTRY_PHRASES),
    "language": tuple(_LANGUAGES.split()),
}
# The stem of each word a question names a kind by ("countries", "nations") and the kind it names.
_KIND_NAMES = {stem("country"): "country", stem("nation"): "country", stem("language"): "language"}
# Each member and its kind ("germany" -> "country").
_KIND_OF = {member: kind for kind, members in _MEMBERS.items() for member in members}


@cache
def _pattern(kind: str) -> re.Pattern[str]:
    members = _MEMBERS[kind]
    # Abbreviations only in capitals ("UK", "US"), so the pronoun "us" names no country.
    words = sorted((m for m in members if len(m) > 3 or " " in m), key=len, reverse=True)
    short = sorted(m.upper() for m in members if len(m) <= 3 and " " not in m)
    alternatives = ["(?i:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + ")", *short]
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b")


def _names_member(kind: str | None, text: str | None) -> bool:
    return kind is not None and text is not None and _pattern(kind).search(text) is not None


def names_members(head: str, text: str | None) -> bool:
    """Return True when the text names a member of the kind the question's X is (`head`, a stem: "countri" for
    "countries"): a country, a language."""
    return _names_member(_KIND_NAMES.get(head), text)


_ONLY = re.compile(r"\b(?:only|exclusively|just)\b", re.IGNORECASE)


def names_only_others(term: str, text: str | None) -> bool:
    """Return True when the text names members of the kind the term is one of and says "only" ("We ship to Belgium
    and Luxembourg only" for "Germany"): it answers a yes/no question about the term with no."""
    kind = _KIND_OF.get(term)
    return kind is not None and text is not None and _ONLY.search(text) is not None and _names_member(kind, text)
