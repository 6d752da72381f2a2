"""Knowledge-domain errors; each carries its HTTP meaning through the bases in packages/core/errors.py."""

from __future__ import annotations

import logging
from typing import Any, ClassVar, Self

from packages.core.errors import InvalidInput, NotFound, PayloadTooLarge, RateLimited, UnsupportedMediaType

logger = logging.getLogger(__name__)


class UnsupportedDocumentType(UnsupportedMediaType):
    """The bytes are neither a PDF nor text (an image, an archive, an executable, other binary data)."""

    default_message = "The file is neither a PDF nor text; upload a PDF, Markdown or plain-text file."


class DocumentRejected(InvalidInput):
    """The type is supported but this file cannot be ingested; `details["reason"]` says why."""

    reason: ClassVar[str] = "rejected"
    default_message = "The document cannot be ingested."

    def __init__(self, message: str | None = None, *, details: dict[str, Any] | None = None) -> None:
        super().__init__(message, details={"reason": self.reason, **(details or {})})

    @classmethod
    def unreadable(cls, message: str, exc: BaseException) -> Self:
        """Return this refusal for a file a library could not read: the client reads `message` in the file's terms,
        the operator's log gets the library's exception (its class names nothing a user can act on)."""
        logger.warning("upload refused (%s): %s: %s", cls.reason, type(exc).__name__, str(exc)[:300])
        return cls(message)


class EmptyDocument(DocumentRejected):
    reason = "empty"
    default_message = "The file is empty or contains only whitespace or invisible characters."


class NotUtf8Text(DocumentRejected):
    reason = "not_utf8"
    default_message = "The text is not valid UTF-8; re-save it as UTF-8 and upload it again."


class NulInText(DocumentRejected):
    reason = "nul_character"
    default_message = "The text contains NUL characters; a text file never does. Remove them and upload it again."


class ControlCharacterInText(DocumentRejected):
    reason = "control_character"
    default_message = "The text contains control characters; a text file does not. Remove them and upload it again."


class CorruptPdf(DocumentRejected):
    reason = "corrupt_pdf"
    default_message = "The PDF is damaged and cannot be read."


class PdfWithoutText(DocumentRejected):
    reason = "pdf_without_text"
    default_message = "The PDF has no extractable text (it may be a scan); run OCR on it and upload it again."


class EncryptedPdf(DocumentRejected):
    reason = "encrypted_pdf"
    default_message = "The PDF is protected by a password; remove the protection and upload it again."


class DocumentNotFound(NotFound):
    default_message = "The document does not exist."


class VersionNotFound(NotFound):
    default_message = "The document version does not exist."


class UploadTooLarge(PayloadTooLarge):
    default_message = "The file is larger than the upload limit."


class EmbeddingBudgetExceeded(PayloadTooLarge):
    default_message = "The document is too large to embed within the provider's budget."


class DailyUploadCapReached(RateLimited):
    default_message = "The organization reached its daily document limit."


class UnsupportedContainer(UnsupportedDocumentType):
    default_message = "The ZIP file is neither a Word (.docx) nor an Excel (.xlsx) document."


class CorruptDocument(DocumentRejected):
    reason = "corrupt_document"
    default_message = "The document is damaged and cannot be read."


class DocumentTooComplex(DocumentRejected):
    """Past a structural cap (nesting depth, expansion ratio, pixel count): refused before it costs memory."""

    reason = "too_complex"
    default_message = "The document is too complex to ingest."


class DocumentTooLarge(PayloadTooLarge):
    """Within the byte cap, but its content (unpacked bytes, rows, pages) is past a cap."""

    default_message = "The document's content is larger than the ingestion limits."
