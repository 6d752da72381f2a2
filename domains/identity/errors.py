"""Identity errors, each with its HTTP meaning."""

from __future__ import annotations

from packages.core.errors import Conflict, Forbidden, InvalidInput, NotFound, OrionError, RateLimited, Unauthorized


class InvalidCredentials(Unauthorized):
    default_message = "Incorrect email or password."


class InvalidToken(Unauthorized):
    default_message = "The token is missing, invalid, expired or revoked."


class PermissionDenied(Forbidden):
    default_message = "Your role does not allow this action."


class EmailTaken(Conflict):
    default_message = "An account with this email already exists."


class WorkspaceTaken(Conflict):
    default_message = "This workspace name is taken; ask one of its admins to add you."


class LastAdmin(Conflict):
    default_message = "An organization must keep at least one active admin."


class UserNotFound(NotFound):
    default_message = "The user does not exist."


class WrongCurrentPassword(InvalidInput):
    default_message = "The current password is incorrect."


class LoginThrottled(RateLimited):
    default_message = "Too many failed sign-in attempts; try again later."


class PasswordHashingOverloaded(OrionError):
    """The password-hashing queue is full: refused at once rather than queued behind a flood (503)."""

    status = 503
    code = "overloaded"
    default_message = "The service is busy checking passwords; try again shortly."

    def __init__(self, retry_after: int) -> None:
        self.retry_after = max(1, int(retry_after))
        super().__init__(details={"retry_after": self.retry_after}, headers={"Retry-After": str(self.retry_after)})


class WeakPassword(InvalidInput):
    default_message = "The password is too common or too easy to guess."


class AccessTokenNotFound(NotFound):
    default_message = "The access token does not exist."


class TokenManagementNeedsSignIn(Forbidden):
    default_message = "Personal access tokens are managed after signing in with a password, not with a token."


class SessionNeedsSignIn(Forbidden):
    default_message = (
        "Sessions are refreshed and ended, and passwords changed, after signing in with a password, not with a "
        "personal access token."
    )
