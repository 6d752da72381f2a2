"""`orion doctor`: check an install and print a fix for every failing check."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass

from packages.config.settings import Settings, SettingsError, jwt_secret_value, load_settings

MIN_PGVECTOR = (0, 7)


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    fix: str | None = None


def _version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def _database_checks(settings: Settings) -> list[Check]:
    import psycopg

    from packages.database.embedded import _postmaster_running
    from packages.database.engine import redact, sync_url
    from packages.database.runtime import current_revision, head_revision

    if settings.embedded_database:
        pgdata = settings.resolved_data_dir / "pgdata"
        if not _postmaster_running(pgdata):
            return [
                Check(
                    "database",
                    False,
                    f"embedded PostgreSQL is not running in {pgdata}",
                    "start ORION with `make run` (or `orion serve`), which starts the embedded database",
                )
            ]
        from packages.database.embedded import EmbeddedPostgres

        url = EmbeddedPostgres(pgdata).url()
        where = f"embedded ({pgdata})"
    else:
        url = settings.database_url or ""
        where = redact(url)
    try:
        with psycopg.connect(sync_url(url), connect_timeout=5) as conn:
            row = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
    except psycopg.Error as exc:
        return [
            Check(
                "database",
                False,
                f"cannot connect to {where}: {str(exc).strip().splitlines()[0] if str(exc).strip() else exc}",
                "check ORION_DATABASE_URL and that the server is running and reachable",
            )
        ]
    checks = [Check("database", True, f"reachable: {where}")]
    if row is None:
        checks.append(
            Check("pgvector", False, "extension not installed", "run `orion db upgrade` (creates the extension)")
        )
    elif _version_tuple(row[0]) < MIN_PGVECTOR:
        checks.append(Check("pgvector", False, f"version {row[0]} < 0.7", "upgrade pgvector to 0.7 or newer"))
    else:
        checks.append(Check("pgvector", True, f"version {row[0]}"))
    current, head = current_revision(url), head_revision()
    if current == head:
        checks.append(Check("migrations", True, f"at head ({head})"))
        checks.append(_labels_check(sync_url(url)))
    else:
        checks.append(Check("migrations", False, f"at {current}, head is {head}", "run `orion db upgrade`"))
    return checks


def _labels_check(url: str) -> Check:
    """Report the background re-labelling of stored chunks by the current content-safety detector (ADR-0020)."""
    import psycopg

    from domains.knowledge.ingestion.relabel import PENDING_SQL
    from domains.knowledge.safety import DETECTOR_VERSION

    with psycopg.connect(url, connect_timeout=5) as conn:
        row = conn.execute(PENDING_SQL.format(detector="%s"), (DETECTOR_VERSION,)).fetchone()
    chunks, documents = (int(row[0]), int(row[1])) if row else (0, 0)
    if chunks == 0:
        return Check("content-safety labels", True, f"every chunk labelled by detector {DETECTOR_VERSION}")
    return Check(
        "content-safety labels",
        True,
        f"re-labelling in the background: {chunks} chunks of {documents} documents still wait for detector "
        f"{DETECTOR_VERSION} (no re-embedding)",
    )


def _provider_checks(settings: Settings) -> list[Check]:
    checks: list[Check] = []
    embedding = settings.embedding_provider
    if embedding == "voyage" and settings.voyage_api_key is None:
        checks.append(Check("embedding provider", False, "voyage selected without a key", "set ORION_VOYAGE_API_KEY"))
    elif embedding == "local":
        try:
            from domains.knowledge.embeddings import local_model_files

            local_model_files()
            checks.append(Check("embedding provider", True, "local (offline model present)"))
        except Exception as exc:  # a missing package or file is exactly what this check reports
            checks.append(Check("embedding provider", False, f"local model unavailable: {exc}", "run `make install`"))
    else:
        checks.append(Check("embedding provider", True, embedding))
    llm = settings.llm_provider
    if llm == "anthropic" and settings.anthropic_api_key is None:
        checks.append(Check("llm provider", False, "anthropic selected without a key", "set ORION_ANTHROPIC_API_KEY"))
    else:
        checks.append(Check("llm provider", True, llm))
    if llm == "extractive":
        from domains.execution.briefing.extractive.reader import ReaderUnavailable, reader_files

        try:
            reader_files()
            checks.append(Check("extractive reader", True, "local cross-encoder present"))
        except ReaderUnavailable as exc:
            # Not fatal: the extractive provider answers with its lexical model alone (a weaker operating point).
            checks.append(Check("extractive reader", False, str(exc), "run `make install`"))
    return checks


def run_checks() -> list[Check]:
    """Run every check; never raises."""
    checks: list[Check] = []
    python_ok = sys.version_info >= (3, 11)
    checks.append(
        Check("python", python_ok, sys.version.split()[0], None if python_ok else "install Python 3.11 or newer")
    )
    try:
        settings = load_settings()
        jwt_secret_value(settings)
    except SettingsError as exc:
        checks.append(Check("settings", False, str(exc), "fix the named ORION_ variable"))
        return checks
    checks.append(Check("settings", True, f"environment={settings.environment}"))
    checks.extend(_database_checks(settings))
    checks.extend(_provider_checks(settings))
    return checks


def print_report(checks: list[Check], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"ok": all(c.ok for c in checks), "checks": [asdict(c) for c in checks]}, indent=2))
        return
    for check in checks:
        mark = "ok  " if check.ok else "FAIL"
        print(f"[{mark}] {check.name}: {check.detail}")
        if check.fix:
            print(f"       fix: {check.fix}")
