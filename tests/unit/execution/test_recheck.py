"""Re-checking a verified quote against a document's current version (receipts and evidence drift)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from apps.cli.main import cli
from domains.execution.verification.recheck import CurrentVersion, claim_evidence, recheck_quote

TEXT = "Staff may work remotely on up to three days a week. Requests go to the manager."
QUOTE = "Requests go to the manager."
START = TEXT.index(QUOTE)


def current(text: str) -> CurrentVersion:
    return CurrentVersion("doc", "v2", "hash", text)


def test_same_text_at_the_same_offsets_is_valid() -> None:
    assert recheck_quote(QUOTE, START, START + len(QUOTE), current(TEXT)).status == "valid"


def test_same_text_elsewhere_is_moved_with_its_new_span() -> None:
    moved = recheck_quote(QUOTE, START, START + len(QUOTE), current("New preface. " + TEXT))
    assert (moved.status, moved.version_start) == ("moved", START + len("New preface. "))


def test_a_typographic_change_still_stands_and_a_changed_word_does_not() -> None:
    quote = "Staff may work remotely on up to three days a week."
    assert recheck_quote(quote, 0, len(quote), current(TEXT.replace("three", "two"))).status == "changed"
    assert recheck_quote(quote, 0, len(quote), current(TEXT.replace("a week", "a\u00a0week"))).status == "valid"


def test_no_current_version_is_gone_and_a_claim_is_as_bad_as_its_worst_quote() -> None:
    assert recheck_quote(QUOTE, 0, 1, None).status == "gone"
    assert claim_evidence(["valid", "moved"]) == "current"
    assert claim_evidence(["valid", "changed"]) == "changed"
    assert claim_evidence(["changed", "gone"]) == "gone"


def test_orion_verify_refuses_a_file_that_is_not_a_receipt(tmp_path: Path) -> None:
    bogus = tmp_path / "receipt.json"
    bogus.write_text('{"run_id": "x"}')
    result = CliRunner().invoke(cli, ["verify", str(bogus)])
    assert result.exit_code == 2 and "not a readable receipt" in result.output
    result = CliRunner().invoke(cli, ["verify", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
