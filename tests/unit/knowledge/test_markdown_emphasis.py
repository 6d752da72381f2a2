"""Markdown emphasis inside a sentence is not part of the stored text (v65): a quote reads "within eight weeks of the
wedding", and verifies against the chunk, while a label's or a heading's emphasis at a line start stays for the
structure reader. The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.knowledge.ingestion.parsing.text import MarkdownParser, without_emphasis


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("Photos arrive within **eight weeks** of the day.", "Photos arrive within eight weeks of the day."),
        ("A __sibling discount__ of 10% applies.", "A sibling discount of 10% applies."),
        ("Prices *exclude* VAT.", "Prices exclude VAT."),
        ("**Office hours:** Tuesdays 2-4pm", "**Office hours:** Tuesdays 2-4pm"),
        ("| **Total** | £5 |", "| **Total** | £5 |"),
        ("* item one\n* item two", "* item one\n* item two"),
        ("2 * 3 = 6, and 4 * 5 = 20", "2 * 3 = 6, and 4 * 5 = 20"),
        ("set max_file_size in the config", "set max_file_size in the config"),
    ],
)
def test_emphasis_inside_a_sentence_is_dropped_and_nothing_else(written: str, stored: str) -> None:
    assert without_emphasis(written) == stored


def test_a_markdown_document_is_stored_without_inline_emphasis() -> None:
    parsed = MarkdownParser().parse(b"# Gallery\n\nThe gallery stays online for **12 months** from delivery.\n")

    assert "for 12 months from delivery." in parsed.text
    assert "**" not in parsed.text
    assert parsed.text.startswith("# Gallery")
