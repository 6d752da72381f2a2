from enum import StrEnum

class AdminUserCreateRolesItem(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
