"""Draft an extractive answer: rank the evidence sentences, decide whether to answer, choose the quotes.

Two stages. A lexical ranker scores every quotable sentence (features.py). When a sentence encoder and a reader are
available, the question and the lexical top three quotes are embedded, each quote is read with the question by the
cross-encoder (reader.py), and a re-ranker combines the lexical logit, the cosine similarity and the reader's logit.
Embedding or reading every sentence would take 50-80 model passes per question (several hundred milliseconds on two
cores); on the train split re-ranking the top three gave the same figures as the top six. The answer score then
says how likely the best quote answers the question; the caller compares it with a threshold. A refused question
may still be answered by a sentence that fails only the focus share when the reader vouches for it alone
(paraphrase_draft). Quotes are sentence spans of the chunk text, never edited."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import chain
from typing import Protocol

import numpy as np
import numpy.typing as npt

from domains.execution.briefing.extractive.checks import (
    SITUATION_WEIGHT,
    Expect,
    QuestionNeeds,
    alternative_parts,
    asked_role,
    asks_yes_no,
    flag_contradicted,
    holds_expected,
    labels_the_asked,
    names_the_holder,
    same_word,
    says_in_order,
)
from domains.execution.briefing.extractive.features import (
    Analysis,
    Candidate,
    analyze,
    answer_features,
    document_key,
    document_of,
    quote_start,
)
from domains.execution.briefing.extractive.headers import header_answer
from domains.execution.briefing.extractive.listing import (
    ListKind,
    asks_for_several,
    generic_question_word,
    kind_strength,
    list_kind,
    may_be_claim,
    states_kind,
)
from domains.execution.briefing.extractive.reader import PassageReader
from domains.execution.briefing.extractive.scoring import ExtractiveModel, sigmoid
from domains.execution.briefing.extractive.steps import neighbouring_step
from domains.execution.briefing.extractive.structure import Role
from domains.execution.briefing.extractive.terms import Token, fold, negated, tokenize
from domains.execution.briefing.prompt_format import WITHHELD_MARKER_START, EvidenceItem


class SentenceEncoder(Protocol):
    """Anything that embeds texts as unit vectors (an EmbeddingProvider does)."""

    def embed_texts(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """Return one unit row per text, in order."""
        ...


# The semantic stage's model calls (one per text or pair) run on one small pool shared by every draft, two or more at
# once: a single call on a short text keeps two cores only half busy with its own intra-op threads, two calls side by
# side keep both busy (ADR-0022, "Speed, eighth session"). A call's result does not depend on where it runs.
def _usable_cpus() -> int:
    """Return the CPUs this process may run on (its affinity, as onnxruntime counts them), else the machine's."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


MODEL_WORKERS = max(1, min(4, _usable_cpus()))
_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _model_pool() -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=MODEL_WORKERS, thread_name_prefix="orion-answerer")
        return _POOL


def semantic_scores(
    encoder: SentenceEncoder, reader: PassageReader, texts: Sequence[str]
) -> tuple[list[float], list[float]]:
    """Return, for each quote in texts[1:], its cosine with the question texts[0] and the reader's score of the pair.

    One text per encoder call (a batch is padded to its longest text, and the int8 graphs quantise activations per
    batch) and one pair per reader call, all on the model pool, the reader's longer calls first. An encoder or reader
    failure is raised here, as the call raised it."""
    pool = _model_pool()
    question, quotes = texts[0], texts[1:]
    reads = [pool.submit(reader.read, question, [quote]) for quote in quotes]
    encoded = [pool.submit(encoder.embed_texts, [text]) for text in texts]
    vectors = np.vstack([np.asarray(future.result(), dtype=np.float64) for future in encoded])
    similarities = [float(v) for v in vectors[1:] @ vectors[0]]
    return similarities, [float(np.asarray(future.result()).reshape(-1)[0]) for future in reads]


# The answer threshold is set on SQuAD prose (ADR-0022, "Operating point"); a lead quote from a chunk with layout
# (headings, lists, rows, fields: FAQs, manuals, mail, forms) is answered at this share of it. Chosen on the everyday
# train and dev splits (2026-12-02): 1.0 / 0.9 / 0.8 / 0.7 / 0.6 gave train answered-with-gold 86.6 / 87.1 / 87.7 /
# 87.7 / 88.3 at 86.5 refused throughout, dev 94.7 / 94.7 / 94.7 / 95.6 / 95.6 at 83.9 / 83.9 / 83.9 / 82.3 / 80.6
# refused; 0.8 has the best sum over both. The eligibility rules do most of the refusing on such documents.
LAYOUT_THRESHOLD_FACTOR = 0.8
HEADING_ANSWER_SHARE = 0.5  # of the question's focus weight, in the lead item's headings (none of them in the title)
LIST_ANCHOR_RANKS = 4  # how deep a list question looks for a list item when its best sentence is not one


@dataclass(frozen=True)
class Quote:
    """A verbatim span of one chunk: `text == chunk_text[start:end]`."""

    chunk_id: str
    start: int
    end: int
    text: str

    def overlaps(self, other: Quote) -> bool:
        """Return True when both quotes share characters of the same chunk."""
        return self.chunk_id == other.chunk_id and self.start < other.end and other.start < self.end


@dataclass(frozen=True)
class Draft:
    """The answer the evidence supports best, its score, and the threshold the model was calibrated with."""

    score: float
    threshold: float
    quotes: tuple[Quote, ...]
    semantic: bool
    listing: bool = False  # the question asks for several things (listing.asks_for_several)
    # Answered at any positive score: a yes/no question whose lead quote restates it (restates_yes_no), or a list
    # answering through the headings the question names (Chosen.headed)
    restated: bool = False
    # The parts of a compound question no quote answers while another part is answered (unanswered_parts): an answer
    # says so
    unanswered: tuple[str, ...] = ()
    # The checked analysis a refused draft was ranked from, so paraphrase_draft need not split the evidence again
    analysis: Analysis | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Ranking:
    """The candidates' lexical logits, the pool considered for claims, and their claim probabilities."""

    logits: list[float]
    pool: list[int]
    probabilities: list[float]
    answer_row: list[float]


def lexical_ranking(analysis: Analysis, model: ExtractiveModel) -> Ranking:
    """Rank candidates with the lexical model only."""
    matrix = np.asarray([c.features for c in analysis.candidates], dtype=np.float64)
    logits = [float(v) for v in model.ranker.logits(matrix)]
    # Stable order: equal logits keep evidence order, so the same input always yields the same quotes.
    pool = [int(i) for i in np.argsort(-np.asarray(logits), kind="stable")[: max(1, model.claims.max_claims * 2)]]
    row = answer_features(analysis, logits, pool[0])
    return Ranking(logits, pool, [sigmoid(logits[i]) for i in pool], row)


def semantic_ranking(
    analysis: Analysis,
    model: ExtractiveModel,
    lexical: Ranking,
    similarities: Sequence[float],
    reads: Sequence[float],
) -> Ranking:
    """Re-rank the lexical top candidates with their question similarities and reader scores (both given in lexical
    order)."""
    order = [int(i) for i in np.argsort(-np.asarray(lexical.logits), kind="stable")[: len(similarities)]]
    rows = np.asarray([[lexical.logits[i], similarities[k], reads[k]] for k, i in enumerate(order)], dtype=np.float64)
    rerank = [float(v) for v in model.reranker.logits(rows)]
    best_first = [int(k) for k in np.argsort(-np.asarray(rerank), kind="stable")]
    pool = [order[k] for k in best_first]
    top = pool[0]
    row = [
        *answer_features(analysis, lexical.logits, top),
        float(similarities[best_first[0]]),
        float(max(similarities)),
        float(reads[best_first[0]]),
        float(max(reads)),
        rerank[best_first[0]],
    ]
    return Ranking(lexical.logits, pool, [sigmoid(rerank[k]) for k in best_first], row)


def semantic_texts(analysis: Analysis, model: ExtractiveModel, lexical: Ranking) -> list[str]:
    """Return the texts to embed: the question, then the lexical top candidates' quotes."""
    order = np.argsort(-np.asarray(lexical.logits), kind="stable")[: model.semantic_candidates]
    return [analysis.question.text, *(analysis.quote_text(analysis.candidates[int(i)]) for i in order)]


def _quote(analysis: Analysis, candidate: Candidate) -> Quote:
    start, end = analysis.quote_span(candidate)
    return Quote(analysis.passages[candidate.passage].item.chunk_id, start, end, analysis.quote_text(candidate))


def _passage_document(analysis: Analysis, passage: int) -> str:
    return document_of(analysis.passages[passage].item)


def _document_of(analysis: Analysis, candidate: Candidate) -> str:
    return _passage_document(analysis, candidate.passage)


def _in_list(analysis: Analysis, candidate: Candidate) -> bool:
    units = analysis.passages[candidate.passage].units
    return bool(units) and units[candidate.sentence].role in (Role.STEP, Role.ITEM, Role.ROW)


def _list_anchor(analysis: Analysis, document: str, order: list[tuple[int, float]], floor: float) -> Candidate | None:
    """Return the list item whose list answers a list question: the best sentence when it is a step, item or row,
    else the best such sentence of the same document among the next few, when it is at least `floor` likely (a
    share of the best sentence's probability: a list item holds one fact, so it scores lower than a summary)."""
    for rank, (index, probability) in enumerate(order[:LIST_ANCHOR_RANKS]):
        candidate = analysis.candidates[index]
        if rank and (probability < floor or _document_of(analysis, candidate) != document):
            continue
        if _in_list(analysis, candidate):
            return candidate
    return None


def answered_by_heading(analysis: Analysis, candidate: Candidate) -> bool:
    """Return True when a step or list item answers through its headings rather than its own words: what the
    question asks about is named under "## What is in the box" or "## Resetting the hub", not in "Two AAA batteries"
    or "Hold the button for ten seconds". Such a list answers as a whole, whatever the question's number ("What
    comes in the box?"), when the headings are negated as the question is. Questions asking for one thing of a kind
    (which X, how many, when, who) are left alone."""
    needs = analysis.needs
    if needs.expect is not Expect.ANY or needs.which or asks_yes_no(analysis.question.text):
        return False
    if needs.numbered_parts():
        return False  # v87: "what is step 4 before first use" asks for step 4 of the list, not the list
    if needs.money and not asks_for_several(analysis.question.text):
        # v76: "What's the revenue target for next quarter?" asks for one sum, not the whole list under "Next quarter"
        return False
    passage = analysis.passages[candidate.passage]
    if not passage.units or passage.units[candidate.sentence].role not in (Role.STEP, Role.ITEM):
        return False
    unit = passage.units[candidate.sentence]
    own = _own_stems(analysis, candidate)
    # Its headings below the document's title, whether the chunk shows that title or only its section hint does.
    _, headed, titled, _ = analysis.sections(candidate.passage)
    heading_words = tokenize(unit.context.removeprefix(unit.title))
    # A heading or lead-in may repeat a word of the title and name one list by it ("For the drizzle:" in a lemon
    # drizzle recipe): that word then names this list, not every list of the document.
    below = {t.stem for t in heading_words if t.content} - own
    headings = (set(headed[candidate.sentence]) - titled - own) | below
    if negated(heading_words) != analysis.question.negated:
        return False  # "What is covered" does not answer "What isn't covered?", nor the other way round
    # A word naming a numbered item ("step" of "step 4") is no subject: it matches every "## Steps" heading.
    # The document's title names what every list of it is about ("Warranty Card: ..." for "What isn't covered by the
    # warranty?"): what is left of the question is what the heading must name.
    numbered = {label for label, _ in needs.labels}
    focus = {
        term: w
        for term, w in needs.focus.items()
        if term not in numbered and (not same_word(term, titled) or same_word(term, below))
    }
    total = sum(focus.values())
    if not total or not headings:
        return False
    in_item = sum(w for term, w in focus.items() if same_word(term, own)) / total
    in_headings = sum(w for term, w in focus.items() if same_word(term, headings)) / total
    return in_headings >= HEADING_ANSWER_SHARE and in_item < in_headings


def _claim(analysis: Analysis, text: str) -> bool:
    """Return whether the sentence may be a claim for this question (listing.may_be_claim; "who" questions may
    quote a minutes' attendance line)."""
    return may_be_claim(text, people=analysis.needs.asks_who)


def _own_tokens(analysis: Analysis, candidate: Candidate) -> list[Token]:
    """Return the tokens of a candidate's quote (its sentence, and the one before when it opens with a pronoun)."""
    passage = analysis.passages[candidate.passage]
    return [t for sentence in passage.tokens[candidate.first : candidate.sentence + 1] for t in sentence]


def _own_stems(analysis: Analysis, candidate: Candidate) -> set[str]:
    """Return the stems of a candidate's quote (_own_tokens)."""
    return {t.stem for t in _own_tokens(analysis, candidate)}


def _row_key_terms(analysis: Analysis, anchor: Candidate) -> set[str]:
    """Return the question's subject words and names a table row states itself and its headings do not: a row is a
    record about its own key, so only rows naming all of them answer with it. Empty for other list items."""
    passage = analysis.passages[anchor.passage]
    if not passage.units or passage.units[anchor.sentence].role is not Role.ROW:
        return set()
    own = _own_stems(analysis, anchor)
    headings = passage.context_stems[anchor.sentence]  # "## Kayak hire" over the table names every row's kayak
    asked = (*analysis.needs.focus, *analysis.needs.key_terms)
    return {term for term in asked if same_word(term, own) and not same_word(term, headings)}


def _sentence(analysis: Analysis, passage: int, index: int, max_chars: int) -> Candidate | None:
    """Return a sentence of a chunk as a candidate for a further claim (not scored), or None when it may not be one."""
    item = analysis.passages[passage]
    first = quote_start(item, index, max_chars)
    text = item.item.text[item.spans[first].start : item.spans[index].end]
    if not item.quotable or WITHHELD_MARKER_START in text or not _claim(analysis, text):
        return None
    return Candidate(passage, index, first, [])


def _siblings(analysis: Analysis, anchor: Candidate, max_chars: int) -> list[Candidate]:
    """Return the other steps, items or rows of the anchor's list under the same headings, in document order,
    whether or not they repeat the question's words: a list answers as a whole."""
    units = analysis.passages[anchor.passage].units
    own = units[anchor.sentence]
    siblings = []
    for index, unit in enumerate(units):
        if index == anchor.sentence or unit.role is not own.role or unit.context != own.context:
            continue
        candidate = _sentence(analysis, anchor.passage, index, max_chars)
        if candidate is not None:
            siblings.append(candidate)
    return siblings


def _focus(analysis: Analysis, document: str) -> frozenset[str]:
    """Return the stems of what the question asks about: its content words beyond the document's title and the
    words that only say what kind of several things it wants ("rules", "changes", "need")."""
    titled = {t.stem for t in tokenize(document) if t.content}  # the document key is its title or file name
    return frozenset(
        term for term in analysis.question.weights if not generic_question_word(term) and not same_word(term, titled)
    )


def _shares_focus(analysis: Analysis, candidate: Candidate, best: Candidate, focus: frozenset[str]) -> bool:
    """Return True when a sentence sits under the best sentence's own headings (below the title), or it or its
    headings name something the question asks about."""
    passage = analysis.passages[candidate.passage]
    if passage.units and candidate.passage == best.passage:
        unit, top = passage.units[candidate.sentence], passage.units[best.sentence]
        if unit.context and unit.context == top.context and unit.context != unit.title:
            return True
    stems = _own_stems(analysis, candidate)
    if passage.context_stems:
        stems |= passage.context_stems[candidate.sentence]
    return any(same_word(term, stems) for term in focus)


def _stating(
    analysis: Analysis, kind: ListKind, best: Candidate, document: str, order: list[tuple[int, float]], max_chars: int
) -> list[Candidate]:
    """Return the document's sentences said the way a fact of that kind is said, the plainest first (kind_strength);
    among equals the eligible ones likeliest first, then the others that share the question's focus or the best
    sentence's section, in document order."""
    eligible = []
    for index, _ in order[1:]:
        likely = analysis.candidates[index]
        if _document_of(analysis, likely) == document:
            text = analysis.quote_text(likely)
            if states_kind(kind, text) and _claim(analysis, text):
                eligible.append(likely)
    focus = _focus(analysis, document)
    others = []
    for position, passage in enumerate(analysis.passages):
        if _passage_document(analysis, position) != document:
            continue
        for index in range(len(passage.spans)):
            candidate = _sentence(analysis, position, index, max_chars)
            if (
                candidate is not None
                and states_kind(kind, analysis.quote_text(candidate))
                and _shares_focus(analysis, candidate, best, focus)
            ):
                others.append(candidate)
    question = analysis.question.text
    ranked = list(enumerate([*eligible, *others]))
    ranked.sort(key=lambda pair: (-kind_strength(kind, analysis.quote_text(pair[1]), question), pair[0]))
    return [candidate for _, candidate in ranked]


def _lead_first(
    analysis: Analysis, order: list[tuple[int, float]], listing: bool, model_floor: float
) -> list[tuple[int, float]]:
    """Return the order with the lead claim first: the likeliest sentence when it states something, else the
    likeliest that does (for a list question with a kind, the likeliest of the same document that states a fact
    of that kind). A greeting, a preamble or a question in the text is eligible when it shares the question's words
    ("Dear parents," for "What do parents need to do?") but answers nothing; the answer score still describes the
    likeliest sentence."""

    def text(rank: int) -> str:
        return analysis.quote_text(analysis.candidates[order[rank][0]])

    kind = list_kind(analysis.question.text) if listing and order else None
    if kind is not None and _claim(analysis, text(0)) and not states_kind(kind, text(0)):
        # "What rules apply ...?" and the likeliest sentence states no rule ("The club chose a novel for March"):
        # a nearly as likely sentence that does leads, and its document answers.
        floor = model_floor * order[0][1]
        for rank in range(1, min(len(order), LIST_ANCHOR_RANKS)):
            if order[rank][1] < floor:
                break
            if _claim(analysis, text(rank)) and states_kind(kind, text(rank)):
                return [order[rank], *order[:rank], *order[rank + 1 :]]
    if not order or _claim(analysis, text(0)):
        return order  # the usual case: nothing else is read
    fit = (rank for rank in range(1, len(order)) if _claim(analysis, text(rank)))
    lead = next(fit, None)
    if lead is None:
        return order
    if kind is not None:
        document = _document_of(analysis, analysis.candidates[order[0][0]])
        lead = next(
            (
                rank
                for rank in chain([lead], fit)
                if _document_of(analysis, analysis.candidates[order[rank][0]]) == document
                and states_kind(kind, text(rank))
            ),
            lead,
        )
    return [order[lead], *order[:lead], *order[lead + 1 :]]


def _heading_list_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Return the order with a list named by what the question asks about first (answered_by_heading), when one of
    the likeliest sentences of the best sentence's document is in it and the best sentence is not: "What goes into
    the tomato sauce?" is answered by the items under "For the tomato sauce:", not by "Mix the vegetables into the
    tomato sauce."; "What isn't covered by the warranty?" by the items under "What is not covered", not by an item of
    "What is covered"."""
    if not order:
        return order
    lead = analysis.candidates[order[0][0]]
    if answered_by_heading(analysis, lead):
        return order
    document = _document_of(analysis, lead)
    for rank in range(1, min(len(order), 2 * LIST_ANCHOR_RANKS)):
        candidate = analysis.candidates[order[rank][0]]
        if _document_of(analysis, candidate) == document and answered_by_heading(analysis, candidate):
            return [order[rank], *order[:rank], *order[rank + 1 :]]
    return order


LABELLED_ANSWER_RANKS = 8  # how deep a where/when question looks for a line labelled as what it asks


def _promote(
    analysis: Analysis, order: list[tuple[int, float]], fits: Callable[[Candidate], bool]
) -> list[tuple[int, float]]:
    """Return `order` with the likeliest of its first LABELLED_ANSWER_RANKS candidates that `fits` and stands in the
    lead's document moved to the front (unchanged when the lead fits, or none does)."""
    if not order:
        return order
    document = _document_of(analysis, analysis.candidates[order[0][0]])
    for rank, (index, _) in enumerate(order[:LABELLED_ANSWER_RANKS]):
        candidate = analysis.candidates[index]
        if _document_of(analysis, candidate) == document and fits(candidate):
            return [order[rank], *order[:rank], *order[rank + 1 :]] if rank else order
    return order


def _labelled_answer_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first, for a where/when question, a line of the best quote's document labelled as what is asked
    ("Location: Loading bay 2" for "Where did the incident happen?", over "Reported by: ..." that shares the
    question's subject with every field of the form)."""
    asked = analysis.needs.place_or_time
    if asked is None:
        return order
    return _promote(analysis, order, lambda candidate: labels_the_asked(analysis.quote_text(candidate), asked))


def _numbered_item_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first, for a question naming a step or clause by its number, that item (names_the_item) over a sentence
    that only refers to it (v87, outside check 10: "You will need this number in step 6." for "whats step 6 of
    setting up")."""
    if not analysis.needs.numbered_parts():
        return order

    def numbered(candidate: Candidate) -> bool:
        units = analysis.passages[candidate.passage].units
        return bool(units) and analysis.needs.names_item(units[candidate.sentence].number)

    return _promote(analysis, order, numbered)


def _holder_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first, for "Who is the X?", a line of the best quote's document labelled with the X that gives a name
    ("Club Welfare Officer: Mrs Sandra Obi"), over a sentence about what the X does ("The Welfare Officer is the first
    point of contact ...") (v77)."""
    needs = analysis.needs
    role = asked_role(fold(analysis.question.text))
    if not needs.identity or not role:
        return order
    return _promote(
        analysis, order, lambda candidate: names_the_holder(analysis.quote_text(candidate), role, needs.terms)
    )


def _named_thing_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first, for "Is there a X ...?", a sentence of the best quote's document that names the X itself ("A
    refundable deposit of 100 pounds is taken on every hire." for "Is there a deposit when hiring a bike?", over
    "Bikes may be hired from 8:00 ..." that shares the rest of the question and finds the deposit only in its
    section): the X named in the sentence is what says yes or no."""
    thing = analysis.needs.exists
    if not thing or not order or says_in_order(thing, _own_tokens(analysis, analysis.candidates[order[0][0]])):
        return order
    # The rest of what is asked, one word of which the sentence must share: a generic X ("a charge", "a problem")
    # is named by sentences about other things ("Tablets are given free of charge").
    rest = [term for term in analysis.needs.focus if term not in thing]

    def names_it(candidate: Candidate) -> bool:
        own = _own_tokens(analysis, candidate)
        stems = {t.stem for t in own}
        return says_in_order(thing, own) and any(same_word(term, stems) for term in rest)

    return _promote(analysis, order, names_it)


def _document_coverage(analysis: Analysis) -> dict[str, frozenset[str]]:
    """Return, for every retrieved document, the asked words (QuestionNeeds.focus) its retrieved text and title name."""
    needs = analysis.needs
    return {
        document: frozenset(term for term in needs.focus if needs.found(term, words))
        for document, words in analysis.document_stems().items()
    }


def _covering_document_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first the likeliest sentence of a document whose retrieved text names every asked word the lead's
    document names, and more ("How much water does the mopping tank hold?": the robot vacuum's manual names the mop
    and the tank, the dehumidifier's leaflet holding "The tank holds 3 litres." only the tank)."""
    if not order or not _titled(analysis, analysis.candidates[order[0][0]]):
        return order  # a chunk with no document named is its own document: there is no document to compare
    coverage = _document_coverage(analysis)
    lead = coverage[_document_of(analysis, analysis.candidates[order[0][0]])]
    for rank, (index, _) in enumerate(order[1:LABELLED_ANSWER_RANKS], start=1):
        candidate = analysis.candidates[index]
        if _titled(analysis, candidate) and coverage[_document_of(analysis, candidate)] > lead:
            return [order[rank], *order[:rank], *order[rank + 1 :]]
    return order


def _titled(analysis: Analysis, candidate: Candidate) -> bool:
    """Return True when the candidate's chunk names its document (a title or file name in its section hint)."""
    return bool(document_key(analysis.passages[candidate.passage].item))


_ASKS_FUTURE = re.compile(r"^\s*when\s+(?:will|shall|(?:is|are)\s+\S+(?:\s+\S+){0,4}?\s+going\s+to)\b", re.IGNORECASE)
_STATES_FUTURE = re.compile(
    r"\b(?:will|shall|(?:i|we|you|they|it|he|she)['’]ll|scheduled|planned|due|expected|going\s+to|upcoming)\b",
    re.IGNORECASE,
)


def _sharper_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first a sentence of the lead's paragraph, under its headings, that names, in its own
    words, every asked word their shared headings do not, when the lead does not: "Components such as brakes and
    gears are covered for 2 years." over "Frames carry a 10-year warranty." for "What is the warranty on brakes?"
    (the heading "Warranty" names the warranty for both; only one names the brakes), "The Leipzig warehouse moves to
    Halle on 14 December." over "Customer service hours stay the same: Monday to Friday." in the same email."""
    if not order:
        return order
    needs = analysis.needs
    asked = [*needs.focus, *needs.key_terms]
    lead = analysis.candidates[order[0][0]]
    passage = analysis.passages[lead.passage]
    shared = passage.context_stems[lead.sentence] if passage.context_stems else frozenset()

    def names(candidate: Candidate) -> frozenset[str]:
        stems = _own_stems(analysis, candidate)
        return frozenset(term for term in asked if needs.found(term, stems) and not same_word(term, shared))

    beyond = frozenset(term for term in asked if not same_word(term, shared))
    if not beyond or names(lead) == beyond:
        return order
    for rank, (index, _) in enumerate(order[1:LABELLED_ANSWER_RANKS], start=1):
        candidate = analysis.candidates[index]
        if candidate.passage != lead.passage:
            continue
        if passage.context_stems and passage.context_stems[candidate.sentence] != shared:
            continue
        if passage.units and passage.units[candidate.sentence].block != passage.units[lead.sentence].block:
            continue  # another paragraph: an earlier message quoted below a reply says what has since changed
        if names(candidate) == beyond:
            return [order[rank], *order[:rank], *order[rank + 1 :]]
    return order


def _future_first(analysis: Analysis, order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Put first, for "When will X ...?", a sentence of the lead's document that says what is to come ("Work is
    scheduled for 17 March") over a lead that says nothing of the future ("The boiler failed its inspection on
    Friday")."""
    if not _ASKS_FUTURE.match(analysis.question.text):
        return order
    return _promote(analysis, order, lambda candidate: bool(_STATES_FUTURE.search(analysis.quote_text(candidate))))


_ASKS_REMEDY = re.compile(
    r"\bwhat (?:can|should|do|must) (?:i|we) do\b|\bhow (?:do|can|should) (?:i|we) (?:fix|solve|sort|stop|get round)\b"
    r"|\b(?:is there|what is|what's) (?:a |the )?(?:workaround|fix)\b",
    re.IGNORECASE,
)


def _with_remedy(analysis: Analysis, lead: Candidate) -> Candidate:
    """Return the lead, or, when the question asks what to do about a problem ("... - what can I do?") and the lead
    states the problem, the lead with the next sentence that points back to it ("As a workaround, ...", "To fix
    this, ..."): the remedy is the answer, the problem sentence only says the document knows the problem."""
    if not _ASKS_REMEDY.search(analysis.question.text):
        return lead
    for candidate in analysis.candidates:
        if (
            candidate.passage == lead.passage
            and candidate.first == lead.first
            and candidate.sentence == lead.sentence + 1
        ):
            return candidate
    return lead


def _order(analysis: Analysis, ranking: Ranking) -> list[tuple[int, float]]:
    """Return (candidate, probability) best first: the ranking's pool, then every other candidate by lexical logit."""
    seen = set(ranking.pool)
    rest = [int(i) for i in np.argsort(-np.asarray(ranking.logits), kind="stable") if int(i) not in seen]
    return [*zip(ranking.pool, ranking.probabilities, strict=True), *((i, sigmoid(ranking.logits[i])) for i in rest)]


@dataclass(frozen=True)
class Chosen:
    """The quotes of a briefing, and whether its lead is a list item answering through the headings the question
    names (answered_by_heading): such an answer needs no score, as a restated yes/no answer needs none."""

    quotes: tuple[Quote, ...]
    headed: bool = False
    answering: tuple[Candidate, ...] = ()  # the candidates the quotes were cut from, the lead first

    @property
    def lead(self) -> Candidate | None:
        """The candidate the first quote was cut from."""
        return self.answering[0] if self.answering else None


def choose_quotes(analysis: Analysis, model: ExtractiveModel, ranking: Ranking) -> Chosen:
    """Return the best sentence's quote, then further claims when the question asks for several things.

    The lead is the likeliest sentence that states something (never a greeting, preamble or question). Further
    claims come from distinct sentences (never overlapping a quote already taken) and, for a list question, from
    the best quote's document: the rest of its answering list, or its sentences that state the kind of fact asked;
    they follow the lead in document order."""
    policy = model.claims
    order = _order(analysis, ranking)
    listing = asks_for_several(analysis.question.text)
    top_probability = order[0][1]
    if listing:
        most = policy.list_max_claims
        floor = max(policy.list_min_probability, policy.list_relative_probability * top_probability)
    else:
        most = policy.max_claims
        floor = max(policy.min_probability, policy.relative_probability * top_probability)
    order = _covering_document_first(analysis, order)
    order = _lead_first(analysis, order, listing, policy.list_relative_probability)
    order = _heading_list_first(analysis, order)
    order = _labelled_answer_first(analysis, order)
    order = _numbered_item_first(analysis, order)
    order = _named_thing_first(analysis, order)
    order = _holder_first(analysis, order)
    if not listing:
        order = _sharper_first(analysis, order)
    order = _future_first(analysis, order)
    first = _with_remedy(analysis, analysis.candidates[order[0][0]])
    document = _document_of(analysis, first)
    chosen: list[Candidate] = [first]
    quotes = [_quote(analysis, first)]
    max_chars = model.max_sentence_chars

    def take(candidate: Candidate) -> None:
        if not _claim(analysis, analysis.quote_text(candidate)):
            return  # a question, a greeting, a document's preamble or a header field states no fact
        quote = _quote(analysis, candidate)
        if any(q.overlaps(quote) for q in quotes):
            return  # overlaps a quote already taken (an anaphor pulled its neighbour in)
        if any(" ".join(q.text.split()) == " ".join(quote.text.split()) for q in quotes):
            return  # the same sentence in another chunk or document (a copy, a forwarded mail) says nothing new
        chosen.append(candidate)
        quotes.append(quote)

    anchor_floor = policy.list_relative_probability * top_probability
    anchor = _list_anchor(analysis, document, order, anchor_floor) if listing else None
    headed = answered_by_heading(analysis, first)
    whole = headed and anchor in (None, first)
    if whole:
        anchor, most = first, policy.list_max_claims  # the list under the heading the question names answers
    kind = list_kind(analysis.question.text) if listing else None
    if anchor is not None and anchor is not first and kind is not None:
        # The best sentence is prose and says what is asked more plainly than the list below it ("We decided ..."
        # above a list of action items, for "What was decided?"): the answer is in prose, not that list.
        question = analysis.question.text
        if kind_strength(kind, analysis.quote_text(first), question) > kind_strength(
            kind, analysis.quote_text(anchor), question
        ):
            anchor = None
    if anchor is not None:
        # A step, item or row answers (the best sentence, or one nearly as likely): the other ones of its list
        # under the same headings answer too, in document order, though they need not repeat the question's words.
        if anchor is not first:
            take(anchor)
        keyed = _row_key_terms(analysis, anchor)
        for candidate in _siblings(analysis, anchor, max_chars):
            if len(quotes) >= most:
                break
            if keyed and not all(same_word(term, _own_stems(analysis, candidate)) for term in keyed):
                continue  # another row's record: "Power light off" does not answer "... Wi-Fi light is flashing?"
            if keyed and flag_contradicted(analysis.quote_text(candidate), analysis.needs.terms, analysis.needs.denied):
                continue  # "Approved: No" is no answer to "Which expenses were approved?"
            take(candidate)
    if kind is not None and anchor is None:
        # Prose answers a list question in sentences that rarely repeat its words: the further claims are the
        # document's sentences said the way such a fact is said (listing.py), the eligible ones first.
        for candidate in _stating(analysis, kind, first, document, order, max_chars):
            if len(quotes) >= most:
                break
            take(candidate)
    for index, probability in order[1:]:
        if len(quotes) >= most or probability < floor:
            break
        candidate = analysis.candidates[index]
        if candidate in chosen or (listing and _document_of(analysis, candidate) != document):
            continue
        take(candidate)
    for part in _part_answers(analysis, document, order):
        # A compound question ("How many are coming, and are any vegetarian?"): each part has its own claim.
        if part not in chosen:
            take(part)
    if whole:
        # One list answers as a whole: its items in the order the document gives them, none of them the lead.
        ordered = sorted(zip(chosen, quotes, strict=True), key=lambda pair: (pair[0].passage, pair[0].sentence))
        quotes = [quote for _, quote in ordered]
    elif len(quotes) > 2:
        rest = sorted(zip(chosen[1:], quotes[1:], strict=True), key=lambda pair: (pair[0].passage, pair[0].sentence))
        quotes = [quotes[0], *(quote for _, quote in rest)]
    return Chosen(tuple(quotes), headed, tuple(chosen))


PART_SHARE = 0.5  # of a compound question's part's focus weight, in the sentence itself


def _part_share(analysis: Analysis, candidate: Candidate, number: int, needs: QuestionNeeds) -> float | None:
    """Return the share of a compound question's part's subject a sentence names in its own words, or None when the
    sentence cannot answer that part (not eligible for it, or without the part's answer kind)."""
    asked = needs.focus or dict.fromkeys(needs.key_terms, 1.0)  # its subject's words, else its names ("the AGM")
    total = sum(asked.values())
    if not total or number not in candidate.parts:
        return None
    tokens = _own_tokens(analysis, candidate)
    if not holds_expected(needs.expect, tokens, needs.terms, needs.procedural):
        return None  # "... recommend to the AGM that rent rises" holds no date for "When is the AGM?"
    own = {t.stem for t in tokens}
    return sum(w for term, w in asked.items() if needs.found(term, own)) / total


def _part_answers(analysis: Analysis, document: str, order: list[tuple[int, float]]) -> list[Candidate]:
    """Return, for each part of a compound question, the sentence of the lead's document that answers it: eligible
    for that part, and naming most of what the part asks about in its own words (a section's sentences are all
    eligible through their heading), the likeliest among equals."""
    answers = []
    for number, needs in enumerate(analysis.parts, start=1):
        best: tuple[float, Candidate] | None = None
        for index, _ in order:
            candidate = analysis.candidates[index]
            if _document_of(analysis, candidate) != document:
                continue
            share = _part_share(analysis, candidate, number, needs)
            if share is not None and share >= PART_SHARE and (best is None or share > best[0]):
                best = (share, candidate)
        if best is not None:
            answers.append(best[1])
    return answers


def unanswered_parts(analysis: Analysis, answering: Sequence[Candidate]) -> tuple[str, ...]:
    """Return the parts of a compound question for which none of the answering sentences is eligible, when another
    part is: half an answer must say it is half ("What is the fire assembly point, and when is the party?" answered
    with the party's date only). Parts offered as alternatives ("..., or which year group ...?") need one answer
    between them; a part asking about nothing but its verb is not checked."""
    if not analysis.parts:
        return ()
    answered, missing = 0, []
    for number, (needs, text) in enumerate(zip(analysis.parts, analysis.part_texts, strict=True), start=1):
        if not (needs.focus or needs.key_terms):
            continue
        if any(number in candidate.parts for candidate in answering):
            answered += 1
        else:
            missing.append(text)
    if not answered or not missing or alternative_parts(analysis.question.text):
        return ()
    return tuple(missing)


def draft_answer(
    question: str,
    evidence: Sequence[EvidenceItem],
    model: ExtractiveModel,
    encoder: SentenceEncoder | None,
    reader: PassageReader | None = None,
    rank_ineligible: bool = True,
) -> Draft:
    """Return the best answer the evidence supports and its score; no quotable sentence gives score 0.

    Without `rank_ineligible`, a draft no sentence may answer is ranked lexically only: it scores 0 and is refused at
    any positive threshold, so the encoder and reader passes (most of a draft's time) would change nothing shown."""
    analysis = analyze(question, evidence, max_sentence_chars=model.max_sentence_chars)
    checked = analysis
    question = analysis.question.text  # as the analysis read it (checks.as_typed), for the readers below too
    semantic = encoder is not None and reader is not None
    answer = model.semantic_answer if semantic else model.lexical_answer
    header = header_answer(analysis, question)
    if header is None:
        return Draft(0.0, answer.threshold, (), semantic)  # the message asked about has no such header line
    if header is not False:
        # "Who sent the email about ...?": the message's own header line answers, as the question asks for it.
        item = analysis.passages[header.passage].item
        quote = Quote(item.chunk_id, header.start, header.end, item.text[header.start : header.end])
        return Draft(1.0, answer.threshold, (quote,), semantic, restated=True)
    neighbour = neighbouring_step(analysis, question)
    if neighbour is not None:
        # "... - what do I do next?": the step after the one named is the answer, by its place in the list.
        passage = analysis.passages[neighbour.passage]
        start, end = passage.spans[neighbour.first].start, passage.spans[neighbour.last].end
        quote = Quote(passage.item.chunk_id, start, end, passage.item.text[start:end])
        return Draft(neighbour.share, answer.threshold * LAYOUT_THRESHOLD_FACTOR, (quote,), semantic)
    eligible = bool(analysis.candidates)
    if not eligible:
        # No sentence can answer (checks.py): the draft keeps the best unchecked quote but scores 0, so it is refused
        # at any threshold above 0 (and min_score 0 still means "answer every draft").
        analysis = analyze(
            question,
            evidence,
            max_sentence_chars=model.max_sentence_chars,
            check=False,
            passages=analysis.passages,
        )
    if not analysis.candidates or not analysis.question.weights:
        return Draft(0.0, answer.threshold, (), semantic, analysis=checked)
    ranking = lexical_ranking(analysis, model)
    if encoder is not None and reader is not None and (eligible or rank_ineligible):
        similarities, reads = semantic_scores(encoder, reader, semantic_texts(analysis, model, ranking))
        ranking = semantic_ranking(analysis, model, ranking, similarities, reads)
    score = answer.score(ranking.answer_row) if eligible else 0.0
    listing = asks_for_several(question)
    threshold = answer.threshold * (model.claims.list_threshold_factor if listing else 1.0)
    chosen = choose_quotes(analysis, model, ranking)
    if chosen.lead is not None and analysis.passages[chosen.lead.passage].has_layout:
        threshold *= LAYOUT_THRESHOLD_FACTOR
    quotes = chosen.quotes
    if quotes and analysis.needs.asks_who:
        quotes = (_with_name_above(analysis, quotes[0]), *quotes[1:])
    restated = (
        eligible
        and bool(quotes)
        and (chosen.headed or restates_yes_no(analysis, quotes[0].text) or names_the_item(analysis, chosen.lead))
    )
    unanswered = unanswered_parts(analysis, chosen.answering) if eligible else ()
    return Draft(score, threshold, quotes, semantic, listing, restated, unanswered, checked)


# v90: a refused question is answered by a sentence that fails only the focus share (checks.MIN_FOCUS_SHARE: too few
# of the question's words are written in it or its section, "How long will Lift B be out of action?" / "Lift B will
# be out of service until 14 March") when the cross-encoder reads it, alone with the question, at this logit or more.
# Every other rule still holds, the rare-word one (v88) among them. Chosen on the read sets (ADR-0022 "Answerer v90"):
# at 7.0 the read sets gained 8 answers with the gold and answered no unanswerable question; 6.75 answered two.
PARAPHRASE_LOGIT = 7.0
PARAPHRASE_RANKS = 4  # the retrieved chunks it looks in, best first


def paraphrase_draft(
    question: str, evidence: Sequence[EvidenceItem], model: ExtractiveModel, reader: PassageReader, checked: Analysis
) -> Draft | None:
    """Return a draft answering with the sentence the reader scores highest among those of the best-ranked chunks
    that every eligibility rule admits once the focus share's floor is 0 and that the shipped floor turns away, when
    that score reaches PARAPHRASE_LOGIT; else None. `checked` is the analysis a refused draft was ranked from
    (Draft.analysis): its evidence is not split again, and its candidates are the sentences the shipped floor admits."""
    analysis = analyze(
        question,
        evidence,
        max_sentence_chars=model.max_sentence_chars,
        passages=checked.passages,
        floor=0.0,
        ranks=PARAPHRASE_RANKS,
    )
    needs = analysis.needs
    shipped = {(c.passage, c.sentence) for c in checked.candidates}
    found: list[Candidate] = []
    for candidate in analysis.candidates:
        if (candidate.passage, candidate.sentence) in shipped:
            continue  # the shipped floor admits it: the draft has weighed it already
        if not may_be_claim(analysis.quote_text(candidate), needs.asks_who):
            continue
        if candidate.parts:
            # admitted for a part of the question: the whole question must pass at 0 (it fails the shipped floor,
            # or the sentence would be among `shipped`)
            quoted = analysis.quoted(analysis.passages[candidate.passage], candidate.first, candidate.sentence)
            if not quoted.answers(needs, 0.0):
                continue
        found.append(candidate)
    if not found:
        return None
    logits = reader.read(analysis.question.text, [analysis.quote_text(candidate) for candidate in found])
    best = int(np.argmax(logits))
    if logits[best] < PARAPHRASE_LOGIT:
        return None
    threshold = model.semantic_answer.threshold
    return Draft(sigmoid(float(logits[best])), threshold, (_quote(analysis, found[best]),), True, restated=True)


# A signature's name line ("Mr Daniel Fenwick", "Priya"): a title and one to four capitalised words, nothing else
_NAME_LINE = re.compile(r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?[ \t]+)?[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3}")
MAX_ROLE_LINE_CHARS = 80


def _with_name_above(analysis: Analysis, quote: Quote) -> Quote:
    """Return a "who" answer that is a signature's role line ("Year 4 Class Teacher and Trip Leader") with the name
    line above it, which says who: the two lines are one quote, verbatim; any other quote is returned as it is."""
    item = next(p.item for p in analysis.passages if p.item.chunk_id == quote.chunk_id)
    text = item.text
    line_start = text.rfind("\n", 0, quote.start) + 1
    if text[line_start : quote.start].strip() or "\n" in quote.text or len(quote.text) > MAX_ROLE_LINE_CHARS:
        return quote  # not a line of its own, or not a short one
    if line_start < 2:
        return quote
    above_start = text.rfind("\n", 0, line_start - 1) + 1
    above = text[above_start : line_start - 1]
    if not above.strip() or not _NAME_LINE.fullmatch(above.strip()) or quote.text.rstrip().endswith((".", "?", "!")):
        return quote
    start = above_start + len(above) - len(above.lstrip())
    return Quote(quote.chunk_id, start, quote.end, text[start : quote.end])


def names_the_item(analysis: Analysis, lead: Candidate | None) -> bool:
    """Return True when the question points to a numbered step or clause by its number and the lead quote is that
    very item ("Under clause 2.2, how many people ...?" -- "2.2 No more than 15 people ..."): the question says
    where the answer is, so, like a restated yes/no answer, it needs no score. The answer kind was checked as for
    any sentence (a "how many" question still needs a number in the item), and the question must ask about
    something besides the number, which the eligibility rules found in the item's section."""
    if lead is None:
        return False
    labels = {label for label, _ in analysis.needs.labels}
    if not any(term not in labels for term in analysis.needs.focus):
        return False  # "What do I do at step 4?" names no subject: which document's step 4 is anyone's guess
    units = analysis.passages[lead.passage].units
    if not units or not units[lead.sentence].number:
        return False
    own = {t.stem for t in tokenize(units[lead.sentence].number)}
    return bool(analysis.needs.numbered_parts() & own)


YES_NO_RESTATEMENT = 0.6  # of the question's focus weight, in the quoted sentence itself
# v84: "can I / may I / are we allowed to <verb> X?" asks leave, and a sentence granting or refusing leave for X
# ("Generators are not allowed.", "dogs on leads are welcome") says it for whatever verb the question used
_ASKS_LEAVE = re.compile(r"^\s*(?:can|could|may|am|are|is)\s+(?:i|we|you|they|he|she|my|our)\b", re.IGNORECASE)
_GIVES_LEAVE = re.compile(
    r"\b(?:allowed|permitted|welcome|banned|prohibited|forbidden|not\s+(?:allowed|permitted))\b", re.IGNORECASE
)

_OPENS_WITH_QUESTION = re.compile(r"^[^.!?]*\?")


def restates_yes_no(analysis: Analysis, quote: str) -> bool:
    """Return True when a yes/no question's quote restates it, affirmed or denied: its names and numbers and most of
    what it asks about are in the sentence itself ("Will I be refunded for a first-class ticket ...?" -- "First-class
    tickets are never reimbursed, even when ..."). The answer model, fitted on SQuAD's wh-questions, scores such
    sentences low; a restatement is the answer a yes/no question has."""
    if not asks_yes_no(analysis.question.text):
        return False
    if _OPENS_WITH_QUESTION.match(quote):
        return False  # "Would it be OK if my colleague comes along? She isn't registered." asks; it answers nothing
    needs = analysis.needs
    stems = {t.stem for t in tokenize(quote)}
    if not all(same_word(term, stems) for term in needs.key_terms):
        return False
    thing = needs.acted_on
    if thing is not None and thing in needs.focus and not needs.found(thing, stems):
        return False  # v71: "Can I bring my dog to the picnic?" -- "The picnic will be held on Sunday": no dogs
    # A word only the situation told before the question uses weighs less: it says why one asks, not what.
    weights = {term: w * (SITUATION_WEIGHT if term in needs.told else 1.0) for term, w in needs.focus.items()}
    if (
        thing is not None
        and needs.verb is not None
        and _ASKS_LEAVE.match(analysis.question.text)
        and _GIVES_LEAVE.search(quote)
    ):
        weights.pop(needs.verb, None)  # the leave given for the thing answers whatever one asked to do with it
    total = sum(weights.values())
    found = sum(weight for term, weight in weights.items() if same_word(term, stems))
    return total > 0 and found / total >= YES_NO_RESTATEMENT
