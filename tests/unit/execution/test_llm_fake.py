"""The scriptable fake provider: every behaviour, call recording, and reading evidence from the prompt."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel

from domains.execution.briefing import (
    FOREIGN_CHUNK_ID,
    BriefingProvider,
    BriefingProviderError,
    FakeBehaviour,
    FakeLLMProvider,
    FakeRawOutput,
    LLMMalformedOutputError,
    LLMProviderUnavailableError,
    LLMRefusalError,
    LLMTimeoutError,
)
from domains.execution.briefing.fake import first_sentence
from domains.execution.briefing.output import BriefingOutput
from tests.unit.execution.briefings import (
    CHUNK_LEAVE,
    CHUNK_PAYROLL,
    SYSTEM_PROMPT,
    TEXT_LEAVE,
    TEXT_PAYROLL,
    evidence_prompt,
    valid_briefing,
)


async def _brief(provider: FakeLLMProvider, user: str | None = None) -> BriefingOutput:
    result = await provider.generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt() if user is None else user, schema=BriefingOutput
    )
    return result.output


def test_fake_satisfies_the_provider_protocol() -> None:
    provider: BriefingProvider = FakeLLMProvider()

    assert (provider.provider_name, provider.model_name) == ("fake", "fake-briefing-1")


async def test_grounded_cites_the_first_chunk_and_quotes_its_first_sentence_verbatim() -> None:
    output = await _brief(FakeLLMProvider([FakeBehaviour.GROUNDED]))

    assert output.insufficient_evidence is False
    [claim] = output.claims
    [citation] = claim.citations
    assert citation.chunk_id == CHUNK_PAYROLL
    assert citation.quote == "Payroll records are kept for seven years."
    assert citation.quote in TEXT_PAYROLL


async def test_default_script_is_grounded_on_every_call() -> None:
    provider = FakeLLMProvider()

    first = await _brief(provider)
    second = await _brief(provider, evidence_prompt(evidence=((CHUNK_LEAVE, "trusted", TEXT_LEAVE),)))

    assert first.claims[0].citations[0].chunk_id == CHUNK_PAYROLL
    assert second.claims[0].citations[0].quote == "Annual leave requests need two weeks' notice!"


async def test_grounded_quote_survives_escaped_markup_in_the_chunk() -> None:
    text = "Clause </evidence> 4 applies. Nothing else does."
    output = await _brief(FakeLLMProvider(), evidence_prompt(evidence=((CHUNK_PAYROLL, "untrusted", text),)))

    assert output.claims[0].citations[0].quote == "Clause </evidence> 4 applies."


async def test_grounded_without_evidence_declares_insufficient_evidence() -> None:
    output = await _brief(FakeLLMProvider(), "Question: anything?\n\nNo evidence.")

    assert output.insufficient_evidence is True
    assert output.claims == []


async def test_ungrounded_quote_cites_a_real_chunk_with_text_it_does_not_contain() -> None:
    output = await _brief(FakeLLMProvider([FakeBehaviour.UNGROUNDED_QUOTE]))

    citation = output.claims[0].citations[0]
    assert citation.chunk_id == CHUNK_PAYROLL
    assert citation.quote.lower() not in TEXT_PAYROLL.lower()


async def test_foreign_chunk_quotes_real_text_under_an_id_the_prompt_never_had() -> None:
    output = await _brief(FakeLLMProvider([FakeBehaviour.FOREIGN_CHUNK]))

    citation = output.claims[0].citations[0]
    assert citation.chunk_id == FOREIGN_CHUNK_ID
    assert citation.chunk_id not in {CHUNK_PAYROLL, CHUNK_LEAVE}
    assert citation.quote in TEXT_PAYROLL


async def test_insufficient_evidence_declines_without_claims() -> None:
    output = await _brief(FakeLLMProvider([FakeBehaviour.INSUFFICIENT_EVIDENCE]))

    assert output.insufficient_evidence is True
    assert output.claims == []


@pytest.mark.parametrize(
    ("behaviour", "error"),
    [
        (FakeBehaviour.MALFORMED, LLMMalformedOutputError),
        (FakeBehaviour.REFUSAL, LLMRefusalError),
        (FakeBehaviour.TIMEOUT, LLMTimeoutError),
        (FakeBehaviour.UNAVAILABLE, LLMProviderUnavailableError),
    ],
)
async def test_failure_behaviours_raise_the_provider_error(
    behaviour: FakeBehaviour, error: type[BriefingProviderError]
) -> None:
    with pytest.raises(error) as raised:
        await _brief(FakeLLMProvider([behaviour]))

    assert raised.value.reason.endswith("(fake)")


async def test_timeout_is_raised_at_once_without_sleeping() -> None:
    provider = FakeLLMProvider([FakeBehaviour.TIMEOUT], timeout_seconds=60)
    started = time.perf_counter()

    with pytest.raises(LLMTimeoutError) as raised:
        await _brief(provider)

    assert time.perf_counter() - started < 1.0
    assert raised.value.reason == "provider timeout after 60s (fake)"


async def test_steps_play_in_order_and_the_last_one_repeats() -> None:
    provider = FakeLLMProvider([FakeBehaviour.TIMEOUT, FakeBehaviour.MALFORMED, FakeBehaviour.GROUNDED])

    with pytest.raises(LLMTimeoutError):
        await _brief(provider)
    with pytest.raises(LLMMalformedOutputError):
        await _brief(provider)
    third = await _brief(provider)
    fourth = await _brief(provider)

    assert third == fourth
    assert third.insufficient_evidence is False


async def test_every_call_is_recorded_failures_included() -> None:
    provider = FakeLLMProvider([FakeBehaviour.UNAVAILABLE, FakeBehaviour.GROUNDED])

    with pytest.raises(LLMProviderUnavailableError):
        await _brief(provider)
    await _brief(provider, "second prompt")

    assert provider.call_count == 2
    assert [call.user for call in provider.calls] == [evidence_prompt(), "second prompt"]
    assert all(call.system == SYSTEM_PROMPT and call.schema is BriefingOutput for call in provider.calls)


async def test_callable_script_sees_system_and_user() -> None:
    seen: list[tuple[str, str]] = []

    def respond(system: str, user: str) -> FakeBehaviour:
        seen.append((system, user))
        return FakeBehaviour.INSUFFICIENT_EVIDENCE if "unanswerable" in user else FakeBehaviour.GROUNDED

    provider = FakeLLMProvider(respond)

    declined = await _brief(provider, evidence_prompt(question="an unanswerable question"))
    answered = await _brief(provider)

    assert declined.insufficient_evidence is True
    assert answered.insufficient_evidence is False
    assert seen[0][0] == SYSTEM_PROMPT


async def test_scripted_payloads_models_raw_text_and_exceptions() -> None:
    scripted = BriefingOutput.model_validate(valid_briefing(chunk_id=CHUNK_LEAVE))
    provider = FakeLLMProvider(
        [
            valid_briefing(),
            scripted,
            FakeRawOutput('{"briefing": "x", "claims": [], "insufficient_evidence": true}'),
            FakeRawOutput("not json"),
            {"briefing": "x", "insufficient_evidence": "maybe"},
            LLMRefusalError("fake", detail="custom"),
        ]
    )

    assert (await _brief(provider)).claims[0].citations[0].chunk_id == CHUNK_PAYROLL
    assert await _brief(provider) == scripted
    assert (await _brief(provider)).insufficient_evidence is True
    with pytest.raises(LLMMalformedOutputError, match="not valid JSON"):
        await _brief(provider)
    with pytest.raises(LLMMalformedOutputError, match="insufficient_evidence"):
        await _brief(provider)
    with pytest.raises(LLMRefusalError, match="custom"):
        await _brief(provider)


async def test_output_is_validated_against_the_requested_schema() -> None:
    class Verdict(BaseModel):
        verdict: str

    provider = FakeLLMProvider([{"verdict": "yes"}, FakeBehaviour.GROUNDED])

    first = await provider.generate_structured(system="s", user="u", schema=Verdict)
    with pytest.raises(LLMMalformedOutputError, match="does not match Verdict"):
        await provider.generate_structured(system="s", user=evidence_prompt(), schema=Verdict)

    assert first.output == Verdict(verdict="yes")


async def test_result_reports_tokens_and_zero_cost() -> None:
    result = await FakeLLMProvider().generate_structured(
        system=SYSTEM_PROMPT, user=evidence_prompt(), schema=BriefingOutput
    )

    assert result.provider == "fake"
    assert result.input_tokens > 0 and result.output_tokens > 0
    assert result.estimated_cost_usd == 0.0


def test_empty_script_is_refused() -> None:
    with pytest.raises(ValueError):
        FakeLLMProvider([])


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("  Version 3.5 ships today. Then more.", "Version 3.5 ships today."),
        ('He said "stop." Then left.', 'He said "stop.'),
        ("No terminal punctuation here", "No terminal punctuation here"),
        ("Wait?! Yes.", "Wait?!"),
    ],
)
def test_first_sentence_is_a_verbatim_prefix(text: str, sentence: str) -> None:
    assert first_sentence(text) == sentence
    assert sentence in text
