"""The model-provider layer: one protocol, its implementations, and the one factory that picks one.

The Anthropic provider is loaded on first use (PEP 562): its SDK takes seconds to import, which every process
start would otherwise pay even when another provider is configured.
"""

from typing import Any

from domains.execution.llm.errors import (
    LLMConfigurationError,
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMRequestRejectedError,
    LLMTimeoutError,
)
from domains.execution.llm.factory import get_llm_provider
from domains.execution.llm.fake import (
    FOREIGN_CHUNK_ID,
    FakeBehaviour,
    FakeLLMCall,
    FakeLLMProvider,
    FakeRawOutput,
)
from domains.execution.llm.ollama import DEFAULT_OLLAMA_MODEL, OllamaLLMProvider
from domains.execution.llm.openai_compat import OpenAICompatibleLLMProvider
from domains.execution.llm.presets import (
    OPENAI_PRESETS,
    OpenAICompatibleEndpoint,
    OpenAICompatiblePreset,
    resolve_openai_endpoint,
)
from domains.execution.llm.pricing import ModelPrice, estimate_cost, price_for
from domains.execution.llm.prompt_format import (
    EVIDENCE_FORMAT_NOTE,
    EvidenceBlock,
    escape_evidence_markup,
    parse_evidence_blocks,
    render_evidence_block,
)
from domains.execution.llm.protocol import LLMGenerationResult, LLMProvider

__all__ = [
    "DEFAULT_ANTHROPIC_MODEL",
    "DEFAULT_OLLAMA_MODEL",
    "EVIDENCE_FORMAT_NOTE",
    "FOREIGN_CHUNK_ID",
    "OPENAI_PRESETS",
    "AnthropicLLMProvider",
    "EvidenceBlock",
    "FakeBehaviour",
    "FakeLLMCall",
    "FakeLLMProvider",
    "FakeRawOutput",
    "LLMConfigurationError",
    "LLMContextLimitError",
    "LLMGenerationResult",
    "LLMMalformedOutputError",
    "LLMProvider",
    "LLMProviderError",
    "LLMProviderUnavailableError",
    "LLMRefusalError",
    "LLMRequestRejectedError",
    "LLMTimeoutError",
    "ModelPrice",
    "OllamaLLMProvider",
    "OpenAICompatibleEndpoint",
    "OpenAICompatibleLLMProvider",
    "OpenAICompatiblePreset",
    "escape_evidence_markup",
    "estimate_cost",
    "get_llm_provider",
    "parse_evidence_blocks",
    "price_for",
    "render_evidence_block",
    "resolve_openai_endpoint",
]


_LAZY = {
    "AnthropicLLMProvider": "domains.execution.llm.anthropic",
    "DEFAULT_ANTHROPIC_MODEL": "domains.execution.llm.anthropic",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
