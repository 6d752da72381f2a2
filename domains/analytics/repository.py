"""Every analytics query: run outcome counts, run facts and document usage counters, keyed by document id.

Counts come from the runs table (status and outcome columns), from `run_facts` (the narrow row each run writes when
it ends) and from `document_usage_counters`; nothing here reads the runs' citation JSONB. The queries name those
tables in SQL: analytics imports no other domain (ADR-0016).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import inspect, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domains.analytics.models import RunFact


@dataclass(frozen=True)
class OutcomeCounts:
    total: int
    answered: int
    refused: int
    failed: int
    cancelled: int


@dataclass(frozen=True)
class CitedRow:
    document_id: str
    times_cited: int
    current_title: str | None
    recorded_title: str | None


@dataclass(frozen=True)
class BucketRow:
    bucket_start: datetime
    total: int
    answered: int
    refused: int
    failed: int


class AnalyticsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def save_fact(self, fact: RunFact) -> None:
        """Insert or replace a run's fact row (one statement: an upsert on the run's id)."""
        columns = {
            attribute.columns[0].name: getattr(fact, attribute.key) for attribute in inspect(RunFact).column_attrs
        }
        statement = insert(RunFact).values(columns)
        replaced = {name: statement.excluded[name] for name in columns if name != "run_id"}
        await self.session.execute(statement.on_conflict_do_update(index_elements=["run_id"], set_=replaced))

    async def set_evidence_status(self, organization_id: str, run_id: str, status: str) -> None:
        """Record whether an answered run's cited evidence still stands (the drift check's verdict)."""
        await self.session.execute(
            text("UPDATE run_facts SET evidence_status = :status WHERE organization_id = :org AND run_id = :run"),
            {"status": status, "org": organization_id, "run": run_id},
        )

    async def outcome_counts(self, organization_id: str) -> OutcomeCounts:
        row = (
            await self.session.execute(
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
                {"org": organization_id},
            )
        ).one()
        return OutcomeCounts(row.total, row.answered, row.refused, row.failed, row.cancelled)

    async def drifted_count(self, organization_id: str) -> int:
        """Return how many answered runs cite evidence that changed or was deleted since (ADR 0021)."""
        statement = text(
            "SELECT count(*) FROM run_facts WHERE organization_id = :org AND outcome = 'answered'"
            " AND evidence_status = 'drifted'"
        )
        return int((await self.session.execute(statement, {"org": organization_id})).scalar_one())

    async def answered_evidence_counts(self, organization_id: str) -> list[int]:
        """Return the evidence count of every answered run."""
        values = (
            await self.session.execute(
                text(
                    "SELECT coalesce(array_agg(evidence_count), '{}') FROM run_facts "
                    "WHERE organization_id = :org AND outcome = 'answered'"
                ),
                {"org": organization_id},
            )
        ).scalar_one()
        return list(values)

    async def most_cited(self, organization_id: str, limit: int) -> list[CitedRow]:
        """Return the documents cited most often in verified claims, with their current and recorded titles."""
        rows = await self.session.execute(
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
        return [CitedRow(r.document_id, int(r.times_cited), r.current_title, r.recorded_title) for r in rows]

    async def buckets(self, organization_id: str, bucket: str) -> list[BucketRow]:
        """Return run counts by outcome per day or week (UTC)."""
        rows = await self.session.execute(
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
        return [BucketRow(r.bucket_start, r.total, r.answered, r.refused, r.failed) for r in rows]

    async def times_retrieved(self, organization_id: str, document_ids: Sequence[str]) -> dict[str, int]:
        rows = await self.session.execute(
            text(
                "SELECT document_id, times_retrieved FROM document_usage_counters "
                "WHERE organization_id = :org AND document_id = ANY(:ids)"
            ),
            {"org": organization_id, "ids": list(document_ids)},
        )
        return {row[0]: int(row[1]) for row in rows}

    async def times_cited(self, organization_id: str, document_ids: Sequence[str]) -> dict[str, int]:
        rows = await self.session.execute(
            text(
                """
                SELECT c.key, sum(c.value::int)
                FROM run_facts f CROSS JOIN LATERAL jsonb_each_text(f.cited_documents) c
                WHERE f.organization_id = :org AND c.key = ANY(:ids)
                GROUP BY c.key
                """
            ),
            {"org": organization_id, "ids": list(document_ids)},
        )
        return {row[0]: int(row[1]) for row in rows}

    async def times_in_refused(self, organization_id: str, document_ids: Sequence[str]) -> dict[str, int]:
        rows = await self.session.execute(
            text(
                """
                SELECT d, count(*) FROM run_facts f CROSS JOIN LATERAL unnest(f.retrieved_document_ids) d
                WHERE f.organization_id = :org AND f.outcome = 'insufficient_evidence' AND d = ANY(:ids)
                GROUP BY d
                """
            ),
            {"org": organization_id, "ids": list(document_ids)},
        )
        return {row[0]: int(row[1]) for row in rows}
