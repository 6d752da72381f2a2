"""A sentence opening with a phrase that points back ("As a workaround, ...", "To fix this, ...", "If this happens,
...") is quoted with the sentence before it, as one opening with a pronoun is: alone it does not say what it fixes.
The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.features import starts_with_anaphor
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import trusted_chunks


@pytest.mark.parametrize(
    ("sentence", "points_back"),
    [
        ("As a workaround, restart the app.", True),
        ("To fix this, unplug the hub for ten seconds.", True),
        ("If this happens, call the helpline.", True),
        ("If so, ask at reception.", True),
        ("In that case, bring the receipt.", True),
        ("It lasts two years.", True),
        ("To fix the shelf, use the longer screws.", False),
        ("If the light flashes, call the helpline.", False),
        ("As a member, you get 10% off.", False),
    ],
)
def test_a_sentence_that_points_back_needs_the_one_before(sentence: str, points_back: bool) -> None:
    assert starts_with_anaphor(tokenize(sentence)) is points_back


NOTES = (
    "# Ledgerly 3.1 release notes\n\n## Known issues\n"
    "- Exported PDFs lose their page numbers on some printers. As a workaround, export to A4 instead of Letter.\n"
    "- Sync can take a minute after an update.\n"
)


def test_the_workaround_is_quoted_with_the_problem_it_fixes() -> None:
    draft = ExtractiveBriefingProvider(encoder=None).draft(
        "My exported PDFs have no page numbers - what can I do?", trusted_chunks(NOTES)
    )
    assert draft.quotes
    assert draft.quotes[0].text == (
        "Exported PDFs lose their page numbers on some printers. As a workaround, export to A4 instead of Letter."
    )


def test_the_same_sentence_twice_is_one_claim() -> None:
    # A list that repeats an item (or a copy of a sentence elsewhere) says nothing new the second time.
    rules = "# Pool rules\n\n## What to bring\n- A towel.\n- A padlock for the lockers.\n- A towel.\n"
    draft = ExtractiveBriefingProvider(encoder=None).draft(
        "What do I need to bring to the pool?", trusted_chunks(rules)
    )
    assert [q.text for q in draft.quotes] == ["A towel.", "A padlock for the lockers."]
