"""Answerer v52: a table continued from an earlier chunk is read with the header the chunker writes into its section
label, and a sum in any common currency is money (yen, rupees, florins ...). From the eleventh outside check (SciFact,
SQuAD and probes through HTTP) and a long Markdown price list. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import holds_money
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.structure import read_units
from domains.knowledge.ingestion.chunking import chunk_document
from domains.knowledge.ingestion.parsing import parse_document
from tests.unit.execution.extractive.helpers import candidate_quotes

ROW = "| Pilates for beginners | £7.00 | £11.50 | 45 minutes |"
HINT = "Fees for classes (columns: Class, Member price, Non-member price, Duration)"


def test_a_continued_table_row_takes_its_header_from_the_section_label() -> None:
    units = read_units(f"{ROW}\n| Yoga | £6.00 | £9.00 | 60 minutes |", 400, ("prices.md", "Price list", HINT))
    assert units[0].context.endswith("Class / Member price / Non-member price / Duration")
    plain = read_units(f"{ROW}\n| Yoga | £6.00 | £9.00 | 60 minutes |", 400, ("prices.md", "Price list"))
    assert "Non-member" not in plain[0].context


def test_a_question_about_a_column_is_answered_from_a_continued_chunk() -> None:
    text = f"{ROW}\n| Yoga | £6.00 | £9.00 | 60 minutes |"
    question = "How much is pilates for beginners for non-members?"
    section = f"prices.md > Price list > {HINT}"
    assert "Pilates for beginners | £7.00 | £11.50 | 45 minutes" in candidate_quotes(question, text, section)
    assert candidate_quotes(question, text, "prices.md > Price list > Fees for classes") == []


def test_the_chunker_and_the_reader_agree_on_the_hint() -> None:
    rows = [
        f"| Class {i} with a long descriptive name here | £{i}.00 | £{i + 4}.50 | {30 + i} minutes |" for i in range(40)
    ]
    text = "\n".join(
        [
            "# Price list",
            "",
            "## Fees for classes",
            "",
            "| Class | Member price | Non-member price | Duration |",
            "|---|---|---|---|",
            *rows,
        ]
    )
    drafts = chunk_document(parse_document(text.encode(), "prices.md"))
    last = drafts[-1]
    units = read_units(last.text, 400, ("prices.md", *(last.section or "").split(" > ")))
    assert units[0].context.endswith("Class / Member price / Non-member price / Duration")


def test_a_sum_in_any_common_currency_is_money() -> None:
    for sum_ in (
        "12 yen",
        "300 rupees",
        "42 florins",
        "8 francs",
        "150 pesos",
        "₹300",
        "95 kroner",
    ):
        assert holds_money(f"The entrance fee was {sum_} in 2019."), sum_
    for words in ("Question 2 is worth 3 marks.", "Room 12: try again.", "Team 5 won the cup."):
        assert not holds_money(words), words
    text = "## Tickets\n\nThe entrance fee of the Old Town Museum was 12 florins in 2019."
    assert candidate_quotes("What was the entrance fee of the Old Town Museum in 2019?", text, "museum.txt")


def test_a_sum_says_claim_only_beside_the_words_a_plain_paragraph_must_hold() -> None:
    # v53: "claim" met by any sum let a museum's fee (a plain paragraph sharing no asked word) answer a question about
    # one person's expenses; the sum counts in the focus share, never as the asked word a plain paragraph needs.
    museum = "The entrance fee of the Old Town Museum was 12 florins in 2019."
    assert candidate_quotes("How much did Elena Novak claim for travel?", museum, "museum.txt") == []
    row = "Date: 2024-02-19 | Employee: Elena Novak | Category: Travel | Amount: 1030.75 | Approved: Yes"
    assert row in candidate_quotes("How much did Elena Novak claim for travel?", row, section="expenses.csv")


def test_a_month_the_situation_names_is_told_whatever_its_stem() -> None:
    # v54: told months were found by their full name only, so "December" (stem "decemb") was asked, not told: a fee
    # "for all memberships" naming no month did not answer "I'm joining in December - is there a joining fee?"
    fee = "A one-time joining fee of $25 applies to all monthly and annual memberships."
    for month in ("December", "January", "March"):
        assert analyze(f"I'm joining in {month} - is there a joining fee?", [], max_sentence_chars=400).needs.told_days
        assert fee in candidate_quotes(
            f"I'm joining in {month} - is there a joining fee?", f"## Fees\n\n{fee}", "gym.md"
        )
