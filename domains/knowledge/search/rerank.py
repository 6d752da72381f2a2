"""The reranker stage behind a protocol. Only `none` ships: no cross-encoder with shipped weights was found that runs
offline here, and a reranker is added only once it measurably helps on the SciFact train split (ADR-0009)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from packages.config.settings import Settings

R = TypeVar("R")


class Reranker(Protocol):
    name: str

    def rerank(self, query: str, results: Sequence[R]) -> list[R]:
        """Return `results` in a new order (never adds or drops any)."""
        ...


class NoReranker:
    """Keep the fused order."""

    name = "none"

    def rerank(self, query: str, results: Sequence[R]) -> list[R]:
        return list(results)


def get_reranker(settings: Settings) -> Reranker:
    """Return the reranker ORION_RERANKER selects (the one factory)."""
    match settings.reranker:
        case "none":
            return NoReranker()
