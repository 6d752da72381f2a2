"""Helpers to upload documents through the real route and to count an organization's rows directly."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import psycopg

from packages.database.engine import sync_url
from tests.helpers.identity import Account

UPLOAD_URL = "/api/v1/knowledge/documents"


async def upload(
    client: httpx.AsyncClient,
    account: Account,
    content: bytes | str,
    filename: str = "notes.txt",
    *,
    title: str | None = None,
    source: str | None = None,
    content_type: str = "application/octet-stream",
) -> httpx.Response:
    data = content.encode() if isinstance(content, str) else content
    fields = {k: v for k, v in {"title": title, "source": source}.items() if v is not None}
    return await client.post(
        UPLOAD_URL, files={"file": (filename, data, content_type)}, data=fields, headers=account.headers
    )


async def upload_ok(
    client: httpx.AsyncClient, account: Account, content: bytes | str, filename: str = "notes.txt", **kw
) -> dict:  # type: ignore[no-untyped-def]
    response = await upload(client, account, content, filename, **kw)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def wait_indexed(client: httpx.AsyncClient, account: Account, document_id: str) -> dict:
    """Poll a document until its latest version leaves `processing` (giving up after 30 s)."""
    detail: dict = {}
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(30):
            while True:
                detail = (await client.get(f"{UPLOAD_URL}/{document_id}", headers=account.headers)).json()
                if detail["status"] != "processing":
                    break
                await asyncio.sleep(0.1)
    return detail


def count_rows(database_url: str, organization_id: str) -> dict[str, int]:
    """Count the organization's knowledge rows as the table owner (bypassing RLS)."""
    tables = ("documents", "document_versions", "document_blobs", "document_chunks", "document_embeddings")
    with psycopg.connect(sync_url(database_url)) as conn:
        return {
            table: conn.execute(
                f"SELECT count(*) FROM {table} WHERE organization_id = %s", (organization_id,)
            ).fetchone()[0]  # type: ignore[index]
            for table in tables
        }


MULTIPART_BOUNDARY = b"b0und4ry"


def multipart_body(*parts: tuple[bytes, bytes]) -> tuple[bytes, str]:
    """Return a multipart body written by hand, for what clients' libraries will not send (a NUL in a file name, two
    `file` parts, a 5,000-character header), from (Content-Disposition line, content) parts; and its Content-Type."""
    body = b"".join(
        b"--" + MULTIPART_BOUNDARY + b"\r\n" + disposition + b"\r\nContent-Type: text/plain\r\n\r\n" + content + b"\r\n"
        for disposition, content in parts
    )
    return body + b"--" + MULTIPART_BOUNDARY + b"--\r\n", f"multipart/form-data; boundary={MULTIPART_BOUNDARY.decode()}"
