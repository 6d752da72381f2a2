"""The wider per-address ceiling, and X-Forwarded-For only from trusted proxies."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import make_test_settings
from tests.helpers.identity import unique_email


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(
        tmp_path_factory.mktemp("throttle"),
        login_max_failures=3,
        login_max_failures_per_address=6,
        trusted_proxies="10.0.0.0/8",
    )


def _client(app, peer: str) -> httpx.AsyncClient:  # type: ignore[no-untyped-def]
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(peer, 4000)), base_url="http://t")


async def test_address_ceiling_spans_emails(app) -> None:
    async with _client(app, "192.0.2.50") as attacker:
        statuses = []
        for _ in range(7):
            response = await attacker.post(
                "/api/v1/auth/login", json={"email": unique_email(), "password": "nope-nope"}
            )
            statuses.append(response.status_code)
        assert statuses[:6] == [401] * 6
        assert statuses[6] == 429


async def test_forwarded_for_is_used_only_behind_a_trusted_proxy(app) -> None:
    email = unique_email()
    async with _client(app, "10.1.2.3") as proxy:
        for _ in range(3):
            await proxy.post(
                "/api/v1/auth/login",
                json={"email": email, "password": "nope-nope"},
                headers={"X-Forwarded-For": "203.0.113.77"},
            )
        blocked = await proxy.post(
            "/api/v1/auth/login",
            json={"email": email, "password": "nope-nope"},
            headers={"X-Forwarded-For": "203.0.113.77"},
        )
        assert blocked.status_code == 429
        # A different real client behind the same proxy is a different address.
        other = await proxy.post(
            "/api/v1/auth/login",
            json={"email": email, "password": "nope-nope"},
            headers={"X-Forwarded-For": "203.0.113.78"},
        )
        assert other.status_code == 401
    async with _client(app, "192.0.2.99") as direct:
        # An untrusted peer cannot pick its address by sending the header.
        for spoofed in ("203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"):
            last = await direct.post(
                "/api/v1/auth/login",
                json={"email": email, "password": "nope-nope"},
                headers={"X-Forwarded-For": spoofed},
            )
        assert last.status_code == 429
