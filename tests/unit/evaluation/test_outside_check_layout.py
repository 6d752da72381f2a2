"""An outside check's folder laid out as an everyday set (tools/answers/outside_check.py): every question and
document kept, its "a || b" golds read as alternatives, its unanswerable questions with no gold."""

from __future__ import annotations

import json
from pathlib import Path

from domains.evaluation.everyday import load_everyday
from tools.answers.outside_check import answers_of, convert

CHECK = Path(__file__).resolve().parents[3] / "evaluation" / "outside-check-10"


def test_alternatives_are_split_and_null_is_no_gold() -> None:
    assert answers_of("police || crime reference number") == ["police", "crime reference number"]
    assert answers_of("£45") == ["£45"]
    assert answers_of(None) == []
    assert answers_of("") == []


def test_an_outside_check_loads_as_an_everyday_set(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in (CHECK / "questions.jsonl").read_text("utf-8").splitlines() if line.strip()]
    assert convert(CHECK, tmp_path / "set") == len(rows)
    documents, questions = load_everyday(tmp_path / "set")
    assert {d.filename for d in documents} == {p.name for p in (CHECK / "docs").iterdir()}
    assert all(d.split == "dev" for d in documents)
    by_id = {q.qid: q for q in questions}
    assert [q.qid for q in questions] == [r["id"] for r in rows]
    for row in rows:
        question = by_id[row["id"]]
        assert question.question == row["question"]
        assert question.answerable == bool(row["answer"])
        if row["answer"] and "||" in row["answer"]:
            assert len(question.answers) == row["answer"].count("||") + 1
