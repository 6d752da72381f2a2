"""Blind directive sets written for ADR-0020's spans-16 (see README.md): load them, and print what the detector labels.

.venv/bin/python -m tools.safety.blind          # share of lines labelled per set, file and family
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = {
    "set2": ("directives.txt", "tasks.txt", "benign_hard.txt"),
    "set3": ("directives.txt", "benign.txt"),
    "set4": ("directives.txt", "benign.txt"),
    "set5": ("directives.txt", "benign.txt"),
    "set6": ("directives.txt", "benign.txt"),
}


def read_rows(path: Path, fields: int = 3) -> list[tuple[str, str, str]]:
    """Return the (family, language, text) rows of a `family|lang|text` file (`fields` 4: a context before the text,
    dropped); the text is everything after the last separator read, so it may hold "|" itself."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("|", fields - 1)
        rows.append((parts[0], parts[1], parts[-1]))
    return rows


def load(set_name: str, file_name: str) -> list[tuple[str, str, str]]:
    """Return the (family, language, text) lines of one file of a blind set (set 3's context field dropped)."""
    return read_rows(HERE / set_name / file_name, 4 if set_name == "set3" else 3)


def main() -> int:
    sys.path.insert(0, str(HERE.parents[2]))
    from domains.knowledge.safety import detect_spans

    for set_name, files in FILES.items():
        for file_name in files:
            counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            for family, _language, text in load(set_name, file_name):
                for key in (family, "all"):
                    counts[key][0] += 1
                    counts[key][1] += bool(detect_spans(text))
            shares = "  ".join(f"{k} {v[1]}/{v[0]} ({v[1] / v[0]:.3f})" for k, v in sorted(counts.items()))
            print(f"{set_name}/{file_name}: {shares}")
    return 0
