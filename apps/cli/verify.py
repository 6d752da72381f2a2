"""`orion verify receipt.json`: check that a verification receipt is the server's record of its run, and re-check
every quote against the documents as they are now.

Against the database (as the table owner, scoped to the receipt's organization) or, with `--api URL --token T`,
through the HTTP API with the caller's own token (so the caller's organization and permissions apply). A receipt is
unsigned: what vouches for it is the record of its run, rebuilt from the stored run and compared field by field (an
edited quote, chunk id, hash or stage differs from it; a run the organization does not hold has no record).
"""

from __future__ import annotations

from collections.abc import Sequence

import httpx
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from domains.execution.errors import RunNotAnswered, RunNotFound
from domains.execution.evidence import recheck_quotes
from domains.execution.service import run_receipt
from domains.execution.verification.receipt import QuoteVerdict, VerificationReceipt, record_differences
from domains.execution.verification.recheck import CurrentVersion
from packages.database.engine import Database

DOCUMENTS = "/api/v1/knowledge/documents"


# How the receipt compares with the record of its run: [] it is that record; ["run"] no answered run of that id in the
# organization (or, over the API, the caller's); else the fields that differ
Record = list[str]
NO_RECORD = ["run"]


async def verify_with_database(db: Database, receipt: VerificationReceipt) -> tuple[Record, list[QuoteVerdict]]:
    """Compare the receipt with its run's record and re-check its quotes, within the receipt's organization only."""
    async with db.owner_session() as session:
        try:
            record = record_differences(receipt, await run_receipt(session, receipt.organization_id, receipt.run_id))
        except (RunNotFound, RunNotAnswered):
            record = NO_RECORD
        return record, await recheck_quotes(session, receipt.organization_id, receipt.quotes)


async def _current_over_api(http: httpx.AsyncClient, document_id: str) -> CurrentVersion | None:
    response = await http.get(f"{DOCUMENTS}/{document_id}")
    if response.status_code == 404:
        return None
    response.raise_for_status()
    detail = response.json()
    indexed = [v for v in detail["versions"] if v["status"] == "indexed"]
    if not indexed:
        return None
    latest = max(indexed, key=lambda v: v["version_number"])
    text = await http.get(f"{DOCUMENTS}/{document_id}/versions/{latest['id']}/text")
    text.raise_for_status()
    paged = latest["page_count"] is not None
    return CurrentVersion(document_id, latest["id"], latest["content_hash"], text.text, paged)


class ApiNotFound(OSError):
    """The --api URL is not an ORION server's base URL."""


BASE_URL_HINT = "give the server's base URL, without /api/v1 or /mcp"


def _is_json(response: httpx.Response) -> bool:
    return response.headers.get("content-type", "").split(";", 1)[0].strip().lower() == "application/json"


async def verify_with_api(http: httpx.AsyncClient, receipt: VerificationReceipt) -> tuple[Record, list[QuoteVerdict]]:
    """Compare the receipt with the server's record of its run and re-check its quotes through the API (`http`
    carries the base URL and the caller's token).

    The server is asked who the token is first: a wrong base URL answers every document with 404 too, and would
    otherwise read as "every document was deleted"."""
    probe = await http.get("/api/v1/auth/me")
    if probe.status_code == 404:
        raise ApiNotFound(f"no ORION API at {http.base_url} ({BASE_URL_HINT})")
    probe.raise_for_status()  # 401/403: the token is refused, said as such by the CLI
    if not _is_json(probe):
        # A base URL with a path (".../mcp") reaches the web UI, whose page answers any address with 200
        raise ApiNotFound(f"no ORION API at {http.base_url}: it answered with a page, not the API ({BASE_URL_HINT})")
    stored = await http.get(f"/api/v1/runs/{receipt.run_id}/receipt")
    if stored.status_code in (404, 409):
        record = NO_RECORD  # no such run for this token's organization, or one that did not answer
    else:
        stored.raise_for_status()
        record = record_differences(receipt, VerificationReceipt.model_validate(stored.json()))
    current = {doc: await _current_over_api(http, doc) for doc in sorted({q.document_id for q in receipt.quotes})}
    return record, [quote.verdict(current[quote.document_id]) for quote in receipt.quotes]


def unreadable_receipt(error: OSError | ValidationError) -> str:
    """Return one line naming the first problem of a receipt file that cannot be read (not pydantic's dump)."""
    if isinstance(error, OSError):
        return f"{error.filename or 'the file'}: {error.strerror or error}"
    problems = error.errors(include_url=False)
    first = problems[0]
    if first["type"] == "json_invalid":
        return f"the file is not JSON ({str(first['msg']).removeprefix('Invalid JSON: ')})"
    where = ".".join(str(part) for part in first["loc"]) or "the receipt"
    more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
    return f"{where}: {first['msg']}{more}"


def describe_record(receipt: VerificationReceipt, record: Record) -> str:
    """Return one line saying whether the receipt is its run's record."""
    if not record:
        return f"the receipt is the record of run {receipt.run_id}"
    if record == NO_RECORD:
        return f"no answered run {receipt.run_id} in this organization: nothing vouches for this receipt"
    return f"the receipt differs from the record of run {receipt.run_id} in: {', '.join(record)}"


def verdicts_caveat(record: Record) -> str | None:
    """Return what the quote statuses mean when the receipt is not its run's record, or None when it is: "gone" may
    be evidence this organization cannot see, and "changed" a quote edited in the receipt (outside check 19)."""
    if not record:
        return None
    if record == NO_RECORD:
        return "as this organization sees the evidence: 'gone' may be a document of another organization"
    return "the receipt was edited: its quotes are checked as written, so an edited quote reads 'changed'"


def print_verdicts(
    receipt: VerificationReceipt, verdicts: Sequence[QuoteVerdict], console: Console, record: Record | None = None
) -> None:
    """Print one row per quote: claim, document, status, and the quote's start; under a receipt that is not its run's
    record, what the statuses mean."""
    quotes = {(q.claim_index, q.citation_index): q for q in receipt.quotes}
    table = Table(title=f"receipt of run {receipt.run_id}", caption=verdicts_caveat(record or []))
    for column in ("claim", "document", "status", "quote"):
        table.add_column(column)
    for verdict in verdicts:
        quote = quotes[(verdict.claim_index, verdict.citation_index)]
        excerpt = quote.quote if len(quote.quote) <= 60 else quote.quote[:57] + "..."
        table.add_row(f"{verdict.claim_index}.{verdict.citation_index}", quote.document_title, verdict.status, excerpt)
    console.print(table)
