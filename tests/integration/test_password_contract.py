"""The contract's password rule by default: 8..256 characters, whatever a strength meter would say of them."""

from __future__ import annotations

import pytest

from tests.helpers.identity import unique_email

REGISTER = "/api/v1/auth/register"


@pytest.mark.parametrize("password", ["password123", "12345678", "Password1!"])
async def test_a_password_the_contract_allows_registers_and_signs_in(client, password) -> None:
    email = unique_email()
    response = await client.post(REGISTER, json={"email": email, "password": password})
    assert response.status_code == 201, response.text
    login = await client.post("/api/v1/auth/login", json={"email": email, "password": password})
    assert login.status_code == 200, login.text


@pytest.mark.parametrize("password", ["1234567", "        "])
async def test_too_short_or_blank_passwords_are_refused_and_nothing_is_created(client, password) -> None:
    email = unique_email()
    response = await client.post(REGISTER, json={"email": email, "password": password})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["details"]["errors"][0]["loc"] == ["body", "password"]
    login = await client.post("/api/v1/auth/login", json={"email": email, "password": password})
    assert login.status_code == 401
