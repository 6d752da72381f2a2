"""`orion ingest` exits 1 when some files were refused and 2 for a usage error, so a script can tell "fix the file"
from "fix the command" (outside check 19: an unknown organization exited 1, as a refused file does)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from typer.testing import CliRunner

from apps.cli.main import cli
from tests.helpers.identity import register


@pytest.fixture(scope="module")
async def organization(client) -> str:  # type: ignore[no-untyped-def]
    return str((await register(client)).organization_id)


def _ingest(tmp_path: Path, monkeypatch, database_url: str, organization: str, *files: Path):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ORION_DATABASE_URL", database_url)
    monkeypatch.setenv("ORION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ORION_EMBEDDING_PROVIDER", "fake")
    return CliRunner().invoke(cli, ["ingest", *map(str, files), "--organization", organization])


def test_refused_files_exit_1_and_an_unknown_organization_exits_2(  # type: ignore[no-untyped-def]
    tmp_path: Path, monkeypatch, database_url, organization: str, caplog
) -> None:
    note, empty = tmp_path / "note.txt", tmp_path / "empty.txt"
    note.write_text("The boiler is serviced every October.\n")
    empty.write_bytes(b"")
    unknown = _ingest(tmp_path, monkeypatch, database_url, "no-such-workspace", note)
    assert unknown.exit_code == 2, unknown.output
    assert unknown.output.strip() == "orion ingest: no organization with id or name 'no-such-workspace'"
    broken = tmp_path / "broken.docx"
    broken.write_bytes(b"PK\x03\x04 not really a zip archive")
    with caplog.at_level(logging.WARNING):
        refused = _ingest(tmp_path, monkeypatch, database_url, organization, note, empty, broken)
    assert refused.exit_code == 1, refused.output
    assert "empty.txt" in refused.output and "broken.docx" in refused.output
    # the reason is the summary table's, in the file's terms; the library's exception ("BadZipFile") is no line
    # above the progress bar (outside28 D4), and the server's log keeps it once the command is done
    assert not [record for record in caplog.records if record.name == "domains.knowledge.errors"]
    assert logging.getLogger("domains.knowledge.errors").level == logging.NOTSET
    fine = _ingest(tmp_path, monkeypatch, database_url, organization, note)
    assert fine.exit_code == 0, fine.output


def test_reindex_of_an_unknown_organization_exits_2(tmp_path: Path, monkeypatch, database_url) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ORION_DATABASE_URL", database_url)
    monkeypatch.setenv("ORION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ORION_EMBEDDING_PROVIDER", "fake")
    result = CliRunner().invoke(cli, ["reindex", "--organization", "no-such-workspace"])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == "orion reindex: no organization with id or name 'no-such-workspace'"
