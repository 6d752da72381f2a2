"""The one interface every model provider satisfies, and the result it returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class BriefingGeneration(Generic[T]):
    """A structured output already validated against its schema, with what producing it cost."""

    output: T
    provider: str
    model: str
    input_tokens: int
    output_tokens: int
    latency_ms: float
    estimated_cost_usd: float


class BriefingProvider(Protocol):
    """A model that turns a system and a user prompt into one validated instance of a pydantic schema.

    Structural typing: any object with these members is a provider. `get_briefing_provider` is the only place that picks
    one. A failure is always an `BriefingProviderError` subclass, never a partial or unvalidated result.
    """

    provider_name: str
    model_name: str

    async def generate_structured(self, *, system: str, user: str, schema: type[T]) -> BriefingGeneration[T]:
        """Return the model's answer validated against `schema`, or raise an BriefingProviderError subclass."""
        ...
