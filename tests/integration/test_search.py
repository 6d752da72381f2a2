"""§search: the lexical BM25 channel, filters, per-channel fields, latest versions, fallback (fake embeddings)."""

from __future__ import annotations

import psycopg
import pytest

from domains.knowledge.embeddings import EmbeddingUnavailable
from packages.database.engine import sync_url
from tests.helpers.identity import register
from tests.helpers.knowledge import UPLOAD_URL, upload_ok
from tests.helpers.runs import fake, scripted_model, start_run

SEARCH = "/api/v1/knowledge/search"

DOCS = {
    "volcano.txt": "Volcanic eruptions release sulfur dioxide into the stratosphere, which cools the climate.",
    "coral.txt": "Coral reefs bleach when ocean temperatures rise; the algae leave the coral tissue.",
    "glacier.txt": "Glaciers retreat as summer melt exceeds winter snowfall, exposing bare rock valleys.",
    "reef-policy.txt": "The marine policy protects coral reefs from fishing nets and anchors in shallow water.",
}


@pytest.fixture(scope="module")
async def corpus(client):  # type: ignore[no-untyped-def]
    account = await register(client)
    ids = {}
    for name, body in DOCS.items():
        ids[name] = (await upload_ok(client, account, body, name))["document_id"]
    return account, ids


async def _search(client, account, **body):  # type: ignore[no-untyped-def]
    response = await client.post(SEARCH, json=body, headers=account.headers)
    assert response.status_code == 200, response.text
    return response


async def test_lexical_ranks_matching_chunks_with_fields(client, corpus) -> None:
    account, ids = corpus
    results = (await _search(client, account, query_text="coral reefs", method="lexical")).json()
    assert {r["document_id"] for r in results} == {ids["coral.txt"], ids["reef-policy.txt"]}
    first = results[0]
    assert set(first) == {
        "chunk_id",
        "document_id",
        "document_version_id",
        "document_title",
        "source_type",
        "page",
        "page_start",
        "page_end",
        "section",
        "content",
        "score",
        "rank",
        "retrieval_method",
        "trust_label",
        "labelled_spans",
        "semantic_rank",
        "lexical_rank",
        "semantic_score",
        "lexical_score",
        "text_source",
    }
    assert first["labelled_spans"] == []
    assert first["text_source"] is None  # a text file has no pages: neither text layer nor OCR
    assert [r["rank"] for r in results] == [1, 2]
    assert first["retrieval_method"] == "lexical" and first["semantic_rank"] is None
    assert first["lexical_rank"] == 1 and first["score"] == first["lexical_score"] > results[1]["score"]


async def test_search_results_carry_their_total_like_every_list(client, corpus) -> None:
    account, _ = corpus
    response = await _search(client, account, query_text="coral reefs", method="lexical")
    assert response.headers["X-Total-Count"] == str(len(response.json())) == "2"
    none = await _search(client, account, query_text="zeppelin", method="lexical")
    assert none.json() == [] and none.headers["X-Total-Count"] == "0"


async def test_terms_are_ored_and_idf_weighted(client, corpus) -> None:
    account, ids = corpus
    results = (await _search(client, account, query_text="glaciers sulfur", method="lexical")).json()
    assert {r["document_id"] for r in results} == {ids["glacier.txt"], ids["volcano.txt"]}


async def test_invisible_characters_do_not_split_a_query_word(client, corpus) -> None:
    account, ids = corpus
    results = (await _search(client, account, query_text="gla\u200bciers\u200f", method="lexical")).json()
    assert [r["document_id"] for r in results] == [ids["glacier.txt"]]


async def test_natural_language_question(client, corpus) -> None:
    account, ids = corpus
    results = (
        await _search(
            client, account, query_text="Why do corals lose their colour when the sea warms?", method="lexical"
        )
    ).json()
    assert results[0]["document_id"] == ids["coral.txt"]


async def test_exact_phrase_and_exclusion_filter(client, corpus) -> None:
    account, ids = corpus
    phrase = (await _search(client, account, query_text='"coral reefs" protection', method="lexical")).json()
    assert {r["document_id"] for r in phrase} == {ids["reef-policy.txt"], ids["coral.txt"]}
    not_adjacent = (await _search(client, account, query_text='"reefs coral"', method="lexical")).json()
    assert not_adjacent == []
    excluded = (await _search(client, account, query_text="coral -fishing", method="lexical")).json()
    assert {r["document_id"] for r in excluded} == {ids["coral.txt"]}
    # The exclusion filters the semantic channel too, not only the lexical one.
    hybrid = (await _search(client, account, query_text="coral -fishing", method="hybrid")).json()
    assert ids["coral.txt"] in {r["document_id"] for r in hybrid}
    assert ids["reef-policy.txt"] not in {r["document_id"] for r in hybrid}


async def test_hybrid_reports_both_channels(client, corpus) -> None:
    account, _ = corpus
    results = (await _search(client, account, query_text="coral reefs", method="hybrid", top_k=4)).json()
    assert len(results) == 4  # the semantic channel returns every chunk; fusion keeps the top 4
    both = [r for r in results if r["lexical_rank"] is not None]
    assert both and all(r["semantic_rank"] is not None for r in results)
    assert all(r["retrieval_method"] == "hybrid" for r in results)
    assert results == sorted(results, key=lambda r: -r["score"])


async def test_document_filter_threshold_and_top_k(client, corpus) -> None:
    account, ids = corpus
    only = (await _search(client, account, query_text="coral", method="lexical", document_id=ids["coral.txt"])).json()
    assert {r["document_id"] for r in only} == {ids["coral.txt"]}
    strict = (await _search(client, account, query_text="coral reefs", method="lexical", score_threshold=1e9)).json()
    assert strict == []
    one = (await _search(client, account, query_text="coral reefs", method="semantic", top_k=1)).json()
    assert len(one) == 1 and one[0]["lexical_rank"] is None


@pytest.mark.parametrize(
    "body",
    [
        {"query_text": "   "},
        {"query_text": "\u200b\u200b"},
        {"query_text": "x", "document_id": ""},
        {"query_text": "x", "top_k": True},
        {"query_text": "x", "top_k": "5"},
        {"query_text": "x", "score_threshold": "0.5"},
        {"query_text": "x", "score_threshold": True},
        {"query_text": ""},
        {"query_text": "x", "top_k": 0},
        {"query_text": "x", "top_k": 51},
        {"query_text": "x", "method": "fuzzy"},
        {"query_text": "x", "extra": 1},
    ],
)
async def test_search_validation(client, corpus, body) -> None:
    account, _ = corpus
    response = await client.post(SEARCH, json=body, headers=account.headers)
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error"


async def test_foreign_document_filter_is_404_and_results_never_cross(client, corpus) -> None:
    _account, ids = corpus
    stranger = await register(client)
    response = await client.post(
        SEARCH, json={"query_text": "coral", "document_id": ids["coral.txt"]}, headers=stranger.headers
    )
    assert response.status_code == 404
    assert (await _search(client, stranger, query_text="coral reefs")).json() == []


class Broken:
    """An embedding provider whose service is down."""

    provider_name = model_name = model_version = "broken"
    model_key = "broken:broken:1"
    dimension = 384
    tokens_per_minute = None

    def embed_query(self, text):  # type: ignore[no-untyped-def]
        raise EmbeddingUnavailable("embedding service timed out")


async def test_semantic_failure_falls_back_to_lexical(client, corpus, app) -> None:
    account, _ = corpus
    original = app.state.embedder
    app.state.embedder = lambda: Broken()
    try:
        response = await _search(client, account, query_text="coral reefs unique-fallback-query")
        assert response.headers["x-orion-semantic-unavailable"].startswith("provider_error")
        assert response.json() and all(r["retrieval_method"] == "lexical" for r in response.json())
        semantic = await client.post(
            SEARCH, json={"query_text": "coral", "method": "semantic"}, headers=account.headers
        )
        assert semantic.status_code == 503 and semantic.json()["error"]["code"] == "semantic_unavailable"
    finally:
        app.state.embedder = original


async def test_a_run_records_that_the_semantic_channel_was_unavailable(client, corpus, app) -> None:
    account, _ = corpus
    services = app.state.workflow_services
    original = services.embedder
    services.embedder = lambda: Broken()
    try:
        with scripted_model(app, fake()):
            run = await start_run(client, account, "Why do coral reefs bleach?")
    finally:
        services.embedder = original
    with scripted_model(app, fake()):
        healthy = await start_run(client, account, "Why do coral reefs bleach?")

    async def summary(run_id: str) -> dict:  # type: ignore[type-arg]
        response = await client.get(f"/api/v1/runs/{run_id}/summary", headers=account.headers)
        assert response.status_code == 200, response.text
        return dict(response.json())

    degraded = await summary(run["id"])
    assert degraded["status"] == "completed" and degraded["semantic_unavailable"] is True
    assert (await summary(healthy["id"]))["semantic_unavailable"] is False


def _document_frequency(database_url: str, org: str, lexeme: str) -> int:
    with psycopg.connect(sync_url(database_url)) as conn:
        row = conn.execute(
            "SELECT coalesce(sum(n), 0) FROM (SELECT df AS n FROM lexical_df WHERE organization_id = %(o)s"
            " AND term_id = orion_term_id(%(l)s) UNION ALL SELECT delta FROM lexical_df_deltas"
            " WHERE organization_id = %(o)s AND term_id = orion_term_id(%(l)s)) s",
            {"o": org, "l": lexeme},
        ).fetchone()
        return int(row[0])  # type: ignore[index]


async def test_document_frequencies_follow_ingest_reversion_and_delete(client, database_url, app) -> None:
    account = await register(client)
    org = account.organization_id
    first = await upload_ok(client, account, "Quokkas live on Rottnest island.", "q1.txt")
    await upload_ok(client, account, "A quokka smiles for photographs.", "q2.txt")
    assert _document_frequency(database_url, org, "quokka") == 2
    second = await upload_ok(client, account, "Wallabies live on the mainland.", "q1.txt")  # drops 'quokka'
    assert _document_frequency(database_url, org, "quokka") == 1
    # Only latest versions are searched: the old version matches every term, the new one only "live".
    hits = (await _search(client, account, query_text="quokka rottnest island live", method="lexical")).json()
    found = [r["document_version_id"] for r in hits if r["document_id"] == first["document_id"]]
    assert found == [second["document_version_id"]]
    assert "q2.txt" in [r["document_title"] for r in hits]
    assert _document_frequency(database_url, org, "wallabi") == 1
    await app.state.worker.compact_and_check(org)  # compaction must not change the figures
    assert _document_frequency(database_url, org, "quokka") == 1
    await client.delete(f"{UPLOAD_URL}/{first['document_id']}", headers=account.headers)
    assert _document_frequency(database_url, org, "wallabi") == 0
    assert _document_frequency(database_url, org, "quokka") == 1


def _corpus_parameters(database_url: str, org: str) -> tuple[float, float, list[str]]:
    with psycopg.connect(sync_url(database_url)) as conn:
        k1, b = conn.execute(  # type: ignore[misc]
            "SELECT k1, b FROM lexical_corpus WHERE organization_id = %s", (org,)
        ).fetchone()
        vectors = [
            row[0]
            for row in conn.execute(
                "SELECT bm25::text FROM document_chunks WHERE organization_id = %s ORDER BY id", (org,)
            )
        ]
        return k1, b, vectors


async def test_changed_bm25_parameters_rebuild_the_vectors(client, database_url, app) -> None:
    account = await register(client)
    org = account.organization_id
    await upload_ok(client, account, "Quokkas quokkas quokkas live on Rottnest island near Perth.", "q.txt")
    await upload_ok(client, account, "Wallabies live on the mainland.", "w.txt")
    settings = app.state.worker.settings
    k1, b, before = _corpus_parameters(database_url, org)
    assert (k1, b) == (settings.bm25_k1, settings.bm25_b)

    app.state.worker.settings = settings.model_copy(update={"bm25_k1": 2.0, "bm25_b": 1.0})
    try:
        await app.state.worker.maintain()  # no new deltas: only the parameter change brings the organization in
        k1, b, after = _corpus_parameters(database_url, org)
        assert (k1, b) == (2.0, 1.0)
        assert after != before  # saturation and length normalisation changed every weight
        hits = await _search(client, account, query_text="quokka", method="lexical")
        assert [r["document_title"] for r in hits.json()][:1] == ["q.txt"]
    finally:
        app.state.worker.settings = settings
        await app.state.worker.maintain()
    assert _corpus_parameters(database_url, org)[:2] == (settings.bm25_k1, settings.bm25_b)


async def test_chunks_are_indexed_with_their_document_title_and_section(client, database_url) -> None:
    account = await register(client)
    org = account.organization_id
    body = "# Storage\n\nKeep the pellets dry and away from sunlight.\n\n# Feeding\n\nTwo scoops each evening.\n"
    document = await upload_ok(client, account, body, "care.md", title="Axolotl care sheet")
    plain = await upload_ok(client, account, "Pellets for goldfish stay fresh for a month.", "gold.txt")

    hits = (await _search(client, account, query_text="axolotl feeding", method="lexical")).json()
    assert hits and hits[0]["document_id"] == document["document_id"]  # neither word is in that chunk's text
    assert "Two scoops" in hits[0]["content"] and "axolotl" not in hits[0]["content"].lower()
    assert _document_frequency(database_url, org, "axolotl") == 2  # both chunks carry the title
    assert _document_frequency(database_url, org, "pellet") == 2

    await client.delete(f"{UPLOAD_URL}/{document['document_id']}", headers=account.headers)
    await client.delete(f"{UPLOAD_URL}/{plain['document_id']}", headers=account.headers)
    for lexeme in ("axolotl", "pellet", "feed", "storag"):  # deletes take back exactly what ingest added
        assert _document_frequency(database_url, org, lexeme) == 0


def _valid_indexes(database_url: str) -> set[str]:
    with psycopg.connect(sync_url(database_url)) as conn:
        rows = conn.execute(
            "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indisvalid"
        ).fetchall()
        return {row[0] for row in rows}


async def test_large_organizations_get_their_own_indexes_and_search_through_them(client, database_url, app) -> None:
    from domains.knowledge.search.retrieval import Retriever
    from domains.knowledge.search.vector_index import organization_index_names

    account = await register(client)
    org = account.organization_id
    for name, body in DOCS.items():
        await upload_ok(client, account, body, name)
    exact = [
        (r["chunk_id"], r["lexical_rank"], r["semantic_rank"])
        for r in (await _search(client, account, query_text="coral reefs", method="hybrid")).json()
    ]
    worker, retriever = app.state.worker, app.state.retriever
    model_key = app.state.embedder().model_key
    assert not set(organization_index_names(org, model_key)) & _valid_indexes(database_url)

    worker.settings = worker.settings.model_copy(update={"exact_search_max_rows": 3})  # 4 chunks: too many now
    app.state.retriever = Retriever(retriever.settings.model_copy(update={"exact_search_max_rows": 3}))
    try:
        await worker.maintain(full=True)  # compacts the deltas, then starts building what the index path needs
        await worker.index_builds()
        assert set(organization_index_names(org, model_key)) <= _valid_indexes(database_url)
        indexed = [
            (r["chunk_id"], r["lexical_rank"], r["semantic_rank"])
            for r in (await _search(client, account, query_text="coral reefs", method="hybrid")).json()
        ]
        assert indexed == exact  # an organization's own index holds only its rows: nothing is filtered away
    finally:
        worker.settings = worker.settings.model_copy(
            update={"exact_search_max_rows": retriever.settings.exact_search_max_rows}
        )
        app.state.retriever = retriever


async def test_changed_text_search_configuration_recounts_the_statistics(client, database_url, app) -> None:
    from domains.knowledge.search.retrieval import Retriever

    account = await register(client)
    org = account.organization_id
    await upload_ok(client, account, "The quokkas were running across the island.", "q.txt")
    await upload_ok(client, account, "The wallabies were sleeping.", "w.txt")
    assert _document_frequency(database_url, org, "quokka") == 1
    assert _document_frequency(database_url, org, "the") == 0  # an English stop word

    worker, retriever = app.state.worker, app.state.retriever
    english = worker.settings
    simple = english.model_copy(update={"text_search_config": "simple"})
    worker.settings, app.state.retriever = simple, Retriever(simple)
    try:
        await worker.maintain()
        assert _document_frequency(database_url, org, "the") == 2  # no stop words, no stemming under 'simple'
        assert _document_frequency(database_url, org, "quokkas") == 1
        assert _document_frequency(database_url, org, "quokka") == 0
        hits = (await _search(client, account, query_text="quokkas", method="lexical")).json()
        assert [r["document_title"] for r in hits] == ["q.txt"]
    finally:
        worker.settings, app.state.retriever = english, retriever
        await worker.maintain()
    assert _document_frequency(database_url, org, "quokka") == 1
    assert _document_frequency(database_url, org, "the") == 0
