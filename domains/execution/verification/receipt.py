"""A run's verification receipt: a self-contained record of every verified quote, re-checkable later.

The receipt names, per quote, the document and version it came from (with the version's content hash), the chunk
(id and content hash), the span in the chunk and in the version, the pages, how the quote matched, and what each of
the three stages established. `orion verify receipt.json` re-checks it against the documents as they are now
(`recheck.py`). A receipt holds only the run's own organization's data: the run's query, its quotes and the ids
and hashes of the evidence they came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from domains.execution.run.records import RetrievalOutput, RunResult
from domains.execution.verification.recheck import CurrentVersion, QuoteCheck, recheck_quote

RECEIPT_FORMAT: Literal["orion.verification-receipt/1"] = "orion.verification-receipt/1"


class StageCheck(BaseModel):
    """What one verification stage established for one quote."""

    stage: Literal["membership", "validity", "grounding"]
    passed: bool
    detail: str


class ReceiptQuote(BaseModel):
    """One verified quote and the evidence it stands on."""

    model_config = ConfigDict(extra="forbid")

    claim_index: int
    citation_index: int
    statement: str
    quote: str
    document_id: str
    document_title: str
    document_version_id: str
    version_content_hash: str | None
    chunk_id: str
    chunk_content_hash: str
    chunk_start: int
    chunk_end: int
    version_start: int
    version_end: int
    page_start: int | None
    page_end: int | None
    match: Literal["exact"] | list[str]
    stages: list[StageCheck]

    def verdict(self, current: CurrentVersion | None) -> QuoteVerdict:
        """Re-check this quote against its document's current version (None: the document is gone)."""
        found = recheck_quote(self.quote, self.version_start, self.version_end, current)
        return QuoteVerdict(
            claim_index=self.claim_index,
            citation_index=self.citation_index,
            chunk_id=self.chunk_id,
            document_id=self.document_id,
            status=found.status,
            current_version_id=found.version_id,
            version_start=found.version_start,
            version_end=found.version_end,
        )


class VerificationReceipt(BaseModel):
    """The receipt of an answered run (`GET /runs/{id}/receipt`)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["orion.verification-receipt/1"] = RECEIPT_FORMAT
    run_id: str
    organization_id: str
    workflow_type: str
    query: str
    outcome: Literal["answered"] = "answered"
    completed_at: datetime | None
    issued_at: datetime
    stages: list[str]
    quotes: list[ReceiptQuote]


class QuoteVerdict(BaseModel):
    """What re-checking one receipt quote found."""

    claim_index: int
    citation_index: int
    chunk_id: str
    document_id: str
    status: QuoteCheck
    current_version_id: str | None = None
    version_start: int | None = None
    version_end: int | None = None


def build_receipt(
    *,
    run_id: str,
    organization_id: str,
    workflow_type: str,
    query: str,
    completed_at: datetime | None,
    issued_at: datetime,
    result: RunResult,
    evidence: RetrievalOutput,
    version_hashes: Mapping[str, str],
) -> VerificationReceipt:
    """Return the receipt of an answered run from its verified result and its evidence."""
    by_chunk = evidence.by_chunk()
    quotes: list[ReceiptQuote] = []
    for claim_index, claim in enumerate(result.claims, start=1):
        for citation_index, cited in enumerate(claim.citations, start=1):
            source = by_chunk[cited.chunk_id]
            span = cited.span
            if span is None:  # every verified citation has a span; a result without one was never verified here
                continue
            quotes.append(
                ReceiptQuote(
                    claim_index=claim_index,
                    citation_index=citation_index,
                    statement=claim.statement,
                    quote=cited.quote,
                    document_id=source.document_id,
                    document_title=source.document_title,
                    document_version_id=source.document_version_id,
                    version_content_hash=version_hashes.get(source.document_version_id),
                    chunk_id=cited.chunk_id,
                    chunk_content_hash=source.content_hash,
                    chunk_start=span.chunk_start,
                    chunk_end=span.chunk_end,
                    version_start=span.version_start,
                    version_end=span.version_end,
                    page_start=span.page_start,
                    page_end=span.page_end,
                    match=span.match,
                    stages=[
                        StageCheck(
                            stage="membership",
                            passed=True,
                            detail=f"the chunk was retrieved by this run (rank {source.retrieval_rank}) and shown "
                            "to the model",
                        ),
                        StageCheck(
                            stage="validity",
                            passed=True,
                            detail="the chunk existed in this organization, in the retrieved version, with content "
                            f"hash {source.content_hash}",
                        ),
                        StageCheck(
                            stage="grounding",
                            passed=True,
                            detail="the quote is the chunk's text at the span"
                            + ("" if span.match == "exact" else f" (matched after: {', '.join(span.match)})")
                            + "; every name and number of the statement is in the claim's quotes",
                        ),
                    ],
                )
            )
    return VerificationReceipt(
        run_id=run_id,
        organization_id=organization_id,
        workflow_type=workflow_type,
        query=query,
        completed_at=completed_at,
        issued_at=issued_at,
        stages=["contract", "membership", "validity", "grounding"],
        quotes=quotes,
    )


RECORD_EXEMPT = frozenset({"issued_at"})  # when a receipt was fetched says nothing about the run


def record_differences(receipt: VerificationReceipt, record: VerificationReceipt) -> list[str]:
    """Return the fields in which a receipt differs from the server's record of its run ("quotes[2].chunk_id"),
    [] when it is that record. Each quote is compared whole: a changed quote, statement, chunk, hash, span or stage
    is named, and so is a quote added or left out. A value the record no longer knows (the hash of a version deleted
    since) is not compared: the quote's own verdict says the evidence is gone."""
    mine = receipt.model_dump(mode="json", exclude=set(RECORD_EXEMPT | {"quotes"}))
    theirs = record.model_dump(mode="json", exclude=set(RECORD_EXEMPT | {"quotes"}))
    differing = [name for name in sorted(mine.keys() | theirs.keys()) if mine.get(name) != theirs.get(name)]
    for index in range(max(len(receipt.quotes), len(record.quotes))):
        if index >= len(receipt.quotes) or index >= len(record.quotes):
            differing.append(f"quotes[{index + 1}]")
            continue
        a, b = receipt.quotes[index].model_dump(mode="json"), record.quotes[index].model_dump(mode="json")
        differing.extend(
            f"quotes[{index + 1}].{name}"
            for name in sorted(a.keys() | b.keys())
            if a.get(name) != b.get(name) and b.get(name) is not None  # a deleted version's hash is no longer known
        )
    return differing
