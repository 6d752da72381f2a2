"""A narrow column's lines are wrapped prose, not a list written a line each: a PDF newsletter's quote used to end at
the line break ("From 6 April 2026 the green garden-waste bins will"). The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.structure import Role, read_units
from tests.unit.execution.extractive.helpers import candidate_quotes

COLUMN = (
    "Harbour Residents' Bulletin\n"
    "Recycling changes\n"
    "From 3 May 2027 the blue recycling boxes will\n"
    "be emptied every second Thursday instead of\n"
    "every Monday. The first Thursday round is on 13\n"
    "May. Boxes must be out by 07:00 on the day.\n"
    "Swimming pool\n"
    "The pool on Quay Lane closes for repairs from\n"
    "2 June to 20 June while the tiles are replaced.\n"
)
SHOPPING = (
    "Lemon drizzle cake\n\nIngredients\n225 g caster sugar\n2 large free-range eggs\nZest of 2 lemons\nIcing sugar\n"
)


def test_a_sentence_wrapped_over_short_lines_is_quoted_whole() -> None:
    quotes = candidate_quotes("How often will the recycling boxes be emptied from May?", COLUMN, section="bulletin.pdf")
    assert (
        "From 3 May 2027 the blue recycling boxes will\nbe emptied every second Thursday instead of\nevery Monday."
        in quotes
    )
    closing = candidate_quotes("When does the pool close for repairs?", COLUMN, section="bulletin.pdf")
    assert "The pool on Quay Lane closes for repairs from\n2 June to 20 June while the tiles are replaced." in closing


def test_a_list_written_a_line_each_stays_a_list() -> None:
    items = [unit for unit in read_units(SHOPPING, 400) if unit.role is Role.ITEM]
    assert [SHOPPING[unit.start : unit.end] for unit in items] == [
        "225 g caster sugar",
        "2 large free-range eggs",
        "Zest of 2 lemons",
        "Icing sugar",
    ]
