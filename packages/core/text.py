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
