"""The sentence splitter behind every quote."""

from __future__ import annotations

from itertools import pairwise

import pytest

from domains.execution.briefing.extractive import split_sentences
from domains.execution.briefing.extractive.sentences import DEFAULT_MAX_SENTENCE_CHARS
from tests.unit.execution.extractive.helpers import AWKWARD_CHUNKS


def _sentences(text: str, max_chars: int = DEFAULT_MAX_SENTENCE_CHARS) -> list[str]:
    return [text[span.start : span.end] for span in split_sentences(text, max_chars=max_chars)]


def test_abbreviations_initials_decimals_and_figures_do_not_end_a_sentence() -> None:
    text = "Dr. J. R. Smith measured 3.5 m, e.g. at St. Louis. See Fig. 3 and No. 5 for the U.S. Army data. It ended."

    assert _sentences(text) == [
        "Dr. J. R. Smith measured 3.5 m, e.g. at St. Louis.",
        "See Fig. 3 and No. 5 for the U.S. Army data.",
        "It ended.",
    ]


def test_no_before_a_reference_with_a_digit_does_not_end_a_sentence() -> None:
    """An order reference after "no." ("order no. PO-7781") was cut off there (an outside check's boiler log); a
    "no." that ends a sentence still ends it."""
    assert _sentences("Charge: 165.00 GBP, order no. PO-7781. Paid by card. The answer was no. Nobody came.") == [
        "Charge: 165.00 GBP, order no. PO-7781.",
        "Paid by card.",
        "The answer was no.",
        "Nobody came.",
    ]


def test_closing_quotes_and_brackets_stay_with_their_sentence() -> None:
    assert _sentences('He said "Stop." (It was late.) Then [he] left!') == [
        'He said "Stop."',
        "(It was late.)",
        "Then [he] left!",
    ]


def test_blank_lines_and_list_items_end_sentences() -> None:
    assert _sentences("Heading without stop\n\nFirst line\n- item one\n- item two\n1. numbered") == [
        "Heading without stop",
        "First line",
        "- item one",
        "- item two",
        "1. numbered",
    ]


def test_a_sentence_that_ends_with_an_abbreviation_still_ends() -> None:
    assert _sentences("He moved to the U.S. The war began.") == ["He moved to the U.S.", "The war began."]


def test_long_text_is_cut_at_clause_then_word_boundaries_within_the_limit() -> None:
    text = "alpha beta, gamma delta; " * 30 + "end"
    pieces = _sentences(text, max_chars=100)

    assert all(len(piece) <= 100 for piece in pieces)
    assert all(piece[-1] in ",;" for piece in pieces[:-1])
    assert " ".join(pieces).split() == text.split()


def test_text_without_spaces_is_cut_hard_and_loses_nothing() -> None:
    text = "y" * 950

    assert "".join(_sentences(text, max_chars=400)) == text


@pytest.mark.parametrize("text", list(AWKWARD_CHUNKS.values()))
def test_spans_are_ordered_trimmed_and_non_empty(text: str) -> None:
    spans = split_sentences(text)
    for span in spans:
        piece = text[span.start : span.end]
        assert piece and piece == piece.strip()
        assert span.end - span.start <= DEFAULT_MAX_SENTENCE_CHARS
    assert all(a.end <= b.start for a, b in pairwise(spans))
    # Nothing but whitespace falls between spans.
    covered = "".join(text[s.start : s.end] for s in spans)
    assert "".join(covered.split()) == "".join(text.split())


def test_empty_and_blank_text_have_no_sentences() -> None:
    assert split_sentences("") == []
    assert split_sentences(" \n\t ") == []


def test_a_long_record_row_is_cut_between_cells_never_between_a_label_and_its_value() -> None:
    cells = [f"Column {name}: {index},{index:03d}" for index, name in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1)]
    row = "State: Alabama | " + " | ".join(cells)
    spans = split_sentences(row, max_chars=120)
    pieces = [row[s.start : s.end] for s in spans]

    assert len(pieces) > 1
    for piece in pieces:
        assert len(piece) <= 120
        assert not piece.startswith("|") and not piece.rstrip().endswith((":", "|"))
        assert all(": " in cell for cell in piece.split(" | "))  # every cell keeps its label and its value
    assert " | ".join(pieces) == row


def test_a_sentence_in_a_script_without_capitals_starts_a_sentence() -> None:
    """A quote ran a German sentence into the Japanese one after it (outside check): a sentence may open with a letter
    of a script without case, and a CJK full stop ends one though no space follows it."""
    text = (
        "Der Kaffee kostet 3,80 Franken. 東京の支店は土曜日に休みです。大阪の支店は日曜日に休みです。 "
        "Mehr unten. siehe oben."
    )
    assert [text[s.start : s.end] for s in split_sentences(text)] == [
        "Der Kaffee kostet 3,80 Franken.",
        "東京の支店は土曜日に休みです。",
        "大阪の支店は日曜日に休みです。",
        "Mehr unten. siehe oben.",  # a lower-case word still continues the sentence
    ]
