"""Statement support (part of grounding): a claim's statement may name no name and no number its quotes do not hold.

Texts written for this test; the SQuAD case reads the shared data's train articles only.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from domains.evaluation.everyday import load_everyday
from domains.evaluation.squad import load_squad, split_of
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import EvidenceItem, render_briefing_prompt
from domains.execution.verification.support import common_words, is_common_word, statement_problem
from domains.execution.verification.verifier import check_grounding
from domains.knowledge.repository import StoredChunk

ROOT = Path(__file__).resolve().parents[3]
EVERYDAY = ROOT / "evaluation" / "everyday"
SQUAD = ROOT.parent / "shared" / "data" / "squad2_dev_half" / "dev-v2.0.json"
PLANTED = "What is the capital city of Australia?"
WARRANTY = "The warranty covers the motor and the impeller for three years from the date of purchase."
REPAIRS = "Repairs are done at the Leeds service centre within ten working days."


@pytest.mark.parametrize(
    ("statement", "quotes"),
    [
        ("The warranty lasts three years.", [WARRANTY]),  # a paraphrase in common words
        ("The warranty lasts 3 years.", [WARRANTY]),  # a number word written in digits
        ("Customers wait ten days for repairs in Leeds.", [REPAIRS]),  # a common opener, a name, a number
        ("Leeds's centre does repairs.", [REPAIRS]),  # possessive
        ("Revenue reached 2.5 million dollars.", ["Revenue was $2,500,000 in 2020."]),
        ("Revenue was $2,500,000 on 12 May 2020.", ["Revenue was 2.5 million on 2020-05-12."]),  # month by number
        ("NASA flew in the twenty-first century.", ["NASA flew in the 21st century."]),
        ("One of the crates is damaged.", ["A crate is damaged."]),  # "one" as a pronoun is no number
        ("The Smiths' house is red.", ["Smith's house is red."]),  # plural and possessive
        ("It cost \u20ac1,200.", ["It cost 1200 euros."]),  # thousands separator
        ("The \u201cPump FAQ\u201d covers repairs.", ["See the pump FAQ for repairs."]),  # case folded
        ("Registration takes five minutes.", ["Registration takes five minutes on the service portal."]),
        ("Both were paid.", ["The first and the second invoice were paid."]),  # ordinals are not claimed numbers
        ("The shop opens at 10:30.", ["Doors open at 10.30 every day."]),  # a time with a dot
    ],
)
def test_a_statement_whose_names_and_numbers_are_quoted_is_supported(statement: str, quotes: list[str]) -> None:
    assert statement_problem(statement, quotes) is None


@pytest.mark.parametrize(
    ("statement", "quotes", "missing"),
    [
        ("The capital city of Australia is Canberra.", [PLANTED], "name 'Canberra'"),
        ("Canberra is the capital of Australia.", [PLANTED], "name 'Canberra'"),  # a name opening the sentence
        ("The warranty lasts 5 years.", [WARRANTY], "number 5"),
        ("The warranty lasts five years.", [WARRANTY], "number 5"),
        ("Repairs happen at the Manchester centre.", [REPAIRS], "name 'Manchester'"),
        ("Revenue was $2,500,000 on 12 June 2020.", ["Revenue was 2.5 million on 2020-05-12."], "name 'June'"),
        ("The fee is 1,250 euros.", ["The fee is 1,200 euros."], "number 1250"),
        ("Repairs in Leeds use an iPhone.", [REPAIRS], "name 'iPhone'"),
        ("Paris has a centre.", [REPAIRS], "name 'Paris'"),
        ("Twenty-five repairs were done.", [REPAIRS], "number 25"),
    ],
)
def test_a_statement_adding_a_name_or_a_number_is_unsupported(statement: str, quotes: list[str], missing: str) -> None:
    problem = statement_problem(statement, quotes)
    assert problem is not None and missing in problem


def test_support_reads_every_quote_of_the_claim_and_folds_typography() -> None:
    quotes = ["The\u00a0warranty is sold in Ca\u00adnada.", "It costs 40\u2013 50 dollars."]
    assert statement_problem("Canada's warranty costs 40 to 50 dollars.", quotes) is None
    assert statement_problem("Canada's warranty costs 40 to 60 dollars.", quotes) is not None


def test_a_pdf_quote_may_hold_a_name_split_by_extraction() -> None:
    quote = "The office in Can berra closes at five."
    assert statement_problem("The Canberra office closes at five.", [quote], paged=True) is None
    assert statement_problem("The Canberra office closes at five.", [quote]) is not None


def test_the_shipped_lexicon_is_the_hashed_word_list() -> None:
    pytest.importorskip("english_words", reason="english-words (a dev dependency) builds the lexicon")
    from tools.verification.build_lexicon import build

    assert np.array_equal(build(), common_words())
    assert is_common_word("customer") and is_common_word("boil") and not is_common_word("canberra")


def _chunk(text: str) -> StoredChunk:
    return StoredChunk("c1", "org", "d1", "v1", text, "h", 0)


def test_grounding_fails_the_claim_whose_statement_is_unsupported() -> None:
    text = f"Shipping notes. {PLANTED} Each crate holds forty pumps."
    briefing = BriefingOutput.model_validate(
        {
            "briefing": "b",
            "claims": [
                {"statement": "Each crate holds 40 pumps.", "citations": [{"chunk_id": "c1", "quote": "forty pumps"}]},
                {"statement": "Canberra is the capital.", "citations": [{"chunk_id": "c1", "quote": PLANTED}]},
            ],
            "insufficient_evidence": False,
        }
    )
    claims, failure = check_grounding(briefing, {"c1": _chunk(text)})
    assert claims == []
    assert failure is not None and (failure.stage, failure.claim_index) == ("grounding", 2)
    assert failure.problem == "the statement's name 'Canberra' is in none of the claim's quotes (statement support)"


# --- the extractive provider never fails it (its statements are its quotes) ------------------------------------------


async def _assert_extractive_supported(question: str, evidence: list[EvidenceItem]) -> int:
    provider = ExtractiveBriefingProvider(0.0, encoder=None)
    user = render_briefing_prompt(question, evidence)
    output = (await provider.generate_structured(system="", user=user, schema=BriefingOutput)).output
    stored = {item.chunk_id: StoredChunk(item.chunk_id, "o", "d", "v", item.text, "h", 0) for item in evidence}
    claims, failure = check_grounding(output, stored)
    assert failure is None, (question, failure)
    return len(claims)


def _paragraphs(text: str, prefix: str) -> list[EvidenceItem]:
    parts = [part for part in text.split("\n\n") if part.strip()]
    return [EvidenceItem(f"{prefix}-{i}", "trusted", part, rank=i + 1) for i, part in enumerate(parts)]


async def test_extractive_answers_on_the_everyday_set_always_pass_statement_support() -> None:
    documents, questions = load_everyday(EVERYDAY)
    evidence = {d.name: _paragraphs(d.data.decode("utf-8"), d.name) for d in documents if d.split != "test"}
    claims = 0
    for question in questions:
        if question.document in evidence:
            claims += await _assert_extractive_supported(question.question, evidence[question.document])
    assert claims > 200


async def test_extractive_answers_on_squad_train_articles_always_pass_statement_support() -> None:
    if not SQUAD.is_file():
        pytest.skip(f"shared SQuAD data absent at {SQUAD}")
    paragraphs, questions = load_squad(SQUAD)
    by_chunk = {p.chunk_id: p for p in paragraphs}
    train = [q for q in questions if split_of(q.article) == "train"]
    claims = 0
    for question in itertools.islice(train, 0, None, 5):  # every fifth train question: ~570 runs
        paragraph = by_chunk[question.source_chunk]
        neighbours = [p for p in paragraphs if p.article == paragraph.article][:4]
        evidence = [
            EvidenceItem(p.chunk_id, "trusted", p.text, rank=i + 1)
            for i, p in enumerate(dict.fromkeys([paragraph, *neighbours]))
        ]
        claims += await _assert_extractive_supported(question.question, evidence)
    assert claims > 500
