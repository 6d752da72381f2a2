"""The preset table and the one provider factory: every configuration resolves or names the variable to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from domains.execution.briefing import (
    OPENAI_PRESETS,
    AnthropicLLMProvider,
    BriefingConfigurationError,
    FakeLLMProvider,
    OllamaLLMProvider,
    OpenAICompatibleLLMProvider,
    get_briefing_provider,
    resolve_openai_endpoint,
)
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.pricing import FREE_PRICE_KEYS, PRICES
from packages.config.settings import Settings, SettingsError, load_settings

EXPECTED_URLS = {
    "openai": "https://api.openai.com/v1",
    "openrouter": "https://openrouter.ai/api/v1",
    "groq": "https://api.groq.com/openai/v1",
    "together": "https://api.together.xyz/v1",
    "deepseek": "https://api.deepseek.com/v1",
    "vllm": "http://localhost:8000/v1",
    "lmstudio": "http://localhost:1234/v1",
}


def _settings(tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {"environment": "test", "data_dir": tmp_path, "llm_provider": "fake"}
    values.update(overrides)
    return load_settings(**values)


# --- presets ---------------------------------------------------------------------------------------------------------


def test_the_preset_table_holds_exactly_the_documented_presets() -> None:
    assert set(OPENAI_PRESETS) == {*EXPECTED_URLS, "generic"}


@pytest.mark.parametrize("name", sorted(EXPECTED_URLS))
def test_every_named_preset_resolves_to_its_base_url(name: str) -> None:
    endpoint = resolve_openai_endpoint(preset=name, api_key="sk-test")

    assert endpoint.base_url == EXPECTED_URLS[name]
    assert endpoint.model == OPENAI_PRESETS[name].default_model
    assert endpoint.preset.name == name


@pytest.mark.parametrize("name", sorted(EXPECTED_URLS))
def test_every_preset_default_model_has_a_price_or_is_free(name: str) -> None:
    preset = OPENAI_PRESETS[name]

    assert preset.price_key in FREE_PRICE_KEYS or preset.default_model in PRICES[preset.price_key]


def test_local_presets_need_no_key() -> None:
    assert resolve_openai_endpoint(preset="vllm").api_key is None
    assert resolve_openai_endpoint(preset="lmstudio").api_key is None


@pytest.mark.parametrize("name", ["openai", "openrouter", "groq", "together", "deepseek"])
def test_hosted_presets_without_a_key_name_the_key_variable(name: str) -> None:
    with pytest.raises(
        BriefingConfigurationError, match=f"ORION_OPENAI_API_KEY: required when ORION_OPENAI_PRESET={name}"
    ):
        resolve_openai_endpoint(preset=name, api_key="  ")


def test_generic_without_a_url_names_the_url_variable() -> None:
    with pytest.raises(
        BriefingConfigurationError, match="ORION_OPENAI_BASE_URL: required when ORION_OPENAI_PRESET=generic"
    ):
        resolve_openai_endpoint(preset="generic", model="my-model")


def test_generic_without_a_model_names_the_model_variable() -> None:
    with pytest.raises(BriefingConfigurationError, match="ORION_LLM_MODEL"):
        resolve_openai_endpoint(preset="generic", base_url="http://gpu-box:9000/v1")


def test_generic_with_url_and_model_resolves_and_key_is_optional() -> None:
    endpoint = resolve_openai_endpoint(preset="generic", base_url="http://gpu-box:9000/v1/", model="my-model")

    assert (endpoint.base_url, endpoint.model, endpoint.api_key) == ("http://gpu-box:9000/v1", "my-model", None)


def test_base_url_override_wins_over_the_preset_url() -> None:
    endpoint = resolve_openai_endpoint(preset="vllm", base_url="http://10.0.0.5:8000/v1")

    assert endpoint.base_url == "http://10.0.0.5:8000/v1"


def test_base_url_must_be_http() -> None:
    with pytest.raises(BriefingConfigurationError, match="ORION_OPENAI_BASE_URL"):
        resolve_openai_endpoint(preset="generic", base_url="gpu-box:9000", model="m")


def test_unknown_preset_names_the_preset_variable_and_the_choices() -> None:
    with pytest.raises(BriefingConfigurationError, match=r"ORION_OPENAI_PRESET: unknown preset 'openia'.*openrouter"):
        resolve_openai_endpoint(preset="openia", api_key="k")


def test_configuration_errors_are_settings_errors() -> None:
    assert issubclass(BriefingConfigurationError, SettingsError)


# --- factory ---------------------------------------------------------------------------------------------------------


def test_fake(tmp_path: Path) -> None:
    provider = get_briefing_provider(_settings(tmp_path, llm_provider="fake"))

    assert isinstance(provider, FakeLLMProvider)


def test_anthropic_uses_key_model_url_and_limits_from_settings(tmp_path: Path) -> None:
    settings = _settings(
        tmp_path,
        llm_provider="anthropic",
        anthropic_api_key="sk-ant-x",
        anthropic_base_url="http://127.0.0.1:1",
        llm_timeout_seconds=12,
        llm_max_output_tokens=333,
    )

    provider = get_briefing_provider(settings)

    assert isinstance(provider, AnthropicLLMProvider)
    assert provider.model_name == "claude-haiku-4-5"
    assert (provider._api_key, provider._base_url) == ("sk-ant-x", "http://127.0.0.1:1")
    assert (provider._timeout_seconds, provider._max_output_tokens) == (12, 333)


def test_anthropic_defaults_to_the_official_url_not_the_process_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://attacker.invalid")

    provider = get_briefing_provider(_settings(tmp_path, llm_provider="anthropic", anthropic_api_key="sk-ant-x"))

    assert isinstance(provider, AnthropicLLMProvider)
    assert provider._base_url == "https://api.anthropic.com"


def test_anthropic_without_a_key_stops_start_up_naming_the_key_variable(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="ORION_ANTHROPIC_API_KEY"):
        _settings(tmp_path, llm_provider="anthropic")


def test_anthropic_with_a_blank_key_names_the_key_variable(tmp_path: Path) -> None:
    with pytest.raises(BriefingConfigurationError, match="ORION_ANTHROPIC_API_KEY"):
        get_briefing_provider(_settings(tmp_path, llm_provider="anthropic", anthropic_api_key="   "))


def test_llm_model_overrides_the_default(tmp_path: Path) -> None:
    settings = _settings(tmp_path, llm_provider="anthropic", anthropic_api_key="k", llm_model="claude-sonnet-4-5")

    assert get_briefing_provider(settings).model_name == "claude-sonnet-4-5"


def test_ollama_uses_the_configured_server(tmp_path: Path) -> None:
    provider = get_briefing_provider(
        _settings(tmp_path, llm_provider="ollama", ollama_base_url="http://127.0.0.1:11434", llm_model="qwen2.5:7b")
    )

    assert isinstance(provider, OllamaLLMProvider)
    assert provider._url == "http://127.0.0.1:11434/api/chat"
    assert provider.model_name == "qwen2.5:7b"


def test_openai_preset_is_resolved_into_a_provider(tmp_path: Path) -> None:
    settings = _settings(tmp_path, llm_provider="openai", openai_preset="groq", openai_api_key="gsk-x")

    provider = get_briefing_provider(settings)

    assert isinstance(provider, OpenAICompatibleLLMProvider)
    assert provider.provider_name == "groq"
    assert provider.model_name == "llama-3.3-70b-versatile"
    assert provider._url == "https://api.groq.com/openai/v1/chat/completions"
    assert provider._supports_json_schema is False


def test_openai_generic_without_url_is_a_configuration_error(tmp_path: Path) -> None:
    settings = _settings(tmp_path, llm_provider="openai", openai_preset="generic", llm_model="m")

    with pytest.raises(BriefingConfigurationError, match="ORION_OPENAI_BASE_URL"):
        get_briefing_provider(settings)


def test_extractive_is_built_with_the_configured_threshold(tmp_path: Path) -> None:
    settings = _settings(tmp_path, llm_provider="extractive", extractive_min_score=0.25)

    provider = get_briefing_provider(settings)

    assert isinstance(provider, ExtractiveBriefingProvider)
    assert provider.min_score == 0.25
