"""Answerer v89: in a paragraph without layout (an email's body), a rare word the question asks about, often a name
typed in lower case, must be written in the paragraph's chunk or title; a question in another language has no rare
English words. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import reads_as_english, stem, tokenize
from tests.unit.execution.extractive.helpers import answered

GARAGE = (
    "Hi Sam,\n\nThanks for booking the MOT. We are open Monday to Friday 8am to 6pm and on Saturday mornings until "
    "noon. Please leave the keys at the front desk when you arrive.\n\nRegards,\nDev"
)


def test_a_lower_case_name_the_email_never_writes_refuses() -> None:
    question = "what are the opening times at the northgate depot"
    assert stem("northgate") in analyze(question, [], max_sentence_chars=400).needs.rare
    # the garage's own hours are not the Northgate depot's
    assert answered(question, GARAGE, None) == []
    assert answered("what are the opening times at the garage", GARAGE, None, quotes=True) == [
        "We are open Monday to Friday 8am to 6pm and on Saturday mornings until noon."
    ]


def test_the_name_written_in_the_email_still_answers() -> None:
    text = GARAGE.replace("Please leave", "Our Northgate depot is open 7am to 3pm on weekdays. Please leave")
    quotes = answered("what are the opening times at the northgate depot", text, None, quotes=True)
    assert quotes == ["Our Northgate depot is open 7am to 3pm on weekdays."]


def test_a_question_in_another_language_has_no_rare_english_words() -> None:
    assert reads_as_english(tokenize("what are the opening times at the northgate depot"))
    assert not reads_as_english(tokenize("Wann ist die Bibliothek geöffnet?"))
    assert analyze("Wann ist die Bibliothek geöffnet?", [], max_sentence_chars=400).needs.rare == frozenset()
