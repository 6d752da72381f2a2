"""Model v4's eligibility rules: which X names one, years only compared with, "take place", category nouns."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import compared_years, expected_unit, names_one
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import stem, tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import draft_score

NOTICE = (
    "# Car park resurfacing\n\n## Dates\n"
    "The car park will be closed from Monday 9 March while the contractors resurface it.\n\n"
    "## Parking\nStaff can park at the Riverside multi-storey during the works."
)
REPORT = (
    "# Riverside Museum annual report\n\n## Visitors\n"
    "Visits rose to 61,000, up 7% on 2024, and the number of members reached 2,400.\n\n"
    "## Events\nThe summer festival will be held in the east garden on 4 July."
)


_score = draft_score


def _terms(question: str) -> frozenset[str]:
    return frozenset(t.stem for t in tokenize(question) if t.content)


def test_which_x_needs_a_particular_x_not_the_bare_word() -> None:
    question = _terms("Which contractor is resurfacing the car park?")
    bare = tokenize("The car park will be closed from Monday 9 March while the contractors resurface it.")
    named = tokenize("Tarmac Brothers Ltd will resurface the car park.")
    modified = tokenize("Connect the grey DSL cable to the router.")

    assert not names_one(bare, stem("contractor"), question)  # a date is no name
    assert names_one(named, stem("contractor"), question)
    assert names_one(modified, stem("cable"), _terms("Which cable goes into the DSL port?"))


def test_a_quantifier_names_no_particular_x() -> None:
    question = _terms("Which floor is the goods lift on?")

    assert not names_one(tokenize("Please put signs up on every floor before Wednesday."), "floor", question)
    assert not names_one(tokenize("Cleaners visit all floors each morning."), "floor", question)
    assert names_one(tokenize("The goods lift is on the ground floor."), "floor", question)


def test_a_which_question_is_refused_when_no_sentence_names_one() -> None:
    assert _score("Which contractor is resurfacing the car park?", NOTICE) == 0.0
    assert _score("Where can staff park during the works?", NOTICE) > 0.0


def test_years_named_only_as_the_point_of_comparison() -> None:
    assert compared_years(tokenize("Visits rose to 61,000, up 7% on 2024.")) == {"2024"}
    assert compared_years(tokenize("12% more tickets than in Q4 2025.")) == {"2025"}
    assert compared_years(tokenize("In 2024 the museum had 1,900 members.")) == frozenset()


async def test_a_figure_for_another_year_is_refused() -> None:
    assert _score("How many members did the museum have in 2024?", REPORT) == 0.0
    assert _score("How many members did the museum have?", REPORT) > 0.0


async def test_take_place_asks_where_or_when_not_about_a_place() -> None:
    assert _score("Where does the festival take place?", REPORT) > 0.0


RECIPE = (
    "# Easy Oat Loaf\n\nMakes one loaf. Baking: 50 minutes.\n\n## Method\n"
    "1. Mix the oats and the yoghurt.\n2. Bake the loaf at 180 °C."
)


def test_measure_questions_name_their_unit() -> None:
    assert expected_unit("At what temperature should the loaf be baked?") is not None
    assert expected_unit("How far is the station?") is not None
    assert expected_unit("How far in advance must leave be requested?") is None  # a duration, not a distance


def _candidates(question: str, text: str) -> list[str]:
    analysis = analyze(question, [EvidenceItem("chunk-0", "trusted", text, rank=1)], max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates]


def test_a_measure_answer_carries_the_unit_asked_for() -> None:
    assert "Bake the loaf at 180 °C." in _candidates("At what temperature should the oat loaf bake?", RECIPE)
    # A number under the right words, but no temperature: not an answer.
    assert "Baking: 50 minutes." not in _candidates("At what temperature is the oat loaf baked?", RECIPE)
