"""Pure parts of the login hardening: back-off, throttle keys, the bounded hashing executor, password policy."""

from __future__ import annotations

import asyncio
import threading

import pytest

from domains.identity.errors import PasswordHashingOverloaded
from domains.identity.hashing import PasswordHasher
from domains.identity.password_policy import password_weakness
from domains.identity.throttle import backoff_seconds, throttle_keys


def test_backoff_doubles_and_is_capped() -> None:
    assert [backoff_seconds(n, 60, 900) for n in range(1, 7)] == [60, 120, 240, 480, 900, 900]
    assert backoff_seconds(10_000, 60, 900) == 900


def test_keys_are_digests_and_separate_scopes() -> None:
    pair, address, account = throttle_keys("a@example.org", "192.0.2.1", per_pair=5, per_address=100, per_account=10)
    assert len({pair.digest, address.digest, account.digest}) == 3
    assert all(len(k.digest) == 64 and "example" not in k.digest for k in (pair, address, account))
    other_pair, other_address, same_account = throttle_keys(
        "a@example.org", "192.0.2.2", per_pair=5, per_address=100, per_account=10
    )
    assert same_account.digest == account.digest and other_pair.digest != pair.digest
    assert other_address.digest != address.digest


async def test_hasher_refuses_past_its_queue() -> None:
    hasher = PasswordHasher(4, workers=1, queue_limit=1)
    gate = threading.Event()
    first = asyncio.ensure_future(hasher._run(gate.wait, 5))
    second = asyncio.ensure_future(hasher._run(gate.wait, 5))
    await asyncio.sleep(0.05)
    with pytest.raises(PasswordHashingOverloaded) as refused:
        await hasher.verify("x", "y")
    assert refused.value.status == 503 and refused.value.code == "overloaded"
    assert int(refused.value.headers["Retry-After"]) >= 1
    gate.set()
    assert await first and await second
    assert hasher.pending == 0
    hasher.shutdown()


@pytest.mark.parametrize("password", ["password", "12345678", "        ", "Password1!", "qwertyuiop", "abcdefgh"])
def test_common_passwords_are_refused(password: str) -> None:
    assert password_weakness(password, [], min_score=2) is not None  # at render.yaml's strength
    assert (password_weakness(password, [], min_score=0) is None) == bool(password.strip())  # the contract's rule


@pytest.mark.parametrize("password", ["correct horse battery staple", "a brand new password", "Tr0ub4dor&3x"])
def test_passphrases_are_accepted(password: str) -> None:
    assert password_weakness(password, ["someone@example.org"], min_score=2) is None


def test_the_accounts_own_email_is_weak() -> None:
    assert password_weakness("margaret.h", ["margaret.h@example.org"], min_score=2) is not None
