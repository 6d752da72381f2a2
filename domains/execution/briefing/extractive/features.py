"""Features of (question, sentence) pairs and of a question's best candidate, computed from text and retrieval hints.

Term weights come from the evidence itself: a question term found in few of the retrieved chunks says more about
which chunk answers than one found in all of them, and a term found in none is the strongest sign that the evidence
is about something else. No corpus statistics are shipped, so the features mean the same thing on any corpus.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from domains.execution.briefing.extractive.checks import (
    MIN_FOCUS_SHARE,
    SYNONYMS,
    QuestionNeeds,
    as_typed,
    cell_label,
    cell_value,
    day_first,
    possessive_owners,
    question_parts,
    same_word,
)
from domains.execution.briefing.extractive.listing import asks_for_several, may_be_claim
from domains.execution.briefing.extractive.sentences import SentenceSpan
from domains.execution.briefing.extractive.structure import HEADING_NUMBER, Role, Unit, read_units
from domains.execution.briefing.extractive.terms import (
    HEDGES,
    QUESTION_FILLER,
    AnswerKind,
    Token,
    answer_kind,
    is_date_like,
    is_quantity,
    negated,
    tokenize,
)
from domains.execution.briefing.prompt_format import SECTION_SEPARATOR, WITHHELD_MARKER_START, EvidenceItem

# Trust labels whose text may be quoted. A chunk's label is the most severe label of its spans, and labelled spans
# never reach a provider: the prompt carries a withheld marker in their place (run/prompt.py, ADR-0020). So the rest
# of a labelled chunk is ordinary evidence; a sentence that holds a marker is never quoted; unknown labels fail closed.
QUOTABLE_TRUST_LABELS = frozenset({"trusted", "flagged", "untrusted"})

SENTENCE_FEATURES = (
    "coverage",
    "coverage_count",
    "window_gain",
    "chunk_coverage",
    "bigrams",
    "missing_capitalized_chunk",
    "missing_window",
    "missing_key_window",
    "missing_chunk",
    "novel_content",
    "kind_number_match",
    "kind_date_match",
    "kind_entity_match",
    "kind_other_novel",
    "negation_mismatch",
    "log_length",
    "first_in_chunk",
    "chunk_rank_inverse",
    "chunk_is_first",
    "semantic_rank_inverse",
    "lexical_rank_inverse",
)

_FILE_NAME = re.compile(
    r".{1,200}\.(?:md|markdown|txt|text|pdf|docx?|odt|rtf|html?|xhtml|eml|msg|csv|tsv|xlsx?|json|xml)", re.IGNORECASE
)
RECURRING_NAME_PARAGRAPHS = 2  # paragraphs of a document that name a thing before it counts as the document's
_ANAPHORA = frozenset(str.split("it its he his she her they their this these that those such there"))


@dataclass(frozen=True)
class Question:
    """A question reduced to what the features need."""

    text: str
    kind: AnswerKind
    negated: bool
    weights: dict[str, float]
    bigrams: frozenset[tuple[str, str]]
    capitalized: frozenset[str]
    numbers: frozenset[str]

    @property
    def key_terms(self) -> frozenset[str]:
        """Return the names and numbers of the question: terms a paraphrase rarely replaces."""
        return self.capitalized | self.numbers


@dataclass(frozen=True)
class Passage:
    """One evidence chunk split into sentences, with its tokens and retrieval hints."""

    position: int
    item: EvidenceItem
    spans: list[SentenceSpan]
    tokens: list[list[Token]]
    stems: frozenset[str]
    units: list[Unit] = field(default_factory=list)
    context_stems: list[frozenset[str]] = field(default_factory=list)

    @property
    def quotable(self) -> bool:
        """Return True when sentences of this chunk may be quoted."""
        return self.item.trust_label in QUOTABLE_TRUST_LABELS

    @property
    def has_layout(self) -> bool:
        """Return True when the chunk has layout: a heading, a list, a table row or a field."""
        return any(unit.context or unit.role is not Role.PROSE for unit in self.units)

    @property
    def rank(self) -> int:
        """Return the chunk's retrieval rank (its position in the prompt when the prompt carries no rank)."""
        return self.item.rank if self.item.rank is not None else self.position + 1


@dataclass(frozen=True)
class Candidate:
    """One quotable sentence: where it is, where its quote starts, and its features (SENTENCE_FEATURES order).

    The quote of a sentence that opens with a pronoun ("It was founded in 1263.") starts one sentence earlier, so
    that it says what "it" is; the features describe the whole quote, because that is what would be shown.
    """

    passage: int
    sentence: int
    first: int
    features: list[float]
    # The parts of a compound question (Analysis.parts, counted from 1) this sentence is eligible for on its own
    parts: frozenset[int] = frozenset()


# section_stems per sentence: own section, itself with its headings, the document's title, its paragraph or None
Sections = tuple[list[frozenset[str]], list[frozenset[str]], frozenset[str], list[frozenset[str] | None]]


@dataclass(frozen=True)
class RowKeys:
    """A table row's key words, those of its first cell (`own`), the words of its sibling rows' keys it does not
    write anywhere (`rivals`): "Gymnastics" and "Football, Code club" in a table of clubs (v85), and the words of its
    siblings' cell labels it does not write (`lacks`): "Seated capacity" where this row gives only a "Standing
    capacity" (v95)."""

    own: frozenset[str] = frozenset()
    rivals: frozenset[str] = frozenset()
    lacks: frozenset[str] = frozenset()


RowWords = list[tuple[frozenset[str], frozenset[frozenset[str]]] | None]  # _row_key_words of one passage


def _row_key_words(passage: Passage) -> RowWords:
    """Return each unit's key words, a row's first cell (after its label: "Club: Football"), and the words of each of
    its cells' labels ("Seated capacity (theatre): 60" -> {seat, capacity, theatre}); None for other units."""
    keys: RowWords = []
    for unit in passage.units:
        if unit.role is not Role.ROW:
            keys.append(None)
            continue
        cells = passage.item.text[unit.start : unit.end].split(" | ")
        key = frozenset(t.stem for t in tokenize(cell_value(cells[0])) if t.content)
        labels = (frozenset(t.stem for t in tokenize(cell_label(cell)) if t.content) for cell in cells)
        keys.append((key, frozenset(label for label in labels if label)))
    return keys


@dataclass
class Table:
    """One table's rows as their siblings read them: how many rows' keys hold each word, and its cells' labels."""

    keys: Counter[str] = field(default_factory=Counter)
    labels: set[frozenset[str]] = field(default_factory=set)


TableKeys = dict[str, Table]  # per table (its context: a row's headings and column header)


def tables_naming(passages: Sequence[Passage], words: Sequence[RowWords]) -> TableKeys:
    """Return, per table (a row's headings and column header), its Table over the passages given and their
    _row_key_words: one document's retrieved chunks, as a table cut into several chunks is still one table (v94)."""
    naming: TableKeys = {}
    for passage, row_words in zip(passages, words, strict=True):
        for unit, words_of in zip(passage.units, row_words, strict=True):
            if words_of is not None:
                table = naming.setdefault(unit.context, Table())
                table.keys.update(words_of[0])
                table.labels.update(words_of[1])
    return naming


def _lacked(labels: frozenset[frozenset[str]], siblings: set[frozenset[str]], written: set[str]) -> frozenset[str]:
    """Return the words of the siblings' cell labels that a row does not write, from the labels that share a word
    with one of the row's own and are not among them: "Seated capacity" beside its "Standing capacity" (v95). A
    label of another kind ("Start" beside "Topic" and "Detail") says nothing of what the row lacks."""
    own = frozenset().union(*labels) if labels else frozenset()
    lacked: set[str] = set()
    for label in siblings - labels:
        if label & own:
            lacked |= label - written
    return frozenset(lacked)


def document_table_keys(passages: Sequence[Passage]) -> list[list[RowKeys]]:
    """Return each passage's table_keys, the passages being one document's retrieved chunks: a row's siblings are
    the rows under the same headings and column header in any of them (v94)."""
    words = [_row_key_words(passage) for passage in passages]
    naming = tables_naming(passages, words)
    return [table_keys(passage, naming, row_words) for passage, row_words in zip(passages, words, strict=True)]


def table_keys(passage: Passage, naming: TableKeys | None = None, words: RowWords | None = None) -> list[RowKeys]:
    """Return each unit's RowKeys: a row's key is its first cell (after its label: "Club: Football"), and its
    siblings are the rows under the same headings and column header, in this passage or, with `naming`
    (tables_naming of its document's passages) and the passage's own `words`, in any chunk of its document."""
    keys = words if words is not None else _row_key_words(passage)
    rows_naming = naming if naming is not None else tables_naming([passage], [keys])
    found = []
    for unit, words_of, tokens, context in zip(passage.units, keys, passage.tokens, passage.context_stems, strict=True):
        if words_of is None:
            found.append(RowKeys())
            continue
        key, labels = words_of
        # words the row writes, or its headings and column header do ("Club" over "Code club"), name no rival
        written = {t.stem for t in tokens} | context
        table = rows_naming[unit.context]
        others = {word for word, rows in table.keys.items() if rows > (word in key)}
        lacks = _lacked(labels, table.labels, written)
        found.append(RowKeys(own=key, rivals=frozenset(others - written), lacks=lacks))
    return found


@dataclass(frozen=True)
class Quoted:
    """A quote as the eligibility rules read it: its tokens and text, its own section's and its document's stems, the
    sentence with its own headings, whether its chunk has layout, the chunk's stems, and a table row's header."""

    tokens: list[Token]
    text: str
    section: frozenset[str]
    document: frozenset[str]
    headed: frozenset[str]
    layout: bool
    chunk: frozenset[str]
    header: str
    row: bool
    paragraph: frozenset[str] | None = None
    names: frozenset[str] = frozenset()
    keys: RowKeys = RowKeys()
    number: str = ""  # a numbered step's or clause's own number ("6"), which "step 6" names it by
    first_is_day: bool | None = None  # how its document writes dates in figures (checks.day_first), when known

    def answers(self, needs: QuestionNeeds, floor: float = MIN_FOCUS_SHARE) -> bool:
        """Return True when the quote may answer what `needs` asks (QuestionNeeds.eligible), its focus share at least
        `floor`."""
        return needs.eligible(
            self.tokens,
            self.section,
            self.document,
            self.headed,
            self.layout,
            self.text,
            self.chunk,
            self.header,
            self.row,
            self.paragraph,
            self.names,
            self.keys.own,
            self.keys.rivals,
            self.keys.lacks,
            self.number,
            floor,
            self.first_is_day,
        )


@dataclass
class Analysis:
    """Everything computed once per call: the question, the passages, the quotable candidates."""

    question: Question
    passages: list[Passage]
    needs: QuestionNeeds  # what an answering sentence must show (checks.py), read once from the question
    # A compound question's parts (checks.question_parts), each with what a sentence answering it must show
    parts: tuple[QuestionNeeds, ...] = ()
    part_texts: tuple[str, ...] = ()  # the parts as questions, in the same order
    candidates: list[Candidate] = field(default_factory=list)
    idf: dict[str, float] = field(default_factory=dict)
    # section_stems per passage position, computed once (analyze fills it; list rules read it again per candidate)
    _sections: dict[int, Sections] = field(default_factory=dict)
    _shown: dict[str, str] | None = None
    _names: dict[str, frozenset[str]] | None = None
    _row_keys: dict[int, list[RowKeys]] = field(default_factory=dict)
    _day_first: dict[str, bool | None] = field(default_factory=dict)

    _several: bool | None = None
    _document_stems: dict[str, frozenset[str]] | None = None

    def sections(self, position: int) -> Sections:
        """Return section_stems of the passage at `position` (shown titles across all passages), computed once."""
        if position not in self._sections:
            if self._shown is None:
                self._shown = shown_titles(self.passages)
            self._sections[position] = section_stems(self.passages[position], self._shown)
        return self._sections[position]

    def document_stems(self) -> dict[str, frozenset[str]]:
        """Return, per retrieved document (document_of), the stems of its retrieved text and its title, computed once
        (read by _owned_elsewhere and by answer._document_coverage)."""
        if self._document_stems is None:
            stems: dict[str, set[str]] = {}
            for passage in self.passages:
                stems.setdefault(document_of(passage.item), set()).update(
                    passage.stems | self.sections(passage.position)[2]
                )
            self._document_stems = {document: frozenset(words) for document, words in stems.items()}
        return self._document_stems

    def document_names(self, passage: Passage) -> frozenset[str]:
        """Return the names that recur in the retrieved text of the passage's document (document_names)."""
        if self._names is None:
            self._names = document_names(self.passages)
        return self._names.get(document_of(passage.item), frozenset())

    def day_first(self, passage: Passage) -> bool | None:
        """Return whether the passage's document writes dates in figures day first (checks.day_first over every
        retrieved chunk of the document), computed once per document."""
        key = document_of(passage.item)
        if key not in self._day_first:
            texts = [p.item.text for p in self.passages if document_of(p.item) == key]
            orders = {day_first(text) for text in texts} - {None}
            self._day_first[key] = orders.pop() if len(orders) == 1 else None
        return self._day_first[key]

    def row_keys(self, passage: Passage, index: int) -> RowKeys:
        """Return the words of a table row's key and of its sibling rows' keys, in any retrieved chunk of its document
        (RowKeys), computed once per document; empty for anything but a row."""
        if passage.position not in self._row_keys:
            key = document_of(passage.item)
            same = [p for p in self.passages if document_of(p.item) == key]
            for other, keys in zip(same, document_table_keys(same), strict=True):
                self._row_keys[other.position] = keys
        return self._row_keys[passage.position][index]

    def quoted(self, passage: Passage, first: int, index: int) -> Quoted:
        """Return what the eligibility rules read of the quote of sentences first..index of `passage`.

        A sentence of a paragraph under no heading of its own (the body of a letter or an email) carries its
        paragraph too, where the question asks for one thing (QuestionNeeds.eligible)."""
        sections, headed, document, paragraphs = self.sections(passage.position)
        unit = passage.units[index] if passage.units else None
        row = unit is not None and unit.role is Role.ROW
        return Quoted(
            tokens=[t for sentence in passage.tokens[first : index + 1] for t in sentence],
            text=passage.item.text[passage.spans[first].start : passage.spans[index].end],
            section=sections[index],
            paragraph=None if self.several else paragraphs[index],
            document=document,
            headed=headed[index],
            layout=passage.has_layout,
            chunk=passage.stems | document,
            # a row's column header, or a field's label and headings ("HIRE CHARGES (per hour) / Main hall ... £28.00")
            header=unit.context if unit is not None and (row or unit.role is Role.FIELD) else "",
            row=row,
            names=self.document_names(passage),
            keys=self.row_keys(passage, index) if row else RowKeys(),
            number=unit.number if unit is not None else "",
            first_is_day=self.day_first(passage),
        )

    @property
    def several(self) -> bool:
        """Return True when the question asks for several things (listing.asks_for_several), computed once."""
        if self._several is None:
            self._several = asks_for_several(self.question.text)
        return self._several

    def quote_span(self, candidate: Candidate) -> tuple[int, int]:
        """Return the [start, end) offsets in the chunk text of the candidate's quote."""
        spans = self.passages[candidate.passage].spans
        return spans[candidate.first].start, spans[candidate.sentence].end

    def quote_text(self, candidate: Candidate) -> str:
        """Return the exact text of the candidate's quote."""
        start, end = self.quote_span(candidate)
        return self.passages[candidate.passage].item.text[start:end]


def _bigrams(stems: Sequence[str]) -> set[tuple[str, str]]:
    return set(pairwise(stems))


# Where a question told in several sentences starts another ("My battery is flat. Roughly how long ...?",
# "Sorry - ..."): the capital of the word opening it is no name.
_QUESTION_SENTENCE = re.compile(r"(?<=[.!?])\s+|\s[-–—]\s")


def read_question(text: str, idf: dict[str, float], default_idf: float) -> Question:
    """Return the question's kind, negation, content-term weights, bigrams and capitalised or numeric terms."""
    tokens = [token for part in _QUESTION_SENTENCE.split(text) for token in tokenize(part)]
    content = [t for t in tokens if t.content and t.stem not in QUESTION_FILLER and t.lower not in HEDGES]
    weights: dict[str, float] = {}
    for token in content:
        weights.setdefault(token.stem, idf.get(token.stem, default_idf))
    return Question(
        text=text,
        kind=answer_kind(text),
        negated=negated(tokens),
        weights=weights,
        bigrams=frozenset(_bigrams([t.stem for t in content])),
        capitalized=frozenset(t.stem for t in content if t.capitalized),
        numbers=frozenset(t.stem for t in content if t.numeric),
    )


def read_passages(evidence: Sequence[EvidenceItem], max_sentence_chars: int) -> list[Passage]:
    """Split every evidence chunk into sentence spans and tokens."""
    passages = []
    for position, item in enumerate(evidence):
        hint = tuple(item.section.split(SECTION_SEPARATOR)) if item.section else ()
        units = read_units(item.text, max_sentence_chars, hint)
        spans = [SentenceSpan(unit.start, unit.end) for unit in units]
        tokens = [tokenize(item.text[span.start : span.end]) for span in spans]
        # Headings and labels count as what the chunk is about, so they are in its stems.
        stems = frozenset(t.stem for t in tokenize(item.text))
        outer = outer_context(item)
        contexts = [frozenset(t.stem for t in tokenize(f"{unit.context} {outer}") if t.content) for unit in units]
        passages.append(Passage(position, item, spans, tokens, stems, units, contexts))
    return passages


def outer_context(item: EvidenceItem) -> str:
    """Return the parts of the chunk's location (document title, section path) that its own text does not show."""
    if not item.section:
        return ""
    lowered = item.text.lower()
    return " ".join(part for part in item.section.split(SECTION_SEPARATOR) if part.strip().lower() not in lowered)


def evidence_idf(passages: Sequence[Passage]) -> tuple[dict[str, float], float]:
    """Return per-stem weights 1 + ln((N+1)/(df+1)) over the chunks, and the weight of a stem found in none."""
    count = len(passages)
    frequency: dict[str, int] = {}
    for passage in passages:
        for term in passage.stems:
            frequency[term] = frequency.get(term, 0) + 1
    idf = {term: 1.0 + math.log((count + 1) / (df + 1)) for term, df in frequency.items()}
    return idf, 1.0 + math.log(count + 1)


def _coverage(weights: dict[str, float], stems: frozenset[str] | set[str]) -> float:
    total = sum(weights.values())
    return sum(w for term, w in weights.items() if term in stems) / total if total else 0.0


# v93: a field's label that ends in its dot leader ("Main hall, weekday evenings ... " before "£28.00") states nothing
# alone; the value's quote starts with it.
_LEADER_END = re.compile(r"(?:\.{4,}|[ \t]\.{3})[ \t]*$")


def ends_in_leader(passage: Passage, index: int) -> bool:
    """Return True when sentence `index` of the passage is a field's label up to its dot leader (a sentence of prose
    ending in an ellipsis is no label)."""
    if not passage.units or passage.units[index].role is not Role.FIELD:
        return False
    span = passage.spans[index]
    return bool(_LEADER_END.search(passage.item.text[span.start : span.end]))


def quote_start(passage: Passage, index: int, max_chars: int) -> int:
    """Return the sentence a quote of sentence `index` starts at: the one before when it opens with a pronoun, or
    when it is a field's value and the one before its label up to the dot leader on the same line."""
    if index > 0 and ends_in_leader(passage, index - 1):
        between = passage.item.text[passage.spans[index - 1].end : passage.spans[index].start]
        if "\n" not in between:
            return index - 1
    opening = passage.item.text[passage.spans[index].start : passage.spans[index].start + 2]
    # "IT will move the monitors": the department, not the pronoun.
    anaphoric = index > 0 and starts_with_anaphor(passage.tokens[index]) and not opening.isupper()
    if anaphoric and passage.units and passage.units[index - 1].block != passage.units[index].block:
        return index  # the sentence before belongs to another paragraph, item or row
    if anaphoric and passage.spans[index].end - passage.spans[index - 1].start <= 2 * max_chars:
        return index - 1
    return index


def with_equivalents(terms: Iterable[str], stems: frozenset[str] | set[str]) -> set[str]:
    """Return a text's stems and the question's terms the text writes as a plain synonym (checks._SYNONYM_GROUPS:
    "a safeguarding worry" asked, "safeguarding concerns" written): the scores read them as the question's word,
    as the eligibility rules do (v69)."""
    found = set(stems)
    found.update(term for term in terms if term not in stems and any(o in stems for o in SYNONYMS.get(term, ())))
    return found


def _sentence_features(
    question: Question, passage: Passage, first: int, index: int, chunk_stems: set[str], chunk_coverage: float
) -> list[float]:
    """Return one sentence's features; `chunk_stems` are its chunk's stems with the question's synonyms
    (with_equivalents), computed once per chunk."""
    tokens = [t for sentence in passage.tokens[first : index + 1] for t in sentence]
    context = passage.context_stems[index] if passage.context_stems else frozenset()
    stems = with_equivalents(question.weights, {t.stem for t in tokens})
    # The headings above a sentence (a FAQ question, a section title, a table header) say what it is about: they
    # count with its neighbours, so a sentence that names the thing asked about itself still ranks first.
    window = stems | context
    for neighbour in (first - 1, index + 1):
        if 0 <= neighbour < len(passage.tokens):
            window.update(t.stem for t in passage.tokens[neighbour])
    window = with_equivalents(question.weights, window)
    coverage = _coverage(question.weights, stems)
    terms = question.weights
    novel = [t for t in tokens if t.content and t.stem not in terms]
    novel_capitalized = any(t.capitalized for t in novel)
    kind = question.kind
    sentence_negated = negated(tokens)
    sentence_bigrams = _bigrams([t.stem for t in tokens if t.content])
    if context:
        heading_tokens = tokenize(passage.units[index].context)
        sentence_bigrams |= _bigrams([t.stem for t in heading_tokens if t.content])
    item = passage.item
    return [
        coverage,
        sum(1 for term in terms if term in stems) / len(terms) if terms else 0.0,
        _coverage(question.weights, window) - coverage,
        chunk_coverage,
        len(question.bigrams & sentence_bigrams) / len(question.bigrams) if question.bigrams else 0.0,
        float(min(3, sum(1 for term in question.capitalized if term not in passage.stems))),
        float(min(5, sum(1 for term in terms if term not in window))),
        float(min(3, sum(1 for term in question.key_terms if term not in window))),
        float(min(5, sum(1 for term in terms if term not in chunk_stems))),
        math.log1p(len(novel)),
        float(kind is AnswerKind.NUMBER and any(is_quantity(t) and t.stem not in question.numbers for t in novel)),
        float(kind is AnswerKind.DATE and any(is_date_like(t) for t in novel)),
        float(kind in (AnswerKind.PERSON, AnswerKind.PLACE) and novel_capitalized),
        float(kind is AnswerKind.OTHER and bool(novel)),
        float(question.negated != sentence_negated),
        math.log1p(len(tokens)),
        float(first == 0),
        1.0 / passage.rank,
        float(passage.rank == 1),
        1.0 / item.semantic_rank if item.semantic_rank else 0.0,
        1.0 / item.lexical_rank if item.lexical_rank else 0.0,
    ]


def _content_stems(text: str) -> frozenset[str]:
    return frozenset(t.stem for t in tokenize(text) if t.content)


def document_key(item: EvidenceItem) -> str:
    """Return which document a chunk belongs to: the first part of its section hint (title or file name), or ""."""
    return item.section.split(SECTION_SEPARATOR)[0] if item.section else ""


def document_of(item: EvidenceItem) -> str:
    """Return the document a chunk is read as part of: its document_key, or, without a hint, the chunk itself (no
    other chunk's text is its document's)."""
    return document_key(item) or item.chunk_id


def shown_titles(passages: Sequence[Passage]) -> dict[str, str]:
    """Return, per document (the first part of its chunks' section hints), the title a chunk of it shows on its
    opening line: a plain-text document names its title only there, and its other chunks' hints do not repeat it."""
    titles: dict[str, str] = {}
    for passage in passages:
        key = document_key(passage.item)
        title = next((unit.title for unit in passage.units if unit.title), "")
        if key and title:
            titles.setdefault(key, title)
    return titles


def _names_in(tokens: list[Token]) -> list[str]:
    """Return the stems of the capitalised words of a text and of the numbers a capitalised word labels ("Year 5",
    "Room 12")."""
    return [
        token.stem
        for previous, token in zip([None, *tokens], tokens, strict=False)
        if (previous is not None and previous.capitalized and token.numeric)
        or (token.capitalized and token.content and not token.numeric)
    ]


def document_names(passages: Sequence[Passage]) -> dict[str, frozenset[str]]:
    """Return, per document (document_key, or the chunk id of a chunk without a hint), the names written
    capitalised in at least two of its paragraphs among the retrieved chunks, or once in the introduction under its
    title, and the numbers such a name labels ("Year 5"): the shop, the clinic, the product or the class a document
    is about ("Bramblewick" in its welcome and its contact lines), which a question names though the answering row
    or sentence does not."""
    seen: dict[str, dict[str, set[tuple[int, int]]]] = {}
    introduced: dict[str, set[str]] = {}
    headings: dict[str, int] = {}
    for passage in passages:
        # A chunk without a location hint is a document of its own: no other chunk's names are its names.
        key = document_of(passage.item)
        places = seen.setdefault(key, {})
        for index, tokens in enumerate(passage.tokens):
            unit = passage.units[index] if passage.units else None
            block = unit.block if unit is not None else index
            # The introduction right under the document's title ("Planning your stay at The Saltmarsh Hotel?")
            # names what the document is about: once is enough there.
            opening = (
                unit is not None
                and bool(unit.title)
                and unit.context == unit.title
                and unit.role in (Role.PROSE, Role.FIELD)
            )
            if unit is not None and unit.context:
                # A heading is a place of its own, counted once whichever chunk repeats it ("YEAR 5 TRIP TO HOLLINS
                # EDGE" over the letter's first section and "Hollins Edge" in its consent form)
                for heading in unit.context.split(" / "):
                    place = (-1, headings.setdefault(heading, len(headings)))
                    for name in _names_in(tokenize(heading)):
                        places.setdefault(name, set()).add(place)
            for name in _names_in(tokens):
                places.setdefault(name, set()).add((passage.position, block))
                if opening:
                    introduced.setdefault(key, set()).add(name)
    return {
        key: frozenset(name for name, where in places.items() if len(where) >= RECURRING_NAME_PARAGRAPHS)
        | introduced.get(key, set())
        for key, places in seen.items()
    }


def section_stems(passage: Passage, shown: dict[str, str] | None = None) -> Sections:
    """Return, per sentence, the stems of its own section (its headings below the title and every sentence under
    the same ones) and of itself with its headings; the stems of the document's title (its level-1 heading, the
    title in the section hint); and, per sentence of prose under no heading of its own (a letter's body), its
    paragraph with its headings (None for every other sentence)."""
    item = passage.item
    hint = item.section.split(SECTION_SEPARATOR) if item.section else []
    titles = hint[:1]
    if len(hint) >= 3 and _FILE_NAME.fullmatch(hint[0].strip()) and not HEADING_NUMBER.match(hint[1].strip()):
        # A document titled by its file name whose section path runs two deep: the top of the path is its real
        # title (the Markdown H1), whether or not this chunk shows that line. A path one deep may be a section.
        titles = hint[:2]
    shown_title = (shown or {}).get(document_key(item), "")
    document = _content_stems(" ".join([*titles, shown_title, *{u.title for u in passage.units}]))
    # The section path may repeat the title ("Easy Banana Bread"): that part is the document's, not a heading's.
    outer_parts = [part for part in hint[1:] if not _content_stems(part) <= document]
    outer = _content_stems(" ".join(outer_parts)) if outer_parts else frozenset()
    if not passage.units:
        own = [frozenset(passage.stems | outer)] * len(passage.spans)
        heads = [frozenset({t.stem for t in tokens} | outer) for tokens in passage.tokens]
        return own, heads, document, [None] * len(passage.spans)
    by_context: dict[str, set[str]] = {}
    by_block: dict[int, set[str]] = {}
    for unit, tokens in zip(passage.units, passage.tokens, strict=True):
        by_context.setdefault(unit.context, set()).update(t.stem for t in tokens)
        by_block.setdefault(unit.block, set()).update(t.stem for t in tokens)
    own, heads, paragraphs = [], [], []
    for unit, tokens in zip(passage.units, passage.tokens, strict=True):
        own_headings = unit.context.removeprefix(unit.title) if unit.title else unit.context
        headings = _content_stems(own_headings) | outer
        if unit.number:
            headings |= {t.stem for t in tokenize(unit.number)}  # "At step 6, ...?" names the sixth step
        itself = frozenset(headings | {t.stem for t in tokens})
        # A table row or spreadsheet record is a section of its own: its neighbours describe other things.
        own.append(itself if unit.role is Role.ROW else frozenset(by_context[unit.context] | headings))
        heads.append(itself)
        unheaded = unit.role is Role.PROSE and not own_headings.strip()
        paragraphs.append(frozenset(by_block[unit.block] | headings) if unheaded else None)
    return own, heads, document, paragraphs


def analyze(
    question_text: str,
    evidence: Sequence[EvidenceItem],
    *,
    max_sentence_chars: int,
    check: bool = True,
    passages: list[Passage] | None = None,
    floor: float = MIN_FOCUS_SHARE,
    ranks: int | None = None,
) -> Analysis:
    """Split the evidence, weigh the question's terms and compute the features of every quotable sentence.

    With `check` (the default), a sentence that cannot answer the question (checks.py) is no candidate at all.
    `passages` are the evidence already split (read_passages with the same evidence and limit): nothing here changes
    them, so a second analysis of the same evidence need not split it again. `floor` is the focus share a candidate
    needs (QuestionNeeds.eligible); with `ranks`, only the sentences of chunks ranked within it are candidates."""
    question_text = as_typed(question_text)  # "whats", "my 5yo" read in full, by every reader of the analysis
    if passages is None:
        passages = read_passages(evidence, max_sentence_chars)
    idf, default_idf = evidence_idf(passages)
    question = read_question(question_text, idf, default_idf)
    needs = QuestionNeeds.of(question_text, question.weights, question.key_terms)
    # A compound question's parts, each judged on its own words: a sentence may answer one part only.
    parts = []
    part_texts = question_parts(question_text)
    for part in part_texts:
        asked = {t.stem for t in tokenize(part)}
        weights = {term: w for term, w in question.weights.items() if term in asked}
        parts.append(QuestionNeeds.of(part, weights, question.key_terms & asked))
    analysis = Analysis(
        question=question, passages=passages, needs=needs, parts=tuple(parts), part_texts=part_texts, idf=idf
    )
    elsewhere = _owned_elsewhere(analysis, possessive_owners(question_text)) if check else frozenset()
    for passage in passages:
        if not passage.quotable or document_of(passage.item) in elsewhere:
            continue
        if ranks is not None and passage.rank > ranks:
            continue
        chunk_stems = with_equivalents(question.weights, passage.stems)
        chunk_coverage = _coverage(question.weights, chunk_stems)
        for index in range(len(passage.spans)):
            first = quote_start(passage, index, max_sentence_chars)
            if WITHHELD_MARKER_START in passage.item.text[passage.spans[first].start : passage.spans[index].end]:
                continue
            if ends_in_leader(passage, index):
                continue  # a field's label without its value
            if check:
                quoted = analysis.quoted(passage, first, index)
                answers = {number for number, one in enumerate((needs, *parts)) if quoted.answers(one, floor)}
                if not answers:
                    continue
                if quoted.layout and not quoted.row and not may_be_claim(quoted.text, needs.asks_who):
                    # A letter's greeting, a document's preamble or a quoted header block shares words with the
                    # question and answers none (a spreadsheet record opening "Date: ..." is a row, and answers).
                    continue
            features = _sentence_features(question, passage, first, index, chunk_stems, chunk_coverage)
            answered = frozenset(answers - {0}) if check else frozenset()
            analysis.candidates.append(Candidate(passage.position, index, first, features, answered))
    return analysis


def _owned_elsewhere(analysis: Analysis, owners: frozenset[str]) -> frozenset[str]:
    """Return the documents that may not answer a question naming an owner ("the hotel's phone number"): those whose
    retrieved text and title never name it while another retrieved document does. That document is about the hotel;
    the headphone shop's "Phone: 0330 ..." is no hotel's number, however much the other words weigh."""
    if not owners:
        return frozenset()
    stems = analysis.document_stems()
    naming = {owner: {key for key, words in stems.items() if same_word(owner, words)} for owner in owners}
    return frozenset(key for key in stems if any(keys and key not in keys for keys in naming.values()))


# Openings that refer to what the previous sentence said: "As a workaround, rotate the tablet." answers "what can I
# do?" only with the problem before it; "If so, ...", "In that case, ...", "To fix this, ...".
_BACK_REFERENCES = (("as", "a", "workaround"), ("in", "that", "case"), ("if", "so"))
_BACK_VERBS = frozenset(str.split("fix avoid solve prevent correct undo"))
_BACK_PRONOUNS = frozenset(str.split("this that it these"))


def starts_with_anaphor(tokens: Sequence[Token]) -> bool:
    """Return True when a sentence opens with a pronoun, or a phrase ("As a workaround", "If so", "To fix this",
    "If this happens"), that needs the previous sentence to be understood."""
    if not tokens:
        return False
    if tokens[0].lower in _ANAPHORA:
        return True
    words = [t.lower for t in tokens[:4]]
    if any(tuple(words[: len(phrase)]) == phrase for phrase in _BACK_REFERENCES):
        return True
    if len(words) >= 3 and words[0] == "to" and words[1] in _BACK_VERBS and words[2] in _BACK_PRONOUNS:
        return True  # "To fix this, ..."
    return len(words) >= 3 and words[0] in ("if", "when") and words[1] in _BACK_PRONOUNS and words[2] == "happens"


ANSWER_FEATURES = (
    "top_logit",
    "margin",
    "top_coverage",
    "top_window_coverage",
    "top_chunk_coverage",
    "evidence_coverage",
    "missing_capitalized_evidence",
    "missing_numbers_evidence",
    "top_missing_window",
    "top_missing_key_window",
    "top_missing_chunk",
    "top_kind_match",
    "top_negation_mismatch",
    "top_chunk_rank_inverse",
    "top_semantic_rank_inverse",
    "top_lexical_rank_inverse",
    "kind_number",
    "kind_date",
    "kind_person",
    "kind_place",
    "question_terms",
)


def answer_features(analysis: Analysis, logits: Sequence[float], top: int) -> list[float]:
    """Return the features of the decision to answer with candidate `top`, given every candidate's ranker logit."""
    question = analysis.question
    candidate = analysis.candidates[top]
    values = dict(zip(SENTENCE_FEATURES, candidate.features, strict=True))
    others = [logit for index, logit in enumerate(logits) if index != top]
    every_stem: set[str] = set()
    for passage in analysis.passages:
        every_stem.update(passage.stems)
    kind = question.kind
    return [
        logits[top],
        logits[top] - max(others) if others else 4.0,
        values["coverage"],
        values["coverage"] + values["window_gain"],
        values["chunk_coverage"],
        _coverage(question.weights, every_stem),
        float(min(3, sum(1 for term in question.capitalized if term not in every_stem))),
        float(min(3, sum(1 for term in question.numbers if term not in every_stem))),
        values["missing_window"],
        values["missing_key_window"],
        values["missing_chunk"],
        values["kind_number_match"] + values["kind_date_match"] + values["kind_entity_match"],
        values["negation_mismatch"],
        values["chunk_rank_inverse"],
        values["semantic_rank_inverse"],
        values["lexical_rank_inverse"],
        float(kind is AnswerKind.NUMBER),
        float(kind is AnswerKind.DATE),
        float(kind is AnswerKind.PERSON),
        float(kind is AnswerKind.PLACE),
        math.log1p(len(question.weights)),
    ]
