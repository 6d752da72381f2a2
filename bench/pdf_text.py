"""PDF text extraction: pypdf against PDFium (pypdfium2) on the shared PDFs (ADR 0021).

Prints, per extractor: pages per second of text extraction, split-word pairs (adjacent tokens "notificatio n"
whose concatenation is a word of the same document while a part is not a word elsewhere in it), and how it handles
a password-locked file, an AES file with an empty user password and a truncated file. Then the parser's pages per
second with the shipped extractor (PDFium first, pypdf fallback) against pypdf alone, end to end (normalization
included): what `bench/ingest.py` reports as before/after.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

from _harness import SHARED_DATA
from pypdf import PdfReader, PdfWriter

from domains.knowledge.errors import DocumentRejected
from domains.knowledge.ingestion.parsing import PDFParser
from domains.knowledge.ingestion.parsing import pdf as pdf_module
from domains.knowledge.ingestion.parsing.pdf_text import pdfium_page_texts

logging.getLogger("pypdf").setLevel(logging.ERROR)
_LETTERS = re.compile(r"[^\W\d_]+")


def pypdf_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data), strict=False).pages]


def pdfium_texts(data: bytes) -> list[str]:
    return pdfium_page_texts(data)[0]


def split_pairs(pages: list[str]) -> int:
    text = "\n".join(pages)
    vocabulary = Counter(word.lower() for word in _LETTERS.findall(text))
    count = 0
    for line in text.splitlines():
        tokens = line.split(" ")
        for left, right in pairwise(tokens):
            joined = left.isalpha() and right.isalpha() and vocabulary[(left + right).lower()] >= 1
            if joined and (vocabulary[left.lower()] <= 1 or vocabulary[right.lower()] <= 1):
                count += 1
    return count


def pdf_files() -> list[Path]:
    return sorted((SHARED_DATA / "pdfs").glob("*.pdf"))


def extractor_figures(name: str, extract: Callable[[bytes], list[str]]) -> dict[str, object]:
    pages = splits = 0
    seconds = 0.0
    for path in pdf_files():
        data = path.read_bytes()
        started = time.perf_counter()
        texts = extract(data)
        seconds += time.perf_counter() - started
        pages += len(texts)
        splits += split_pairs(texts)
    return {
        "bench": "pdf_text",
        "extractor": name,
        "files": len(pdf_files()),
        "pages": pages,
        "seconds": round(seconds, 2),
        "pages_per_s": round(pages / seconds, 1),
        "split_word_pairs": splits,
    }


def _locked(data: bytes, *, user: str, algorithm: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user, owner_password="owner-secret", algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def robustness(extract: Callable[[bytes], list[str]]) -> dict[str, str]:
    sample = (SHARED_DATA / "pdfs" / "report_wi-dcf-90day-summary.pdf").read_bytes()
    cases = {
        "password_locked": _locked(sample, user="secret", algorithm="RC4-128"),
        "aes_empty_password": _locked(sample, user="", algorithm="AES-256"),
        "truncated": sample[: len(sample) // 2],
    }
    found = {}
    for case, data in cases.items():
        try:
            texts = extract(data)
            found[case] = f"read {sum(len(t) for t in texts)} chars"
        except Exception as exc:
            found[case] = f"refused ({type(exc).__name__})"
    return found


def parser_pages_per_second(*, pypdf_only: bool) -> dict[str, object]:
    """Parse every shared PDF with the product parser (normalization included); `pypdf_only` = before."""
    original = pdf_module.page_texts
    if pypdf_only:
        pdf_module.page_texts = lambda data, fallback: fallback()  # type: ignore[assignment]
    try:
        pages, started = 0, time.perf_counter()
        for path in pdf_files():
            with contextlib.suppress(DocumentRejected):
                pages += PDFParser().parse(path.read_bytes(), path.name).page_count or 0
        seconds = time.perf_counter() - started
    finally:
        pdf_module.page_texts = original
    label = "before (pypdf)" if pypdf_only else "after (pdfium, pypdf fallback)"
    return {
        "bench": "pdf_parse",
        "extractor": label,
        "pages": pages,
        "seconds": round(seconds, 2),
        "pages_per_s": round(pages / seconds, 1),
    }


def main() -> None:
    for name, extract in (("pypdf", pypdf_texts), ("pypdfium2", pdfium_texts)):
        row = extractor_figures(name, extract)
        row["robustness"] = robustness(extract)
        print(json.dumps(row), flush=True)
    for pypdf_only in (True, False):
        print(json.dumps(parser_pages_per_second(pypdf_only=pypdf_only)), flush=True)


if __name__ == "__main__":
    main()
