"""Fixtures of the extractive provider's tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider


@pytest.fixture
def lexical() -> ExtractiveBriefingProvider:
    return ExtractiveBriefingProvider(encoder=None)
