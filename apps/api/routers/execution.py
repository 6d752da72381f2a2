"""Investigation routes: create (executed within the request), list, get, cancel, events, summary, result, receipt."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response, status
from fastapi.responses import JSONResponse

from apps.api.deps import ResourcePage, SequencePage, SessionDep, SettingsDep, require, with_total
from domains.execution.schemas import EventPublic, RunCreate, RunPublic, RunResultPublic, RunSummaryPublic
from domains.execution.service import ExecutionService
from domains.execution.verification.receipt import VerificationReceipt
from domains.identity.permissions import Permission
from domains.identity.service import Principal

router = APIRouter(prefix="/api/v1", tags=["investigations"])

RunReader = Annotated[Principal, Depends(require(Permission.RUNS_READ))]
RunCreator = Annotated[Principal, Depends(require(Permission.RUNS_CREATE))]


def get_execution_service(request: Request, session: SessionDep, settings: SettingsDep) -> ExecutionService:
    state = request.app.state
    return ExecutionService(session, settings, state.run_sessions, state.workflow_services)


ServiceDep = Annotated[ExecutionService, Depends(get_execution_service)]


@router.post(
    "/runs",
    operation_id="runs_create",
    status_code=status.HTTP_201_CREATED,
    response_model=RunPublic,
    responses={200: {"model": RunPublic}, 400: {}, 404: {}, 409: {}, 422: {}, 429: {}},
)
async def create_run(body: RunCreate, principal: RunCreator, service: ServiceDep) -> JSONResponse:
    """Start an investigation and execute it to a terminal state (200 for an idempotent replay)."""
    run, created = await service.create_run(principal.organization_id, principal.user_id, body)
    return JSONResponse(run.model_dump(mode="json"), status_code=201 if created else 200)


@router.get("/runs", operation_id="runs_list")
async def list_runs(
    principal: RunReader, service: ServiceDep, page: ResourcePage, response: Response
) -> list[RunPublic]:
    """List the organization's runs, newest first."""
    runs, total = await service.list_runs(principal.organization_id, limit=page.limit, offset=page.offset)
    with_total(response, total)
    return runs


@router.get("/runs/{run_id}", operation_id="runs_get")
async def get_run(run_id: str, principal: RunReader, service: ServiceDep) -> RunPublic:
    """Return a run with its steps."""
    return await service.get_run(principal.organization_id, run_id)


@router.post("/runs/{run_id}/cancel", operation_id="runs_cancel", responses={409: {}})
async def cancel_run(run_id: str, principal: RunCreator, service: ServiceDep) -> RunPublic:
    """Cancel a pending or running run (409 once it is verifying or finished)."""
    return await service.cancel_run(principal.organization_id, run_id)


@router.get("/runs/{run_id}/events", operation_id="runs_events")
async def run_events(
    run_id: str, principal: RunReader, service: ServiceDep, page: SequencePage, response: Response
) -> list[EventPublic]:
    """Return the run's execution trace in order."""
    events, total = await service.events(principal.organization_id, run_id, limit=page.limit, offset=page.offset)
    with_total(response, total)
    return events


@router.get("/runs/{run_id}/summary", operation_id="runs_summary")
async def run_summary(run_id: str, principal: RunReader, service: ServiceDep) -> RunSummaryPublic:
    """Return counts, timing, provider and failure of a run."""
    return await service.summary(principal.organization_id, run_id)


@router.get("/runs/{run_id}/result", operation_id="runs_result")
async def run_result(run_id: str, principal: RunReader, service: ServiceDep) -> RunResultPublic:
    """Return the briefing (claims with verified quote spans), the retrieved citations, or the refusal."""
    return await service.result(principal.organization_id, run_id)


@router.get("/runs/{run_id}/receipt", operation_id="runs_receipt", responses={409: {}})
async def run_receipt(run_id: str, principal: RunReader, service: ServiceDep) -> VerificationReceipt:
    """Return the verification receipt of an answered run: every quote with the evidence it stands on."""
    return await service.receipt(principal.organization_id, run_id)
