"""Text checks every request schema shares."""

from __future__ import annotations

import unicodedata


def has_visible_text(value: str) -> bool:
    """Return True when `value` holds a character a reader can see: not only spaces, zero-width characters, bidi
    marks or other format and control characters (Unicode categories Cf, Cc, Z*)."""
    return any(
        not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cc", "Zs", "Zl", "Zp")
        for ch in unicodedata.normalize("NFKC", value)
    )


def visible(value: str) -> str:
    """Pydantic after-validator: reject text made only of invisible characters ("\\u200b", "\\u200f\\u200e")."""
    if not has_visible_text(value):
        raise ValueError("must contain visible characters")
    return value


def query_form(value: str) -> str:
    """Return a query or question as stored text is written: without Unicode format characters (category Cf:
    zero-width spaces and joiners, bidi marks, the soft hyphen, a byte-order mark), which change no word a reader
    sees but split or glue words for a tokenizer ("dish\u200bwasher" must find "dishwasher"), and composed (NFC),
    as ingestion stores documents: "cafe\u0301" typed with a combining accent must find "café" (outside check 22).
    Used on queries and questions, never on stored text."""
    if value.isascii():
        return value
    return unicodedata.normalize("NFC", "".join(ch for ch in value if unicodedata.category(ch) != "Cf"))
