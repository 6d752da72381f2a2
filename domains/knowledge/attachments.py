"""Email attachments as documents of their own (ADR-0018): what each read attachment becomes, and how a message
lists the ones it did not read.

The email parser parses every attachment whose bytes ORION reads (parsing/email.py); here each one gets the
names an upload gets (file name, a source derived from the message's, a title), is chunked and labelled like any
upload (pipeline.prepare_parsed), and is written by the same service path as the message, linked to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domains.knowledge.ingestion.parsing.email import AttachmentListing
from domains.knowledge.ingestion.pipeline import PreparedDocument, prepare_parsed
from domains.knowledge.models import MAX_FILE_NAME_CHARS, MAX_SOURCE_CHARS, MAX_TITLE_CHARS
from domains.knowledge.schemas import UnreadAttachment
from packages.config.settings import Settings


@dataclass(frozen=True)
class PreparedAttachment:
    """An attachment ready to embed and write as a document linked to its message."""

    source: str
    file_name: str
    data: bytes
    prepared: PreparedDocument


def attachment_source(message_source: str, number: int, file_name: str) -> str:
    """Return the stable identity of a message's attachment: re-sending the same message versions the same
    attachment documents (by content hash), as a re-upload of a file does."""
    return f"{message_source}#attachment-{number}/{file_name}"[:MAX_SOURCE_CHARS]


def prepare_attachments(
    message_source: str, prepared: PreparedDocument, settings: Settings
) -> list[PreparedAttachment]:
    """Chunk and classify each attachment the message's parse read (CPU only: run in a worker thread); the
    attachment's file name is its document's title. A name is the sender's, inside the message: one past the
    column's length is cut there (refusing the whole message for it would lose the mail; it was a 500)."""
    return [
        PreparedAttachment(
            source=attachment_source(message_source, attachment.number, attachment.file_name),
            file_name=attachment.file_name[:MAX_FILE_NAME_CHARS],
            data=attachment.data,
            prepared=prepare_parsed(
                attachment.parsed, attachment.data, settings, attachment.file_name[:MAX_TITLE_CHARS]
            ),
        )
        for attachment in prepared.parsed.attachments
    ]


def unread_attachments(metadata: dict[str, Any] | None) -> list[UnreadAttachment]:
    """Return the attachments a message version lists but did not read (name, type, size and why)."""
    listing = AttachmentListing.model_validate(metadata or {})
    return [
        UnreadAttachment(
            file_name=entry.file_name, media_type=entry.media_type, byte_size=entry.byte_size, reason=entry.reason
        )
        for entry in listing.attachments
        if entry.reason is not None
    ]
