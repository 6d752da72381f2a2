"""Answerer v83: contractions typed without the apostrophe are no content words; a subject's longer noun phrase is named
by its first or its last word, a partitive's by the thing after "of"; "how much to <do something>" asks a price; a few
plain synonyms and "take away"; "dog-free" states no price. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import (
    SYNONYMS,
    as_typed,
    holds_money,
    phrasal_equivalents,
    same_word,
    subject_of,
)
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes, may_answer


def focus_of(question: str) -> set[str]:
    return set(analyze(question, [], max_sentence_chars=400).needs.focus)


def test_contractions_typed_without_the_apostrophe_are_written_out() -> None:
    assert as_typed("sprained my wrist and cant play - how long is the break") == (
        "sprained my wrist and can't play - how long is the break"
    )
    assert as_typed("im on the student rate") == "i'm on the student rate"
    assert as_typed("ive lost the fob, dont have a spare") == "i've lost the fob, don't have a spare"
    assert as_typed("how long til the van comes") == "how long until the van comes"
    assert as_typed("youre sure theyll open") == "you're sure they'll open"
    # words of their own stay as typed
    for typed in ("were the doors locked", "well water", "its lid", "we will", "ill health", "wont"):
        assert as_typed(typed) == typed


def test_a_contraction_is_no_word_the_evidence_must_hold() -> None:
    for question, word in (
        ("im on the student rate, when can i swim", "im"),
        ("how long til the van comes", "til"),
        ("why isnt the heater working", "isnt"),
    ):
        assert stem(word) not in focus_of(question)


def test_a_subject_phrase_is_named_by_its_first_or_its_last_word() -> None:
    focus = {stem(w): 1.0 for w in ("smoke", "alarm", "battery", "run")}
    assert set(subject_of("when does the smoke alarm battery run out", focus)) == {stem("smoke"), stem("battery")}
    # one word, or the v71 case of two before the verb: as before
    assert subject_of("what time does school start", {stem("school"): 1.0}) == (stem("school"),)
    focus = {stem("replacement"): 1.0, stem("filter"): 1.0}
    assert subject_of("how much does a replacement filter cost", focus) == (stem("filter"),)


def test_a_partitive_subject_is_the_thing_after_of() -> None:
    focus = {stem(w): 1.0 for w in ("pieces", "garden", "hedge")}
    assert subject_of("how long can the pieces of garden hedge be", focus) == (stem("hedge"),)
    assert may_answer(
        "how long can the pieces of garden hedge be",
        "Garden hedge cuttings must be tied in bundles no longer than 1.2 m.",
    )


def test_a_partitive_head_is_the_thing_counted() -> None:
    question = "how many pieces of luggage can each passenger bring"
    assert analyze(question, [], max_sentence_chars=400).needs.head == stem("luggage")
    assert candidate_quotes(question, "Each passenger may bring 2 bags of luggage.") == [
        "Each passenger may bring 2 bags of luggage."
    ]
    assert analyze("which kind of cake is on today", [], max_sentence_chars=400).needs.head == stem("cake")


def test_how_much_to_do_something_asks_a_price() -> None:
    assert may_answer("how much to hire the small hall", "The small hall costs £18 an hour.")
    assert not may_answer("how much to hire the small hall", "The small hall holds 60 people.")


def test_plain_synonyms_of_v83() -> None:
    assert same_word(stem("hens"), {stem("chickens")})
    assert same_word(stem("electric"), {stem("electricity")})
    assert same_word(stem("slices"), {stem("portions")})
    assert stem("leccy") in SYNONYMS[stem("electricity")]


def test_taken_away_is_found_where_collection_or_removal_is_written() -> None:
    equivalents = phrasal_equivalents(tokenize("how much to have a sofa taken away"))
    assert {stem("collection"), stem("removal")} <= set().union(*equivalents.values())


def test_a_dog_free_room_states_no_price() -> None:
    assert not holds_money("Dogs may join you in the bar; the dining room is dog-free.")
    assert not holds_money("All our cakes can be made gluten-free.")
    assert holds_money("Entry to the gardens is free.")
