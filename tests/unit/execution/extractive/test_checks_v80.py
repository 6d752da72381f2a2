"""Answerer v80: "what's the weight limit" asks a weight as "what is" does; a rival act on the same thing is no answer
("rinse" for "replaced", "cancel" for "freeze"); weeks and months are an age only when said so; a money question's
sentence that prices another thing by name does not answer. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import (
    Expect,
    QuestionNeeds,
    expected_answer,
    expected_unit,
    fold,
    priced_item,
    prices_another,
)
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import may_answer


def prices(text: str, item: frozenset[str]) -> bool:
    """prices_another over a sentence and its own stems, as the eligibility check calls it."""
    return prices_another(text, {t.stem for t in tokenize(text)}, item)


def test_a_contracted_what_is_asks_the_same_measure() -> None:
    assert expected_unit("what's the weight limit for the trailer?") is not None
    assert expected_unit("what's the weight limit for the trailer?") is expected_unit(
        "what is the weight limit for the trailer?"
    )
    question = "what's the weight limit on the roof rack?"
    assert not may_answer(question, "Do not load the roof rack with more than two bikes.", "Roof rack")
    assert may_answer(question, "The roof rack takes up to 75 kg, spread evenly.", "Roof rack")


def test_a_rival_act_on_the_same_part_is_no_answer() -> None:
    question = "How often should the cooker hood filter be replaced?"
    assert not may_answer(question, "Wash the cooker hood filter in warm soapy water every month.", "Cooker hood")
    assert may_answer(question, "Replace the cooker hood filter every six months.", "Cooker hood")
    assert may_answer(question, "Clean the filter monthly and replace it every six months.", "Cooker hood filter")
    # cleaning asked: a replacement interval says nothing about cleaning
    cleaned = "How often should I clean the cooker hood filter?"
    assert not may_answer(cleaned, "Replace the cooker hood filter every six months.", "Cooker hood")


def test_a_rival_act_on_a_membership_is_no_answer() -> None:
    question = "How much notice do I need to give to pause my membership?"
    assert not may_answer(question, "You can cancel your membership with four weeks' notice.", "Membership")
    assert may_answer(question, "To pause your membership, give us two weeks' notice.", "Membership")
    assert may_answer(question, "You can freeze your membership with two weeks' notice.", "Membership")


def test_weeks_and_months_are_an_age_only_when_said_so() -> None:
    question = "How old does my baby need to be to join the splash class?"
    assert not may_answer(question, "Each splash course runs for 10 weeks.", "Splash class")
    assert may_answer(question, "Babies can join the splash class from 6 months.", "Splash class")
    assert may_answer(question, "The splash class is for babies over 12 weeks old.", "Splash class")


def test_the_thing_a_money_question_prices() -> None:
    assert priced_item(fold("how much does a coworking membership cost per month?")) == {"cowork", "membership"}
    assert priced_item(fold("how much are the goggles at reception")) == {"goggl"}
    assert priced_item(fold("how much is it to park overnight?")) == frozenset()
    assert priced_item(fold("what is the price of a day pass?")) == {"day", "pass"}


def test_a_sentence_pricing_another_thing_by_name_does_not_answer() -> None:
    item = priced_item(fold("how much is a family swim ticket?"))
    assert prices("A locker token costs £1 and is returned to you.", item)
    assert not prices("A family swim ticket costs £12.", item)
    assert not prices("It costs £12 for up to four people.", item)  # names nothing
    assert not prices("Up to four people, £12 per visit.", item)  # prices nothing by name
    question = "how much is a family swim ticket?"
    assert not may_answer(question, "A locker token costs £1 and is returned to you.", "Family swims")
    assert may_answer(question, "A family swim ticket costs £12 and covers four people.", "Family swims")


def test_an_ing_word_before_a_noun_leaves_the_noun_as_the_thing_asked() -> None:
    def head(question: str) -> str | None:
        weights = {t.stem: 1.0 for t in tokenize(question) if t.content}
        return QuestionNeeds.of(question, weights, frozenset()).head

    assert head("Which operating system do the new tablets use?") == "system"
    assert head("how many parking spaces does the office have") == stem("spaces")
    assert head("which building is the gym in") == stem("building")  # the -ing word is the noun here
    assert head("how much parking is there") == stem("parking")


def test_a_time_of_day_asked_to_end_needs_an_hour_after_to() -> None:
    question = "what time do the thursday swims finish"
    assert not may_answer(question, "Thursday swims run from May to September and start at 7pm.", "Swims")
    assert may_answer(question, "Thursday swims run from 7pm to 8.30pm.", "Swims")
    assert may_answer(question, "Thursday swims run until 8.30pm.", "Swims")


def test_money_paid_is_not_money_given_back() -> None:
    back = "if I leave the choir can I get my subscription money back?"
    assert not may_answer(back, "The choir subscription costs £60 a year.", "Subscriptions")
    assert may_answer(back, "Subscriptions are refunded for any whole terms left.", "Subscriptions")
    cost = "how much will the sheet music cost?"
    assert not may_answer(cost, "We have credited £4.50 to your account for the sheet music.", "Sheet music")
    assert may_answer(cost, "The sheet music costs £4.50 a copy.", "Sheet music")


def test_a_thing_that_can_be_bought_for_a_sum_is_priced_by_name() -> None:
    item = priced_item(fold("how much are the choir folders from the office"))
    assert item == {"choir", stem("folders")}  # "from the office" says where, not what
    assert prices("Spare badges can be bought from the office for £2.", item)
    assert not prices("Choir folders can be bought from the office for £6.", item)


def test_a_time_named_by_what_happens_then_asks_a_time_of_day() -> None:
    assert expected_answer("AGM start time?") is Expect.CLOCK
    assert expected_answer("what's the check-in time at the cottage") is Expect.CLOCK
    assert expected_answer("how long is the start time?") is not Expect.CLOCK
