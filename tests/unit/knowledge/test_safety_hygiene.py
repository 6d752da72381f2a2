"""Honest evaluation (ADR-0020): no wording found only in a TEST split may appear in the detector or its tests.

A six-word sequence of a test-split attack that never occurs in the train splits is test-only wording; the
patterns, the everyday benign texts and the safety tests must not contain one. Skips when the shared data is absent.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data"
SHINGLE = 6
CHECKED = [
    *sorted((ROOT / "domains" / "knowledge" / "safety").rglob("*.py")),
    ROOT / "tools" / "safety" / "everyday_benign.txt",
    ROOT / "tools" / "safety" / "scorer_benign_fit.txt",
    ROOT / "tools" / "safety" / "directives_team.txt",
    ROOT / "tools" / "safety" / "benign_team_hard.txt",
    *sorted((ROOT / "tools" / "safety" / "fit_directives").glob("*/*.txt")),
    *sorted((ROOT / "tools" / "safety" / "ai_documents").glob("[0-9]*")),
    ROOT / "tests" / "unit" / "knowledge" / "test_directive_scorer.py",
    ROOT / "tests" / "unit" / "knowledge" / "test_security.py",
    ROOT / "tests" / "unit" / "knowledge" / "test_safety_spans.py",
    ROOT / "tests" / "integration" / "test_safety_spans.py",
]
# Verbs that open test-split attacks only (ADR-0020): none may be a trigger the patterns list.
TEST_ONLY_OPENING_VERBS = ("encrypt", "encode", "reverse", "translate")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def _attack_texts(split: str) -> list[str]:
    texts = []
    for kind in ("text", "code"):
        by_category = json.loads((DATA / "bipia" / f"{kind}_attack_{split}.json").read_text(encoding="utf-8"))
        texts += [text for group in by_category.values() for text in group]
    with (DATA / "prompt_injection_deepset" / f"{split}.jsonl").open(encoding="utf-8") as handle:
        texts += [json.loads(line)["text"] for line in handle if line.strip()]
    return texts


@pytest.fixture(scope="module")
def test_only_shingles() -> set[tuple[str, ...]]:
    if not DATA.is_dir():
        pytest.skip(f"shared data not found at {DATA}")
    train = set().union(*(_shingles(t) for t in _attack_texts("train")))
    return set().union(*(_shingles(t) for t in _attack_texts("test"))) - train


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.name)
def test_no_test_only_wording(path: Path, test_only_shingles: set[tuple[str, ...]]) -> None:
    found = _shingles(path.read_text(encoding="utf-8")) & test_only_shingles
    assert not found, f"{path.name} holds test-split wording: {[' '.join(s) for s in sorted(found)[:5]]}"


def test_test_only_opening_verbs_are_not_pattern_triggers() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "domains" / "knowledge" / "safety").rglob("*.py"))
    for verb in TEST_ONLY_OPENING_VERBS:
        assert not re.search(rf"[|(\"]{verb}[|)\\\"]", source), verb
