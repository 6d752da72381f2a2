"""Lay an outside check's folder out as an everyday set, so its questions can be asked the way the set's are.

    .venv/bin/python -m tools.answers.outside_check evaluation/outside-check-10 /tmp/oc10
    .venv/bin/python -m tools.answers.everyday --data /tmp/oc10 --distractors evaluation/everyday --split all \\
        --scope document --show

An outside check holds its documents in `docs/` and one question per line of `questions.jsonl` with a single
`answer` string (null when the documents do not say it; alternatives joined by " || ", any of which is right). The
everyday layout wants `documents/<split>/` and an `answers` list: every document goes to `dev` (the check is read
material, never a test split) and the alternatives become the list.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from domains.evaluation.everyday import DOCUMENTS_FOLDER, QUESTIONS_FILE

ALTERNATIVES = "||"


def answers_of(answer: str | None) -> list[str]:
    """Return the gold alternatives of an outside check's `answer` ("a || b" -> ["a", "b"]; null -> [])."""
    if not answer:
        return []
    return [part.strip() for part in answer.split(ALTERNATIVES) if part.strip()]


def convert(source: Path, target: Path) -> int:
    """Write `source` (docs/ + questions.jsonl) into `target` in the everyday layout; return the questions written."""
    documents = target / DOCUMENTS_FOLDER / "dev"
    documents.mkdir(parents=True, exist_ok=True)
    for path in sorted((source / "docs").iterdir()):
        if path.is_file():
            shutil.copyfile(path, documents / path.name)
    rows = []
    for line in (source / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            rows.append(
                {
                    "id": row["id"],
                    "document": Path(row["document"]).stem,
                    "question": row["question"],
                    "answers": answers_of(row.get("answer")),
                }
            )
    (target / QUESTIONS_FILE).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return len(rows)


def main(argv: list[str] | None = None) -> int:
    """Convert one outside check's folder."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="the outside check's folder (docs/ and questions.jsonl)")
    parser.add_argument("target", type=Path, help="where to write the everyday-layout copy")
    args = parser.parse_args(argv)
    print(f"{convert(args.source, args.target)} questions written to {args.target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
