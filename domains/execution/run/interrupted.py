"""The runs this process was executing when the database stopped answering.

A run executes inside the request that created it (or inside recovery). When the database goes away mid-run, the
request answers 503 and the run stays `pending`, `running` or `verifying` with this process's heartbeat on it, so
no other process may resume it before the staleness cutoff (minutes). This process knows it abandoned the run, so
it resumes it itself as soon as the database answers again (recovery.resume_interrupted_runs).
"""

from __future__ import annotations

import asyncio


class InterruptedRuns:
    """A process-wide set of (organization, run) pairs waiting for the database to come back."""

    def __init__(self) -> None:
        self._runs: dict[str, str] = {}
        self._added: asyncio.Event | None = None

    def add(self, organization_id: str, run_id: str) -> None:
        self._runs[run_id] = organization_id
        if self._added is not None:
            self._added.set()

    def take(self) -> list[tuple[str, str]]:
        """Remove and return every waiting run as (organization id, run id)."""
        runs = [(organization_id, run_id) for run_id, organization_id in self._runs.items()]
        self._runs.clear()
        return runs

    def __len__(self) -> int:
        return len(self._runs)

    async def wait(self) -> None:
        """Return once at least one run is waiting."""
        if self._added is None:  # created lazily: the set is built before any event loop runs
            self._added = asyncio.Event()
        while not self._runs:
            self._added.clear()
            await self._added.wait()
