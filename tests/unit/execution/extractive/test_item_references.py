"""Questions that point to a numbered clause or step ("Under clause 2.2, ...?", "In step 6, ...?"): that very item
answers at any positive score, and a number that only points to a clause counts nothing for "how many". The texts
are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import Expect, holds_expected
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import trusted_chunks

AGREEMENT = (
    "# Hall Hire Terms\n\n"
    "**2. Use of the hall**\n"
    "2.1 The hire period includes time for setting up.\n"
    "2.2 No more than 60 guests may be in the hall at any time.\n"
    "2.3 Candles may not be lit without written consent.\n\n"
    "**5. General**\n"
    "5.1 The hall may end a booking early if the hirer breaks clause 2.2 or 2.3.\n"
)


def test_a_number_that_points_to_a_clause_is_no_quantity() -> None:
    terms = frozenset({"2.2"})
    assert not holds_expected(
        Expect.QUANTITY, tokenize("The hall may end a booking if the hirer breaks clause 2.2 or 2.3."), terms
    )
    assert holds_expected(Expect.QUANTITY, tokenize("No more than 60 guests may be in the hall."), terms)
    assert holds_expected(Expect.QUANTITY, tokenize("Section 4 allows 12 guests."), terms)


def test_the_clause_the_question_names_answers_at_any_positive_score() -> None:
    provider = ExtractiveBriefingProvider(encoder=None)
    draft = provider.draft("Under clause 2.2, how many guests can be in the hall at once?", trusted_chunks(AGREEMENT))
    assert draft.quotes[0].text == "No more than 60 guests may be in the hall at any time."
    assert draft.restated and provider.threshold_for(draft) == 0.0


def test_another_clause_or_a_question_without_a_subject_needs_the_score() -> None:
    provider = ExtractiveBriefingProvider(encoder=None)
    # Clause 2.1 is not the one asked about: the guests' limit is found on its merits, not by pointing.
    other = provider.draft("Under clause 2.1, how many guests can be in the hall at once?", trusted_chunks(AGREEMENT))
    assert not other.restated
    # "What do I do at step 2?" names no subject: any document's step 2 would do, so no pointing.
    steps = "# Bread\n\n## Method\n1. Mix the flour and water.\n2. Rest the dough for 20 minutes.\n"
    bare = provider.draft("What do I do at step 2?", trusted_chunks(steps))
    assert not bare.restated
