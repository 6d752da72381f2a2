"""The model-provider layer: one protocol, its implementations, and the one factory that picks one.

The Anthropic provider is loaded on first use (PEP 562): its SDK takes seconds to import, which every process
start would otherwise pay even when another provider is configured.
"""

from typing import Any

from domains.execution.briefing.errors import (
    BriefingConfigurationError,
    BriefingProviderError,
    LLMContextLimitError,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMRequestRejectedError,
    LLMTimeoutError,
)
from domains.execution.briefing.factory import get_briefing_provider
from domains.execution.briefing.fake import (
    FOREIGN_CHUNK_ID,
    FakeBehaviour,
    FakeLLMCall,
    FakeLLMProvider,
    FakeRawOutput,
)
from domains.execution.briefing.ollama import DEFAULT_OLLAMA_MODEL, OllamaLLMProvider
from domains.execution.briefing.openai_compat import OpenAICompatibleLLMProvider
from domains.execution.briefing.presets import (
    OPENAI_PRESETS,
    OpenAICompatibleEndpoint,
    OpenAICompatiblePreset,
    resolve_openai_endpoint,
)
from domains.execution.briefing.pricing import ModelPrice, estimate_cost, price_for
from domains.execution.briefing.prompt_format import (
    EVIDENCE_FORMAT_NOTE,
    EvidenceBlock,
    escape_evidence_markup,
    parse_evidence_blocks,
    render_evidence_block,
)
from domains.execution.briefing.protocol import BriefingGeneration, BriefingProvider

__all__ = [
    "DEFAULT_ANTHROPIC_MODEL",
    "DEFAULT_OLLAMA_MODEL",
    "EVIDENCE_FORMAT_NOTE",
    "FOREIGN_CHUNK_ID",
    "OPENAI_PRESETS",
    "AnthropicLLMProvider",
    "BriefingConfigurationError",
    "BriefingGeneration",
    "BriefingProvider",
    "BriefingProviderError",
    "EvidenceBlock",
    "FakeBehaviour",
    "FakeLLMCall",
    "FakeLLMProvider",
    "FakeRawOutput",
    "LLMContextLimitError",
    "LLMMalformedOutputError",
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
    "get_briefing_provider",
    "parse_evidence_blocks",
    "price_for",
    "render_evidence_block",
    "resolve_openai_endpoint",
]


_LAZY = {
    "AnthropicLLMProvider": "domains.execution.briefing.anthropic",
    "DEFAULT_ANTHROPIC_MODEL": "domains.execution.briefing.anthropic",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
