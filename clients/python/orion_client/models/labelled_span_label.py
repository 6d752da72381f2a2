from enum import StrEnum

class LabelledSpanLabel(StrEnum):
    FLAGGED = "flagged"
    UNTRUSTED = "untrusted"

    def __str__(self) -> str:
        return str(self.value)
