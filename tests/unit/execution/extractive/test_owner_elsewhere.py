"""A question naming an owner ("the hotel's phone number") is not answered from a document that never names it while
another retrieved document does: that one is about the hotel. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import possessive_owners
from domains.execution.briefing.prompt_format import EvidenceItem

SHOP = (
    "# Returns and repairs\n\nFaulty speakers are repaired free of charge within two years.\n\n"
    "## Contact us\n\nLive chat: every day 8:00-20:00\nEmail: care@speakers.example\nPhone: 0330 555 0199\n"
)
TRIP = (
    "Hi both,\n\nHere is your final itinerary. Your hotel is Casa Alta, Rua Nova 12, Porto, six nights with "
    "breakfast. The hotel keeps bags for early arrivals. Your flight leaves Bristol at 07:10 on Saturday.\n\nBest,\nMia"
)


def _answer(question: str, *documents: tuple[str, str]) -> list[str]:
    """Return the lexical provider's quotes when its draft clears its threshold, else [] (a refusal)."""
    evidence = [
        EvidenceItem(f"{name}-0", "trusted", text, rank=rank, section=name)
        for rank, (name, text) in enumerate(documents, start=1)
    ]
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, evidence)
    return [quote.text for quote in draft.quotes] if draft.score >= draft.threshold > 0 else []


@pytest.mark.parametrize(
    ("question", "owners"),
    [
        ("What's the hotel's phone number?", {"hotel"}),
        ("What time does the school's office open?", {"school"}),
        ("What colour is my son's jumper?", set()),  # who asks, not what is asked about
        ("When is this year's fair?", set()),
        ("What is Priya's email address?", {"priya"}),  # v76: a person named owns the contact detail asked too
    ],
)
def test_owners_are_the_common_nouns_a_possessive_names(question: str, owners: set[str]) -> None:
    assert possessive_owners(question) == frozenset(owners)


def test_another_documents_number_is_not_the_owners() -> None:
    assert _answer("What's the hotel's phone number?", ("shop.md", SHOP), ("trip.eml", TRIP)) == []


def test_the_owners_own_document_still_answers() -> None:
    hotel = "# Casa Alta, Porto\n\nReception is open day and night.\n\nPhone: +351 22 555 0147\n"
    assert _answer("What's the hotel's phone number?", ("shop.md", SHOP), ("hotel.md", hotel)) == [
        "Phone: +351 22 555 0147"
    ]


def test_an_owner_no_document_names_leaves_the_question_to_the_other_rules() -> None:
    """Only a document that does name the owner rules the others out: alone, the shop's page answers its phone."""
    assert _answer("What is the shop's phone number?", ("shop.md", SHOP)) == ["Phone: 0330 555 0199"]
