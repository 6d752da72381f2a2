"""Answerer v59, from batch 18 (read after it was counted for v58): "something", "anyone" and "another" are no
subject; "a 2nd permit" is "a second permit"; a request with a deadline after a label ("Slides: could you email
them by Thursday?") states the deadline; "price of the X" typed as a note asks a sum; "how much money" is answered
by a sum; "what's the name of ..." asks for a name; a yes/no question is not restated by a question; money raised
is not what something cost; "who do I contact with a question about X" asks about X. The texts are written for these
tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import QuestionNeeds, asks_only, expects_money, same_word
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes


def test_indefinite_pronouns_are_no_subject_and_another_no_kind_of_thing() -> None:
    words = {stem(w): 1.0 for w in ("something", "anyone", "house")}
    assert QuestionNeeds.of("who do i ring if something in the house breaks", words, frozenset()).focus.keys() == {
        stem("house")
    }
    guide = "## Logs\n\nMore bags of kindling can be bought from the porch for £4 each."
    assert candidate_quotes("how much for another bag of kindling", guide) != []


def test_an_ordinal_in_figures_is_the_ordinal_in_words() -> None:
    assert same_word("2", {stem("second")})
    assert not same_word(stem("first"), {"1"})  # "the first tram" is not any "1" (a route, a platform)
    assert not same_word("2", {stem("third")})
    minutes = "## Parking scheme\n\nThe proposed cost is £40 a year for the first permit and £70 for a second permit."
    assert candidate_quotes("what would a 2nd parking permit cost", minutes) != []
    assert candidate_quotes("what would a 3rd parking permit cost", minutes) == []


@pytest.mark.parametrize(
    ("sentence", "only_asks"),
    [
        ("Slides: could you email your slides to me by Thursday 16 October at 5pm?", False),
        ("One more thing: could you let me know by Friday noon whether you need a parking space?", False),
        ("Could you confirm whether you need a parking space by Friday?", False),  # a day is a deadline
        ("Could you confirm whether you need a parking space?", True),  # asks back, no deadline
        ("Is the room booked?", True),
    ],
)
def test_a_request_after_a_label_or_with_a_day_states_its_deadline(sentence: str, only_asks: bool) -> None:
    assert asks_only(sentence) is only_asks


def test_a_deadline_inside_a_labelled_request_answers_by_when() -> None:
    mail = "Hi Sam,\n\nSlides: could you send your slides to me by Thursday 16 October at 5pm?\n\nThanks, Ana"
    assert candidate_quotes("what's the deadline for sending in the slides", mail) != []


@pytest.mark.parametrize(
    ("question", "money"),
    [
        ("price of the MB-42 maintenance box", True),
        ("cost per hour for the big meeting room", True),
        ("the fee for a late return?", True),
        ("price list for 2026", False),
        ("what does the price include", False),
    ],
)
def test_a_price_typed_as_a_note_asks_a_sum(question: str, money: bool) -> None:
    assert expects_money(question) is money


def test_a_note_asking_a_price_is_not_answered_by_a_line_without_one() -> None:
    manual = "## Error codes\n\nE-14 | Maintenance box nearly full | Order a replacement maintenance box (part MB-42)."
    assert candidate_quotes("price of the MB-42 maintenance box", manual) == []


def test_how_much_money_is_answered_by_a_sum() -> None:
    accounts = "## Club accounts\n\nBalance in the bank carried forward: £2,310.55, of which £400 is set aside."
    assert candidate_quotes("how much money has the club got in the bank", accounts) != []


def test_a_name_asked_needs_a_name() -> None:
    handbook = (
        "## Your key person\n\nEvery child has a key person who settles them in and keeps their records up to date."
    )
    assert candidate_quotes("what's the name of my child's key person", handbook) == []
    named = "## Your key person\n\nYour child's key person is Mrs Okafor, who settles them in."
    assert candidate_quotes("what's the name of my child's key person", named) != []


def test_money_raised_does_not_say_what_it_cost() -> None:
    minutes = "## Fun day\n\nThe summer fun day on Saturday 20 July raised £640 for the play area fund."
    assert candidate_quotes("how much did the fun day cost to put on", minutes) == []
    assert candidate_quotes("how much did the fun day raise", minutes) != []


def test_who_to_contact_with_a_question_about_a_subject_asks_about_the_subject() -> None:
    faq = "## Contacts\n\nBilling and invoices: Priya Nair, finance manager, accounts@example.org"
    assert candidate_quotes("who do i contact with a question about an invoice", faq) != []
    assert candidate_quotes("who do i contact with a question about parking", faq) == []


def test_the_participle_after_an_inverted_is_ends_the_noun_phrase() -> None:
    guide = "## Bins\n\nGreen bin | General waste | Tuesday, every week"
    assert candidate_quotes("when is the garden waste bin collected", guide) == []
    assert candidate_quotes("when is the general waste bin collected", guide) != []


def test_is_there_a_thing_is_answered_where_the_thing_is_named() -> None:
    rules = (
        "## Lockers and boats\n\nPrivate boats may be stored for a deposit of £100. "
        "Lockers in the changing rooms can be rented for £30 a year."
    )
    assert "Lockers in the changing rooms can be rented for £30 a year." not in candidate_quotes(
        "is there a deposit for a changing room locker", rules
    )
    # the same question is answered where the sentence itself names the deposit
    named = "## Lockers\n\nLockers in the changing rooms need a deposit of £10."
    assert candidate_quotes("is there a deposit for a changing room locker", named) != []


def test_is_there_a_charge_is_answered_by_a_sum() -> None:
    faq = "## Medication\n\nInsulin injections are given twice a day at £4 per day."
    assert candidate_quotes("is there a charge for insulin injections", faq) != []


def test_a_number_to_call_is_a_phone_number() -> None:
    cover = (
        "## Home emergency cover\n\nProvides a contractor for a sudden emergency such as a burst pipe. "
        "Call our emergency helpline on 01632 960123 at any time."
    )
    assert candidate_quotes("number to call if a pipe bursts", cover) == [
        "Call our emergency helpline on 01632 960123 at any time."
    ]


def test_twelve_is_midday() -> None:
    assert same_word("12", {"midday"}) and same_word("12", {"noon"})
    assert not same_word("12", {"evening"})


def test_a_problem_is_an_issue() -> None:
    notes = "## Known issues\n\nOn Windows, voice memos longer than 30 minutes may fail to save."
    assert candidate_quotes("is there a problem with long voice memos on windows", notes) != []
