"""Answerer v65, from batch 27 (read after it was counted for v64) and outside check 32: a workplace's staff side by
side are neighbours ("Veterinary surgeons receive ..." is not the receptionists' allowance); a trip in the UK and one
abroad are too; the contact "for the security desk" belongs to that desk; bank details are a sort code, an account
number or an IBAN; "do I get paid ...?" is answered by a sentence that says so or states a sum; an e-mail asked after
a possessive noun phrase ("the support worker's email") needs an address. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import expected_unit, possessive_owners
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes

BENEFITS = """# Staff benefits

## Training
Dental surgeons receive a training allowance of £900 per year.
Dental nurses receive a training allowance of £450 per year.

## Uniform
Reception staff are given three branded shirts a year."""


def test_another_member_of_staff_does_not_answer_for_the_one_asked() -> None:
    assert candidate_quotes("what is the training allowance for receptionists?", BENEFITS) == []
    assert candidate_quotes("how much training allowance do dental nurses get?", BENEFITS) == [
        "Dental nurses receive a training allowance of £450 per year."
    ]


@pytest.mark.parametrize(
    ("question", "owners"),
    [
        ("what's the phone number for the security desk?", {"desk"}),
        ("email address for the lettings office please", {"office"}),
        ("what's the hotel's phone number?", {"hotel"}),
        ("what's the number for 999?", set()),
    ],
)
def test_a_contact_asked_for_a_named_owner(question: str, owners: set[str]) -> None:
    assert possessive_owners(question) == frozenset(stem(owner) for owner in owners)


OFFICE = """# Kitchen rules

## Problems
Urgent problems out of hours go to the security desk on the ground floor.
Report broken appliances to the facilities manager on 01632 960731.

## Milk kitty
The milk kitty is £3 per month per person.
Pay the kitty into sort code 20-30-40, account 12345678."""


def test_the_contact_of_a_named_owner_is_not_anothers() -> None:
    assert candidate_quotes("what's the phone number for the security desk?", OFFICE) == []
    assert candidate_quotes("what's the phone number for the facilities manager?", OFFICE) == [
        "Report broken appliances to the facilities manager on 01632 960731."
    ]


def test_bank_details_are_a_sort_code_or_an_account_number() -> None:
    assert "The milk kitty is £3 per month per person." not in candidate_quotes(
        "bank details for paying the milk kitty?", OFFICE
    )
    assert candidate_quotes("what are the bank details for the milk kitty", OFFICE) == [
        "Pay the kitty into sort code 20-30-40, account 12345678."
    ]
    assert candidate_quotes("how much is the milk kitty?", OFFICE)[:1] == ["The milk kitty is £3 per month per person."]


@pytest.mark.parametrize(
    ("question", "asks_bank_details"),
    [
        ("bank details for paying the milk kitty?", True),
        ("what are your bank details", True),
        ("what's the sort code", True),
        ("got an email saying the firm's bank details have changed - what should I do", False),
    ],
)
def test_which_questions_ask_for_bank_details(question: str, asks_bank_details: bool) -> None:
    unit = expected_unit(question)
    assert (unit is not None and bool(unit.search("sort code 20-30-40"))) is asks_bank_details


STUDY = """# Taking part

You will fill in a short online questionnaire once a month.
You will receive a £20 voucher for each clinic visit."""


def test_do_i_get_paid_needs_a_sentence_about_payment() -> None:
    assert candidate_quotes("do i get paid for filling in the questionnaires", STUDY) == [
        "You will receive a £20 voucher for each clinic visit."
    ]
    assert "You will fill in a short online questionnaire once a month." not in candidate_quotes(
        "do i get paid for filling in the questionnaires", STUDY
    )


LETTER = """Dear Mr Okafor,

I am writing about the repairs at 14 Marsh Lane. The boiler stopped working on 12 February.

Please reply to me by phone on 01632 960412.

Yours sincerely,

Joanna Barnes
Tenants' Support Worker"""


def test_an_email_asked_after_a_possessive_phrase_needs_an_address() -> None:
    assert candidate_quotes("what's the support worker's email?", LETTER) == []
