"""The default answer provider: deterministic, offline, no language model; it quotes evidence or declines.

It reads the question and the evidence from the user prompt (`parse_briefing_prompt`), drafts an answer
(answer.py), and answers only when the draft's score reaches the threshold calibrated on the train split, or
`min_score` (ORION_EXTRACTIVE_MIN_SCORE) when set. Every quote is a sentence span cut from the cited chunk's text, so
verification cannot fail on an extractive answer. The system prompt is ignored: there is no model to instruct.

Evidence labelled `flagged` is never quoted (features.QUOTABLE_TRUST_LABELS); `untrusted` evidence never reaches a
provider at all. The semantic stage uses the local all-MiniLM-L6-v2 model through the embedding factory, whatever
embedding provider retrieval is configured with, because the weights were fitted on its similarities, and the local
cross-encoder reader (reader.py); when either cannot be loaded, the lexical model (calibrated separately) answers
alone and the result's model name says so.
"""

from __future__ import annotations

import logging
import math
import re
import threading
import time
from collections.abc import Sequence
from typing import Any, Literal

import anyio

from domains.execution.briefing.errors import AnswererDefectError, BriefingConfigurationError, BriefingProviderError
from domains.execution.briefing.extractive.answer import Draft, Quote, SentenceEncoder, draft_answer, paraphrase_draft
from domains.execution.briefing.extractive.checks import alternative_parts, question_parts
from domains.execution.briefing.extractive.features import QUOTABLE_TRUST_LABELS
from domains.execution.briefing.extractive.reader import PassageReader, ReaderUnavailable, local_reader
from domains.execution.briefing.extractive.scoring import ExtractiveModel, load_model
from domains.execution.briefing.prompt_format import EvidenceItem, parse_briefing_prompt
from domains.execution.briefing.protocol import BriefingGeneration, T
from domains.execution.briefing.structured import validate_output
from domains.knowledge.embeddings import EmbeddingProviderError, get_configured_embedding_provider
from packages.config.settings import Settings, SettingsError, get_settings
from packages.core.markup import without_markup

logger = logging.getLogger(__name__)

NO_EVIDENCE_BRIEFING = (
    "No quotable evidence was retrieved for this question, so it cannot be answered from the documents."
)
# A refusal says what the provider knows: no passage answered clearly enough to be quoted. It cannot know that the
# documents do not say it in other words (an outside check read the older "does not contain" as a claim that they do
# not).
UNSUPPORTED_BRIEFING = (
    "No retrieved passage answers this question clearly enough to be quoted as the answer. Asking again in the "
    "documents' own words may find one."
)
# A question asking several things, answered in part: the briefing says which part no passage answers (the hedge of a
# refusal: the provider cannot know the documents do not say it in other words).
UNANSWERED_PART_NOTE = "No retrieved passage answers {parts} clearly enough to be quoted."
LEXICAL_SUFFIX = "-lexical"

EncoderChoice = SentenceEncoder | None | Literal["local"]
ReaderChoice = PassageReader | None | Literal["local"]


def _local_encoder(settings: Settings | None) -> SentenceEncoder | None:
    """Return the shared local MiniLM embedder, or None (logged) when it cannot be built."""
    try:
        base = settings if settings is not None else get_settings()
        return get_configured_embedding_provider(base.model_copy(update={"embedding_provider": "local"}))
    except (EmbeddingProviderError, SettingsError) as exc:
        logger.warning("extractive provider: local sentence encoder unavailable, answering lexically: %s", exc)
        return None


# A Markdown link reads as its text, inline code as its characters (outside check 31: "[compost bin](https://...)"
# and backticks stood in claims): the quote keeps them, the statement drops only the markup around the words.
_LINK = re.compile(r"\[([^\]\n]+)\]\((?:[^()\s]|\([^()\s]*\))+\)")
_INLINE_CODE = re.compile(r"`([^`\n]+)`")


def readable(quote: str) -> str:
    """Return a quote as a statement reads it: Markdown emphasis, heading markers, link syntax and code backticks left
    out, line breaks and runs of spaces collapsed. The same words, only readable."""
    text = _INLINE_CODE.sub(r"\1", _LINK.sub(r"\1", without_markup(quote)))
    return " ".join(text.split())


class ExtractiveBriefingProvider:
    """Answer by quoting the evidence sentences that best answer the question, or decline below the threshold.

    `encoder` is "local" (the default: the local MiniLM, lexical fallback), None (lexical model only) or any object
    with `embed_texts`; `reader` is "local" (the packaged cross-encoder), None (lexical model only) or any object with
    `read`. The same prompt always gives the same briefing.
    """

    provider_name = "extractive"

    def __init__(
        self,
        min_score: float | None = None,
        *,
        encoder: EncoderChoice = "local",
        reader: ReaderChoice = "local",
        model: ExtractiveModel | None = None,
        settings: Settings | None = None,
    ) -> None:
        if min_score is not None and not (math.isfinite(min_score) and 0.0 <= min_score <= 1.0):
            raise BriefingConfigurationError(f"ORION_EXTRACTIVE_MIN_SCORE: must be between 0 and 1, got {min_score!r}")
        self.min_score = min_score
        self.model = model or load_model()
        self.model_name = f"extractive-{self.model.version}"
        self._encoder_choice = encoder
        self._settings = settings  # the service's settings, so the encoder shares its cached local model
        self._encoder: SentenceEncoder | None = None
        self._encoder_resolved = encoder != "local"
        self._reader: PassageReader | None = local_reader() if reader == "local" else reader
        self._lock = threading.Lock()

    def _encoder_for_call(self) -> SentenceEncoder | None:
        if self._encoder_choice != "local":
            return self._encoder_choice
        if not self._encoder_resolved:
            with self._lock:
                if not self._encoder_resolved:
                    self._encoder = _local_encoder(self._settings)
                    self._encoder_resolved = True
        return self._encoder

    def draft(self, question: str, evidence: Sequence[EvidenceItem]) -> Draft:
        """Return the scored draft answer for a question and its evidence (blocking: call off the event loop)."""
        encoder = self._encoder_for_call()
        try:
            # A draft no sentence may answer scores 0: only a min_score of 0 ("answer every draft") shows its quotes.
            every = self.min_score is not None and self.min_score <= 0
            return draft_answer(question, evidence, self.model, encoder, self._reader, rank_ineligible=every)
        except (EmbeddingProviderError, ReaderUnavailable) as exc:
            if encoder is None or self._reader is None:
                raise
            # The lexical model stands alone (calibrated on its own), so a broken encoder or reader costs quality,
            # not the run.
            logger.warning("extractive provider: sentence encoder or reader failed, answering lexically: %s", exc)
            if isinstance(exc, ReaderUnavailable):
                self._reader = None  # missing or corrupt files stay so: later drafts go lexical at once
            return draft_answer(question, evidence, self.model, None)

    def threshold_for(self, draft: Draft) -> float:
        """Return the score a draft needs to be answered: min_score when set, else the calibrated threshold (any
        positive score for a yes/no question its quote restates: Draft.restated)."""
        if self.min_score is not None:
            return self.min_score
        return 0.0 if draft.restated else draft.threshold

    def _answered(self, draft: Draft) -> bool:
        """Return True when the draft has quotes and clears its threshold (the provider answers with it)."""
        return bool(draft.quotes) and draft.score >= self.threshold_for(draft)

    def _part_by_part(self, question: str, evidence: Sequence[EvidenceItem]) -> Draft | None:
        """Return the draft of a compound question answered part by part, when the whole was not: each part drafted as
        a question of its own and each answered at its own threshold ("who wants to be the next chair and what will
        a half plot's rent go up to": two subjects, each sentence holding half the words). None when a part is not
        answered, or the parts are alternatives."""
        parts = question_parts(question)
        if len(parts) < 2 or alternative_parts(question):
            return None
        drafts = []
        for asked in parts:
            drafted = self.draft(asked, evidence)
            if not self._answered(drafted):
                return None  # the parts after a refused one need no draft
            drafts.append(drafted)
        quotes: list[Quote] = []
        for part in drafts:
            for quote in part.quotes:
                if not any(q.overlaps(quote) for q in quotes):
                    quotes.append(quote)
        # Every part cleared its own threshold: the whole is answered at any positive score (Draft.restated)
        score = min(part.score for part in drafts)
        return Draft(score, min(part.threshold for part in drafts), tuple(quotes), drafts[0].semantic, restated=True)

    def _paraphrased(self, question: str, evidence: Sequence[EvidenceItem], refused: Draft) -> Draft | None:
        """Return the draft of a refused question that a sentence answers in other words, as the reader reads it
        (answer.paraphrase_draft, reusing the refused draft's analysis); None without a reader, when the reader
        fails, or when the draft was refused before any sentence was weighed (a header line the message lacks): the
        refusal stands."""
        if self._reader is None or refused.analysis is None:
            return None
        try:
            return paraphrase_draft(question, evidence, self.model, self._reader, refused.analysis)
        except ReaderUnavailable as exc:
            logger.warning("extractive provider: reader failed, the refusal stands: %s", exc)
            self._reader = None
            return None

    def briefing_payload(self, question: str, evidence: Sequence[EvidenceItem]) -> tuple[dict[str, Any], Draft]:
        """Return the BriefingOutput payload for a question and its evidence, with the draft it came from."""
        draft = self.draft(question, evidence)
        if not self._answered(draft) and self.min_score is None:
            draft = self._part_by_part(question, evidence) or self._paraphrased(question, evidence, draft) or draft
        if not self._answered(draft):
            quotable = any(item.trust_label in QUOTABLE_TRUST_LABELS and item.text.strip() for item in evidence)
            briefing = UNSUPPORTED_BRIEFING if quotable else NO_EVIDENCE_BRIEFING
            return {"briefing": briefing, "claims": [], "insufficient_evidence": True}, draft
        # A statement is its quote as a reader reads it: paired Markdown emphasis left out (the quote keeps it: it is
        # the source's exact text), line breaks and runs of spaces collapsed. The same words, only readable.
        statements = [readable(quote.text) for quote in draft.quotes]
        claims = [
            {"statement": statement, "citations": [{"chunk_id": quote.chunk_id, "quote": quote.text}]}
            for statement, quote in zip(statements, draft.quotes, strict=True)
        ]
        briefing = " ".join(statements)
        if draft.unanswered:
            parts = " or ".join(f"“{part}”" for part in draft.unanswered)
            briefing += " " + UNANSWERED_PART_NOTE.format(parts=parts)
        payload = {
            "briefing": briefing,
            "claims": claims,
            "insufficient_evidence": False,
            "unanswered_parts": list(draft.unanswered),
        }
        return payload, draft

    async def generate_structured(self, *, system: str, user: str, schema: type[T]) -> BriefingGeneration[T]:
        """Return an extractive briefing for the question and evidence in `user`, validated against `schema`."""
        started = time.perf_counter()
        question, evidence = parse_briefing_prompt(user)
        try:
            payload, draft = await anyio.to_thread.run_sync(self.briefing_payload, question, evidence)
        except (BriefingProviderError, EmbeddingProviderError):
            raise
        except Exception as exc:  # a defect of the answerer's own code: the run fails as a record, not a 500
            logger.exception("extractive provider: the answerer failed on a question")
            raise AnswererDefectError(self.provider_name, error=type(exc).__name__) from exc
        output = validate_output(payload, schema, provider=self.provider_name)
        return BriefingGeneration(
            output=output,
            provider=self.provider_name,
            model=self.model_name if draft.semantic else self.model_name + LEXICAL_SUFFIX,
            input_tokens=0,
            output_tokens=0,
            latency_ms=(time.perf_counter() - started) * 1000,
            estimated_cost_usd=0.0,
        )
