"""Text checks every request schema shares."""

from __future__ import annotations

import re
import unicodedata

_INVISIBLE_CATEGORIES = frozenset(("Cf", "Cc", "Zs", "Zl", "Zp"))
# Unicode's default-ignorable code points outside those categories render as nothing too: the combining grapheme
# joiner, Hangul fillers, Khmer inherent vowels, Mongolian variation selectors, the variation selectors and the
# unassigned rest of the tag block.
_IGNORABLE = frozenset(
    chr(code)
    for first, last in (
        (0x034F, 0x034F),
        (0x115F, 0x1160),
        (0x17B4, 0x17B5),
        (0x180B, 0x180F),
        (0x3164, 0x3164),
        (0xFE00, 0xFE0F),
        (0xFFA0, 0xFFA0),
        (0xE0000, 0xE0FFF),
    )
    for code in range(first, last + 1)
)


def is_invisible(ch: str) -> bool:
    """Return True for a character a reader cannot see: whitespace, a format or control character (Unicode
    categories Cf, Cc, Z*: zero-width spaces and joiners, bidi marks) or another default-ignorable code point
    (variation selectors, Hangul fillers)."""
    return ch.isspace() or ch in _IGNORABLE or unicodedata.category(ch) in _INVISIBLE_CATEGORIES


def has_visible_text(value: str) -> bool:
    """Return True when `value` holds a character a reader can see (see `is_invisible`)."""
    return not all(is_invisible(ch) for ch in unicodedata.normalize("NFKC", value))


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
    Fullwidth Latin letters, digits and signs ("ｐｒｉｃｅ", typed with an East Asian input method) and Latin ligatures
    ("ﬁ", pasted from a PDF) are read as the plain letters they stand for (outside check 32); other compatibility
    characters ("²", "½", "™") are kept. Used on queries and questions, never on stored text."""
    if value.isascii():
        return value
    visible = "".join(ch for ch in value if unicodedata.category(ch) != "Cf")
    return unicodedata.normalize("NFC", _TYPED_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), visible))


# Fullwidth forms of ASCII (U+FF01-U+FF5E), the ideographic space, and the Latin ligatures ff, fi, fl, ffi, ffl, st.
_TYPED_FORMS = re.compile("[\uff01-\uff5e\u3000\ufb00-\ufb06]+")
