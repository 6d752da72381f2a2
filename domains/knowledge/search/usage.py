"""Retrieval usage counters (times each document was retrieved), kept off the search path.

Searches only bump an in-memory tally; the background worker flushes it to `document_usage_counters` every few
seconds with one upsert. A crash loses at most the last few seconds of counts: acceptable for a usage statistic,
never for anything the verifier or analytics of outcomes rely on.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


class UsageRecorder:
    def __init__(self) -> None:
        self._pending: Counter[tuple[str, str]] = Counter()
        self._lock = threading.Lock()

    def record(self, organization_id: str, document_ids: Iterable[str]) -> None:
        """Count one retrieval of each distinct document."""
        with self._lock:
            for document_id in set(document_ids):
                self._pending[(organization_id, document_id)] += 1

    def take(self) -> Counter[tuple[str, str]]:
        with self._lock:
            pending, self._pending = self._pending, Counter()
        return pending

    async def flush(self, session: AsyncSession) -> int:
        """Write the pending counts (owner session); return how many documents were updated."""
        pending = self.take()
        if not pending:
            return 0
        items = sorted(pending.items())
        try:
            await session.execute(
                text(
                    """
                    INSERT INTO document_usage_counters (organization_id, document_id, times_retrieved)
                    SELECT org, doc, n FROM unnest(CAST(:orgs AS varchar[]), CAST(:docs AS varchar[]),
                                                   CAST(:counts AS bigint[])) AS u(org, doc, n)
                    JOIN organizations o ON o.id = u.org
                    ON CONFLICT (organization_id, document_id)
                    DO UPDATE SET times_retrieved = document_usage_counters.times_retrieved + excluded.times_retrieved
                    """
                ),
                {
                    "orgs": [org for (org, _), _ in items],
                    "docs": [doc for (_, doc), _ in items],
                    "counts": [count for _, count in items],
                },
            )
        except Exception:
            with self._lock:  # keep the counts for the next flush
                self._pending.update(pending)
            raise
        return len(items)
