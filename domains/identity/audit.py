"""The audit trail: who changed roles, created or deactivated users, deleted or purged documents."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domains.identity.models import AuditEvent
from packages.core.clock import utcnow


async def record_audit(
    session: AsyncSession,
    *,
    organization_id: str,
    actor_id: str | None,
    action: str,
    target: str | None,
    details: dict[str, Any] | None = None,
) -> None:
    """Append one audit event inside the caller's transaction."""
    session.add(
        AuditEvent(
            organization_id=organization_id,
            actor_id=actor_id,
            action=action,
            target=target,
            details=details,
            created_at=utcnow(),
        )
    )
    await session.flush()
