"""Answerer v15's rules, each from a document of the fifth unseen batch read after v14's measurement
(evaluation/everyday-unseen-5, development data from then on) or the probe sets: opening times asked, the seasons as
neighbours, a compound's last part alone, a code or password asked, a number with its unit of measure. The texts are
written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import (
    Expect,
    asked_identifier,
    drops_the_compound,
    expected_answer,
    measured_numbers,
    states_measures,
)
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes


def _stems(text: str) -> set[str]:
    return {t.stem for t in tokenize(text)}


def test_opening_times_ask_for_clock_times() -> None:
    assert expected_answer("What are the mobile library van's opening times?") is Expect.CLOCK
    assert expected_answer("What are the closing times over Christmas?") is Expect.CLOCK
    assert expected_answer("When will you send details of the opening times?") is Expect.DATE
    rules = "# Library rules\n\n- The rules apply at all five branches and on the mobile library van.\n"
    assert not candidate_quotes("What are the mobile library van's opening times?", rules)
    times = "# Library rules\n\n- The mobile library van is open from 10:00 to 15:00 on Tuesdays.\n"
    assert candidate_quotes("What are the mobile library van's opening times?", times)


def test_one_season_is_no_answer_for_another() -> None:
    row = "# Term dates\n\n- Autumn term parents' evenings: Tue 14 Oct 2025\n"
    assert not candidate_quotes("When are the parents' evenings in the spring term?", row)
    assert candidate_quotes("When are the parents' evenings in the autumn term?", row)


def test_a_compounds_last_part_alone_speaks_of_the_plain_thing() -> None:
    compounds = (("vice", "chair"),)
    assert drops_the_compound(_stems("Chair: Gillian Hart, re-elected unopposed"), compounds)
    assert not drops_the_compound(_stems("Vice-chair: Omar Reid, elected"), compounds)
    assert not drops_the_compound(_stems("Arrive in the morning"), (("check", "in"),))  # a particle is no thing
    minutes = "# AGM\n\n- At the AGM the hockey club elected Gillian Hart as chair.\n"
    assert not candidate_quotes("Who was elected vice-chair of the hockey club at the AGM?", minutes)
    assert candidate_quotes("Who was elected chair of the hockey club at the AGM?", minutes)


def test_a_code_or_password_is_given_where_it_is_named() -> None:
    assert asked_identifier("what's the wi-fi password at the venue?") == "password"
    assert asked_identifier("what's the current padlock code for the main gate?") == "code"
    assert asked_identifier("what time does the venue open?") is None
    venue = "# Venue\n\n- Wi-Fi at the venue is free for all guests.\n"
    assert not candidate_quotes("What's the Wi-Fi password for guests at the venue?", venue)
    given = "# Venue\n\n- The venue Wi-Fi password for guests is tulip42.\n"
    assert candidate_quotes("What's the Wi-Fi password for guests at the venue?", given)


def test_a_number_given_with_a_unit_is_asked_with_that_unit() -> None:
    measured = measured_numbers(tokenize("How much would a 14-inch cake cost?"))
    assert measured == (("14", "inch"),)
    assert measured_numbers(tokenize("Can I take my bike at 8 in the morning?")) == ()  # "in" is no inch
    assert not states_measures(tokenize("8-inch cake, serves 14 to 18, £62"), measured)
    assert states_measures(tokenize("14-inch cake, serves 40, £95"), measured)
    sizes = "# Cake sizes\n\n- An 8-inch cake serves 14 and costs £62.\n- A 14-inch cake serves 40 and costs £95.\n"
    found = candidate_quotes("How much would a 14-inch cake cost?", sizes)
    assert any("£95" in quote for quote in found) and not any("£62" in quote for quote in found)
