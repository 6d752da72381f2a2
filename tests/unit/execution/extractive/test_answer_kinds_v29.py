"""Answerer v29, found by an outside check's own documents: "non-" names the other group; "Is there a X?" is led by
the sentence that names the X; a few plain synonyms (delivery/shipping, shut/close). The texts are written for these
tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import names_the_opposite
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes, grounded_quotes, may_answer, trusted_chunks

LIBRARY = (
    "## Membership\n"
    "Membership is free for residents of the borough. Non-residents pay an annual fee of £12. Members may borrow up "
    "to 15 items at a time."
)
CYCLE_HIRE = (
    "# Riverside Cycle Hire\n\n"
    "Bikes may be hired from 8:00 to 18:00 every day between April and October. A standard city bike costs 22 pounds "
    "per day. A refundable deposit of 100 pounds is taken on every hire. Helmets come free of charge with every "
    "rental."
)


def _names_only_the_prefixed(text: str, asked: list[str]) -> bool:
    return names_the_opposite(text, {t.stem for t in tokenize(text)}, frozenset(), asked)


def test_non_names_the_other_group_only() -> None:
    assert _names_only_the_prefixed("Non-residents pay an annual fee of £12.", ["resident", "fee"])
    assert not _names_only_the_prefixed("Residents are free; non-residents pay £12.", ["resident"])
    assert not _names_only_the_prefixed("Non-residents pay an annual fee of £12.", ["fee"])  # not asked with non-
    # asked with "non-" itself, the non- sentence is no opposite, and the plain one is
    text = "Non-residents pay an annual fee of £12."
    assert not names_the_opposite(text, {t.stem for t in tokenize(text)}, frozenset({"resident"}), ["resident"])
    plain = "Residents pay nothing."
    assert names_the_opposite(plain, {t.stem for t in tokenize(plain)}, frozenset({"resident"}), ["resident"])


def test_the_annual_fee_for_residents_is_not_the_non_residents_fee() -> None:
    quotes = candidate_quotes("How much is the annual fee for residents of the borough?", LIBRARY)
    assert "Non-residents pay an annual fee of £12." not in quotes
    assert "Membership is free for residents of the borough." in quotes
    # asked with "non-", the non-residents' sentence still answers
    assert "Non-residents pay an annual fee of £12." in candidate_quotes(
        "How much is the annual fee for non-residents?", LIBRARY
    )


async def test_is_there_a_x_is_led_by_the_sentence_that_names_the_x() -> None:
    quotes = await grounded_quotes("Is there a deposit when hiring a bike?", trusted_chunks(CYCLE_HIRE))
    assert quotes[:1] == ["A refundable deposit of 100 pounds is taken on every hire."]


async def test_a_generic_x_named_by_a_sentence_about_another_thing_does_not_lead() -> None:
    kennel = (
        "## Medicines\n"
        "Injections such as insulin are given by our senior kennel hand and cost £4 per day. Tablets and liquid "
        "medicines are given free of charge."
    )
    quotes = await grounded_quotes(
        "Is there a charge for insulin injections while my dog is boarding?", [*trusted_chunks(kennel)]
    )
    assert quotes[:1] == ["Injections such as insulin are given by our senior kennel hand and cost £4 per day."]


def test_delivery_is_found_as_shipping_and_shut_as_close() -> None:
    assert may_answer(
        "How much does delivery to France cost?",
        "Shipping to Ireland and France costs £4.50 per parcel.",
        key_terms=frozenset({"franc"}),
    )
    assert may_answer(
        "When does the Ipswich warehouse shut?",
        "The old Ipswich warehouse closes on Friday 21 November.",
        key_terms=frozenset({"ipswich"}),
    )
