"""Half an answer says it is half: when a question asks several things ("What is X, and when is Y?") and no quote
answers one of them, the briefing names that part and `unanswered_parts` lists it. Parts offered as alternatives
("At what age, or which year group, ...?") need one answer between them. The texts are written for these tests."""

from __future__ import annotations

from dataclasses import replace

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import alternative_parts
from tests.unit.execution.extractive.helpers import assert_verbatim, brief, trusted_chunks

DINNER = (
    "# Reunion dinner\n\n## Numbers\nWe now have 54 adults and 6 children confirmed for the dinner.\n\n"
    "## Diets\nThree guests are vegetarian and one guest needs nut-free food.\n\n"
    "## Music\nA string quartet plays from 7 pm.\n"
)
UNIFORM = (
    "# Uniform policy\n\n## Jewellery and watches\nPupils may wear a simple analogue or digital watch from Year 3. "
    "Earrings must be small studs.\n\n## PE kit\nA plain white T-shirt and navy shorts.\n"
)


def _provider() -> ExtractiveBriefingProvider:
    return ExtractiveBriefingProvider(encoder=None)  # the calibrated lexical threshold: no test sets its own


async def test_a_compound_question_whose_parts_are_both_answered_is_answered_part_by_part() -> None:
    evidence = trusted_chunks(DINNER)
    output = (
        await brief(
            _provider(), "How many adults are confirmed for the dinner, and are any guests vegetarian?", evidence
        )
    ).output
    assert not output.insufficient_evidence
    assert [claim.citations[0].quote for claim in output.claims] == [
        "We now have 54 adults and 6 children confirmed for the dinner.",
        "Three guests are vegetarian and one guest needs nut-free food.",
    ]
    assert output.unanswered_parts == []
    assert output.briefing == " ".join(claim.statement for claim in output.claims)
    assert_verbatim(output, evidence)


async def test_a_part_the_evidence_does_not_answer_is_named_beside_the_answered_one() -> None:
    provider, evidence = _provider(), trusted_chunks(DINNER)
    question = "How many adults are confirmed for the dinner, and where is the coach parking?"
    output = (await brief(provider, question, evidence)).output
    assert not output.insufficient_evidence
    assert [claim.citations[0].quote for claim in output.claims] == [
        "We now have 54 adults and 6 children confirmed for the dinner."
    ]
    assert output.unanswered_parts == ["Where is the coach parking?"]
    assert output.briefing.endswith(
        "No retrieved passage answers “Where is the coach parking?” clearly enough to be quoted."
    )
    assert_verbatim(output, evidence)


async def test_parts_offered_as_alternatives_need_one_answer_between_them() -> None:
    question = "At what age, or which year group, can pupils start wearing a watch?"
    assert alternative_parts(question)
    assert not alternative_parts("How many adults are confirmed for the dinner, and where is the coach parking?")
    output = (await brief(_provider(), question, trusted_chunks(UNIFORM))).output
    assert not output.insufficient_evidence and output.unanswered_parts == []
    assert output.claims[0].citations[0].quote == "Pupils may wear a simple analogue or digital watch from Year 3."


async def test_a_refusal_names_no_unanswered_part() -> None:
    question = "Where is the coach parking, and is there a cloakroom?"
    output = (await brief(_provider(), question, trusted_chunks(DINNER))).output
    assert output.insufficient_evidence and output.unanswered_parts == []


MINUTES = (
    "# Allotment society minutes\n\n## Officers\nMaureen Lyle has said she is willing to stand as chair at the AGM.\n\n"
    "## Rents\nRent for a half plot rises from £25 to £28 next year; a full plot rises from £45 to £50.\n\n"
    "## Water\nThe taps are turned off from November to March.\n"
)


class _WholeUnderThreshold(ExtractiveBriefingProvider):
    """Scores the compound question as a whole under any threshold, as a question whose two subjects leave each
    sentence half its words scores; its parts are drafted as the provider drafts them."""

    def draft(self, question, evidence):  # type: ignore[no-untyped-def]
        drafted = super().draft(question, evidence)
        return replace(drafted, score=0.0) if " and " in question else drafted


async def test_a_compound_question_refused_as_a_whole_is_answered_when_each_part_is() -> None:
    evidence = trusted_chunks(MINUTES)
    question = "who is standing as chair and what will a half plot cost next year?"
    output = (await brief(_WholeUnderThreshold(encoder=None), question, evidence)).output
    assert not output.insufficient_evidence
    assert [claim.citations[0].quote for claim in output.claims] == [
        "Maureen Lyle has said she is willing to stand as chair at the AGM.",
        "Rent for a half plot rises from £25 to £28 next year; a full plot rises from £45 to £50.",
    ]
    assert_verbatim(output, evidence)
    # A part no sentence answers keeps the whole refused: half an answer is not made up of parts
    other = "who is standing as chair and when is the water turned back on for the summer?"
    refused = (await brief(_WholeUnderThreshold(encoder=None), other, evidence)).output
    assert refused.insufficient_evidence and not refused.claims
