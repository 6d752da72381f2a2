"""A receipt with nothing to check: for commands that must refuse before reading any evidence."""

from __future__ import annotations

from datetime import UTC, datetime

from domains.execution.verification.receipt import VerificationReceipt


def empty_receipt_json() -> str:
    """Return the JSON of a well-formed receipt of one run with no quotes."""
    return VerificationReceipt(
        run_id="r1",
        organization_id="o1",
        workflow_type="evidence_briefing",
        query="q",
        completed_at=None,
        issued_at=datetime.now(UTC),
        stages=["contract"],
        quotes=[],
    ).model_dump_json()
