"""Answerer v93: readings found by asking each outside check's question of its own document only, as a run given
`document_ids` does. A sum asked as a share of another is answered by a percentage; "how big a deposit" asks a
sum; a code typed in lower case is the code; a shorter name of a thing of several modifiers is the thing; a field's
value is quoted with its label and read with its headings; a day is found where its kind is named; "who do I talk
to" is answered by a name with a number or an address. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import as_typed, expected_unit, expects_money
from tests.unit.execution.extractive.helpers import candidate_quotes

COURSE = (
    "## Withdrawing from a course\n\n"
    "If you withdraw before the second class, we refund 75% of the course fee.\n"
    "Members save money on every course."
)


def test_a_share_of_a_fee_answers_how_much_of_it_comes_back() -> None:
    quotes = candidate_quotes("how much of the course fee do i get back if i withdraw before the second class", COURSE)
    assert quotes and "75%" in quotes[0]


def test_a_percentage_does_not_answer_a_price() -> None:
    text = "## Courses\n\nPottery courses have gone up by 5% this year."
    assert candidate_quotes("How much does the pottery course cost?", text) == []
    # a share must be of the thing asked: a fee asked "for the deposit" is no deposit
    fees = "## Paying late\n\nA 5% surcharge is added to balances paid late."
    assert candidate_quotes("How much is the late payment fee for the deposit?", fees) == []


def test_how_big_a_deposit_asks_a_sum_and_how_big_a_garden_a_size() -> None:
    assert expects_money("how big a deposit do we pay for the van")
    assert expected_unit("how big a deposit do we pay for the van") is None
    assert not expects_money("how big a garden does the cottage have")
    assert expected_unit("how big a garden does the cottage have") is not None
    text = "## Van hire\n\nA deposit of 10% is taken when you book the van."
    assert candidate_quotes("how big a deposit do we pay for the van", text)


def test_a_code_typed_in_lower_case_is_the_code() -> None:
    assert as_typed("the boiler shows f28 what now") == "the boiler shows F28 what now"
    assert as_typed("is the meeting at 10am, i.e. early") == "is the meeting at 10am, i.e. early"
    text = "## Fault codes\n\nF28 - ignition failure. Press reset and wait 30 seconds.\nF22 - low water pressure."
    quotes = candidate_quotes("my boiler says f28 what does it mean", text, "boiler-guide.md")
    assert quotes and quotes[0].startswith("F28")


def test_a_thing_of_two_modifiers_is_named_by_its_first() -> None:
    text = "## Clinic times\n\nWe hold emergency slots every weekday at 8:45am.\nRoutine check-ups are booked online."
    quotes = candidate_quotes("when are the emergency appointment slots", text, "dentist-faq.md")
    assert quotes == ["We hold emergency slots every weekday at 8:45am."]
    # the first modifier is the one that tells them apart: "routine slots" are not the "emergency slots"
    assert candidate_quotes("when are the routine appointment slots", text, "dentist-faq.md") == []


PRICES = (
    "POOL PRICES (per session)\n\n"
    "Adult swim, weekdays .......... £5.20\n"
    "Adult swim, weekends .......... £6.40\n"
    "Junior swim ................... £3.10\n"
)


def test_a_field_is_quoted_with_its_label_and_read_with_its_headings() -> None:
    quotes = candidate_quotes("how much is a junior swim per session", PRICES, "pool.txt")
    assert quotes and quotes[0] == "Junior swim ................... £3.10"
    assert not any(q.rstrip().endswith(".") and "£" not in q for q in quotes)  # a label alone is no candidate


def test_a_day_is_found_where_its_kind_is_named() -> None:
    quotes = candidate_quotes("how much is an adult swim on a sunday", PRICES, "pool.txt")
    assert quotes and quotes[0] == "Adult swim, weekends .......... £6.40"


@pytest.mark.parametrize("asked", ["talk to", "speak to", "ask"])
def test_who_do_i_talk_to_is_answered_by_a_contact(asked: str) -> None:
    text = (
        "## Contacts\n\nHire enquiries: Tom Reyes, Hire Desk, 01632 960 404, hire@example.org\n\nOpen 9am to 5pm daily."
    )
    quotes = candidate_quotes(f"who do i {asked} about hiring a kayak", text, "kayak-hire-prices.md")
    assert quotes == ["Hire enquiries: Tom Reyes, Hire Desk, 01632 960 404, hire@example.org"]


RATES = (
    "## Cabin rates 2026\n\n"
    "Cabin: Heron | Sleeps: 2 | Midweek night: 85 | Weekend night: 110\n\n"
    "Cabin: Osprey | Sleeps: 6 | Midweek night: 150 | Weekend night: 190"
)


def test_a_price_table_without_a_currency_sign_answers_how_much() -> None:
    quotes = candidate_quotes("How much is the Osprey cabin for a midweek night?", RATES, "lakeside-cabins.xlsx")
    assert quotes == ["Cabin: Osprey | Sleeps: 6 | Midweek night: 150 | Weekend night: 190"]
    menu = (
        "## Menu\n\n| Drink | Regular | Large |\n|---|---|---|\n| Flat white | 3.10 | 3.60 |\n| Mocha | 3.40 | 3.90 |"
    )
    assert candidate_quotes("how much is a large mocha", menu, "cafe.md") == ["Mocha | 3.40 | 3.90"]


def test_bare_numbers_are_no_prices_where_the_table_lists_none() -> None:
    stock = "## Stock count\n\nCabin: Heron | Towels: 85 | Pillows: 12\n\nCabin: Osprey | Towels: 150 | Pillows: 20"
    assert candidate_quotes("How much is the Osprey cabin?", stock, "housekeeping.xlsx") == []


def test_what_do_or_will_things_cost_asks_a_sum() -> None:
    assert expects_money("what do the evening pottery classes cost")
    assert expects_money("What will the second parking permit cost us?")
    assert not expects_money("what do i do if the repair costs more")
    text = "## Evening classes\n\nWe run evening pottery classes for small groups on Thursdays."
    assert candidate_quotes("what do the evening pottery classes cost", text, "studio.md") == []


def test_a_name_typed_after_a_title_is_a_name_the_answer_gives() -> None:
    assert as_typed("which days does dr okafor work") == "which days does dr Okafor work"
    assert as_typed("if i miss my appointment") == "if i miss my appointment"
    text = "## Our team\n\nOur nurse, Dana Holt, works on Mondays and Fridays.\nDr Femi Okafor joined us in March."
    assert candidate_quotes("which days does dr okafor work", text, "surgery-faq.md") == []
    assert candidate_quotes("which days does the nurse work", text, "surgery-faq.md")


def test_prose_ending_in_an_ellipsis_is_no_field_label() -> None:
    text = "## Trip day\n\nThe coach leaves at 8am and gets back at 6pm ...\nBring a packed lunch."
    quotes = candidate_quotes("what time does the coach leave", text, "trip-letter.md")
    assert quotes and quotes[0].startswith("The coach leaves at 8am")
