from enum import StrEnum

class AccessTokenPublicScopesItem(StrEnum):
    INVESTIGATE = "investigate"
    READ = "read"
    WRITE = "write"

    def __str__(self) -> str:
        return str(self.value)
