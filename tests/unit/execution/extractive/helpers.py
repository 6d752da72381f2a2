"""What the extractive provider's tests share: three small evidence chunks, stand-in encoders and readers, helpers."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from domains.execution.briefing import BriefingGeneration
from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import QuestionNeeds
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.reader import ReaderUnavailable
from domains.execution.briefing.extractive.terms import tokenize
from domains.execution.briefing.output import BriefingOutput
from domains.execution.briefing.prompt_format import EvidenceItem, render_briefing_prompt
from domains.execution.verification.grounding import quote_is_grounded
from domains.knowledge.embeddings import EmbeddingUnavailable

LIGHTHOUSE = (
    "The Kessock lighthouse was completed in 1843 by the engineer Alan Stevenson. Its lamp was converted to "
    "electricity in 1952. The tower is 24 metres tall and stands on the northern shore of the firth."
)
BAKERY = (
    "The village bakery opens at six in the morning. It sells rye bread, oat cakes and seasonal pastries. "
    "On Sundays the bakery is closed."
)
GLACIER = (
    "The Aletsch Glacier is the largest glacier in the Alps. It covers about 81 square kilometres in the canton "
    "of Valais. Its length has decreased by more than three kilometres since 1870."
)
EVIDENCE = (
    EvidenceItem("chunk-lighthouse", "trusted", LIGHTHOUSE, rank=1, semantic_rank=1, lexical_rank=1),
    EvidenceItem("chunk-bakery", "trusted", BAKERY, rank=2, semantic_rank=3, lexical_rank=2),
    EvidenceItem("chunk-glacier", "trusted", GLACIER, rank=3, semantic_rank=2, lexical_rank=3),
)
SYSTEM = "Answer only from the evidence."


class HashingEncoder:
    """A deterministic stand-in for MiniLM: bag-of-words vectors hashed into 64 dimensions, unit length."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed_texts(self, texts: list[str]) -> npt.NDArray[np.float32]:
        self.calls.append(list(texts))
        rows = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                rows[row, sum(word.encode()) % 64] += 1.0
            rows[row, 0] += 1e-3  # never a zero vector
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


class BrokenEncoder:
    def embed_texts(self, texts: list[str]) -> npt.NDArray[np.float32]:
        raise EmbeddingUnavailable("model file is corrupt")


class OverlapReader:
    """A deterministic stand-in for the cross-encoder reader: the share of the question's words in the passage."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []

    def read(self, question: str, passages: Sequence[str]) -> npt.NDArray[np.float64]:
        self.calls.append((question, list(passages)))
        words = set(question.lower().split())
        return np.asarray([len(words & set(p.lower().split())) / max(1, len(words)) for p in passages])


class BrokenReader:
    def __init__(self) -> None:
        self.calls = 0

    def read(self, question: str, passages: Sequence[str]) -> npt.NDArray[np.float64]:
        self.calls += 1
        raise ReaderUnavailable("reader model file is corrupt")


async def brief(
    provider: ExtractiveBriefingProvider, question: str, evidence: Sequence[EvidenceItem] = EVIDENCE
) -> BriefingGeneration[BriefingOutput]:
    return await provider.generate_structured(
        system=SYSTEM, user=render_briefing_prompt(question, evidence), schema=BriefingOutput
    )


def trusted_chunks(*texts: str) -> list[EvidenceItem]:
    """Return one trusted evidence chunk per text, ranked in order ("chunk-0", "chunk-1", ...)."""
    return [EvidenceItem(f"chunk-{index}", "trusted", text, rank=index + 1) for index, text in enumerate(texts)]


def assert_verbatim(output: BriefingOutput, evidence: Sequence[EvidenceItem]) -> None:
    """Assert what the verifier will check, and more: every quote is an exact substring of the chunk it cites."""
    texts = {item.chunk_id: item.text for item in evidence}
    for claim in output.claims:
        assert claim.citations, "a claim without a citation"
        for citation in claim.citations:
            assert citation.chunk_id in texts
            assert citation.quote.strip() == citation.quote and citation.quote
            assert citation.quote in texts[citation.chunk_id]
            assert quote_is_grounded(citation.quote, texts[citation.chunk_id])


# Chunks whose text is hard to cut into sentences and quote verbatim.
AWKWARD_CHUNKS = {
    "unicode": (
        "Der Zürcher Forscher Jürgen Müller entdeckte 1921 das Œuvre. 東京は日本の首都です。 "
        "The café opened in 1921 🙂."
    ),
    "odd_whitespace": (
        "The\u00a0lighthouse  was\tcompleted\r\nin 1843.\u2009It is 24\u202fmetres tall.\n\n\nIts lamp is electric."
    ),
    "abbreviations": (
        "Dr. J. R. Smith of the U.S. Army visited St. Louis in 1843, e.g. for the survey. See Fig. 3 (p. 12)."
    ),
    "decimals": "The tower is 24.5 m tall. Its lamp has 3.5 kW. The lens cost $1,250.75 in 1843.",
    "no_punctuation": " ".join(["the lighthouse was completed in 1843 by the engineer"] * 40),
    "one_long_sentence": "The lighthouse, " + ", ".join(f"which had {i} keepers in 18{i:02d}" for i in range(60)) + ".",
    "one_unbroken_token": "x" * 1500 + " lighthouse 1843",
    "quotes_and_brackets": 'He said "It was completed in 1843." (The engineer [Stevenson] agreed.) «Oui.» Done.',
    "markup": "The lighthouse </evidence> was completed <evidence id='x'> in 1843. &lt;/evidence&gt; remains.",
    "zero_width": "The light\u200bhouse was com\u200dpleted in 1843.\u200b It still stands.",
    "only_whitespace_and_symbols": "   \n\t -- ** ... ??? !!!   ",
    "lists": (
        "Keepers:\n- Alan Stevenson, 1843\n- John Gray, 1852\n1. The lighthouse was completed in 1843.\n"
        "2. Electric in 1952."
    ),
}


def one_chunk(text: str, section: str | None = None) -> list[EvidenceItem]:
    return [EvidenceItem("chunk-0", "trusted", text, rank=1, section=section)]


def answered(question: str, text: str, section: str | None = None, quotes: bool = False) -> list[str]:
    """Return the claims the lexical provider answers with from one chunk (their statements, or their quotes with
    `quotes`), as a run would show them: [] when it refuses."""
    payload, _ = ExtractiveBriefingProvider(encoder=None).briefing_payload(question, one_chunk(text, section))
    return [claim["citations"][0]["quote"] if quotes else claim["statement"] for claim in payload["claims"]]


def draft_score(question: str, text: str, section: str | None = None) -> float:
    """Return the lexical provider's answer score for one chunk: 0.0 when no sentence is eligible (checks.py)."""
    return ExtractiveBriefingProvider(encoder=None).draft(question, one_chunk(text, section)).score


async def grounded_quotes(question: str, evidence: Sequence[EvidenceItem]) -> list[str]:
    """Return the quotes of a briefing answered at threshold 0, each asserted to be grounded in its evidence."""
    output = (await brief(ExtractiveBriefingProvider(0.0, encoder=None), question, evidence)).output
    quotes = [citation.quote for claim in output.claims for citation in claim.citations]
    assert all(any(quote_is_grounded(q, item.text) for item in evidence) for q in quotes)
    return quotes


def question_needs(question: str, key_terms: frozenset[str] = frozenset()) -> QuestionNeeds:
    """Return what a sentence must show to answer `question`, every content word weighing 1."""
    weights = {t.stem: 1.0 for t in tokenize(question) if t.content}
    return QuestionNeeds.of(question, weights, key_terms)


def may_answer(
    question: str, sentence: str, section: str = "", title: str = "", key_terms: frozenset[str] = frozenset()
) -> bool:
    """Return True when `sentence`, under `section` in a document titled `title` (a chunk with layout), may answer."""
    tokens = tokenize(sentence)
    own = frozenset({t.stem for t in tokens} | {t.stem for t in tokenize(section)})
    document = frozenset(t.stem for t in tokenize(title))
    return question_needs(question, key_terms).eligible(tokens, own, document, own, True, sentence, own | document)


def candidate_quotes(question: str, text: str, section: str = "notes.md") -> list[str]:
    """Return the quotes of the sentences of one trusted chunk that may answer `question` (its candidates)."""
    return chunk_quotes(question, [text], section)


def chunk_quotes(question: str, texts: Sequence[str], section: str, prefix: str = "chunk") -> list[str]:
    """Return the candidate quotes of `question` over several trusted chunks of one document (`section` its hint),
    as a run retrieving them together reads them."""
    evidence = [
        EvidenceItem(f"{prefix}-c{index}", "trusted", text, rank=index + 1, section=section)
        for index, text in enumerate(texts)
    ]
    analysis = analyze(question, evidence, max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates]
