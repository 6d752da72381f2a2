"""OCR accuracy and speed on rendered pages of the shared text PDFs (`make eval-ocr`).

Each sampled page of a PDF with a good text layer is rendered to a 150 dpi grayscale image, wrapped as an
image-only PDF, and parsed by ORION's own PDF parser with OCR on (the path a scanned upload takes in the
worker). The OCR text is compared with the same page's text layer, both through the same normalizer:

- CER: Levenshtein distance / reference length, whitespace runs folded to one space;
- CER without spaces: the same with all whitespace removed (PP-OCR's recognizer drops some spaces between
  words in capitals, which says nothing about the letters);
- pages per second (wall clock, this machine, whatever else it runs), and the process's peak memory.

What it leaves out, to stay within a few minutes on 2 shared cores: only the sampled pages below (English
prose, one two-column page), no real scanner noise (skew, blur, speckle), and the memory figure is the peak
while OCRing the first `--memory-pages` pages of a 200-page image-only PDF, not all 200 (pages are rendered
and read one at a time, so the peak does not grow with the page count; `--memory-pages 200` checks that).
"""

from __future__ import annotations

import argparse
import io
import resource
import sys
import time
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from domains.knowledge.ingestion.parsing import ParseLimits, PDFParser
from domains.knowledge.ingestion.parsing.ocr import ocr_pdf_pages

SAMPLES: dict[str, list[int]] = {
    "legal_us-copyright-office-dmca-summary.pdf": [2, 5],
    "legal_scotus-transcript-p1.pdf": [1],
    "legal_irs-i1040nr-instructions-2007.pdf": [4],
    "sci_naacl2018-N18-3011-semantic-scholar-graph.pdf": [2],
}
SCAN_DPI = 150


def levenshtein(a: str, b: str) -> int:
    """Edit distance, one numpy row at a time (insertions by a running minimum)."""
    if not a:
        return len(b)
    if not b:
        return len(a)
    codes_b = np.frombuffer(b.encode("utf-32-le"), dtype=np.uint32)
    positions = np.arange(len(b) + 1)
    previous = positions.copy()
    codes_a = np.frombuffer(a.encode("utf-32-le"), dtype=np.uint32)
    for i, code in enumerate(codes_a, start=1):
        current = np.empty_like(previous)
        current[0] = i
        current[1:] = np.minimum(previous[1:] + 1, previous[:-1] + (codes_b != code))
        current = np.minimum.accumulate(current - positions) + positions
        previous = current
    return int(previous[-1])


def cer(hypothesis: str, reference: str, *, spaces: bool = True) -> float:
    fold = (lambda s: " ".join(s.split())) if spaces else (lambda s: "".join(s.split()))
    ref = fold(reference)
    return levenshtein(fold(hypothesis), ref) / max(len(ref), 1)


def scanned(pages: list[Image.Image]) -> bytes:
    out = io.BytesIO()
    pages[0].save(out, "PDF", resolution=SCAN_DPI, save_all=True, append_images=pages[1:])
    return out.getvalue()


def render(data: bytes, number: int) -> Image.Image:
    document = pdfium.PdfDocument(data)
    try:
        page = document[number - 1]
        image = page.render(scale=SCAN_DPI / 72, grayscale=True).to_pil()
        page.close()
        return image.convert("L")
    finally:
        document.close()


def page_text(parsed_text: str, spans: list[tuple[int, int, int]], number: int) -> str:
    return next((parsed_text[start:end] for page, start, end in spans if page == number), "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pdfs", nargs="?", default="../shared/data/pdfs")
    parser.add_argument("--memory-pages", type=int, default=2)
    args = parser.parse_args()
    directory = Path(args.pdfs)
    if not directory.is_dir():
        print(f"no shared PDFs at {directory}", file=sys.stderr)
        return 1
    pdf = PDFParser()
    total_pages, total_seconds = 0, 0.0
    print(f"{'file':52s} {'pages':>5s} {'CER':>6s} {'CER-nospace':>11s} {'s/page':>7s}")
    for name, numbers in SAMPLES.items():
        data = (directory / name).read_bytes()
        reference = pdf.parse(data, name, ParseLimits(ocr="off", max_table_pages=0))
        errors, errors_nospace, length, seconds = 0.0, 0.0, 0, 0.0
        for number in numbers:
            truth = page_text(reference.text, reference.page_spans, number)
            image_pdf = scanned([render(data, number)])
            started = time.perf_counter()
            read = pdf.parse(image_pdf, "scan.pdf", ParseLimits(ocr="run", max_table_pages=0))
            seconds += time.perf_counter() - started
            errors += cer(read.text, truth) * len(truth)
            errors_nospace += cer(read.text, truth, spaces=False) * len(truth)
            length += len(truth)
        total_pages += len(numbers)
        total_seconds += seconds
        print(
            f"{name:52s} {len(numbers):5d} {errors / length:6.1%} {errors_nospace / length:11.1%} "
            f"{seconds / len(numbers):7.1f}"
        )
    print(f"pages/second: {total_pages / total_seconds:.2f} ({total_pages} pages, {total_seconds:.0f} s)")
    page = render((directory / "legal_us-copyright-office-dmca-summary.pdf").read_bytes(), 2)
    big = scanned([page] * 200)
    pages = list(range(1, args.memory_pages + 1))
    started = time.perf_counter()
    ocr_pdf_pages(big, pages, ParseLimits(ocr="run"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"200-page image-only PDF ({len(big) / 1e6:.1f} MB): OCR of its first {len(pages)} pages in "
        f"{time.perf_counter() - started:.0f} s; peak memory of this process {peak:.0f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
