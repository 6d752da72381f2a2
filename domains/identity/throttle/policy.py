"""Pure throttle policy: which keys an attempt counts against, and how long a key stays blocked."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

PAIR = "pair"
ADDRESS = "address"
ACCOUNT = "account"


@dataclass(frozen=True)
class ThrottleKey:
    """One counter an attempt is charged to: `digest` names it in the database, `limit` per window."""

    scope: str
    digest: str
    limit: int


def _digest(scope: str, value: str) -> str:
    # Only digests are stored: the throttle tables never hold an email or an address in clear.
    return hashlib.sha256(f"orion-login|{scope}|{value}".encode()).hexdigest()


def throttle_keys(
    subject: str, address: str, *, per_pair: int, per_address: int, per_account: int
) -> tuple[ThrottleKey, ThrottleKey, ThrottleKey]:
    """Return the (email+address, address, account) keys of an attempt on `subject` from `address`."""
    return (
        ThrottleKey(PAIR, _digest(PAIR, f"{subject}|{address}"), per_pair),
        ThrottleKey(ADDRESS, _digest(ADDRESS, address), per_address),
        ThrottleKey(ACCOUNT, _digest(ACCOUNT, subject), per_account),
    )


def backoff_seconds(strikes: int, window: int, maximum: int) -> int:
    """Return how long a key stays blocked after its `strikes`-th over-limit event: window, 2x, 4x ... <= maximum.

    The block never grows past `maximum`, and attempts refused during a block neither count nor extend it, so an
    attacker can keep an account's budget small but can never make a lock-out permanent.
    """
    exponent = max(0, min(strikes - 1, 30))
    return max(1, min(maximum, window * (2**exponent)))
