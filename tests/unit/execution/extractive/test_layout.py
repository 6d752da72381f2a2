"""The extractive provider on everyday documents: layout-aware quotes, refusals of near-misses, several claims."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import Expect, asks_for_list, expected_answer, same_word
from domains.execution.briefing.extractive.structure import Role, read_units
from domains.execution.briefing.extractive.terms import stem
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import (
    EvidenceItem,
    evidence_section,
    parse_briefing_prompt,
    render_briefing_prompt,
)
from domains.execution.verification.grounding import quote_is_grounded
from tests.unit.execution.extractive.helpers import trusted_chunks

FAQ = (
    "# Harbour Street Coworking FAQ\n\n## Membership\n\n### Can I bring a guest?\n"
    "Yes. Each member may bring up to two guests per day at no charge. Guests must sign in at the front desk.\n\n"
    "### How do I cancel my membership?\n"
    "Send an email to the members desk at least 30 days before your next billing date."
)
MANUAL = (
    "## 3. Replacing the filter\nThe filter light turns orange when the filter needs attention.\n"
    "1. Switch off and unplug the purifier.\n2. Replace the HEPA filter every 12 months.\n"
    "3. Hold the reset button for 3 seconds to clear the filter light."
)
EMAIL = (
    "From: Helen Ashworth\nTo: Everyone at Larkspur Design\nSubject: Office move\n\nGood morning all,\n\n"
    "Could you please pack your desk into the labelled crates before you leave on Friday 23 October? "
    "Anything not packed will be left behind.\n\nThanks,\nHelen"
)
POLICY = (
    "# Travel and Expenses Policy\n\n## Hotels\nThe nightly hotel limit is £140 in London and £110 elsewhere.\n\n"
    "## Breaches\nClaims that break this policy will be refused. Deliberately false claims are treated as gross "
    "misconduct."
)
LEASE = (
    "## 4. Tenant's obligations\n4.1 The Tenant shall keep the property clean and in good condition.\n"
    "4.2 The Tenant shall not keep pets without the Landlord's written consent.\n"
    "4.3 The Tenant shall not smoke inside the property."
)
PRICES = (
    "## Memberships\n\n| Membership | Monthly | Annual |\n|---|---|---|\n| Adult | £34.00 | £350.00 |\n"
    "| Senior (65+) | £22.00 | £230.00 |"
)
SYSTEM = "Answer only from the evidence."


_evidence = trusted_chunks


async def _brief(question: str, evidence: Sequence[EvidenceItem], min_score: float | None = None) -> BriefingOutput:
    """Brief with the lexical model; min_score 0 answers every draft (to test which quotes a draft holds)."""
    provider = ExtractiveBriefingProvider(min_score, encoder=None)
    user = render_briefing_prompt(question, evidence)
    result = await provider.generate_structured(system=SYSTEM, user=user, schema=BriefingOutput)
    chunks = {item.chunk_id: item.text for item in evidence}
    for claim in result.output.claims:
        for citation in claim.citations:
            assert quote_is_grounded(citation.quote, chunks[citation.chunk_id])
    return result.output


def _quotes(output: BriefingOutput) -> list[str]:
    return [citation.quote for claim in output.claims for citation in claim.citations]


def test_headings_are_context_and_quotes_carry_no_markup() -> None:
    units = read_units(MANUAL, 400)
    texts = [MANUAL[u.start : u.end] for u in units]

    assert "Replace the HEPA filter every 12 months." in texts
    assert not any(text.startswith(("#", "2.", "3. Replacing")) for text in texts)
    step = units[texts.index("Replace the HEPA filter every 12 months.")]
    assert step.role is Role.STEP
    assert "Replacing the filter" in step.context


def test_faq_answers_carry_their_question_and_tables_their_header() -> None:
    faq = read_units(FAQ, 400)
    guests = next(u for u in faq if "two guests" in FAQ[u.start : u.end])
    assert "Can I bring a guest?" in guests.context
    assert all("?" not in FAQ[u.start : u.end] for u in faq)  # no question heading is quotable

    rows = read_units(PRICES, 400)
    assert [PRICES[u.start : u.end] for u in rows] == ["Adult | £34.00 | £350.00", "Senior (65+) | £22.00 | £230.00"]
    assert all(u.role is Role.ROW and "Monthly" in u.context for u in rows)


def test_the_section_hint_round_trips_and_refuses_markup() -> None:
    section = evidence_section("policy.md", 'Hotels > "London" <b>')
    item = EvidenceItem("chunk-1", "trusted", POLICY, rank=1, section=section)

    _, parsed = parse_briefing_prompt(render_briefing_prompt("What is the hotel limit?", [item]))

    assert section == "policy.md / Hotels / London b"
    assert parsed == [item]
    with pytest.raises(ValueError):
        render_briefing_prompt("q", [EvidenceItem("chunk-1", "trusted", "text", section='a "quoted" title')])


# --- reading the question -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "expect"),
    [
        ("How many guests can a member bring?", Expect.QUANTITY),
        ("How much does a monthly pass cost?", Expect.QUANTITY),
        ("By when must the slides be sent?", Expect.DATE),
        ("When is the next meeting?", Expect.DATE),
        ("How often must the filter be replaced?", Expect.DURATION),
        ("How high is the tower?", Expect.MEASURE),
        ("Who will order the water butts?", Expect.PERSON),
        ("Why was the release delayed?", Expect.ANY),
    ],
)
def test_the_expected_answer_kind_is_read_from_the_wording(question: str, expect: Expect) -> None:
    assert expected_answer(question) is expect


def test_morphology_links_word_forms() -> None:
    assert same_word(stem("replaced"), {stem("replace")})
    assert same_word(stem("labelled"), {stem("label")})
    assert same_word(stem("sent"), {stem("send")})
    assert not same_word(stem("motorbike"), {stem("car"), stem("mile")})


def test_list_questions_are_told_from_single_fact_questions() -> None:
    assert asks_for_list("What are the tenant's obligations?")
    assert asks_for_list("Which bugs were fixed in 4.2?")
    assert not asks_for_list("How many guests can a member bring?")
    assert not asks_for_list("What is the total due?")


# --- answers and refusals -------------------------------------------------------------------------------------------


async def test_a_faq_answer_is_found_through_its_question_heading() -> None:
    output = await _brief("How many guests can a member bring per day?", _evidence(FAQ, POLICY), 0.0)

    assert not output.insufficient_evidence
    assert "up to two guests per day" in _quotes(output)[0]
    assert not _quotes(output)[0].startswith(("#", "Yes."))


async def test_an_imperative_step_answers_a_how_often_question() -> None:
    output = await _brief("How often must the HEPA filter be replaced?", _evidence(MANUAL, FAQ), 0.0)

    assert not output.insufficient_evidence
    assert _quotes(output)[0] == "Replace the HEPA filter every 12 months."


async def test_a_deadline_inside_a_polite_request_answers_by_when() -> None:
    output = await _brief("By when must desks be packed into the crates?", _evidence(EMAIL, MANUAL), 0.0)

    assert not output.insufficient_evidence
    assert "before you leave on Friday 23 October" in _quotes(output)[0]


async def test_a_table_row_answers_with_its_row() -> None:
    output = await _brief("How much is the monthly membership for a senior?", _evidence(PRICES, POLICY), 0.0)

    assert not output.insufficient_evidence
    assert "£22.00" in _quotes(output)[0]


@pytest.mark.parametrize(
    "question",
    [
        "What is the nightly hotel limit in Paris?",  # a neighbouring entity
        "How many staff does the policy cover?",  # a count of something the evidence never counts
        "When was the expenses policy approved?",  # an answer kind (a date) the evidence lacks
    ],
)
async def test_near_misses_are_refused(question: str) -> None:
    output = await _brief(question, _evidence(POLICY, FAQ))

    assert output.insufficient_evidence
    assert not output.claims


async def test_a_title_line_is_never_the_answer() -> None:
    output = await _brief("What is the travel and expenses policy?", _evidence(POLICY), 0.0)

    assert all(
        not quote.lstrip().startswith("#") and quote != "Travel and Expenses Policy" for quote in _quotes(output)
    )


async def test_a_list_question_is_briefed_in_several_claims() -> None:
    output = await _brief("What are the tenant's obligations?", _evidence(LEASE, POLICY), 0.0)

    quotes = _quotes(output)
    assert not output.insufficient_evidence
    assert len(quotes) >= 2
    assert len(set(quotes)) == len(quotes)
    assert all(not q.startswith("4.") for q in quotes)
    assert output.briefing.startswith(output.claims[0].statement)


async def test_a_single_fact_question_gets_one_claim() -> None:
    output = await _brief("How long must the reset button be held?", _evidence(MANUAL), 0.0)

    assert len(output.claims) == 1
    assert "3 seconds" in output.claims[0].citations[0].quote


HUB = (
    "# Smart hub setup\n\n## Connecting the hub\n\n1. Plug the hub into a wall socket near your router.\n"
    "2. Download the Homely app and sign in.\n3. Hold the pairing button for five seconds.\n"
    "4. Name the hub in the app.\n"
)


def test_a_numbered_step_keeps_its_number_out_of_the_quote() -> None:
    text = HUB + "2.2 No more than 15 people may be in the studio."
    units = read_units(text, 400)
    assert [u.number for u in units if u.role is Role.STEP] == ["1", "2", "3", "4", "2.2"]
    assert "Hold the pairing button for five seconds." in [text[u.start : u.end] for u in units]


async def test_a_question_naming_a_step_by_its_number_is_answered_from_that_step() -> None:
    answered = await _brief("In step 3, how long do I hold the button?", _evidence(HUB))
    absent = await _brief("In step 7, how long do I hold the button?", _evidence(HUB))

    assert _quotes(answered) == ["Hold the pairing button for five seconds."]
    assert absent.insufficient_evidence  # there is no step 7: the number names another step


def test_a_chunk_that_is_only_its_sheet_s_name_is_no_answer() -> None:
    """Stored before sheet names joined their rows' chunk, a chunk can be just "Menu 2026" under the section "Sheet
    Menu 2026": a heading, never a quote."""
    assert read_units("Menu 2026", 400, ("catering.xlsx", "Sheet Menu 2026")) == []
    assert read_units("Menu 2026", 400, ("catering.xlsx", "Sheet Delivery")) != []  # another section's words stay
