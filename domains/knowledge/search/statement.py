"""The one SQL statement of a search: both channels, weighted-RRF fusion and the chunk details (a deliberate SQL
module, ADR-0016). Small organizations are ranked exactly; large ones name their organization as a literal so the
planner picks their own partial HNSW indexes (ADR-0008).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domains.knowledge.search.query import ParsedQuery
from domains.knowledge.search.vector_index import model_predicate, sql_literal, vector_expression
from packages.config.settings import Settings

Method = Literal["hybrid", "semantic", "lexical"]


def search_session_settings(settings: Settings) -> dict[str, str]:
    """Return the per-connection pgvector settings of the index path (iterative scans keep filtered recall)."""
    return {
        "hnsw.ef_search": str(settings.hnsw_ef_search),
        "hnsw.iterative_scan": "relaxed_order",
        "hnsw.max_scan_tuples": str(settings.hnsw_max_scan_tuples),
    }


@dataclass(frozen=True)
class SearchPlan:
    """The knobs of one search, derived from settings and the organization's size."""

    exact: bool
    candidates: int
    rrf_k: int
    semantic_weight: float
    lexical_weight: float
    text_search_config: str
    organization_id: str  # named as a literal on the index path (see _channel_filters)


def _channel_filters(alias: str, parsed: ParsedQuery, plan: SearchPlan, document_filter: bool) -> str:
    # On the index path the organization is a literal so the planner can pick the organization's own partial
    # HNSW indexes (vector_index.build_organization_indexes) instead of filtering the shared ones.
    organization = ":org" if plan.exact else sql_literal(plan.organization_id)
    clauses = [f"{alias}.organization_id = {organization}", f"{alias}.searchable"]
    if document_filter:
        clauses.append(f"{alias}.document_id = ANY(:document_ids)")
    if parsed.filter_text is not None:
        if plan.text_search_config == "english":
            match = "fc.text_search @@ websearch_to_tsquery('english', :filter_text)"
        else:
            match = (
                "to_tsvector(CAST(:cfg AS regconfig), fc.text)"
                " @@ websearch_to_tsquery(CAST(:cfg AS regconfig), :filter_text)"
            )
        chunk_ref = f"{alias}.id" if alias == "c" else f"{alias}.chunk_id"
        clauses.append(f"EXISTS (SELECT 1 FROM document_chunks fc WHERE fc.id = {chunk_ref} AND {match})")
    return " AND ".join(clauses)


def _lexical_sql(parsed: ParsedQuery, plan: SearchPlan, document_filter: bool) -> str:
    distance = "c.bm25 <#> (SELECT v FROM lexical_query)"
    # Adding zero keeps the planner off the HNSW index: an exact scan of a small organization loses nothing.
    order = f"({distance}) + 0" if plan.exact else distance
    return f"""
    lexical_query AS (
        SELECT orion_bm25_query(:org, to_tsvector(CAST(:cfg AS regconfig), :ranking_text)) AS v
    ),
    lexical_candidates AS MATERIALIZED (
        SELECT c.id, -({distance}) AS score
        FROM document_chunks c
        WHERE {_channel_filters("c", parsed, plan, document_filter)}
        ORDER BY {order}
        LIMIT :candidates
    ),
    lexical AS (
        SELECT id, score, row_number() OVER (ORDER BY score DESC, id) AS rank
        FROM lexical_candidates WHERE score > 0
    )"""


def _semantic_sql(parsed: ParsedQuery, plan: SearchPlan, document_filter: bool, model_key: str, dimension: int) -> str:
    distance = f"{vector_expression(dimension, 'e')} <=> CAST(:query_vector AS vector({int(dimension)}))"
    order = f"({distance}) + 0" if plan.exact else distance
    return f"""
    semantic_candidates AS MATERIALIZED (
        SELECT e.chunk_id AS id, 1 - ({distance}) AS score
        FROM document_embeddings e
        WHERE {model_predicate(model_key, "e")} AND {_channel_filters("e", parsed, plan, document_filter)}
        ORDER BY {order}
        LIMIT :candidates
    ),
    semantic AS (
        SELECT id, score, row_number() OVER (ORDER BY score DESC, id) AS rank FROM semantic_candidates
    )"""


def _fusion_sql(method: Method) -> str:
    if method == "lexical":
        return """
    fused AS (
        SELECT id, score, rank AS lexical_rank, score AS lexical_score,
               NULL::bigint AS semantic_rank, NULL::float8 AS semantic_score
        FROM lexical
    )"""
    if method == "semantic":
        return """
    fused AS (
        SELECT id, score, NULL::bigint AS lexical_rank, NULL::float8 AS lexical_score,
               rank AS semantic_rank, score AS semantic_score
        FROM semantic
    )"""
    return """
    fused AS (
        SELECT coalesce(l.id, s.id) AS id,
               coalesce(:lexical_weight / (:rrf_k + l.rank), 0) + coalesce(:semantic_weight / (:rrf_k + s.rank), 0)
                 AS score,
               l.rank AS lexical_rank, l.score AS lexical_score, s.rank AS semantic_rank, s.score AS semantic_score
        FROM lexical l FULL OUTER JOIN semantic s ON s.id = l.id
    )"""


def build_search_sql(
    method: Method,
    parsed: ParsedQuery,
    plan: SearchPlan,
    *,
    document_filter: bool,
    threshold: bool,
    model_key: str,
    dimension: int,
) -> str:
    """Return the one statement that runs the channels, fuses them and joins the chunk details."""
    ctes = []
    if method in ("hybrid", "lexical"):
        ctes.append(_lexical_sql(parsed, plan, document_filter))
    if method in ("hybrid", "semantic"):
        ctes.append(_semantic_sql(parsed, plan, document_filter, model_key, dimension))
    ctes.append(_fusion_sql(method))
    where = "WHERE score >= :score_threshold" if threshold else ""
    # The best fused rows are cut first and their details fetched by primary key, one lookup each (the OFFSET 0
    # fence): left to itself the planner misjudged the fused row count and hashed all of a large organization's
    # chunks to join 20 rows (54 ms instead of ~20 at 30k chunks, bench/search.py).
    ctes.append(
        f"""
    top AS MATERIALIZED (
        SELECT * FROM fused {where} ORDER BY score DESC, id LIMIT :limit
    )"""
    )
    return (
        "WITH"
        + ",".join(ctes)
        + """
    SELECT f.id, f.score, f.lexical_rank, f.lexical_score, f.semantic_rank, f.semantic_score,
           c.document_id, c.document_version_id, c.text, c.section, c.page, c.trust_label, c.content_hash,
           c.char_start, c.text_source, c.labelled_spans, c.page_end,
           d.title, d.document_type
    FROM top f
    CROSS JOIN LATERAL (
        SELECT c.document_id, c.document_version_id, c.text, c.section, c.page, c.trust_label, c.content_hash,
               c.char_start, c.text_source, c.labelled_spans, c.page_end
        FROM document_chunks c WHERE c.id = f.id AND c.organization_id = :org OFFSET 0
    ) c
    JOIN documents d ON d.id = c.document_id AND d.organization_id = :org
    ORDER BY f.score DESC, f.id
    """
    )
