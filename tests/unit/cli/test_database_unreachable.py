"""Commands that work on the database say in one line when it cannot be reached, and exit 2 (an outside check got
tracebacks of hundreds of lines from `orion ingest` and `orion verify`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from apps.cli.main import cli
from tests.helpers.receipts import empty_receipt_json

NOWHERE = "postgresql://orion:orion@127.0.0.1:1/orion"  # port 1: nothing listens there


@pytest.mark.parametrize(
    "arguments",
    [["ingest", "{file}", "--organization", "acme"], ["reindex"], ["verify", "{receipt}"]],
)
def test_an_unreachable_database_is_one_line_and_exit_2(tmp_path: Path, monkeypatch, arguments) -> None:  # type: ignore[no-untyped-def]
    note = tmp_path / "note.txt"
    note.write_text("The boiler is serviced every October.\n")
    receipt = tmp_path / "receipt.json"
    receipt.write_text(empty_receipt_json())
    monkeypatch.setenv("ORION_DATABASE_URL", NOWHERE)
    monkeypatch.setenv("ORION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ORION_EMBEDDING_PROVIDER", "fake")
    result = CliRunner().invoke(cli, [a.format(file=note, receipt=receipt) for a in arguments])
    assert result.exit_code == 2, result.output
    assert "the database cannot be reached" in result.output and "Traceback" not in result.output
