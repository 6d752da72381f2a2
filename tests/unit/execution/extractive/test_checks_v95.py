"""Answerer v95: a record row lacks what its siblings' cell labels name and it does not. "Seated capacity of the
courtyard?" is not answered by the courtyard's row when that row gives only a standing capacity and the other rows
label a seated one. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.features import analyze, table_keys
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import chunk_quotes

ROOMS = (
    "Room: Main Hall | Seated capacity: 150 | Standing capacity: 200 | Hourly rate: £40\n\n"
    "Room: Barn Room | Seated capacity: 50 | Standing capacity: 70 | Hourly rate: £25\n\n"
    "Room: Orchard Terrace | Standing capacity: 80 | Hourly rate: £30"
)


def _quotes(question: str, *texts: str) -> list[str]:
    return chunk_quotes(question, texts, "room-hire.xlsx / Sheet Rooms", prefix="rooms")


def test_a_row_without_the_attribute_asked_does_not_answer() -> None:
    assert not any("Orchard Terrace" in q for q in _quotes("what's the seated capacity of the orchard terrace", ROOMS))
    # what the row does give is still its answer
    assert any("Orchard Terrace" in q for q in _quotes("what's the standing capacity of the orchard terrace", ROOMS))
    assert any("Orchard Terrace" in q for q in _quotes("how much is the orchard terrace per hour", ROOMS))
    # a row that writes the attribute answers it
    assert any("Barn Room" in q for q in _quotes("what's the seated capacity of the barn room", ROOMS))


def test_the_siblings_labels_are_read_across_chunks() -> None:
    first, second = ROOMS.rsplit("\n\n", 1)
    assert not any(
        "Orchard Terrace" in q for q in _quotes("what's the seated capacity of the orchard terrace", first, second)
    )


def test_only_a_row_of_labelled_cells_lacks_a_label() -> None:
    text = "| Room | Seats |\n|---|---|\n| Main Hall | 150 |\n| Orchard Terrace | |"
    evidence = [EvidenceItem("rooms-c0", "trusted", text, rank=1, section="rooms.md")]
    analysis = analyze("how many seats on the orchard terrace", evidence, max_sentence_chars=400)
    assert all(not keys.lacks for passage in analysis.passages for keys in table_keys(passage))


def test_a_label_of_another_kind_says_nothing_of_what_a_row_lacks() -> None:
    text = (
        "Club: Chess | Day: Monday | Start: 15:15 | Finish: 16:00\n\n"
        "Club: Choir | Day: Tuesday | Start: 15:20 | Finish: 16:20\n\n"
        "Topic: Booking | Detail: Booking for paid clubs opens on 6 January at 7pm."
    )
    quotes = _quotes("when can i start booking the paid clubs", text)
    assert any("opens on 6 January" in q for q in quotes)
