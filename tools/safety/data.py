"""Loaders for the content-safety training and evaluation data in ../shared/data (see its README).

Every loader takes a split name and never mixes splits. corpus.py builds the evaluation sets from these loaders
(dev carved from `train`, reporting on `test`; ADR-0020).
"""

from __future__ import annotations

import csv
import json
import logging
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Split = Literal["train", "test"]
ContextKind = Literal["email", "table", "code"]

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
ABSTRACT_DISCUSSION = REPO_ROOT / "tests" / "fixtures" / "safety" / "abstract_discussion.txt"
ABSTRACT_TRAIN = REPO_ROOT / "tools" / "safety" / "abstract_discussion_train.txt"
CODE_ANSWERS_TRAIN = REPO_ROOT / "tools" / "safety" / "code_answers_train.txt"
INSTRUCTIONS_TRAIN = REPO_ROOT / "tools" / "safety" / "instructions_train.txt"


@dataclass(frozen=True)
class Example:
    """One labelled text; `group` keeps every copy of one attack or one context in the same CV fold."""

    text: str
    label: int  # 1 = injection, 0 = benign
    source: str
    group: str
    # Where a placed BIPIA attack sits inside `text`, so training can tell attack windows from context windows.
    attack_span: tuple[int, int] | None = None


def data_root(root: Path | None = None) -> Path:
    """Return the shared data folder, failing with a clear message when it is absent."""
    folder = root or SHARED_DATA
    if not folder.is_dir():
        raise FileNotFoundError(f"public evaluation data not found at {folder}")
    return folder


def _jsonl(path: Path) -> Iterator[dict[str, object]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def load_deepset(split: Split, root: Path | None = None) -> list[Example]:
    """Return deepset/prompt-injections rows of one split (label 1 = injection)."""
    path = data_root(root) / "prompt_injection_deepset" / f"{split}.jsonl"
    return [
        Example(text=str(row["text"]), label=int(str(row["label"])), source="deepset", group=f"deepset:{split}:{i}")
        for i, row in enumerate(_jsonl(path))
    ]


def _context_text(kind: ContextKind, row: dict[str, object]) -> str:
    context = row["context"]
    # Code contexts are Stack Overflow answers stored as a list of lines; email and table contexts are strings.
    if isinstance(context, list):
        return "\n".join(str(line) for line in context)
    return str(context)


def load_bipia_contexts(kind: ContextKind, split: Split, root: Path | None = None) -> list[str]:
    """Return the clean (attack-free) BIPIA contexts of one task and split."""
    path = data_root(root) / "bipia" / kind / f"{split}.jsonl"
    return [_context_text(kind, row) for row in _jsonl(path)]


def load_bipia_attacks(attack_kind: str, split: Split, root: Path | None = None) -> list[tuple[str, str]]:
    """Return (category, attack text) pairs of BIPIA's text or code attacks for one split."""
    path = data_root(root) / "bipia" / f"{attack_kind}_attack_{split}.json"
    by_category: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
    return [(category, text) for category, texts in by_category.items() for text in texts]


def load_giskard(root: Path | None = None) -> list[Example]:
    """Return Giskard's injection prompts; held out for reporting only, never for training."""
    path = data_root(root) / "prompt_injection_giskard" / "prompt_injections.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [Example(text=row["prompt"], label=1, source="giskard", group=f"giskard:{row['index']}") for row in rows]


def _sentences(path: Path) -> list[str]:
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def _body(path: Path) -> str:
    """Return a hand-written file without its header comment (the leading "#" lines; "#" later on is content)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return "\n".join(lines)


def hand_written_lines(path: Path) -> list[str]:
    """Return the lines of a one-item-a-line hand-written file (directives_team.txt, benign_team_hard.txt): stripped,
    without blank lines and "#" comment lines (its header and section markers)."""
    return [line.strip() for line in _body(path).splitlines() if line.strip() and not line.startswith("#")]


def load_code_answers_train(path: Path = CODE_ANSWERS_TRAIN) -> list[Example]:
    """Return the hand-written programming answers (benign code contexts that address the reader)."""
    answers = [answer.strip("\n") for answer in _body(path).split("\n~~~\n")]
    return [Example(a, 0, "code_answers_train", f"code_answers_train:{i}") for i, a in enumerate(answers) if a.strip()]


def load_instructions_train(path: Path = INSTRUCTIONS_TRAIN) -> list[Example]:
    """Return the hand-written instructions for human readers (forms, manuals, one step a line or as paragraphs).

    Every other paragraph is wrapped into short lines as a PDF would be; lists of steps are kept as they are.
    """
    paragraphs = [p for p in _body(path).split("\n\n") if p.strip()]
    return [
        Example(
            p if "\n" in p or i % 2 == 0 else "\n".join(textwrap.wrap(p, WRAP_WIDTH)),
            0,
            "instructions_train",
            f"instr:{i}",
        )
        for i, p in enumerate(p.strip() for p in paragraphs)
    ]


# The shared PDFs are split by document: these train the model as ordinary-document negatives (including the one
# German document, the only German prose available), the rest are held out for reporting. Chosen by document type
# so both halves hold legal, scientific and tabular text.
PDF_TRAIN_DOCUMENTS = (
    "legal_irs-i1040nr-instructions-2007",
    "legal_scotus-transcript-p1",
    "report_wi-dcf-90day-summary",
    "sci_acl2020-specter",
    "sci_de_geotopo-lecture-notes",
    "table_ca-warn-report-2015-2016",
)
WRAP_WIDTH = 90


def load_pdf_chunks(split: Split, root: Path | None = None, chunk_chars: int = 1000) -> list[Example]:
    """Return ~1,000-character chunks of the shared PDFs of one document split (benign)."""
    from pypdf import PdfReader  # a runtime dependency of ORION; imported here so other loaders need no PDF stack

    # pypdf warns about every font it cannot fully decode; the text is still usable for this purpose.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    examples: list[Example] = []
    for pdf in sorted((data_root(root) / "pdfs").glob("*.pdf")):
        if (pdf.stem in PDF_TRAIN_DOCUMENTS) != (split == "train"):
            continue
        text = "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
        for chunk in pack_lines(text, chunk_chars):
            # One group per document: CV must never score a chunk with a model that saw its neighbours.
            examples.append(Example(chunk, 0, f"pdf_{split}", f"pdf:{pdf.stem}"))
    return examples


def pack_lines(text: str, chunk_chars: int) -> list[str]:
    """Pack whole lines into chunks of at most `chunk_chars` characters (a stand-in for ingestion's chunker)."""
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.splitlines():
        if current and size + len(line) + 1 > chunk_chars:
            chunks.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current and "".join(current).strip():
        chunks.append("\n".join(current))
    return [chunk for chunk in chunks if chunk.strip()]
