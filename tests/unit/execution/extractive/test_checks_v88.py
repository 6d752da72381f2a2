"""Answerer v88: a word of the question that is rare in English names the specific thing asked about, and a sentence
whose section never names it does not answer; an -ing noun ("evening", "meeting") is no participle, so the subject
of "the wednesday evening rides" is the rides; a unit written by its name after a number ("5 kilos") is a measure.
The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import measured_numbers, subject_of
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import is_rare, stem, tokenize, word_forms
from tests.unit.execution.extractive.helpers import answered

SHED = """# Ferndale Allotments shop

## Compost and feed

Peat-free compost is £6.50 a bag and chicken manure pellets are £4.20 a tub.

## Seeds

Seed packets are £1.80 each, or five for £8.
"""

FUEL = """# Ferndale Campsite shop

## Fires

Fire pits can be hired from reception for £8 a night. Bags of seasoned logs are £7 each.
"""

CLUB = """# Harwick Cycling Club

## Rides

Sunday club runs leave the market cross at 9am and are usually back by 1pm.
The Wednesday evening rides leave the leisure centre at 6.30pm and finish by 8.30pm.

## Social

The bin outside the clubhouse is emptied on Thursday morning, so please leave recycling out on Wednesday evening.
"""


def test_rare_words_are_specific_and_their_common_forms_are_not() -> None:
    assert is_rare("premolar") and is_rare("dentures") and is_rare("secateurs")
    assert not is_rare("bag") and not is_rare("price") and not is_rare("fire")
    assert not is_rare("beeping")  # "beep" is common: an inflected word is as common as its stem
    assert not is_rare("uncollected")  # "collected" under the prefix
    assert not is_rare("4kg") and not is_rare("")
    assert "mop" in word_forms("mopping") and "collect" in word_forms("uncollected")


def test_a_rare_word_missing_from_the_sentence_and_its_section_refuses() -> None:
    question = "how much is a bag of briquettes for the fire pit"
    needs = analyze(question, [], max_sentence_chars=400).needs
    assert stem("briquettes") in needs.rare and stem("bag") not in needs.rare
    # "bag", "fire" and "pit" are all here, the briquettes are not: the logs' price is no answer
    assert answered(question, FUEL, "shop.md") == []
    quotes = answered("how much is a bag of logs for the fire pit", FUEL, "shop.md", quotes=True)
    assert quotes == ["Bags of seasoned logs are £7 each."]


def test_a_rare_word_the_sentence_names_still_answers() -> None:
    text = SHED + "\n## Tools\n\nBypass secateurs are £12.99 and a pruning saw is £14.50.\n"
    assert answered("how much are the secateurs in the shop", SHED, "shop.md") == []
    quotes = answered("how much are the secateurs in the shop", text, "shop.md", quotes=True)
    assert quotes and "£12.99" in quotes[0]


def test_an_ing_noun_runs_on_to_the_subject_it_modifies() -> None:
    # the day opening the phrase says when the rides are; the rides are what is asked about
    assert subject_of("what time do the wednesday evening rides finish", {"wednesday": 1.0, "ride": 1.0}) == ("ride",)
    assert subject_of("when does the next board meeting start", {"board": 1.0, "meet": 1.0}) == ("meet",)
    quotes = answered("what time do the wednesday evening rides finish", CLUB, "club.md", quotes=True)
    assert quotes and "8.30pm" in quotes[0]
    bins = CLUB.replace("The Wednesday evening rides leave the leisure centre at 6.30pm and finish by 8.30pm.\n", "")
    assert answered("what time do the wednesday evening rides finish", bins, "club.md") == []


def test_a_unit_written_as_a_name_after_a_number_is_a_measure() -> None:
    rice = "# Ferndale farm shop\n\n## Rice\n\nBasmati rice is £4.50 for a 1 kg bag, or 5 bags for £20.\n"
    assert measured_numbers(tokenize("how much is the 5 kilos bag of basmati rice")) == (("5", "kilos"),)
    # five bags are no five kilos; the one-kilo bag is the kilo asked
    assert answered("how much is the 5 kilos bag of basmati rice", rice, "shop.md") == []
    quotes = answered("how much is a 1 kilo bag of basmati rice", rice, "shop.md", quotes=True)
    assert quotes and "£4.50" in quotes[0]
