"""Password hashing and access tokens.

Passwords: bcrypt over a SHA-256 pre-hash (base64, 44 bytes), so that nothing is silently truncated at bcrypt's
72-byte limit and bcrypt >= 5 (which refuses longer inputs) accepts every password (ADR-0003).
Tokens: HS256 JWTs with sub, org, iat, exp, jti and `iat_us`, the issue time in microseconds, so that a
revocation cut-off moved by logout rejects even a token issued within the same second.
"""

from __future__ import annotations

import base64
import hashlib
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import bcrypt
import jwt

SCHEME = "bcrypt-sha256$"


def _prehash(password: str) -> bytes:
    return base64.b64encode(hashlib.sha256(password.encode("utf-8")).digest())


def hash_password(password: str, *, rounds: int) -> str:
    """Return a salted bcrypt hash of the SHA-256 pre-hash of `password`."""
    digest = bcrypt.hashpw(_prehash(password), bcrypt.gensalt(rounds=rounds))
    return SCHEME + digest.decode("ascii")


def verify_password(password: str, stored: str) -> bool:
    """Return True when `password` matches `stored` (constant-time inside bcrypt)."""
    if not stored.startswith(SCHEME):
        return False
    try:
        return bcrypt.checkpw(_prehash(password), stored.removeprefix(SCHEME).encode("ascii"))
    except ValueError:
        return False


@dataclass(frozen=True)
class TokenClaims:
    user_id: str
    organization_id: str
    issued_at: datetime
    expires_at: datetime
    token_id: str


def create_access_token(
    *, user_id: str, organization_id: str, secret: str, algorithm: str, expires_minutes: int, now: datetime
) -> tuple[str, int]:
    """Return a signed token and its lifetime in seconds."""
    lifetime = expires_minutes * 60
    payload = {
        "sub": user_id,
        "org": organization_id,
        "iat": int(now.timestamp()),
        "iat_us": _to_micros(now),
        "exp": int((now + timedelta(seconds=lifetime)).timestamp()),
        "jti": uuid.uuid4().hex,
    }
    return jwt.encode(payload, secret, algorithm=algorithm), lifetime


def decode_access_token(token: str, *, secret: str, algorithm: str) -> TokenClaims | None:
    """Return the verified claims, or None for a tampered, malformed or expired token."""
    try:
        payload = jwt.decode(
            token, secret, algorithms=[algorithm], options={"require": ["sub", "org", "iat", "exp", "jti"]}
        )
    except jwt.PyJWTError:
        return None
    micros = payload.get("iat_us")
    if not isinstance(payload.get("sub"), str) or not isinstance(payload.get("org"), str):
        return None
    try:
        if not isinstance(micros, int):
            micros = int(payload["iat"]) * 1_000_000
        # A signed token can still carry absurd times (year 10,000+): treat it as malformed, never a 500.
        return TokenClaims(
            user_id=payload["sub"],
            organization_id=payload["org"],
            issued_at=_from_micros(micros),
            expires_at=datetime.fromtimestamp(int(payload["exp"]), UTC),
            token_id=str(payload["jti"]),
        )
    except (OverflowError, ValueError, OSError, TypeError):
        return None


def token_is_current(claims: TokenClaims, tokens_valid_from: datetime | None) -> bool:
    """Return True unless the token was issued before the user's revocation cut-off."""
    return tokens_valid_from is None or _to_micros(claims.issued_at) >= _to_micros(tokens_valid_from)


def _to_micros(moment: datetime) -> int:
    delta = moment - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _from_micros(micros: int) -> datetime:
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=micros)
