from enum import StrEnum

class AttachmentPublicDocumentType(StrEnum):
    CSV = "csv"
    DOCX = "docx"
    EMAIL = "email"
    HTML = "html"
    IMAGE = "image"
    MARKDOWN = "markdown"
    MBOX = "mbox"
    PDF = "pdf"
    TEXT = "text"
    XLSX = "xlsx"

    def __str__(self) -> str:
        return str(self.value)
