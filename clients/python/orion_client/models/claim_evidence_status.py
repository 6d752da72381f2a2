from enum import StrEnum

class ClaimEvidenceStatus(StrEnum):
    CHANGED = "changed"
    CURRENT = "current"
    GONE = "gone"

    def __str__(self) -> str:
        return str(self.value)
