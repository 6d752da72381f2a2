"""Analytics routes: investigation metrics and trends of the caller's organization."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from apps.api.deps import SessionDep, require
from domains.analytics.schemas import InvestigationAnalyticsPublic, InvestigationTrendPublic
from domains.analytics.service import AnalyticsService
from domains.execution.evidence import refresh_outdated_evidence
from domains.identity.permissions import Permission
from domains.identity.service import Principal

router = APIRouter(prefix="/api/v1/investigations", tags=["analytics"])

AnalyticsReader = Annotated[Principal, Depends(require(Permission.ANALYTICS_READ))]


@router.get("/analytics", operation_id="investigations_analytics")
async def analytics(principal: AnalyticsReader, session: SessionDep) -> InvestigationAnalyticsPublic:
    """Return outcome counts, the refusal rate, evidence statistics and the most-cited documents."""
    # Runs whose cited documents changed since their last drift check are re-checked first, so `drifted` counts
    # what the runs themselves say (the background sweep would catch up within its interval).
    await refresh_outdated_evidence(session, principal.organization_id)
    return await AnalyticsService(session).investigations(principal.organization_id)


@router.get("/trends", operation_id="investigations_trends")
async def trends(
    principal: AnalyticsReader,
    session: SessionDep,
    bucket: Annotated[Literal["day", "week"], Query(description="Bucket size")] = "day",
) -> InvestigationTrendPublic:
    """Return volume and refusal-rate points per bucket, and whether they suffice to show as trends."""
    return await AnalyticsService(session).trends(principal.organization_id, bucket)
