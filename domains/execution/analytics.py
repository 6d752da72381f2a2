"""Investigation analytics and document usage, keyed by document id (never by title).

Counts come from the runs table (status and outcome columns) and from `run_facts`, the narrow row each run writes
when it ends; neither path reads the runs' citation JSONB. Citations to deleted documents still count: their rows are
labelled with the title the run recorded and marked historical.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domains.analytics.statistics import Bucket, BucketCounts, describe, refusal_rate, time_series_trend
from domains.execution.schemas import (
    CitedDocumentPublic,
    InvestigationAnalyticsPublic,
    InvestigationTrendPublic,
    TrendPointPublic,
)
from domains.knowledge.repository import DocumentRepository
from domains.knowledge.schemas import DocumentUsage

MOST_CITED_LIMIT = 10


async def investigation_analytics(session: AsyncSession, organization_id: str) -> InvestigationAnalyticsPublic:
    """Return totals by outcome, the refusal rate, evidence statistics and the most-cited documents."""
    params = {"org": organization_id}
    counts = (
        await session.execute(
            text(
                """
                SELECT count(*) AS total,
                       count(*) FILTER (WHERE outcome = 'answered') AS answered,
                       count(*) FILTER (WHERE outcome = 'insufficient_evidence') AS refused,
                       count(*) FILTER (WHERE outcome = 'failed') AS failed,
                       count(*) FILTER (WHERE outcome = 'cancelled') AS cancelled
                FROM runs WHERE organization_id = :org
                """
            ),
            params,
        )
    ).one()
    evidence = (
        await session.execute(
            text(
                "SELECT coalesce(array_agg(evidence_count), '{}') FROM run_facts "
                "WHERE organization_id = :org AND outcome = 'answered'"
            ),
            params,
        )
    ).scalar_one()
    stats = describe(evidence)
    return InvestigationAnalyticsPublic(
        total=counts.total,
        answered=counts.answered,
        insufficient_evidence=counts.refused,
        failed=counts.failed,
        cancelled=counts.cancelled,
        completed=counts.answered + counts.refused,
        refusal_rate=refusal_rate(counts.answered, counts.refused),
        evidence_mean=stats.mean,
        evidence_median=stats.median,
        evidence_min=stats.min,
        evidence_max=stats.max,
        most_cited_documents=await most_cited_documents(session, organization_id),
    )


async def most_cited_documents(
    session: AsyncSession, organization_id: str, limit: int = MOST_CITED_LIMIT
) -> list[CitedDocumentPublic]:
    """Return the documents cited most often in verified claims, current or deleted (historical)."""
    rows = await session.execute(
        text(
            """
            WITH cited AS (
                SELECT c.key AS document_id, sum(c.value::int) AS times_cited, max(f.created_at) AS last_cited
                FROM run_facts f CROSS JOIN LATERAL jsonb_each_text(f.cited_documents) c
                WHERE f.organization_id = :org
                GROUP BY c.key
                ORDER BY times_cited DESC, c.key
                LIMIT :limit
            )
            SELECT cited.document_id, cited.times_cited, d.title AS current_title,
                   (SELECT f.document_titles ->> cited.document_id FROM run_facts f
                    WHERE f.organization_id = :org AND f.cited_documents ? cited.document_id
                    ORDER BY f.created_at DESC LIMIT 1) AS recorded_title
            FROM cited
            LEFT JOIN documents d ON d.id = cited.document_id AND d.organization_id = :org
            ORDER BY cited.times_cited DESC, cited.document_id
            """
        ),
        {"org": organization_id, "limit": limit},
    )
    return [
        CitedDocumentPublic(
            document_id=row.document_id,
            document_title=row.current_title or row.recorded_title or "",
            times_cited=int(row.times_cited),
            historical=row.current_title is None,
        )
        for row in rows
    ]


async def investigation_trends(session: AsyncSession, organization_id: str, bucket: Bucket) -> InvestigationTrendPublic:
    """Return per-bucket volumes and refusal rates, with whether they are enough to show as trends."""
    rows = await session.execute(
        text(
            """
            SELECT date_trunc(:bucket, created_at, 'UTC') AS bucket_start,
                   count(*) AS total,
                   count(*) FILTER (WHERE outcome = 'answered') AS answered,
                   count(*) FILTER (WHERE outcome = 'insufficient_evidence') AS refused,
                   count(*) FILTER (WHERE outcome = 'failed') AS failed
            FROM runs WHERE organization_id = :org
            GROUP BY 1 ORDER BY 1
            """
        ),
        {"org": organization_id, "bucket": bucket},
    )
    trend = time_series_trend(
        [BucketCounts(r.bucket_start, r.total, r.answered, r.refused, r.failed) for r in rows], bucket
    )
    return InvestigationTrendPublic(
        bucket=bucket,
        points=[
            TrendPointPublic(
                bucket_start=p.bucket_start,
                total=p.total,
                answered=p.answered,
                insufficient_evidence=p.insufficient_evidence,
                failed=p.failed,
                refusal_rate=p.refusal_rate,
            )
            for p in trend.points
        ],
        total_investigations=trend.total_investigations,
        completed_investigations=trend.completed_investigations,
        enough_for_volume_trend=trend.enough_for_volume_trend,
        enough_for_refusal_trend=trend.enough_for_refusal_trend,
        reason=trend.reason,
    )


async def document_usage(
    session: AsyncSession, organization_id: str, document_ids: list[str]
) -> dict[str, DocumentUsage]:
    """Return, per document, times retrieved (searches and runs), cited in verified claims, and in refused runs."""
    if not document_ids:
        return {}
    retrieved = await DocumentRepository(session).times_retrieved(organization_id, document_ids)
    params = {"org": organization_id, "ids": document_ids}
    cited: dict[str, int] = dict(
        (
            await session.execute(
                text(
                    """
                    SELECT c.key, sum(c.value::int)
                    FROM run_facts f CROSS JOIN LATERAL jsonb_each_text(f.cited_documents) c
                    WHERE f.organization_id = :org AND c.key = ANY(:ids)
                    GROUP BY c.key
                    """
                ),
                params,
            )
        ).all()
    )
    refused: dict[str, int] = dict(
        (
            await session.execute(
                text(
                    """
                    SELECT d, count(*) FROM run_facts f CROSS JOIN LATERAL unnest(f.retrieved_document_ids) d
                    WHERE f.organization_id = :org AND f.outcome = 'insufficient_evidence' AND d = ANY(:ids)
                    GROUP BY d
                    """
                ),
                params,
            )
        ).all()
    )
    return {
        doc_id: DocumentUsage(
            times_retrieved=retrieved.get(doc_id, 0),
            times_cited=int(cited.get(doc_id, 0)),
            times_in_refused=int(refused.get(doc_id, 0)),
        )
        for doc_id in document_ids
    }
