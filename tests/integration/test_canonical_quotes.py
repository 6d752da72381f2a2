"""Quotes as a real model writes them, through ORION_LLM_PROVIDER=openai against a local stand-in server.

Honest copies that differ from the source only typographically are answered, and the stored quote is the source's
own text; tampered quotes fail the whole run at stage grounding (ADR 0021).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from domains.execution.briefing.factory import get_briefing_provider
from packages.database.engine import sync_url
from tests.conftest import make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import upload_ok
from tests.helpers.runs import run_result, scripted_model, start_run
from tests.unit.execution.standins import OPENAI_PATH, StandInServer, openai_completion, running_stand_in

POLICY = (
    "# Leave policy\n\n"
    "The director said \u201cit\u2019s final\u201d \u2013 the rule covers pages 10\u201312 of the handbook.\n"
    "Each request needs a written notifi-\ncation to the payroll office.\n\n"
    "**Payments stop** after 30 days of unpaid leave. Staff on leave keep their health cover.\n"
)


@pytest.fixture(scope="module")
def model_server() -> Iterator[StandInServer]:
    with running_stand_in() as server:
        yield server


@pytest.fixture(scope="module")
async def setup(client, database_url, tmp_path_factory, model_server):  # type: ignore[no-untyped-def]
    account = await register(client)
    policy = await upload_ok(client, account, POLICY, "policy.md")
    with psycopg.connect(sync_url(database_url)) as conn:
        [chunk] = conn.execute(
            "SELECT id, text FROM document_chunks WHERE document_id = %s", (policy["document_id"],)
        ).fetchall()
    settings = make_test_settings(
        tmp_path_factory.mktemp("openai"),
        llm_provider="openai",
        openai_base_url=model_server.url + "/v1",
        openai_api_key="sk-stand-in",
        llm_model="gpt-4.1-mini",
    )
    return {
        "account": account,
        "document": policy["document_id"],
        "chunk": chunk[0],
        "text": chunk[1],
        "provider": get_briefing_provider(settings),
    }


async def _run(client, app, setup, model_server, quote: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    briefing = {
        "briefing": "What the policy says.",
        "claims": [{"statement": "The policy says so.", "citations": [{"chunk_id": setup["chunk"], "quote": quote}]}],
        "insufficient_evidence": False,
    }
    model_server.reset()
    model_server.reply(OPENAI_PATH, openai_completion(json.dumps(briefing)))
    with scripted_model(app, setup["provider"]):
        run = await start_run(client, setup["account"], "leave policy", document_ids=[setup["document"]])
    assert len(model_server.requests(OPENAI_PATH)) == 1  # the real provider spoke to the stand-in, once
    return run


BENIGN = {
    "straight_quotes_for_curly": ('The director said "it\'s final"', "The director said \u201cit\u2019s final\u201d"),
    "ascii_apostrophe_and_hyphen": ("it's final\" - the rule covers pages 10-12", None),
    "line_break_hyphenation_joined": ("needs a written notification to the payroll office", None),
    "bold_markers_and_no_break_space_dropped": ("Payments stop after 30\u00a0days of unpaid leave.", None),
}


@pytest.mark.parametrize("case", sorted(BENIGN))
async def test_benign_copies_are_answered_with_the_source_text(client, app, setup, model_server, case) -> None:
    quote, expected = BENIGN[case]
    run = await _run(client, app, setup, model_server, quote)
    assert run["outcome"] == "answered", run["failure_reason"]
    result = await run_result(client, setup["account"], run["id"])
    [citation] = result["result"]["claims"][0]["citations"]
    span = citation["span"]
    assert citation["quote"] == setup["text"][span["chunk_start"] : span["chunk_end"]]
    assert citation["quote"] != quote and span["match"] != "exact" and span["match"]
    if expected is not None:
        assert citation["quote"] == expected


async def test_a_verbatim_quote_reports_an_exact_match(client, app, setup, model_server) -> None:
    run = await _run(client, app, setup, model_server, "Staff on leave keep their health cover.")
    result = await run_result(client, setup["account"], run["id"])
    assert result["result"]["claims"][0]["citations"][0]["span"]["match"] == "exact"


TAMPERED = {
    "negation_inserted": "Staff on leave do not keep their health cover.",
    "number_changed": "Payments stop after 60 days of unpaid leave.",
    "word_swapped": "Staff on leave lose their health cover.",
    "two_sentences_spliced": "Payments stop after 30 days of unpaid leave. Each request needs a written",
    "invented_sentence": "Managers may extend the leave by a further month.",
    "number_changed_inside_benign_variant": 'The director said "it\'s final" - the rule covers pages 10-14',
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
async def test_tampered_quotes_fail_at_grounding(client, app, setup, model_server, case) -> None:
    run = await _run(client, app, setup, model_server, TAMPERED[case])
    assert run["status"] == "failed" and run["outcome"] == "failed", run
    assert run["failure_reason"].startswith("verification failed at stage grounding"), run["failure_reason"]
    result = await run_result(client, setup["account"], run["id"])
    assert result["result"]["claims"] == []
