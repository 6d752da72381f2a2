"""The declarative base every domain's tables share, with one constraint naming convention."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, MetaData, String, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from packages.core.clock import new_id

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID_LENGTH = 36

# The tables whose rows belong to one organization: each has an indexed organization_id and a row-level
# security policy keyed by the transaction setting `orion.org_id` (see migrations and ADR-0004).
TENANT_TABLES = (
    "documents",
    "document_versions",
    "document_blobs",
    "document_chunks",
    "document_embeddings",
    "ingestion_checkpoints",
    "runs",
    "steps",
    "execution_events",
    "audit_events",
    "personal_access_tokens",
)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def id_column() -> Mapped[str]:
    """Return a varchar(36) primary key holding a UUID4 string."""
    return mapped_column(String(ID_LENGTH), primary_key=True, default=new_id)


def created_at_column() -> Mapped[datetime]:
    """Return a non-null timestamptz defaulting to the transaction time."""
    return mapped_column(DateTime(timezone=True), nullable=False, server_default=func.now())
