"""Small, explicit test data for model-provider tests: evidence, prompts and briefings."""

from __future__ import annotations

from typing import Any

from domains.execution.briefing.prompt_format import EVIDENCE_FORMAT_NOTE, escape_evidence_markup, render_evidence_block

CHUNK_PAYROLL = "3f6c1a52-7d0e-4b8e-9a51-2c7f0b9d1e01"
CHUNK_LEAVE = "9b2d4e71-0c3a-4f5b-8d6e-1a2b3c4d5e6f"
TEXT_PAYROLL = "Payroll records are kept for seven years. Older records are shredded on site."
TEXT_LEAVE = "Annual leave requests need two weeks' notice! Managers approve them in writing."
SYSTEM_PROMPT = "Answer the question only from the evidence. " + EVIDENCE_FORMAT_NOTE


def evidence_prompt(
    question: str = "How long are payroll records kept?",
    evidence: tuple[tuple[str, str, str], ...] = (
        (CHUNK_PAYROLL, "trusted", TEXT_PAYROLL),
        (CHUNK_LEAVE, "trusted", TEXT_LEAVE),
    ),
) -> str:
    """Return a user prompt with the question and one evidence block per (chunk_id, trust_label, text)."""
    blocks = "\n\n".join(render_evidence_block(chunk_id, trust, text) for chunk_id, trust, text in evidence)
    return f"Question: {escape_evidence_markup(question)}\n\n{blocks}"


def valid_briefing(
    chunk_id: str = CHUNK_PAYROLL, quote: str = "Payroll records are kept for seven years."
) -> dict[str, Any]:
    """Return a briefing payload that matches BriefingOutput and cites one chunk."""
    return {
        "briefing": "Payroll records are kept for seven years.",
        "claims": [
            {
                "statement": "Payroll records are kept for seven years.",
                "citations": [{"chunk_id": chunk_id, "quote": quote}],
            }
        ],
        "insufficient_evidence": False,
    }


async def generate_briefing(provider: Any) -> Any:
    """Ask `provider` for a briefing over the standard evidence prompt; return the validated BriefingOutput."""
    from domains.execution.briefing.output import BriefingOutput

    result = await provider.generate_structured(system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput)
    return result.output
