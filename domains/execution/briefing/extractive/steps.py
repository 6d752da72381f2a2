"""The step after (or before) the one a reader names: "I've pulled the inner tube out - what do I do next?".

A manual's numbered steps answer "what next?" by their order, not by their words: the answer shares no word with the
question, so no sentence of it would be eligible (checks.py). Here the question's situation is matched against the
numbered steps of each chunk; where one step clearly is the named one, its neighbour in the same list is the answer.
The quote is that step's text, a verbatim slice of the chunk like every other quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domains.execution.briefing.extractive.checks import asked_clause, found_phrased, phrasal_equivalents, same_word
from domains.execution.briefing.extractive.features import Analysis
from domains.execution.briefing.extractive.structure import Role
from domains.execution.briefing.extractive.terms import fold, tokenize

# "... - what do I do next?", "What should I do after removing the wheel?", "What must I check before refitting it?"
_NEXT = re.compile(r"^(?:what|which step)\b.*\b(?:next|then)\s*\??$")
_AFTER = re.compile(r"^(?:what|which step)\b.{0,40}?\b(?P<side>after|before)\s+(?P<done>.+?)\s*\??$")
# "what is step 4 before first use": a step asked by its number is that step, whatever the words after it say
_NUMBER_WORDS = {w: str(n) for n, w in enumerate(str.split("one two three four five six seven eight nine ten"), 1)}
_STEP_BY_NUMBER = re.compile(r"\bstep\s+(?P<number>\d+|" + "|".join(_NUMBER_WORDS) + r")\b")
MIN_STEP_SHARE = 0.6  # of the situation's content weight, found in the one step it names
MIN_STEP_LEAD = 0.2  # how far that step must lead the next best one: two steps alike name neither


@dataclass(frozen=True)
class Neighbour:
    """The answering step: sentences first..last of a passage, and how well the situation named its neighbour."""

    passage: int
    first: int
    last: int
    share: float


def asks_for_neighbour(question: str) -> tuple[str, int, str] | None:
    """Return the situation a question names, the side it asks for (+1 the step after, -1 the step before) and the
    word that asks it ("next", "after", "before"), or None when it asks for no neighbouring step."""
    clause = asked_clause(question)
    if clause != question and _NEXT.match(fold(clause).strip()):
        return question[: len(question) - len(clause)], 1, "next"
    match = _AFTER.match(fold(question).strip())
    if match and not _STEP_BY_NUMBER.search(fold(question)[: match.start("side")]):
        side = match.group("side")
        return match.group("done"), 1 if side == "after" else -1, side
    return None


def neighbouring_step(analysis: Analysis, question: str) -> Neighbour | None:
    """Return the step after (or before) the numbered step the question's situation names, or None."""
    asked = asks_for_neighbour(question)
    if asked is None:
        return None
    situation, side, word = asked
    named = _STEP_BY_NUMBER.match(fold(situation).strip())
    if named is not None:
        return _beside_number(analysis, question, named.group("number"), side)
    if word != "next" and any(word in fold(analysis.quote_text(c)).split() for c in analysis.candidates):
        return None  # the document says what comes before or after in words ("Before sending it, empty the tank.")
    tokens = tokenize(situation)
    equivalents = phrasal_equivalents(tokens)
    weights = {t.stem: analysis.question.weights.get(t.stem, 1.0) for t in tokens if t.content}
    total = sum(weights.values())
    if not total:
        return None
    scored: list[tuple[float, int, int]] = []
    for passage in analysis.passages:
        if not passage.quotable or not passage.units:
            continue
        blocks: dict[int, set[str]] = {}
        for unit, unit_tokens in zip(passage.units, passage.tokens, strict=True):
            if unit.role is Role.STEP:
                blocks.setdefault(unit.block, set()).update(t.stem for t in unit_tokens)
        for block, stems in blocks.items():
            found = sum(w for term, w in weights.items() if found_phrased(term, stems, equivalents))
            scored.append((found / total, passage.position, block))
    if not scored:
        return None
    scored.sort(reverse=True)
    share, position, block = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else 0.0
    if share < MIN_STEP_SHARE or share - runner_up < MIN_STEP_LEAD:
        return None
    passage = analysis.passages[position]
    context = next(unit.context for unit in passage.units if unit.role is Role.STEP and unit.block == block)
    # The same list: steps under the same headings (a chunk may hold two procedures)
    steps = sorted({unit.block for unit in passage.units if unit.role is Role.STEP and unit.context == context})
    at = steps.index(block) + side
    if not 0 <= at < len(steps):
        return None  # the named step is the chunk's first or last: its neighbour is not in the evidence
    indexes = [i for i, unit in enumerate(passage.units) if unit.role is Role.STEP and unit.block == steps[at]]
    return Neighbour(position, indexes[0], indexes[-1], share)


def _beside_number(analysis: Analysis, question: str, number: str, side: int) -> Neighbour | None:
    """Return the step after (or before) the step a question names by its number ("what do I do after step 3 of
    the first-use steps?"): of the lists holding a step of that number, the one whose headings hold most of the
    question's other words, when one list leads; its step numbered one more (or less)."""
    wanted = _NUMBER_WORDS.get(number, number)
    neighbour = str(int(wanted) + side)
    weights = {term: w for term, w in analysis.question.weights.items() if term != "step" and not term.isdigit()}
    total = sum(weights.values()) or 1.0
    scored: list[tuple[float, int, str]] = []
    for passage in analysis.passages:
        if not passage.quotable:
            continue
        for context in dict.fromkeys(u.context for u in passage.units if u.role is Role.STEP and u.number == wanted):
            heading = {t.stem for t in tokenize(context)}
            share = sum(w for term, w in weights.items() if same_word(term, heading))
            scored.append((share / total, passage.position, context))
    scored.sort(key=lambda entry: entry[0], reverse=True)
    if not scored or (len(scored) > 1 and scored[0][0] - scored[1][0] < MIN_STEP_LEAD):
        return None  # no such step, or two lists have one and the question does not say which
    share, position, context = scored[0]
    passage = analysis.passages[position]
    indexes = [
        i
        for i, unit in enumerate(passage.units)
        if unit.role is Role.STEP and unit.context == context and unit.number == neighbour
    ]
    if not indexes:
        return None  # the neighbour is not in the evidence (or the named step is the list's first or last)
    return Neighbour(position, indexes[0], indexes[-1], share)
