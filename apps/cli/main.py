"""The `orion` command: serve, database migrations, and the health check of an install."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import typer

from packages.config.settings import Settings, SettingsError, load_settings

cli = typer.Typer(help="ORION: evidence-grounded document investigation.", no_args_is_help=True)
db_cli = typer.Typer(help="Database migrations.", no_args_is_help=True)
eval_cli = typer.Typer(
    help="Evaluations on public data (tune on train splits, report on test splits).", no_args_is_help=True
)
analytics_cli = typer.Typer(help="Investigation analytics maintenance.", no_args_is_help=True)
cli.add_typer(db_cli, name="db")
cli.add_typer(eval_cli, name="eval")
cli.add_typer(analytics_cli, name="analytics")


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
        # The location (not just its URL) tells the app whether it started the embedded cluster itself.
        app = create_app(settings, database=location)
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


@cli.command()
def openapi(out: str | None = typer.Option(None, help="Write to this file instead of stdout.")) -> None:
    """Print the OpenAPI document (the UI's API types are generated from it)."""
    import json

    from apps.api.main import create_app

    document = create_app(_settings_or_exit()).openapi()
    body = json.dumps(document, indent=2, sort_keys=True) + "\n"
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            handle.write(body)
    else:
        typer.echo(body, nl=False)


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


@cli.command()
def ingest(
    paths: list[Path] = typer.Argument(..., help="Files and folders to ingest."),
    organization: str = typer.Option(..., "--organization", "-o", help="Organization id or name."),
) -> None:
    """Ingest files and folders into an organization, with a progress bar and a summary table. Works on the database
    directly: run it with the server's ORION_DATA_DIR (or ORION_DATABASE_URL). Exit 0: every file is in (ingested or
    a duplicate); 1: some files were refused (listed with the reason); 2: nothing was ingested because of a usage
    error (no such file or folder, unknown organization, bad settings) or an unreachable database."""
    import asyncio
    import logging

    from rich.console import Console

    from apps.cli.ingest import UnknownOrganization, ingest_paths
    from domains.evaluation.context import operator_context

    missing = [path for path in paths if not (path.is_file() or path.is_dir())]
    if missing:
        typer.echo(f"orion ingest: no such file or folder: {missing[0]}", err=True)
        raise typer.Exit(2)
    settings = _settings_or_exit()
    console = Console()
    # The summary table gives each refused file's reason in its own words; the operator's log line naming the
    # library's exception ("BadZipFile: ...") is for a server's log, not above the progress bar.
    refusals = logging.getLogger("domains.knowledge.errors")
    level = refusals.level
    refusals.setLevel(logging.ERROR)

    async def run() -> int:
        async with operator_context(settings) as context:
            report = await ingest_paths(context, organization, paths, console)
        return sum(result.status == "refused" for result in report.results)

    try:
        refused = _with_database("ingest", lambda: asyncio.run(run()))
    except UnknownOrganization as exc:
        typer.echo(f"orion ingest: {exc}", err=True)
        raise typer.Exit(2) from None
    finally:
        refusals.setLevel(level)
    if refused:
        raise typer.Exit(1)  # some files were refused (listed above): scripts can tell


@cli.command()
def reindex(
    organization: str | None = typer.Option(
        None, "--organization", "-o", help="Organization id or name (default: all)."
    ),
) -> None:
    """Embed every searchable chunk that lacks a vector of the configured model (after switching provider). Exit 2 for
    a usage error (unknown organization, bad settings) or an unreachable database, as `orion ingest`."""
    import asyncio

    from apps.cli.ingest import UnknownOrganization
    from domains.evaluation.context import operator_context
    from domains.knowledge.ingestion.indexing import embed_missing

    settings = _settings_or_exit()

    async def run() -> None:
        async with operator_context(settings) as context:
            organization_id = None
            if organization is not None:
                found = await context.find_organization(organization)
                if found is None:
                    raise UnknownOrganization(f"no organization with id or name {organization!r}")
                organization_id = found.id
            done = await embed_missing(context.db, context.provider, organization_id)
            typer.echo(f"embedded {done} chunks with {context.provider.model_key}")

    try:
        _with_database("reindex", lambda: asyncio.run(run()))
    except UnknownOrganization as exc:
        typer.echo(f"orion reindex: {exc}", err=True)
        raise typer.Exit(2) from None


@eval_cli.command("retrieval")
def eval_retrieval(
    data: Path = typer.Option(..., "--data", help="A BEIR folder (corpus.jsonl, queries.jsonl, qrels/)."),
    split: str = typer.Option("test", "--split", help="qrels split to evaluate (tune on train, report on test)."),
) -> None:
    """Print nDCG@10, recall@10, recall@100 and MRR@10 per method as JSON lines (hybrid last)."""
    import asyncio
    import json

    from rich.console import Console

    from domains.evaluation.beir import evaluate_retrieval
    from domains.evaluation.context import operator_context

    if not data.is_dir():
        typer.echo(f"orion eval retrieval: no such folder: {data}", err=True)
        raise typer.Exit(2)
    settings = _settings_or_exit()
    console = Console(stderr=True)

    async def run() -> None:
        async with operator_context(settings) as context:
            for row in await evaluate_retrieval(context, data, split, console.print):
                print(json.dumps(row), flush=True)

    asyncio.run(run())


@eval_cli.command("answers")
def eval_answers(
    data: Path = typer.Option(
        ..., "--data", help="A SQuAD 2.0 folder (dev-v2.0.json) or an everyday set (questions.jsonl, documents/)."
    ),
    split: str = typer.Option("test", "--split", help="test (held out), train, dev (everyday sets), or all."),
    limit: int | None = typer.Option(None, "--limit", help="Ask a fixed random sample of this many questions."),
) -> None:
    """Ask SQuAD or everyday-document questions as real runs; print answer, refusal and verification figures."""
    import asyncio
    import json

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from domains.evaluation.answers import evaluate_answers
    from domains.evaluation.context import operator_context

    if not data.is_dir():
        typer.echo(f"orion eval answers: no such folder: {data}", err=True)
        raise typer.Exit(2)
    from domains.evaluation.everyday import is_everyday_folder

    if not is_everyday_folder(data) and not (data / "dev-v2.0.json").is_file():
        # said before any database starts or progress bar is drawn (outside check 19, finding 13)
        typer.echo(
            f"orion eval answers: {data} is neither a SQuAD 2.0 folder (dev-v2.0.json) nor an everyday set "
            "(questions.jsonl and documents/)",
            err=True,
        )
        raise typer.Exit(2)
    if split not in ("test", "train", "dev", "all"):
        typer.echo(f"orion eval answers: --split must be test, train, dev or all, not {split!r}", err=True)
        raise typer.Exit(2)
    if limit is not None and limit < 1:
        typer.echo("orion eval answers: --limit must be at least 1", err=True)
        raise typer.Exit(2)
    settings = _settings_or_exit()
    console = Console(stderr=True)

    async def run() -> None:
        async with operator_context(settings) as context:
            columns = (TextColumn("[bold]asking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
            with Progress(*columns, console=console) as progress:
                task = progress.add_task("ask", total=limit)
                summary = await evaluate_answers(
                    context, data, split, limit, console.print, lambda: progress.advance(task)
                )
            print(json.dumps(summary), flush=True)

    asyncio.run(run())


T = TypeVar("T")


def _with_database(command: str, work: Callable[[], T]) -> T:
    """Run a command's database work; a database that cannot be reached or read exits 2 with one line (it printed
    a traceback of hundreds of lines)."""
    from sqlalchemy.exc import DBAPIError

    try:
        return work()
    except DBAPIError as exc:
        typer.echo(f"orion {command}: the database cannot be reached or read ({type(exc.orig).__name__})", err=True)
        raise typer.Exit(2) from None
    except (ConnectionError, TimeoutError) as exc:
        typer.echo(f"orion {command}: the database cannot be reached ({type(exc).__name__})", err=True)
        raise typer.Exit(2) from None


@cli.command()
def verify(
    receipt_file: Path = typer.Argument(..., help="A receipt from GET /api/v1/runs/{id}/receipt."),
    api: str | None = typer.Option(None, "--api", help="Re-check through this ORION server instead of the database."),
    token: str | None = typer.Option(
        None,
        "--token",
        envvar="ORION_TOKEN",
        help="A bearer token for --api (runs:read, documents:read); better set as ORION_TOKEN than on the command "
        "line, where other users of the machine can read it.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the record check and the verdicts as JSON lines."),
) -> None:
    """Check that a receipt is the record of its run, then re-check every quote: valid, moved (same text, other
    span), changed, or gone. Exit 0: the receipt is its run's record and every quote stands (valid or moved); 1: it
    is the record, but evidence changed or is gone; 2: nothing could be checked (unreadable receipt, server or
    database unreachable, token refused); 3: the receipt is not the record of its run (edited, or a run this
    organization does not hold)."""
    import asyncio

    import httpx
    from pydantic import ValidationError
    from rich.console import Console
    from sqlalchemy.exc import ProgrammingError

    from apps.cli.verify import (
        BASE_URL_HINT,
        ApiNotFound,
        Record,
        describe_record,
        print_verdicts,
        unreadable_receipt,
        verify_with_api,
        verify_with_database,
    )
    from domains.execution.verification.receipt import QuoteVerdict, VerificationReceipt
    from packages.database.engine import Database
    from packages.database.runtime import resolve_database_url

    try:
        receipt = VerificationReceipt.model_validate_json(receipt_file.read_bytes())
    except (OSError, ValidationError) as exc:
        typer.echo(f"orion verify: not a readable receipt: {unreadable_receipt(exc)}", err=True)
        raise typer.Exit(2) from None
    if api is not None and not token:
        typer.echo("orion verify: --api needs a token (ORION_TOKEN or --token)", err=True)
        raise typer.Exit(2)

    async def over_api(base: str) -> tuple[Record, list[QuoteVerdict]]:
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=base.rstrip("/"), headers=headers, timeout=30) as http:
            return await verify_with_api(http, receipt)

    async def in_database() -> tuple[Record, list[QuoteVerdict]]:
        settings = _settings_or_exit()
        pgdata = settings.resolved_data_dir / "pgdata"
        if not settings.database_url and not (pgdata / "PG_VERSION").is_file():
            # Starting the embedded server here would create an empty database and fail on its missing tables.
            typer.echo(
                f"orion verify: no ORION database in {settings.resolved_data_dir} (set ORION_DATA_DIR to the one "
                "`orion serve` uses, or ORION_DATABASE_URL, or re-check through a server with --api)",
                err=True,
            )
            raise typer.Exit(2)
        location = resolve_database_url(settings)
        try:
            db = Database.connect(location.url, app_url=settings.app_database_url, pool_size=2)
            try:
                return await verify_with_database(db, receipt)
            except ProgrammingError:
                typer.echo("orion verify: the database holds no ORION schema (run `orion db upgrade`)", err=True)
                raise typer.Exit(2) from None
            finally:
                await db.dispose()
        finally:
            location.stop()

    try:
        if api is not None:
            record, verdicts = asyncio.run(over_api(api))
        else:
            record, verdicts = _with_database("verify", lambda: asyncio.run(in_database()))
    except httpx.HTTPStatusError as exc:
        status = exc.response.status_code
        reason = "the token is refused" if status in (401, 403) else f"the server answered {status}"
        typer.echo(f"orion verify: {reason} ({exc.request.url})", err=True)
        raise typer.Exit(2) from None
    except ApiNotFound as exc:
        typer.echo(f"orion verify: {exc}", err=True)
        raise typer.Exit(2) from None
    except (httpx.HTTPError, OSError) as exc:  # unreachable, timed out
        typer.echo(f"orion verify: could not reach {api}: {exc or type(exc).__name__}", err=True)
        raise typer.Exit(2) from None
    except ValueError:  # an answer that is not the API's JSON (or not the shape of its receipt): nothing was checked
        if api is None:
            raise
        typer.echo(f"orion verify: {api} did not answer as ORION's API does ({BASE_URL_HINT})", err=True)
        raise typer.Exit(2) from None
    if as_json:
        print(
            json.dumps({"run_id": receipt.run_id, "record": "matches" if not record else "differs", "fields": record})
        )
        for verdict in verdicts:
            print(verdict.model_dump_json(), flush=True)
    else:
        console = Console()
        console.print(describe_record(receipt, record))
        print_verdicts(receipt, verdicts, console, record)
    if record:
        raise typer.Exit(3)
    raise typer.Exit(0 if all(v.status in ("valid", "moved") for v in verdicts) else 1)


@analytics_cli.command("rebuild")
def analytics_rebuild() -> None:
    """Recompute every finished run's analytics row from the runs' JSONB (the source of truth)."""
    import asyncio

    from domains.evaluation.context import operator_context
    from domains.execution.run.maintenance import rebuild_run_facts

    settings = _settings_or_exit()

    async def run() -> None:
        async with operator_context(settings) as context:
            typer.echo(f"rebuilt {await rebuild_run_facts(context.db)} run rows")

    asyncio.run(run())


@cli.command()
def mcp(
    url: str | None = typer.Option(None, help="ORION's base URL (default ORION_MCP_URL)."),
    token: str | None = typer.Option(
        None, help="A personal access token (default ORION_MCP_TOKEN; prefer the variable: arguments show in ps)."
    ),
) -> None:
    """Serve ORION's MCP tools on stdio (for Claude Desktop and other MCP clients), calling ORION over HTTP."""
    import anyio

    from apps.mcp.rest import check_token, serve_stdio

    settings = _settings_or_exit()
    base = url or settings.mcp_url
    secret = token or (settings.mcp_token.get_secret_value() if settings.mcp_token else None)
    if not secret:
        typer.echo("orion mcp: a token is needed (--token or ORION_MCP_TOKEN); create one on the Tokens page", err=True)
        raise typer.Exit(2)
    problem = anyio.run(check_token, base, secret)
    if problem:
        typer.echo(f"orion mcp: {problem}", err=True)
        raise typer.Exit(2)
    anyio.run(serve_stdio, base, secret)


def _plain_error(exc: BaseException) -> str | None:
    """Return a one-line message for a failure a user causes or can fix (a missing file, an unreachable or refusing
    server, a malformed evaluation set), or None for a bug, whose traceback is worth seeing."""
    import httpx

    from domains.evaluation.everyday import EverydayDataError

    if isinstance(exc, OSError) and not isinstance(exc, ConnectionError):
        if exc.strerror and exc.filename:
            return f"{exc.filename}: {exc.strerror}"  # not "[Errno 2] No such file or directory: '...'"
        return str(exc) or type(exc).__name__
    if isinstance(exc, httpx.HTTPStatusError):
        return f"the server answered {exc.response.status_code} for {exc.request.method} {exc.request.url}"
    if isinstance(exc, httpx.HTTPError):
        try:
            where = f" at {exc.request.url}"
        except RuntimeError:  # an error raised before any request was built
            where = ""
        return f"cannot reach the server{where}: {exc or type(exc).__name__}"
    if isinstance(exc, EverydayDataError):
        return f"not a usable evaluation set: {exc}"
    return None


def main() -> None:
    try:
        cli()
    except SettingsError as exc:
        print(f"orion: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    except Exception as exc:
        message = _plain_error(exc)
        if message is None:
            raise
        print(f"orion: {message}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
