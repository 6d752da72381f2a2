"""§Auth of the contract, through the real router on real Postgres."""

from __future__ import annotations

import unicodedata
import uuid
from datetime import UTC, datetime, timedelta

import httpx
import jwt
import pytest

from domains.identity import hashing
from tests.helpers.identity import PASSWORD, register, unique_email


def _assert_error(response: httpx.Response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert body["request_id"] == response.headers["x-request-id"]
    return body


async def test_register_creates_isolated_admin(client) -> None:
    email = unique_email()
    response = await client.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD})
    assert response.status_code == 201
    user = response.json()
    assert set(user) == {"id", "email", "organization_id", "organization_name", "roles", "is_active", "created_at"}
    assert user["email"] == email
    assert user["roles"] == ["admin"]
    assert user["is_active"] is True
    assert user["organization_name"].startswith("tenant-") and len(user["organization_name"]) == len("tenant-") + 32
    assert "password" not in response.text and PASSWORD not in response.text


async def test_two_registrations_without_workspace_get_different_organizations(client) -> None:
    first = await register(client)
    second = await register(client)
    assert first.organization_id != second.organization_id


async def test_named_workspace_and_taken_names(client) -> None:
    workspace = f"acme-{uuid.uuid4().hex[:8]}"
    account = await register(client, workspace=workspace)
    assert account.user["organization_name"] == workspace
    again = await client.post(
        "/api/v1/auth/register", json={"email": unique_email(), "password": PASSWORD, "workspace": workspace}
    )
    _assert_error(again, 409, "conflict")
    same_email = await client.post("/api/v1/auth/register", json={"email": account.email.upper(), "password": PASSWORD})
    _assert_error(same_email, 409, "conflict")


@pytest.mark.parametrize(
    "body",
    [
        {"email": "not-an-email", "password": PASSWORD},
        {"email": "a@example.org", "password": "short"},
        {"email": "a@example.org", "password": "x" * 257},
        {"email": "a@example.org"},
        {"email": "a@example.org", "password": PASSWORD, "role": "admin"},
        {"email": "a@example.org", "password": PASSWORD, "workspace": "   "},
    ],
)
async def test_register_validation(client, body: dict) -> None:
    _assert_error(await client.post("/api/v1/auth/register", json=body), 422, "validation_error")


async def test_a_validators_message_reads_as_plain_words(client) -> None:
    response = await client.post("/api/v1/auth/register", json={"email": "a@b", "password": PASSWORD})
    body = response.json()["error"]
    assert body["message"] == "Invalid email: must be an email address"
    assert body["details"]["errors"][0]["msg"] == "must be an email address"


async def test_an_email_is_one_address_however_its_accents_are_typed(client) -> None:
    # "é" as one character (NFC) and as "e" + a combining accent (NFD) look the same: one account, one login
    local = f"ren\u00e9{uuid.uuid4().hex[:8]}"
    composed = await register(client, email=f"{local}@example.org")
    decomposed = unicodedata.normalize("NFD", composed.email)
    assert decomposed != composed.email
    again = await client.post("/api/v1/auth/register", json={"email": decomposed, "password": PASSWORD})
    _assert_error(again, 409, "conflict")
    login = await client.post("/api/v1/auth/login", json={"email": decomposed, "password": PASSWORD})
    assert login.status_code == 200, login.text


@pytest.mark.parametrize("name", ["Dock\u0007yard", "\u202eHarbor", "Quay\u2066side"])
async def test_a_workspace_name_with_control_or_direction_characters_is_refused(client, name: str) -> None:
    email = unique_email()
    response = await client.post(
        "/api/v1/auth/register",
        json={"email": email, "password": PASSWORD, "workspace": f"{name}-{uuid.uuid4().hex[:6]}"},
    )
    body = _assert_error(response, 422, "validation_error")
    assert body["error"]["message"] == "Invalid workspace: must not contain control or text-direction characters"
    # nothing was created: the address is still free
    assert (await client.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD})).status_code == 201


async def test_a_blank_value_is_called_blank(client) -> None:
    response = await client.post(
        "/api/v1/auth/register", json={"email": unique_email(), "password": PASSWORD, "workspace": "   "}
    )
    assert (
        _assert_error(response, 422, "validation_error")["error"]["message"] == "Invalid workspace: must not be blank"
    )


async def test_register_rejects_non_json(client) -> None:
    response = await client.post(
        "/api/v1/auth/register", content=b"\xff\x00", headers={"content-type": "application/json"}
    )
    _assert_error(response, 422, "validation_error")


async def test_login_returns_bearer_token(client) -> None:
    account = await register(client)
    response = await client.post("/api/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    assert response.status_code == 200
    body = response.json()
    assert body["token_type"] == "bearer"
    assert body["expires_in"] == 3600
    me = await client.get("/api/v1/auth/me", headers={"Authorization": f"Bearer {body['access_token']}"})
    assert me.status_code == 200
    assert me.json()["id"] == account.user["id"]


async def test_login_failures_do_not_enumerate(client, monkeypatch) -> None:
    account = await register(client)
    calls: list[str] = []
    real_verify = hashing.verify_password

    def spy(password: str, stored: str) -> bool:
        calls.append(stored)
        return real_verify(password, stored)

    monkeypatch.setattr(hashing, "verify_password", spy)
    wrong_password = await client.post("/api/v1/auth/login", json={"email": account.email, "password": "wrong pass!"})
    unknown_email = await client.post("/api/v1/auth/login", json={"email": unique_email(), "password": "wrong pass!"})
    first = _assert_error(wrong_password, 401, "unauthorized")
    second = _assert_error(unknown_email, 401, "unauthorized")
    assert first["error"] == second["error"]
    # The unknown email still pays for one bcrypt verification, against a dummy hash.
    assert len(calls) == 2 and calls[0] != calls[1]


async def test_passwords_differing_after_byte_72_do_not_both_verify(client) -> None:
    base = ("correct horse battery staple " * 3)[:72]
    account = await register(client, password=base + "-first")
    ok = await client.post("/api/v1/auth/login", json={"email": account.email, "password": base + "-first"})
    assert ok.status_code == 200
    other = await client.post("/api/v1/auth/login", json={"email": account.email, "password": base + "-other"})
    _assert_error(other, 401, "unauthorized")


async def test_logout_revokes_tokens_issued_in_the_same_second(client) -> None:
    account = await register(client)
    second_token = (await client.post("/api/v1/auth/login", json={"email": account.email, "password": PASSWORD})).json()
    headers_two = {"Authorization": f"Bearer {second_token['access_token']}"}
    assert (await client.post("/api/v1/auth/logout", headers=headers_two)).status_code == 204
    for headers in (account.headers, headers_two):
        _assert_error(await client.get("/api/v1/auth/me", headers=headers), 401, "unauthorized")
    fresh = await client.post("/api/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    assert fresh.status_code == 200
    me = await client.get("/api/v1/auth/me", headers={"Authorization": f"Bearer {fresh.json()['access_token']}"})
    assert me.status_code == 200


async def test_refresh_issues_a_working_token_and_not_for_revoked_ones(client) -> None:
    account = await register(client)
    refreshed = await client.post("/api/v1/auth/refresh", headers=account.headers)
    assert refreshed.status_code == 200
    new_headers = {"Authorization": f"Bearer {refreshed.json()['access_token']}"}
    assert (await client.get("/api/v1/auth/me", headers=new_headers)).status_code == 200
    await client.post("/api/v1/auth/logout", headers=new_headers)
    _assert_error(await client.post("/api/v1/auth/refresh", headers=account.headers), 401, "unauthorized")


async def test_password_change(client) -> None:
    account = await register(client)
    wrong = await client.put(
        "/api/v1/auth/password",
        json={"current_password": "not my password", "new_password": "a brand new password"},
        headers=account.headers,
    )
    _assert_error(wrong, 422, "validation_error")
    short = await client.put(
        "/api/v1/auth/password", json={"current_password": PASSWORD, "new_password": "short"}, headers=account.headers
    )
    _assert_error(short, 422, "validation_error")
    changed = await client.put(
        "/api/v1/auth/password",
        json={"current_password": PASSWORD, "new_password": "a brand new password"},
        headers=account.headers,
    )
    assert changed.status_code == 204
    _assert_error(await client.get("/api/v1/auth/me", headers=account.headers), 401, "unauthorized")
    old = await client.post("/api/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    _assert_error(old, 401, "unauthorized")
    new = await client.post("/api/v1/auth/login", json={"email": account.email, "password": "a brand new password"})
    assert new.status_code == 200


@pytest.mark.parametrize("scheme", ["Bearer", "Basic"])
async def test_tampered_and_missing_tokens(client, scheme: str) -> None:
    account = await register(client)
    header, payload, signature = account.token.split(".")
    tampered = f"{header}.{payload}.{signature[:-4]}AAAA"
    _assert_error(
        await client.get("/api/v1/auth/me", headers={"Authorization": f"{scheme} {tampered}"}), 401, "unauthorized"
    )
    _assert_error(await client.get("/api/v1/auth/me"), 401, "unauthorized")
    _assert_error(
        await client.get("/api/v1/auth/me", headers={"Authorization": "Bearer not.a.jwt"}), 401, "unauthorized"
    )


async def test_expired_and_foreign_signed_tokens(client, app) -> None:
    account = await register(client)
    past = datetime.now(UTC) - timedelta(hours=2)
    claims = {
        "sub": account.user["id"],
        "org": account.organization_id,
        "iat": int(past.timestamp()),
        "exp": int((past + timedelta(minutes=5)).timestamp()),
        "jti": "x",
    }
    expired = jwt.encode(claims, app.state.jwt_secret, algorithm="HS256")
    _assert_error(
        await client.get("/api/v1/auth/me", headers={"Authorization": f"Bearer {expired}"}), 401, "unauthorized"
    )
    claims["exp"] = int((datetime.now(UTC) + timedelta(hours=1)).timestamp())
    foreign = jwt.encode(claims, "x" * 48, algorithm="HS256")
    _assert_error(
        await client.get("/api/v1/auth/me", headers={"Authorization": f"Bearer {foreign}"}), 401, "unauthorized"
    )
    other_org = jwt.encode({**claims, "org": str(uuid.uuid4())}, app.state.jwt_secret, algorithm="HS256")
    _assert_error(
        await client.get("/api/v1/auth/me", headers={"Authorization": f"Bearer {other_org}"}), 401, "unauthorized"
    )


async def test_login_throttle_per_email_and_address(app) -> None:
    account_email = unique_email()
    transport = httpx.ASGITransport(app=app, client=("198.51.100.7", 1234))
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as attacker:
        await register(attacker, email=account_email)
        for _ in range(5):
            failed = await attacker.post("/api/v1/auth/login", json={"email": account_email, "password": "guess-guess"})
            assert failed.status_code == 401
        blocked = await attacker.post("/api/v1/auth/login", json={"email": account_email, "password": PASSWORD})
        body = _assert_error(blocked, 429, "rate_limited")
        assert body["error"]["code"] == "rate_limited"
        retry_after = int(blocked.headers["retry-after"])
        assert 1 <= retry_after <= 60
        # Another email from the same address is not blocked by this account's counter.
        other = await attacker.post("/api/v1/auth/login", json={"email": unique_email(), "password": "guess-guess"})
        assert other.status_code == 401
    other_transport = httpx.ASGITransport(app=app, client=("198.51.100.8", 1234))
    async with httpx.AsyncClient(transport=other_transport, base_url="http://t") as owner:
        ok = await owner.post("/api/v1/auth/login", json={"email": account_email, "password": PASSWORD})
        assert ok.status_code == 200
