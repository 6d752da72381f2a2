"""Answerer v81: a sentence naming no day, in a section that names the day asked and another day, belongs to
whichever day its neighbours name; one that says "every day" speaks of every day. The texts are written for these
tests."""

from __future__ import annotations

from tests.unit.execution.extractive.helpers import candidate_quotes

SESSIONS = """## Sessions

Training runs on Monday and Wednesday evenings. Juniors row from 6pm to 7pm and adults from 7pm to 8.30pm. Sunday
outings run from May to September and start at 9am.
"""


def test_a_sentence_naming_no_day_beside_other_days_does_not_answer_for_the_day_asked() -> None:
    assert candidate_quotes("what time do the sunday outings finish", SESSIONS) == []
    # the same sentence answers a question that names no day
    assert candidate_quotes("what time do the adult sessions finish", SESSIONS) == [
        "Juniors row from 6pm to 7pm and adults from 7pm to 8.30pm."
    ]


def test_a_section_about_the_day_asked_or_every_day_still_answers() -> None:
    sunday = "## Sunday outings\n\nThey start at 9am. They finish at 11.30am.\n"
    assert candidate_quotes("what time do the sunday outings finish", sunday)
    every = (
        "## Opening\n\nThe boathouse office is staffed Monday to Saturday and closed on Sundays. The slipway is open "
        "from 6am to 9pm every day.\n"
    )
    assert "The slipway is open from 6am to 9pm every day." in candidate_quotes(
        "what time does the slipway open on a sunday?", every
    )
