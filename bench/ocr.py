"""Scanned-PDF ingestion: pages per second and peak memory of the worker's CPU path on an image-only PDF.

Builds an image-only PDF of N pages (default 10; `python bench/ocr.py 200` for the figure of ADR-0018) in a temp
dir: pages of the shared English text PDFs, rendered at 150 dpi grayscale like a scanner would and wrapped as
image-only pages (the text layer is gone). A fresh child process then runs what the background worker runs for
a scanned upload, `prepare_document` with `ocr="run"` (parse with OCR page by page, normalize, chunk, classify;
no database, no embedding), and reports after every page its resident memory (VmRSS), so a flat line shows that
pages are streamed, and at the end its peak RSS (`ru_maxrss`, the whole child: Python, onnxruntime and the OCR
models, the PDF bytes, the safety model) and pages per second (wall clock on this machine, whatever else runs).

The PDF is built in the parent, so building it (all page images in memory at once) does not count in the peak.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _harness import ROOT, SHARED_DATA, bench_settings

# English text PDFs whose pages are cycled through (prose, two-column papers, a three-column instruction booklet).
SOURCES = (
    "legal_us-copyright-office-dmca-summary.pdf",
    "legal_federal-register-2020-17221.pdf",
    "sci_acl2020-specter.pdf",
    "sci_naacl2018-N18-3011-semantic-scholar-graph.pdf",
    "legal_irs-i1040nr-instructions-2007.pdf",
)
SCAN_DPI = 150


def build_scan(pages: int, path: Path) -> None:
    """Write an image-only PDF of `pages` rendered pages of the SOURCES, cycled in order."""
    import pypdfium2 as pdfium

    images = []
    documents = [pdfium.PdfDocument((SHARED_DATA / "pdfs" / name).read_bytes()) for name in SOURCES]
    order = [(document, index) for document in documents for index in range(len(document))]
    for number in range(pages):
        document, index = order[number % len(order)]
        page = document[index]
        images.append(page.render(scale=SCAN_DPI / 72, grayscale=True).to_pil().convert("L"))
        page.close()
    images[0].save(path, "PDF", resolution=SCAN_DPI, save_all=True, append_images=images[1:])
    for document in documents:
        document.close()


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(path: Path) -> dict[str, object]:
    """Run the worker's CPU path on the scan (this process only) and return its figures."""
    from domains.knowledge.ingestion.pipeline import parse_limits, prepare_document

    settings = bench_settings(embedding_provider="fake")
    data = path.read_bytes()
    samples: list[tuple[int, float, float]] = []
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        samples.append((done, round(time.perf_counter() - started, 1), round(rss_mb(), 1)))
        if done <= 10 or done % 10 == 0:  # a long run shows its way (stderr): a stopped run still says how far
            print(f"page {done}/{total}: {samples[-1][1]} s, RSS {samples[-1][2]} MB", file=sys.stderr, flush=True)

    prepared = prepare_document(data, path.name, settings, "", parse_limits(settings, "run", progress))
    wall = time.perf_counter() - started
    pages = len(samples)
    marks = sorted({1, 2, 5, 10, 25, 50, 100, 150, pages} & {done for done, _, _ in samples})
    by_page = {done: (seconds, rss) for done, seconds, rss in samples}
    return {
        "bench": "ocr",
        "pages": pages,
        "pdf_mb": round(len(data) / 1e6, 1),
        "chunks": len(prepared.chunks),
        "ocr_pages": sum(1 for source in prepared.parsed.page_sources if source.text_source == "ocr"),
        "wall_s": round(wall, 1),
        "pages_per_s": round(pages / wall, 3),
        "s_per_page": round(wall / max(pages, 1), 1),
        "rss_mb_after_page": {str(mark): by_page[mark][1] for mark in marks},
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "load_avg_1m": round(os.getloadavg()[0], 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="?", type=int, default=10, help="pages of the scanned PDF (default 10)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the child: measure this PDF
    args = parser.parse_args()
    if args.measure is not None:
        print(json.dumps(measure(args.measure)), flush=True)
        return 0
    if not (SHARED_DATA / "pdfs").is_dir():
        print(f"no shared PDFs at {SHARED_DATA / 'pdfs'}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="orion-bench-ocr-") as folder:
        path = Path(folder) / f"scan-{args.pages}.pdf"
        build_scan(args.pages, path)
        child = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--measure", str(path)], cwd=ROOT, check=False
        )
    return child.returncode


if __name__ == "__main__":
    raise SystemExit(main())
