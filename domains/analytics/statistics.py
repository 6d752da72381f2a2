"""Pure statistics for investigation analytics: descriptive numbers and trends with explicit sufficiency rules.

No database and no other domain here: callers aggregate rows and hand plain values in. The sufficiency rules exist
so that a dashboard shows an honest empty state instead of a line drawn through two points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

Bucket = Literal["day", "week"]

# A volume trend needs activity spread over time; a refusal-rate trend needs enough completed runs per point for the
# rate to mean something (with 1 completed run per bucket the "rate" can only be 0 or 1).
MIN_BUCKETS_FOR_TREND = 3
MIN_RUNS_FOR_VOLUME_TREND = 5
MIN_COMPLETED_PER_RATE_BUCKET = 3
MAX_BUCKETS = 400


@dataclass(frozen=True)
class Description:
    count: int
    mean: float | None
    median: float | None
    min: float | None
    max: float | None
    p90: float | None


def _quantile(ordered: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of sorted values (the 'inclusive' definition, as numpy's default)."""
    position = (len(ordered) - 1) * q
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def describe(values: Iterable[float | None]) -> Description:
    """Return count, mean, median, min, max and p90 of the non-None values (all None when there are none)."""
    ordered = sorted(float(v) for v in values if v is not None)
    if not ordered:
        return Description(0, None, None, None, None, None)
    return Description(
        count=len(ordered),
        mean=sum(ordered) / len(ordered),
        median=_quantile(ordered, 0.5),
        min=ordered[0],
        max=ordered[-1],
        p90=_quantile(ordered, 0.9),
    )


@dataclass(frozen=True)
class BucketCounts:
    """Runs that started in one bucket, by outcome (in-progress runs count in total only)."""

    bucket_start: datetime
    total: int
    answered: int
    insufficient_evidence: int
    failed: int


@dataclass(frozen=True)
class TrendPoint:
    bucket_start: datetime
    total: int
    answered: int
    insufficient_evidence: int
    failed: int
    refusal_rate: float | None


@dataclass(frozen=True)
class Trend:
    bucket: Bucket
    points: list[TrendPoint]
    total_investigations: int
    completed_investigations: int
    enough_for_volume_trend: bool
    enough_for_refusal_trend: bool
    reason: str | None


def refusal_rate(answered: int, refused: int) -> float | None:
    """Return the share of completed runs that were refusals, or None when nothing completed."""
    completed = answered + refused
    return refused / completed if completed else None


def bucket_start(moment: datetime, bucket: Bucket) -> datetime:
    """Return the start (UTC midnight; Monday for weeks) of the bucket containing `moment`."""
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    return day - timedelta(days=day.weekday()) if bucket == "week" else day


def _fill_gaps(counts: list[BucketCounts], bucket: Bucket) -> list[BucketCounts]:
    if not counts:
        return []
    step = timedelta(days=7 if bucket == "week" else 1)
    by_start = {c.bucket_start: c for c in counts}
    filled: list[BucketCounts] = []
    cursor = counts[0].bucket_start
    while cursor <= counts[-1].bucket_start and len(filled) < MAX_BUCKETS:
        filled.append(by_start.get(cursor, BucketCounts(cursor, 0, 0, 0, 0)))
        cursor += step
    return filled


def time_series_trend(counts: Iterable[BucketCounts], bucket: Bucket) -> Trend:
    """Return the trend points (gaps filled with zeros) and whether they are enough to draw each trend."""
    ordered = _fill_gaps(sorted(counts, key=lambda c: c.bucket_start), bucket)
    points = [
        TrendPoint(
            c.bucket_start,
            c.total,
            c.answered,
            c.insufficient_evidence,
            c.failed,
            refusal_rate(c.answered, c.insufficient_evidence),
        )
        for c in ordered
    ]
    total = sum(p.total for p in points)
    completed = sum(p.answered + p.insufficient_evidence for p in points)
    active_buckets = sum(1 for p in points if p.total > 0)
    rate_buckets = sum(1 for p in points if p.answered + p.insufficient_evidence >= MIN_COMPLETED_PER_RATE_BUCKET)
    enough_volume = active_buckets >= MIN_BUCKETS_FOR_TREND and total >= MIN_RUNS_FOR_VOLUME_TREND
    enough_refusal = rate_buckets >= MIN_BUCKETS_FOR_TREND
    reason = None
    if total == 0:
        reason = "No investigations yet."
    elif not enough_volume:
        reason = (
            f"{_count(total, 'investigation')} across {_count(active_buckets, bucket)}; a trend needs at least "
            f"{MIN_RUNS_FOR_VOLUME_TREND} investigations across {MIN_BUCKETS_FOR_TREND} {bucket}s."
        )
    elif not enough_refusal:
        reason = (
            f"Only {_count(rate_buckets, bucket)} {'has' if rate_buckets == 1 else 'have'} "
            f"{MIN_COMPLETED_PER_RATE_BUCKET}+ completed investigations; a refusal-rate trend needs "
            f"{MIN_BUCKETS_FOR_TREND}."
        )
    return Trend(bucket, points, total, completed, enough_volume, enough_refusal, reason)


def _count(number: int, noun: str) -> str:
    """Return "1 day" or "7 days": a count with its noun in the number it takes."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
