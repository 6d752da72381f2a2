"""A run read right after a cited document changes already says so: reads bring an outdated drift check up to date
(the background sweep is set never to run here, so only the read can)."""

from __future__ import annotations

from typing import Any

import pytest

from domains.execution.briefing import FakeLLMProvider
from tests.conftest import make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import upload_ok
from tests.helpers.runs import RUNS, run_result, scripted_model, start_run

V1 = "Parking rules.\n\nVisitors may park for up to two hours. Permits are issued at the front desk.\n"
V2 = "Parking rules.\n\nVisitors may park for up to one hour. Permits are issued at the front desk.\n"
CHANGED = "Visitors may park for up to two hours."
KEPT = "Permits are issued at the front desk."


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("orion-data"), evidence_drift_interval_seconds=86400)


async def _run(client, account, run_id: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    response = await client.get(f"{RUNS}/{run_id}", headers=account.headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_a_new_version_and_a_deletion_show_on_the_next_read(client, app) -> None:
    account = await register(client)
    document = await upload_ok(client, account, V1, "parking.txt", source="parking")
    chunks = (
        await client.get(f"/api/v1/knowledge/documents/{document['document_id']}/chunks", headers=account.headers)
    ).json()
    chunk_id = chunks[0]["chunk_id"]
    briefing = {
        "briefing": "Briefing.",
        "claims": [
            {"statement": "A statement.", "citations": [{"chunk_id": chunk_id, "quote": q}]} for q in (CHANGED, KEPT)
        ],
        "insufficient_evidence": False,
    }
    with scripted_model(app, FakeLLMProvider([briefing])):
        run = await start_run(client, account, "how long can visitors park", document_ids=[document["document_id"]])
    assert run["outcome"] == "answered", run["failure_reason"]
    assert (await _run(client, account, run["id"]))["evidence_status"] == "current"

    await upload_ok(client, account, V2, "parking.txt", source="parking")
    read = await _run(client, account, run["id"])
    assert read["evidence_status"] == "drifted" and read["status"] == "completed" and read["outcome"] == "answered"
    claims = (await run_result(client, account, run["id"]))["result"]["claims"]
    assert [c["evidence_status"] for c in claims] == ["changed", "current"]

    deleted = await client.delete(f"/api/v1/knowledge/documents/{document['document_id']}", headers=account.headers)
    assert deleted.status_code == 204
    claims = (await run_result(client, account, run["id"]))["result"]["claims"]
    assert [c["evidence_status"] for c in claims] == ["gone", "gone"]


async def _answered_run(client, app, account, text: str, name: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    document = await upload_ok(client, account, text, name, source=name)
    chunks = (
        await client.get(f"/api/v1/knowledge/documents/{document['document_id']}/chunks", headers=account.headers)
    ).json()
    briefing = {
        "briefing": "Briefing.",
        "claims": [{"statement": "A statement.", "citations": [{"chunk_id": chunks[0]["chunk_id"], "quote": CHANGED}]}],
        "insufficient_evidence": False,
    }
    with scripted_model(app, FakeLLMProvider([briefing])):
        run = await start_run(client, account, "how long can visitors park", document_ids=[document["document_id"]])
    assert run["outcome"] == "answered", run["failure_reason"]
    return run["id"], document["document_id"]


async def test_the_run_list_and_the_analytics_say_drifted_before_any_run_is_opened(client, app) -> None:
    # An outside check found the list (and the analytics' drifted count) saying `current` for a run whose own page
    # said `drifted`, until someone opened that run.
    account = await register(client)
    kept, _ = await _answered_run(client, app, account, V1, "kept.txt")
    changed, _ = await _answered_run(client, app, account, V1, "changed.txt")
    deleted, document_id = await _answered_run(client, app, account, V1, "deleted.txt")
    analytics = "/api/v1/investigations/analytics"
    assert (await client.get(analytics, headers=account.headers)).json()["drifted"] == 0

    await upload_ok(client, account, V2, "changed.txt", source="changed.txt")
    gone = await client.delete(f"/api/v1/knowledge/documents/{document_id}", headers=account.headers)
    assert gone.status_code == 204

    assert (await client.get(analytics, headers=account.headers)).json()["drifted"] == 2
    back = V1.replace("Permits", "Day permits")  # its quote is back, in a third version
    await upload_ok(client, account, back, "changed.txt", source="changed.txt")
    listing = (await client.get(RUNS, params={"limit": 10}, headers=account.headers)).json()
    status = {run["id"]: run["evidence_status"] for run in listing}
    assert status == {kept: "current", changed: "current", deleted: "drifted"}
