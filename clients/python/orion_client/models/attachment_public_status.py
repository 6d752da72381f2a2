from enum import StrEnum

class AttachmentPublicStatus(StrEnum):
    FAILED = "failed"
    INDEXED = "indexed"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
