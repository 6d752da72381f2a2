"""The OCR evaluation's reference text and page kinds (tools/formats/ocr_reference.py, `make eval-ocr`)."""

from __future__ import annotations

from tests.helpers.pdfs import positioned_pdf
from tools.formats.ocr_eval import cer
from tools.formats.ocr_reference import page_kind, page_order_reference, prose_share


def test_the_reference_reads_the_text_layer_in_page_order_not_in_stored_order() -> None:
    # Stored as the footer first, then the two columns interleaved line by line (as some producers write them).
    runs = [(280.0, 40.0, "Page 7")]
    for n in range(6):
        runs += [(72.0, 700.0 - 14 * n, f"left line {n}"), (330.0, 700.0 - 14 * n, f"right line {n}")]
    runs.append((72.0, 900.0, "printer mark above the visible page"))
    text = page_order_reference(positioned_pdf(runs), 1, 150 / 72)
    left = "\n".join(f"left line {n}" for n in range(6))
    right = "\n".join(f"right line {n}" for n in range(6))
    assert text == f"{left}\n\n{right}\n\nPage 7"
    assert cer(text.replace("left line 3", "left lime 3"), text) == 1 / len(" ".join(text.split()))


def test_prose_pages_are_blocks_of_running_sentences_whatever_the_column_width() -> None:
    column = "The applicant must attach\na statement that describes\nthe transaction and presents\nthe facts in full."
    form = "Name\n\nAddress\n\nLine 12a  $ ______\n\nLine 12b  $ ______\n\n1040NR  Form  2007"
    assert prose_share(column) == 1.0 and page_kind(column) == "prose"
    assert prose_share(form) == 0.0 and page_kind(form) == "other"
    assert page_kind(f"{column}\n\n{form}\n\n{form}\n\n{form}") == "other"  # mostly form: other
