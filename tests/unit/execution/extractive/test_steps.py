"""The step after or before the one a reader names (steps.py): answered by its place in the list, quoted verbatim.
The manual below is written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.steps import Neighbour, asks_for_neighbour, neighbouring_step
from tests.unit.execution.extractive.helpers import answered, one_chunk

FILTER_MANUAL = (
    "## Replacing the water filter\n\n"
    "1. Switch off the fridge at the wall.\n"
    "2. Twist the old filter a quarter turn anticlockwise and pull it out.\n"
    "3. Soak the new cartridge in cold water for five minutes.\n"
    "4. Push the new cartridge in and twist it clockwise until it clicks.\n"
    "5. Run two litres of water through the dispenser and throw it away.\n"
)


def _answer(question: str, text: str = FILTER_MANUAL) -> str | None:
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, one_chunk(text))
    if not draft.quotes or draft.score < draft.threshold:
        return None
    return draft.quotes[0].text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "I've pulled the old filter out - what do I do next?",
            "Soak the new cartridge in cold water for five minutes.",
        ),
        (
            "What should I do after soaking the new cartridge?",
            "Push the new cartridge in and twist it clockwise until it clicks.",
        ),
        (
            "What must I do before I push the new cartridge in?",
            "Soak the new cartridge in cold water for five minutes.",
        ),
    ],
)
def test_the_neighbouring_step_answers_what_comes_next_or_before(question: str, expected: str) -> None:
    assert _answer(question) == expected
    assert expected in FILTER_MANUAL  # verbatim, without its list number


def _neighbour(question: str, text: str = FILTER_MANUAL) -> Neighbour | None:
    return neighbouring_step(analyze(question, one_chunk(text), max_sentence_chars=400), question)


def test_no_neighbour_past_the_end_of_the_list_or_for_a_step_not_named() -> None:
    last = "I've run water through the dispenser - what do I do next?"
    assert _neighbour(last) is None  # the named step is the last: nothing after it, no wrap-around to step 1
    assert _answer(last) != "Switch off the fridge at the wall."
    # A situation no step names is no step: the question is answered (or refused) as any other.
    assert _answer("I've defrosted the freezer - what do I do next?") is None
    # Half a situation is no step named: step 1 switches off the fridge; it empties no shelves.
    assert _answer("I've switched off the fridge and emptied the shelves - what do I do next?") is None


def test_a_document_that_says_before_in_words_is_read_as_it_says() -> None:
    text = FILTER_MANUAL + "\nBefore you push the new cartridge in, check that its seal is seated.\n"
    question = "What must I do before I push the new cartridge in?"
    assert _neighbour(question, text) is None  # the sentence saying "Before ..." is read instead
    assert _neighbour(question) is not None
    assert _answer(question, text) != "Soak the new cartridge in cold water for five minutes."


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("I've pulled the old filter out - what do I do next?", ("I've pulled the old filter out - ", 1, "next")),
        ("What should I check before I put the tube back?", ("i put the tube back", -1, "before")),
        ("What happens after the meeting?", ("the meeting", 1, "after")),
        ("What is the next meeting?", None),  # no situation told before it
        ("How long after the meeting are minutes sent?", None),
    ],
)
def test_which_questions_ask_for_a_neighbouring_step(question: str, asked: tuple[str, int, str] | None) -> None:
    assert asks_for_neighbour(question) == asked


KETTLE = (
    "## Before first use\n\n"
    "1. Remove all packaging and stickers.\n"
    "2. Place the kettle on its base on a flat surface.\n"
    "3. Fill the kettle to the MAX line with fresh water.\n"
    "4. Boil the water and pour it away. Repeat this twice.\n"
    "5. Wipe the outside with a damp cloth.\n\n"
    "## Everyday use\n\n"
    "1. Fill the kettle through the spout or the lid.\n"
    "2. Press the switch down; the light comes on.\n"
    "3. The kettle switches itself off when the water boils.\n"
)


def _briefed(question: str, text: str) -> str | None:
    """The first quote the provider answers with (a step named by its number needs no score), or None."""
    quotes = answered(question, text, quotes=True)
    return quotes[0] if quotes else None


def test_a_step_asked_by_its_number_is_that_step_and_its_neighbour_is_counted_by_number() -> None:
    # v87: "before first use" names the list's heading, not the step before; the number names the step
    assert asks_for_neighbour("what is step 4 before first use") is None
    assert _briefed("what is step 4 before first use", KETTLE) == "Boil the water and pour it away."
    assert _briefed("what do I do after step 3 before first use", KETTLE) == (
        "Boil the water and pour it away. Repeat this twice."
    )
    assert _briefed("which step comes before step 2 of everyday use", KETTLE) == (
        "Fill the kettle through the spout or the lid."
    )
    # two lists have a step 3 and the question names neither: no neighbour is guessed
    assert _neighbour("what do I do after step 2?", KETTLE) is None


def test_a_sentence_referring_to_a_step_is_not_that_step() -> None:
    manual = (
        "## Setting up\n\n"
        "1. Dip the test strip in tap water and count the red squares. You will need this number in step 3.\n"
        "2. Fill the water tank to the line.\n"
        "3. Go to Settings and enter the number of red squares from step 1.\n"
    )
    assert _briefed("whats step 3 of setting up", manual) == (
        "Go to Settings and enter the number of red squares from step 1."
    )
