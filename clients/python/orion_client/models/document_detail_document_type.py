from enum import StrEnum

class DocumentDetailDocumentType(StrEnum):
    MARKDOWN = "markdown"
    PDF = "pdf"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
