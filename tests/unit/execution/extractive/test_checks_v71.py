"""Answerer v71, from batch 31 and the read sets' answered near-misses: "her direct line" asks for a telephone number
and "in pounds" for a sum; the subject of "how much does a replacement filter cost" is the filter; a yes/no question
is restated only by a sentence naming what its verb acts on ("Can I bring my dog to the picnic?" is not restated by
"The picnic will be held on Sunday"). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.answer import restates_yes_no
from domains.execution.briefing.extractive.checks import (
    acted_on,
    asked_clause,
    expected_unit,
    expects_money,
    subject_of,
)
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import one_chunk


@pytest.mark.parametrize(
    ("question", "phone"),
    [
        ("whats gwen adeyemi's direct phone line?", True),
        ("what is her direct line", True),
        ("what's dev's mobile?", True),
        ("what line is the bus on", False),
        ("is the mobile library coming on friday", False),
    ],
)
def test_a_line_or_a_mobile_asks_for_a_telephone_number(question: str, phone: bool) -> None:
    unit = expected_unit(question)
    assert (unit is not None and bool(unit.search("01632 960884"))) is phone


def test_a_sum_asked_in_its_currency() -> None:
    assert expects_money("how much has the buildings insurance gone up by in pounds?")
    assert not expects_money("how much does the suitcase weigh in pounds?")


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("how much does a replacement filter cost?", "filter"),
        ("when does the summer fair start", "fair"),
        ("how much does the weekly rider cost", "rider"),
        ("what time does school start in the morning", "school"),
    ],
)
def test_the_head_of_a_two_word_subject(question: str, subject: str) -> None:
    focus = {stem(word): 1.0 for word in question.lower().replace("?", "").split()}
    assert subject_of(question.lower(), focus) == (stem(subject),)


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("can I bring my dog to the picnic?", "dog"),
        ("do you do wedding videos too?", "wedding"),
        ("can i keep using the app once the study's finished", "app"),
        ("can i pay by contactless card on the bus", "contactless"),
    ],
)
def test_what_a_yes_no_questions_verb_acts_on(question: str, thing: str) -> None:
    needs = analyze(question, [], max_sentence_chars=400).needs
    assert acted_on(tokenize(asked_clause(question)), needs.verb) == stem(thing)
    assert needs.acted_on == stem(thing)  # read once with the question's other needs


def test_a_yes_no_question_is_restated_only_with_what_its_verb_acts_on() -> None:
    text = (
        "The Blossom Day picnic will be held on Sunday 27 April. Dogs on leads are welcome at the Blossom Day picnic."
    )
    analysis = analyze("can I bring my dog to the blossom day picnic?", one_chunk(text), max_sentence_chars=400)
    assert not restates_yes_no(analysis, "The Blossom Day picnic will be held on Sunday 27 April.")
    assert restates_yes_no(analysis, "Dogs on leads are welcome at the Blossom Day picnic.")
