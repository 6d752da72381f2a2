"""Answerer v73, from the read sets' refusals and cross-document answers: everyday paraphrases (pop in / visit, go
live / launch, cleared / deleted, arriving / delivered, replaced / fitted, a spaniel / dogs), a fault code that names
the fault whatever the asker says around it, "how far away", and the document that names more of what is asked
answering before one that names less. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.terms import tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import may_answer, question_needs


@pytest.mark.parametrize(
    ("question", "sentence", "section"),
    [
        ("when can i pop in?", "You may visit between 2pm and 5pm.", "Visiting"),
        ("when will it go live?", "The new site launches on 3 June 2026.", "Plans"),
        ("how soon do voicemails get cleared?", "Old messages are deleted after 30 days.", "Phones"),
        ("when's it arriving?", "It will be delivered on Tuesday 4 May.", "Your order"),
        ("When was it replaced?", "Combination boiler fitted in 2015.", "Heating"),
        ("can we bring our spaniel?", "Dogs are welcome on a short lead.", "Pets"),
        ("how much are spare filters?", "Replacement filters cost £8 each.", "Parts"),
        ("what is it set to out of the box?", "By default the thermostat is set to 20 °C.", "Settings"),
        ("when can i have a look round?", "Viewings are on Saturdays from 10am.", "Visiting"),
        ("where's the closest one?", "The nearest one is on Mill Lane.", "Getting here"),
        ("whats the wifi password?", "The Wi-Fi password is on the router.", "Internet"),
        (
            "can i go first class? the trip is four and a half hours",
            "First class is allowed for journeys over three hours.",
            "Rail travel",
        ),
    ],
)
def test_everyday_paraphrases_answer(question: str, sentence: str, section: str) -> None:
    assert may_answer(question, sentence, section)


def test_what_arrives_was_delivered_but_not_the_other_way_round() -> None:
    assert may_answer("when's it arriving?", "It will be delivered on Tuesday 4 May.", "Your order")
    assert not may_answer("Do you deliver on Saturdays?", "The newsletter arrives on Mondays.", "Newsletter")


def test_a_fault_code_names_the_fault_whatever_the_asker_says_around_it() -> None:
    question = "heater stopped halfway through the night with F2 showing, how do i fix it?"
    row = "F2 | Overheating | Switch off and let the heater cool for 30 minutes."
    assert may_answer(question, row, "Fault codes", key_terms=frozenset({"f2"}))
    assert question_needs(question, frozenset({"f2"})).told_weight == 0
    # Another appliance's F2 row names none of what the asker told: no answer about this heater
    assert not may_answer(
        question, "F2 | Low pressure | Top up the boiler to 1.5 bar.", "Boiler codes", key_terms=frozenset({"f2"})
    )


def test_how_far_away_asks_a_distance() -> None:
    needs = question_needs("How far away from the wall should the heater stand?")
    assert "away" not in needs.focus
    assert may_answer("How far away from the wall should the heater stand?", "Keep it 50 cm from any wall.", "Safety")


def test_wi_fi_is_one_word() -> None:
    assert [token.stem for token in tokenize("Wi-Fi, wi-fi, WiFi")] == ["wifi", "wifi", "wifi"]


@pytest.mark.parametrize(
    ("question", "phrases"),
    [
        ("What's the oldest version of macOS it needs?", set()),  # the superlative is what is asked
        ("Which parts of the house got the worst rating?", set()),  # "got" is the verb, "worst" asked
        ("can i go first class? the trip is four and a half hours", set()),  # hours counted
        ("how much is rent for a quarter plot?", {("quart", "plot")}),  # a kind of plot
    ],
)
def test_modifiers_that_tell_no_kind_apart(question: str, phrases: set[tuple[str, str]]) -> None:
    assert set(question_needs(question).phrases) == phrases


def test_prepositions_are_no_subject() -> None:
    assert "across" not in question_needs("how long does the ferry take across the bay?").focus


def _lead(question: str, *chunks: tuple[str, str]) -> str:
    """Return the first quote of the lexical provider's draft over trusted chunks given as (document, text)."""
    evidence = [
        EvidenceItem(f"{document}-{rank}", "trusted", text, rank=rank, section=document)
        for rank, (document, text) in enumerate(chunks, start=1)
    ]
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, evidence)
    return draft.quotes[0].text if draft.quotes else ""


def test_the_document_that_names_more_of_what_is_asked_answers_first() -> None:
    question = "How much water does the tank of the steam mop hold?"
    kettle = ("kettle.md", "The water tank holds 1.7 litres and is easy to fill.")
    mop = [
        ("steam-mop.md", "Use the steam mop on sealed floors only."),
        ("steam-mop.md", "The water tank holds 350 ml."),
    ]
    assert _lead(question, kettle, *mop) == "The water tank holds 350 ml."
    # A document naming no more than the lead's does not take the lead from it
    assert _lead(question, kettle, ("jug.md", "The water tank holds 350 ml.")) == kettle[1]
