"""What a new password must be: 8..256 characters (contract), not blank, and, where the operator asks for it
(ORION_PASSWORD_MIN_STRENGTH, 0 by default: the contract's rule alone), not easy to guess (zxcvbn score >= 2 in
production's render.yaml).

zxcvbn scores a password by the guesses its cheapest decomposition needs (common-password lists, dictionary
words, keyboard walks, repeats, dates, and the account's own email and workspace), so `password`, `12345678`,
eight spaces or `Password1!` are refused while a passphrase is not. It scores the first 72 characters (its own
cap; bcrypt's limit too, although ORION pre-hashes and never truncates).
"""

from __future__ import annotations

from zxcvbn import zxcvbn

SCORED_CHARS = 72


def password_weakness(password: str, user_inputs: list[str], min_score: int) -> str | None:
    """Return why `password` is too weak, or None when it is acceptable (`min_score` 0: only a blank one is)."""
    if not password.strip():
        return "the password must not be blank"
    if min_score <= 0:
        return None
    inputs = [part for value in user_inputs for part in value.lower().replace("@", " ").replace(".", " ").split()]
    result = zxcvbn(password[:SCORED_CHARS], user_inputs=inputs[:20])
    if int(result["score"]) >= min_score:
        return None
    feedback = result.get("feedback") or {}
    warning = str(feedback.get("warning") or "").strip().rstrip(".")
    return f"the password is too easy to guess{': ' + warning if warning else ''}; use a longer passphrase"
