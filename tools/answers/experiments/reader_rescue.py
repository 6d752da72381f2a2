"""Experiment: would the reader's confidence rescue sentences the focus rule turns away? (Shipped in v90 at T = 7.)

    .venv/bin/python -m tools.answers.experiments.reader_rescue [SET_FOLDER ...]

A refused answerable question often has its answer in a sentence that fails eligibility only because too little of
what the question asks about is in it (a paraphrase: "pick up" / "collection"). This asks whether the cross-encoder
reader tells those sentences from the near-misses the same rule exists for. For every question of the everyday
train and dev splits and the three read unseen batches it takes the sentences of the four best passages that fail
eligibility (checks.QuestionNeeds.eligible, one sentence at a time, the whole question's needs) and pass it once the
focus share's floor is lowered to 0, reads each with the question, and simulates "a refused draft answers with its
best such sentence when the reader logit reaches T and the sentence passes at floor S": answerable questions gained
(the sentence holds the gold), unanswerable ones answered. Train/dev/read batches only; no test split. Folders
given on the command line are read whole instead (v90 was chosen over every read set; the held-out batches were
counted with it, never read).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from domains.evaluation.everyday import choose, load_everyday
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.provider import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.reader import local_reader
from tools.answers.data import CachedEncoder
from tools.answers.everyday import EVERYDAY, corpus_chunks, retrieve

SHARES = (0.0, 0.4)  # the focus-share floors simulated (the shipped floor is checks.MIN_FOCUS_SHARE)
SETS = (
    (EVERYDAY, "train"),
    (EVERYDAY, "dev"),
    (Path("evaluation/everyday-unseen"), "all"),
    (Path("evaluation/everyday-unseen-2"), "all"),
    (Path("evaluation/everyday-unseen-3"), "all"),
)


@dataclass(frozen=True)
class Candidate:
    share: float
    gold: bool
    logit: float


@dataclass(frozen=True)
class Question:
    answerable: bool
    answered: bool
    candidates: tuple[Candidate, ...]


def collect(folder: Path, split: str) -> list[Question]:
    _, questions = load_everyday(folder)
    chosen = choose(questions, split)
    chunks = corpus_chunks(folder)
    if folder != EVERYDAY:
        chunks += corpus_chunks(EVERYDAY, splits=("train", "dev"), prefix="distractor-")
    provider = ExtractiveBriefingProvider(encoder=CachedEncoder())
    reader = local_reader()
    out = []
    for question, items in zip(chosen, retrieve(chosen, chunks, "trusted"), strict=True):
        draft = provider.draft(question.question, items)
        answered = bool(draft.quotes) and draft.score >= provider.threshold_for(draft)
        analysis = analyze(question.question, items, max_sentence_chars=provider.model.max_sentence_chars, check=False)
        found: list[tuple[str, float, bool]] = []
        for passage in analysis.passages:
            if passage.rank > 4:
                continue
            for index in range(len(passage.spans)):
                quoted = analysis.quoted(passage, index, index)  # the sentence alone
                if quoted.answers(analysis.needs) or not quoted.answers(analysis.needs, 0.0):
                    continue  # eligible already, or turned away by a rule other than the focus share
                share = max((floor for floor in SHARES if quoted.answers(analysis.needs, floor)), default=0.0)
                gold = any(g.lower() in quoted.text.lower() for g in question.answers)
                found.append((quoted.text, share, gold))
        logits = [float(x) for x in reader.read(question.question, [t for t, _, _ in found])] if found else []
        candidates = tuple(Candidate(s, g, x) for (_, s, g), x in zip(found, logits, strict=True))
        out.append(Question(question.answerable, answered, candidates))
    return out


def simulate(questions: list[Question], logit: float, share: float) -> dict[str, int]:
    gained = lost = wrong = 0
    for q in questions:
        rescued = [c for c in q.candidates if c.logit >= logit and c.share >= share]
        if q.answered or not rescued:
            continue
        best = max(rescued, key=lambda c: c.logit)
        if not q.answerable:
            lost += 1
        elif best.gold:
            gained += 1
        else:
            wrong += 1
    answerable = sum(q.answerable for q in questions)
    return {
        "gained": gained,
        "answerable": answerable,
        "unanswerable_answered": lost,
        "unanswerable": len(questions) - answerable,
        "answered_wrong": wrong,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path, help="set folders, each read whole (default: SETS)")
    args = parser.parse_args()
    sets = [(folder, "all") for folder in args.sets] or list(SETS)
    questions = [question for folder, split in sets for question in collect(folder, split)]
    for logit in (3.0, 5.0, 5.5, 6.0, 6.5, 6.75, 7.0):
        for share in SHARES:
            print(json.dumps({"logit": logit, "share": share, **simulate(questions, logit, share)}))


if __name__ == "__main__":
    main()
