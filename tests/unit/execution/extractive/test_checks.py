"""Model v3's eligibility rules: title lines, sums of money, noun-phrase modifiers, the which-X word, whole lists."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import (
    Expect,
    expected_answer,
    expects_money,
    holds_money,
    noun_phrases,
    same_word,
)
from domains.execution.briefing.extractive.structure import is_title_line, read_units
from domains.execution.briefing.extractive.terms import stem, tokenize
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import EvidenceItem, evidence_section, render_briefing_prompt
from domains.execution.verification.grounding import quote_is_grounded

# A plain-text email as ingestion renders it: the subject on the first line, and again in the section hint.
EMAIL = (
    "Your new laptops - action needed\n\nDear colleagues,\n\n"
    "The new machines are 14-inch models with 16 GB of memory. Please bring your old laptop and its charger to "
    "the swap appointment.\n\nKind regards,\nThe service desk"
)
EMAIL_SECTION = evidence_section("laptops.txt", "Your new laptops - action needed - Service desk - 2 February 2026")
MANUAL = (
    "# Breeze 300 air purifier\n\n## Filters\n"
    "1. Switch off and unplug the purifier.\n2. Replace the HEPA filter every 12 months.\n"
    "3. Hold the reset button for 3 seconds to clear the filter light."
)
RECIPE = (
    "# Chickpea and spinach curry\n\n## Storing\nThe dal keeps in the fridge for three days.\n\n"
    "## Serving\nServe with basmati rice and a spoon of yoghurt."
)
RELEASE = (
    "# quickbuild 3.0.0\n\nReleased on 5 May. This is a major release with breaking changes.\n\n"
    "## Breaking changes\n- Python 3.9 is no longer supported.\n- The `--output` option was renamed to `--out-dir`.\n"
    "- Files named `quickbuild.ini` are no longer read.\n\n## New features\n- A `watch` command reruns on changes."
)
SYSTEM = "Answer only from the evidence."


def _evidence(*texts: str, section: str | None = None) -> list[EvidenceItem]:
    return [
        EvidenceItem(f"chunk-{index}", "trusted", text, rank=index + 1, section=section)
        for index, text in enumerate(texts)
    ]


async def _quotes(question: str, evidence: Sequence[EvidenceItem], min_score: float | None = 0.0) -> list[str]:
    provider = ExtractiveBriefingProvider(min_score, encoder=None)
    user = render_briefing_prompt(question, evidence)
    output = (await provider.generate_structured(system=SYSTEM, user=user, schema=BriefingOutput)).output
    chunks = {item.chunk_id: item.text for item in evidence}
    quotes = [citation.quote for claim in output.claims for citation in claim.citations]
    assert all(any(quote_is_grounded(q, text) for text in chunks.values()) for q in quotes)
    return quotes


def _score(question: str, evidence: Sequence[EvidenceItem]) -> float:
    return ExtractiveBriefingProvider(encoder=None).draft(question, evidence).score


# --- title lines ----------------------------------------------------------------------------------------------------


def test_an_opening_line_that_repeats_the_section_hint_title_is_a_heading() -> None:
    titles = tuple((EMAIL_SECTION or "").split(" / "))
    units = read_units(EMAIL, 400, titles)
    texts = [EMAIL[u.start : u.end] for u in units]

    assert "Your new laptops - action needed" not in texts
    assert all(u.title == "Your new laptops - action needed" for u in units)
    assert is_title_line("Your new laptops - action needed", titles)
    assert not is_title_line("Dear colleagues,", titles)
    # Without a hint, a short opening line set off by a blank line is still read as the title, never an answer.
    assert "Your new laptops - action needed" not in [EMAIL[u.start : u.end] for u in read_units(EMAIL, 400)]
    greeting = "Dear colleagues,\n\nThe new machines arrive on Monday."
    assert "Dear colleagues," in [greeting[u.start : u.end] for u in read_units(greeting, 400)]


async def test_an_email_subject_is_never_quoted_and_its_body_is_checked() -> None:
    evidence = _evidence(EMAIL, section=EMAIL_SECTION)

    quotes = await _quotes("What should I bring to the swap appointment?", evidence)

    assert quotes and "bring your old laptop" in quotes[0]
    assert "Your new laptops - action needed" not in quotes
    assert _score("Which operating system will the new laptops run?", evidence) == 0.0


# --- answer kinds ---------------------------------------------------------------------------------------------------


def test_money_questions_and_sums_of_money() -> None:
    assert expects_money("How much does the bouncy castle cost?")
    assert expects_money("What is the total fee for the design work?")
    assert not expects_money("By how much will the service charge rise?")
    assert not expects_money("How much notice is needed to cancel?")
    assert holds_money("The fee is £22.00 a month.") and holds_money("paid at 45p per mile") and holds_money("free")
    assert not holds_money("The charge rises by 4% in April.")


async def test_a_price_question_is_refused_when_the_evidence_states_no_sum_of_money() -> None:
    assert _score("How much does the HEPA filter cost?", _evidence(MANUAL)) == 0.0
    assert _score("How often must the HEPA filter be replaced?", _evidence(MANUAL)) > 0.0


def test_deadlines_ask_for_dates() -> None:
    assert expected_answer("What deadlines does the team have before the offsite?") is Expect.DATE


# --- the thing asked about ------------------------------------------------------------------------------------------


def test_noun_phrases_pair_each_specific_modifier_with_its_head() -> None:
    tokens = tokenize("How often should the carbon filter of the new purifier be replaced?")
    focus = {t.stem: 1.0 for t in tokens if t.content}

    pairs = noun_phrases(tokens, focus)

    assert (stem("carbon"), stem("filter")) in pairs
    assert all(modifier != stem("new") for modifier, _ in pairs)  # too generic to tell two things apart
    assert noun_phrases(tokenize("What happens below the promised level?"), {stem("promised"): 1.0}) == ()


async def test_a_near_miss_that_differs_in_one_modifier_is_refused() -> None:
    assert _score("How often must the carbon filter be replaced?", _evidence(MANUAL)) == 0.0


async def test_the_which_word_must_be_in_the_sentence_or_its_headings_not_only_the_title() -> None:
    assert _score("Which curry can be kept in the fridge?", _evidence(RECIPE)) == 0.0
    assert _score("How long does the dal keep in the fridge?", _evidence(RECIPE)) > 0.0


@pytest.mark.parametrize(
    ("term", "others", "expected"),
    [("3.0", {"3.0.0"}, True), ("3.1", {"3.10"}, False), (stem("lend"), {stem("lent")}, True)],
)
def test_versions_and_irregular_verbs_match(term: str, others: set[str], expected: bool) -> None:
    assert same_word(term, others) is expected


# --- several claims -------------------------------------------------------------------------------------------------


async def test_a_list_question_takes_the_whole_answering_list_even_when_prose_ranks_first() -> None:
    quotes = await _quotes("What are the breaking changes in quickbuild 3.0.0?", _evidence(RELEASE))

    assert any("Python 3.9 is no longer supported." in q for q in quotes)
    assert any("--out-dir" in q for q in quotes)
    assert any("no longer read" in q for q in quotes)
    assert not any("watch" in q for q in quotes)
    assert len(quotes) <= 4
