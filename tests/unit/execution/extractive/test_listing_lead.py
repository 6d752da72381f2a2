"""A list question's lead claim states the kind of fact asked for; a rule may open with its condition; a quoted
reply's separator line is no claim. The documents are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.listing import ListKind, may_be_claim, states_kind
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import grounded_quotes

FILM_CLUB = (
    "# Film club minutes, 3 March\n\n"
    "Present: Aiko, Bram, Carla\n\n"
    "The club chose a Japanese animation for the April screening. Bram will book the projector."
)
POOL = (
    "# Riverside leisure club\n\n## In the pool\n"
    "- Every club member must shower before entering the pool.\n"
    "- Children under 8 must be accompanied by an adult in the water.\n"
    "- Glass bottles are not allowed on the poolside.\n"
)


def test_an_instruction_after_its_condition_states_a_duty() -> None:
    assert states_kind(ListKind.DUTY, "If you are away for more than a week, switch off the water heater.")
    assert states_kind(ListKind.DUTY, "Before cleaning the filter, unplug the unit.")
    assert not states_kind(ListKind.DUTY, "If it rains, the match moves indoors.")


def test_a_quoted_replys_separator_is_no_claim() -> None:
    assert not may_be_claim("-----Original message-----\nFrom: Ruth <ruth@school.example>\nTo: Parents")
    assert not may_be_claim("---------- Forwarded message ---------")
    assert may_be_claim("The coach now leaves at 9:10.")


async def test_the_lead_of_a_rules_question_is_a_rule_not_a_likelier_sentence_that_states_none() -> None:
    evidence = [
        # The minutes are retrieved first (by meaning), the rules close behind (by words).
        EvidenceItem("chunk-film", "trusted", FILM_CLUB, rank=1, semantic_rank=1, lexical_rank=2),
        EvidenceItem("chunk-pool", "trusted", POOL, rank=2, semantic_rank=2, lexical_rank=1),
    ]
    quotes = await grounded_quotes("What rules apply when using the club?", evidence)

    assert quotes and "must shower" in quotes[0]
    assert not any("Japanese animation" in q for q in quotes)


THREAD = (
    "Subject: Re: Museum visit for Class 4\n\n"
    "Dear families of Class 4,\n\n"
    "The museum has asked us to stay later, so please collect your child from the library at 15:45.\n\n"
    "Best wishes,\nMs Adeyemi\n\n"
    "-----Original message-----\n"
    "From: Grace Adeyemi <g.adeyemi@school.example>\n"
    "To: Families of Class 4\n"
    "Subject: Museum visit for Class 4 families\n\n"
    "> Class 4 will visit the city museum on Friday. Children need a packed lunch.\n"
)


def test_a_greeting_a_sign_off_or_a_quoted_header_block_is_no_candidate() -> None:
    evidence = [EvidenceItem("chunk-thread", "trusted", THREAD, rank=1, semantic_rank=1, lexical_rank=1)]
    analysis = analyze(
        "Where should families of Class 4 collect their child after the museum visit?", evidence, max_sentence_chars=400
    )
    texts = [analysis.quote_text(c) for c in analysis.candidates]

    assert any("collect your child from the library" in t for t in texts)
    assert not any(t.startswith(("Dear", "Best wishes", "-----Original", "Subject:")) for t in texts)
