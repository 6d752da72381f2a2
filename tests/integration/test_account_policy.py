"""Account hardening through the routes: weak passwords refused, look-alike workspace names are one name."""

from __future__ import annotations

import uuid

import pytest

from tests.conftest import make_test_settings
from tests.helpers.identity import PASSWORD, register, unique_email

REGISTER = "/api/v1/auth/register"


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    # Production's strength rule (render.yaml): the default checks the contract's 8..256 characters only
    # (test_password_contract.py).
    return make_test_settings(tmp_path_factory.mktemp("account-policy"), password_min_strength=2)


@pytest.mark.parametrize("password", ["password", "12345678", "        ", "Password1!", "qwertyuiop"])
async def test_common_passwords_are_refused_at_registration(client, password) -> None:
    response = await client.post(REGISTER, json={"email": unique_email(), "password": password})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"]["code"] == "validation_error"
    assert body["error"]["details"]["errors"][0]["loc"] == ["body", "password"]


async def test_weak_new_password_is_refused_and_old_one_still_works(client) -> None:
    account = await register(client)
    response = await client.put(
        "/api/v1/auth/password",
        json={"current_password": PASSWORD, "new_password": "12345678"},
        headers=account.headers,
    )
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error"
    again = await client.post("/api/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    assert again.status_code == 200


async def test_admin_cannot_create_a_user_with_a_common_password(client) -> None:
    admin = await register(client)
    response = await client.post(
        "/api/v1/admin/users",
        json={"email": unique_email(), "password": "iloveyou", "roles": ["member"]},
        headers=admin.headers,
    )
    assert response.status_code == 422


@pytest.mark.parametrize(
    "variant",
    [str.upper, lambda n: f"Ａ{n[1:]}", lambda n: n[:2] + "\u200b" + n[2:], lambda n: n + "\ufeff"],
    ids=["upper", "fullwidth", "zero-width-space", "bom"],
)
async def test_look_alike_workspace_names_are_taken(client, variant) -> None:
    name = f"Acme-{uuid.uuid4().hex[:8]}"
    await register(client, workspace=name)
    look_alike = variant(name)
    response = await client.post(
        REGISTER, json={"email": unique_email(), "password": PASSWORD, "workspace": look_alike}
    )
    assert response.status_code == 409, (look_alike, response.text)
    assert response.json()["error"]["code"] == "conflict"


async def test_a_name_of_only_invisible_characters_is_invalid(client) -> None:
    response = await client.post(
        REGISTER, json={"email": unique_email(), "password": PASSWORD, "workspace": "\u200b\u200d\ufeff"}
    )
    assert response.status_code == 422
