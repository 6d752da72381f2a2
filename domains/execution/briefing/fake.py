"""A scriptable provider for tests: it answers from the evidence in the prompt, or fails exactly as scripted.

It reads evidence with `parse_evidence_blocks`, the same format the prompt builder writes, so a test that passes
through the fake exercises the real prompt format. Every call is recorded before the script runs, failures included,
so a test can count how many times the engine called the provider.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeAlias

from pydantic import BaseModel

from domains.execution.briefing.errors import LLMProviderUnavailableError, LLMRefusalError, LLMTimeoutError
from domains.execution.briefing.prompt_format import EvidenceBlock, parse_evidence_blocks
from domains.execution.briefing.protocol import BriefingGeneration, T
from domains.execution.briefing.structured import parse_json_output, validate_output

FAKE_MODEL_NAME = "fake-briefing-1"
# Cited by FOREIGN_CHUNK: a well-formed id that no retrieval ever returns.
FOREIGN_CHUNK_ID = "00000000-0000-4000-8000-00000000f0e1"
UNGROUNDED_QUOTE = "The records show a figure that appears in none of the evidence."
MALFORMED_OUTPUT = '{"briefing": "The evidence shows that'
INSUFFICIENT_BRIEFING = "The evidence provided does not answer the question."

# A sentence ends at . ! or ? followed (after any closing quotes or brackets) by whitespace or the end of the text;
# "3.5" and "e.g.x" do not end one.
_SENTENCE_END = re.compile(r"[.!?](?=[\"'”’)\]]*(?:\s|$))")


class FakeBehaviour(StrEnum):
    """What one scripted call does."""

    GROUNDED = "grounded"  # cite the first evidence block, quoting its first sentence verbatim
    UNGROUNDED_QUOTE = "ungrounded_quote"  # cite the first block with a quote that is not in it
    FOREIGN_CHUNK = "foreign_chunk"  # quote the first block verbatim but cite a chunk id the prompt never had
    INSUFFICIENT_EVIDENCE = "insufficient_evidence"  # decline: no claims, insufficient_evidence=true
    MALFORMED = "malformed"  # return text that is not JSON: LLMMalformedOutputError
    REFUSAL = "refusal"  # LLMRefusalError
    TIMEOUT = "timeout"  # LLMTimeoutError, raised at once without sleeping
    UNAVAILABLE = "unavailable"  # LLMProviderUnavailableError


@dataclass(frozen=True)
class FakeRawOutput:
    """Raw model text to parse as JSON against the requested schema, as a real provider would."""

    text: str


FakeStep: TypeAlias = FakeBehaviour | FakeRawOutput | BaseModel | Mapping[str, Any] | BaseException
FakeResponder: TypeAlias = Callable[[str, str], FakeStep]
FakeScript: TypeAlias = Sequence[FakeStep] | FakeResponder


@dataclass(frozen=True)
class FakeLLMCall:
    """One recorded call to the fake provider."""

    system: str
    user: str
    schema: type[BaseModel]


def first_sentence(text: str) -> str:
    """Return the first sentence of a text exactly as written (the whole stripped text when it has no full stop)."""
    stripped = text.strip()
    end = _SENTENCE_END.search(stripped)
    return stripped[: end.end()] if end else stripped


def _approx_tokens(text: str) -> int:
    # About four characters per token for English prose; the fake only needs plausible, deterministic counts.
    return max(1, len(text) // 4)


def _insufficient() -> dict[str, Any]:
    return {"briefing": INSUFFICIENT_BRIEFING, "claims": [], "insufficient_evidence": True}


def _briefing(statement: str, chunk_id: str, quote: str) -> dict[str, Any]:
    return {
        "briefing": f"According to the evidence: {statement}",
        "claims": [{"statement": statement, "citations": [{"chunk_id": chunk_id, "quote": quote}]}],
        "insufficient_evidence": False,
    }


def _grounded(blocks: list[EvidenceBlock]) -> dict[str, Any]:
    quote = first_sentence(blocks[0].text) if blocks else ""
    return _briefing(quote, blocks[0].chunk_id, quote) if quote else _insufficient()


def _ungrounded(blocks: list[EvidenceBlock]) -> dict[str, Any]:
    chunk_id = blocks[0].chunk_id if blocks else FOREIGN_CHUNK_ID
    return _briefing(UNGROUNDED_QUOTE, chunk_id, UNGROUNDED_QUOTE)


def _foreign(blocks: list[EvidenceBlock]) -> dict[str, Any]:
    quote = first_sentence(blocks[0].text) if blocks else ""
    return _briefing(quote or UNGROUNDED_QUOTE, FOREIGN_CHUNK_ID, quote or UNGROUNDED_QUOTE)


class FakeLLMProvider:
    """A provider whose every answer is scripted: a list of steps (the last repeats) or a callable(system, user).

    The default script answers every call with GROUNDED, which is what `ORION_LLM_PROVIDER=fake` gives.
    """

    provider_name: str = "fake"

    def __init__(
        self, script: FakeScript | None = None, *, model_name: str = FAKE_MODEL_NAME, timeout_seconds: float = 60.0
    ) -> None:
        self.model_name = model_name
        self.timeout_seconds = timeout_seconds
        self.calls: list[FakeLLMCall] = []
        self._responder: FakeResponder | None = None
        self._steps: tuple[FakeStep, ...] = ()
        if script is None:
            self._steps = (FakeBehaviour.GROUNDED,)
        elif callable(script):
            self._responder = script
        else:
            self._steps = tuple(script)
            if not self._steps:
                raise ValueError("a fake script needs at least one step")

    @property
    def call_count(self) -> int:
        """Return how many times generate_structured was called, failed calls included."""
        return len(self.calls)

    async def generate_structured(self, *, system: str, user: str, schema: type[T]) -> BriefingGeneration[T]:
        """Play the next scripted step and return its output validated against `schema`, or raise its error."""
        started = time.perf_counter()
        self.calls.append(FakeLLMCall(system=system, user=user, schema=schema))
        if self._responder is not None:
            step = self._responder(system, user)
        else:
            step = self._steps[min(len(self.calls), len(self._steps)) - 1]
        output = self._play(step, user, schema)
        return BriefingGeneration(
            output=output,
            provider=self.provider_name,
            model=self.model_name,
            input_tokens=_approx_tokens(system) + _approx_tokens(user),
            output_tokens=_approx_tokens(output.model_dump_json()),
            latency_ms=(time.perf_counter() - started) * 1000,
            estimated_cost_usd=0.0,
        )

    def _play(self, step: FakeStep, user: str, schema: type[T]) -> T:
        provider = self.provider_name
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, FakeRawOutput):
            return parse_json_output(step.text, schema, provider=provider)
        if isinstance(step, BaseModel):
            return validate_output(step.model_dump(mode="json"), schema, provider=provider)
        if not isinstance(step, FakeBehaviour):
            return validate_output(dict(step), schema, provider=provider)
        blocks = parse_evidence_blocks(user)
        match step:
            case FakeBehaviour.GROUNDED:
                payload = _grounded(blocks)
            case FakeBehaviour.UNGROUNDED_QUOTE:
                payload = _ungrounded(blocks)
            case FakeBehaviour.FOREIGN_CHUNK:
                payload = _foreign(blocks)
            case FakeBehaviour.INSUFFICIENT_EVIDENCE:
                payload = _insufficient()
            case FakeBehaviour.MALFORMED:
                return parse_json_output(MALFORMED_OUTPUT, schema, provider=provider)
            case FakeBehaviour.REFUSAL:
                raise LLMRefusalError(provider, detail="scripted refusal")
            case FakeBehaviour.TIMEOUT:
                raise LLMTimeoutError(provider, timeout_seconds=self.timeout_seconds)
            case FakeBehaviour.UNAVAILABLE:
                raise LLMProviderUnavailableError(provider, cause="scripted outage")
        return validate_output(payload, schema, provider=provider)
