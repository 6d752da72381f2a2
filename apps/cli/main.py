"""The `orion` command: serve, database migrations, and the health check of an install."""

from __future__ import annotations

import sys

import typer

from packages.config.settings import Settings, SettingsError, load_settings

cli = typer.Typer(help="ORION: evidence-grounded document investigation.", no_args_is_help=True)
db_cli = typer.Typer(help="Database migrations.", no_args_is_help=True)
cli.add_typer(db_cli, name="db")


def _settings_or_exit() -> Settings:
    try:
        return load_settings()
    except SettingsError as exc:
        typer.echo(f"orion: {exc}", err=True)
        raise typer.Exit(2) from None


@cli.command()
def serve(
    host: str | None = typer.Option(None, help="Bind address (default ORION_HOST)."),
    port: int | None = typer.Option(None, help="Port (default ORION_PORT)."),
    migrate: bool = typer.Option(True, help="Apply migrations before serving."),
) -> None:
    """Start the database (embedded unless ORION_DATABASE_URL is set), migrate, and serve API + UI."""
    import uvicorn

    from apps.api.main import create_app
    from packages.database.runtime import resolve_database_url, upgrade_to_head

    settings = _settings_or_exit()
    location = resolve_database_url(settings)
    try:
        if migrate:
            upgrade_to_head(location.url)
        app = create_app(settings, database_url=location.url)
        uvicorn.run(
            app,
            host=host or settings.host,
            port=port or settings.port,
            log_config=None,
            proxy_headers=False,
            server_header=False,
        )
    finally:
        location.stop()


@db_cli.command("upgrade")
def db_upgrade() -> None:
    """Apply every migration up to head."""
    from packages.database.runtime import resolve_database_url, upgrade_to_head

    settings = _settings_or_exit()
    location = resolve_database_url(settings)
    try:
        upgrade_to_head(location.url)
        typer.echo("database at head")
    finally:
        location.stop()


@cli.command()
def doctor(as_json: bool = typer.Option(False, "--json", help="Print the checks as JSON.")) -> None:
    """Check Python, settings, database, pgvector, migrations and providers; exit 1 on any failure."""
    from apps.cli.doctor import print_report, run_checks

    checks = run_checks()
    print_report(checks, as_json=as_json)
    raise typer.Exit(0 if all(check.ok for check in checks) else 1)


def main() -> None:
    try:
        cli()
    except SettingsError as exc:
        print(f"orion: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
