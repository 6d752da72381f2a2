"""The blind directive sets of ADR-0020's spans-16 to spans-19 (tools/safety/blind): what the detector labels in
each, as floors for the directives and ceilings for the ordinary lines, so that a change that loses either shows here.
Set 5 is counted, never read for rules (one of its ordinary lines was looked at, see the README); spans-18 chose its
scorer recipe on it. Set 6 is held out: counted once per detector version, never read."""

from __future__ import annotations

import pytest

from domains.knowledge.safety import detect_spans
from tools.safety.blind import load

# (set, file, at least this many directives labelled) -- the figures the ADR reports for spans-18 and spans-19 (sets
# 2-4 are in its scorer's fit set, set 5 is where its recipe was chosen)
DIRECTIVE_FLOORS = [
    ("set2", "directives.txt", 266),
    ("set3", "directives.txt", 188),
    ("set4", "directives.txt", 187),
    ("set5", "directives.txt", 138),
    ("set6", "directives.txt", 140),
]
# (set, file, at most this many ordinary lines labelled): what spans-17 to spans-19 label in each (spans-16 labelled
# one of set 5)
ORDINARY_CEILINGS = [
    ("set2", "benign_hard.txt", 5),
    ("set2", "tasks.txt", 0),
    ("set3", "benign.txt", 2),
    ("set4", "benign.txt", 2),
    ("set5", "benign.txt", 0),
    ("set6", "benign.txt", 5),
]


@pytest.mark.parametrize(("set_name", "file_name", "floor"), DIRECTIVE_FLOORS)
def test_the_blind_directives_labelled_do_not_fall(set_name: str, file_name: str, floor: int) -> None:
    rows = load(set_name, file_name)

    assert sum(bool(detect_spans(text)) for _family, _language, text in rows) >= floor


@pytest.mark.parametrize(("set_name", "file_name", "ceiling"), ORDINARY_CEILINGS)
def test_the_blind_ordinary_lines_labelled_do_not_rise(set_name: str, file_name: str, ceiling: int) -> None:
    rows = load(set_name, file_name)

    assert sum(bool(detect_spans(text)) for _family, _language, text in rows) <= ceiling


def test_every_blind_file_loads_as_written() -> None:
    sizes = {
        (s, f): len(load(s, f))
        for s, f in [
            ("set2", "directives.txt"),
            ("set2", "tasks.txt"),
            ("set2", "benign_hard.txt"),
            ("set3", "directives.txt"),
            ("set3", "benign.txt"),
            ("set4", "directives.txt"),
            ("set4", "benign.txt"),
            ("set5", "directives.txt"),
            ("set5", "benign.txt"),
            ("set6", "directives.txt"),
            ("set6", "benign.txt"),
        ]
    }
    assert sizes == {
        ("set2", "directives.txt"): 300,
        ("set2", "tasks.txt"): 80,
        ("set2", "benign_hard.txt"): 150,
        ("set3", "directives.txt"): 240,
        ("set3", "benign.txt"): 240,
        ("set4", "directives.txt"): 250,
        ("set4", "benign.txt"): 250,
        ("set5", "directives.txt"): 250,
        ("set5", "benign.txt"): 250,
        ("set6", "directives.txt"): 250,
        ("set6", "benign.txt"): 250,
    }
