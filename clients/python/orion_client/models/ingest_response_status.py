from enum import StrEnum

class IngestResponseStatus(StrEnum):
    FAILED = "failed"
    INDEXED = "indexed"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
