"""The one place that turns ORION_LLM_* settings into a briefing provider (extractive or a language model)."""

from __future__ import annotations

from pydantic import SecretStr

from domains.execution.briefing.errors import BriefingConfigurationError
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.fake import FakeLLMProvider
from domains.execution.briefing.ollama import DEFAULT_OLLAMA_MODEL, OllamaLLMProvider
from domains.execution.briefing.openai_compat import OpenAICompatibleLLMProvider
from domains.execution.briefing.presets import resolve_openai_endpoint
from domains.execution.briefing.protocol import BriefingProvider
from packages.config.settings import Settings


def _secret(value: SecretStr | None) -> str | None:
    return (value.get_secret_value().strip() or None) if value is not None else None


def get_briefing_provider(settings: Settings) -> BriefingProvider:
    """Return the model provider ORION_LLM_PROVIDER selects, or raise BriefingConfigurationError naming what to fix."""
    timeout = settings.llm_timeout_seconds
    max_tokens = settings.llm_max_output_tokens
    model = (settings.llm_model or "").strip() or None
    match settings.llm_provider:
        case "extractive":
            return ExtractiveBriefingProvider(min_score=settings.extractive_min_score, settings=settings)
        case "fake":
            return FakeLLMProvider(timeout_seconds=timeout)
        case "anthropic":
            # The anthropic SDK takes seconds to import; only a deployment that uses it pays for that.
            from domains.execution.briefing.anthropic import DEFAULT_ANTHROPIC_MODEL, AnthropicLLMProvider

            api_key = _secret(settings.anthropic_api_key)
            if api_key is None:
                raise BriefingConfigurationError("ORION_ANTHROPIC_API_KEY: required when ORION_LLM_PROVIDER=anthropic")
            return AnthropicLLMProvider(
                api_key=api_key,
                model=model or DEFAULT_ANTHROPIC_MODEL,
                base_url=(settings.anthropic_base_url or "").strip() or None,
                timeout_seconds=timeout,
                max_output_tokens=max_tokens,
            )
        case "ollama":
            return OllamaLLMProvider(
                base_url=settings.ollama_base_url,
                model=model or DEFAULT_OLLAMA_MODEL,
                timeout_seconds=timeout,
                max_output_tokens=max_tokens,
            )
        case "openai":
            endpoint = resolve_openai_endpoint(
                preset=settings.openai_preset,
                base_url=settings.openai_base_url,
                api_key=_secret(settings.openai_api_key),
                model=model,
            )
            return OpenAICompatibleLLMProvider(
                provider_name=endpoint.preset.name,
                base_url=endpoint.base_url,
                model=endpoint.model,
                api_key=endpoint.api_key,
                timeout_seconds=timeout,
                max_output_tokens=max_tokens,
                supports_json_schema=endpoint.preset.supports_json_schema,
                price_key=endpoint.preset.price_key,
                max_tokens_field=endpoint.preset.max_tokens_field,
                extra_headers=endpoint.preset.extra_headers,
            )
    raise BriefingConfigurationError(f"ORION_LLM_PROVIDER: unknown provider {settings.llm_provider!r}")
