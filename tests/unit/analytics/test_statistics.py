"""describe() and time_series_trend(): exact numbers, None-safety and the sufficiency rules."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domains.analytics.statistics import (
    BucketCounts,
    bucket_start,
    describe,
    refusal_rate,
    time_series_trend,
)

DAY0 = datetime(2026, 11, 2, tzinfo=UTC)  # a Monday


def test_describe_exact_values() -> None:
    stats = describe([4, None, 1, 3, 2, 10])
    assert stats.count == 5
    assert stats.mean == 4.0
    assert stats.median == 3.0
    assert (stats.min, stats.max) == (1.0, 10.0)
    assert stats.p90 == pytest.approx(7.6)  # between 4 and 10 at 0.9 * (5 - 1) = 3.6


def test_describe_empty_and_single() -> None:
    assert describe([]).mean is None and describe([None, None]).count == 0
    one = describe([7])
    assert (one.count, one.mean, one.median, one.min, one.max, one.p90) == (1, 7.0, 7.0, 7.0, 7.0, 7.0)


def test_refusal_rate() -> None:
    assert refusal_rate(0, 0) is None
    assert refusal_rate(3, 1) == 0.25
    assert refusal_rate(0, 2) == 1.0


def test_bucket_start() -> None:
    moment = datetime(2026, 11, 5, 17, 30, tzinfo=UTC)  # a Thursday
    assert bucket_start(moment, "day") == datetime(2026, 11, 5, tzinfo=UTC)
    assert bucket_start(moment, "week") == DAY0


def test_no_runs_is_an_honest_empty_state() -> None:
    trend = time_series_trend([], "day")
    assert trend.points == [] and trend.total_investigations == 0
    assert not trend.enough_for_volume_trend and not trend.enough_for_refusal_trend
    assert trend.reason == "No investigations yet."


def test_one_bucket_is_not_a_trend() -> None:
    trend = time_series_trend([BucketCounts(DAY0, 9, 5, 3, 1)], "day")
    assert len(trend.points) == 1 and trend.points[0].refusal_rate == pytest.approx(3 / 8)
    assert not trend.enough_for_volume_trend
    assert "across 1 day;" in (trend.reason or "")
    assert "(s)" not in (trend.reason or "")


def test_gaps_are_filled_and_rules_applied() -> None:
    counts = [
        BucketCounts(DAY0, 4, 2, 2, 0),
        BucketCounts(DAY0 + timedelta(days=2), 3, 1, 1, 1),  # only 2 completed: too few for a rate point
        BucketCounts(DAY0 + timedelta(days=3), 5, 4, 0, 1),
    ]
    trend = time_series_trend(counts, "day")
    assert [p.bucket_start for p in trend.points] == [DAY0 + timedelta(days=i) for i in range(4)]
    assert [p.total for p in trend.points] == [4, 0, 3, 5]
    assert trend.points[1].refusal_rate is None
    assert (trend.total_investigations, trend.completed_investigations) == (12, 10)
    assert trend.enough_for_volume_trend
    assert not trend.enough_for_refusal_trend  # only 2 buckets have >= 3 completed runs
    assert "refusal-rate trend needs 3" in (trend.reason or "")
    assert (trend.reason or "").startswith("Only 2 days have 3+ completed")


def test_a_single_bucket_reads_in_the_singular() -> None:
    counts = [BucketCounts(DAY0 + timedelta(days=i), 2, 1, 1, 0) for i in range(3)] + [
        BucketCounts(DAY0 + timedelta(days=3), 4, 2, 1, 1)
    ]
    trend = time_series_trend(counts, "day")
    assert trend.enough_for_volume_trend and not trend.enough_for_refusal_trend
    assert (trend.reason or "").startswith("Only 1 day has 3+ completed")


def test_enough_for_both() -> None:
    counts = [BucketCounts(DAY0 + timedelta(weeks=i), 6, 3, 2, 1) for i in range(3)]
    trend = time_series_trend(counts, "week")
    assert trend.enough_for_volume_trend and trend.enough_for_refusal_trend and trend.reason is None
    assert all(p.refusal_rate == pytest.approx(0.4) for p in trend.points)
