"""Query syntax: what ranks (free text and phrases) and what filters ("quoted phrases", -excluded terms)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from packages.core.text import query_form

_PHRASE = re.compile(r'"([^"]+)"')
_EXCLUDED = re.compile(r"(?:(?<=\s)|^)-([^\s\"-][^\s\"]*)")


@dataclass(frozen=True)
class ParsedQuery:
    """A query split into what ranks (free text, phrases included) and what filters (phrases, -terms)."""

    ranking_text: str
    phrases: tuple[str, ...]
    excluded: tuple[str, ...]

    @property
    def filter_text(self) -> str | None:
        """Return the websearch_to_tsquery input for the user's phrase and exclusion syntax, if any."""
        parts = [f'"{p}"' for p in self.phrases] + [f"-{t}" for t in self.excluded]
        return " ".join(parts) if parts else None


def parse_query(query: str) -> ParsedQuery:
    """Split `query` into ranking text, quoted phrases and `-excluded` terms (invisible format characters left out)."""
    query = query_form(query)
    phrases = tuple(p.strip() for p in _PHRASE.findall(query) if p.strip())
    without_phrases = _PHRASE.sub(lambda m: " " + m.group(1) + " ", query)
    excluded = tuple(_EXCLUDED.findall(without_phrases))
    ranking = _EXCLUDED.sub(" ", without_phrases)
    return ParsedQuery(" ".join(ranking.split()), phrases, excluded)
