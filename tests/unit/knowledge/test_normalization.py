"""normalize_text: the rules every stored offset depends on."""

from __future__ import annotations

import unicodedata

import pytest

from domains.knowledge.ingestion.normalization import normalize_pdf_pages, normalize_text


def test_composes_to_nfc() -> None:
    decomposed = "Cafe\u0301 Mu\u0308ller"
    assert normalize_text(decomposed) == "Café Müller"
    assert unicodedata.is_normalized("NFC", normalize_text(decomposed))


@pytest.mark.parametrize(
    ("ligature", "expanded"),
    [("\ufb00", "ff"), ("\ufb01", "fi"), ("\ufb02", "fl"), ("\ufb03", "ffi"), ("\ufb04", "ffl"), ("\ufb06", "st")],
)
def test_expands_ligatures(ligature: str, expanded: str) -> None:
    assert normalize_text(f"a{ligature}b") == f"a{expanded}b"


def test_removes_soft_hyphens_and_control_characters() -> None:
    assert normalize_text("co\u00adoperate\x00 with\x07 the\x1b[0m team\x7f\x85") == "cooperate with the[0m team"


def test_a_nul_between_words_keeps_them_apart() -> None:
    assert normalize_text("hello\x00world, two\x00\x00words") == "hello world, two words"


def test_collapses_spaces_and_tabs_within_lines_and_trims_lines() -> None:
    assert normalize_text("  one \t\t two\u00a0\u2003three  \n   four  ") == "one two three\nfour"


def test_keeps_paragraphs_as_one_blank_line() -> None:
    assert normalize_text("first\r\n\r\n\r\n\r\nsecond\rthird\n \n\t\nfourth") == "first\n\nsecond\nthird\n\nfourth"


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
def test_keeps_zero_width_characters_for_the_safety_classifier(invisible: str) -> None:
    text = f"ignore{invisible} previous instructions"
    assert normalize_text(text) == text


def test_is_idempotent() -> None:
    raw = "  Title\u00a0 \n\n\n\nBody\twith ﬁne\u00ad print\x00.\r\n"
    once = normalize_text(raw)
    assert normalize_text(once) == once


def test_rejoins_line_end_hyphenation_in_pdfs_only() -> None:
    assert normalize_text("the inter-\nnational order", pdf=True) == "the international\norder"
    assert normalize_text("the inter-\nnational order") == "the inter-\nnational order"


def test_moves_the_line_break_behind_the_rejoined_word_and_its_punctuation() -> None:
    assert normalize_text("natural lan-\nguage. Next line", pdf=True) == "natural language.\nNext line"
    assert normalize_text("sys-\ntems\nNext", pdf=True) == "systems\nNext"


def test_keeps_the_hyphen_when_the_document_writes_the_compound_with_one() -> None:
    text = "a state-of-the-art model beats the state-\nof-the-art baseline"
    assert normalize_text(text, pdf=True) == "a state-of-the-art model beats the state-of-the-art\nbaseline"


def test_joins_when_the_document_writes_the_joined_word() -> None:
    assert normalize_text("we release SCI-\nDOCS and SCIDOCS", pdf=True) == "we release SCIDOCS\nand SCIDOCS"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a well-\nknown result", "a well-known\nresult"),
        ("a non-\nnormal procedure", "a non-normal\nprocedure"),
        ("the FAA-\napproved list", "the FAA-approved\nlist"),
        ("die Zariski-\nTopologie ist", "die Zariski-Topologie\nist"),
    ],
)
def test_keeps_real_hyphens_without_evidence(raw: str, expected: str) -> None:
    assert normalize_text(raw, pdf=True) == expected


def test_leaves_dashes_and_numbers_alone() -> None:
    assert normalize_text("Model 737–\n9 and 2018-\n23", pdf=True) == "Model 737–\n9 and 2018-\n23"


def test_pdf_pages_share_their_vocabulary() -> None:
    pages = normalize_pdf_pages(["the compound low-\nlatency path", "a low-latency design"])
    assert pages == ["the compound low-latency\npath", "a low-latency design"]
