"""Answerer v90: a refused question is answered by a sentence that fails only the focus share when the packaged
cross-encoder reads it, alone with the question, at PARAPHRASE_LOGIT or more; every other rule still holds. The texts
are written for these tests."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.answer import PARAPHRASE_LOGIT
from domains.execution.briefing.extractive.features import analyze
from tests.unit.execution.extractive.helpers import BrokenReader, answered, one_chunk

NOTES = (
    "Building safety notes\n\n"
    "The smoke alarms are tested every Thursday at 9:15 am; the test lasts under a minute and nobody needs to leave.\n"
    "Fire doors must be kept closed at all times."
)
ALARMS = (
    "The smoke alarms are tested every Thursday at 9:15 am; the test lasts under a minute and nobody needs to leave."
)
QUESTION = "What day and time is the weekly smoke alarm test?"


class FixedReader:
    """A stand-in reader that gives every pair the same logit and counts the pairs it reads."""

    def __init__(self, logit: float) -> None:
        self.logit = logit
        self.pairs = 0

    def read(self, question: str, passages: Sequence[str]) -> npt.NDArray[np.float64]:
        self.pairs += len(passages)
        return np.full(len(passages), self.logit)


def test_the_sentence_fails_only_the_focus_share() -> None:
    shipped = analyze(QUESTION, one_chunk(NOTES), max_sentence_chars=400)
    floor_zero = analyze(QUESTION, one_chunk(NOTES), max_sentence_chars=400, floor=0.0)
    assert [shipped.quote_text(c) for c in shipped.candidates] == []
    assert ALARMS in [floor_zero.quote_text(c) for c in floor_zero.candidates]


def test_a_paraphrase_the_reader_vouches_for_is_answered() -> None:
    # the packaged reader scores the pair above PARAPHRASE_LOGIT; v89 refused ("test" is written "tested", "weekly"
    # as "every Thursday")
    assert answered(QUESTION, NOTES, None, quotes=True) == [ALARMS]


def test_a_sentence_the_reader_doubts_stays_refused() -> None:
    # "fire drill" is not what the smoke alarm sentence is about: the reader scores it far below the floor
    assert answered("What day and time is the weekly fire drill?", NOTES, None) == []
    below = FixedReader(PARAPHRASE_LOGIT - 0.01)
    payload, _ = ExtractiveBriefingProvider(encoder=None, reader=below).briefing_payload(QUESTION, one_chunk(NOTES))
    assert payload["insufficient_evidence"] and below.pairs == 1


def test_no_rule_but_the_focus_share_is_relaxed() -> None:
    # a rare word asked and not written (v88) refuses whatever the reader says
    sure = FixedReader(PARAPHRASE_LOGIT + 5)
    payload, _ = ExtractiveBriefingProvider(encoder=None, reader=sure).briefing_payload(
        "When is the weekly sprinkler test?", one_chunk(NOTES)
    )
    assert payload["insufficient_evidence"] and sure.pairs == 0


def test_a_set_threshold_or_a_failing_reader_leaves_the_refusal() -> None:
    sure = FixedReader(PARAPHRASE_LOGIT + 5)
    payload, _ = ExtractiveBriefingProvider(0.9, encoder=None, reader=sure).briefing_payload(QUESTION, one_chunk(NOTES))
    assert payload["insufficient_evidence"] and sure.pairs == 0  # min_score set: drafts are judged by it alone
    broken = BrokenReader()
    provider = ExtractiveBriefingProvider(encoder=None, reader=broken)
    payload, _ = provider.briefing_payload(QUESTION, one_chunk(NOTES))
    assert payload["insufficient_evidence"] and broken.calls == 1
    provider.briefing_payload(QUESTION, one_chunk(NOTES))
    assert broken.calls == 1  # not asked again
