"""§Analytics with hand-built run histories and exact expected numbers."""

from __future__ import annotations

from datetime import timedelta

import psycopg
import pytest

from domains.execution.briefing import FakeBehaviour
from packages.core.clock import utcnow
from packages.database.engine import sync_url
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, upload_ok
from tests.helpers.runs import RUNS, fake, scripted_model, start_run

ANALYTICS = "/api/v1/investigations/analytics"
TRENDS = "/api/v1/investigations/trends"


async def test_zero_runs(client) -> None:
    account = await register(client)
    body = (await client.get(ANALYTICS, headers=account.headers)).json()
    assert body == {
        "total": 0,
        "answered": 0,
        "insufficient_evidence": 0,
        "failed": 0,
        "cancelled": 0,
        "completed": 0,
        "refusal_rate": None,
        "evidence_mean": None,
        "evidence_median": None,
        "evidence_min": None,
        "evidence_max": None,
        "most_cited_documents": [],
        "drifted": 0,
    }
    trends = (await client.get(TRENDS, headers=account.headers)).json()
    assert trends["points"] == [] and trends["reason"] == "No investigations yet."
    assert trends["enough_for_volume_trend"] is False and trends["enough_for_refusal_trend"] is False


@pytest.fixture(scope="module")
async def history(client, app, database_url):  # type: ignore[no-untyped-def]
    """Two documents share a title; one cited document is later deleted; runs of every outcome over three days."""
    account = await register(client)
    first = await upload_ok(
        client, account, "Pumps must be inspected every spring by a certified engineer.", "a.txt", title="Manual"
    )
    second = await upload_ok(
        client, account, "Valves are replaced every five years regardless of wear.", "b.txt", title="Manual"
    )
    doomed = await upload_ok(
        client, account, "Tanks are drained each winter to prevent freezing damage.", "c.txt", title="Old notes"
    )
    runs = {}
    with scripted_model(app, fake(FakeBehaviour.GROUNDED)):
        runs["pump"] = await start_run(
            client, account, "When are pumps inspected?", document_ids=[first["document_id"]]
        )
        runs["valve"] = await start_run(
            client, account, "When are valves replaced?", document_ids=[second["document_id"]]
        )
        runs["tank"] = await start_run(client, account, "When are tanks drained?", document_ids=[doomed["document_id"]])
        runs["pump2"] = await start_run(client, account, "Who inspects pumps?", document_ids=[first["document_id"]])
    with scripted_model(app, fake(FakeBehaviour.INSUFFICIENT_EVIDENCE)):
        runs["refused"] = await start_run(
            client, account, "What colour are the pumps?", document_ids=[first["document_id"]]
        )
    with scripted_model(app, fake(FakeBehaviour.UNGROUNDED_QUOTE)):
        runs["failed"] = await start_run(client, account, "How heavy are valves?", document_ids=[second["document_id"]])
    # A cancelled run: inserted pending, then cancelled through the API.
    with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
        conn.execute(
            "INSERT INTO runs (id, organization_id, workflow_type, status, input, max_steps, created_at)"
            " VALUES ('cancel-me-run-0000000000000000000000', %s, 'evidence_briefing', 'pending',"
            ' \'{"query": "x"}\', 5, now())',
            (account.organization_id,),
        )
    assert (
        await client.post(f"{RUNS}/cancel-me-run-0000000000000000000000/cancel", headers=account.headers)
    ).status_code == 200
    await client.delete(f"{UPLOAD_URL}/{doomed['document_id']}", headers=account.headers)
    # Spread the runs over three days: pump and valve 2 days ago, tank and pump2 yesterday, the rest today.
    now = utcnow()
    with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
        for key, days in (("pump", 2), ("valve", 2), ("tank", 1), ("pump2", 1)):
            conn.execute("UPDATE runs SET created_at = %s WHERE id = %s", (now - timedelta(days=days), runs[key]["id"]))
    return account, runs, {"first": first, "second": second, "doomed": doomed}


async def test_outcome_counts_and_refusal_rate(client, history) -> None:
    account, _, _ = history
    body = (await client.get(ANALYTICS, headers=account.headers)).json()
    assert (body["total"], body["answered"], body["insufficient_evidence"], body["failed"], body["cancelled"]) == (
        7,
        4,
        1,
        1,
        1,
    )
    assert body["completed"] == 5
    assert body["refusal_rate"] == pytest.approx(0.2)
    # Each answered run was restricted to one document with one chunk: one piece of evidence each.
    assert (body["evidence_mean"], body["evidence_median"], body["evidence_min"], body["evidence_max"]) == (1, 1, 1, 1)


async def test_most_cited_is_keyed_by_id_and_marks_deleted_documents(client, history) -> None:
    account, _, docs = history
    cited = {
        d["document_id"]: d
        for d in (await client.get(ANALYTICS, headers=account.headers)).json()["most_cited_documents"]
    }
    assert cited[docs["first"]["document_id"]] == {
        "document_id": docs["first"]["document_id"],
        "document_title": "Manual",
        "times_cited": 2,
        "historical": False,
    }
    # Same title, different document: a separate row.
    assert cited[docs["second"]["document_id"]]["times_cited"] == 1
    assert cited[docs["second"]["document_id"]]["document_title"] == "Manual"
    deleted = cited[docs["doomed"]["document_id"]]
    assert deleted == {
        "document_id": docs["doomed"]["document_id"],
        "document_title": "Old notes",
        "times_cited": 1,
        "historical": True,
    }
    assert next(iter(cited)) == docs["first"]["document_id"]  # most cited first


async def test_document_usage_on_the_list(client, history) -> None:
    account, _, docs = history
    listing = {d["id"]: d["usage"] for d in (await client.get(UPLOAD_URL, headers=account.headers)).json()}
    first = listing[docs["first"]["document_id"]]
    assert first["times_cited"] == 2 and first["times_in_refused"] == 1
    assert listing[docs["second"]["document_id"]]["times_cited"] == 1
    assert listing[docs["second"]["document_id"]]["times_in_refused"] == 0


async def test_daily_trend(client, history) -> None:
    account, _, _ = history
    trend = (await client.get(TRENDS, params={"bucket": "day"}, headers=account.headers)).json()
    assert [p["total"] for p in trend["points"]] == [2, 2, 3]
    assert [p["answered"] for p in trend["points"]] == [2, 2, 0]
    assert trend["points"][2]["insufficient_evidence"] == 1 and trend["points"][2]["failed"] == 1
    assert trend["total_investigations"] == 7 and trend["completed_investigations"] == 5
    assert trend["enough_for_volume_trend"] is True
    assert trend["enough_for_refusal_trend"] is False and "refusal-rate" in trend["reason"]
    weekly = (await client.get(TRENDS, params={"bucket": "week"}, headers=account.headers)).json()
    assert sum(p["total"] for p in weekly["points"]) == 7
    assert (await client.get(TRENDS, params={"bucket": "month"}, headers=account.headers)).status_code == 422


async def test_purge_keeps_counts_and_removes_text(client, app, history) -> None:
    account, _, docs = history
    with scripted_model(app, fake(FakeBehaviour.GROUNDED)):
        run = await start_run(
            client, account, "When are valves replaced again?", document_ids=[docs["second"]["document_id"]]
        )
    before = (await client.get(ANALYTICS, headers=account.headers)).json()
    assert (
        await client.delete(
            f"{UPLOAD_URL}/{docs['second']['document_id']}", params={"purge": "true"}, headers=account.headers
        )
    ).status_code == 204
    result = (await client.get(f"{RUNS}/{run['id']}/result", headers=account.headers)).json()
    assert all(c["content"] == "[purged]" for c in result["citations"])
    assert result["result"]["claims"][0]["citations"][0]["quote"] == "[purged]"
    assert "Valves" not in str(result)
    after = (await client.get(ANALYTICS, headers=account.headers)).json()
    assert (after["total"], after["answered"]) == (before["total"], before["answered"])
    audit = (await client.get("/api/v1/admin/audit", headers=account.headers)).json()
    assert audit[0]["action"] == "document_purged"


async def test_purge_also_removes_the_section_labels_the_document_wrote(client, app) -> None:
    # An email's sender and subject, or a heading, label its chunks: the document's own words, gone with it.
    account = await register(client)
    doc = await upload_ok(
        client,
        account,
        "# Boiler notes from Maria Okafor\n\n## Valve schedule\n\n"
        "Valves are replaced every five years regardless of wear.",
        "boiler.md",
    )
    with scripted_model(app, fake(FakeBehaviour.GROUNDED)):
        run = await start_run(client, account, "When are valves replaced?", document_ids=[doc["document_id"]])
    shown = (await client.get(f"{RUNS}/{run['id']}/result", headers=account.headers)).json()
    assert any(c["section"] and "Valve schedule" in c["section"] for c in shown["citations"])
    deleted = await client.delete(
        f"{UPLOAD_URL}/{doc['document_id']}", params={"purge": "true"}, headers=account.headers
    )
    assert deleted.status_code == 204
    result = (await client.get(f"{RUNS}/{run['id']}/result", headers=account.headers)).json()
    assert all(c["section"] in (None, "[purged]") for c in result["citations"])
    assert "Okafor" not in str(result["citations"]) and "Valve schedule" not in str(result)
