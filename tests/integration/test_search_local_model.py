"""Semantic search with the default local model (real MiniLM weights): paraphrases with no shared word are found."""

from __future__ import annotations

import pytest

from tests.conftest import make_test_settings
from tests.helpers.identity import register
from tests.helpers.knowledge import upload_ok

SEARCH = "/api/v1/knowledge/search"

DOCS = {
    "leave.txt": "Employees receive twenty-five days of paid holiday each year, plus public holidays.",
    "security.txt": "Badges must be worn visibly at all times inside the building and returned on departure.",
    "expenses.txt": "Receipts for travel costs are submitted within thirty days to be reimbursed.",
    "parking.txt": "The car park beneath the office opens at seven in the morning on weekdays.",
}
# Each question shares no content word (after stemming) with its document.
PARAPHRASES = {
    "How much vacation do workers get per annum?": "leave.txt",
    "Do I need to display my ID card on the premises?": "security.txt",
    "When should I hand in proof of spending for trips?": "expenses.txt",
}


@pytest.fixture(scope="module")
def test_settings(tmp_path_factory):  # type: ignore[no-untyped-def]
    return make_test_settings(tmp_path_factory.mktemp("orion-local"), embedding_provider="local")


@pytest.fixture(scope="module")
async def corpus(client):  # type: ignore[no-untyped-def]
    account = await register(client)
    ids = {name: (await upload_ok(client, account, body, name))["document_id"] for name, body in DOCS.items()}
    return account, ids


@pytest.mark.slow
@pytest.mark.parametrize(("question", "expected"), PARAPHRASES.items())
async def test_semantic_and_hybrid_find_paraphrases(client, corpus, question, expected) -> None:
    account, ids = corpus
    for method in ("semantic", "hybrid"):
        response = await client.post(SEARCH, json={"query_text": question, "method": method}, headers=account.headers)
        assert response.status_code == 200, response.text
        results = response.json()
        assert results[0]["document_id"] == ids[expected], (method, [r["document_title"] for r in results])
    lexical = await client.post(SEARCH, json={"query_text": question, "method": "lexical"}, headers=account.headers)
    assert ids[expected] not in [r["document_id"] for r in lexical.json()]  # no shared term: BM25 cannot see it
