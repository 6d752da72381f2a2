"""The everyday-documents evaluation set (evaluation/everyday): documents of ten genres and questions about them.

A folder holds `documents/<split>/<name>.<ext>` (the folder is the split: train, dev or test, by document) and
`questions.jsonl` (one JSON object a line: id, document, question, answers, optional facts and near_miss). Answers
occur verbatim in the document; an empty list marks an unanswerable question. `facts` lists what a complete answer
to a multi-passage question holds, each from a different sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SPLITS = ("train", "dev", "test")
QUESTIONS_FILE = "questions.jsonl"
DOCUMENTS_FOLDER = "documents"
# Every format an upload may have (the set's own documents are Markdown and text; a user's folder need not be).
DOCUMENT_SUFFIXES = frozenset(
    {".md", ".markdown", ".txt", ".html", ".htm", ".eml", ".mbox", ".csv", ".xlsx", ".docx", ".pdf"}
)


class EverydayDataError(ValueError):
    """The folder is not a well-formed everyday evaluation set."""


@dataclass(frozen=True)
class EverydayDocument:
    name: str
    split: str
    filename: str
    data: bytes


@dataclass(frozen=True)
class EverydayQuestion:
    qid: str
    document: str
    split: str
    question: str
    answers: tuple[str, ...]
    facts: tuple[str, ...] = ()
    near_miss: str | None = None

    @property
    def answerable(self) -> bool:
        return bool(self.answers)


def is_everyday_folder(folder: Path) -> bool:
    """Return True when the folder holds an everyday set (questions.jsonl and documents/)."""
    return (folder / QUESTIONS_FILE).is_file() and (folder / DOCUMENTS_FOLDER).is_dir()


def load_everyday(folder: Path) -> tuple[list[EverydayDocument], list[EverydayQuestion]]:
    """Return every document and question of the set, documents sorted by split then name, questions in file order."""
    if not is_everyday_folder(folder):
        raise EverydayDataError(f"{folder} holds no {QUESTIONS_FILE} and {DOCUMENTS_FOLDER}/ folder")
    documents: list[EverydayDocument] = []
    for split in SPLITS:
        base = folder / DOCUMENTS_FOLDER / split
        for path in sorted(base.glob("*")) if base.is_dir() else []:
            if path.is_file() and path.suffix.lower() in DOCUMENT_SUFFIXES:
                documents.append(EverydayDocument(path.stem, split, path.name, path.read_bytes()))
    split_of = {d.name: d.split for d in documents}
    if len(split_of) != len(documents):
        raise EverydayDataError("two documents share a name")
    questions: list[EverydayQuestion] = []
    lines = (folder / QUESTIONS_FILE).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            document = str(row["document"])
            question = EverydayQuestion(
                qid=str(row["id"]),
                document=document,
                split=split_of[document],
                question=str(row["question"]),
                answers=tuple(str(a) for a in row["answers"]),
                facts=tuple(str(f) for f in row.get("facts", ())),
                near_miss=row.get("near_miss"),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise EverydayDataError(f"{QUESTIONS_FILE} line {number}: {exc!r}") from exc
        questions.append(question)
    return documents, questions


def choose(questions: list[EverydayQuestion], split: str) -> list[EverydayQuestion]:
    """Return the questions of one split ("all" for every question), in file order."""
    return [q for q in questions if split == "all" or q.split == split]
