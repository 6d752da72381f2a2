"""A question asking what something is made of ("What goes into the glaze?") is answered by the list named by that
thing ("For the glaze:"), not by a step that only mentions it ("Brush the glaze over the buns."). The recipe is
written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.answer import LAYOUT_THRESHOLD_FACTOR
from tests.unit.execution.extractive.helpers import trusted_chunks

BUNS = (
    "# Sticky cinnamon buns\n\n## Ingredients\n\nFor the dough:\n- 500 g strong white flour\n- 7 g dried yeast\n"
    "- 300 ml warm milk\n\nFor the glaze:\n- 4 tbsp honey\n- 1 tbsp butter\n- pinch of sea salt\n\n"
    "## Method\n1. Knead the dough for 10 minutes and leave to rise for an hour.\n"
    "2. Shape into 12 buns and bake for 20 minutes.\n3. Warm the honey and brush the glaze over the buns while hot.\n"
)


def test_what_to_do_with_a_part_is_still_the_step() -> None:
    draft = ExtractiveBriefingProvider(encoder=None).draft(
        "What do I do with the glaze once the buns are baked?", trusted_chunks(BUNS)
    )
    assert draft.quotes
    assert "brush the glaze" in draft.quotes[0].text


CARD = (
    "# Guarantee card: Tovi kettle\n\n"
    "## What is covered\n- Repair of faulty parts, including return postage.\n"
    "- A new kettle if a repair is not possible.\n\n"
    "## What is not covered\n- Limescale build-up.\n- Damage from dropping the kettle.\n- Use in a business.\n"
)


@pytest.mark.parametrize(
    ("question", "document", "items"),
    [
        ("What goes into the glaze?", BUNS, ["4 tbsp honey", "1 tbsp butter", "pinch of sea salt"]),
        (
            "What isn't covered by the guarantee?",
            CARD,
            ["Limescale build-up.", "Damage from dropping the kettle.", "Use in a business."],
        ),
    ],
)
def test_the_list_named_by_what_is_asked_answers(question: str, document: str, items: list[str]) -> None:
    # "For the glaze:" over a step that only mentions the glaze; "What is not covered" over "What is covered"
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, trusted_chunks(document))
    assert [q.text for q in draft.quotes] == items


def test_a_quote_from_a_chunk_with_layout_is_held_to_the_layout_share_of_the_threshold() -> None:
    provider = ExtractiveBriefingProvider(encoder=None)
    prose = provider.draft(
        "When was the kettle's guarantee card printed?", trusted_chunks("The card was printed in 2024.")
    )
    laid_out = provider.draft("What isn't covered by the guarantee?", trusted_chunks(CARD))
    base = provider.model.lexical_answer.threshold
    assert prose.threshold == base
    assert not laid_out.listing
    assert laid_out.threshold == pytest.approx(base * LAYOUT_THRESHOLD_FACTOR)
