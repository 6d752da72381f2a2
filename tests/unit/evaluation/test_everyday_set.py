"""The everyday-documents evaluation set: its shape, its splits, and that its answers are in its documents."""

from __future__ import annotations

import html
import json
from collections import Counter
from pathlib import Path

import pytest

from domains.evaluation.answers import choose_everyday, scored, summarize
from domains.evaluation.everyday import EverydayDataError, choose, is_everyday_folder, load_everyday

EVERYDAY = Path(__file__).resolve().parents[3] / "evaluation" / "everyday"
GENRES = ("faq", "manual", "email", "minutes", "policy", "contract", "release-notes", "recipe", "report")


def test_the_set_meets_the_sizes_the_issue_asks_for() -> None:
    documents, questions = load_everyday(EVERYDAY)

    assert len(documents) >= 40
    assert all(any(d.name.startswith(g) for d in documents) for g in GENRES)
    assert any(d.name.startswith(("invoice", "price-list", "timetable")) for d in documents)
    assert len(questions) >= 250
    assert sum(not q.answerable for q in questions) / len(questions) >= 0.35
    assert sum(bool(q.facts) for q in questions) >= 20
    assert all(q.near_miss in ("attribute", "neighbour", "section") for q in questions if not q.answerable)


def test_splits_are_by_document_and_every_answer_is_in_its_document() -> None:
    documents, questions = load_everyday(EVERYDAY)
    text = {d.name: d.data.decode("utf-8") for d in documents}
    split = {d.name: d.split for d in documents}

    counts = Counter(split.values())
    # Documents may be added to train and dev (ADR-0022, model v3); the test split stays as it was written.
    assert counts["test"] == 10 and counts["train"] >= 20 and counts["dev"] >= 10
    assert set(counts) == {"train", "dev", "test"}
    assert all(q.split == split[q.document] for q in questions)
    assert len({q.qid for q in questions}) == len(questions)
    for question in questions:
        for expected in (*question.answers, *question.facts):
            assert expected in text[question.document], (question.qid, expected)


@pytest.mark.parametrize(
    ("folder", "size"),
    [
        ("everyday-unseen", 129),
        ("everyday-unseen-2", 130),
        ("everyday-unseen-3", 130),
        ("everyday-unseen-5", 128),
        ("everyday-unseen-6", 128),
        ("everyday-unseen-7", 128),
        ("everyday-unseen-8", 141),
    ],
)
def test_an_unseen_batch_loads_its_answers_are_in_its_documents_and_its_names_are_its_own(
    folder: str, size: int
) -> None:
    documents, questions = load_everyday(EVERYDAY.parent / folder)
    # A web page's visible text: its entities read as the characters they stand for ("&pound;35" is "£35")
    text = {d.name: html.unescape(d.data.decode("utf-8")) for d in documents}
    everyday_names = {d.name for d in load_everyday(EVERYDAY)[0]}

    assert len(documents) == 16 and {d.split for d in documents} == {"dev"}  # a check, never fitted on
    assert not everyday_names & set(text)  # retrieved beside the everyday documents: no name may be shared
    assert len({q.qid for q in questions}) == len(questions) == size
    for question in questions:
        for expected in (*question.answers, *question.facts):
            assert expected in text[question.document], (question.qid, expected)


def test_a_folder_without_the_set_is_refused(tmp_path: Path) -> None:
    assert not is_everyday_folder(tmp_path)
    with pytest.raises(EverydayDataError):
        load_everyday(tmp_path)
    (tmp_path / "documents" / "train").mkdir(parents=True)
    (tmp_path / "documents" / "train" / "a.md").write_text("# A\nText.", encoding="utf-8")
    (tmp_path / "questions.jsonl").write_text(json.dumps({"id": "x", "document": "missing"}) + "\n", encoding="utf-8")
    with pytest.raises(EverydayDataError):
        load_everyday(tmp_path)


def test_a_user_folder_may_hold_every_uploadable_format(tmp_path: Path) -> None:
    # `orion eval answers --data <folder>` on a user's own documents: mail, web pages and sheets, not only Markdown.
    base = tmp_path / "documents" / "dev"
    base.mkdir(parents=True)
    (base / "notice.eml").write_bytes(b"Subject: Boiler\nFrom: a@example.org\n\nThe engineer comes on Monday.\n")
    (base / "prices.csv").write_text("Item,Price\nSecateurs,12.99\n", encoding="utf-8")
    (base / "page.html").write_text("<h1>Opening</h1><p>We open at 9.</p>", encoding="utf-8")
    (base / "notes.rtf").write_text("{\\rtf1 not a format ORION reads}", encoding="utf-8")
    rows = [
        {"id": "1", "document": "notice", "question": "When does the engineer come?", "answers": ["on Monday"]},
        {"id": "2", "document": "prices", "question": "How much are secateurs?", "answers": ["12.99"]},
    ]
    (tmp_path / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    documents, questions = load_everyday(tmp_path)
    assert sorted(d.filename for d in documents) == ["notice.eml", "page.html", "prices.csv"]
    assert [q.document for q in questions] == ["notice", "prices"]


def test_metrics_count_first_quote_gold_and_fact_recall() -> None:
    outcomes = [
        scored(True, True, ["no gold here", "the fee is $25"], ["$25"]),
        scored(True, True, ["unplug the unit", "keep 20 cm free"], ["unplug"], ["unplug the unit", "20 cm", "5 °C"]),
        scored(False, False, [], []),
        scored(True, False, ["ignored"], ["x"]),
    ]

    summary = summarize(outcomes)

    assert summary["gold_containment"] == 1.0
    assert summary["gold_containment_first_quote"] == 0.5
    assert summary["answered_with_gold_rate"] == round(2 / 3, 4)
    assert summary["multi_fact_recall"] == round(2 / 3, 4)
    assert summary["refusal_rate"] == 1.0


def test_a_limit_takes_a_fixed_random_sample_not_the_first_questions() -> None:

    _, questions = load_everyday(EVERYDAY)
    everything = choose(questions, "dev")
    sample = choose_everyday(questions, "dev", 20)
    assert len(sample) == 20 and sample == choose_everyday(questions, "dev", 20)  # fixed
    assert [q.qid for q in sample] != [q.qid for q in everything[:20]]  # not the head of the list
    assert choose_everyday(questions, "dev", None) == everything
