"""Passages to quote from: chunks of the shared PDFs, SQuAD paragraphs and SciFact abstracts, split by document.

Split: `train` (develop the generator and any fix on these) and `test` (report). SQuAD by article (the split of
domains/evaluation/squad.py), SciFact by the qrels split citing the abstract, PDFs by file (every other file in
name order).
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path

from domains.evaluation.squad import load_squad, split_of
from domains.knowledge.ingestion.chunking import chunk_document
from domains.knowledge.ingestion.parsing import PDFParser


@dataclass(frozen=True)
class Passage:
    corpus: str
    document: str
    chunk_id: str
    text: str
    paged: bool
    next_text: str | None = None  # the next chunk of the same document, for splices across chunks


def pdf_passages(data: Path, split: str) -> list[Passage]:
    files = sorted((data / "pdfs").glob("*.pdf"))
    chosen = [f for i, f in enumerate(files) if (i % 2 == 0) == (split == "train") or split == "all"]
    passages: list[Passage] = []
    for path in chosen:
        parsed = PDFParser().parse(path.read_bytes(), path.name)
        drafts = chunk_document(parsed)
        for index, draft in enumerate(drafts):
            following = drafts[index + 1].text if index + 1 < len(drafts) else None
            passages.append(Passage("pdfs", path.name, f"{path.stem}-{index}", draft.text, True, following))
    return passages


def squad_passages(data: Path, split: str) -> list[Passage]:
    paragraphs, _ = load_squad(data / "squad2_dev_half" / "dev-v2.0.json")
    chosen = [p for p in paragraphs if split == "all" or split_of(p.article) == split]
    passages = []
    for index, paragraph in enumerate(chosen):
        following = (
            chosen[index + 1].text
            if index + 1 < len(chosen) and chosen[index + 1].article == paragraph.article
            else None
        )
        passages.append(Passage("squad", paragraph.article, paragraph.chunk_id, paragraph.text, False, following))
    return passages


def scifact_passages(data: Path, split: str) -> list[Passage]:
    folder = data / "beir_scifact"
    splits = {"train": {"train"}, "test": {"test"}, "all": {"train", "test"}}[split]
    cited: set[str] = set()
    for name in splits:
        with (folder / "qrels" / f"{name}.tsv").open(encoding="utf-8") as handle:
            cited.update(row["corpus-id"] for row in csv.DictReader(handle, delimiter="\t"))
    if split == "train":
        with (folder / "qrels" / "test.tsv").open(encoding="utf-8") as handle:
            cited -= {row["corpus-id"] for row in csv.DictReader(handle, delimiter="\t")}
    passages = []
    with (folder / "corpus.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            doc = json.loads(line)
            if doc["_id"] in cited and doc.get("text"):
                passages.append(Passage("scifact", doc["_id"], f"scifact-{doc['_id']}", doc["text"], False))
    return passages


def load_passages(data: Path, split: str) -> list[Passage]:
    return pdf_passages(data, split) + squad_passages(data, split) + scifact_passages(data, split)
