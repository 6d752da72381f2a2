"""Tenancy is absolute: every route that takes an id answers 404 for another organization's id.

The matrix is derived from the application's own route table (through its OpenAPI document, which FastAPI builds
from every included route), so a route added later is checked automatically; a new path parameter or request body
must be taught to this test before it can pass.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.helpers.identity import add_member, register
from tests.helpers.knowledge import upload_ok
from tests.helpers.runs import fake, scripted_model, start_run

VALID_BODIES: dict[tuple[str, str], Any] = {
    ("PUT", "/api/v1/admin/users/{user_id}/roles"): {"roles": ["viewer"]},
    ("PATCH", "/api/v1/admin/users/{user_id}"): {"is_active": False},
}


@pytest.fixture(scope="module")
async def tenants(client, app):  # type: ignore[no-untyped-def]
    mine = await register(client)
    theirs = await register(client)
    document = await upload_ok(
        client, theirs, "Their confidential quarterly plan mentions the Lighthouse project.", "plan.txt"
    )
    member = await add_member(client, theirs)
    with scripted_model(app, fake()):
        run = await start_run(client, theirs, "What does the plan mention?")
    await upload_ok(client, mine, "Our own harmless notes about gardening.", "garden.txt")
    token = await client.post(
        "/api/v1/auth/tokens", json={"name": "theirs", "scopes": ["read"]}, headers=theirs.headers
    )
    assert token.status_code == 201, token.text
    foreign_ids = {
        "document_id": document["document_id"],
        "version_id": document["document_version_id"],
        "run_id": run["id"],
        "user_id": member.user["id"],
        "token_id": token.json()["id"],
    }
    return mine, theirs, foreign_ids


def _id_operations(app) -> list[tuple[str, str, bool]]:  # type: ignore[no-untyped-def]
    """Return (method, path template, has request body) for every API operation whose path takes an id."""
    operations = []
    for path, methods in app.openapi()["paths"].items():
        if "{" in path and path.startswith("/api/"):
            for method, operation in methods.items():
                operations.append((method.upper(), path, "requestBody" in operation))
    return operations


async def test_every_id_route_hides_foreign_ids(client, app, tenants) -> None:
    mine, _, foreign = tenants
    operations = _id_operations(app)
    assert len(operations) >= 12  # the matrix really covers the id routes
    for method, template, has_body in operations:
        names = re.findall(r"{(\w+)}", template)
        unknown = [n for n in names if n not in foreign]
        assert not unknown, f"teach the tenancy matrix the path parameter(s) {unknown} of {template}"
        path = template.format(**{n: foreign[n] for n in names})
        body = VALID_BODIES.get((method, template))
        assert not has_body or body is not None, f"give the tenancy matrix a valid body for {method} {template}"
        response = await client.request(method, path, json=body, headers=mine.headers)
        assert response.status_code == 404, f"{method} {path} -> {response.status_code} {response.text}"
        assert response.json()["error"]["code"] == "not_found"


async def test_lists_and_search_show_nothing_foreign(client, tenants) -> None:
    mine, _theirs, foreign = tenants
    documents = (await client.get("/api/v1/knowledge/documents", headers=mine.headers)).json()
    assert [d["title"] for d in documents] == ["garden.txt"]
    runs = await client.get("/api/v1/runs", headers=mine.headers)
    assert runs.json() == [] and runs.headers["x-total-count"] == "0"
    users = (await client.get("/api/v1/admin/users", headers=mine.headers)).json()
    assert [u["id"] for u in users] == [mine.user["id"]]
    audit = (await client.get("/api/v1/admin/audit", headers=mine.headers)).json()
    assert all(event["target"] != foreign["user_id"] for event in audit)
    for method in ("lexical", "semantic", "hybrid"):
        found = (
            await client.post(
                "/api/v1/knowledge/search",
                json={"query_text": "Lighthouse quarterly plan", "method": method},
                headers=mine.headers,
            )
        ).json()
        assert all("Lighthouse" not in r["content"] for r in found), method
