"""Briefings that try to slip an unverifiable citation past the verifier: each fails the run at the right stage."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from domains.execution.briefing import FakeLLMProvider
from packages.database.engine import sync_url
from tests.helpers.identity import register
from tests.helpers.knowledge import upload_ok
from tests.helpers.runs import run_result, scripted_model, start_run

WATER = "Boil water for one minute before drinking it. Filtered water still needs boiling at high altitude."
FIRE = "Never leave a campfire unattended. Drown the fire with water and stir the ashes until cold."


@pytest.fixture(scope="module")
async def setup(client, database_url):  # type: ignore[no-untyped-def]
    account = await register(client)
    water = await upload_ok(client, account, WATER, "water.txt")
    fire = await upload_ok(client, account, FIRE, "fire.txt")
    other = await register(client)
    foreign = await upload_ok(client, other, "Foreign secret: the vault code is 7241.", "secret.txt")
    with psycopg.connect(sync_url(database_url)) as conn:
        chunks = dict(conn.execute("SELECT document_id, id FROM document_chunks").fetchall())
    return {
        "account": account,
        "water": water["document_id"],
        "water_chunk": chunks[water["document_id"]],
        "fire_chunk": chunks[fire["document_id"]],
        "foreign_chunk": chunks[foreign["document_id"]],
    }


def briefing(*claims: dict[str, Any]) -> dict[str, Any]:
    return {"briefing": "Briefing.", "claims": list(claims), "insufficient_evidence": False}


def claim(chunk_id: str | None, quote: str) -> dict[str, Any]:
    citations = [] if chunk_id is None else [{"chunk_id": chunk_id, "quote": quote}]
    return {"statement": "A statement.", "citations": citations}


async def _run_with(client, app, setup, payload) -> tuple[dict, FakeLLMProvider]:  # type: ignore[no-untyped-def]
    model = FakeLLMProvider([payload])
    with scripted_model(app, model):
        # Restrict retrieval to the water document, so the fire chunk is real but not retrieved by this run.
        run = await start_run(client, setup["account"], "boil water", document_ids=[setup["water"]])
    return run, model


CASES = {
    "chunk_not_retrieved_by_this_run": (
        lambda s: briefing(claim(s["fire_chunk"], "Never leave a campfire unattended.")),
        "membership",
    ),
    "chunk_of_another_organization": (
        lambda s: briefing(claim(s["foreign_chunk"], "the vault code is 7241")),
        "membership",
    ),
    "invented_chunk_id": (
        lambda s: briefing(claim("00000000-0000-4000-8000-000000000000", "Boil water")),
        "membership",
    ),
    "quote_off_by_one_word": (
        lambda s: briefing(claim(s["water_chunk"], "Boil water for two minutes before drinking it.")),
        "grounding",
    ),
    "quote_spanning_two_chunks": (
        lambda s: briefing(
            claim(s["water_chunk"], "needs boiling at high altitude. Never leave a campfire unattended.")
        ),
        "grounding",
    ),
    "cyrillic_confusable": (lambda s: briefing(claim(s["water_chunk"], "Boil w\u0430ter for one minute")), "grounding"),
    "zero_width_hiding_a_different_word": (
        lambda s: briefing(claim(s["water_chunk"], "Boil wa\u200bter for t\u200bwo minutes")),
        "grounding",
    ),
    "fullwidth_digit_changed": (
        lambda s: briefing(claim(s["water_chunk"], "Boil water for \uff11\uff10 minutes")),
        "grounding",
    ),
    "inner_ellipsis_omitting_words": (
        lambda s: briefing(claim(s["water_chunk"], "Boil water ... before drinking it.")),
        "grounding",
    ),
    "empty_quote": (lambda s: briefing(claim(s["water_chunk"], "")), "contract"),
    "whitespace_only_quote": (lambda s: briefing(claim(s["water_chunk"], " \n\t ")), "contract"),
    "claim_without_citation": (lambda s: briefing(claim(None, "")), "contract"),
    "no_claims_and_no_refusal": (lambda s: briefing(), "contract"),
    # Real quotes, but the statement asserts what they do not hold (statement support, part of grounding).
    "statement_with_a_number_the_quote_lacks": (
        lambda s: briefing(
            {
                "statement": "Boil water for ten minutes.",
                "citations": [{"chunk_id": s["water_chunk"], "quote": "Boil water for one minute"}],
            }
        ),
        "grounding",
    ),
    "statement_with_a_name_the_quote_lacks": (
        lambda s: briefing(
            {
                "statement": "Boil water for one minute, as the Red Cross advises.",
                "citations": [{"chunk_id": s["water_chunk"], "quote": "Boil water for one minute"}],
            }
        ),
        "grounding",
    ),
    "one_bad_claim_among_good_ones": (
        lambda s: briefing(
            claim(s["water_chunk"], "Boil water for one minute before drinking it."),
            claim(s["water_chunk"], "Boil water for ten minutes."),
        ),
        "grounding",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_evasion_fails_the_run_at_the_right_stage(client, app, setup, case: str) -> None:
    build, stage = CASES[case]
    run, model = await _run_with(client, app, setup, build(setup))
    assert run["status"] == "failed" and run["outcome"] == "failed", run
    assert run["failure_reason"].startswith(f"verification failed at stage {stage}"), run["failure_reason"]
    assert model.call_count == 1  # verification failures are never retried
    result = await run_result(client, setup["account"], run["id"])
    assert result["result"]["claims"] == []  # never a partial answer


@pytest.mark.parametrize(
    "quote",
    [
        "boil WATER for one minute before drinking it.",
        "Boil   water\nfor one\tminute",
        "  BOIL WATER FOR ONE MINUTE  ",
    ],
)
async def test_whitespace_and_case_differences_pass(client, app, setup, quote: str) -> None:
    run, _ = await _run_with(client, app, setup, briefing(claim(setup["water_chunk"], quote)))
    assert run["outcome"] == "answered", run["failure_reason"]
    result = await run_result(client, setup["account"], run["id"])
    citation = result["result"]["claims"][0]["citations"][0]
    source = next(c for c in result["citations"] if c["chunk_id"] == citation["chunk_id"])
    highlighted = source["content"][citation["span"]["chunk_start"] : citation["span"]["chunk_end"]]
    assert " ".join(highlighted.lower().split()) == " ".join(quote.lower().split())
    assert citation["quote"] == highlighted  # the stored quote is the source's own text


@pytest.mark.parametrize(
    ("quote", "folding"),
    [("Boil wa\u200bter for one minute", "invisible"), ("\uff22oil water for one minute", "nfkc")],
)
async def test_invisible_and_compatibility_characters_fold_to_the_source_text(
    client, app, setup, quote: str, folding: str
) -> None:
    run, _ = await _run_with(client, app, setup, briefing(claim(setup["water_chunk"], quote)))
    assert run["outcome"] == "answered", run["failure_reason"]
    result = await run_result(client, setup["account"], run["id"])
    citation = result["result"]["claims"][0]["citations"][0]
    assert citation["quote"] == "Boil water for one minute"  # never the model's characters
    assert citation["span"]["match"] == [folding]


async def test_chunk_changed_between_retrieval_and_verification(client, app, setup, database_url) -> None:
    def tamper_then_answer(system: str, user: str) -> dict[str, Any]:
        with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
            conn.execute("UPDATE document_chunks SET content_hash = 'tampered' WHERE id = %s", (setup["water_chunk"],))
        return briefing(claim(setup["water_chunk"], "Boil water for one minute"))

    model = FakeLLMProvider(tamper_then_answer)
    try:
        with scripted_model(app, model):
            run = await start_run(client, setup["account"], "boil water", document_ids=[setup["water"]])
    finally:
        with psycopg.connect(sync_url(database_url), autocommit=True) as conn:
            conn.execute(
                "UPDATE document_chunks SET content_hash = encode(sha256(convert_to(text, 'UTF8')), 'hex')"
                " WHERE id = %s",
                (setup["water_chunk"],),
            )
    assert run["status"] == "failed" and run["failure_reason"].startswith("verification failed at stage validity")


async def test_document_deleted_between_retrieval_and_verification(client, app) -> None:
    account = await register(client)
    doomed = await upload_ok(client, account, "Temporary note: the meeting moved to Thursday.", "doomed.txt")

    chunk_id = (
        await client.get(f"/api/v1/knowledge/documents/{doomed['document_id']}/chunks", headers=account.headers)
    ).json()[0]["chunk_id"]
    deleted: list[int] = []

    def answer(system: str, user: str) -> dict[str, Any]:
        return briefing(claim(chunk_id, "the meeting moved to Thursday"))

    class DeletingModel(FakeLLMProvider):
        async def generate_structured(self, *, system, user, schema):  # type: ignore[no-untyped-def]
            response = await client.delete(
                f"/api/v1/knowledge/documents/{doomed['document_id']}", headers=account.headers
            )
            deleted.append(response.status_code)
            return await super().generate_structured(system=system, user=user, schema=schema)

    with scripted_model(app, DeletingModel(answer)):
        run = await start_run(client, account, "When is the meeting?")
    assert deleted == [204]
    assert run["status"] == "failed" and run["failure_reason"].startswith("verification failed at stage validity")
    # Run history keeps its citations after the delete.
    result = await run_result(client, account, run["id"])
    assert any(c["chunk_id"] == chunk_id and "Thursday" in c["content"] for c in result["citations"])
