"""Knowledge tables: documents, their versions and original bytes, chunks, and embeddings.

Every table carries `organization_id`, and child rows reference their parent through
(organization_id, parent_id): the database itself refuses a chunk that points into another organization,
and the same keys are what a distributed (Citus) layout would need (ADR-0005).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pgvector.sqlalchemy import SPARSEVEC, Vector
from sqlalchemy import (
    BigInteger,
    Boolean,
    Computed,
    DateTime,
    Float,
    ForeignKeyConstraint,
    Identity,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import Mapped, deferred, mapped_column

from packages.database.base import ID_LENGTH, Base, created_at_column, id_column

DOCUMENT_TYPES = ("pdf", "markdown", "text")
VERSION_STATUSES = ("processing", "indexed", "failed")
SPARSE_DIMENSION = 1_000_000_000  # pgvector sparsevec limit; BM25 term ids hash into it (migration 0002)
TRUST_LABELS = ("trusted", "flagged", "untrusted")
# Lengths of the names an upload gives (contract: a file name is kept exactly, so a longer one is refused, not cut).
MAX_SOURCE_CHARS = 1000
MAX_TITLE_CHARS = 500
MAX_FILE_NAME_CHARS = 1000


class Document(Base):
    __tablename__ = "documents"
    __table_args__ = (
        UniqueConstraint("organization_id", "source", name="uq_documents_org_source"),
        UniqueConstraint("organization_id", "id"),
        ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        ForeignKeyConstraint(
            ["organization_id", "current_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            ondelete="SET NULL (current_version_id)",
            use_alter=True,
            name="fk_documents_current_version",
        ),
        # An email attachment's document names its message; the composite key keeps the link in one organization.
        ForeignKeyConstraint(
            ["organization_id", "parent_document_id"],
            ["documents.organization_id", "documents.id"],
            ondelete="CASCADE",
            name="fk_documents_parent_document",
        ),
        Index("ix_documents_organization_id_created_at", "organization_id", "created_at"),
        Index(
            "ix_documents_organization_id_parent_document_id",
            "organization_id",
            "parent_document_id",
            postgresql_where=text("parent_document_id IS NOT NULL"),
        ),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    source: Mapped[str] = mapped_column(String(MAX_SOURCE_CHARS))
    title: Mapped[str] = mapped_column(String(MAX_TITLE_CHARS))
    document_type: Mapped[str] = mapped_column(String(20))
    current_version_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    parent_document_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    created_at: Mapped[datetime] = created_at_column()


class DocumentVersion(Base):
    __tablename__ = "document_versions"
    __table_args__ = (
        UniqueConstraint("document_id", "content_hash", name="uq_document_versions_doc_hash"),
        UniqueConstraint("document_id", "version_number"),
        UniqueConstraint("organization_id", "id"),
        ForeignKeyConstraint(
            ["organization_id", "document_id"],
            ["documents.organization_id", "documents.id"],
            ondelete="CASCADE",
        ),
        Index("ix_document_versions_organization_id", "organization_id"),
        Index(
            "ix_document_versions_pending",
            "created_at",
            postgresql_where=text("status = 'processing'"),
        ),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    document_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    version_number: Mapped[int] = mapped_column(Integer)
    content_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(20))
    status_reason: Mapped[str | None] = mapped_column(String(500))
    progress: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    chunk_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    page_count: Mapped[int | None] = mapped_column(Integer)
    byte_size: Mapped[int] = mapped_column(Integer)
    media_type: Mapped[str] = mapped_column(String(100))
    file_name: Mapped[str | None] = mapped_column(String(MAX_FILE_NAME_CHARS))
    normalized_text: Mapped[str | None] = deferred(mapped_column(Text))
    source_metadata: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    page_map: Mapped[list[list[int]] | None] = mapped_column(JSONB)  # [[page, start, end], ...] (ADR 0021)
    # The content-safety detector that labelled this version's chunks (re-labelling compares it, ADR-0020)
    safety_version: Mapped[str | None] = mapped_column(String(32))
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = created_at_column()
    indexed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class IngestionCheckpoint(Base):
    """One embedded batch of a queued version, kept until the version is indexed (resumable ingestion)."""

    __tablename__ = "ingestion_checkpoints"
    __table_args__ = (
        ForeignKeyConstraint(
            ["organization_id", "document_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            ondelete="CASCADE",
        ),
        Index("ix_ingestion_checkpoints_organization_id", "organization_id"),
    )

    document_version_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    batch_start: Mapped[int] = mapped_column(Integer, primary_key=True)
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    fingerprint: Mapped[str] = mapped_column(String(64))
    model_key: Mapped[str] = mapped_column(String(400))
    vectors: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = created_at_column()


class DocumentBlob(Base):
    """The original uploaded bytes of a version, kept for download and for background re-processing."""

    __tablename__ = "document_blobs"
    __table_args__ = (
        ForeignKeyConstraint(
            ["organization_id", "document_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            ondelete="CASCADE",
        ),
        Index("ix_document_blobs_organization_id", "organization_id"),
    )

    document_version_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    content: Mapped[bytes] = deferred(mapped_column(LargeBinary))


class DocumentChunk(Base):
    __tablename__ = "document_chunks"
    __table_args__ = (
        UniqueConstraint("document_version_id", "chunk_index"),
        UniqueConstraint("organization_id", "id"),
        ForeignKeyConstraint(
            ["organization_id", "document_version_id"],
            ["document_versions.organization_id", "document_versions.id"],
            ondelete="CASCADE",
        ),
        Index("ix_document_chunks_document_version_id", "document_version_id"),
        Index("ix_document_chunks_organization_id", "organization_id"),
        Index("ix_document_chunks_text_search_gin", "text_search", postgresql_using="gin"),
        Index(
            "ix_document_chunks_organization_id_searchable",
            "organization_id",
            "document_id",
            postgresql_where=text("searchable"),
        ),
        Index(
            "ix_document_chunks_bm25_hnsw",
            "bm25",
            postgresql_using="hnsw",
            postgresql_ops={"bm25": "sparsevec_ip_ops"},
            postgresql_where=text("searchable"),
        ),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    document_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    document_version_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    chunk_index: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    section: Mapped[str | None] = mapped_column(String(500))
    index_context: Mapped[str] = mapped_column(String(1001), default="", server_default="")
    page: Mapped[int | None] = mapped_column(Integer)
    page_end: Mapped[int | None] = mapped_column(Integer)
    char_start: Mapped[int] = mapped_column(Integer)
    char_end: Mapped[int] = mapped_column(Integer)
    char_count: Mapped[int] = mapped_column(Integer)
    content_hash: Mapped[str] = mapped_column(String(64))
    text_search: Mapped[Any] = deferred(
        mapped_column(TSVECTOR, Computed("to_tsvector('english'::regconfig, text)", persisted=True))
    )
    trust_label: Mapped[str] = mapped_column(String(20))
    matched_patterns: Mapped[list[str]] = mapped_column(JSONB, default=list, server_default="[]")
    text_source: Mapped[str | None] = mapped_column(String(20))  # text_layer | ocr | None (no pages)
    labelled_spans: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    safety_version: Mapped[str | None] = mapped_column(String(32))  # the detector that wrote these labels
    searchable: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    lexical_length: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    bm25: Mapped[Any | None] = deferred(mapped_column(SPARSEVEC(SPARSE_DIMENSION)))
    created_at: Mapped[datetime] = created_at_column()


class DocumentEmbedding(Base):
    __tablename__ = "document_embeddings"
    __table_args__ = (
        UniqueConstraint(
            "chunk_id",
            "provider_name",
            "model_name",
            "model_version",
            name="uq_document_embeddings_chunk_model",
        ),
        ForeignKeyConstraint(
            ["organization_id", "chunk_id"],
            ["document_chunks.organization_id", "document_chunks.id"],
            ondelete="CASCADE",
        ),
        Index("ix_document_embeddings_organization_id_model_key", "organization_id", "model_key"),
    )

    id: Mapped[str] = id_column()
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    chunk_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    document_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    provider_name: Mapped[str] = mapped_column(String(50))
    model_name: Mapped[str] = mapped_column(String(200))
    model_version: Mapped[str] = mapped_column(String(100))
    model_key: Mapped[str] = mapped_column(String(400))
    dimension: Mapped[int] = mapped_column(Integer)
    vector: Mapped[Any] = deferred(mapped_column(Vector()))
    searchable: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = created_at_column()


# --- search statistics (ADR-0007): maintained by domains/knowledge/search/lexical.py in SQL ---------------------


class LexicalDocumentFrequency(Base):
    """How many of an organization's searchable chunks contain a term (term 0: the chunk count; -1: total length)."""

    __tablename__ = "lexical_df"
    __table_args__ = (ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),)

    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    term_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    df: Mapped[int] = mapped_column(BigInteger)


class LexicalFrequencyDelta(Base):
    """A pending change of a document frequency, folded into `lexical_df` by the worker's compaction."""

    __tablename__ = "lexical_df_deltas"
    __table_args__ = (
        ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        Index("ix_lexical_df_deltas_organization_id_term_id", "organization_id", "term_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    term_id: Mapped[int] = mapped_column(Integer)
    delta: Mapped[int] = mapped_column(BigInteger)


class LexicalCorpus(Base):
    """The parameters an organization's stored BM25 vectors were built with (a change triggers a rebuild)."""

    __tablename__ = "lexical_corpus"
    __table_args__ = (ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),)

    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    vector_avgdl: Mapped[float] = mapped_column(Float)
    text_search_config: Mapped[str] = mapped_column(String(63))
    k1: Mapped[float] = mapped_column(Float)
    b: Mapped[float] = mapped_column(Float)
    rebuilt_at: Mapped[datetime] = created_at_column()


class DocumentUsageCounter(Base):
    """How often searches and runs retrieved a document (flushed from memory by the worker)."""

    __tablename__ = "document_usage_counters"
    __table_args__ = (ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),)

    organization_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    document_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    times_retrieved: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
