from enum import StrEnum

class RunPublicEvidenceStatus(StrEnum):
    CURRENT = "current"
    DRIFTED = "drifted"

    def __str__(self) -> str:
        return str(self.value)
