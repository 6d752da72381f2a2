from enum import StrEnum

class RunOutcome(StrEnum):
    ANSWERED = "answered"
    CANCELLED = "cancelled"
    FAILED = "failed"
    INSUFFICIENT_EVIDENCE = "insufficient_evidence"

    def __str__(self) -> str:
        return str(self.value)
