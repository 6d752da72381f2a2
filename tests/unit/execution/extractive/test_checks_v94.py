"""Answerer v94: words people ask with that documents write otherwise. A flat tyre is repaired as a puncture; an
e-bike is an electric bike; what losing a thing costs is what replacing it costs; a quote is a price. Each reading
is one way: the document's own word is still found as it was. A table cut into several chunks is one table: a row
is not about a thing another chunk's row is keyed by. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import phrasal_equivalents
from domains.execution.briefing.extractive.terms import tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes, chunk_quotes

WORKSHOP = (
    "## Repairs\n\n"
    "| Job | Price |\n|---|---|\n"
    "| Puncture repair (inner tube patched) | £9 |\n"
    "| Brake cable replacement | £14 |\n\n"
    "## Servicing\n\n"
    "Electric bikes: add £15 to any service for the motor and battery checks.\n"
    "A basic service costs £40."
)


def test_a_flat_tyre_is_mended_as_a_puncture() -> None:
    quotes = candidate_quotes("how much to fix a flat tyre", WORKSHOP, "bike-workshop.md")
    assert quotes and "£9" in quotes[0]
    assert phrasal_equivalents(tokenize("do you mend a flat tire")) == {
        "flat": frozenset({"punctur"}),
        "tire": frozenset({"punctur"}),
    }


def test_an_e_bike_is_an_electric_bike() -> None:
    quotes = candidate_quotes("what is the extra charge for servicing an e-bike", WORKSHOP, "bike-workshop.md")
    assert quotes and quotes[0].startswith("Electric bikes: add £15")


def test_losing_a_key_costs_what_replacing_it_costs() -> None:
    text = "## Keys\n\nReplacement fobs cost £30 each, as the entry system has to be reprogrammed.\nVisitors sign in."
    quotes = candidate_quotes("what do you charge if i lose my fob", text, "tenant-handbook.md")
    assert quotes and "£30" in quotes[0]
    # a lost thing is still found where the document says "lost"
    found = "## Keys\n\nA lost fob is cancelled within the hour; call the office."
    assert candidate_quotes("what happens if i lose my fob", found, "tenant-handbook.md")


def test_a_quote_is_a_price() -> None:
    text = (
        "## 4. Tennis court resurfacing\n\n"
        "Contractor: Ridgeway Surfaces | Surface: Porous macadam | Price (inc. VAT): £18,400\n"
        "Contractor: Oakfield Sports | Surface: Acrylic | Price (inc. VAT): £21,150"
    )
    quotes = candidate_quotes("how much was the ridgeway quote for redoing the courts", text, "committee-minutes.md")
    assert quotes and "£18,400" in quotes[0]
    # one way only: an invoice is no quote, and nothing here says what was invoiced
    assert candidate_quotes("how much was the ridgeway invoice for redoing the courts", text, "minutes.md") == []


def _rooms(question: str, *texts: str) -> list[str]:
    return chunk_quotes(question, texts, "room-hire.xlsx / Sheet Rooms", prefix="rooms")


def test_a_table_cut_into_two_chunks_is_one_table() -> None:
    first = (
        "Room: Main Hall | Seated capacity: 150 | Notes: Stage and sound system\n\n"
        "Room: Barn Room | Seated capacity: 50 | Notes: Doors open onto the orchard"
    )
    second = "Room: Orchard Terrace | Standing capacity: 80 | Notes: Summer only\n\nRoom: Loft | Seated capacity: 20"
    question = "what's the seated capacity of the orchard terrace"
    # the terrace's own row is in the other chunk: the Barn Room's row, which only mentions the orchard, is not about it
    quotes = [quote for quote in _rooms(question, first, second) if "Barn Room" in quote]
    assert quotes == []
    # the chunk on its own still reads as before: no sibling row names the terrace
    assert any("Barn Room" in quote for quote in _rooms(question, first))
    # and a row asked by its own key stays
    assert any("Barn Room" in q for q in _rooms("what's the seated capacity of the barn room", first, second))
