from enum import StrEnum

class StageCheckStage(StrEnum):
    GROUNDING = "grounding"
    MEMBERSHIP = "membership"
    VALIDITY = "validity"

    def __str__(self) -> str:
        return str(self.value)
