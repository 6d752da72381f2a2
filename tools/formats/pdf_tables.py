"""How many hand-transcribed table rows come out of the PDF parser as row chunks with the right header names.

For each shared `table_*.pdf` there is a truth file in `truth/` (a few printed rows, transcribed by hand, header
names as printed). A truth row is found when one `table_row` block of the parsed text holds every one of its
`Header: value` pairs (case and whitespace of header names folded; values compared exactly) and the chunker
put that row into a chunk whole. Run: `make eval-tables` (prints per-file recall and how many row lines the file
gave in all; then, for every other shared PDF, the row lines it gave: prose should give none).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from domains.knowledge.ingestion.chunking import chunk_document
from domains.knowledge.ingestion.parsing import ParseLimits, parse_document

TRUTH = Path(__file__).resolve().parent / "truth"


@dataclass(frozen=True)
class TableScore:
    file: str
    rows: int
    found: int
    seconds: float
    emitted: int = 0  # table_row blocks the parser produced for the whole file

    @property
    def recall(self) -> float:
        return self.found / self.rows if self.rows else 0.0


def _cells(row_text: str) -> dict[str, str]:
    cells = {}
    for part in row_text.split(" | "):
        name, _, value = part.partition(": ")
        cells[" ".join(name.lower().split())] = value.strip()
    return cells


def score_file(pdf: Path, truth: Path) -> TableScore:
    """Parse and chunk `pdf`, then count the truth rows found as whole, header-named row lines in a chunk."""
    expected = json.loads(truth.read_text())["rows"]
    started = time.perf_counter()
    parsed = parse_document(pdf.read_bytes(), pdf.name)
    chunks = chunk_document(parsed)
    seconds = time.perf_counter() - started
    rows = [parsed.text[b.char_start : b.char_end] for b in parsed.blocks if b.kind == "table_row"]
    chunked = {row for row in rows if any(row in chunk.text for chunk in chunks)}
    found = 0
    for truth_row in expected:
        wanted = {" ".join(name.lower().split()): value for name, value in truth_row.items()}
        if any(all(_cells(row).get(name) == value for name, value in wanted.items()) for row in chunked):
            found += 1
    return TableScore(pdf.name, len(expected), found, seconds, len(rows))


def table_row_count(pdf: Path) -> int:
    """Return how many table_row blocks the parser makes of `pdf` (scanned pages not read)."""
    parsed = parse_document(pdf.read_bytes(), pdf.name, ParseLimits(ocr="off"))
    return sum(1 for block in parsed.blocks if block.kind == "table_row")


def main(data_dir: str = "../shared/data/pdfs") -> int:
    directory = Path(data_dir)
    if not directory.is_dir():
        print(f"no shared PDFs at {directory}", file=sys.stderr)
        return 1
    for truth in sorted(TRUTH.glob("*.json")):
        score = score_file(directory / f"{truth.stem}.pdf", truth)
        found = f"{score.found:2d}/{score.rows:2d}"
        print(
            f"{score.file:48s} rows {found}  recall {score.recall:.0%}  "
            f"{score.emitted:3d} row lines in all  {score.seconds:.1f} s"
        )
    print("other shared PDFs (row lines; prose should give none):")
    for pdf in sorted(directory.glob("*.pdf")):
        if not pdf.name.startswith("table_"):
            print(f"  {pdf.name:56s} {table_row_count(pdf):3d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
