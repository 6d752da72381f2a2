"""Embedding providers: the protocol, its implementations, and the one factory that picks one from settings.

Only `get_configured_embedding_provider` chooses a provider; everything else takes an `EmbeddingProvider`.
The classes are exported for tests and tools.
"""

from domains.knowledge.embeddings.base import (
    EmbeddingProvider,
    FloatMatrix,
    FloatVector,
    format_model_key,
    validate_dimension,
)
from domains.knowledge.embeddings.errors import (
    EmbeddingDimensionMismatch,
    EmbeddingProviderError,
    EmbeddingRateLimited,
    EmbeddingUnavailable,
)
from domains.knowledge.embeddings.factory import clear_embedding_provider_cache, get_configured_embedding_provider
from domains.knowledge.embeddings.fake import FakeEmbeddingProvider
from domains.knowledge.embeddings.local import (
    LOCAL_DIMENSION,
    LOCAL_MAX_SEQ_LENGTH,
    LocalEmbeddingProvider,
    LocalModelFiles,
    LocalModelMissing,
    local_model_files,
)
from domains.knowledge.embeddings.ollama import OllamaEmbeddingProvider
from domains.knowledge.embeddings.openai_compatible import OpenAIEmbeddingProvider
from domains.knowledge.embeddings.voyage import VoyageEmbeddingProvider

__all__ = [
    "LOCAL_DIMENSION",
    "LOCAL_MAX_SEQ_LENGTH",
    "EmbeddingDimensionMismatch",
    "EmbeddingProvider",
    "EmbeddingProviderError",
    "EmbeddingRateLimited",
    "EmbeddingUnavailable",
    "FakeEmbeddingProvider",
    "FloatMatrix",
    "FloatVector",
    "LocalEmbeddingProvider",
    "LocalModelFiles",
    "LocalModelMissing",
    "OllamaEmbeddingProvider",
    "OpenAIEmbeddingProvider",
    "VoyageEmbeddingProvider",
    "clear_embedding_provider_cache",
    "format_model_key",
    "get_configured_embedding_provider",
    "local_model_files",
    "validate_dimension",
]
