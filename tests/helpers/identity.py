"""Small helpers to create accounts and tokens through the real auth routes."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

import httpx

PASSWORD = "correct horse battery staple"


@dataclass
class Account:
    email: str
    password: str
    token: str
    user: dict

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @property
    def organization_id(self) -> str:
        return str(self.user["organization_id"])


def unique_email(prefix: str = "user") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}@example.org"


async def login(client: httpx.AsyncClient, email: str, password: str = PASSWORD) -> str:
    response = await client.post("/api/v1/auth/login", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    return str(response.json()["access_token"])


async def register(
    client: httpx.AsyncClient, *, workspace: str | None = None, email: str | None = None, password: str = PASSWORD
) -> Account:
    """Register a new account (a new organization unless single-organization mode) and log it in."""
    email = email or unique_email()
    body: dict[str, str] = {"email": email, "password": password}
    if workspace is not None:
        body["workspace"] = workspace
    response = await client.post("/api/v1/auth/register", json=body)
    assert response.status_code == 201, response.text
    token = await login(client, email, password)
    return Account(email=email, password=password, token=token, user=response.json())


async def add_member(client: httpx.AsyncClient, admin: Account, role: str = "member") -> Account:
    """Have `admin` create a user with `role` in their organization, and log that user in."""
    email = unique_email(role)
    response = await client.post(
        "/api/v1/admin/users", json={"email": email, "password": PASSWORD, "roles": [role]}, headers=admin.headers
    )
    assert response.status_code == 201, response.text
    token = await login(client, email)
    return Account(email=email, password=PASSWORD, token=token, user=response.json())


TOKENS_URL = "/api/v1/auth/tokens"


async def create_token(
    client: httpx.AsyncClient, account: Account, scopes: list[str], *, name: str = "script", days: int = 30
) -> dict:
    """Create a personal access token for `account` through the real route; the body holds the secret once."""
    body = {"name": name, "scopes": scopes, "expires_in_days": days}
    response = await client.post(TOKENS_URL, json=body, headers=account.headers)
    assert response.status_code == 201, response.text
    return dict(response.json())


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}
