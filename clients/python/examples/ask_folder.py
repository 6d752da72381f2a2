"""Upload a folder to ORION, ask one question, and print the answer's verified quotes.

    ORION_URL=http://127.0.0.1:8000 ORION_TOKEN=orion_pat_... python ask_folder.py ./docs "What is the refund window?"

The token needs the `write` scope (it uploads) and its owner a role that may upload and investigate. Files of a
format ORION does not read, sub-folders, and files ORION refuses (not UTF-8, empty, damaged, too large) are skipped and
named. Exit 0: answered or refused with a reason; 1: ORION could not be reached, refused the token, accepted no file
of the folder, or refused the question; 2: usage (arguments, ORION_TOKEN missing).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import NoReturn

import httpx
from orion_client import AuthenticatedClient
from orion_client.api.investigations import runs_create, runs_result
from orion_client.api.knowledge import knowledge_get_document, knowledge_upload_document
from orion_client.models import (
    DocumentDetail,
    IngestResponse,
    KnowledgeUploadDocumentBody,
    RunCreate,
    RunCreateInput,
    RunPublic,
    RunResultPublic,
)
from orion_client.types import File

# The formats the README lists as accepted uploads
SUFFIXES = {
    ".txt", ".md", ".markdown", ".pdf", ".docx", ".html", ".htm", ".eml", ".mbox", ".csv", ".xlsx",
    ".png", ".jpg", ".jpeg", ".tif", ".tiff",
}  # fmt: skip


def supported_files(folder: Path) -> list[Path]:
    """Return the files of `folder` that ORION reads, saying on stderr which others it skips and why."""
    files = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue  # hidden files (.DS_Store, .git) are nobody's documents
        if path.is_dir():
            print(f"skipped {path.name}/: a folder (only the files directly in {folder} are uploaded)", file=sys.stderr)
        elif path.suffix.lower() not in SUFFIXES:
            kind = f"{path.suffix} files" if path.suffix else "files without an extension"
            print(f"skipped {path.name}: ORION does not read {kind}", file=sys.stderr)
        else:
            files.append(path)
    return files


def upload_folder(client: AuthenticatedClient, folder: Path) -> list[str]:
    """Upload every supported file of `folder`; return the document ids."""
    ids = []
    for path in supported_files(folder):
        with path.open("rb") as handle:
            body = KnowledgeUploadDocumentBody(file=File(payload=handle, file_name=path.name), title=path.stem)
            detailed = knowledge_upload_document.sync_detailed(client=client, body=body)
        response = detailed.parsed
        if not isinstance(response, IngestResponse):
            # The error body says why (the contract's one error shape): a refused file, a bad token, a limit.
            status = int(detailed.status_code)
            if status in REFUSED_FILE:
                print(f"refused {path.name}: {_message(detailed.content)}", file=sys.stderr)
                continue  # one file ORION cannot read (not UTF-8, empty, damaged) is no reason to stop
            reason = detailed.content.decode("utf-8", errors="replace")[:300]
            sys.exit(f"upload of {path.name} failed: HTTP {status} {reason}")
        ids.append(response.document_id)
        print(f"uploaded {path.name}: {response.status}")
    if not ids:
        sys.exit(f"no file of {folder} could be uploaded")
    return ids


# What ORION answers for a file it will not read (415 a type it does not read, 422 unreadable content, 413 too large)
REFUSED_FILE = {413, 415, 422}


def _message(body: bytes) -> str:
    """Return the contract error's message, or the body's start when it is not one."""
    try:
        return str(json.loads(body)["error"]["message"])
    except (ValueError, KeyError, TypeError):
        return body.decode("utf-8", errors="replace")[:300]


def wait_until_indexed(client: AuthenticatedClient, document_ids: list[str], timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    for document_id in document_ids:
        while True:
            detail = knowledge_get_document.sync(document_id, client=client)
            if isinstance(detail, DocumentDetail) and detail.status != "processing":
                break
            if time.monotonic() > deadline:
                sys.exit(f"document {document_id} is still processing")
            time.sleep(0.5)


def ask(client: AuthenticatedClient, question: str, document_ids: list[str]) -> RunResultPublic:
    inputs = RunCreateInput.from_dict({"query": question, "document_ids": document_ids})
    run = runs_create.sync(client=client, body=RunCreate(workflow_type="evidence_briefing", input_=inputs))
    if not isinstance(run, RunPublic):
        sys.exit(f"the investigation could not start: {run}")
    result = runs_result.sync(run.id, client=client)
    if not isinstance(result, RunResultPublic):
        sys.exit(f"the result could not be read: {result}")
    return result


REQUEST_TIMEOUT_SECONDS = 120  # a run executes within its request; a hosted model may take a while


def usage_error(message: str) -> NoReturn:
    print(f"ask_folder: {message}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    if len(sys.argv) != 3:
        usage_error(f"give a folder and a question\n{__doc__}")
    folder, question = Path(sys.argv[1]), sys.argv[2]
    if not folder.is_dir():
        usage_error(f"no such folder: {folder}")
    token = os.environ.get("ORION_TOKEN")
    if not token:
        usage_error("set ORION_TOKEN to a personal access token with the write scope (create one on the Tokens page)")
    base_url = os.environ.get("ORION_URL", "http://127.0.0.1:8000")
    client = AuthenticatedClient(
        base_url=base_url,
        token=token,
        timeout=httpx.Timeout(REQUEST_TIMEOUT_SECONDS),  # the generated client waits forever without one
    )
    try:
        with client:
            document_ids = upload_folder(client, folder)
            wait_until_indexed(client, document_ids)
            result = ask(client, question, document_ids)
    except httpx.HTTPError as exc:  # unreachable, refused connection, timed out
        sys.exit(f"ask_folder: cannot reach ORION at {base_url} ({type(exc).__name__}: {exc}); is ORION_URL right?")
    print(f"outcome: {result.outcome}")
    if result.refusal:
        print(f"refused: {result.refusal.reason}")
        return
    sources = {c.chunk_id: c for c in result.citations}
    print(result.result.briefing)
    for claim in result.result.claims:
        print(f"- {claim.statement}")
        for citation in claim.citations:
            source = sources[citation.chunk_id]
            page = f", page {source.page}" if isinstance(source.page, int) else ""
            print(f'    verified quote: "{citation.quote}" ({source.document_title}{page})')


if __name__ == "__main__":
    main()
