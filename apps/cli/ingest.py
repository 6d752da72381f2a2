"""`orion ingest PATH...`: ingest files and folders into an organization, with progress and a summary."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from domains.evaluation.context import OperatorContext
from domains.knowledge.ingestion.bulk import BulkIngestor, BulkItemResult, BulkReport
from domains.knowledge.service import Upload


class UnknownOrganization(LookupError):
    """The --organization names no organization (a usage error, not a refused file)."""


def collect_files(paths: list[Path]) -> list[tuple[Path, str]]:
    """Expand folders (recursively) into their files, skipping hidden ones, each with its source name: a file given
    itself is known by its name, a file found in a folder by its path inside that folder, so "docs/policy.md",
    "./docs/policy.md" and "policy.md" typed from inside docs/ are one document, not three."""
    files: list[tuple[Path, str]] = []
    for path in paths:
        if path.is_dir():
            files.extend(
                sorted(
                    (p, p.relative_to(path).as_posix())
                    for p in path.rglob("*")
                    if p.is_file() and not any(part.startswith(".") for part in p.relative_to(path).parts)
                )
            )
        elif path.is_file():
            files.append((path, path.name))
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    return files


def split_by_size(files: list[tuple[Path, str]], limit: int) -> tuple[list[tuple[Path, str]], list[tuple[Path, str]]]:
    """Return the files within the upload limit and those over it (refused unread, as the API refuses them)."""
    within: list[tuple[Path, str]] = []
    over: list[tuple[Path, str]] = []
    for file, source in files:
        (over if file.stat().st_size > limit else within).append((file, source))
    return within, over


def _uploads(files: list[tuple[Path, str]]) -> Iterator[Upload]:
    for file, source in files:
        yield Upload(data=file.read_bytes(), filename=file.name, title=None, source=source)


async def ingest_paths(context: OperatorContext, organization: str, paths: list[Path], console: Console) -> BulkReport:
    """Ingest `paths` into `organization` (id or name) and print a summary table."""
    org = await context.find_organization(organization)
    if org is None:
        raise UnknownOrganization(f"no organization with id or name {organization!r}")
    files, too_large = split_by_size(collect_files(paths), context.settings.max_upload_bytes)
    with Progress(
        TextColumn("[bold]ingesting"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
    ) as progress:
        task = progress.add_task("ingest", total=len(files) + len(too_large))

        def advance(result: BulkItemResult) -> None:
            progress.advance(task)

        ingestor = BulkIngestor(
            lambda org_id: context.db.owner_session(), context.settings, context.provider, org.id, advance
        )
        report = await ingestor.ingest(_uploads(files))
        limit = context.settings.max_upload_bytes
        for _file, source in too_large:  # the API's cap holds here too (ORION_MAX_UPLOAD_BYTES)
            report.results.append(
                BulkItemResult(source, "refused", reason=f"too_large: larger than the {limit:,}-byte upload limit")
            )
            progress.advance(task)
    _print_summary(report, console)
    return report


def _print_summary(report: BulkReport, console: Console) -> None:
    table = Table(title="ingestion summary")
    table.add_column("outcome")
    table.add_column("documents", justify="right")
    table.add_column("chunks", justify="right")
    for status in ("ingested", "duplicate", "refused"):
        rows = [r for r in report.results if r.status == status]
        table.add_row(status, str(len(rows)), str(sum(r.chunks for r in rows)))
    console.print(table)
    refused = [r for r in report.results if r.status == "refused"]
    if refused:
        reasons = Table(title="refused")
        reasons.add_column("file")
        reasons.add_column("reason")
        for result in refused:
            reasons.add_row(result.name, result.reason or "")
        console.print(reasons)
    console.print(
        f"{report.wall_seconds:.1f} s wall, {report.model_seconds:.1f} s in the embedding model "
        f"({100 * report.model_seconds / max(report.wall_seconds, 1e-9):.0f}%)"
    )
