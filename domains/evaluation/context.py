"""What operator commands, evaluations and tools share: settings, the migrated database, the embedding provider."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from domains.identity.models import Organization
from domains.identity.repository import IdentityRepository
from domains.knowledge.embeddings import EmbeddingProvider, get_configured_embedding_provider
from domains.knowledge.search import search_session_settings
from domains.knowledge.search.vector_index import ensure_vector_index
from packages.config.settings import Settings
from packages.database.engine import Database
from packages.database.runtime import resolve_database_url, upgrade_to_head


@dataclass
class OperatorContext:
    settings: Settings
    db: Database
    provider: EmbeddingProvider

    async def find_organization(self, reference: str) -> Organization | None:
        """Return the organization with this id or name (operator commands run as the table owner)."""
        async with self.db.owner_session() as session:
            return await IdentityRepository(session).organization_by_reference(reference)

    async def scratch_organization(self, name: str) -> str:
        """Return the id of the organization called `name`, creating it (for evaluations and benchmarks)."""
        return await scratch_organization(self.db, name)


async def scratch_organization(db: Database, name: str) -> str:
    """Return the id of the organization called `name` in `db`, creating it if needed."""
    async with db.owner_session() as session:
        return (await IdentityRepository(session).ensure_organization(name)).id


@asynccontextmanager
async def operator_context(settings: Settings) -> AsyncIterator[OperatorContext]:
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
            yield OperatorContext(settings, db, provider)
        finally:
            await db.dispose()
    finally:
        location.stop()
