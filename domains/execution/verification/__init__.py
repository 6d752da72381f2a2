"""Verification: the briefing contract and the three ordered citation checks (membership, validity, grounding)."""

from domains.execution.verification.contract import briefing_contract_violation
from domains.execution.verification.grounding import locate_quote, quote_is_grounded
from domains.execution.verification.verifier import STAGES, VerificationResult, verify_briefing, verify_stages

__all__ = [
    "STAGES",
    "VerificationResult",
    "briefing_contract_violation",
    "locate_quote",
    "quote_is_grounded",
    "verify_briefing",
    "verify_stages",
]
