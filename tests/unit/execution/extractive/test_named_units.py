"""Numbers in questions: a question that names the unit of its answer at its end ("... in lumens?") is answered only
by a sentence stating a quantity in that unit, and a number asked alone ("my 10-year-old") is found inside a range a
sentence states ("ages 6 to 12"). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import QuestionNeeds, expected_unit, in_stated_range
from tests.unit.execution.extractive.helpers import draft_score, grounded_quotes, trusted_chunks

LAMP = (
    "# Desk lamp guide\n\n## Brightness\nSlide your finger along the strip to change the brightness.\n\n"
    "## Power\nThe lamp draws 9 W at full brightness.\n"
)


@pytest.mark.parametrize(
    ("question", "text", "holds"),
    [
        ("What is the maximum brightness in lumens?", "At full power it gives 800 lm.", True),
        ("What is the maximum brightness in lumens?", "Slide your finger to change the brightness.", False),
        ("How heavy is the bag in kg?", "The bag weighs 2.5kg when full.", True),
        ("How long is the cable in metres?", "The cable is two metres long.", True),
        ("How long is the cable in metres?", "The cable lasts 2 months.", False),
        ("What share of staff replied, in percent?", "Of 120 staff, 84% replied.", True),
        ("How much power does it use in watts?", "It uses 9 W.", True),
    ],
)
def test_a_named_unit_must_be_stated_with_a_number(question: str, text: str, holds: bool) -> None:
    unit = expected_unit(question)
    assert unit is not None
    assert bool(unit.search(text)) is holds


def test_a_place_or_a_season_after_in_is_no_unit() -> None:
    assert expected_unit("What time does the pool open in the summer?") is None
    assert expected_unit("Who works in Finance?") is None


def test_the_unit_decides_which_sentence_may_answer() -> None:
    assert draft_score("What is the lamp's maximum brightness in lumens?", LAMP) == 0.0
    assert draft_score("How much power does the lamp draw in watts?", LAMP) > 0.0


@pytest.mark.parametrize(
    ("number", "text", "inside"),
    [
        ("10", "We have children's bikes for ages 6 to 12.", True),
        ("10", "Suitable for children between 6 and 12", True),
        ("10", "Ages 6-12 only.", True),
        ("14", "We have children's bikes for ages 6 to 12.", False),
        ("10", "Open 9:00-15:00.", False),  # clock times are no range of whole numbers
        ("2", "It weighs 1.5-2.5 kg.", False),  # nor decimals
    ],
)
def test_a_number_inside_a_stated_range(number: str, text: str, inside: bool) -> None:
    assert in_stated_range(number, text) is inside


def test_an_hour_asked_lies_in_a_span_of_clock_times_and_an_age_does_not() -> None:
    span = "Bicycles are not carried between 07:00 and 09:30 on weekdays."
    assert in_stated_range("8", span, clock=True)
    assert not in_stated_range("10", span, clock=True)
    assert not in_stated_range("8", span)  # a number not asked as an hour
    assert QuestionNeeds.of("Can I take my bike on the tram at 8 in the morning?", {}, frozenset()).hours == {"8"}
    assert QuestionNeeds.of("Can my 10-year-old come?", {}, frozenset()).hours == frozenset()


BIKES = (
    "# Bike hire questions\n\n## Can children hire bikes?\nRiders under 16 must be accompanied by an adult. "
    "We have children's bikes for ages 6 to 12.\n\n## Fares\nRoute 8 buses stop outside. "
    "Child fare (5-15): half price.\n"
)


def test_an_age_inside_a_stated_range_is_found_but_a_labelled_number_is_not() -> None:
    assert draft_score("Can my 10-year-old hire a bike?", BIKES) > 0.0
    assert draft_score("What's the timetable for Route 8?", BIKES) == 0.0


RESET = (
    "# Router guide\n\n## Reset button\nTo restart the router, hold the reset button for 2 seconds. Holding it for 10 "
    "seconds restores the factory settings.\n"
)


async def test_a_number_the_question_names_must_be_in_the_sentence_or_its_headings() -> None:
    question = "What happens if I hold the reset button for 10 seconds?"
    quotes = await grounded_quotes(question, trusted_chunks(RESET))
    assert quotes[0] == "Holding it for 10 seconds restores the factory settings."
