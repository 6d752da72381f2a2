from enum import StrEnum

class SearchResultPublicSourceType(StrEnum):
    MARKDOWN = "markdown"
    PDF = "pdf"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
