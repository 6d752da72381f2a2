"""Answerer v31, from this session's UI outside check: a network's name is an identifier the answering sentence must
name, as a code or a password is. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import asked_identifier, fold
from tests.unit.execution.extractive.helpers import candidate_quotes

LIBRARY = "## Wi-Fi\nFree Wi-Fi is available throughout the building. The network name is RiversideGuest."


def test_a_network_name_is_asked_like_a_code() -> None:
    assert asked_identifier(fold("What is the Wi-Fi network name?")) == "name"
    assert asked_identifier(fold("What's the guest SSID?")) == "ssid"
    assert asked_identifier(fold("What is the manager's name?")) is None  # a person is named without the word


def test_the_sentence_that_gives_the_name_answers_and_the_one_about_wi_fi_does_not() -> None:
    assert candidate_quotes("What is the Wi-Fi network name?", LIBRARY) == ["The network name is RiversideGuest."]


async def test_when_will_is_led_by_what_is_to_come() -> None:
    from tests.unit.execution.extractive.helpers import grounded_quotes, trusted_chunks

    email = (
        "Hi all,\n\nThe boiler at the Elm Street office failed its inspection on Friday. The contractor quoted £4,850 "
        "for a replacement unit. Work is scheduled for 17 March and will take two days."
    )
    quotes = await grounded_quotes("When will the boiler be replaced?", trusted_chunks(email))
    assert quotes[:1] == ["Work is scheduled for 17 March and will take two days."]
