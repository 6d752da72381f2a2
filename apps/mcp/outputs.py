"""The MCP tools' compact, structured outputs, built from the REST API's own bodies (agents pay per token)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from domains.execution.schemas import RunPublic, RunResultPublic
from domains.knowledge.schemas import DocumentDetail, DocumentPublic, SearchResultPublic

RECEIPT_PATH = "/api/v1/runs/{run_id}/receipt"
RESULT_PATH = "/api/v1/runs/{run_id}/result"


class SearchHit(BaseModel):
    chunk_id: str
    document_id: str
    version_id: str
    title: str
    page: int | None
    section: str | None
    trust_label: str
    score: float
    text: str


class SearchOutput(BaseModel):
    hits: list[SearchHit]


class Quote(BaseModel):
    """One verified quote: verbatim text of a stored chunk, with where it is."""

    quote: str
    chunk_id: str
    document_id: str
    version_id: str
    title: str
    page: int | None
    section: str | None
    trust_label: str
    # Offsets of the quote in the version's normalized text (read_document_text reads around them).
    version_start: int | None
    version_end: int | None


class ClaimOutput(BaseModel):
    statement: str
    quotes: list[Quote]
    # Whether the quoted documents still say it: "changed" (a newer version no longer holds the quote) or "gone"
    # (the document was deleted or purged) since the run completed (evidence drift, ADR-0021)
    evidence_status: str = "current"


class InvestigationOutput(BaseModel):
    """A run as an agent needs it: the verified answer, or the refusal with its reason."""

    run_id: str
    status: str
    outcome: str | None
    briefing: str
    claims: list[ClaimOutput]
    # The parts of a question asking several things that no claim answers (the briefing names them too)
    unanswered_parts: list[str] = []
    # True only for an answer whose every quote passed verification and still stands in the current documents;
    # False for a failed check or an answer whose evidence has since changed or gone (evidence_status "drifted");
    # None when there were no quotes to verify (a refusal, a cancelled or unfinished run); `verification` says which.
    quotes_verified: bool | None
    evidence_status: str
    verification: str
    refusal: str | None
    failure_reason: str | None
    # Only an answered run has a receipt (the API answers 409 `not_answered` for any other).
    receipt: str | None
    result: str


class DocumentItem(BaseModel):
    id: str
    title: str
    type: str
    status: str
    created_at: datetime


class DocumentList(BaseModel):
    total: int
    documents: list[DocumentItem]


class TextSpan(BaseModel):
    document_id: str
    version_id: str
    version_number: int
    start: int
    end: int
    total_chars: int
    text: str


def search_output(results: list[SearchResultPublic]) -> SearchOutput:
    return SearchOutput(
        hits=[
            SearchHit(
                chunk_id=r.chunk_id,
                document_id=r.document_id,
                version_id=r.document_version_id,
                title=r.document_title,
                page=r.page,
                section=r.section,
                trust_label=r.trust_label,
                score=round(r.score, 4),
                text=r.content,
            )
            for r in results
        ]
    )


VERIFICATION = {
    "answered": "every quote was checked verbatim against the stored documents and passed",
    "insufficient_evidence": "no quotes to verify: the run refused for lack of evidence (see refusal)",
    "failed": "the run failed (see failure_reason): no answer is given",
    "cancelled": "the run was cancelled: no quotes to verify",
}


def _quotes_verified(outcome: str | None, claims: list[ClaimOutput], drifted: bool) -> bool | None:
    if outcome == "answered":
        return bool(claims) and not drifted
    # A failed run may have failed verification itself (a quote not found): that is a failed check
    return False if outcome == "failed" and claims else None


def _verification(outcome: str | None, claims: list[ClaimOutput], drifted: bool) -> str:
    if outcome == "answered" and drifted:
        drifted_claims = sum(claim.evidence_status != "current" for claim in claims)
        return (
            "every quote passed verification when the run completed, but the evidence of "
            f"{drifted_claims} of {len(claims)} claims has since changed or been deleted "
            "(see each claim's evidence_status): ask again before citing it"
        )
    return VERIFICATION.get(outcome or "", "not finished yet: no quotes to verify so far")


def investigation_output(run: RunPublic, result: RunResultPublic | None) -> InvestigationOutput:
    """Join a run's claims to the citations they quote; an unfinished run has no result yet."""
    claims: list[ClaimOutput] = []
    briefing = ""
    unanswered: list[str] = []
    refusal = None
    if result is not None:
        cited = {c.chunk_id: c for c in result.citations}
        briefing = result.result.briefing
        unanswered = list(result.result.unanswered_parts)
        refusal = result.refusal.reason if result.refusal else None
        for claim in result.result.claims:
            quotes = []
            for citation in claim.citations:
                source = cited.get(citation.chunk_id)
                quotes.append(
                    Quote(
                        quote=citation.quote,
                        chunk_id=citation.chunk_id,
                        document_id=source.document_id if source else "",
                        version_id=source.document_version_id if source else "",
                        title=source.document_title if source else "",
                        page=source.page if source else None,
                        section=source.section if source else None,
                        trust_label=source.trust_label if source else "",
                        version_start=citation.span.version_start if citation.span else None,
                        version_end=citation.span.version_end if citation.span else None,
                    )
                )
            claims.append(ClaimOutput(statement=claim.statement, quotes=quotes, evidence_status=claim.evidence_status))
    outcome = str(run.outcome) if run.outcome else None
    drifted = run.evidence_status == "drifted"
    return InvestigationOutput(
        run_id=run.id,
        status=str(run.status),
        outcome=outcome,
        briefing=briefing,
        claims=claims,
        unanswered_parts=unanswered,
        quotes_verified=_quotes_verified(outcome, claims, drifted),
        evidence_status=str(run.evidence_status),
        verification=_verification(outcome, claims, drifted),
        refusal=refusal,
        failure_reason=run.failure_reason,
        receipt=RECEIPT_PATH.format(run_id=run.id) if outcome == "answered" else None,
        result=RESULT_PATH.format(run_id=run.id),
    )


def document_list(documents: list[DocumentPublic], total: int) -> DocumentList:
    return DocumentList(
        total=total,
        documents=[
            DocumentItem(id=d.id, title=d.title, type=d.document_type, status=d.status, created_at=d.created_at)
            for d in documents
        ],
    )


def chosen_version(detail: DocumentDetail, version_id: str | None) -> tuple[str, int] | None:
    """Return (id, number) of the requested version, or of the newest indexed one (else the newest)."""
    if version_id is not None:
        match = [v for v in detail.versions if v.id == version_id]
        return (match[0].id, match[0].version_number) if match else None
    if not detail.versions:
        return None
    indexed = [v for v in detail.versions if v.status == "indexed"] or detail.versions
    newest = max(indexed, key=lambda v: v.version_number)
    return newest.id, newest.version_number


def text_span(document_id: str, version: tuple[str, int], text: str, start: int, length: int) -> TextSpan:
    start = min(start, len(text))
    end = min(len(text), start + length)
    return TextSpan(
        document_id=document_id,
        version_id=version[0],
        version_number=version[1],
        start=start,
        end=end,
        total_chars=len(text),
        text=text[start:end],
    )
