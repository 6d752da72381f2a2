"""Analytics use cases: investigation metrics, trends, and per-document usage (never keyed by title).

Citations to deleted documents still count: their rows carry the title the run recorded and are marked historical.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from domains.analytics.repository import AnalyticsRepository
from domains.analytics.schemas import (
    CitedDocumentPublic,
    DocumentUsage,
    InvestigationAnalyticsPublic,
    InvestigationTrendPublic,
)
from domains.analytics.statistics import Bucket, BucketCounts, describe, refusal_rate, time_series_trend

MOST_CITED_LIMIT = 10


class AnalyticsService:
    def __init__(self, session: AsyncSession) -> None:
        self.repo = AnalyticsRepository(session)

    async def investigations(self, organization_id: str) -> InvestigationAnalyticsPublic:
        """Return totals by outcome, the refusal rate, evidence statistics and the most-cited documents."""
        counts = await self.repo.outcome_counts(organization_id)
        stats = describe(await self.repo.answered_evidence_counts(organization_id))
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
            most_cited_documents=await self.most_cited_documents(organization_id),
            drifted=await self.repo.drifted_count(organization_id),
        )

    async def most_cited_documents(
        self, organization_id: str, limit: int = MOST_CITED_LIMIT
    ) -> list[CitedDocumentPublic]:
        """Return the documents cited most often in verified claims, current or deleted (historical)."""
        return [
            CitedDocumentPublic(
                document_id=row.document_id,
                document_title=row.current_title or row.recorded_title or "",
                times_cited=row.times_cited,
                historical=row.current_title is None,
            )
            for row in await self.repo.most_cited(organization_id, limit)
        ]

    async def trends(self, organization_id: str, bucket: Bucket) -> InvestigationTrendPublic:
        """Return per-bucket volumes and refusal rates, with whether they are enough to show as trends."""
        rows = await self.repo.buckets(organization_id, bucket)
        trend = time_series_trend(
            [BucketCounts(r.bucket_start, r.total, r.answered, r.refused, r.failed) for r in rows], bucket
        )
        return trend

    async def document_usage(self, organization_id: str, document_ids: Sequence[str]) -> dict[str, DocumentUsage]:
        """Return, per document, times retrieved (searches and runs), cited in verified claims, and in refused runs."""
        if not document_ids:
            return {}
        retrieved = await self.repo.times_retrieved(organization_id, document_ids)
        cited = await self.repo.times_cited(organization_id, document_ids)
        refused = await self.repo.times_in_refused(organization_id, document_ids)
        return {
            doc_id: DocumentUsage(
                times_retrieved=retrieved.get(doc_id, 0),
                times_cited=cited.get(doc_id, 0),
                times_in_refused=refused.get(doc_id, 0),
            )
            for doc_id in document_ids
        }
