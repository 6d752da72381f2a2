"""Execution errors, each with its HTTP meaning. (Provider failures live in llm/errors.py: they fail runs.)"""

from __future__ import annotations

from typing import Any

from packages.core.errors import Conflict, InvalidInput, NotFound, OrionError, RateLimited


class UnknownWorkflow(OrionError):
    status = 400
    code = "unknown_workflow"
    default_message = "The workflow type is not known."

    def __init__(self, workflow_type: str, known: list[str]) -> None:
        super().__init__(
            f"Unknown workflow type {workflow_type!r}; known: {', '.join(known)}.",
            details={"known_workflows": known},
        )


class RunNotFound(NotFound):
    default_message = "The run does not exist."


class RunNotCancellable(Conflict):
    default_message = "The run can no longer be cancelled."


class IdempotencyMismatch(InvalidInput):
    code = "idempotency_mismatch"
    default_message = "This idempotency key was already used with a different request."


class RunInProgress(Conflict):
    code = "in_progress"
    default_message = "The run started with this idempotency key is still executing; ask again shortly."

    def __init__(self, run_id: str, status: str, retry_after: int = 2) -> None:
        super().__init__(
            details={"run_id": run_id, "status": status},
            headers={"Retry-After": str(max(1, retry_after))},
        )


class RunNotAnswered(Conflict):
    code = "not_answered"
    default_message = "The run did not answer, so it has no verification receipt."


class RunQuotaExceeded(RateLimited):
    default_message = "The organization reached its daily investigation limit."


class RunBudgetExceeded(RateLimited):
    default_message = "The organization reached its daily model budget."


class IllegalTransition(RuntimeError):
    """A state change the run or step state machine does not allow (a programming error, never a client's)."""

    def __init__(self, kind: str, current: str, target: str, details: Any = None) -> None:
        super().__init__(f"illegal {kind} transition {current} -> {target}")
        self.current = current
        self.target = target
