"""Markdown markup a reader does not read (paired `*` emphasis, heading markers): left out of an extractive
statement, while the stored quote stays the source's exact text at its span (ADR 0021 addendum)."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.output import BriefingOutput
from domains.execution.verification.verifier import check_grounding
from domains.knowledge.repository import StoredChunk
from packages.core.markup import markup_in, without_markup
from tests.unit.execution.extractive.helpers import one_chunk

TEXT = (
    "## Quiet hours\n"
    "Quiet hours are **10:30 pm to 7:30 am** on weekdays and *11:30 pm* at weekends.\n"
    "- **1,940** food parcels were given out.\n"
    "Prices marked * exclude VAT; the Deluxe* room is one of them.\n"
    "Run `__init__` checks; write the snake_case_name in the form.\n"
)


@pytest.mark.parametrize(
    ("piece", "expected"),
    [
        ("Quiet hours are **10:30 pm to 7:30 am** on weekdays", "Quiet hours are 10:30 pm to 7:30 am on weekdays"),
        ("- **1,940** food parcels were given out.", "- 1,940 food parcels were given out."),
        ("and *11:30 pm* at weekends.", "and 11:30 pm at weekends."),
        # a lone asterisk is a footnote mark, underscores name things: both are text
        ("Prices marked * exclude VAT; the Deluxe* room", "Prices marked * exclude VAT; the Deluxe* room"),
        ("Run `__init__` checks; write the snake_case_name", "Run `__init__` checks; write the snake_case_name"),
        ("## Quiet hours\nQuiet hours are", "Quiet hours\nQuiet hours are"),
    ],
)
def test_without_markup_leaves_out_paired_emphasis_and_heading_markers_only(piece: str, expected: str) -> None:
    assert without_markup(piece) == expected


def test_emphasis_does_not_pair_across_lines() -> None:
    text = "**Opening without a close\nand a close on the next line** here"
    assert markup_in(text) == [] and without_markup(text) == text


def _briefing(quote: str) -> BriefingOutput:
    claims = [{"statement": "Quiet hours.", "citations": [{"chunk_id": "c1", "quote": quote}]}]
    return BriefingOutput.model_validate({"briefing": "b", "claims": claims, "insufficient_evidence": False})


def test_a_quote_read_without_its_markup_is_stored_as_the_source_writes_it() -> None:
    # The stored quote stays the source's exact text at its span (ADR 0021 addendum): a client may check it so.
    claims, failure = check_grounding(
        _briefing("Quiet hours are 10:30 pm to 7:30 am on weekdays"),
        {"c1": StoredChunk("c1", "org-1", "d1", "v1", TEXT, "h", 40)},
    )
    assert failure is None
    [citation] = claims[0].citations
    assert citation.span is not None and citation.span.match == ["markdown"]
    assert citation.quote == TEXT[citation.span.chunk_start : citation.span.chunk_end]
    assert citation.quote == "Quiet hours are **10:30 pm to 7:30 am** on weekdays"


def test_an_extractive_statement_reads_without_markup_and_its_quote_is_the_source() -> None:
    provider = ExtractiveBriefingProvider(0.0, encoder=None)
    evidence = one_chunk("# Fobs\n\nReplacement fobs cost **£25 each** and can be ordered from the office.\n")
    payload, _ = provider.briefing_payload("How much does a replacement fob cost?", evidence)
    [claim] = payload["claims"]
    assert claim["statement"] == "Replacement fobs cost £25 each and can be ordered from the office."
    assert claim["citations"][0]["quote"] == "Replacement fobs cost **£25 each** and can be ordered from the office."
    assert payload["briefing"] == claim["statement"]
