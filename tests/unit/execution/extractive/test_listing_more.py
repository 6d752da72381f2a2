"""Multi-claim briefings that generalise: more list-question forms, further claims chosen by what a sentence states
and whether it shares the question's focus or section, whole lists taken, and no greeting, preamble or question
sentence ever quoted as a claim. The documents are written for these tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domains.execution.briefing.extractive.listing import (
    ListKind,
    asks_for_several,
    kind_strength,
    list_kind,
    may_be_claim,
    states_kind,
)
from tests.unit.execution.extractive.helpers import grounded_quotes, trusted_chunks

ROWING = (
    "# Harbour Rowing Club: committee minutes, 9 March 2026\n\n"
    "Present: Ines (chair), Tobias, Grace, Wen\n\n"
    "## Boats\n"
    "The club's oldest four-seater has a cracked hull. After some discussion the committee decided to sell it "
    "for parts. Tobias reported that the boat shed roof leaks again in heavy rain.\n\n"
    "## Subscriptions\n"
    "Junior subscriptions were kept at £60 a year. The committee agreed to offer a half-price first year to "
    "new adult members.\n\n"
    "## Actions\n"
    "- Grace to advertise the four-seater on the regional forum.\n"
    "- Wen to ask two roofers for quotes.\n"
    "- Tobias to update the membership form with the new rates.\n"
)
WORKSHOP = (
    "# Makerspace handbook\n\n"
    "## Opening hours\nThe makerspace is open from 10:00 to 21:00, Tuesday to Sunday.\n\n"
    "## Workshop rules\n"
    "- Safety glasses are worn whenever a machine is running.\n"
    "- Long hair is tied back near the lathe.\n"
    "- Nobody uses the laser cutter without a completed induction.\n\n"
    "## Membership\nMembership costs £35 a month.\n"
)
KAYAK = (
    "# Lakeside hire prices\n\n"
    "## Kayak hire\n"
    "| Boat | One hour | Half day |\n"
    "|---|---|---|\n"
    "| Single kayak | £12 | £30 |\n"
    "| Double kayak | £18 | £45 |\n"
    "| Canoe | £20 | £50 |\n\n"
    "## Parking\nParking at the lake is free for hire customers.\n"
)
AGM = (
    "From: Dana Whitfield <dana@allotments.example>\n"
    "To: All plot holders\n"
    "Subject: Annual general meeting on 21 May\n\n"
    "Dear plot holders,\n\n"
    "Our annual general meeting takes place on 21 May at 19:00 in the pavilion.\n\n"
    "Why are we meeting in May this year? The pavilion is being repainted in April.\n\n"
    "Please send any motions to the secretary by 7 May, so that they can go on the agenda.\n\n"
    "You will need your plot number to vote, so bring your tenancy card with you.\n\n"
    "Could you also return the water-meter reading slip before the meeting?\n\n"
    "Best wishes,\n"
    "Dana\n"
)
MEMO = (
    "# Changes to the cleaning rota\n\n"
    "This memo explains how the kitchen cleaning rota will work from June.\n\n"
    "Each team now cleans the kitchen for one week instead of one day.\n\n"
    "The rota is no longer kept on the noticeboard; it moves to the shared calendar.\n\n"
    "The kitchen has two dishwashers and a coffee machine.\n"
)
RELEASE = (
    "# Tidewater 2.3\n\nReleased 4 August 2026.\n\n"
    "This release focuses on stability.\n\n"
    "Exporting a report to PDF no longer cuts off the last page. Search results now load twice as fast. "
    "We fixed a crash when opening files with very long names.\n\n"
    "Tidewater 2.3 requires 4 GB of memory.\n"
)


_evidence = trusted_chunks


async def _quotes(question: str, *texts: str) -> list[str]:
    return await grounded_quotes(question, _evidence(*texts))


def _holds(quotes: Sequence[str], *facts: str) -> bool:
    return all(any(fact in quote for quote in quotes) for fact in facts)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("List the action points from the rowing club meeting.", ListKind.PLAN),
        ("What was decided at the March committee meeting?", ListKind.PLAN),
        ("What happened at the rowing club committee meeting?", ListKind.PLAN),
        ("Which rules apply in the workshop?", ListKind.DUTY),
        ("What do plot holders need to do before the meeting?", ListKind.DUTY),
        ("What do I need to bring to the meeting?", ListKind.DUTY),
        ("What options are there for paying the subscription?", ListKind.OPTION),
        ("What deadlines do plot holders have?", ListKind.DEADLINE),
        ("What are the new features in version 2?", ListKind.CHANGE),
        ("What was fixed in Tidewater 2.3?", ListKind.CHANGE),
        ("What are the prices for hiring a kayak?", None),
        ("What happened during the power cut on Friday?", None),  # events, not plans
    ],
)
def test_more_list_question_forms(question: str, kind: ListKind | None) -> None:
    assert asks_for_several(question)
    assert list_kind(question) is kind


@pytest.mark.parametrize(
    "question",
    [
        "How much does a single kayak cost for one hour?",
        "When is the annual general meeting?",
        "Who will ask the roofers for quotes?",
        "Where does the meeting take place?",
        "What time does the makerspace open?",
    ],
)
def test_single_fact_questions_are_no_list(question: str) -> None:
    assert not asks_for_several(question)


def test_what_is_never_a_claim() -> None:
    assert not may_be_claim("Dear plot holders,")
    assert not may_be_claim("Best wishes,")
    assert not may_be_claim("Why are we meeting in May this year?")
    assert not may_be_claim("This memo explains how the kitchen cleaning rota will work from June.")
    assert not may_be_claim("Subject: Annual general meeting on 21 May")
    assert may_be_claim("Could you also return the water-meter reading slip before the meeting?")  # a request
    assert may_be_claim("Please send any motions to the secretary by 7 May.")


def test_requests_and_decisions_are_said_plainly() -> None:
    assert states_kind(ListKind.DUTY, "Could you also return the reading slip before the meeting?")
    assert not states_kind(ListKind.DUTY, "Why are we meeting in May this year?")
    decided = "What was decided at the meeting?"
    assert kind_strength(ListKind.PLAN, "The committee agreed to offer a half-price first year.", decided) == 3
    assert kind_strength(ListKind.PLAN, "Grace to advertise the boat on the forum.", decided) == 2
    assert kind_strength(ListKind.PLAN, "The next meeting is in May.", decided) == 1
    assert kind_strength(ListKind.PLAN, "The shed roof leaks in heavy rain.", decided) == 0
    # Naming the category asked about states no fact of it; "new" alone is a weak cue.
    assert kind_strength(ListKind.CHANGE, "This is a major release with breaking changes.") == 0
    assert kind_strength(ListKind.CHANGE, "2025 was a year of change for the library.") == 0
    assert kind_strength(ListKind.CHANGE, "The price changes from £4 to £5 in May.") == 2
    assert kind_strength(ListKind.CHANGE, "Spending on new books was £9,000.") == 1


async def test_decisions_in_prose_come_before_the_action_list() -> None:
    quotes = await _quotes("What was decided at the March committee meeting?", ROWING)

    assert _holds(quotes, "decided to sell it for parts", "kept at £60", "agreed to offer a half-price first year")
    assert not any("cracked hull" in q or "roof leaks" in q for q in quotes)  # reports, not decisions


async def test_list_request_takes_every_action_item() -> None:
    quotes = await _quotes("List the action points from the rowing club meeting.", ROWING)

    assert _holds(quotes, "Grace to advertise", "Wen to ask", "Tobias to update")
    assert not any(q.strip() == "Actions" or "Present:" in q for q in quotes)  # no heading, no header line


async def test_rules_list_is_taken_whole_though_its_items_do_not_say_workshop() -> None:
    quotes = await _quotes("Which rules apply in the workshop?", WORKSHOP)

    assert _holds(quotes, "Safety glasses", "Long hair", "laser cutter")
    assert not any("£35" in q or "10:00" in q for q in quotes)  # other sections
    assert not any("Workshop rules" in q for q in quotes)  # the heading is context, never a claim


async def test_sibling_table_rows_answer_a_price_question() -> None:
    quotes = await _quotes("What are the prices for hiring a kayak?", KAYAK)

    assert _holds(quotes, "Single kayak", "Double kayak", "Canoe")
    assert not any("Parking" in q for q in quotes)


async def test_email_duties_skip_greeting_question_and_sign_off() -> None:
    quotes = await _quotes("What do plot holders need to do before the annual general meeting?", AGM)

    assert _holds(quotes, "send any motions", "bring your tenancy card", "return the water-meter reading slip")
    assert not any(q.startswith(("Dear", "Best wishes", "Why are we")) for q in quotes)


async def test_changes_skip_the_preamble_and_what_did_not_change() -> None:
    quotes = await _quotes("What changed in the cleaning rota?", MEMO)

    assert _holds(quotes, "one week instead of one day", "no longer kept on the noticeboard")
    assert not any("This memo explains" in q or "two dishwashers" in q for q in quotes)


async def test_fixes_in_prose_are_briefed_together() -> None:
    quotes = await _quotes("What was fixed in Tidewater 2.3?", RELEASE)

    assert _holds(quotes, "fixed a crash", "no longer cuts off the last page", "now load twice as fast")
    assert not any("focuses on stability" in q for q in quotes)
