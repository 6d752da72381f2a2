from enum import StrEnum

class DocumentDetailStatus(StrEnum):
    FAILED = "failed"
    INDEXED = "indexed"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
