"""The size and complexity caps every parser works within (ORION_* settings; defaults here for direct use)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from domains.knowledge.errors import DocumentTooLarge

OcrMode = Literal["defer", "run", "off"]


class OcrProgress(Protocol):
    def __call__(self, done: int, total: int) -> None: ...


@dataclass(frozen=True)
class ParseLimits:
    """Caps for one parse, and what to do with pages that need OCR.

    `ocr="defer"` (the upload request) records such pages in `ParsedDocument.ocr_pending` without reading them,
    `"run"` (the background worker) reads them, `"off"` treats them as pages without text.
    """

    max_unpacked_bytes: int = 200 * 1024 * 1024
    max_compression_ratio: float = 200.0
    max_archive_members: int = 10_000
    max_table_rows: int = 50_000
    max_html_depth: int = 200
    max_image_pixels: int = 60_000_000
    max_ocr_pages: int = 500
    max_email_messages: int = 5_000
    max_email_attachments: int = 200  # attachments in one upload (every message of an mbox together)
    max_forwarded_messages: int = 16  # message/rfc822 parts in one message (bounds how deep forwards nest)
    max_mime_parts: int = 200  # multipart containers and message/rfc822 parts in one message, counted before parsing
    max_attachment_bytes: int = 10 * 1024 * 1024  # one attachment's decoded bytes (the upload cap)
    max_table_pages: int = 30  # PDF pages with ruling that pdfplumber searches for tables (0: none)
    ocr: OcrMode = "defer"
    # Parse an email's attachments (the upload and `orion ingest` do; the worker, finishing a queued message,
    # needs only the message's own text: its attachments were made documents, and jobs, of their own).
    parse_attachments: bool = True
    ocr_progress: Callable[[int, int], None] | None = None


DEFAULT_LIMITS = ParseLimits()


def too_many_rows(limits: ParseLimits) -> DocumentTooLarge:
    """The 413 for a table past ORION_MAX_TABLE_ROWS (parsers stop reading at the cap)."""
    return DocumentTooLarge(
        f"The document has more than {limits.max_table_rows:,} table rows (limit of ORION_MAX_TABLE_ROWS).",
        details={"max_table_rows": limits.max_table_rows},
    )
