"""Answerer v16's rules, each from a document a helper wrote and asked through the running service (thirteenth
session, `make run`-style outside check): a status code shown by a machine, and the fields under a document's title
naming what it is about. The texts are written for these tests."""

from __future__ import annotations

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
