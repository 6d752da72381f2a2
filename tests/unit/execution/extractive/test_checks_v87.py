"""Answerer v87, from the ninth and tenth outside checks: a unit's symbol is its name, a price list's "product" is no
kind of code, "warning" is notice, a restock date under a "Location:" label answers "when", a "Location:" label
answers "where is X kept", "ppl" are people, "what day is X on" needs a day and whose deadline is still a deadline.
The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import labels_the_other, phrasal_equivalents, same_unit
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import answered

STOCK = "\n".join(
    [
        "Code: PL-201 | Plant: Rosemary 'Miss Jessopp' | Pot size: 2 litre | Price: £6.49 | Location: Herb bench",
        "Code: PL-202 | Plant: Rosemary 'Miss Jessopp' | Pot size: 5 litre | Price: £11.99 | Location: Herb bench",
        "Code: PL-310 | Plant: Bay tree (lollipop) | Pot size: 10 litre | Price: £39.00 | Location: Bay C2 | Notes: Out"
        " of stock - due 9 May",
        "Code: PL-455 | Plant: Pruning saw | Price: £14.50 | Location: Tool rack | Notes: Folding blade",
    ]
)

HALL = """BRAMLEY COMMUNITY CENTRE

Main hall: seats 120, or 160 standing. Hire is £30 an hour on weekdays.

The centre manager will always give you at least 48 hours' notice before any fire alarm test.
The wellbeing café is open to everyone and offers tea, coffee and a chat for people living alone.
"""


def answer(question: str, text: str) -> list[str]:
    return answered(question, text, "doc.txt", quotes=True)


def test_a_unit_symbol_and_its_name_are_one_unit() -> None:
    assert same_unit("l", "litre") and same_unit("l", "litres") and same_unit("kg", "kilos") and same_unit("cm", "cm")
    assert not same_unit("l", "kg") and not same_unit("ml", "litre")
    quotes = answer("how much is miss jessopp rosemary in the 2l pot", STOCK)
    assert quotes and "2 litre" in quotes[0] and "£6.49" in quotes[0]
    assert not any("5 litre" in quote for quote in quotes[:1])


def test_a_price_lists_product_qualifies_no_column() -> None:
    needs = analyze("whats the product code for the lollipop bay tree", [], max_sentence_chars=400).needs
    assert ("product", "code") not in needs.phrases
    assert any("PL-310" in quote for quote in answer("whats the product code for the lollipop bay tree", STOCK))


def test_a_date_beside_a_location_label_answers_when_and_the_label_answers_where_it_is_kept() -> None:
    row = "Code: PL-310 | Plant: Bay tree | Location: Bay C2 | Notes: Out of stock - due 9 May"
    assert not labels_the_other(row, "time")
    assert labels_the_other("Code: PL-455 | Location: Tool rack | Notes: Folding blade", "time")
    assert any("due 9 May" in quote for quote in answer("when is the lollipop bay tree due back in", STOCK))
    assert any("Tool rack" in quote for quote in answer("where is the pruning saw kept", STOCK))


def test_warning_is_notice_and_ppl_are_people() -> None:
    assert answer("how much warning do we get before a fire alarm test", HALL) == [
        "The centre manager will always give you at least 48 hours' notice before any fire alarm test."
    ]
    assert answer("how many ppl can stand in the main hall", HALL) == ["Main hall: seats 120, or 160 standing."]


def test_what_day_needs_a_day_and_whose_deadline_is_a_date() -> None:
    needs = analyze("what day is the wellbeing cafe on", [], max_sentence_chars=400).needs
    assert needs.day == "day"
    assert answer("what day is the wellbeing café on", HALL) == []  # open to everyone, on no day named
    deadline = analyze("whats sams deadline for the refreshments", [], max_sentence_chars=400).needs
    assert deadline.expect.value == "date"


def test_a_phrasal_verb_asked_in_its_ing_form_is_read_as_its_one_word_verb() -> None:
    # "coming" stems to "com": the verb of "come round", "come back" is still found
    coming = phrasal_equivalents(tokenize("when is the plumber coming round"))
    assert {"attend", "visit"} <= coming["round"]
    assert phrasal_equivalents(tokenize("when are they coming back"))["back"] == {"return"}
    assert stem("leaves") in phrasal_equivalents(tokenize("what time does the coach set off"))["set"]
