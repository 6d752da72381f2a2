"""The run and step state machines: their statuses, the only legal moves, and the sets derived from them.

Every other module names statuses through these enums; the active and terminal sets are derived from the table,
never written out again.
"""

from __future__ import annotations

from enum import StrEnum

from domains.execution.errors import IllegalTransition


class RunStatus(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    VERIFYING = "verifying"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"


class RunOutcome(StrEnum):
    ANSWERED = "answered"
    INSUFFICIENT_EVIDENCE = "insufficient_evidence"
    FAILED = "failed"
    CANCELLED = "cancelled"


class StepStatus(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    SKIPPED = "skipped"
    CANCELLED = "cancelled"  # a running step a cancel stopped


# A run may fail before it starts (recovery gives up on a run that never got going); it may be cancelled until
# verification begins; verification ends it one way or the other.
RUN_TRANSITIONS: dict[RunStatus, frozenset[RunStatus]] = {
    RunStatus.PENDING: frozenset({RunStatus.RUNNING, RunStatus.FAILED, RunStatus.CANCELLED}),
    RunStatus.RUNNING: frozenset({RunStatus.VERIFYING, RunStatus.FAILED, RunStatus.CANCELLED}),
    RunStatus.VERIFYING: frozenset({RunStatus.COMPLETED, RunStatus.FAILED}),
    RunStatus.COMPLETED: frozenset(),
    RunStatus.FAILED: frozenset(),
    RunStatus.CANCELLED: frozenset(),
}

STEP_TRANSITIONS: dict[StepStatus, frozenset[StepStatus]] = {
    StepStatus.PENDING: frozenset({StepStatus.RUNNING, StepStatus.SKIPPED}),
    StepStatus.RUNNING: frozenset({StepStatus.RUNNING, StepStatus.COMPLETED, StepStatus.FAILED, StepStatus.SKIPPED}),
    StepStatus.COMPLETED: frozenset(),
    StepStatus.FAILED: frozenset(),
    StepStatus.SKIPPED: frozenset(),
}

TERMINAL_RUN_STATUSES = frozenset(status for status, targets in RUN_TRANSITIONS.items() if not targets)
ACTIVE_RUN_STATUSES = frozenset(RUN_TRANSITIONS) - TERMINAL_RUN_STATUSES

# What each terminal status means for the run's outcome, when the outcome does not depend on the briefing.
OUTCOME_OF: dict[RunStatus, RunOutcome] = {
    RunStatus.FAILED: RunOutcome.FAILED,
    RunStatus.CANCELLED: RunOutcome.CANCELLED,
}


def is_run_terminal(status: str) -> bool:
    """Return True when a run in `status` can never change again."""
    return status in TERMINAL_RUN_STATUSES


def run_sources(target: RunStatus) -> frozenset[RunStatus]:
    """Return every status a run may move to `target` from."""
    return frozenset(status for status, targets in RUN_TRANSITIONS.items() if target in targets)


def validate_run_transition(current: str, target: str) -> None:
    """Raise IllegalTransition unless a run may move from `current` to `target`."""
    if target not in RUN_TRANSITIONS.get(RunStatus(current), frozenset()):
        raise IllegalTransition("run", current, target)


def validate_step_transition(current: str, target: str) -> None:
    """Raise IllegalTransition unless a step may move from `current` to `target` (running -> running is a retry)."""
    if target not in STEP_TRANSITIONS.get(StepStatus(current), frozenset()):
        raise IllegalTransition("step", current, target)
