"""Answerer v66, from batch 28 (read after it was counted for v65): the subject of a wh-question's verb must be named
by the sentence, its section or the title ("The start time stays at 9:30." under a choir's rehearsals says nothing of
when school starts). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import subject_of
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes

CHOIR = """# Autumn term

## Rehearsals
Rehearsals move to Saturday mornings in the church hall from January.
The start time stays at 9:30.

## Subs
Subs are £40 for the term."""

SCHOOL = """# Term dates

## The school day
The school day starts at 8:45 and ends at 15:15.

## Clubs
Football club meets on Tuesdays."""


def test_a_sentence_that_never_names_the_subject_does_not_say_when_it_starts() -> None:
    # every other word of the question is in the choir's section: only the subject is missing
    assert candidate_quotes("what time will school start on saturday mornings from january", CHOIR) == []
    assert candidate_quotes("what time does school start in the morning", SCHOOL) == [
        "The school day starts at 8:45 and ends at 15:15."
    ]
    # the section names the rehearsals: the sentence under it answers for them
    assert candidate_quotes("what time do rehearsals start?", CHOIR) == ["The start time stays at 9:30."]


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("what time does school start in the morning", "school"),
        ("when do the games kick off in january?", "games"),
        ("when does my car arrive?", "car"),
        ("how much does it cost?", None),  # a pronoun
        ("what does error E3 mean?", None),  # named by its code, which is checked as a name
        ("where is the closest car park?", None),  # "is": the subject is a noun phrase, not its first word
        ("where will the money from the cake stall go?", None),  # money is what a sum answers
        ("how much does a gallon of paint cost?", None),  # a measure, not the thing
        ("when does the next bus leave?", "bus"),  # v71: the head after an adjective
    ],
)
def test_the_subject_of_a_wh_questions_verb(question: str, subject: str | None) -> None:
    focus = {stem(word): 1.0 for word in question.lower().replace("?", "").split()}
    assert subject_of(question.lower(), focus) == ((stem(subject),) if subject else ())
