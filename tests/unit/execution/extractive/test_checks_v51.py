"""Answerer v51's rules, from the fourteenth batch of everyday documents (read after its before-reading figure) and
from the tenth outside check (the web UI): a month asked is not met by a sentence naming only other months; a role
named without a determiner keeps its modifier ("vice chair"); a measure of another dimension is no answer; "how much a
month is X" asks for a price per month; a speed asked needs a speed; "ring" / "call" are met by a telephone number;
"every 40 brews" says how often; a sentence scoped to another thing ("for books") does not answer for this one; "which
days" asks for days; a record's amount is a sum of money claimed; an "Is X free?" question needs a sentence that says
free or gives a price. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import (
    Expect,
    asked_dimension,
    asked_predicate,
    expected_answer,
    expected_unit,
    expects_money,
    holds_money,
    names_other_months_only,
    scoped_to_another,
    states_other_dimension,
)
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes, question_needs

DECEMBER = frozenset({stem("december")})


def other_months_only(text: str, asked: frozenset[str]) -> bool:
    return names_other_months_only(text, tokenize(text), asked)


def test_a_month_asked_is_not_met_by_a_sentence_naming_only_other_months() -> None:
    assert other_months_only("The café served 340 customers in January 2026, up from 290.", DECEMBER)
    assert other_months_only("Invoice dated 2026-01-14.", DECEMBER)  # an ISO date names its month
    assert not other_months_only("Accounts for October to December 2025 were approved.", DECEMBER)
    assert not other_months_only("Accounts for Nov to Jan were approved.", DECEMBER)  # a range across the year
    assert not other_months_only("Rent is paid monthly, first due in January.", DECEMBER)  # every month
    assert not other_months_only("Due 03/01/2026 at the latest.", DECEMBER)  # month order unknown
    assert not other_months_only("The café served 340 customers.", DECEMBER)  # no month at all
    assert not other_months_only("May we remind members to book early?", frozenset({stem("may")}))
    text = "## Treasurer's report\n\nThe cafe served 340 customers in January 2026. Takings in December were high."
    quotes = candidate_quotes("how many customers did the cafe serve in December?", text, section="cafe-minutes.md")
    assert not any("340" in quote for quote in quotes)
    quotes = candidate_quotes("how many customers did the cafe serve in January?", text, section="cafe-minutes.md")
    assert any("340" in quote for quote in quotes)


def test_a_role_named_without_a_determiner_keeps_its_modifier() -> None:
    assert question_needs("who is vice chair of the board").phrases == ((stem("vice"), stem("chair")),)
    assert question_needs("How many sick days do Northwind staff get?").phrases == ((stem("sick"), stem("days")),)
    text = "## Attendees\n\nHelen Marchbank (Chair)\n\nRoy Adeyemi (Treasurer)"
    assert candidate_quotes("who is vice chair of the board", text, section="board-minutes.md") == []
    assert candidate_quotes("who is chair of the board", text, section="board-minutes.md")
    leave = "## Leave\n\nFull-time staff receive 20 days of paid vacation per year."
    handbook = "northwind-handbook.docx"
    assert candidate_quotes("How many sick days do Northwind staff get?", leave, section=handbook) == []
    assert candidate_quotes("How many vacation days do Northwind staff get?", leave, section=handbook)


def test_a_measure_of_another_dimension_is_no_answer() -> None:
    assert asked_dimension("how deep is the main pool") == "deep"
    assert asked_dimension("what is the height of the fence") == "high"
    assert asked_dimension("how long is the drain hose") == "long"
    assert asked_dimension("how long does the quick wash take") is None  # a duration
    assert asked_dimension("how long till the engineer comes") is None
    assert states_other_dimension("The main pool is 25 metres long with six lanes.", "deep")
    assert states_other_dimension("Hook the hose over a sink, between 60 cm and 90 cm above the floor.", "long")
    assert not states_other_dimension("The hose is 1.5 m long.", "long")
    assert not states_other_dimension("The warranty lasts 2 years as long as you register.", "long")  # no distance
    pool = "## The pools\n\nThe main pool is 25 metres long with six lanes. The teaching pool is 0.9 m deep."
    assert not any("25 metres" in quote for quote in candidate_quotes("how deep is the main pool?", pool))


def test_how_much_a_month_asks_for_a_price_per_month() -> None:
    assert expects_money("how much a month is full fibre 900")
    assert expects_money("how much per week is the kids club")
    assert question_needs("how much a month is full fibre 900").rate
    assert not expects_money("how much a day do i need to drink")
    text = "## Full Fibre 900\n\nFull Fibre 900 needs an engineer visit, which takes 14 to 21 days."
    assert candidate_quotes("how much a month is full fibre 900", text) == []


def test_a_speed_asked_needs_a_speed() -> None:
    unit = expected_unit("what upload speed do you get on the Essentials plan?")
    assert unit is not None
    assert not unit.search("It is open to customers who receive Pension Credit.")
    assert unit.search("Essentials: 36Mb download, 9Mb upload")
    assert unit.search("Synthetics 4 kg 40°C 1200 rpm")
    assert expected_unit("how fast does the ferry go") is not None


def test_a_telephone_number_is_what_one_rings() -> None:
    text = "## Claims\n\nClaims line: 01632 960542\n\nClaims are settled within 10 working days."
    assert "Claims line: 01632 960542" in candidate_quotes("what number do i ring to make a claim", text)
    assert "Claims line: 01632 960542" in candidate_quotes("what number do I call to make a claim?", text)


def test_every_n_uses_says_how_often() -> None:
    text = "## Descaling\n\nDescale the machine every 40 brews or when the CLEAN light flashes."
    assert candidate_quotes("How often should the coffee maker be descaled?", text, "coffee-maker-manual.txt") == [
        "Descale the machine every 40 brews or when the CLEAN light flashes."
    ]


def test_a_sentence_scoped_to_another_thing_does_not_answer_for_this_one() -> None:
    fee = "Late fees are $0.25 per day for books."
    tokens = tokenize(fee)
    dvd = frozenset({stem("dvds")})
    assert scoped_to_another(fee, tokens, dvd, frozenset({stem("late"), stem("fee")}) | dvd)
    assert not scoped_to_another(fee, tokens, frozenset(), frozenset({stem("late"), stem("fee")}))  # no name asked
    books = frozenset({stem("books"), stem("late")})
    assert not scoped_to_another(fee, tokens, dvd, books)  # the question speaks of books too
    assert not scoped_to_another("Lockers are free for everyone.", tokenize("x"), dvd, frozenset())  # generic scope
    text = f"## Loans\n\nDVDs may be borrowed for 7 days. {fee}"
    assert fee not in candidate_quotes("What is the late fee for overdue DVDs?", text)
    assert fee in candidate_quotes("What is the late fee for overdue books?", text)


def test_which_days_asks_for_days() -> None:
    assert expected_answer("On which days does Greenleaf Produce deliver?") is Expect.DATE
    text = "## Delivery\n\nGreenleaf Produce delivers fresh vegetables every Tuesday and Friday before 7 am."
    assert candidate_quotes("On which days does Greenleaf Produce deliver?", text)


def test_a_records_amount_is_a_sum_claimed() -> None:
    assert expects_money("How much did Elena Novak claim for travel?")
    assert holds_money("Date: 2024-02-19 | Employee: Elena Novak | Category: Travel | Amount: 1030.75")
    assert not holds_money("Date: 2024-02-19 | Employee: Elena Novak | Amount (ml): 250")  # a unit, not money
    row = "Date: 2024-02-19 | Employee: Elena Novak | Category: Travel | Amount: 1030.75 | Approved: Yes"
    assert row in candidate_quotes("How much did Elena Novak claim for travel?", row, section="expenses.csv")


def test_is_it_free_needs_a_sentence_that_says_free_or_gives_a_price() -> None:
    assert asked_predicate("Are Greenleaf Produce orders free?", {stem("orders"): 1.0, stem("free"): 1.0}) == "free"
    assert asked_predicate("is the decaf caffeine free?", {stem("caffeine"): 1.0, stem("free"): 1.0}) == stem(
        "caffeine"
    )
    assert asked_predicate("What is free?", {stem("free"): 1.0}) is None  # not a yes/no question
    text = (
        "## Orders\n\nGreenleaf Produce delivers fresh vegetables every Tuesday and Friday before 7 am. "
        "Minimum order is $200."
    )
    quotes = candidate_quotes("Are Greenleaf Produce orders free?", text, section="greenleaf-produce-notice.txt")
    assert quotes == ["Minimum order is $200."]
    covered = "## What is not covered\n\nTheft from an unlocked shed or garage."
    assert candidate_quotes("Is theft from an unlocked shed covered?", covered)  # said by its heading
