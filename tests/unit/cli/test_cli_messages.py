"""One-line messages and exit codes that tell a usage error from a result (outside check 19: `orion verify` printed
pydantic's multi-line dump for an unreadable receipt; `orion ingest` exited 1 — "a file was refused" — for a missing
path and an unknown organization too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from apps.cli.main import _plain_error, cli


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"a": 1}', "run_id: Field required (and 8 more problems)"),
        ("not json at all", "the file is not JSON (expected ident at line 1 column 2)"),
        ('{"run_id": 5}', "run_id: Input should be a valid string (and 7 more problems)"),
    ],
)
def test_an_unreadable_receipt_is_one_line_naming_the_first_problem(tmp_path: Path, content, message) -> None:  # type: ignore[no-untyped-def]
    receipt = tmp_path / "receipt.json"
    receipt.write_text(content)
    result = CliRunner().invoke(cli, ["verify", str(receipt)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"orion verify: not a readable receipt: {message}"]
    assert "errors.pydantic.dev" not in result.output


def test_a_missing_receipt_file_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    result = CliRunner().invoke(cli, ["verify", str(missing)])
    assert result.exit_code == 2
    assert result.output.strip() == f"orion verify: not a readable receipt: {missing}: No such file or directory"


def test_ingest_of_a_missing_path_is_a_usage_error(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ORION_DATA_DIR", str(tmp_path / "data"))
    note = tmp_path / "note.txt"
    note.write_text("The boiler is serviced every October.\n")
    result = CliRunner().invoke(cli, ["ingest", str(note), str(tmp_path / "nope.md"), "--organization", "acme"])
    assert result.exit_code == 2  # 1 is "some files were refused"
    assert result.output.strip() == f"orion ingest: no such file or folder: {tmp_path / 'nope.md'}"
    assert not (tmp_path / "data").exists()  # refused before any database was started


def test_ingest_help_documents_its_exit_codes() -> None:
    text = " ".join(CliRunner().invoke(cli, ["ingest", "--help"], terminal_width=200).output.split())
    assert "1: some files were refused" in text and "2: nothing was ingested because of a usage error" in text


def test_eval_answers_on_a_folder_of_neither_kind_is_one_line_before_any_work(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ORION_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "notes.txt").write_text("not a benchmark")
    result = CliRunner().invoke(cli, ["eval", "answers", "--data", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"orion eval answers: {tmp_path} is neither a SQuAD 2.0 folder (dev-v2.0.json) nor an everyday set "
        "(questions.jsonl and documents/)"
    ]
    assert not (tmp_path / "data" / "pgdata").exists()  # no database was started for it


def test_a_file_that_cannot_be_written_is_named_without_errno(tmp_path: Path) -> None:
    """`orion openapi --out` into a missing folder printed "orion: [Errno 2] No such file or directory: '...'"
    (outside check). (Not run through main(): the app it builds configures logging onto the captured stream.)"""
    target = tmp_path / "no" / "such" / "openapi.json"
    with pytest.raises(OSError) as raised:
        target.open("w")
    assert _plain_error(raised.value) == f"{target}: No such file or directory"
    assert _plain_error(OSError("disk full")) == "disk full"  # no file name: the error's own words
