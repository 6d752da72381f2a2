"""Answerer v11's rules, each from a fresh document asked through the running service: words whose stem collides
with a function word, a sentence naming the reverse of the asked act, a count of times offered for a count of things,
a temperature written "180C", and the other party of a contract (checks.py, terms.py). The texts are written for
these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    counts_times_only,
    expected_unit,
    in_stated_range,
    names_a_neighbour,
    names_the_reverse,
    question_verb,
)
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import stem, tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import may_answer, question_needs


@pytest.mark.parametrize(
    ("word", "kept"),
    [("butter", "butter"), ("letter", "letter"), ("letters", "letter"), ("theme", "theme"), ("outing", "outing")],
)
def test_a_word_is_never_stemmed_into_a_function_word(word: str, kept: str) -> None:
    assert stem(word) == kept
    assert tokenize(f"the {word}")[1].content


def test_inflections_of_ordinary_words_still_share_a_stem() -> None:
    assert stem("replaced") == stem("replace")
    assert stem("bigger") == "big"
    assert stem("others") == "other"  # a function word's plural is still one


def test_a_question_about_butter_asks_about_butter() -> None:
    assert may_answer("How much butter do I need?", "225 g softened butter")
    assert not may_answer("How much butter do I need?", "225 g caster sugar")


@pytest.mark.parametrize(
    ("question", "sentence", "reverse"),
    [
        ("When will IT reconnect the desktop computers?", "IT will disconnect all desktop computers at 5pm.", True),
        ("When will IT reconnect the desktop computers?", "IT will reconnect the computers on Monday.", False),
        ("How do I unlock the side gate?", "Lock the side gate after 6pm.", True),
        ("How do I lock the side gate?", "Unlock the side gate with the fob.", True),
        ("Is VAT included in the price?", "Prices exclude VAT.", True),
        ("When can I unsubscribe?", "You can subscribe at any time.", True),
        # A thing named after an article is no reversed act: the lock is what a rider unlocks.
        ("How do I unlock a bike?", "Scan the code and wait for the green light on the lock.", False),
        # Prefixes that reverse nothing: "display" is no "un-play", "default" no "de-fault".
        ("When does the play start?", "The display opens at six.", False),
        ("What if there is a fault?", "Alerts are on by default.", False),
        ("When does the pool reopen?", "The pool will open at 9am.", False),
    ],
)
def test_a_sentence_naming_the_reverse_of_the_asked_act(question: str, sentence: str, reverse: bool) -> None:
    asked = [t.stem for t in tokenize(question) if t.content]
    assert names_the_reverse(asked, tokenize(sentence)) is reverse


def test_the_reverse_rule_decides_eligibility_unless_the_question_is_negated() -> None:
    question = "When will IT reconnect the desktop computers?"
    assert not may_answer(question, "IT will disconnect all desktop computers on Friday at 5pm.")
    assert may_answer(question, "IT will reconnect all desktop computers on Monday at 8am.")
    # "What if I don't pay?": the document may well say "unpaid".
    assert may_answer("What happens if I don't pay the invoice?", "Unpaid invoices are charged interest at 2%.")
    assert not may_answer("What happens if I pay the invoice?", "Unpaid invoices are charged interest at 2%.")


@pytest.mark.parametrize(
    ("sentence", "head", "times_only"),
    [
        ("You can renew an item twice online.", "item", True),
        ("Each guest may visit 3 times a year.", "guest", True),
        ("You can renew up to 5 items at once.", "item", False),  # a count of items
        ("An item can be renewed twice.", "renewal", False),  # the X is no thing named as one
        ("Renew twice.", "time", False),  # "How many times ...?"
        ("You may borrow one item twice.", "item", False),  # "one" may count the items
    ],
)
def test_a_count_of_times_is_no_count_of_things(sentence: str, head: str, times_only: bool) -> None:
    assert counts_times_only(tokenize(sentence), stem(head)) is times_only


def test_how_many_things_is_not_answered_by_how_many_times() -> None:
    question = "How many items can I renew online at once?"
    assert question_needs(question).expect is Expect.QUANTITY
    assert not may_answer(question, "You can renew an item twice online, unless another member has reserved it.")
    assert may_answer(question, "You can renew up to 5 items online at once.")


@pytest.mark.parametrize(
    ("sentence", "has_unit"),
    [
        ("Heat the oven to 180C (160C fan).", True),
        ("Bake at 350 F for 20 minutes.", True),
        ("Heat the oven to 180°C.", True),
        ("Bake for 35 minutes in a 30 x 23 cm tin.", False),
        ("Class C fire extinguisher.", False),  # a letter is no degree
    ],
)
def test_a_temperature_may_be_written_without_a_degree_sign(sentence: str, has_unit: bool) -> None:
    unit = expected_unit("What temperature should the oven be?")
    assert unit is not None
    assert bool(unit.search(sentence)) is has_unit


def test_the_other_party_of_a_contract_is_a_neighbour() -> None:
    asked = frozenset(t.stem for t in tokenize("Can the landlord end the tenancy after six months?") if t.content)
    tenant = "The Tenant may end the tenancy after the first six months by giving two months' notice."
    assert names_a_neighbour(asked, {t.stem for t in tokenize(tenant)})
    both = "Either the Landlord or the Tenant may end the tenancy after six months."
    assert not names_a_neighbour(asked, {t.stem for t in tokenize(both)})


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("How much experience is required?", "required"),  # the asked thing is the passive's subject
        ("How many nights are spent in Zurich?", "spent"),  # an irregular participle
        ("Where are the spare keys kept?", "kept"),
        ("How many people will the team leader manage?", "manage"),  # the question ends in its verb
        ("What will the new contract cover?", "cover"),
        ("Can my 10-year-old hire a bike?", None),  # the object follows the verb: "bike" is no verb
        ("Should I warm the lemon juice and sugar mixture?", None),
        ("Why are red cards given?", "given"),  # "red" opens the subject, it is no participle
    ],
)
def test_the_verb_of_passive_and_object_first_questions(question: str, verb: str | None) -> None:
    assert question_verb(tokenize(question)) == (stem(verb) if verb else None)


def test_counted_people_are_not_asked_to_be_named() -> None:
    question = "How many people will the team leader manage?"
    assert "peopl" not in question_needs(question).focus
    assert may_answer(question, "Lead a team of 12 warehouse operatives.", "What you will do")


def test_a_word_naming_the_subject_does_not_say_when_it_ends() -> None:
    question = "What time does the closing keynote end?"
    assert not may_answer(question, "15:00 Closing keynote: Amira Haddad, founder of Civic Signals")
    assert may_answer(question, "The closing keynote runs from 15:00 to 16:00.")
    assert may_answer("When does the gym close?", "The gym closes at 10pm.")  # the asked verb itself


MEMO = (
    "Subject: Building works\n\nHi all,\n\n"
    "The kitchen on the second floor will be refitted next week. The new dishwasher arrives on Tuesday 4 March.\n\n"
    "The car park will be resurfaced on Saturday 8 March, so please park on Mill Lane that day.\n\n"
    "Thanks,\nSam\n"
)


def _candidates(question: str, text: str) -> list[str]:
    evidence = [EvidenceItem("chunk-memo", "trusted", text, rank=1, semantic_rank=1, lexical_rank=1)]
    analysis = analyze(question, evidence, max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates]


def test_a_letter_s_other_paragraph_does_not_supply_the_subject_asked_about() -> None:
    resurfaced = "The car park will be resurfaced on Saturday 8 March, so please park on Mill Lane that day."
    assert resurfaced in _candidates("When will the car park be resurfaced?", MEMO)
    assert resurfaced not in _candidates("When will the kitchen floor be resurfaced?", MEMO)
    # A question asking for several things reads the letter whole: its sentences answer it together.
    assert resurfaced in _candidates("What building works are planned for the kitchen and when?", MEMO)


@pytest.mark.parametrize(
    ("number", "sentence", "inside"),
    [
        ("12", "Children aged 10 to 15: take one tablet every four to six hours.", True),  # a range before a colon
        ("8", "Do not give to children under 10 years.", True),
        ("12", "Do not give to children under 10 years.", False),
        ("70", "Over 65s travel free.", True),
        ("16", "Adults and children aged 16 and over: take one or two tablets.", True),
        ("15", "Adults and children aged 16 and over: take one or two tablets.", False),
        ("10", "Opening hours: 10 to 15:30.", False),  # a clock time is no end of a range of ages
    ],
)
def test_an_age_asked_lies_in_a_stated_range_or_beside_a_bound(number: str, sentence: str, inside: bool) -> None:
    assert in_stated_range(number, sentence) is inside


def test_a_leaflet_answers_for_an_age_it_states_by_a_range_or_a_bound() -> None:
    twelve, eight = frozenset({"12"}), frozenset({"8"})  # the question's number is a key term, as analyze reads it
    question = "How often can a 12-year-old take a tablet?"
    assert may_answer(question, "Children aged 10 to 15: take one tablet every 6 hours.", key_terms=twelve)
    assert not may_answer(question, "Children aged 5 to 9: take half a tablet every 6 hours.", key_terms=twelve)
    assert may_answer(
        "Can I give paracetamol to my 8-year-old?",
        "Do not give paracetamol to children under 10 years.",
        key_terms=eight,
    )


def test_what_colour_is_answered_by_a_colour_the_word_colour_need_not_be_there() -> None:
    question = "What colour is the blazer?"
    assert may_answer(question, "Navy blazer with the school badge")
    assert not may_answer(question, "Blazers are sold only by Clarkes Schoolwear.")


def test_a_season_answers_when() -> None:
    assert may_answer("When are football boots needed?", "Football boots are needed in the autumn term.")
    assert not may_answer("When are football boots needed?", "Football boots are needed for matches.")


def test_a_weekday_in_the_plural_answers_when_and_a_numbered_place_does_not() -> None:
    question = "When are recycling bins collected?"
    assert may_answer(question, "Recycling bins are collected on Tuesdays.")
    assert not may_answer(question, "Recycling bins must be taken to the bin room on level -1.")
    assert not may_answer(question, "Recycling bins are collected from gate 3.")
    assert may_answer(question, "Recycling bins are collected on the 3rd of each month.")
