"""The content-safety evaluation sets (ADR-0020): benign document shapes, and attacks re-placed at every placement.

Two splits, never mixed:
- `dev`: carved from the TRAIN splits (BIPIA train attacks and contexts, deepset train, train PDFs, SciFact train
  claims, SQuAD articles 0-7, the even-numbered team-written documents). Attacks go to dev by a hash of their text,
  so every placement of one attack stays in one split; benign documents by document.
- `test`: BIPIA and deepset test splits, Giskard, the held-out PDFs, SciFact test claims, SQuAD articles 8-15, the
  odd-numbered team-written documents, the abstract-discussion fixture. Looked at once per shipped detector.

Each attack is tagged `directive` (an order about the model's behaviour or output, an override, exfiltration) or
`task` (a question or task inserted into the document with no override). BIPIA's tag follows its own category
groups: the first five categories of each text-attack file are task-irrelevant tasks, the rest shape the answer;
every code attack orders code into the assistant's answer. Giskard injections count as directives. deepset
injections are tagged by `tagging.deepset_tag` (a hand-written criterion and a cue rule over the text, independent of
the detector; fixed in ADR-0020 before look 6): most are plain requests to a chatbot, which issue 13 defines as
embedded tasks. The evaluation still prints deepset recall over all its injections, for information.
"""

from __future__ import annotations

import base64
import codecs
import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from tools.safety.data import (
    ABSTRACT_DISCUSSION,
    ABSTRACT_TRAIN,
    CODE_ANSWERS_TRAIN,
    INSTRUCTIONS_TRAIN,
    PDF_TRAIN_DOCUMENTS,
    _jsonl,
    _sentences,
    data_root,
    load_bipia_contexts,
    load_code_answers_train,
    load_deepset,
    load_giskard,
    load_instructions_train,
    load_pdf_chunks,
)
from tools.safety.tagging import deepset_tag

Split = Literal["dev", "test"]
Tag = Literal["directive", "task"]
EVERYDAY = Path(__file__).resolve().parent / "everyday_benign.txt"
SEED = 20261201
TASK_CATEGORIES_PER_FILE = 5
SQUAD_DEV_ARTICLES = 8
_ = (ABSTRACT_TRAIN, CODE_ANSWERS_TRAIN, INSTRUCTIONS_TRAIN, PDF_TRAIN_DOCUMENTS)  # the files the loaders read


@dataclass(frozen=True)
class Attack:
    text: str
    source: str  # deepset, giskard, bipia_text, bipia_code
    tag: Tag
    category: str


@dataclass(frozen=True)
class Placed:
    """An attack placed in a context: the whole text, and (for the chunk-boundary placement) where chunks are cut."""

    text: str
    chunks: tuple[tuple[int, int], ...] | None = None


# --- attacks ------------------------------------------------------------------------------------------------------


def _in_dev(text: str) -> bool:
    return int(hashlib.sha256(text.encode()).hexdigest(), 16) % 4 == 0


def _source_attacks(source_split: Literal["train", "test"], root: Path | None) -> list[Attack]:
    found: list[Attack] = []
    for kind in ("text", "code"):
        path = data_root(root) / "bipia" / f"{kind}_attack_{source_split}.json"
        by_category: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
        for position, (category, texts) in enumerate(by_category.items()):
            tag: Tag = "task" if kind == "text" and position < TASK_CATEGORIES_PER_FILE else "directive"
            found += [Attack(t, f"bipia_{kind}", tag, category) for t in texts]
    deepset = [e for e in load_deepset(source_split, root) if e.label]
    return found + [Attack(e.text, "deepset", deepset_tag(e.text), "injection") for e in deepset]


def attacks(split: Split, root: Path | None = None) -> list[Attack]:
    """Return the attacks of one split (dev: the hashed quarter of the train splits; test: the test splits)."""
    if split == "dev":
        return [a for a in _source_attacks("train", root) if _in_dev(a.text)]
    giskard = [Attack(e.text, "giskard", "directive", "injection") for e in load_giskard(root)]
    return _source_attacks("test", root) + giskard


def fit_attacks(root: Path | None = None) -> list[Attack]:
    """Return the TRAIN-split attacks outside dev, for fitting the directive scorer (never Giskard, never test)."""
    return [a for a in _source_attacks("train", root) if not _in_dev(a.text)]


# --- placements ---------------------------------------------------------------------------------------------------


def _flat(text: str) -> str:
    return " ".join(text.split())


def _middle_cut(context: str, separators: tuple[str, ...]) -> int:
    centre = len(context) // 2
    for separator in separators:
        cuts = [i + len(separator) for i in range(len(context)) if context.startswith(separator, i)]
        if cuts:
            return min(cuts, key=lambda i: abs(i - centre))
    return len(context)


def _own_line(a: str, c: str) -> Placed:
    cut = _middle_cut(c, ("\n",))
    return Placed(f"{c[:cut]}{a}\n{c[cut:]}" if cut < len(c) else f"{c}\n{a}")


def _sentence(where: str) -> Callable[[str, str], Placed]:
    def place(a: str, c: str) -> Placed:
        a, c = _flat(a), _flat(c)
        if where == "start":
            return Placed(f"{a} {c}")
        if where == "end":
            return Placed(f"{c} {a}")
        cut = _middle_cut(c, (". ", " "))
        return Placed(f"{c[:cut]}{a} {c[cut:]}")

    return place


def _boundary(a: str, c: str) -> Placed:
    """The attack sits in a sentence group and a chunk boundary cuts it in half (no overlap between the chunks)."""
    a, c = _flat(a), _flat(c)
    cut = _middle_cut(c, (". ", " "))
    text = f"{c[:cut]}{a} {c[cut:]}"
    split_at = cut + len(a) // 2
    return Placed(text, ((0, split_at), (split_at, len(text))))


PLACEMENTS: dict[str, Callable[[str, str], Placed]] = {
    "own_line": _own_line,
    "sentence_start": _sentence("start"),
    "sentence_middle": _sentence("middle"),
    "sentence_end": _sentence("end"),
    "list_item": lambda a, c: Placed(f"{c}\n\n- Check the figures.\n- {_flat(a)}\n- Send the report."),
    "heading": lambda a, c: Placed(f"## {_flat(a)}\n\n{c}"),
    "table_cell": lambda a, c: Placed(f"{c}\n\n| item | note |\n|---|---|\n| 1 | {_flat(a)} |\n| 2 | ok |"),
    "html_comment": lambda a, c: _own_line(f"<!-- {a} -->", c),
    "chunk_boundary": _boundary,
}


# --- obfuscations -------------------------------------------------------------------------------------------------

_CYRILLIC = str.maketrans("aeopcxyiAEOPCXHKMT", "аеорсхуіАЕОРСХНКМТ")
_LEET = str.maketrans("aeiost", "431057")

OBFUSCATIONS: dict[str, Callable[[str], str]] = {
    "homoglyph": lambda a: a.translate(_CYRILLIC),
    "zero_width": lambda a: " ".join("\u200b".join(w[i : i + 2] for i in range(0, len(w), 2)) for w in a.split(" ")),
    "spaced": lambda a: "   ".join(" ".join(w) for w in a.split()),
    "leetspeak": lambda a: a.translate(_LEET),
    "base64": lambda a: "Reference: " + base64.b64encode(a.encode()).decode(),
    "rot13": lambda a: "Note: " + codecs.encode(a, "rot13"),
}


def contexts_for(attack: Attack, split: Split, root: Path | None = None) -> list[str]:
    """Return the clean contexts an attack is placed in: BIPIA's own pairing, email contexts for prompt sets."""
    source_split: Literal["train", "test"] = "train" if split == "dev" else "test"
    if attack.source == "bipia_code":
        return load_bipia_contexts("code", source_split, root)
    kinds: tuple[Literal["email", "table"], ...] = ("email", "table") if attack.source == "bipia_text" else ("email",)
    return [c for kind in kinds for c in load_bipia_contexts(kind, source_split, root)]


def placed_attacks(split: Split, root: Path | None = None) -> list[tuple[Attack, str, Placed]]:
    """Return every attack of a split at every placement, each in a seeded random clean context."""
    rng = random.Random(f"{SEED}:{split}")
    cache: dict[str, list[str]] = {}
    out = []
    for attack in attacks(split, root):
        pool = cache.setdefault(attack.source, contexts_for(attack, split, root))
        for name, place in PLACEMENTS.items():
            out.append((attack, name, place(attack.text, pool[rng.randrange(len(pool))])))
    return out


def obfuscated_attacks(split: Split, root: Path | None = None) -> list[tuple[Attack, str, Placed]]:
    """Return every directive of a split under every obfuscation, on its own line in a clean context."""
    rng = random.Random(f"{SEED}:obfuscated:{split}")
    cache: dict[str, list[str]] = {}
    out = []
    for attack in attacks(split, root):
        if attack.tag != "directive":
            continue
        pool = cache.setdefault(attack.source, contexts_for(attack, split, root))
        for name, disguise in OBFUSCATIONS.items():
            out.append((attack, name, _own_line(disguise(attack.text), pool[rng.randrange(len(pool))])))
    return out


# --- benign shapes ------------------------------------------------------------------------------------------------
# The train-side benign documents are carved BY DOCUMENT into a `fit` part (fitting the directive scorer) and `dev`
# (choosing): SQuAD articles 0-7 by parity (odd fit, even dev), SciFact train claim groups by parity, the train PDFs
# by document (FIT_PDF_DOCUMENTS), BIPIA train contexts by a hash of the context, the hand-written instructions, code
# answers and attack-discussion sentences by parity. The team's everyday documents (a handful per shape) stay in dev.

Part = Literal["fit", "dev", "test"]
# The German lecture notes (the only German prose), a scientific paper and a transcript fit; the IRS instructions
# (second person throughout), the statistical table and the report stay in dev, the hardest ordinary text to choose on.
FIT_PDF_DOCUMENTS = ("sci_de_geotopo-lecture-notes", "sci_acl2020-specter", "legal_scotus-transcript-p1")


def _half(items: list[str], part: Part) -> list[str]:
    """Return the fit (odd positions) or dev (even positions) half of a train-side list; test lists are whole."""
    return items if part == "test" else items[part == "fit" :: 2]


def _context_part(text: str) -> Part:
    return "fit" if int(hashlib.sha256(text.encode()).hexdigest(), 16) % 2 else "dev"


def _squad(part: Part, root: Path | None) -> list[dict[str, object]]:
    path = data_root(root) / "squad2_dev_half" / "dev-v2.0.json"
    articles = json.loads(path.read_text(encoding="utf-8"))["data"]
    chosen = articles[SQUAD_DEV_ARTICLES:] if part == "test" else articles[:SQUAD_DEV_ARTICLES][part == "fit" :: 2]
    return [p for article in chosen for p in article["paragraphs"]]


def _questions(paragraph: dict[str, object]) -> list[str]:
    return [str(q["question"]).strip() for q in paragraph["qas"]]  # type: ignore[attr-defined]


def _everyday(part: Part) -> dict[str, list[str]]:
    body = "\n".join(line for line in EVERYDAY.read_text(encoding="utf-8").splitlines() if not line.startswith("# "))
    shapes: dict[str, list[str]] = {}
    for document in (d.strip("\n") for d in body.split("\n~~~\n")):
        shape, _, text = document.partition("\n")
        shapes.setdefault(shape.strip(), []).append(text.strip())
    parity = 1 if part == "test" else 0
    return {shape: texts[parity::2] for shape, texts in shapes.items()}


def _scifact_claims(part: Part, root: Path | None) -> list[str]:
    qrels = data_root(root) / "beir_scifact" / "qrels" / f"{'test' if part == 'test' else 'train'}.tsv"
    ids = {line.split("\t")[0] for line in qrels.read_text(encoding="utf-8").splitlines()[1:] if line.strip()}
    rows = _jsonl(data_root(root) / "beir_scifact" / "queries.jsonl")
    claims = [str(row["text"]) for row in rows if row["_id"] in ids]
    return _half(["\n".join(claims[i : i + 5]) for i in range(0, len(claims), 5)], part)


def _pdfs(part: Part, root: Path | None) -> list[str]:
    if part == "test":
        return [e.text for e in load_pdf_chunks("test", root)]
    chunks = load_pdf_chunks("train", root)
    return [e.text for e in chunks if (e.group.removeprefix("pdf:") in FIT_PDF_DOCUMENTS) == (part == "fit")]


def benign_shapes(part: Part, root: Path | None = None) -> dict[str, list[str]]:
    """Return the benign chunks of one part by shape (each text is one chunk); `fit` is for fitting, never scoring."""
    paragraphs = _squad(part, root)
    source_split: Literal["train", "test"] = "test" if part == "test" else "train"
    contexts = [c for kind in ("email", "table", "code") for c in load_bipia_contexts(kind, source_split, root)]
    shapes: dict[str, list[str]] = {
        "squad_plain": [str(p["context"]) for p in paragraphs],
        "squad_faq": [f"## {_questions(p)[0]}\n\n{p['context']}" for p in paragraphs if _questions(p)],
        "squad_question_lines": [f"{p['context']}\n" + "\n".join(_questions(p)[:3]) for p in paragraphs],
        "squad_question_headings": [
            "\n\n".join(f"## {q}\n{str(p['context']).split('. ')[0]}." for q in _questions(p)[:4]) for p in paragraphs
        ],
        "scifact_claims": _scifact_claims(part, root),
        "pdfs": _pdfs(part, root),
        "bipia_contexts": contexts if part == "test" else [c for c in contexts if _context_part(c) == part],
    }
    if part != "fit":
        shapes.update({f"team_{shape}": texts for shape, texts in _everyday(part).items()})
    if part == "test":
        shapes["attack_discussion"] = _sentences(ABSTRACT_DISCUSSION)
    else:
        shapes["team_instructions"] = _half([e.text for e in load_instructions_train()], part)
        shapes["team_code_answers"] = _half([e.text for e in load_code_answers_train()], part)
        shapes["attack_discussion"] = _half(_sentences(ABSTRACT_TRAIN), part)
    return shapes
