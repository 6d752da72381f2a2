"""OCR accuracy and speed on rendered pages of the shared text PDFs (`make eval-ocr`).

Each sampled page of a PDF with a good text layer is rendered to a 150 dpi grayscale image, wrapped as an
image-only PDF, and parsed by ORION's own PDF parser with OCR on (the path a scanned upload takes in the
worker). The OCR text is compared with the page's text layer (tools/formats/ocr_reference.py):

- CER = Levenshtein distance / reference length, after folding every whitespace run (spaces, line and paragraph
  breaks) to one space in both texts. Nothing else is normalized: case, punctuation, digits, hyphens and quotes
  count as they are. Both texts went through ORION's normalizer (NFC, ligatures, line-end hyphens rejoined).
- "page order" compares with the text layer put in reading order by its positions (the fair reference; the
  headline figure); "text order" with the text layer in the order the PDF stores it, which also charges OCR for
  reading a running footer last or three columns one after the other (and catches a reading-order mistake the
  layout rules would make on both texts alike); "no space" is page order with all whitespace removed.
- page kind: *prose* (lines of running sentences hold >= 60% of the page's letters, ocr_reference.prose_share)
  or *other* (forms, tables, a transcript cover); the <= 5% target is on prose pages. Figures per page, per file
  and per kind (character-weighted).
- seconds per page: wall clock on this machine, whatever else runs on it (the load average is printed).

`--show N` prints the OCR text and the page-order reference of the N worst pages one after the other.
Left out: real scanner noise (skew, blur, speckle), non-English pages (the German lecture notes), handwriting;
pages per second over a long document and peak memory are bench/ocr.py's.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from domains.knowledge.ingestion.parsing import ParseLimits, PDFParser
from tools.formats.ocr_reference import page_kind, page_order_reference

# Pages (1-based) chosen before measuring, a few per English file: prose in one, two and three columns, a
# transcript cover, a form and a table. The spacing and column rules of ocr_layout.py were set while looking
# at DMCA p2/p5, the transcript, IRS p4 and NAACL p2; HELD_OUT pages were not looked at before this report.
SAMPLES: dict[str, list[int]] = {
    "legal_us-copyright-office-dmca-summary.pdf": [2, 5, 11],
    "legal_scotus-transcript-p1.pdf": [1],
    "legal_irs-i1040nr-instructions-2007.pdf": [4, 20],
    "sci_naacl2018-N18-3011-semantic-scholar-graph.pdf": [2],
    "sci_acl2020-specter.pdf": [3, 6],
    "legal_federal-register-2020-17221.pdf": [3],
    "report_wi-dcf-90day-summary.pdf": [1],
    "form_irs-f1040nr-2007.pdf": [1],
    "table_fbi-nics-background-checks-2015-11.pdf": [1],
}
HELD_OUT = {
    ("legal_us-copyright-office-dmca-summary.pdf", 11),
    ("legal_irs-i1040nr-instructions-2007.pdf", 20),
    ("sci_acl2020-specter.pdf", 3),
    ("sci_acl2020-specter.pdf", 6),
    ("legal_federal-register-2020-17221.pdf", 3),
    ("report_wi-dcf-90day-summary.pdf", 1),
    ("form_irs-f1040nr-2007.pdf", 1),
    ("table_fbi-nics-background-checks-2015-11.pdf", 1),
}
SCAN_DPI = 150


@dataclass
class PageResult:
    file: str
    page: int
    kind: str
    chars: int
    errors: float  # edit distance to the page-order reference (whitespace folded)
    errors_text_order: float
    errors_no_space: float
    chars_no_space: int
    seconds: float
    ocr: str
    reference: str


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


def fold(text: str, *, spaces: bool = True) -> str:
    return " ".join(text.split()) if spaces else "".join(text.split())


def cer(hypothesis: str, reference: str, *, spaces: bool = True) -> float:
    ref = fold(reference, spaces=spaces)
    return levenshtein(fold(hypothesis, spaces=spaces), ref) / max(len(ref), 1)


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


def measure_page(pdf: PDFParser, name: str, data: bytes, number: int, text_layer: str) -> PageResult:
    reference = page_order_reference(data, number, SCAN_DPI / 72)
    image_pdf = scanned([render(data, number)])
    started = time.perf_counter()
    read = pdf.parse(image_pdf, "scan.pdf", ParseLimits(ocr="run", max_table_pages=0)).text
    seconds = time.perf_counter() - started
    folded, no_space = fold(reference), fold(reference, spaces=False)
    return PageResult(
        file=name,
        page=number,
        kind=page_kind(reference),
        chars=len(folded),
        errors=levenshtein(fold(read), folded),
        errors_text_order=cer(read, text_layer) * len(folded),  # per reference character of the same page
        errors_no_space=levenshtein(fold(read, spaces=False), no_space),
        chars_no_space=len(no_space),
        seconds=seconds,
        ocr=read,
        reference=reference,
    )


def summary(label: str, results: list[PageResult]) -> str:
    chars = sum(r.chars for r in results) or 1
    return (
        f"{label:58s} {len(results):5d} {sum(r.errors for r in results) / chars:8.1%} "
        f"{sum(r.errors_text_order for r in results) / chars:8.1%} "
        f"{sum(r.errors_no_space for r in results) / (sum(r.chars_no_space for r in results) or 1):8.1%} "
        f"{sum(r.seconds for r in results) / len(results):7.1f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pdfs", nargs="?", default="../shared/data/pdfs")
    parser.add_argument("--show", type=int, default=0, help="print OCR and reference of the N worst pages")
    args = parser.parse_args()
    directory = Path(args.pdfs)
    if not directory.is_dir():
        print(f"no shared PDFs at {directory}", file=sys.stderr)
        return 1
    pdf = PDFParser()
    results: list[PageResult] = []
    header = f"{'file / page (kind)':58s} {'pages':>5s} {'CER':>8s} {'CER-text':>8s} {'CER-nosp':>8s} {'s/page':>7s}"
    print("CER: page order (headline) / text-layer order / page order without whitespace; whitespace runs folded")
    print(header)
    for name, numbers in SAMPLES.items():
        data = (directory / name).read_bytes()
        layer = pdf.parse(data, name, ParseLimits(ocr="off", max_table_pages=0))
        for number in numbers:
            result = measure_page(pdf, name, data, number, page_text(layer.text, layer.page_spans, number))
            results.append(result)
            held_out = ", held out" if (name, number) in HELD_OUT else ""
            print(summary(f"{name[:40]} p{number} ({result.kind}{held_out})", [result]), flush=True)
    print("-- per file")
    for name in SAMPLES:
        print(summary(name, [r for r in results if r.file == name]))
    print("-- per page kind")
    for kind in ("prose", "other"):
        chosen = [r for r in results if r.kind == kind]
        if chosen:
            print(summary(f"{kind} pages", chosen))
        held = [r for r in chosen if (r.file, r.page) in HELD_OUT]
        if held:
            print(summary(f"{kind} pages, held out only", held))
    seconds = sum(r.seconds for r in results)
    load = os.getloadavg()[0]
    print(f"pages/second: {len(results) / seconds:.3f} ({len(results)} pages, {seconds:.0f} s; load {load:.1f})")
    for result in sorted(results, key=lambda r: -r.errors / max(r.chars, 1))[: args.show]:
        print(f"\n=== {result.file} p{result.page}: OCR\n{result.ocr}\n=== reference (page order)\n{result.reference}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
