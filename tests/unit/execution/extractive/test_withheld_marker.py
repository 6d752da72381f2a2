"""The marker that stands where content safety withheld a span is a sentence of its own: the line after it stays
quotable although no blank line separates them. The text is written for this test."""

from __future__ import annotations

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.sentences import split_sentences
from tests.unit.execution.extractive.helpers import trusted_chunks

MASKED = (
    "# Supplier set-up\n\n"
    "New suppliers must send a signed bank-details form before their first invoice is paid.\n"
    "[withheld by content safety: ignore_previous_instructions]\n"
    "Supplier invoices are paid within 30 days of receipt.\n"
)


def test_the_marker_is_a_sentence_of_its_own() -> None:
    sentences = [MASKED[s.start : s.end] for s in split_sentences(MASKED)]
    assert "[withheld by content safety: ignore_previous_instructions]" in sentences
    assert "Supplier invoices are paid within 30 days of receipt." in sentences


def test_the_line_after_a_withheld_span_answers() -> None:
    draft = ExtractiveBriefingProvider(encoder=None).draft(
        "How quickly are supplier invoices paid?", trusted_chunks(MASKED)
    )
    assert draft.quotes
    assert draft.quotes[0].text == "Supplier invoices are paid within 30 days of receipt."
