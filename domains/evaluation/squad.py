"""SQuAD 2.0 as ORION evaluates it: every paragraph a document, every question a run, split by article.

The split is by article: the train articles below are the only ones any weight or threshold is fitted on; the
other eight are held out for reporting.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Split = Literal["train", "test", "all"]

# Every other article in file order: a fixed, topic-mixed half (2,828 questions) for fitting, the rest for reporting.
TRAIN_ARTICLES = frozenset(
    {
        "Normans",
        "Huguenot",
        "1973_oil_crisis",
        "Packet_switching",
        "Yuan_dynasty",
        "Scottish_Parliament",
        "Imperialism",
        "French_and_Indian_War",
    }
)


@dataclass(frozen=True)
class Paragraph:
    chunk_id: str
    article: str
    text: str


@dataclass(frozen=True)
class SquadQuestion:
    qid: str
    article: str
    question: str
    answers: tuple[str, ...]  # empty for an unanswerable question
    source_chunk: str

    @property
    def answerable(self) -> bool:
        return bool(self.answers)


def split_of(article: str) -> Split:
    """Return the split an article belongs to."""
    return "train" if article in TRAIN_ARTICLES else "test"


def load_squad(path: Path) -> tuple[list[Paragraph], list[SquadQuestion]]:
    """Return every paragraph (as a chunk) and every question of the SQuAD file, in file order."""
    if not path.is_file():
        raise FileNotFoundError(f"SQuAD 2.0 data not found at {path}")
    data = json.loads(path.read_text(encoding="utf-8"))
    paragraphs: list[Paragraph] = []
    questions: list[SquadQuestion] = []
    for article in data["data"]:
        for index, paragraph in enumerate(article["paragraphs"]):
            chunk_id = f"{article['title'][:40].replace(' ', '_')}-p{index:03d}"
            paragraphs.append(Paragraph(chunk_id, article["title"], paragraph["context"]))
            for qa in paragraph["qas"]:
                answers = () if qa.get("is_impossible") else tuple(dict.fromkeys(a["text"] for a in qa["answers"]))
                questions.append(SquadQuestion(qa["id"], article["title"], qa["question"], answers, chunk_id))
    return paragraphs, questions
