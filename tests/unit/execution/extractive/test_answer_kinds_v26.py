"""The kind of answer a sentence holds, read more closely (answerer v26): a price per night or a percentage is no
length of time; the year of "3 May 2024" counts nothing; a number labelled as a code ("Batch codes: 2403") counts
nothing; "What was the flight number?" asks for a code, which a sum of money does not give; an insurance excess is a
sum of money. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    expects_money,
    holds_expected,
    names_another_code,
    states_code,
)
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import draft_score


def _holds(expect: Expect, text: str) -> bool:
    return holds_expected(expect, tokenize(text), frozenset(), text=text)


@pytest.mark.parametrize(
    ("text", "lasts"),
    [
        ("Dogs are £12 per night, or £20 per night for two dogs sharing a kennel.", False),
        ("Rooms are £95 a night.", False),
        ("The hostel sleeps 40 guests a night.", False),
        ("Group project | 30% | Week 9 seminar", False),
        ("Each dog gets two 20-minute walks a day.", True),
        ("The treatment takes 45 minutes.", True),
        ("The course runs for 6 weeks and costs £90.", True),
    ],
)
def test_a_rate_a_price_or_a_share_is_no_length_of_time(text: str, lasts: bool) -> None:
    assert _holds(Expect.DURATION, text) is lasts


def test_the_year_after_a_day_of_may_counts_nothing() -> None:
    assert not _holds(Expect.QUANTITY, "The architect will present the first drawings by 3 May 2025.")
    assert _holds(Expect.QUANTITY, "The architect will present 4 drawings by 3 May 2025.")
    assert not _holds(Expect.QUANTITY, "Members may bring guests.")


def test_a_number_labelled_as_a_code_counts_nothing() -> None:
    assert not _holds(Expect.QUANTITY, "Batch codes: 1207 to 1219 (inclusive)")
    assert not _holds(Expect.QUANTITY, "Check the model 4410 label on the base.")
    assert _holds(Expect.QUANTITY, "About 3,200 heaters from those batches were sold.")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Your booking reference is KT-55120.", True),
        ("Account number: 6612 0931 44", True),
        ("The flight was AZ 2231 from Rome.", True),
        ("We still need the receipt before we can assess the GBP 412.50 you claimed.", False),
        ("The balance of £1,980 is due by 2 June.", False),
        ("Please send the form by Friday.", False),
    ],
)
def test_a_code_is_capitals_and_digits_not_money(text: str, code: bool) -> None:
    assert states_code(text) is code


def test_a_code_asked_for_is_not_answered_by_a_sum_of_money() -> None:
    letter = (
        "Thank you for your claim about the cancelled Corvina Air flight. Before we can assess the GBP 412.50 you "
        "claimed for the extra night, we need the airline's written confirmation of the cancellation."
    )
    assert draft_score("What was the flight number of the cancelled Corvina Air flight?", letter) == 0.0
    assert (
        draft_score("What was the flight number of the cancelled Corvina Air flight?", letter + " It was CV 118.") > 0
    )
    # the question asks where to find the number, not for the number: any sentence about it may answer
    label = "The serial number is printed on a sticker inside the lid."
    assert draft_score("Where do I find the serial number?", label) > 0


def test_an_insurance_excess_is_a_sum_of_money() -> None:
    assert expects_money("What is the excess for a claim for theft from a car?")
    assert expects_money("How much excess do I pay on a flood claim?")
    assert not expects_money("What happens to excess baggage?")
    schedule = "Theft from an unlocked car is not covered. The excess for a theft claim is £250."
    assert draft_score("What is the excess for a theft claim from a car?", "Theft from an unlocked car.") == 0.0
    assert draft_score("What is the excess for a theft claim from a car?", schedule) > 0


SALES = (
    "region: Harbourside | quarter: Q1 | units_sold: 410 | revenue_gbp: 28700\n"
    "region: Harbourside | quarter: Q2 | units_sold: 455 | revenue_gbp: 31850\n"
    "region: Lakeside | quarter: Q1 | units_sold: 380 | revenue_gbp: 26600\n"
    "region: Lakeside | quarter: Q2 | units_sold: 395 | revenue_gbp: 27650\n"
    "region: Uplands | quarter: Q1 | units_sold: 300 | revenue_gbp: 21000"
)


def test_a_table_row_of_another_quarter_does_not_answer() -> None:
    # An outside check got the Q1 row for "... in Q2?" of a region with no Q2 row: the other rows' "Q2" made the
    # asked quarter look present in the document.
    assert draft_score("How many units did Uplands sell in Q2?", SALES) == 0.0
    assert draft_score("How many units did Uplands sell in Q1?", SALES) > 0
    assert names_another_code("q2", frozenset({"quarter", "q1"}))
    assert not names_another_code("q2", frozenset({"quarter", "q2", "q1"}))
    assert not names_another_code("q2", frozenset({"first", "quarter"}))


def test_kelvin_is_a_temperature() -> None:
    text = "The alpha furnace runs at 1200 kelvin. The beta furnace runs at 900 K."
    assert draft_score("At what temperature does the alpha furnace run?", text) > 0
    assert draft_score("At what temperature does the beta furnace run?", text) > 0
    assert draft_score("At what temperature does the alpha furnace run?", "The alpha furnace runs for 6 hours.") == 0


PLANS = (
    "Provider: Nimbus Mobile | Plan name: Nimbus Lite | Monthly price: £8.00 | April rise: £1.50\n"
    "Provider: Nimbus Mobile | Plan name: Nimbus Max | Monthly price: £20.00 | Data: unlimited\n"
    "Provider: Brightwave | Plan name: Brightwave Go | Monthly price: £11.00 | April rise: £2.00\n"
    "Provider: Nimbus Mobile | Plan name: Nimbus Max Family | Monthly price: £35.00 | Data: unlimited"
)


def test_a_table_row_answers_only_for_the_names_it_holds() -> None:
    # Found on a phone-plan table: "By how much does the Kestrel Max price go up every April?" was answered with
    # the other Kestrel plan's row, the name "Max" lent by the rows below it.
    assert draft_score("By how much does the Nimbus Max price go up in April?", PLANS) == 0.0
    assert draft_score("By how much does the Nimbus Lite price go up in April?", PLANS) > 0
    # two things asked, each row answering one of them (the names are repeated across rows, as in a real table)
    both = PLANS + "\nProvider: Brightwave | Plan name: Brightwave Go Plus | Monthly price: £15.00 | April rise: £2.50"
    assert draft_score("What's the April rise on Nimbus Lite, and then on Brightwave Go?", both) > 0


def test_a_deadline_counted_from_something_answers_when_it_must_be_done() -> None:
    # An outside check: "When must the vendor Kestrel Paints be paid?" was refused over "... must be paid within 45
    # days of invoice", which is when.
    notes = "Supplier notes.\n\nThe supplier Alder Print must be paid within 60 days of invoice.\n"
    assert draft_score("When must the supplier Alder Print be paid?", notes) > 0
    assert draft_score("When must the supplier Alder Print be paid?", "Alder Print is paid by bank transfer.") == 0
    assert draft_score("When is the supplier Alder Print's open day?", notes) == 0  # not a "when must" question


def test_in_stock_asks_for_a_quantity_column() -> None:
    # An outside check: "How many Titanium Widgets are in stock in Columbus?" was refused over the inventory row.
    sheet = (
        "sku: K-10 | product: Brass Hinge | warehouse: Leeds | quantity: 640 | unit_price: 1.20\n"
        "sku: K-20 | product: Steel Hinge | warehouse: Derby | quantity: 95 | unit_price: 0.80"
    )
    assert draft_score("How many Steel Hinges are in stock in Derby?", sheet) > 0
    assert draft_score("How many Steel Hinges are in stock in Leeds?", sheet) == 0
