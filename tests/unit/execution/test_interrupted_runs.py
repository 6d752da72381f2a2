"""The process-wide list of runs a database outage interrupted: what recovery takes, and when it wakes."""

from __future__ import annotations

import asyncio

from domains.execution.run.interrupted import InterruptedRuns


async def test_wait_returns_once_a_run_is_added_and_take_empties_the_list() -> None:
    runs = InterruptedRuns()
    waiter = asyncio.create_task(runs.wait())
    await asyncio.sleep(0.01)
    assert not waiter.done()  # nothing to resume: the background task sleeps
    runs.add("org-1", "run-1")
    runs.add("org-1", "run-1")  # the same run interrupted twice is resumed once
    runs.add("org-2", "run-2")
    await asyncio.wait_for(waiter, timeout=1)
    assert sorted(runs.take()) == [("org-1", "run-1"), ("org-2", "run-2")]
    assert len(runs) == 0


async def test_a_run_added_before_anyone_waits_is_not_lost() -> None:
    runs = InterruptedRuns()  # built before any event loop ran (as in build_state)
    runs.add("org-1", "run-1")
    await asyncio.wait_for(runs.wait(), timeout=1)
    assert runs.take() == [("org-1", "run-1")]
