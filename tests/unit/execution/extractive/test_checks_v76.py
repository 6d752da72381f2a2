"""Answerer v76: contact details asked of someone named, the time a thing takes, one sum asked under a list's heading,
a numbered request that still asks, and words that only strengthen a question. The texts are written for these
tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import _PHONE_UNIT, asks_only, expected_unit, possessive_owners
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import candidate_quotes, may_answer, question_needs

CLUB_CONTACTS = (
    "# Riverside Sunday League\n\n"
    "The league plays on Sunday mornings from September to April.\n\n"
    "## Officers\n\n"
    "Chair: Ruth Adebayo\n"
    "Treasurer: Sandra Pike (subscriptions and kit payments)\n"
    "Fixtures secretary: Lee Marchant, 01632 960651\n"
    "Welfare officer: Omar Haddad, 01632 960652\n"
)


def _answer(question: str, text: str, section: str = "notes.md") -> list[str]:
    """Return the lexical provider's quotes when its draft clears its threshold, else [] (a refusal)."""
    evidence = [EvidenceItem("chunk-0", "trusted", text, rank=1, section=section)]
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, evidence)
    return [quote.text for quote in draft.quotes] if draft.score >= draft.threshold > 0 else []


@pytest.mark.parametrize(
    ("question", "owners"),
    [
        ("what's sandra pike's phone number", {"sandra", "pike"}),
        ("whats gwen adeyemi's direct phone line?", {"gwen", "adeyemi"}),
        ("what's the phone number for hollybrook pharmacy", {"hollybrook", "pharmacy"}),
        ("extension number for hr?", {"hr"}),
        ("What number do I ring if the car breaks down?", set()),  # a purpose, not whose number
        ("What is the claims phone number?", set()),
    ],
)
def test_a_contact_detail_asked_of_someone_named_has_owners(question: str, owners: set[str]) -> None:
    assert possessive_owners(question) == frozenset(owners)


def test_another_persons_number_in_the_same_list_is_no_answer() -> None:
    """The list names Sandra Pike on her own line with no number: the fixtures secretary's number is not hers."""
    assert not may_answer(
        "what's sandra pike's phone number",
        "Fixtures secretary: Lee Marchant, 01632 960651",
        "Committee",
        key_terms=frozenset(),
    )
    assert candidate_quotes("what's sandra pike's phone number", CLUB_CONTACTS, "league.md") == []
    assert candidate_quotes("what's omar haddad's phone number", CLUB_CONTACTS, "league.md") == [
        "Welfare officer: Omar Haddad, 01632 960652"
    ]


def test_a_telephone_number_is_the_number_a_which_number_question_asks_for() -> None:
    sentence = "You must report any accident to Brightway within 24 hours by calling 0800 612 4470."
    assert may_answer("Which number do I call to report an accident?", sentence, "Accidents")
    # the number asked of a count is no telephone number
    assert not may_answer("Which number is the largest group size?", sentence, "Accidents")


def test_the_number_for_someone_asks_for_a_telephone_number() -> None:
    assert expected_unit("what's the number for mr kapoor's secretary") is _PHONE_UNIT
    assert expected_unit("number for the vet advice line?") is _PHONE_UNIT
    assert expected_unit("what's the number for the gate?") is None  # a code, not a line
    assert not may_answer(
        "what's the number for the clinic secretary", "Where: Level 2, Outpatients Building", "Your appointment"
    )
    assert may_answer(
        "what's the number for the clinic secretary", "Clinic secretary: 01632 960410", "Your appointment"
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Till training is offered once you have done three shifts.",
        "The minimum age for till training is due to rise to 18 from 6 April 2028.",
        "The till training route is 12 miles long.",
        "Till training fees are taken on the first working day of each month.",
    ],
)
def test_the_time_a_thing_takes_is_a_span_of_time(sentence: str) -> None:
    question = "how long does the till training take"
    assert question_needs(question).takes_time
    assert not may_answer(question, sentence, "Training")


@pytest.mark.parametrize(
    "sentence",
    [
        "Till training takes about two hours.",
        "Till training | 3 to 5 working days",
        "Till training usually takes 45 min.",
        "Till training takes an hour and a half.",
    ],
)
def test_a_span_of_time_answers_how_long_a_thing_takes(sentence: str) -> None:
    assert may_answer("how long does the till training take", sentence, "Training")


def test_how_long_a_thing_lasts_is_not_how_long_it_takes() -> None:
    assert not question_needs("how long is the lease?").takes_time
    assert not question_needs("How long must I keep my receipts?").takes_time


SALES_REPORT = (
    "# Quarterly sales report\n\n"
    "## Next quarter\n\n"
    "- Renegotiate the wax supply contract by 31 July.\n"
    "- Launch the autumn candle range on 1 September.\n"
    "- Open Christmas wholesale pre-orders on 15 July.\n\n"
    "Our revenue target for next quarter is £205,000.\n"
)


def test_a_sum_asked_under_a_lists_heading_is_not_the_whole_list() -> None:
    """v76: the list under "Next quarter" does not answer "what's the revenue target for next quarter?"; the sentence
    stating the sum does."""
    quotes = _answer("what's the revenue target for next quarter?", SALES_REPORT, "sales-report.md")
    assert quotes[:1] == ["Our revenue target for next quarter is £205,000."]
    assert not any("Renegotiate" in quote for quote in quotes)


def test_a_numbered_request_for_an_answer_still_asks() -> None:
    request = (
        "Could one of you please tell me (1) why the worktops are late, (2) whether the final £2,400 is still due "
        "on completion?"
    )
    assert asks_only(request)
    # a date still makes a request a deadline
    assert not asks_only("Could you please tell me (1) why the worktops are late, by Friday 13 June?")


def test_words_that_only_strengthen_a_question_are_not_asked_about() -> None:
    needs = question_needs("do we really have to pay for a carpet clean when we leave?")
    assert "real" not in needs.focus
    # "actually" sets what happened against what was planned: it stays
    assert "actual" in question_needs("how much did the fair actually raise?").focus


def test_an_order_asked_politely_is_no_subject() -> None:
    assert "list" not in question_needs("can you list all the advisories on the car?").focus
    assert "list" in question_needs("is there a waiting list for the allotments?").focus
