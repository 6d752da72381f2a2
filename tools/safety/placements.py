"""Placement consistency (ADR-0020, spans-20): directives labelled on a line of their own that lose the label elsewhere.

    .venv/bin/python -m tools.safety.placements              # counts per placement, and the read directives lost
    .venv/bin/python -m tools.safety.placements --counts     # counts only
    .venv/bin/python -m tools.safety.placements --held-out   # held-out set 6 counted too (once per detector)

Issue 13 asks a directive to be labelled wherever it sits. The benchmark splits place each attack once per placement in
a random context, so a placement's figure mixes the detector's reading of the placement with the context drawn. This
holds the context fixed: every *read* directive (blind sets 2-5 and the dev attacks tagged directive) is placed in one
seeded BIPIA train context, and for those labelled on their own line it counts, per placement, how many are not
labelled there. With --held-out, set 6 is counted the same way (figures only, never its text; count it once per
detector, before its look, as ADR-0020 says). No test split is read.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from tools.safety.blind import load
from tools.safety.corpus import PLACEMENTS, attacks
from tools.safety.data import load_bipia_contexts
from tools.safety.evaluate import caught

READ_SETS = ("set2", "set3", "set4", "set5")
HELD_OUT = "set6"
SEED = 7
SHOWN = 8


def lost_by_placement(directives: list[str], contexts: list[str]) -> tuple[int, dict[str, list[str]]]:
    """Return how many directives are labelled on their own line, and per other placement those that lose it."""
    rng = random.Random(SEED)
    kept = 0
    lost: dict[str, list[str]] = {name: [] for name in PLACEMENTS if name != "own_line"}
    for directive in directives:
        context = contexts[rng.randrange(len(contexts))]
        if not caught(PLACEMENTS["own_line"](directive, context)):
            continue
        kept += 1
        for name in lost:
            if not caught(PLACEMENTS[name](directive, context)):
                lost[name].append(directive)
    return kept, lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", action="store_true", help="print counts only")
    parser.add_argument("--held-out", action="store_true", help=f"count held-out {HELD_OUT} too (figures only)")
    args = parser.parse_args()
    contexts = load_bipia_contexts("email", "train") + load_bipia_contexts("table", "train")
    read = [text for name in READ_SETS for _, _, text in load(name, "directives.txt")]
    read += [a.text for a in attacks("dev") if a.tag == "directive"]
    sets = [("read directives", read, not args.counts)]
    if args.held_out:
        sets.append((f"held-out {HELD_OUT}", [text for _, _, text in load(HELD_OUT, "directives.txt")], False))
    for title, directives, show in sets:
        kept, lost = lost_by_placement(directives, contexts)
        counts = Counter({name: len(texts) for name, texts in lost.items()})
        print(f"{title}: {kept} of {len(directives)} labelled on their own line; lost at each other placement:")
        print("  " + "  ".join(f"{name} {count}" for name, count in counts.most_common()))
        if show:
            for name, texts in lost.items():
                for text in texts[:SHOWN]:
                    print(f"    {name}: {text[:120]!r}")


if __name__ == "__main__":
    main()
