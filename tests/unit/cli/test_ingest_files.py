"""`orion ingest`: which files a path names, the source each is known by, and the upload cap."""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.cli.ingest import collect_files, split_by_size


def test_a_file_is_known_by_the_same_source_however_its_path_is_typed(tmp_path: Path, monkeypatch) -> None:
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "policy.md").write_text("# Policy\n", encoding="utf-8")
    (docs / "sub" / "faq.md").write_text("# FAQ\n", encoding="utf-8")
    (docs / ".hidden.md").write_text("secret\n", encoding="utf-8")

    assert [source for _, source in collect_files([docs])] == ["policy.md", "sub/faq.md"]
    assert [source for _, source in collect_files([docs / "policy.md"])] == ["policy.md"]
    monkeypatch.chdir(docs)
    assert [source for _, source in collect_files([Path("policy.md")])] == ["policy.md"]
    assert [source for _, source in collect_files([Path("./sub/../policy.md")])] == ["policy.md"]


def test_a_missing_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        collect_files([tmp_path / "nope.md"])


def test_files_over_the_upload_limit_are_set_apart(tmp_path: Path) -> None:
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_bytes(b"x" * 10)
    big.write_bytes(b"x" * 11)
    within, over = split_by_size(collect_files([tmp_path]), limit=10)
    assert [source for _, source in within] == ["small.txt"]
    assert [source for _, source in over] == ["big.txt"]


def test_a_user_caused_failure_is_one_line_and_a_bug_keeps_its_traceback() -> None:
    import httpx

    from apps.cli.main import _plain_error
    from domains.evaluation.everyday import EverydayDataError

    request = httpx.Request("GET", "http://127.0.0.1:9/api/v1/runs/x")
    refused = httpx.HTTPStatusError("401", request=request, response=httpx.Response(401, request=request))
    assert _plain_error(FileNotFoundError("no such file or folder: /tmp/nope.md")) == (
        "no such file or folder: /tmp/nope.md"
    )
    assert _plain_error(refused) == "the server answered 401 for GET http://127.0.0.1:9/api/v1/runs/x"
    assert "cannot reach the server at http://127.0.0.1:9" in str(
        _plain_error(httpx.ConnectError("All connection attempts failed", request=request))
    )
    assert "not a usable evaluation set" in str(_plain_error(EverydayDataError("questions.jsonl line 1")))
    assert _plain_error(KeyError("bug")) is None
