"""Documents deleted while runs over them execute (found by an outside check): a delete as a run starts answered 404
and left the run `running` for ever (recovery failing on it every few minutes, its idempotency key blocked); a purge
while a run drafted left the purged text in the run's claims and result."""

from __future__ import annotations

from typing import Any

import pytest

from domains.execution import service as execution_service
from domains.knowledge.search.service import SearchService
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, upload_ok
from tests.helpers.runs import RUNS, start_run


@pytest.fixture
def delete_after_the_check(monkeypatch, client):  # type: ignore[no-untyped-def]
    """Delete a document right after POST /runs has checked that it exists (the race, made deterministic)."""
    target: dict[str, Any] = {}
    real = execution_service.release_connection

    async def release_then_delete(session):  # type: ignore[no-untyped-def]
        await real(session)
        if target:
            account, document_id = target.pop("account"), target.pop("document_id")
            deleted = await client.delete(f"{UPLOAD_URL}/{document_id}", headers=account.headers)
            assert deleted.status_code == 204, deleted.text

    monkeypatch.setattr(execution_service, "release_connection", release_then_delete)
    return target


async def test_a_document_deleted_as_the_run_starts_fails_the_run_as_a_record(client, delete_after_the_check) -> None:
    account = await register(client)
    document = await upload_ok(client, account, "The harbour master of Kiel is Annegret Vollmer.", "kiel.txt")
    delete_after_the_check.update(account=account, document_id=document["document_id"])
    run = await start_run(
        client, account, "Who is the harbour master?", document_ids=[document["document_id"]], idempotency_key="k-1"
    )
    assert run["status"] == "failed" and run["outcome"] == "failed", run
    assert "deleted" in (run["failure_reason"] or ""), run
    stored = (await client.get(f"{RUNS}/{run['id']}", headers=account.headers)).json()
    assert stored["status"] == "failed"
    # The key is not blocked: a replay returns the failed run at once.
    replay = await client.post(
        RUNS,
        json={
            "workflow_type": "evidence_briefing",
            "input": {"query": "Who is the harbour master?", "document_ids": [document["document_id"]]},
            "idempotency_key": "k-1",
        },
        headers=account.headers,
    )
    assert replay.status_code == 200 and replay.json()["id"] == run["id"], replay.text
    # A request after the delete is refused before any run is made.
    await start_run(client, account, "Who is the harbour master?", document_ids=[document["document_id"]], expect=404)


async def test_a_purge_while_a_run_retrieves_leaves_none_of_the_text_in_it(client, monkeypatch) -> None:
    account = await register(client)
    document = await upload_ok(client, account, "The harbour master of Kiel is Annegret Vollmer.", "kiel.txt")
    real = SearchService.search

    async def search_then_purge(self, request):  # type: ignore[no-untyped-def]
        # The race, made deterministic: the evidence is read, the document is purged (its purge finds no run citing
        # it yet), then the run stores that evidence.
        outcome = await real(self, request)
        if request.document_ids is None:
            deleted = await client.delete(
                f"{UPLOAD_URL}/{document['document_id']}", params={"purge": "true"}, headers=account.headers
            )
            assert deleted.status_code == 204, deleted.text
        return outcome

    monkeypatch.setattr(SearchService, "search", search_then_purge)
    run = await start_run(client, account, "Who is the harbour master of Kiel?")
    monkeypatch.setattr(SearchService, "search", real)
    assert run["status"] == "failed", run  # its quote's chunk is gone: verification stage 2
    for path in ("", "/result", "/events", "/receipt"):
        response = await client.get(f"{RUNS}/{run['id']}{path}", headers=account.headers)
        assert "Vollmer" not in response.text, (path, response.text)


async def test_a_document_deleted_without_purge_can_be_purged_later(client) -> None:
    """A plain delete keeps the cited text in run history; a later DELETE ?purge=true removes it (it was a 404, so
    the text could never be purged); a third one, or one for an id no run cites, is 404."""
    account = await register(client)
    document = await upload_ok(client, account, "The harbour master of Kiel is Annegret Vollmer.", "kiel.txt")
    run = await start_run(client, account, "Who is the harbour master of Kiel?")
    url = f"{UPLOAD_URL}/{document['document_id']}"
    assert (await client.delete(url, headers=account.headers)).status_code == 204
    result = f"{RUNS}/{run['id']}/result"
    assert "Vollmer" in (await client.get(result, headers=account.headers)).text  # kept, as the contract says
    assert (await client.delete(url, params={"purge": "true"}, headers=account.headers)).status_code == 204
    assert "Vollmer" not in (await client.get(result, headers=account.headers)).text
    assert (await client.delete(url, params={"purge": "true"}, headers=account.headers)).status_code == 404
    unknown = f"{UPLOAD_URL}/00000000-0000-4000-8000-000000000000"
    assert (await client.delete(unknown, params={"purge": "true"}, headers=account.headers)).status_code == 404
    stranger = await register(client)
    assert (await client.delete(url, params={"purge": "true"}, headers=stranger.headers)).status_code == 404
