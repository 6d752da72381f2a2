"""Answerer v58, from batch 16 (read after it was counted for v54 to v57): a thing named by a name before its noun
("the Pro plan") or by a letter typed after a lower-case noun ("block A") is not answered from a sentence about
another one; "how much is parking?" asks a sum; "what's Saffron Table's sort code?" asks for a code that must be
given; "What's the maximum number of users?" asks a quantity; a time of day or "one" standing for a thing counts
nothing; "we" names no one asked by a role ("Who is the ... specialist?"); a target does not say what happened. The
texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    asked_identifier,
    expected_answer,
    expects_money,
    fold,
    holds_expected,
    lettered_names,
    named_by_another,
    named_heads,
    names_another_letter,
)
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes


def _named(question: str) -> tuple[tuple[str, str], ...]:
    tokens = tokenize(question)
    return named_heads(tokens, {token.stem: 1.0 for token in tokens})


def test_a_name_written_before_its_noun_is_read_with_that_noun() -> None:
    assert _named("How much is the Pro plan a month?") == ((stem("pro"), stem("plan")),)
    assert _named("Who is Clearpath's project manager?") == ((stem("clearpath"), stem("project")),)
    assert _named("how much is the pro plan a month") == ()  # typed in lower case: no name to hold it to
    assert _named("Who prepared the Q1 support report?") == ()  # a code, read as a code
    assert _named("When can I book the March course?") == ()  # a month is a time, not a name
    assert _named("Can I bring my dog?") == ()  # "I" is no name


@pytest.mark.parametrize(
    ("sentence", "other"),
    [
        ("The Starter plan price will rise from £8 to £10 a month.", True),
        ("The Pro plan costs £20 a month.", False),
        ("Standard and Pro plans cost £20 a month.", False),  # names the asked one too
        ("Every plan is billed monthly.", False),  # names no other plan
        ("Tariq Hollis, Project Manager", False),  # a capitalised title is no plan named
    ],
)
def test_a_sentence_naming_the_noun_after_another_name_speaks_of_that_one(sentence: str, other: bool) -> None:
    assert named_by_another(tokenize(sentence), _named("How much is the Pro plan a month?")) is other


def test_a_question_about_the_pro_plan_is_not_answered_from_the_starter_plan() -> None:
    changelog = "## Prices\n\nThe Starter plan price will rise from £8 to £10 a month for new customers."
    assert candidate_quotes("How much is the Pro plan a month?", changelog) == []
    assert candidate_quotes("How much is the Starter plan a month?", changelog) != []


def test_a_letter_after_a_lower_case_noun_names_one_of_several() -> None:
    assert lettered_names("is the lift in block A working") == (("block", "A"),)
    assert lettered_names("how much is menu A") == (("menu", "A"),)
    assert lettered_names("can I bring a friend") == ()  # "I" names nothing
    asked = lettered_names("how much is menu A")
    assert names_another_letter("With your budget in mind, I'd suggest Menu B at £18.50 per head.", asked)
    assert not names_another_letter("Menu A is £15 per head and Menu B £18.50.", asked)


def test_how_much_is_a_thing_asks_a_sum() -> None:
    for question in ("how much is parking?", "how much is monthly membership for a junior", "How much are tickets?"):
        assert expects_money(question), question
    for question in ("how much is too much?", "how much is left for me", "how much are staff allowed to lift"):
        assert not expects_money(question), question


def test_a_code_asked_after_an_owner_s_name() -> None:
    assert asked_identifier(fold("what's saffron table's sort code")) == stem("code")
    assert asked_identifier(fold("What is Fernside's account reference?")) == stem("reference")


def test_what_is_the_number_of_asks_a_quantity_however_written() -> None:
    assert expected_answer("What's the maximum number of users on a Team plan?") is Expect.QUANTITY
    assert expected_answer("What is the maximum number of users on a Team plan?") is Expect.QUANTITY


def test_a_time_of_day_or_one_standing_for_a_thing_counts_nothing() -> None:
    asked = "How many same-day emergency slots do they keep each morning?"
    assert holds_expected(Expect.QUANTITY, tokenize("We keep 4 emergency slots each morning."), frozenset())
    assert not holds_expected(Expect.QUANTITY, tokenize("Phone from 8.00am to ask for one."), frozenset())
    assert not holds_expected(Expect.QUANTITY, tokenize("Open 10:30 to 14:00."), frozenset())
    assert holds_expected(Expect.QUANTITY, tokenize("Each flat gets one permit."), frozenset())
    leaflet = "## Emergencies\n\nWe keep same-day emergency slots every morning. Phone from 8.00am to ask for one."
    assert candidate_quotes(asked, leaflet) == []


def test_who_is_the_role_is_not_answered_by_we() -> None:
    faq = (
        "## Can I bring a bike?\n\nBicycles are the exception: please book a slot, because we only have one "
        "specialist for them."
    )
    assert candidate_quotes("Who is the bike repair specialist?", faq) == []
    named = "## Can I bring a bike?\n\nOur bike repair specialist is Tom Baines, who comes every month."
    assert candidate_quotes("Who is the bike repair specialist?", named) != []


def test_what_happened_is_not_answered_by_a_target() -> None:
    minutes = "## Summer fair\n\nThe target is to raise £3,000 for new playground equipment."
    assert candidate_quotes("How much did the summer fair raise last year?", minutes) == []
    assert candidate_quotes("How much does the summer fair aim to raise?", minutes) != []
