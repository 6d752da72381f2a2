"""Answerer v97: the subject of a wh-question's verb ("What time is the tuck shop open?" -> shop) must be named in a
plain paragraph's chunk or title too, as it must be in a sentence of a chunk with layout: another service's
"We close ... from 1pm" says nothing of the tuck shop. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.prompt_format import EvidenceItem

SURGERY = (
    "We close for staff training on the second Wednesday afternoon of every month, from 1pm. When the surgery is "
    "closed and you need urgent help, call 111. The waiting room is open to everyone who has an appointment."
)
SCHOOL = "The tuck shop opens at 10:30am at morning break and sells fruit, toast and water."


def _quotes(question: str, *chunks: tuple[str, str]) -> list[str]:
    evidence = [
        EvidenceItem(f"{title}-c0", "trusted", text, rank=rank, section=title)
        for rank, (title, text) in enumerate(chunks, start=1)
    ]
    analysis = analyze(question, evidence, max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates]


def test_a_plain_paragraph_about_another_subject_does_not_answer() -> None:
    quotes = _quotes("what time is the tuck shop open", ("surgery-appointments.txt", SURGERY))
    assert not any("staff training" in q for q in quotes)


def test_a_plain_paragraph_naming_the_subject_answers() -> None:
    quotes = _quotes(
        "what time is the tuck shop open",
        ("surgery-appointments.txt", SURGERY),
        ("school-newsletter.txt", SCHOOL),
    )
    assert any("10:30am" in q for q in quotes)
    assert not any("staff training" in q for q in quotes)


def test_a_subject_in_the_title_counts() -> None:
    text = "It opens at 10:30am at morning break and sells fruit, toast and water."
    assert any("10:30am" in q for q in _quotes("what time is the tuck shop open", ("Tuck shop.txt", text)))
