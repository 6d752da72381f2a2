"""Email: an .eml message, or an .mbox archive of many, as sections of decoded body text.

Each message opens with its subject as a heading; the section label also names the sender and the date, and
from/to/cc/date/subject/message-id go to the version's metadata, so raw header lines never become quotable
content. Bodies are decoded (base64, quoted-printable, the part's charset) by the stdlib `email` package; the
text/plain alternative is preferred, else the HTML one goes through the HTML parser.

Attachments whose bytes ORION reads (PDF, Word, Excel, CSV, HTML, Markdown, text, images) are parsed on their own
and returned in `ParsedDocument.attachments`: the upload makes each one a document linked to the message; so is a
message forwarded as an attachment (one level: its own attachments are listed on it, not read). The
others (an archive, an executable, a file that is empty or damaged) are listed in the
metadata (`attachments`: name, type, size, why not read) and not ingested. Guards, all checked before anything is
stored: MIME parts and forwarded messages are counted on the raw bytes before the stdlib parser recurses into
them (`max_mime_parts`, `max_forwarded_messages` -> 422 too_complex); more than `max_email_attachments` attachments, an
attachment past the upload cap, or an attachment past its own format's caps -> 413/422 for the whole upload.
"""

from __future__ import annotations

import base64
import binascii
import mailbox
import os
import quopri
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parsedate_to_datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from domains.knowledge.errors import (
    DocumentRejected,
    DocumentTooComplex,
    DocumentTooLarge,
    EmptyDocument,
    UnsupportedDocumentType,
)
from domains.knowledge.ingestion.parsing.builder import TextBuilder, inline
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedAttachment, ParsedDocument
from domains.knowledge.ingestion.parsing.html import parse_html
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits

_ADDRESS_FIELDS = ("from", "to", "cc")
# Attachments read as documents of their own. A message forwarded as an attachment (message/rfc822) is read too,
# as an email document of its own, one level deep (its own attachments are listed on it, not read).
ATTACHMENT_TYPES: frozenset[DocumentType] = frozenset(
    {"pdf", "docx", "xlsx", "csv", "html", "markdown", "text", "image"}
)
_PART_HEADER = re.compile(rb"(?im)^content-type:[ \t]*(multipart/|message/rfc822)")
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_QUOTED_FROM = re.compile(rb"(?m)^>(>*From )")  # an mbox body line quoted so it is no message separator

AttachmentReader = Callable[[bytes, str | None, ParseLimits], ParsedDocument]
AttachmentDetector = Callable[[bytes, str | None], DocumentType]


class ListedAttachment(BaseModel):
    """One attachment as the message's metadata lists it; `reason` says why it was not read (None: it was)."""

    file_name: str
    media_type: str
    byte_size: int
    message: int  # 1 for an .eml; the message's position in an .mbox
    reason: str | None = None


class AttachmentListing(BaseModel):
    """The `attachments` a message version's metadata holds (the rest of the metadata is ignored here)."""

    model_config = ConfigDict(extra="ignore")

    attachments: list[ListedAttachment] = []


@dataclass
class _Attachments:
    """What the messages of one upload carry: the read attachments, and every attachment listed."""

    read: AttachmentReader | None
    detect: AttachmentDetector | None
    limits: ParseLimits
    parsed: list[ParsedAttachment] = field(default_factory=list)
    listed: list[ListedAttachment] = field(default_factory=list)


class EmailParser:
    document_type: DocumentType = "email"

    def __init__(self, read: AttachmentReader | None = None, detect: AttachmentDetector | None = None) -> None:
        self.read, self.detect = read, detect  # without a reader, attachments are listed and not read

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse one RFC 5322 message into its decoded body text under a subject heading."""
        return _parse_email(_parse_message(data, limits), limits, _Attachments(self.read, self.detect, limits))


class MboxParser(EmailParser):
    document_type: DocumentType = "mbox"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse an mbox archive: one section per message, in archive order."""
        builder = TextBuilder()
        attachments = _Attachments(self.read, self.detect, limits)
        messages: list[dict[str, Any]] = []
        # mailbox reads from a path only; the bytes live in a private temporary file for the parse.
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "upload.mbox")
            with open(path, "wb") as handle:
                handle.write(data)
            archive = mailbox.mbox(path, factory=None, create=False)
            try:
                for position, key in enumerate(archive.iterkeys()):
                    if position >= limits.max_email_messages:
                        raise DocumentTooLarge(
                            f"The archive holds more than {limits.max_email_messages:,} messages.",
                            details={"max_messages": limits.max_email_messages},
                        )
                    message = _parse_message(_unescape_from_lines(archive.get_bytes(key)), limits)
                    messages.append(_write_message(builder, message, limits, attachments, position + 1))
            finally:
                archive.close()
        return _build(builder, "mbox", {"messages": messages, "message_count": len(messages)}, attachments)


def _unescape_from_lines(raw: bytes) -> bytes:
    """Undo an mbox writer's quoting of body lines that start with "From " (`>From the garden` -> `From the garden`;
    mboxrd quotes an already quoted line again, so `>>From ` -> `>From `): the writer adds the `>` so the line is not
    read as the next message's separator, and it is no part of what the sender wrote. The stdlib `mailbox` does not
    remove it. Only lines below the header (after the first blank line) are touched."""
    end = _HEADER_END.search(raw)
    if end is None:
        return raw
    return raw[: end.end()] + _QUOTED_FROM.sub(rb"\1", raw[end.end() :])


def check_structure(data: bytes, limits: ParseLimits) -> None:
    """Refuse (422 too_complex) a message whose MIME tree may be too deep or too wide, before the stdlib parser
    (which recurses once per nested part) reads it. Counted on part headers in the raw bytes: each forwarded
    message is a `message/rfc822` part and each container a `multipart/` one, so their counts bound the depth."""
    forwarded = 0
    for parts, match in enumerate(_PART_HEADER.finditer(data), start=1):
        forwarded += match.group(1).lower() == b"message/rfc822"
        if parts > limits.max_mime_parts or forwarded > limits.max_forwarded_messages:
            raise DocumentTooComplex(
                "The message holds too many parts or forwarded messages (nested inside each other or not).",
                details={
                    "max_mime_parts": limits.max_mime_parts,
                    "max_forwarded_messages": limits.max_forwarded_messages,
                },
            )


def _parse_message(raw: bytes, limits: ParseLimits) -> Any:
    check_structure(raw, limits)  # per message: an archive's messages are bounded one by one
    try:
        return BytesParser(policy=policy.default).parsebytes(raw)
    except RecursionError:  # nesting the header count did not see (e.g. parts without a Content-Type line)
        raise DocumentTooComplex("The message nests its parts too deeply.") from None


def _parse_email(message: Any, limits: ParseLimits, attachments: _Attachments) -> ParsedDocument:
    """Build one parsed message (its body under a subject heading, its attachments read or listed)."""
    builder = TextBuilder()
    headers = _write_message(builder, message, limits, attachments)
    return _build(builder, "email", headers, attachments)


def _build(
    builder: TextBuilder, document_type: DocumentType, metadata: dict[str, Any], attachments: _Attachments
) -> ParsedDocument:
    if attachments.listed:
        metadata["attachments"] = [entry.model_dump() for entry in attachments.listed]
    try:
        parsed = builder.build(document_type, metadata)
    except EmptyDocument:
        raise EmptyDocument("The message has no readable body text.") from None
    return replace(parsed, attachments=attachments.parsed)


def _write_message(
    builder: TextBuilder, message: Any, limits: ParseLimits, attachments: _Attachments, number: int = 1
) -> dict[str, Any]:
    headers = _headers(message)
    subject = headers.get("subject") or "(no subject)"
    label = " — ".join(part for part in (subject, headers.get("from"), headers.get("date")) if part)
    builder.heading(subject, 1, label=label[:480])
    builder.paragraph(_header_block(message, headers))
    body = _body(message)
    if body is not None:
        _write_part(builder, body, limits)
    if isinstance(message, EmailMessage):
        for part in message.iter_attachments():
            _take_attachment(part, attachments, number)
    return headers


def _headers(message: Any) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    for name in ("subject", "message-id"):
        if value := inline(message.get(name, "")):
            headers[name.replace("-", "_")] = value
    for name in _ADDRESS_FIELDS:
        values = [str(value) for value in message.get_all(name, [])]
        addresses = [
            f"{person} <{address}>" if person else address for person, address in getaddresses(values) if address
        ]
        if addresses:
            headers[name] = ", ".join(addresses)
    if raw_date := message.get("date"):
        try:
            headers["date"] = parsedate_to_datetime(str(raw_date)).isoformat()
        except (TypeError, ValueError, IndexError):
            headers["date"] = inline(raw_date)
    return headers


MAX_HEADER_LINE_CHARS = 600  # a To: line naming a whole mailing list is cut after the address that passes this


def _header_block(message: Any, headers: dict[str, Any]) -> str:
    """Return the message's From / To / Cc / Date lines as its reader sees them, under the subject: who sent it, to
    whom and when are asked of a mail, and only a line of the text can be quoted (the date as the sender wrote it)."""
    lines = []
    for name in _ADDRESS_FIELDS:
        if value := headers.get(name):
            if len(value) > MAX_HEADER_LINE_CHARS:
                value = value[: value.rfind(", ", 0, MAX_HEADER_LINE_CHARS)] + ", ..."
            lines.append(f"{name.capitalize()}: {value}")
    if raw_date := _raw_date(message):
        lines.append(f"Date: {raw_date}")
    return "\n".join(lines)


def _raw_date(message: Any) -> str:
    """Return the Date header as the sender's program wrote it ("Thu, 6 Mar 2025"): the parsed header re-renders it
    ("Thu, 06 Mar 2025"), and a quote of it must be the message's own words."""
    raw_items = getattr(message, "raw_items", None)
    for name, value in raw_items() if raw_items is not None else ():
        if name.lower() == "date" and isinstance(value, str):
            return inline(value)
    return inline(message.get("date", ""))


def _body(message: Any) -> Any:
    if isinstance(message, EmailMessage):
        return message.get_body(preferencelist=("plain", "html"))
    return None


def _undeclared_text(part: Any) -> str:
    """Decode a text part that names no charset: the stdlib reads it as US-ASCII and turns every other byte into
    U+FFFD, so a message saved without MIME headers (a plain-text mail with "£95") would lose its characters. UTF-8
    is tried first, then Windows-1252, the usual legacy mail encoding (never fails)."""
    payload = part.get_payload(decode=True) or b""
    try:
        return str(payload.decode("utf-8"))
    except UnicodeDecodeError:
        return str(payload.decode("cp1252", "replace"))


def _write_part(builder: TextBuilder, part: Any, limits: ParseLimits) -> None:
    try:
        content = part.get_content() if part.get_content_charset() else _undeclared_text(part)
    except (LookupError, ValueError, AssertionError):  # an unknown charset or a broken transfer encoding
        payload = part.get_payload(decode=True) or b""
        content = payload.decode("utf-8", "replace")
    if not isinstance(content, str):
        return
    if part.get_content_type() == "text/html":
        try:
            parsed = parse_html(content, limits)
        except EmptyDocument:
            return
        builder.embed(parsed)
    else:
        builder.paragraph(unquote(content))


# The quote markers a mail program puts before each line of an earlier message it quotes: ">", ">>", "> >".
_QUOTE_PREFIX = re.compile(r"^(?:[ \t]*>)+[ \t]?")


def unquote(body: str) -> str:
    """Return a plain-text body with the quote markers of the earlier messages it quotes taken off each line.

    The markers are the mail program's layout, not the senders' words: left in, a sentence wrapped across two quoted
    lines is quoted as "the school\n>> hall", and a line of markers alone ends no paragraph. Each change of depth
    starts a paragraph of its own, so a quoted message never runs into the reply above it; the reply's attribution
    ("On Tue, 15 Apr 2025 at 20:05, Tom Reilly <tom@...> wrote:") stays as the line that says whose words follow."""
    lines: list[str] = []
    depth = 0
    for line in body.splitlines():
        marker = _QUOTE_PREFIX.match(line)
        level = marker.group(0).count(">") if marker else 0
        if level != depth and lines and lines[-1].strip():
            lines.append("")
        lines.append(line[marker.end() :] if marker else line)
        depth = level
    return "\n".join(lines)


def _take_attachment(part: Any, attachments: _Attachments, message_number: int) -> None:
    """List one attachment, and read it as a document of its own when its bytes are a type ORION reads."""
    limits = attachments.limits
    if len(attachments.listed) >= limits.max_email_attachments:
        raise DocumentTooLarge(
            f"The upload carries more than {limits.max_email_attachments:,} attachments.",
            details={"max_attachments": limits.max_email_attachments},
        )
    forwarded = _forwarded_message(part, limits)
    name = inline(part.get_filename()) or _forwarded_name(forwarded) or f"attachment-{len(attachments.listed) + 1}"
    container = part.is_multipart() and forwarded is None  # another container (not a message): listed only
    if forwarded is not None:
        payload = forwarded.as_bytes(policy=policy.default)  # the forwarded message itself, as an .eml holds it
    else:
        payload = part.as_bytes() if container else (part.get_payload(decode=True) or b"")
    if len(payload) > limits.max_attachment_bytes:
        raise DocumentTooLarge(
            f"The attachment {name[:200]!r} is larger than the {limits.max_attachment_bytes:,}-byte upload limit.",
            details={"max_upload_bytes": limits.max_attachment_bytes, "attachment": name[:200]},
        )
    entry = ListedAttachment(
        file_name=name, media_type=part.get_content_type(), byte_size=len(payload), message=message_number
    )
    attachments.listed.append(entry)
    if container:
        entry.reason = "unsupported_type"
    elif forwarded is not None:
        entry.reason = _read_forwarded(forwarded, payload, name, attachments, len(attachments.listed))
    elif part.get_content_maintype() == "image" and part.get_content_disposition() == "inline":
        entry.reason = "inline_image"  # a logo or picture shown in the body, not a file sent along
    else:
        entry.reason = _read_attachment(payload, name, attachments, len(attachments.listed))


def _forwarded_message(part: Any, limits: ParseLimits) -> Any:
    """Return the message a `message/rfc822` part carries (a message forwarded as an attachment), else None."""
    if part.get_content_type() != "message/rfc822":
        return None
    encoding = str(part.get("content-transfer-encoding", "")).strip().lower()
    if encoding in ("base64", "quoted-printable"):  # RFC 2046 forbids it for message/rfc822; some senders do it
        _, _, body = part.as_bytes().replace(b"\r\n", b"\n").partition(b"\n\n")
        try:
            raw = base64.b64decode(body) if encoding == "base64" else quopri.decodestring(body)
        except (binascii.Error, ValueError):
            return None
        return _parse_message(raw, limits)  # the guards count the decoded parts before the parser recurses
    payload = part.get_payload()
    return payload[0] if isinstance(payload, list) and payload else None


def _forwarded_name(message: Any) -> str | None:
    if message is None:
        return None
    subject = inline(message.get("subject", "")) or "forwarded message"
    return f"{subject[:200]}.eml"


def _read_forwarded(message: Any, payload: bytes, name: str, attachments: _Attachments, number: int) -> str | None:
    """Read a forwarded message (already parsed, `payload` its bytes) as an email document of its own, one level
    deep: its own attachments are listed on it (reason `not_read`) and not read, so an upload's documents stay one
    message and its files."""
    if attachments.read is None or not attachments.limits.parse_attachments:
        return "not_read"  # the message is itself a forwarded one (or its parse reads no attachments)
    one_level = replace(attachments.limits, parse_attachments=False)
    try:
        parsed = _parse_email(message, one_level, _Attachments(attachments.read, attachments.detect, one_level))
    except DocumentTooComplex:  # a guard refuses the whole upload, as for any attachment
        raise
    except DocumentRejected as exc:  # a forwarded message without body text: listed with the reason
        return exc.reason
    attachments.parsed.append(ParsedAttachment(name, payload, parsed, number))
    return None


def _read_attachment(payload: bytes, name: str, attachments: _Attachments, number: int) -> str | None:
    """Parse an attachment into `attachments.parsed`; return why it was not read (None when it was).

    Guards (too large, too complex) fail the whole upload; an attachment that is empty, damaged or of a type
    ORION does not read is only listed."""
    if attachments.read is None or attachments.detect is None or not attachments.limits.parse_attachments:
        return "not_read"
    if not payload:
        return "empty"
    try:
        document_type = attachments.detect(payload, name)
    except UnsupportedDocumentType:
        return "unsupported_type"
    except DocumentRejected as exc:
        return exc.reason
    if document_type not in ATTACHMENT_TYPES:
        return "unsupported_type"
    try:  # in the upload request OCR is deferred (the attachment is queued); `orion ingest` reads scans inline
        parsed = attachments.read(payload, name, replace(attachments.limits, ocr_progress=None))
    except DocumentTooComplex:
        raise
    except DocumentRejected as exc:  # empty, damaged, a PDF without text: listed with the reason, not read
        return exc.reason
    except UnsupportedDocumentType:
        return "unsupported_type"
    attachments.parsed.append(ParsedAttachment(name, payload, parsed, number))
    return None
