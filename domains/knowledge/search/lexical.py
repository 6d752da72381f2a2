"""The BM25 channel's statistics: document-frequency deltas, their compaction, and the length normaliser.

Document frequencies are exact: every change to the searchable chunks of an organization appends signed
per-term deltas in the same transaction (no shared row is updated, so parallel uploads never wait on each
other), and `compact` folds them into `lexical_df`. A query sums both for its own few terms (migration 0002).

Chunk vectors embed a length normaliser (the organization's average chunk length when they were built). As an
organization grows that average drifts; `needs_rebuild` notices a drift beyond `REBUILD_DRIFT` and `rebuild`
recomputes the organization's vectors with the current average (ADR-0007).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from packages.config.settings import Settings

CORPUS_SIZE_TERM = 0
CORPUS_LENGTH_TERM = -1
REBUILD_DRIFT = 0.2


@dataclass(frozen=True)
class CorpusStats:
    chunks: int
    total_length: int
    vector_avgdl: float | None
    k1: float | None = None
    b: float | None = None
    text_search_config: str | None = None

    @property
    def avgdl(self) -> float | None:
        return self.total_length / self.chunks if self.chunks else None


_DELTAS_FOR_CHUNKS = text(
    """
    INSERT INTO lexical_df_deltas (organization_id, term_id, delta)
    SELECT :org, term_id, :sign * n FROM (
        SELECT orion_term_id(t.lexeme) AS term_id, count(DISTINCT c.id) AS n
        FROM document_chunks c
        CROSS JOIN LATERAL unnest(to_tsvector(CAST(:cfg AS regconfig), c.index_context || E'\\n' || c.text)) AS t
        WHERE c.organization_id = :org AND c.document_version_id = ANY(:versions) AND c.searchable
        GROUP BY 1
        UNION ALL
        SELECT :size_term, count(*) FROM document_chunks c
        WHERE c.organization_id = :org AND c.document_version_id = ANY(:versions) AND c.searchable
        UNION ALL
        SELECT :length_term, coalesce(sum(c.lexical_length), 0) FROM document_chunks c
        WHERE c.organization_id = :org AND c.document_version_id = ANY(:versions) AND c.searchable
    ) counts
    WHERE n <> 0
    """
)


async def record_chunks(
    session: AsyncSession, settings: Settings, organization_id: str, version_ids: list[str], *, sign: int
) -> None:
    """Append +/- deltas for the searchable chunks of `version_ids` (call before they stop being searchable)."""
    if not version_ids:
        return
    await session.execute(
        _DELTAS_FOR_CHUNKS,
        {
            "org": organization_id,
            "versions": version_ids,
            "cfg": settings.text_search_config,
            "sign": sign,
            "size_term": CORPUS_SIZE_TERM,
            "length_term": CORPUS_LENGTH_TERM,
        },
    )


async def corpus_stats(session: AsyncSession, organization_id: str) -> CorpusStats:
    """Return the organization's searchable chunk count, total lexical length and the vectors' normaliser."""
    row = (
        await session.execute(
            text(
                """
                SELECT s.chunks, s.total_length, lc.vector_avgdl, lc.k1, lc.b, lc.text_search_config AS cfg
                FROM (
                  SELECT coalesce(sum(n) FILTER (WHERE term_id = :size_term), 0) AS chunks,
                         coalesce(sum(n) FILTER (WHERE term_id = :length_term), 0) AS total_length
                  FROM (
                    SELECT term_id, df AS n FROM lexical_df
                    WHERE organization_id = :org AND term_id IN (:size_term, :length_term)
                    UNION ALL
                    SELECT term_id, delta FROM lexical_df_deltas
                    WHERE organization_id = :org AND term_id IN (:size_term, :length_term)
                  ) counts
                ) s
                LEFT JOIN lexical_corpus lc ON lc.organization_id = :org
                """
            ),
            {"org": organization_id, "size_term": CORPUS_SIZE_TERM, "length_term": CORPUS_LENGTH_TERM},
        )
    ).one()
    return CorpusStats(int(row.chunks), int(row.total_length), row.vector_avgdl, row.k1, row.b, row.cfg)


async def vector_avgdl(session: AsyncSession, settings: Settings, organization_id: str, texts: list[str]) -> float:
    """Return the normaliser new chunk vectors must use; a new organization takes it from its first `texts`."""
    params = {"org": organization_id}
    current = (
        await session.execute(text("SELECT vector_avgdl FROM lexical_corpus WHERE organization_id = :org"), params)
    ).scalar_one_or_none()
    if current is not None:
        return float(current)
    await session.execute(
        text(
            """
            INSERT INTO lexical_corpus (organization_id, vector_avgdl, text_search_config, k1, b)
            SELECT :org, greatest(coalesce(avg(orion_lexical_length(to_tsvector(CAST(:cfg AS regconfig), t))), 1), 1),
                   :cfg, :k1, :b
            FROM unnest(CAST(:texts AS text[])) AS t
            ON CONFLICT (organization_id) DO NOTHING
            """
        ),
        {**params, "texts": texts, "cfg": settings.text_search_config, "k1": settings.bm25_k1, "b": settings.bm25_b},
    )
    value = (
        await session.execute(text("SELECT vector_avgdl FROM lexical_corpus WHERE organization_id = :org"), params)
    ).scalar_one()
    return float(value)


async def compact(session: AsyncSession, organization_id: str) -> int:
    """Fold the organization's deltas into lexical_df; return how many delta rows were folded."""
    # One compaction per organization at a time; ingestion keeps appending meanwhile without waiting.
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": f"df:{organization_id}"}
    )
    result = await session.execute(
        text(
            """
            WITH moved AS (
                DELETE FROM lexical_df_deltas WHERE organization_id = :org RETURNING term_id, delta
            ), summed AS (
                SELECT term_id, sum(delta) AS delta, count(*) AS n FROM moved GROUP BY term_id
            ), merged AS (
                INSERT INTO lexical_df (organization_id, term_id, df)
                SELECT :org, term_id, delta FROM summed ORDER BY term_id
                ON CONFLICT (organization_id, term_id) DO UPDATE SET df = lexical_df.df + excluded.df
            )
            SELECT coalesce(sum(n), 0) FROM summed
            """
        ),
        {"org": organization_id},
    )
    await session.execute(
        text("DELETE FROM lexical_df WHERE organization_id = :org AND df = 0"), {"org": organization_id}
    )
    return int(result.scalar_one())


async def organizations_with_deltas(session: AsyncSession, minimum: int = 1) -> list[str]:
    """Return organizations that have at least `minimum` uncompacted delta rows."""
    rows = await session.execute(
        text("SELECT organization_id FROM lexical_df_deltas GROUP BY organization_id HAVING count(*) >= :minimum"),
        {"minimum": minimum},
    )
    return [row[0] for row in rows]


async def organizations_larger_than(session: AsyncSession, minimum_chunks: int) -> list[str]:
    """Return the organizations with more than `minimum_chunks` searchable chunks (compacted counts plus deltas)."""
    rows = await session.execute(
        text(
            """
            SELECT organization_id FROM (
                SELECT organization_id, df AS n FROM lexical_df WHERE term_id = :size_term
                UNION ALL
                SELECT organization_id, delta FROM lexical_df_deltas WHERE term_id = :size_term
            ) counts
            GROUP BY organization_id HAVING sum(n) > :minimum
            """
        ),
        {"minimum": minimum_chunks, "size_term": CORPUS_SIZE_TERM},
    )
    return [row[0] for row in rows]


def needs_rebuild(stats: CorpusStats, settings: Settings) -> bool:
    """Return True when the organization's vectors are stale: its average chunk length drifted too far from their
    normaliser, or they were built with other parameters (k1, b, text-search configuration) than `settings` name."""
    if stats.vector_avgdl is None:
        return False
    if (stats.k1, stats.b, stats.text_search_config) != (
        settings.bm25_k1,
        settings.bm25_b,
        settings.text_search_config,
    ):
        return True
    current = stats.avgdl
    return current is not None and abs(current - stats.vector_avgdl) / stats.vector_avgdl > REBUILD_DRIFT


async def organizations_with_other_parameters(session: AsyncSession, settings: Settings) -> list[str]:
    """Return organizations whose BM25 vectors were built with other (k1, b, text-search configuration) than the
    current settings."""
    rows = await session.execute(
        text("SELECT organization_id FROM lexical_corpus WHERE k1 <> :k1 OR b <> :b OR text_search_config <> :cfg"),
        {"k1": settings.bm25_k1, "b": settings.bm25_b, "cfg": settings.text_search_config},
    )
    return [row[0] for row in rows]


async def recount(session: AsyncSession, settings: Settings, organization_id: str) -> float | None:
    """Recount the organization's document frequencies and chunk lengths from scratch under the current text-search
    configuration (a new configuration yields other lexemes); return the new average chunk length."""
    params = {"org": organization_id, "cfg": settings.text_search_config}
    await session.execute(text("DELETE FROM lexical_df_deltas WHERE organization_id = :org"), params)
    await session.execute(text("DELETE FROM lexical_df WHERE organization_id = :org"), params)
    await session.execute(
        text(
            """
            UPDATE document_chunks
            SET lexical_length = orion_lexical_length(
                to_tsvector(CAST(:cfg AS regconfig), index_context || E'\\n' || text)
            )
            WHERE organization_id = :org AND searchable
            """
        ),
        params,
    )
    versions = (
        await session.execute(
            text(
                "SELECT DISTINCT document_version_id FROM document_chunks WHERE organization_id = :org AND searchable"
            ),
            params,
        )
    ).scalars()
    await record_chunks(session, settings, organization_id, list(versions), sign=1)
    await compact(session, organization_id)
    return (await corpus_stats(session, organization_id)).avgdl


async def refresh(session: AsyncSession, settings: Settings, organization_id: str) -> tuple[CorpusStats, int]:
    """Fold the organization's deltas, then rebuild its vectors if they are stale; return the statistics found and
    how many chunk vectors were rewritten (0 when none were stale)."""
    await compact(session, organization_id)
    stats = await corpus_stats(session, organization_id)
    rewritten = await rebuild(session, settings, organization_id, stats) if needs_rebuild(stats, settings) else 0
    return stats, rewritten


async def rebuild(session: AsyncSession, settings: Settings, organization_id: str, stats: CorpusStats) -> int:
    """Recompute every BM25 vector of the organization with its current average length and the current (k1, b);
    return the chunks rewritten. Under a changed text-search configuration the statistics are recounted first."""
    avgdl = stats.avgdl or stats.vector_avgdl or 1.0
    if stats.text_search_config is not None and stats.text_search_config != settings.text_search_config:
        avgdl = await recount(session, settings, organization_id) or avgdl
    await session.execute(
        text(
            "UPDATE lexical_corpus SET vector_avgdl = :avgdl, k1 = :k1, b = :b, text_search_config = :cfg, "
            "rebuilt_at = now() WHERE organization_id = :org"
        ),
        {
            "org": organization_id,
            "avgdl": avgdl,
            "k1": settings.bm25_k1,
            "b": settings.bm25_b,
            "cfg": settings.text_search_config,
        },
    )
    result = await session.execute(
        text(
            """
            UPDATE document_chunks
            SET bm25 = orion_bm25_vector(
                to_tsvector(CAST(:cfg AS regconfig), index_context || E'\\n' || text), :avgdl, :k1, :b
            )
            WHERE organization_id = :org AND searchable
            """
        ),
        {
            "org": organization_id,
            "cfg": settings.text_search_config,
            "avgdl": avgdl,
            "k1": settings.bm25_k1,
            "b": settings.bm25_b,
        },
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
