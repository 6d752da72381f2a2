"""The run and step state machines: the only legal moves, and every move appends an execution event."""

from __future__ import annotations

from domains.execution.errors import IllegalTransition

RUN_TRANSITIONS: dict[str, frozenset[str]] = {
    "pending": frozenset({"running", "cancelled"}),
    "running": frozenset({"verifying", "failed", "cancelled"}),
    "verifying": frozenset({"completed", "failed"}),
    "completed": frozenset(),
    "failed": frozenset(),
    "cancelled": frozenset(),
}

STEP_TRANSITIONS: dict[str, frozenset[str]] = {
    "pending": frozenset({"running", "skipped"}),
    "running": frozenset({"running", "completed", "failed", "skipped"}),
    "completed": frozenset(),
    "failed": frozenset(),
    "skipped": frozenset(),
}

TERMINAL_RUN_STATUSES = frozenset(status for status, targets in RUN_TRANSITIONS.items() if not targets)


def is_run_terminal(status: str) -> bool:
    """Return True when a run in `status` can never change again."""
    return status in TERMINAL_RUN_STATUSES


def validate_run_transition(current: str, target: str) -> None:
    """Raise IllegalTransition unless a run may move from `current` to `target`."""
    if target not in RUN_TRANSITIONS.get(current, frozenset()):
        raise IllegalTransition("run", current, target)


def validate_step_transition(current: str, target: str) -> None:
    """Raise IllegalTransition unless a step may move from `current` to `target` (running -> running is a retry)."""
    if target not in STEP_TRANSITIONS.get(current, frozenset()):
        raise IllegalTransition("step", current, target)
