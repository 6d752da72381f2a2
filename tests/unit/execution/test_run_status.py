"""The run and step transition tables, and the sets derived from them."""

from __future__ import annotations

import itertools

import pytest

from domains.execution.errors import IllegalTransition
from domains.execution.run.status import (
    ACTIVE_RUN_STATUSES,
    RUN_TRANSITIONS,
    TERMINAL_RUN_STATUSES,
    RunStatus,
    StepStatus,
    is_run_terminal,
    run_sources,
    validate_run_transition,
    validate_step_transition,
)

LEGAL_RUN_MOVES = {
    ("pending", "running"),
    ("pending", "failed"),
    ("pending", "cancelled"),
    ("running", "verifying"),
    ("running", "failed"),
    ("running", "cancelled"),
    ("verifying", "completed"),
    ("verifying", "failed"),
}


@pytest.mark.parametrize(("current", "target"), list(itertools.product(RunStatus, RunStatus)))
def test_every_run_move_is_legal_exactly_when_the_table_says_so(current: RunStatus, target: RunStatus) -> None:
    if (current.value, target.value) in LEGAL_RUN_MOVES:
        validate_run_transition(current, target)
    else:
        with pytest.raises(IllegalTransition):
            validate_run_transition(current, target)


def test_terminal_and_active_sets_split_the_statuses() -> None:
    assert {RunStatus.COMPLETED, RunStatus.FAILED, RunStatus.CANCELLED} == TERMINAL_RUN_STATUSES
    assert {RunStatus.PENDING, RunStatus.RUNNING, RunStatus.VERIFYING} == ACTIVE_RUN_STATUSES
    assert all(is_run_terminal(s) for s in TERMINAL_RUN_STATUSES)
    assert not any(is_run_terminal(s) for s in ACTIVE_RUN_STATUSES)
    assert set(RUN_TRANSITIONS) == set(RunStatus)


def test_a_run_can_be_cancelled_only_before_verification() -> None:
    assert run_sources(RunStatus.CANCELLED) == {RunStatus.PENDING, RunStatus.RUNNING}
    assert run_sources(RunStatus.COMPLETED) == {RunStatus.VERIFYING}


def test_a_step_retry_is_running_to_running_and_finished_steps_never_move() -> None:
    validate_step_transition(StepStatus.RUNNING, StepStatus.RUNNING)
    validate_step_transition(StepStatus.PENDING, StepStatus.RUNNING)
    for finished in (StepStatus.COMPLETED, StepStatus.FAILED, StepStatus.SKIPPED):
        for target in StepStatus:
            with pytest.raises(IllegalTransition):
                validate_step_transition(finished, target)
    with pytest.raises(IllegalTransition):
        validate_step_transition(StepStatus.PENDING, StepStatus.COMPLETED)
