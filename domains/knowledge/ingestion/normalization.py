"""Text normalization: the one place that decides what the stored, quotable text of a version looks like.

Every chunk offset, citation span and quote check indexes into the string this module returns, so the rules
are deliberately few and deterministic:

- NFC; typographic ligatures (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) expanded; soft hyphens removed.
- Line breaks unified to ``\\n``; NUL a space; other C0/C1 control characters and DEL removed; tabs and the Unicode
  space separators become one space, and runs of spaces collapse; lines are trimmed; a blank line separates
  paragraphs and longer runs of blank lines collapse to one.
- Zero-width characters (U+200B..U+200D, U+2060, U+FEFF inside the text) are KEPT: the content-safety
  classifier runs on chunk text and treats them as a signal of hidden instructions, so removing them here
  would blind it. They are not whitespace, so they never split words or lines either.
- Lone surrogates become U+FFFD (they cannot be stored).
- PDFs only: a word broken across a line end with a hyphen is rejoined (see `_rejoin_hyphenated`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

_LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
}
_SPACES = ["\t", "\u00a0", "\u1680", *map(chr, range(0x2000, 0x200B)), "\u202f", "\u205f", "\u3000"]
_CONTROLS = [*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F, *range(0x80, 0xA0)]
# Lone surrogates (a PDF text layer can yield them) cannot be stored or encoded: each becomes U+FFFD, one for one.
_SURROGATES = dict.fromkeys(map(chr, range(0xD800, 0xE000)), "\ufffd")
_TRANSLATION = str.maketrans(
    {
        **_LIGATURES,
        **dict.fromkeys(_SPACES, " "),
        **dict.fromkeys(map(chr, _CONTROLS)),
        "\x00": " ",  # a NUL between words ("hello\x00world") separates them; removing it would merge them
        "\u00ad": None,
        **_SURROGATES,
    }
)
_LINE_BREAKS = re.compile(r"\r\n?|[\u2028\u2029\x0b\x85]")
_PAGE_BREAK = "\x0c"
_SPACE_RUN = re.compile(r" {2,}")
_SPACE_AROUND_NEWLINE = re.compile(r" ?\n ?")
_BLANK_LINES = re.compile(r"\n{3,}")
_LETTERS = r"[^\W\d_]+"
_WORD = re.compile(_LETTERS)
_INLINE_HYPHENATED = re.compile(rf"{_LETTERS}-{_LETTERS}")
# A letter run, a hyphen (or U+2010) ending the line, the next line's leading letters, and whatever clings to
# them up to the next space (punctuation, a further compound part); the break moves behind that word.
_LINE_END_HYPHEN = re.compile(rf"({_LETTERS})[-\u2010]\n({_LETTERS})(\S*)(?: |(?=\n)|$)")
_SOFT_HYPHEN_BREAK = re.compile(r"\u00ad *\n *")
# First parts of compounds that keep their hyphen when the document offers no evidence either way.
_COMPOUND_HEADS = frozenset({"self", "well", "non", "half", "ill"})


def normalize_text(text: str, *, pdf: bool = False) -> str:
    """Return the normalized form of `text`; `pdf=True` also rejoins words hyphenated at line ends."""
    if pdf:
        return normalize_pdf_pages([text])[0]
    return _finish(_clean(text))


def normalize_pdf_pages(pages: Sequence[str]) -> list[str]:
    """Normalize the text of each PDF page, judging line-end hyphens against the vocabulary of all pages."""
    cleaned = [_clean(page, pdf=True) for page in pages]
    if not any("-\n" in page or "\u2010\n" in page for page in cleaned):
        return [_finish(page) for page in cleaned]
    words, hyphenated = _vocabulary(cleaned)
    return [_finish(_rejoin_hyphenated(page, words, hyphenated)) for page in cleaned]


def _clean(text: str, *, pdf: bool = False) -> str:
    text = _LINE_BREAKS.sub("\n", text).replace(_PAGE_BREAK, "\n\n")
    if pdf:
        # A soft hyphen at a line end is by definition a discretionary break: the word continues.
        text = _SOFT_HYPHEN_BREAK.sub("", text)
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    text = text.translate(_TRANSLATION)
    text = _SPACE_RUN.sub(" ", text)
    return _SPACE_AROUND_NEWLINE.sub("\n", text)


def _finish(text: str) -> str:
    return _BLANK_LINES.sub("\n\n", text).strip()


def _vocabulary(pages: Iterable[str]) -> tuple[set[str], set[str]]:
    words: set[str] = set()
    hyphenated: set[str] = set()
    for page in pages:
        words.update(word.lower() for word in _WORD.findall(page))
        hyphenated.update(word.lower() for word in _INLINE_HYPHENATED.findall(page))
    return words, hyphenated


def _rejoin_hyphenated(text: str, words: set[str], hyphenated: set[str]) -> str:
    """Rejoin words broken by a hyphen at a line end.

    The document is its own dictionary: if the joined word occurs elsewhere in it, join; if the hyphenated
    compound occurs elsewhere on one line, keep the hyphen. Without evidence, a break between two lowercase
    letters is typographic hyphenation and is joined ("inter-\\nnational"), except after a few compound heads
    ("well-\\nknown"); anything else (an uppercase side, "FAA-\\napproved", "Zariski-\\nTopologie") keeps
    its hyphen. The line break itself always moves behind the rejoined word, so lines stay lines.
    """

    def join(match: re.Match[str]) -> str:
        left, right, rest = match.group(1), match.group(2), match.group(3)
        tail = "\n" if match.group(0).endswith(" ") else ""
        joined, compound = (left + right).lower(), f"{left}-{right}".lower()
        if joined in words:
            keep_hyphen = False
        elif compound in hyphenated:
            keep_hyphen = True
        else:
            lowercase_break = left[-1].islower() and right[0].islower()
            keep_hyphen = not lowercase_break or left.lower() in _COMPOUND_HEADS
        return f"{left}{'-' if keep_hyphen else ''}{right}{rest}{tail}"

    return _LINE_END_HYPHEN.sub(join, text)
