"""Answerer v16's and v17's rules, each from documents helpers wrote and asked through a running service (thirteenth
session, two outside checks): a status code shown by a machine, the fields under a document's title naming what it
is about (v16); a price column's number and a sum in millions as money (v17); "what date" needing a date, the total
due being money (v18). The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import holds_money
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import candidate_quotes

MANUAL = (
    "# Boiler quick guide\n\n## Fault codes\n\n"
    "- F22 means the water pressure is too low: top it up to 1.5 bar with the filling loop.\n"
    "- F75 means the pump cannot detect a pressure rise: call an engineer.\n"
)


def test_a_code_the_machine_shows_is_asked_of_what_the_code_means() -> None:
    asked = "What should I do if my boiler shows F22?"
    assert "F22 means the water pressure is too low: top it up to 1.5 bar with the filling loop." in candidate_quotes(
        asked, MANUAL
    )
    assert candidate_quotes("What should I do if my boiler is displaying F75?", MANUAL)
    assert not candidate_quotes("What should I do if my boiler shows F28?", MANUAL)  # a code the guide never gives


def _lease(question: str) -> list[str]:
    evidence = [
        EvidenceItem(
            "lease-0",
            "trusted",
            "Tenancy agreement\n\nProperty: Flat 7C, 3 Mill Lane. Landlord: Brook Homes Ltd.",
            rank=1,
            section="lease.docx / Tenancy agreement",
        ),
        EvidenceItem(
            "lease-1",
            "trusted",
            "Rent\n\nThe monthly rent is 900 pounds, paid on the first day of each month.",
            rank=2,
            section="lease.docx / Tenancy agreement / Rent",
        ),
    ]
    analysis = analyze(question, evidence, max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates]


def test_fields_under_the_title_name_what_the_document_is_about() -> None:
    rent = "The monthly rent is 900 pounds, paid on the first day of each month."
    assert rent in _lease("What is the monthly rent for Flat 7C?")
    assert rent not in _lease("What is the monthly rent for Flat 9D?")  # a neighbouring flat


def test_a_price_column_makes_its_number_a_sum_of_money() -> None:
    assert holds_money("sku: BK-1042 | item_name: Oak bookcase | unit_price_gbp: 189.00 | stock_qty: 12")
    assert holds_money("Item: Desk lamp | Price: 24.50 | Colour: Black")
    assert not holds_money("sku: BK-1042 | item_name: Oak bookcase | stock_qty: 12 | weight_kg: 31.5")
    row = "sku: BK-1042 | item_name: Oak bookcase | unit_price_gbp: 189.00 | stock_qty: 12"
    assert candidate_quotes("What is the unit price of SKU BK-1042?", f"# Catalogue\n\n{row}\n") == [row]


def test_a_sum_in_millions_is_money() -> None:
    assert holds_money("The council has set aside 4.5 million pounds for the new bridge.")
    assert holds_money("The ferry was ordered at a cost of 31\nmillion euros.")  # a PDF's line break inside it
    assert not holds_money("The bridge carries 4.5 million vehicles a year.")


def test_what_date_asks_for_more_than_a_weekday() -> None:
    thread = (
        "# Marta Ruiz, re: office move\n\n- I sign off the move plan, provided the lift survey on Tuesday goes well.\n"
    )
    assert not candidate_quotes("On what date did Marta sign off the move plan?", thread)
    assert candidate_quotes("When did Marta sign off the move plan?", thread)  # "when" takes a weekday
    dated = "# Marta Ruiz, re: office move\n\n- I signed off the move plan on 12 May 2025, after the lift survey.\n"
    assert candidate_quotes("On what date did Marta sign off the move plan?", dated)


def test_the_total_due_is_a_sum_of_money() -> None:
    letter = "# Invoice INV-3310\n\n- Payment is due within 14 days of the invoice date.\n"
    assert not candidate_quotes("What is the total due on invoice INV-3310?", letter)
    billed = "# Invoice INV-3310\n\n- Total due: 212.40 GBP, payable within 14 days.\n"
    assert candidate_quotes("What is the total due on invoice INV-3310?", billed)
