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
    "nation": (*_COUNTRIES.split(), *_COUNTRY_PHRASES),
    "language": tuple(_LANGUAGES.split()),
}


@cache
def _pattern(kind: str) -> re.Pattern[str] | None:
    members = _MEMBERS.get(kind)
    if members is None:
        return None
    # Abbreviations only in capitals ("UK", "US"), so the pronoun "us" names no country.
    words = sorted((m for m in members if len(m) > 3 or " " in m), key=len, reverse=True)
    short = sorted(m.upper() for m in members if len(m) <= 3 and " " not in m)
    alternatives = [re.escape(w).replace(r"\ ", r"\s+") for w in words]
    return re.compile(
        r"\b(?:(?i:" + "|".join(alternatives) + r")|" + "|".join(short) + r")\b"
        if short
        else r"\b(?i:" + "|".join(alternatives) + r")\b"
    )


_STEMMED = {stem(kind): kind for kind in _MEMBERS}


def names_members(head: str, text: str | None) -> bool:
    """Return True when the text names a member of the kind the question's X is (`head`, a stem: "countri" for
    "countries"): a country, a language."""
    kind = _STEMMED.get(head)
    if kind is None or text is None:
        return False
    pattern = _pattern(kind)
    return pattern is not None and pattern.search(text) is not None


def kind_of(term: str) -> str | None:
    """Return the kind a question's name is a member of ("germany" -> "country"), or None."""
    for kind, members in _MEMBERS.items():
        if kind != "nation" and term in members:
            return kind
    return None


_ONLY = re.compile(r"\b(?:only|exclusively|just)\b", re.IGNORECASE)


def names_only_others(term: str, text: str | None) -> bool:
    """Return True when the text names only other members of the kind the term is one of ("We ship to Belgium and
    Luxembourg only" for "Germany"): it answers a yes/no question about the term with no."""
    kind = kind_of(term)
    if kind is None or text is None or not _ONLY.search(text):
        return False
    pattern = _pattern(kind)
    return pattern is not None and pattern.search(text) is not None
