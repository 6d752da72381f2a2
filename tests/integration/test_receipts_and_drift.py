"""Page-exact quote citations, verification receipts (`GET /runs/{id}/receipt`, `orion verify`) and evidence drift."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from rich.console import Console

from apps.cli.verify import NO_RECORD, ApiNotFound, print_verdicts, verify_with_api, verify_with_database
from domains.execution.briefing import FakeLLMProvider
from domains.execution.verification.receipt import VerificationReceipt
from tests.conftest import make_test_settings
from tests.helpers.identity import Account, register
from tests.helpers.knowledge import upload_ok
from tests.helpers.pdfs import text_pdf
from tests.helpers.runs import RUNS, run_result, scripted_model, start_run

HANDBOOK_V1 = (
    "Remote work policy.\n\nStaff may work remotely on up to three days a week. "
    "Requests go to the line manager in writing.\n"
)
HANDBOOK_V2 = (
    "Remote work policy.\n\nStaff may work remotely on up to two days a week. "
    "Requests go to the line manager in writing.\n"
)
CITED = "Staff may work remotely on up to three days a week."
KEPT = "Requests go to the line manager in writing."


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Re-check drift quickly, so a test can watch the background sweep."""
    return make_test_settings(tmp_path_factory.mktemp("orion-data"), evidence_drift_interval_seconds=0.2)


def _briefing(*citations: tuple[str, str]) -> dict[str, Any]:
    claims = [{"statement": "A statement.", "citations": [{"chunk_id": c, "quote": q}]} for c, q in citations]
    return {"briefing": "Briefing.", "claims": claims, "insufficient_evidence": False}


async def _chunks(client: httpx.AsyncClient, account: Account, document_id: str) -> list[dict[str, Any]]:
    response = await client.get(f"/api/v1/knowledge/documents/{document_id}/chunks", headers=account.headers)
    assert response.status_code == 200, response.text
    return list(response.json())


async def _answer(client, app, account, document_id: str, *citations: tuple[str, str]) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    with scripted_model(app, FakeLLMProvider([_briefing(*citations)])):
        run = await start_run(client, account, "what does it say", document_ids=[document_id])
    assert run["outcome"] == "answered", run["failure_reason"]
    return run


async def test_a_quote_on_page_two_is_cited_as_page_two(client, app) -> None:
    account = await register(client)
    pdf = text_pdf(
        "Inspection report for the north bridge.\nThe deck was resurfaced in spring.",
        "The south bearing shows corrosion.\nLoad limits stay unchanged until repair.",
    )
    document = await upload_ok(client, account, pdf, "bridge.pdf")
    [chunk] = await _chunks(client, account, document["document_id"])
    assert (chunk["page"], chunk["page_start"], chunk["page_end"]) == (1, 1, 2)  # one chunk across the break
    run = await _answer(
        client, app, account, document["document_id"], (chunk["chunk_id"], "The south bearing shows corrosion.")
    )
    result = await run_result(client, account, run["id"])
    span = result["result"]["claims"][0]["citations"][0]["span"]
    assert (span["page_start"], span["page_end"]) == (2, 2)
    [source] = result["citations"]
    assert (source["page_start"], source["page_end"]) == (1, 2)
    run = await _answer(
        client,
        app,
        account,
        document["document_id"],
        (chunk["chunk_id"], "The deck was resurfaced in spring.\n\nThe south bearing shows corrosion."),
    )
    span = (await run_result(client, account, run["id"]))["result"]["claims"][0]["citations"][0]["span"]
    assert (span["page_start"], span["page_end"]) == (1, 2)


async def _receipt(client: httpx.AsyncClient, account: Account, run_id: str) -> VerificationReceipt:
    response = await client.get(f"{RUNS}/{run_id}/receipt", headers=account.headers)
    assert response.status_code == 200, response.text
    return VerificationReceipt.model_validate(response.json())


async def _wait_for_evidence(client, account, run_id: str, status: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    for _ in range(100):
        run = (await client.get(f"{RUNS}/{run_id}", headers=account.headers)).json()
        if run["evidence_status"] == status:
            return dict(run)
        await asyncio.sleep(0.1)
    raise AssertionError(f"the run's evidence never became {status}: {run}")


async def _statuses(check) -> list[str]:  # type: ignore[no-untyped-def]
    """Return the quote verdicts of a verification whose receipt is its run's record."""
    record, verdicts = await check
    assert record == [], record
    return [v.status for v in verdicts]


async def test_receipt_round_trip_then_drift_on_a_new_version_and_on_deletion(client, app) -> None:
    account = await register(client)
    first = await upload_ok(client, account, HANDBOOK_V1, "handbook.txt", source="handbook")
    [chunk] = await _chunks(client, account, first["document_id"])
    run = await _answer(
        client, app, account, first["document_id"], (chunk["chunk_id"], CITED), (chunk["chunk_id"], KEPT)
    )

    receipt = await _receipt(client, account, run["id"])
    assert [q.quote for q in receipt.quotes] == [CITED, KEPT]
    quote = receipt.quotes[0]
    assert quote.document_version_id == first["document_version_id"] and quote.version_content_hash
    assert quote.chunk_id == chunk["chunk_id"] and quote.match == "exact"
    assert HANDBOOK_V1.strip()[quote.version_start : quote.version_end] == CITED
    assert [s.stage for s in quote.stages] == ["membership", "validity", "grounding"] and all(
        s.passed for s in quote.stages
    )
    assert receipt.organization_id == account.organization_id

    api = httpx.AsyncClient(transport=client._transport, base_url="http://testserver", headers=account.headers)
    async with api:
        assert await _statuses(verify_with_database(app.state.db, receipt)) == ["valid", "valid"]
        assert await _statuses(verify_with_api(api, receipt)) == ["valid", "valid"]
        await _wait_for_evidence(client, account, run["id"], "current")

        second = await upload_ok(client, account, HANDBOOK_V2, "handbook.txt", source="handbook")
        assert (
            second["document_id"] == first["document_id"] and second["document_version_id"] != quote.document_version_id
        )
        assert await _statuses(verify_with_database(app.state.db, receipt)) == [
            "changed",
            "moved",
        ]  # "three" became "two": the kept sentence moved
        assert await _statuses(verify_with_api(api, receipt)) == [
            "changed",
            "moved",
        ]  # "three" became "two": the kept sentence moved
        drifted = await _wait_for_evidence(client, account, run["id"], "drifted")
        assert drifted["status"] == "completed" and drifted["outcome"] == "answered"  # drift is not a status change
        claims = (await run_result(client, account, run["id"]))["result"]["claims"]
        assert [c["evidence_status"] for c in claims] == ["changed", "current"]
        analytics = (await client.get("/api/v1/investigations/analytics", headers=account.headers)).json()
        assert analytics["drifted"] == 1

        deleted = await client.delete(f"/api/v1/knowledge/documents/{first['document_id']}", headers=account.headers)
        assert deleted.status_code == 204
        assert await _statuses(verify_with_database(app.state.db, receipt)) == ["gone", "gone"]
        assert await _statuses(verify_with_api(api, receipt)) == ["gone", "gone"]
        # A wrong base URL 404s every document too: it is an error, never a "gone" verdict.
        wrong = httpx.AsyncClient(
            transport=client._transport, base_url="http://testserver/api/v1", headers=account.headers
        )
        async with wrong:
            with pytest.raises(ApiNotFound, match="no ORION API at"):
                await verify_with_api(wrong, receipt)
        for _ in range(100):
            claims = (await run_result(client, account, run["id"]))["result"]["claims"]
            if [c["evidence_status"] for c in claims] == ["gone", "gone"]:
                break
            await asyncio.sleep(0.1)
        assert [c["evidence_status"] for c in claims] == ["gone", "gone"]


async def test_receipt_needs_an_answered_run_of_ones_own_organization(client, app) -> None:
    account = await register(client)
    document = await upload_ok(client, account, HANDBOOK_V1, "policy.txt")
    [chunk] = await _chunks(client, account, document["document_id"])
    run = await _answer(client, app, account, document["document_id"], (chunk["chunk_id"], KEPT))
    other = await register(client)
    foreign = await client.get(f"{RUNS}/{run['id']}/receipt", headers=other.headers)
    missing = await client.get(f"{RUNS}/00000000-0000-4000-8000-000000000000/receipt", headers=other.headers)
    assert foreign.status_code == missing.status_code == 404
    assert foreign.json()["error"]["code"] == missing.json()["error"]["code"]
    assert (await client.get(f"{RUNS}/{run['id']}/receipt")).status_code == 401

    with scripted_model(app, FakeLLMProvider([_briefing((chunk["chunk_id"], "Staff must work remotely."))])):
        failed = await start_run(client, account, "what does it say", document_ids=[document["document_id"]])
    assert failed["outcome"] == "failed"
    refused = await client.get(f"{RUNS}/{failed['id']}/receipt", headers=account.headers)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_answered"


@pytest.fixture(scope="module")
async def receipt_file(client, app, tmp_path_factory):  # type: ignore[no-untyped-def]
    account = await register(client)
    document = await upload_ok(client, account, HANDBOOK_V1, "cli.txt")
    [chunk] = await _chunks(client, account, document["document_id"])
    run = await _answer(client, app, account, document["document_id"], (chunk["chunk_id"], KEPT))
    response = await client.get(f"{RUNS}/{run['id']}/receipt", headers=account.headers)
    path = tmp_path_factory.mktemp("receipts") / "receipt.json"
    path.write_text(response.text)
    return path


def test_orion_verify_command_rechecks_a_receipt_in_the_database(receipt_file, database_url, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from apps.cli.main import cli

    # No database configured and no cluster in the data directory: a clear refusal, and no cluster made there.
    empty = receipt_file.parent / "empty-data-dir"
    monkeypatch.delenv("ORION_DATABASE_URL", raising=False)
    monkeypatch.setenv("ORION_DATA_DIR", str(empty))
    refused = CliRunner().invoke(cli, ["verify", str(receipt_file)])
    assert refused.exit_code == 2 and "no ORION database" in refused.output, refused.output
    assert not (empty / "pgdata").exists()

    monkeypatch.setenv("ORION_DATABASE_URL", database_url)
    result = CliRunner().invoke(cli, ["verify", str(receipt_file), "--json"])
    assert result.exit_code == 0, result.output
    record, line = [line for line in result.output.splitlines() if line.startswith("{")]
    assert '"record": "matches"' in record and '"status":"valid"' in line


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda q: q.update(quote="Staff must work remotely."), "quotes[1].quote"),
        (lambda q: q.update(statement="Everyone works remotely."), "quotes[1].statement"),
        (lambda q: q.update(chunk_id="00000000-0000-4000-8000-000000000000"), "quotes[1].chunk_id"),
        (lambda q: q.update(chunk_content_hash="0" * 64), "quotes[1].chunk_content_hash"),
        (lambda q: q["stages"][2].update(passed=False), "quotes[1].stages"),
    ],
)
def test_orion_verify_refuses_an_edited_receipt(receipt_file, database_url, monkeypatch, edit, field) -> None:  # type: ignore[no-untyped-def]
    """The quote text alone was re-checked: a receipt whose chunk, hash, statement or stage was edited still
    "stood". It is now compared with the record of its run first (exit 3, naming the field)."""
    from typer.testing import CliRunner

    from apps.cli.main import cli

    document = json.loads(receipt_file.read_text())
    edit(document["quotes"][0])
    edited = receipt_file.parent / f"edited-{field.replace('.', '-')}.json"
    edited.write_text(json.dumps(document))
    monkeypatch.setenv("ORION_DATABASE_URL", database_url)
    result = CliRunner().invoke(cli, ["verify", str(edited), "--json"])
    assert result.exit_code == 3, result.output
    record = json.loads(next(line for line in result.output.splitlines() if line.startswith("{")))
    assert record["record"] == "differs" and field in record["fields"]


async def test_a_receipt_of_another_organizations_run_has_no_record(client, app, receipt_file) -> None:
    receipt = VerificationReceipt.model_validate_json(receipt_file.read_text())
    stranger = await register(client)
    api = httpx.AsyncClient(transport=client._transport, base_url="http://testserver", headers=stranger.headers)
    async with api:
        record, verdicts = await verify_with_api(api, receipt)
    assert record == NO_RECORD and [v.status for v in verdicts] == ["gone"]  # the stranger sees no such document
    # the table says so: the evidence is not gone, the stranger cannot see it (outside check 19)
    console = Console(record=True, width=200)
    print_verdicts(receipt, verdicts, console, record)
    assert "'gone' may be a document of another organization" in " ".join(console.export_text().split())
