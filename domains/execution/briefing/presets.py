"""The OpenAI-compatible services ORION knows by name: data, so adding one is one entry and no new code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from domains.execution.briefing.errors import BriefingConfigurationError


@dataclass(frozen=True)
class OpenAICompatiblePreset:
    """How to reach one OpenAI-compatible chat-completions service."""

    name: str
    base_url: str | None
    default_model: str | None
    requires_key: bool
    # True: response_format json_schema with strict decoding. False: json_object plus the schema in the prompt.
    supports_json_schema: bool
    price_key: str
    # OpenAI's own API replaced max_tokens with max_completion_tokens; most compatible servers still read max_tokens.
    max_tokens_field: str = "max_tokens"
    extra_headers: tuple[tuple[str, str], ...] = ()


_PRESETS = (
    OpenAICompatiblePreset(
        name="openai",
        base_url="https://api.openai.com/v1",
        default_model="gpt-4.1-mini",
        requires_key=True,
        supports_json_schema=True,
        price_key="openai",
        max_tokens_field="max_completion_tokens",
    ),
    OpenAICompatiblePreset(
        name="openrouter",
        base_url="https://openrouter.ai/api/v1",
        default_model="openai/gpt-4.1-mini",
        requires_key=True,
        supports_json_schema=True,
        price_key="openrouter",
        # OpenRouter attributes traffic by this header in its dashboard; it is optional and carries no secret.
        extra_headers=(("X-Title", "ORION"),),
    ),
    OpenAICompatiblePreset(
        name="groq",
        base_url="https://api.groq.com/openai/v1",
        default_model="llama-3.3-70b-versatile",
        requires_key=True,
        # Groq enforces json_schema only on some models, not on this default; JSON mode works on all of them.
        supports_json_schema=False,
        price_key="groq",
    ),
    OpenAICompatiblePreset(
        name="together",
        base_url="https://api.together.xyz/v1",
        default_model="meta-llama/Llama-3.3-70B-Instruct-Turbo",
        requires_key=True,
        supports_json_schema=False,
        price_key="together",
    ),
    OpenAICompatiblePreset(
        name="deepseek",
        base_url="https://api.deepseek.com/v1",
        default_model="deepseek-chat",
        requires_key=True,
        supports_json_schema=False,
        price_key="deepseek",
    ),
    OpenAICompatiblePreset(
        name="vllm",
        base_url="http://localhost:8000/v1",
        default_model="Qwen/Qwen2.5-7B-Instruct",
        requires_key=False,
        supports_json_schema=True,
        price_key="vllm",
    ),
    OpenAICompatiblePreset(
        name="lmstudio",
        base_url="http://localhost:1234/v1",
        default_model="qwen2.5-7b-instruct",
        requires_key=False,
        # LM Studio accepts json_schema and rejects json_object, so the schema route is the only one.
        supports_json_schema=True,
        price_key="lmstudio",
    ),
    OpenAICompatiblePreset(
        name="generic",
        base_url=None,
        default_model=None,
        requires_key=False,
        # Unknown server: JSON mode is the lowest common denominator of OpenAI-compatible servers.
        supports_json_schema=False,
        price_key="generic",
    ),
)

OPENAI_PRESETS: Mapping[str, OpenAICompatiblePreset] = MappingProxyType({preset.name: preset for preset in _PRESETS})


@dataclass(frozen=True)
class OpenAICompatibleEndpoint:
    """A preset resolved against the configuration: where to send requests, for which model, with which key."""

    preset: OpenAICompatiblePreset
    base_url: str
    model: str
    api_key: str | None


def resolve_openai_endpoint(
    *, preset: str, base_url: str | None = None, api_key: str | None = None, model: str | None = None
) -> OpenAICompatibleEndpoint:
    """Resolve ORION_OPENAI_PRESET and its overrides, or raise BriefingConfigurationError naming the variable to fix."""
    entry = OPENAI_PRESETS.get(preset)
    if entry is None:
        known = ", ".join(OPENAI_PRESETS)
        raise BriefingConfigurationError(f"ORION_OPENAI_PRESET: unknown preset {preset!r}; choose one of: {known}")
    url = (base_url or "").strip() or entry.base_url
    if url is None:
        raise BriefingConfigurationError(f"ORION_OPENAI_BASE_URL: required when ORION_OPENAI_PRESET={preset}")
    if not url.startswith(("http://", "https://")):
        raise BriefingConfigurationError(f"ORION_OPENAI_BASE_URL: {url!r} is not an http(s) URL")
    chosen_model = (model or "").strip() or entry.default_model
    if chosen_model is None:
        raise BriefingConfigurationError(f"ORION_LLM_MODEL: required when ORION_OPENAI_PRESET={preset}")
    key = (api_key or "").strip() or None
    if entry.requires_key and key is None:
        raise BriefingConfigurationError(f"ORION_OPENAI_API_KEY: required when ORION_OPENAI_PRESET={preset}")
    return OpenAICompatibleEndpoint(preset=entry, base_url=url.rstrip("/"), model=chosen_model, api_key=key)
