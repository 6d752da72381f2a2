"""§Admin of the contract: roles, users, activation, the last-admin rule, the audit trail, and 403s."""

from __future__ import annotations

import pytest

from tests.helpers.identity import PASSWORD, add_member, register, unique_email


async def test_ping_is_admin_only(client) -> None:
    admin = await register(client)
    assert (await client.get("/api/v1/admin/ping", headers=admin.headers)).json() == {"status": "ok"}
    for role in ("member", "viewer"):
        other = await add_member(client, admin, role)
        response = await client.get("/api/v1/admin/ping", headers=other.headers)
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "forbidden"


async def test_create_and_list_users(client) -> None:
    admin = await register(client)
    created = []
    for role in ("member", "viewer", "admin"):
        email = unique_email(role)
        response = await client.post(
            "/api/v1/admin/users", json={"email": email, "password": PASSWORD, "roles": [role]}, headers=admin.headers
        )
        assert response.status_code == 201, response.text
        assert response.json()["roles"] == [role]
        assert response.json()["organization_id"] == admin.organization_id
        created.append(response.json()["id"])
    listing = await client.get("/api/v1/admin/users", params={"limit": 2}, headers=admin.headers)
    assert listing.status_code == 200
    assert listing.headers["x-total-count"] == "4"
    assert [u["id"] for u in listing.json()] == created[::-1][:2]  # newest first
    rest = await client.get("/api/v1/admin/users", params={"limit": 2, "offset": 2}, headers=admin.headers)
    assert [u["id"] for u in rest.json()] == [created[0], admin.user["id"]]


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 51}, {"offset": -1}, {"limit": "x"}])
async def test_list_paging_is_validated(client, params: dict) -> None:
    admin = await register(client)
    response = await client.get("/api/v1/admin/users", params=params, headers=admin.headers)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "validation_error"


async def test_create_user_rejections(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin)
    taken = await client.post(
        "/api/v1/admin/users",
        json={"email": member.email, "password": PASSWORD, "roles": ["viewer"]},
        headers=admin.headers,
    )
    assert taken.status_code == 409
    bad_role = await client.post(
        "/api/v1/admin/users",
        json={"email": unique_email(), "password": PASSWORD, "roles": ["owner"]},
        headers=admin.headers,
    )
    assert bad_role.status_code == 422
    by_member = await client.post(
        "/api/v1/admin/users",
        json={"email": unique_email(), "password": PASSWORD, "roles": ["admin"]},
        headers=member.headers,
    )
    assert by_member.status_code == 403


async def test_roles_change_and_last_admin_rule(client) -> None:
    admin = await register(client)
    demote_self = await client.put(
        f"/api/v1/admin/users/{admin.user['id']}/roles", json={"roles": ["member"]}, headers=admin.headers
    )
    assert demote_self.status_code == 409
    assert demote_self.json()["error"]["code"] == "conflict"
    deactivate_self = await client.patch(
        f"/api/v1/admin/users/{admin.user['id']}", json={"is_active": False}, headers=admin.headers
    )
    assert deactivate_self.status_code == 409
    second = await add_member(client, admin, "member")
    promoted = await client.put(
        f"/api/v1/admin/users/{second.user['id']}/roles", json={"roles": ["admin", "member"]}, headers=admin.headers
    )
    assert promoted.status_code == 200
    assert promoted.json()["roles"] == ["admin", "member"]
    # With a second active admin, the first may step down.
    stepped_down = await client.put(
        f"/api/v1/admin/users/{admin.user['id']}/roles", json={"roles": ["viewer"]}, headers=admin.headers
    )
    assert stepped_down.status_code == 200
    assert stepped_down.json()["roles"] == ["viewer"]
    # Role changes take effect on the next request: the old admin is now a viewer.
    assert (await client.get("/api/v1/admin/ping", headers=admin.headers)).status_code == 403


async def test_deactivation_blocks_login_and_tokens(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin)
    response = await client.patch(
        f"/api/v1/admin/users/{member.user['id']}", json={"is_active": False}, headers=admin.headers
    )
    assert response.status_code == 200
    assert response.json()["is_active"] is False
    assert (await client.get("/api/v1/auth/me", headers=member.headers)).status_code == 401
    login = await client.post("/api/v1/auth/login", json={"email": member.email, "password": PASSWORD})
    assert login.status_code == 401
    reactivated = await client.patch(
        f"/api/v1/admin/users/{member.user['id']}", json={"is_active": True}, headers=admin.headers
    )
    assert reactivated.json()["is_active"] is True
    login = await client.post("/api/v1/auth/login", json={"email": member.email, "password": PASSWORD})
    assert login.status_code == 200
    # The token issued before deactivation stays revoked.
    assert (await client.get("/api/v1/auth/me", headers=member.headers)).status_code == 401


@pytest.mark.parametrize("value", ["no", "off", 0, "false", None])
async def test_activation_takes_a_json_boolean_only(client, value) -> None:
    """A string or a number is a 422, never read as a deactivation; the user stays as they were."""
    admin = await register(client)
    member = await add_member(client, admin)
    url = f"/api/v1/admin/users/{member.user['id']}"
    response = await client.patch(url, json={"is_active": value}, headers=admin.headers)
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error"
    assert (await client.get("/api/v1/auth/me", headers=member.headers)).status_code == 200


async def test_a_role_change_that_changes_nothing_is_not_audited(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin, "viewer")
    url = f"/api/v1/admin/users/{member.user['id']}/roles"
    same = await client.put(url, json={"roles": ["viewer"]}, headers=admin.headers)
    assert same.status_code == 200 and same.json()["roles"] == ["viewer"]
    events = (await client.get("/api/v1/admin/audit", headers=admin.headers)).json()
    assert [e["action"] for e in events] == ["user_created"]


async def test_audit_trail_records_admin_actions(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin)
    await client.put(
        f"/api/v1/admin/users/{member.user['id']}/roles", json={"roles": ["viewer"]}, headers=admin.headers
    )
    await client.patch(f"/api/v1/admin/users/{member.user['id']}", json={"is_active": False}, headers=admin.headers)
    response = await client.get("/api/v1/admin/audit", headers=admin.headers)
    assert response.status_code == 200
    events = response.json()
    assert [e["action"] for e in events] == ["user_deactivated", "roles_changed", "user_created"]
    assert all(e["actor_id"] == admin.user["id"] and e["target"] == member.user["id"] for e in events)
    assert events[1]["details"] == {"before": ["member"], "after": ["viewer"]}
    assert response.headers["x-total-count"] == "3"
    viewer = await add_member(client, admin, "viewer")
    assert (await client.get("/api/v1/admin/audit", headers=viewer.headers)).status_code == 403


async def test_unknown_user_id_is_404(client) -> None:
    admin = await register(client)
    response = await client.put(
        "/api/v1/admin/users/00000000-0000-4000-8000-000000000000/roles",
        json={"roles": ["viewer"]},
        headers=admin.headers,
    )
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
