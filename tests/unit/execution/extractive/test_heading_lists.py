"""Lists that answer through what names them: a heading or a lead-in line ("For the filling:") says what the items
below it are, so a question about that heading is answered by the whole list, whatever its grammatical number. The
documents are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.answer import LAYOUT_THRESHOLD_FACTOR
from domains.execution.briefing.extractive.checks import question_verb, same_word
from domains.execution.briefing.extractive.structure import Role, is_lead_in, read_units
from domains.execution.briefing.extractive.terms import stem, tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import brief, grounded_quotes, trusted_chunks

SMOKE_ALARM = (
    "# Lumo S2 smoke alarm: quick start\n\n"
    "## What is in the pack\n"
    "- S2 alarm\n"
    "- Ceiling bracket with two screws\n"
    "- A 10-year sealed battery\n\n"
    "## Fitting\n"
    "1. Fix the bracket to the ceiling at least 30 cm from any wall.\n"
    "2. Twist the alarm onto the bracket until it clicks.\n"
    "3. Press the test button for 3 seconds: the alarm sounds twice.\n"
)
PIE = (
    "# Apple crumble\n\n"
    "## Ingredients\n\n"
    "For the filling:\n"
    "- 6 cooking apples, peeled and sliced\n"
    "- 50 g brown sugar\n"
    "- 1 tsp cinnamon\n\n"
    "For the topping:\n"
    "- 150 g plain flour\n"
    "- 100 g cold butter\n\n"
    "Serve warm with custard.\n"
)


def _contexts(text: str) -> list[tuple[Role, str, str]]:
    return [(unit.role, unit.context, text[unit.start : unit.end]) for unit in read_units(text, 400)]


def test_a_lead_in_line_names_the_list_below_it_and_is_no_sentence_of_its_own() -> None:
    units = _contexts(PIE)
    assert (Role.ITEM, "Apple crumble / Ingredients / For the filling", "50 g brown sugar") in units
    assert (Role.ITEM, "Apple crumble / Ingredients / For the topping", "100 g cold butter") in units
    assert not any(text.startswith("For the") for _, _, text in units)
    # The list it introduced has ended: the prose after it is read under the section's own headings.
    assert (Role.PROSE, "Apple crumble / Ingredients", "Serve warm with custard.") in units


@pytest.mark.parametrize(
    ("line", "following", "expected"),
    [
        ("For the filling:", "- 6 apples", True),
        ("To reset the hub:", "1. Hold the button.", True),
        ("Prices this season:", "| Item | Price |", True),
        ("Please note the following:", "The office closes at 5 pm.", False),  # no list below it
        ("The committee discussed at length the following long list of matters arising today:", "- x", False),
        ("Opening hours", "- Monday 9-5", False),  # no colon: a plain heading's business, not a lead-in
    ],
)
def test_a_lead_in_is_a_short_line_ending_in_a_colon_right_above_a_list(
    line: str, following: str, expected: bool
) -> None:
    assert is_lead_in(line, following) is expected


def test_a_lead_in_inside_a_paragraph_stays_prose() -> None:
    text = "We walked along the river on Sunday morning, slowly,\nand at the bridge we saw:\n- a heron\n- two swans\n"
    units = _contexts(text)
    assert units[0][2].endswith("we saw:") and units[0][0] is Role.PROSE
    assert units[1][1] == ""  # the items have no lead-in context


async def test_a_question_about_a_heading_is_answered_by_its_whole_list() -> None:
    quotes = await grounded_quotes("What comes in the pack with the S2?", trusted_chunks(SMOKE_ALARM))
    assert quotes == ["S2 alarm", "Ceiling bracket with two screws", "A 10-year sealed battery"]


async def test_a_lead_in_answers_for_its_own_list_only() -> None:
    quotes = await grounded_quotes("What do I need for the topping?", trusted_chunks(PIE))
    assert quotes == ["150 g plain flour", "100 g cold butter"]  # in document order; the filling is not asked for


async def test_a_step_that_names_what_is_asked_answers_alone() -> None:
    # The step itself holds the bracket and the ceiling: its list is not what the question asks for.
    question = "How far from the wall does the bracket go on the ceiling?"
    quotes = await grounded_quotes(question, trusted_chunks(SMOKE_ALARM))
    assert quotes[0] == "Fix the bracket to the ceiling at least 30 cm from any wall."
    assert "Twist the alarm onto the bracket until it clicks." not in quotes


COVER = (
    "# Kettle guarantee\n\n"
    "## What is covered\n"
    "- Faults in the heating element for three years.\n"
    "- Return postage for a faulty kettle.\n\n"
    "## What is not covered\n"
    "- Limescale damage.\n"
    "- Cracks from dropping the kettle.\n"
)


async def test_a_heading_list_answers_only_a_question_negated_as_its_heading_is() -> None:
    quotes = await grounded_quotes("What is covered by the guarantee?", trusted_chunks(COVER))
    assert sorted(quotes) == ["Faults in the heating element for three years.", "Return postage for a faulty kettle."]
    # Whatever sentence leads for the negated question, the "What is covered" list is not taken as its answer.
    quotes = await grounded_quotes("What isn't covered by the guarantee?", trusted_chunks(COVER))
    assert not {"Faults in the heating element for three years.", "Return postage for a faulty kettle."} <= set(quotes)


SWIM_EMAIL = (
    "Subject: Gala on Saturday\n\n"
    "Dear members,\n\n"
    "Please bring a towel and a water bottle. Swimmers should arrive by 8:15 for the warm-up. "
    "The café will be open all morning.\n"
)


@pytest.mark.parametrize(
    ("question", "several"),
    [
        ("What do members need to bring to the gala?", True),  # not a checks.asks_for_list form
        ("What are the rules for the gala?", True),
        ("When should swimmers arrive?", False),
    ],
)
def test_every_question_asking_for_several_things_gets_the_list_threshold(question: str, several: bool) -> None:
    provider = ExtractiveBriefingProvider(encoder=None)
    draft = provider.draft(question, trusted_chunks(SWIM_EMAIL))
    factor = provider.model.claims.list_threshold_factor if several else 1.0
    assert factor != 1.0 or not several
    # The mail's header lines are layout: the layout share of the threshold applies too (answer.py)
    assert draft.threshold == pytest.approx(provider.model.lexical_answer.threshold * factor * LAYOUT_THRESHOLD_FACTOR)
    assert draft.listing is several


async def test_a_short_question_a_heading_answers_is_answered_at_the_default_threshold() -> None:
    # One content word ("pack") scores low with the answer model; the heading that names it is the evidence.
    output = (
        await brief(ExtractiveBriefingProvider(encoder=None), "What comes in the pack?", trusted_chunks(SMOKE_ALARM))
    ).output
    assert not output.insufficient_evidence
    assert [c.citations[0].quote for c in output.claims] == [
        "S2 alarm",
        "Ceiling bracket with two screws",
        "A 10-year sealed battery",
    ]


STEPS = "# Flatbread\n\n## Steps\n1. Mix the flour and water.\n2. Rest the dough for 20 minutes.\n3. Roll it thin.\n"


def test_a_heading_that_only_says_what_kind_of_list_it_is_answers_nothing_by_itself() -> None:
    provider = ExtractiveBriefingProvider(encoder=None)
    draft = provider.draft("What do I do at step 4?", trusted_chunks(STEPS))
    assert not draft.restated and provider.threshold_for(draft) == draft.threshold


MINUTES = (
    "# Elm Street Tenants' Association: minutes of 3 May\n\n"
    "## Bins\nThe recycling bins were emptied late twice in April.\n\n"
    "## Decisions\n"
    "- The association will pay for a new noticeboard.\n"
    "- The summer party moves to the courtyard.\n\n"
    "## Actions\n- Sam to email the landlord about the bins.\n"
)


async def test_what_was_decided_is_answered_by_the_decisions_list() -> None:
    output = (
        await brief(
            ExtractiveBriefingProvider(encoder=None), "What did the association decide?", trusted_chunks(MINUTES)
        )
    ).output
    quotes = [c.citations[0].quote for c in output.claims]
    assert quotes == ["The association will pay for a new noticeboard.", "The summer party moves to the courtyard."]


@pytest.mark.parametrize(
    ("word", "other", "same"),
    [
        ("decide", "decisions", True),
        ("extend", "extension", True),
        ("permit", "permission", True),
        ("submit", "submission", True),
        ("start", "station", False),
        ("decide", "deck", False),
    ],
)
def test_a_verb_and_its_sion_noun_are_one_word(word: str, other: str, same: bool) -> None:
    assert same_word(stem(word), {stem(other)}) is same


def test_the_document_title_in_a_chunk_s_section_hint_is_no_heading_of_its_items() -> None:
    # The chunk does not show its title line; the section hint does ("Lemon drizzle traybake / Method"). The title
    # names the drizzle, the Method steps do not answer what goes into it.
    method = "## Method\n1. Heat the oven to 180 °C.\n2. Bake for 35 minutes.\n"
    evidence = [
        EvidenceItem("chunk-0", "trusted", method, rank=1, section="recipe.md / Lemon drizzle traybake / Method")
    ]
    provider = ExtractiveBriefingProvider(encoder=None)
    draft = provider.draft("What goes into the lemon drizzle?", evidence)
    assert not draft.restated
    assert len(draft.quotes) <= 1


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("What goes into the drizzle?", "goes"),
        ("Who signs the delivery note?", "signs"),
        ("What rules apply to dogs?", None),  # a plural noun, not a verb
        ("What costs are covered?", "covered"),  # the asked thing is the subject of the passive
    ],
)
def test_the_verb_of_a_subject_question_weighs_as_a_verb(question: str, verb: str | None) -> None:
    assert question_verb(tokenize(question)) == (stem(verb) if verb else None)


CARROT_CAKE = (
    "# Carrot and walnut cake\n\n## Ingredients\n\nFor the cake:\n- 200 g grated carrot\n- 150 g self-raising flour\n"
    "- 100 g chopped walnuts\n\nFor the frosting:\n- 150 g cream cheese\n- 50 g icing sugar\n\n## Method\n\n"
    "1. Heat the oven to 180°C.\n2. Mix the carrot, flour and walnuts.\n3. Spread the frosting over the cooled cake.\n"
)


async def test_a_lead_in_naming_a_list_by_a_word_of_the_title_still_names_that_list() -> None:
    # "cake" is in the title, which names every list of the recipe; "For the cake:" names this one.
    assert await grounded_quotes("What goes into the cake?", trusted_chunks(CARROT_CAKE)) == [
        "200 g grated carrot",
        "150 g self-raising flour",
        "100 g chopped walnuts",
    ]
    assert await grounded_quotes("What goes into the frosting?", trusted_chunks(CARROT_CAKE)) == [
        "150 g cream cheese",
        "50 g icing sugar",
    ]
