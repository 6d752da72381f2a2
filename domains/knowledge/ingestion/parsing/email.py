"""Email: an .eml message, or an .mbox archive of many, as sections of decoded body text.

Each message opens with its subject as a heading; the section label also names the sender and the date, and
from/to/cc/date/subject/message-id go to the version's metadata, so raw header lines never become quotable
content. Bodies are decoded (base64, quoted-printable, the part's charset) by the stdlib `email` package; the
text/plain alternative is preferred, else the HTML one goes through the HTML parser. Attachments that are
themselves text, HTML, CSV, Word or Excel files are read into a section of their own under the message.
"""

from __future__ import annotations

import mailbox
import os
import tempfile
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parsedate_to_datetime
from typing import Any

from domains.knowledge.errors import DocumentTooLarge, EmptyDocument
from domains.knowledge.ingestion.parsing.builder import TextBuilder, inline
from domains.knowledge.ingestion.parsing.document import DocumentType, ParsedDocument
from domains.knowledge.ingestion.parsing.docx import DocxParser
from domains.knowledge.ingestion.parsing.html import HtmlParser, parse_html
from domains.knowledge.ingestion.parsing.limits import DEFAULT_LIMITS, ParseLimits
from domains.knowledge.ingestion.parsing.tabular import CsvParser, XlsxParser
from domains.knowledge.ingestion.parsing.text import MarkdownParser, TextParser
from packages.core.errors import OrionError

_ADDRESS_FIELDS = ("from", "to", "cc")
_ATTACHMENT_PARSERS: dict[str, Any] = {
    "text/plain": TextParser(),
    "text/markdown": MarkdownParser(),
    "text/csv": CsvParser(),
    "text/html": HtmlParser(),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": DocxParser(),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": XlsxParser(),
}


class EmailParser:
    document_type: DocumentType = "email"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse one RFC 5322 message into its decoded body text under a subject heading."""
        message = BytesParser(policy=policy.default).parsebytes(data)
        builder = TextBuilder()
        headers = _write_message(builder, message, limits)
        return _build(builder, "email", headers)


class MboxParser:
    document_type: DocumentType = "mbox"

    def parse(self, data: bytes, filename: str | None = None, limits: ParseLimits = DEFAULT_LIMITS) -> ParsedDocument:
        """Parse an mbox archive: one section per message, in archive order."""
        builder = TextBuilder()
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
                    raw = archive.get_bytes(key)
                    message = BytesParser(policy=policy.default).parsebytes(raw)
                    messages.append(_write_message(builder, message, limits))
            finally:
                archive.close()
        return _build(builder, "mbox", {"messages": messages, "message_count": len(messages)})


def _build(builder: TextBuilder, document_type: DocumentType, metadata: dict[str, Any]) -> ParsedDocument:
    try:
        return builder.build(document_type, metadata)
    except EmptyDocument:
        raise EmptyDocument("The message has no readable body text.") from None


def _write_message(builder: TextBuilder, message: Any, limits: ParseLimits) -> dict[str, Any]:
    headers = _headers(message)
    subject = headers.get("subject") or "(no subject)"
    label = " — ".join(part for part in (subject, headers.get("from"), headers.get("date")) if part)
    builder.heading(subject, 1, label=label[:480])
    body = _body(message)
    if body is not None:
        _write_part(builder, body, limits)
    attachments = []
    if isinstance(message, EmailMessage):
        for part in message.iter_attachments():
            name = inline(part.get_filename()) or "attachment"
            parser = _ATTACHMENT_PARSERS.get(part.get_content_type())
            read = parser is not None and _write_attachment(builder, part, name, parser, limits)
            attachments.append({"filename": name, "content_type": part.get_content_type(), "read": read})
    if attachments:
        headers["attachments"] = attachments
    return headers


def _headers(message: Any) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    for field in ("subject", "message-id"):
        if value := inline(message.get(field, "")):
            headers[field.replace("-", "_")] = value
    for field in _ADDRESS_FIELDS:
        values = [str(value) for value in message.get_all(field, [])]
        addresses = [f"{name} <{address}>" if name else address for name, address in getaddresses(values) if address]
        if addresses:
            headers[field] = ", ".join(addresses)
    if raw_date := message.get("date"):
        try:
            headers["date"] = parsedate_to_datetime(str(raw_date)).isoformat()
        except (TypeError, ValueError, IndexError):
            headers["date"] = inline(raw_date)
    return headers


def _body(message: Any) -> Any:
    if isinstance(message, EmailMessage):
        return message.get_body(preferencelist=("plain", "html"))
    return None


def _write_part(builder: TextBuilder, part: Any, limits: ParseLimits) -> None:
    try:
        content = part.get_content()
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
        builder.paragraph(content)


def _write_attachment(builder: TextBuilder, part: Any, name: str, parser: Any, limits: ParseLimits) -> bool:
    payload = part.get_payload(decode=True)
    if not payload:
        return False
    try:
        parsed = parser.parse(payload, name, limits)
    except OrionError:
        return False  # an unreadable (or over-limit) attachment costs that attachment, not the message
    builder.heading(f"Attachment: {name}", 2)
    builder.embed(parsed)
    return True
