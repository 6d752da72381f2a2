"""Model v4: list questions answered by prose, from sentences of different paragraphs said the way such facts are."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import Expect, asks_for_list, expected_answer
from domains.execution.briefing.extractive.listing import ListKind, list_kind, states_kind
from tests.unit.execution.extractive.helpers import grounded_quotes, trusted_chunks

# A prose policy: its conditions are in different paragraphs, and none of them says "condition".
POLICY = (
    "# Sabbatical Policy\n\n"
    "Kestrel Analytics offers unpaid sabbaticals so that staff can study, travel or care for family.\n\n"
    "## Who can apply\nAn employee who has worked here for five years can apply for a sabbatical.\n\n"
    "## Length\nA sabbatical lasts between one and six months.\n\n"
    "## Applying\nSend the request to your director at least three months before the start date.\n\n"
    "## Pension\nPension contributions pause during the sabbatical."
)
MEMO = (
    "# Parking changes\n\nThis note explains the parking arrangements at the depot.\n\n"
    "Permits are now issued by the front desk instead of by Security.\n\n"
    "The car park closes at 21:00.\n\n"
    "The monthly permit price rises from £15 to £18 in May."
)


_evidence = trusted_chunks


_quotes = grounded_quotes


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What are the conditions for taking a sabbatical?", ListKind.DUTY),
        ("What does the policy require of dog owners?", ListKind.DUTY),
        ("What should attendees do before the workshop?", ListKind.DUTY),
        ("What changed in the parking arrangements?", ListKind.CHANGE),
        ("What does the library plan for next year?", ListKind.PLAN),
        ("How tall is the lighthouse?", None),
    ],
)
def test_list_kinds(question: str, kind: ListKind | None) -> None:
    assert list_kind(question) is kind
    assert asks_for_list(question) is (kind is not None)


def test_how_each_kind_is_said() -> None:
    assert states_kind(ListKind.DUTY, "The work must be unpaid.")
    assert states_kind(ListKind.DUTY, "Bring headphones as well.")  # an imperative
    assert not states_kind(ListKind.DUTY, "Lunch is provided.")
    assert states_kind(ListKind.CHANGE, "The workshop is no longer at the Hartley Centre.")
    assert not states_kind(ListKind.CHANGE, "The workshop runs from 9:30 to 16:00.")  # a range, not a change
    assert states_kind(ListKind.PLAN, "Felix to draft a help-centre article.")
    assert not states_kind(ListKind.PLAN, "Visits rose last year.")


def test_a_date_question_accepts_first_and_last_days() -> None:
    assert expected_answer("When is the monthly fee taken?") is Expect.DATE


async def test_conditions_in_prose_come_from_several_paragraphs() -> None:
    quotes = await _quotes("What are the conditions for taking a sabbatical?", _evidence(POLICY))

    assert any("five years" in q for q in quotes)
    assert any("at least three months before" in q for q in quotes)
    assert not any("Pension" in q for q in quotes)  # a fact, but no condition
    assert 2 <= len(quotes) <= 4


async def test_changes_in_prose_skip_what_did_not_change() -> None:
    quotes = await _quotes("What changed in the parking arrangements?", _evidence(MEMO))

    assert any("instead of by Security" in q for q in quotes)
    assert any("from £15 to £18" in q for q in quotes)
    assert not any("21:00" in q for q in quotes)


async def test_one_claim_when_the_question_asks_for_one_thing() -> None:
    quotes = await _quotes("How long does a sabbatical last?", _evidence(POLICY))

    assert len(quotes) == 1 and "between one and six months" in quotes[0]
