from enum import StrEnum

class RunStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"
    RUNNING = "running"
    VERIFYING = "verifying"

    def __str__(self) -> str:
        return str(self.value)
