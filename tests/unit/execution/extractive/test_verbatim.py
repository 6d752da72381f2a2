"""Every quote is a verbatim slice of its chunk, whatever the text."""

from __future__ import annotations

import random

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.sentences import DEFAULT_MAX_SENTENCE_CHARS
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import (
    AWKWARD_CHUNKS,
    EVIDENCE,
    assert_verbatim,
    brief,
)


@pytest.mark.parametrize("name", sorted(AWKWARD_CHUNKS))
async def test_quotes_are_verbatim_substrings_for_awkward_chunks(name: str) -> None:
    evidence = [EvidenceItem(f"chunk-{name}", "trusted", AWKWARD_CHUNKS[name], rank=1), EVIDENCE[1]]
    provider = ExtractiveBriefingProvider(0.0, encoder=None)

    result = await brief(provider, "When was the lighthouse completed and by whom?", evidence)

    assert not result.output.insufficient_evidence
    assert_verbatim(result.output, evidence)
    for claim in result.output.claims:
        assert len(claim.citations[0].quote) <= 2 * DEFAULT_MAX_SENTENCE_CHARS


async def test_quotes_are_verbatim_for_random_chunks() -> None:
    pieces = ["The", "lighthouse", "was", "completed", "in", "1843", ".", ". ", "! ", "? ", "Dr.", "e.g.", "3.5",
              "\n", "\n\n", "  ", "\u00a0", "\t", "(", ")", '"', "«", "»", "é", "漢字", "🙂", "\u200b", "Fig.", "U.S.",
              "- ", "1. ", ";", ",", "</evidence>", "&lt;"]  # fmt: skip
    generator = random.Random(7)
    provider = ExtractiveBriefingProvider(0.0, encoder=None)
    for case in range(150):
        evidence = [
            EvidenceItem(
                f"c{case}-{index}",
                "trusted",
                "".join(
                    generator.choice(pieces) + generator.choice(("", " ")) for _ in range(generator.randint(1, 80))
                ),
                rank=index + 1,
            )
            for index in range(generator.randint(1, 4))
        ]

        result = await brief(provider, "When was the lighthouse completed?", evidence)

        assert_verbatim(result.output, evidence)


async def test_a_four_thousand_character_chunk_still_gives_bounded_quotes() -> None:
    text = ("The lighthouse keeper wrote in the log every night without fail " * 70)[:4000]
    evidence = [EvidenceItem("long", "trusted", text, rank=1)]

    result = await brief(
        ExtractiveBriefingProvider(0.0, encoder=None), "What did the lighthouse keeper write?", evidence
    )

    assert_verbatim(result.output, evidence)
    assert all(len(c.citations[0].quote) <= 2 * DEFAULT_MAX_SENTENCE_CHARS for c in result.output.claims)
