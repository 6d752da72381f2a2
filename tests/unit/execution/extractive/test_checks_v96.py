"""Answerer v96: the words before the thing a "how many" question counts say which of those things it counts, a
participle among them ("disabled parking spaces", "guided walks"): a count of all the spaces is no count of the
disabled ones. Elsewhere a participle before a noun is still not a kind of it ("the promised delivery date"). The
texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import noun_phrases, question_tokens
from tests.unit.execution.extractive.helpers import chunk_quotes

HALL = (
    "Parking and access\n\n"
    "- The car park has 22 spaces; please do not park on the lane, which the farm needs.\n"
    "- The side door has a ramp and the toilets are on the ground floor."
)


def _quotes(question: str, *texts: str) -> list[str]:
    return chunk_quotes(question, texts, "village-hall-hire.md / Hire information", prefix="hall")


def _pairs(question: str) -> tuple[tuple[str, str], ...]:
    tokens = question_tokens(question)
    return noun_phrases(tokens, {t.stem: 1.0 for t in tokens if t.content})


def test_a_count_of_all_the_things_does_not_answer_a_count_of_some() -> None:
    assert not any("22 spaces" in q for q in _quotes("how many disabled parking spaces are in the car park", HALL))
    # the count of all of them answers a question that asks it
    assert any("22 spaces" in q for q in _quotes("how many parking spaces are in the car park", HALL))


def test_a_count_that_names_the_kind_answers() -> None:
    text = "Parking\n\n- The car park has 22 spaces, 3 of them disabled spaces beside the main door."
    assert any("3 of them disabled" in q for q in _quotes("how many disabled parking spaces are there", text))


def test_participles_count_as_modifiers_only_of_the_thing_counted() -> None:
    assert any(modifier == "disabl" for modifier, _ in _pairs("how many disabled parking spaces are there"))
    assert not any(modifier == "promis" for modifier, _ in _pairs("when is the promised delivery date"))
