"""Quote grounding on its own: where a quote occurs in a chunk, in the chunk's own offsets."""

from __future__ import annotations

import pytest

from domains.execution.verification.grounding import locate_quote, quote_is_grounded

CHUNK = "Payroll records are kept for  seven years.\n\nOlder records are shredded on site."


def test_an_exact_quote_is_found_at_its_offsets() -> None:
    span = locate_quote("Older records are shredded on site.", CHUNK)
    assert span is not None and CHUNK[span.start : span.end] == "Older records are shredded on site."


def test_whitespace_runs_and_case_do_not_matter_and_offsets_stay_the_chunks() -> None:
    span = locate_quote("payroll RECORDS are kept for seven\tyears", CHUNK)
    assert span is not None and CHUNK[span.start : span.end] == "Payroll records are kept for  seven years"


@pytest.mark.parametrize(
    "quote",
    ["Payroll records are kept for eight years.", "Payroll records are kept for 7 years.", "records were kept", ""],
)
def test_a_different_word_digit_or_tense_is_not_grounded(quote: str) -> None:
    assert not quote_is_grounded(quote, CHUNK)
