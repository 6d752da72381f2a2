"""Personal access tokens through the real routes: the secret once and hashed, scopes ∩ roles at call time,
expiry, revocation, deactivation, listing without secrets, audit rows, and tenancy (ADR-0019)."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import psycopg
import pytest

from packages.database.engine import APP_ROLE, sync_url
from tests.helpers.identity import TOKENS_URL, Account, add_member, bearer, create_token, login, register
from tests.helpers.runs import RUNS

DOCS = "/api/v1/knowledge/documents"
SEARCH = "/api/v1/knowledge/search"


def _owner_rows(database_url: str, sql: str, *params: object) -> list[tuple]:
    with psycopg.connect(sync_url(database_url)) as conn:
        return conn.execute(sql, params).fetchall()


async def test_the_secret_is_shown_once_and_only_its_hash_is_stored(client, database_url: str) -> None:
    admin = await register(client)
    created = await create_token(client, admin, ["read"], name="laptop")
    secret = created["token"]
    assert secret.startswith("orion_pat_") and len(secret) > 70
    assert created["status"] == "active" and created["scopes"] == ["read"]

    listing = await client.get(TOKENS_URL, headers=admin.headers)
    assert listing.status_code == 200 and listing.headers["x-total-count"] == "1"
    assert listing.json()[0]["id"] == created["id"]
    assert "token" not in listing.json()[0] and secret not in listing.text

    stored = _owner_rows(database_url, "SELECT token_hash FROM personal_access_tokens WHERE id = %s", created["id"])
    assert stored == [(hashlib.sha256(secret.encode()).hexdigest(),)]
    # The secret part of the token appears in no column of any table (a full dump, read as the owner).
    # orion_pat_<org id, hex>_<43 url-safe characters>: the random part may itself hold "_", so split after the id.
    random_part = secret.removeprefix("orion_pat_").split("_", 1)[1]
    assert len(random_part) == 43
    with psycopg.connect(sync_url(database_url)) as conn:
        tables = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        for table in tables:
            hits = conn.execute(
                f'SELECT count(*) FROM "{table}" t WHERE strpos(t::text, %s) > 0', (random_part,)
            ).fetchone()
            assert hits == (0,), table


async def test_a_token_works_as_a_bearer_within_its_scopes(client) -> None:
    admin = await register(client)
    read = bearer((await create_token(client, admin, ["read"]))["token"])
    investigate = bearer((await create_token(client, admin, ["investigate"]))["token"])
    write = bearer((await create_token(client, admin, ["write"]))["token"])

    me = await client.get("/api/v1/auth/me", headers=read)
    assert me.status_code == 200 and me.json()["id"] == admin.user["id"]
    for headers in (read, investigate, write):
        assert (await client.get(DOCS, headers=headers)).status_code == 200
        assert (await client.post(SEARCH, json={"query_text": "anything"}, headers=headers)).status_code == 200
        assert (await client.get(RUNS, headers=headers)).status_code == 200

    run_body = {"workflow_type": "evidence_briefing", "input": {"query": "what is stored?"}}
    denied = await client.post(RUNS, json=run_body, headers=read)
    assert denied.status_code == 403 and denied.json()["error"]["code"] == "forbidden"
    assert (await client.post(RUNS, json=run_body, headers=investigate)).status_code == 201

    files = {"file": ("a.txt", b"Tokens are scoped.", "text/plain")}
    assert (await client.post(DOCS, files=files, headers=investigate)).status_code == 403
    uploaded = await client.post(DOCS, files=files, headers=write)
    assert uploaded.status_code == 201, uploaded.text
    assert (await client.delete(f"{DOCS}/{uploaded.json()['document_id']}", headers=investigate)).status_code == 403
    assert (await client.delete(f"{DOCS}/{uploaded.json()['document_id']}", headers=write)).status_code == 204

    # Reading analytics is a read (viewers may); no scope reaches administration, whatever the owner's roles.
    for headers in (read, investigate, write):
        assert (await client.get("/api/v1/investigations/analytics", headers=headers)).status_code == 200
    assert (await client.get("/api/v1/admin/users", headers=write)).status_code == 403


async def test_a_token_never_grants_more_than_the_owners_roles_at_call_time(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin, "member")
    token = bearer((await create_token(client, member, ["write"]))["token"])
    files = {"file": ("b.txt", b"Role first, scope second.", "text/plain")}
    assert (await client.post(DOCS, files=files, headers=token)).status_code == 201

    demoted = await client.put(
        f"/api/v1/admin/users/{member.user['id']}/roles", json={"roles": ["viewer"]}, headers=admin.headers
    )
    assert demoted.status_code == 200
    files = {"file": ("c.txt", b"A viewer cannot upload.", "text/plain")}
    assert (await client.post(DOCS, files=files, headers=token)).status_code == 403
    assert (await client.get(DOCS, headers=token)).status_code == 200


async def test_tokens_cannot_manage_tokens(client) -> None:
    admin = await register(client)
    token = bearer((await create_token(client, admin, ["write"]))["token"])
    body = {"name": "escalate", "scopes": ["write"], "expires_in_days": 366}
    assert (await client.post(TOKENS_URL, json=body, headers=token)).status_code == 403
    assert (await client.get(TOKENS_URL, headers=token)).status_code == 403


async def test_a_token_is_never_exchanged_for_a_session_nor_ends_or_changes_one(client) -> None:
    # A read-scope token minting a full-role session token that outlives its revocation would undo every scope.
    admin = await register(client)
    token = bearer((await create_token(client, admin, ["read"]))["token"])

    refreshed = await client.post("/api/v1/auth/refresh", headers=token)
    assert refreshed.status_code == 403 and refreshed.json()["error"]["code"] == "forbidden"
    change = {"current_password": admin.password, "new_password": "Quartz-Gecko-Lantern-71"}
    assert (await client.put("/api/v1/auth/password", json=change, headers=token)).status_code == 403
    assert (await client.post("/api/v1/auth/logout", headers=token)).status_code == 403

    # The owner's session is untouched: still signed in, same password, and it refreshes as before.
    assert (await client.get("/api/v1/auth/me", headers=admin.headers)).status_code == 200
    assert (await client.post("/api/v1/auth/refresh", headers=admin.headers)).status_code == 200
    login = await client.post("/api/v1/auth/login", json={"email": admin.email, "password": admin.password})
    assert login.status_code == 200


async def test_revocation_is_effective_at_once_and_audited(client) -> None:
    admin = await register(client)
    created = await create_token(client, admin, ["read"], name="ci")
    headers = bearer(created["token"])
    assert (await client.get(DOCS, headers=headers)).status_code == 200

    revoked = await client.delete(f"{TOKENS_URL}/{created['id']}", headers=admin.headers)
    assert revoked.status_code == 204
    refused = await client.get(DOCS, headers=headers)
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "unauthorized"
    listed = (await client.get(TOKENS_URL, headers=admin.headers)).json()[0]
    assert listed["status"] == "revoked" and listed["revoked_at"] is not None
    # Revoking again changes nothing and adds no audit row.
    assert (await client.delete(f"{TOKENS_URL}/{created['id']}", headers=admin.headers)).status_code == 204

    audit = (await client.get("/api/v1/admin/audit", headers=admin.headers)).json()
    actions = [(e["action"], e["target"]) for e in audit]
    assert actions.count(("token_created", created["id"])) == 1
    assert actions.count(("token_revoked", created["id"])) == 1
    created_event = next(e for e in audit if e["action"] == "token_created")
    assert created_event["details"]["scopes"] == ["read"] and created["token"] not in str(audit)


async def test_an_expired_token_is_refused(client, database_url: str) -> None:
    admin = await register(client)
    created = await create_token(client, admin, ["read"])
    with psycopg.connect(sync_url(database_url)) as conn:
        conn.execute(
            "UPDATE personal_access_tokens SET expires_at = now() - %s WHERE id = %s",
            (timedelta(seconds=1), created["id"]),
        )
    response = await client.get(DOCS, headers=bearer(created["token"]))
    assert response.status_code == 401
    assert (await client.get(TOKENS_URL, headers=admin.headers)).json()[0]["status"] == "expired"


async def test_a_deactivated_users_tokens_stop_working(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin, "member")
    headers = bearer((await create_token(client, member, ["read"]))["token"])
    assert (await client.get(DOCS, headers=headers)).status_code == 200
    user_url = f"/api/v1/admin/users/{member.user['id']}"
    off = await client.patch(user_url, json={"is_active": False}, headers=admin.headers)
    assert off.status_code == 200
    assert (await client.get(DOCS, headers=headers)).status_code == 401
    listed = (await client.get(TOKENS_URL, params={"organization": "true"}, headers=admin.headers)).json()
    assert [token["status"] for token in listed] == ["revoked"]  # never shown "active" for a deactivated owner
    # Reactivation gives the person back their account, not the old credentials: the token stays revoked, as the
    # sessions issued before the deactivation do.
    on = await client.patch(user_url, json={"is_active": True}, headers=admin.headers)
    assert on.status_code == 200
    assert (await client.get(DOCS, headers=headers)).status_code == 401
    audit = (await client.get("/api/v1/admin/audit", params={"limit": 50}, headers=admin.headers)).json()
    revoked = [event for event in audit if event["action"] == "token_revoked"]
    assert [event["details"]["reason"] for event in revoked] == ["owner_deactivated"]


async def test_a_logout_and_a_password_change_each_end_older_access_tokens(client) -> None:
    """ "Every token of that user issued before the logout stops working" and "older tokens stop working" at a password
    change: personal access tokens included (ADR-0019, amended 2026-12-04); a token made after either still works."""
    admin = await register(client)
    older = bearer((await create_token(client, admin, ["read"]))["token"])
    assert (await client.post("/api/v1/auth/logout", headers=admin.headers)).status_code == 204
    assert (await client.get(DOCS, headers=older)).status_code == 401
    signed_back_in = Account(admin.email, admin.password, await login(client, admin.email), admin.user)
    session = signed_back_in.headers
    older = bearer((await create_token(client, signed_back_in, ["read"]))["token"])
    assert (await client.get(DOCS, headers=older)).status_code == 200
    change = {"current_password": admin.password, "new_password": "a brand new passphrase 42"}
    assert (await client.put("/api/v1/auth/password", json=change, headers=session)).status_code == 204
    assert (await client.get(DOCS, headers=older)).status_code == 401
    signed_in = Account(
        admin.email, change["new_password"], await login(client, admin.email, change["new_password"]), admin.user
    )
    newer = bearer((await create_token(client, signed_in, ["read"]))["token"])
    assert (await client.get(DOCS, headers=newer)).status_code == 200


@pytest.mark.parametrize(
    "raw",
    [
        "orion_pat_",
        "orion_pat_" + "0" * 32 + "_" + "A" * 43,
        "orion_pat_zz_notatoken",
        "orion_pat_" + "0" * 32 + "_" + "A" * 44,
    ],
)
async def test_malformed_or_unknown_tokens_are_401(client, raw: str) -> None:
    response = await client.get(DOCS, headers={"Authorization": f"Bearer {raw}"})
    assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"


async def test_a_forged_organization_in_a_real_secret_is_refused(client) -> None:
    first = await register(client)
    second = await register(client)
    secret = (await create_token(client, first, ["read"]))["token"]
    forged = "orion_pat_" + second.organization_id.replace("-", "") + "_" + secret.rsplit("_", 1)[-1]
    assert (await client.get(DOCS, headers=bearer(forged))).status_code == 401


async def test_admins_list_and_revoke_the_organizations_tokens_members_only_their_own(client) -> None:
    admin = await register(client)
    member = await add_member(client, admin, "member")
    other_member = await add_member(client, admin, "member")
    mine = await create_token(client, member, ["read"], name="member-token")
    await create_token(client, admin, ["read"], name="admin-token")

    everyone = await client.get(TOKENS_URL, params={"organization": "true"}, headers=admin.headers)
    assert {t["name"] for t in everyone.json()} == {"member-token", "admin-token"}
    assert {t["user_email"] for t in everyone.json()} == {member.email, admin.email}
    # A member asking for the organization's tokens is refused, not quietly shown their own (an outside check
    # read the 200 as the whole organization's list).
    refused = await client.get(TOKENS_URL, params={"organization": "true"}, headers=member.headers)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    own = await client.get(TOKENS_URL, headers=member.headers)
    assert [t["name"] for t in own.json()] == ["member-token"]

    # Another member cannot see or revoke it: it behaves as unknown.
    assert (await client.delete(f"{TOKENS_URL}/{mine['id']}", headers=other_member.headers)).status_code == 404
    assert (await client.get(DOCS, headers=bearer(mine["token"]))).status_code == 200
    assert (await client.delete(f"{TOKENS_URL}/{mine['id']}", headers=admin.headers)).status_code == 204
    assert (await client.get(DOCS, headers=bearer(mine["token"]))).status_code == 401


async def test_another_organizations_token_id_is_404(client) -> None:
    first = await register(client)
    second = await register(client)
    foreign = await create_token(client, first, ["read"])
    response = await client.delete(f"{TOKENS_URL}/{foreign['id']}", headers=second.headers)
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    assert (await client.delete(f"{TOKENS_URL}/no-such-token", headers=second.headers)).status_code == 404
    assert (await client.get(DOCS, headers=bearer(foreign["token"]))).status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"name": "", "scopes": ["read"]},
        {"name": "x", "scopes": []},
        {"name": "x", "scopes": ["admin"]},
        {"name": "x", "scopes": ["read", "read"]},
        {"name": "x", "scopes": ["read"], "expires_in_days": 0},
        {"name": "x", "scopes": ["read"], "expires_in_days": "5"},
        {"name": "x", "scopes": ["read"], "expires_in_days": 367},
        {"name": "x" * 101, "scopes": ["read"]},
        {"name": "x", "scopes": ["read"], "extra": 1},
    ],
)
async def test_invalid_token_requests_are_422_and_store_nothing(client, database_url: str, body: dict) -> None:
    admin = await register(client)
    response = await client.post(TOKENS_URL, json=body, headers=admin.headers)
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error"
    rows = _owner_rows(
        database_url, "SELECT count(*) FROM personal_access_tokens WHERE organization_id = %s", admin.organization_id
    )
    assert rows == [(0,)]


async def test_last_used_is_recorded_cheaply(client, database_url: str) -> None:
    admin = await register(client)
    created = await create_token(client, admin, ["read"])
    assert created["last_used_at"] is None
    for _ in range(3):
        assert (await client.get(DOCS, headers=bearer(created["token"]))).status_code == 200
    first = _owner_rows(database_url, "SELECT last_used_at FROM personal_access_tokens WHERE id = %s", created["id"])
    assert first[0][0] is not None
    # Within a minute of the last recorded use, a call does not write again.
    assert (await client.get(DOCS, headers=bearer(created["token"]))).status_code == 200
    again = _owner_rows(database_url, "SELECT last_used_at FROM personal_access_tokens WHERE id = %s", created["id"])
    assert again == first


async def test_last_use_is_kept_when_the_call_releases_its_transaction(client, database_url: str) -> None:
    admin = await register(client)
    created = await create_token(client, admin, ["investigate"])
    body = {"workflow_type": "evidence_briefing", "input": {"query": "anything stored?"}}
    # Creating a run ends the request's read transaction before the slow work; the recorded use must survive it.
    assert (await client.post(RUNS, json=body, headers=bearer(created["token"]))).status_code == 201
    used = _owner_rows(database_url, "SELECT last_used_at FROM personal_access_tokens WHERE id = %s", created["id"])
    assert used[0][0] is not None


async def test_row_level_security_hides_other_organizations_tokens(client, database_url: str) -> None:
    first = await register(client)
    second = await register(client)
    mine = await create_token(client, first, ["read"])
    await create_token(client, second, ["read"])
    with psycopg.connect(sync_url(database_url)) as conn:
        conn.execute(f"SET ROLE {APP_ROLE}")
        conn.execute("SELECT set_config('orion.org_id', %s, false)", (first.organization_id,))
        visible = conn.execute("SELECT id FROM personal_access_tokens").fetchall()
        assert visible == [(mine["id"],)]
        conn.execute("SELECT set_config('orion.org_id', '', false)")
        assert conn.execute("SELECT count(*) FROM personal_access_tokens").fetchone() == (0,)
