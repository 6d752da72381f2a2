"""What operator commands share: settings, the database (migrated), and the process-wide services."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from sqlalchemy import select

from domains.identity.models import Organization
from domains.knowledge.embeddings import EmbeddingProvider, get_configured_embedding_provider
from domains.knowledge.retrieval import search_session_settings
from domains.knowledge.vector_index import ensure_vector_index
from packages.config.settings import Settings
from packages.core.clock import new_id, utcnow
from packages.database.engine import Database
from packages.database.runtime import resolve_database_url, upgrade_to_head


@dataclass
class CommandContext:
    settings: Settings
    db: Database
    provider: EmbeddingProvider


@asynccontextmanager
async def command_context(settings: Settings) -> AsyncIterator[CommandContext]:
    """Open the configured database (starting the embedded one if needed), migrated, with the embedding provider."""
    location = resolve_database_url(settings)
    try:
        upgrade_to_head(location.url)
        db = Database.connect(
            location.url,
            app_url=settings.app_database_url,
            pool_size=4,
            session_settings=search_session_settings(settings),
        )
        provider = get_configured_embedding_provider(settings)
        try:
            async with db.owner_session() as session:
                await ensure_vector_index(session, provider.model_key, provider.dimension)
            yield CommandContext(settings, db, provider)
        finally:
            await db.dispose()
    finally:
        location.stop()


async def find_organization(db: Database, reference: str) -> Organization | None:
    """Return the organization with this id or name (operator commands run as the table owner)."""
    async with db.owner_session() as session:
        found = await session.execute(
            select(Organization).where((Organization.id == reference) | (Organization.name == reference))
        )
        return found.scalars().first()


async def scratch_organization(db: Database, name: str) -> str:
    """Return the id of the organization called `name`, creating it (for evaluations and benchmarks)."""
    existing = await find_organization(db, name)
    if existing is not None:
        return existing.id
    async with db.owner_session() as session:
        organization = Organization(id=new_id(), name=name, created_at=utcnow())
        session.add(organization)
    return organization.id
