"""The grounding function directly: benign copying differences match and map to exact source text; any different
letter, digit or word does not (ADR 0021)."""

from __future__ import annotations

import pytest

from domains.execution.verification.canonical import fold
from domains.execution.verification.grounding import EXACT, locate_quote

SOURCE = (
    "## Findings\n"
    "The board said \u201cit\u2019s final\u201d \u2013 see pages 10\u201312. A notifi-\ncation followed "
    "on 3\u00a0March 2021. **Payments stop** after 30 days.\n"
    "Caf\u00e9 staff weren\u2019t told."
)


def exact_text(quote: str, source: str = SOURCE, *, paged: bool = False) -> tuple[str, object]:
    span = locate_quote(quote, source, paged=paged)
    assert span is not None, quote
    return source[span.start : span.end], span.match


@pytest.mark.parametrize(
    ("quote", "expected", "foldings"),
    [
        ('The board said "it\'s final"', "The board said \u201cit\u2019s final\u201d", {"quotes"}),
        ("see pages 10-12.", "see pages 10\u201312.", {"dashes"}),
        ("A notification followed", "A notifi-\ncation followed", {"line_break_hyphen"}),
        ("on 3 March 2021", "on 3\u00a0March 2021", {"no_break_space"}),
        ("on 3March 2021", "on 3\u00a0March 2021", {"no_break_space"}),
        ("Payments stop after 30 days.", "Payments stop** after 30 days.", {"markdown"}),
        ("Findings The board", "Findings\nThe board", {"whitespace"}),
        ("### Findings", "Findings", {"markdown"}),
        ("CAFE\u0301 staff", "Caf\u00e9 staff", {"nfkc", "case"}),
        ("\u2026Payments stop after 30 days\u2026", "Payments stop** after 30 days", {"markdown", "ellipsis_edges"}),
        ("weren\u200b\u2019t told", "weren\u2019t told", {"invisible"}),
    ],
)
def test_benign_differences_map_to_the_exact_source_text(quote: str, expected: str, foldings: set[str]) -> None:
    text, match = exact_text(quote)
    assert text == expected
    assert set(match) == foldings  # type: ignore[arg-type]


def test_a_verbatim_quote_matches_exactly() -> None:
    assert exact_text("Payments stop") == ("Payments stop", EXACT)


@pytest.mark.parametrize(
    "quote",
    [
        "Payments do not stop after 30 days.",  # negation inserted
        "Payments stop after 31 days.",  # number changed
        "Payments start after 30 days.",  # word swapped
        "on 3 March 2022",  # date changed
        "stop Payments after 30 days.",  # word order
        "see pages 10\u201312. Payments stop",  # splice across sentences
        "The board said \u201cit\u2019s not final\u201d",  # a negation inside a benign variant
        "see pages 10-13.",  # a changed number inside a benign variant (dash folded)
        "The board said it was final",  # invented
        "The board said \u2026 see pages 10\u201312.",  # inner ellipsis: omission is not accepted
        "C\u0430f\u00e9 staff",  # Cyrillic a: a different letter
        "A notific ation followed",  # a space the source does not have
        "Payments stop after 30days.",  # words joined where the (unpaged) source has a space
        "",
        "  ",
    ],
)
def test_any_different_letter_digit_or_word_fails(quote: str) -> None:
    assert locate_quote(quote, SOURCE) is None


def test_split_words_join_only_in_paged_sources() -> None:
    pdf = "Send the notificatio n afte r the 14 day period."
    assert locate_quote("the notification after the 14", pdf) is None
    text, match = exact_text("the notification after the 14", pdf, paged=True)
    assert text == "the notificatio n afte r the 14" and match == ("split_words",)
    # joining is allowed in the source only: a quote may not split what the source writes whole
    assert locate_quote("the notificatio n after the 1 4", pdf, paged=True) is None


def test_line_break_hyphen_keeps_a_real_compound_matchable() -> None:
    source = "a well-\nknown risk"
    assert exact_text("a well-known risk", source)[0] == source
    assert exact_text("a wellknown risk", source)[0] == source


def test_emphasis_markers_are_not_arithmetic_or_identifiers() -> None:
    assert locate_quote("23 is odd", "2*3 is odd") is None
    assert locate_quote("foobar", "foo_bar") is None
    assert exact_text("so *very* clear", "so very clear")[0] == "so very clear"


def test_offset_map_points_at_original_characters() -> None:
    folded = fold("Ab\u00a0\ufb01 \u201cx\u201d")
    assert folded.text == 'ab fi "x"'
    assert [(unit.start, unit.end) for unit in folded.units][3:5] == [(3, 4), (3, 4)]  # the ligature's two letters


def test_leftmost_occurrence_is_reported() -> None:
    span = locate_quote("stop", "stop and stop")
    assert span is not None and (span.start, span.end) == (0, 4)
