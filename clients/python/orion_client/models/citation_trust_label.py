from enum import StrEnum

class CitationTrustLabel(StrEnum):
    FLAGGED = "flagged"
    TRUSTED = "trusted"
    UNTRUSTED = "untrusted"

    def __str__(self) -> str:
        return str(self.value)
