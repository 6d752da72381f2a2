"""Structure-aware chunking of a parsed document (see chunker.chunk_document)."""

from domains.knowledge.ingestion.chunking.chunker import chunk_document
from domains.knowledge.ingestion.chunking.drafts import ChunkDraft

__all__ = ["ChunkDraft", "chunk_document"]
