"""What a sentence must hold to answer a question of a kind, read more closely: "What's the rent ...?" asks for a sum;
"by 10 April" is a date, not a time of day; "your first day back" names a day, not how long something takes; a
request that only asks back ("Could you confirm whether ...?") states nothing; "from 4 pm" says when something
starts, not when it ends; "powered equipment" is not "a non-powered item". The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    QuestionNeeds,
    asks_only,
    bounds_the_other_side,
    expects_money,
    holds_expected,
    names_the_opposite,
    stated_bounds,
)
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import draft_score, grounded_quotes, trusted_chunks


@pytest.mark.parametrize(
    ("question", "money"),
    [
        ("What's the monthly rent on a garage?", True),
        ("What is the late return fine?", True),
        ("What are the fares on the night bus?", True),
        ("What's the rent review process?", False),
        ("What is the reason for the fine weather?", False),
    ],
)
def test_what_is_the_price_asks_for_a_sum(question: str, money: bool) -> None:
    assert expects_money(question) is money


def test_a_day_of_a_month_after_by_is_no_time_of_day() -> None:
    def clock(text: str) -> bool:
        return holds_expected(Expect.CLOCK, tokenize(text), frozenset())

    assert not clock("Please hand in the form by 10 April.")
    assert clock("The minibus leaves at 8 from the school gate.")
    assert clock("Doors open at 18:30.")


def test_a_unit_of_time_after_an_ordinal_names_a_day_not_a_length() -> None:
    def duration(text: str) -> bool:
        return holds_expected(Expect.DURATION, tokenize(text), frozenset())

    assert not duration("You will have a short catch-up with your manager on your first day back.")
    assert not duration("Results are posted on the same day.")
    assert duration("The catch-up usually takes about a quarter of an hour.")
    assert duration("Repairs take three days.")


@pytest.mark.parametrize(
    ("sentence", "asks"),
    [
        ("Could you confirm whether the quote includes disposal of the old boiler?", True),
        ("Can you let me know if the hall has a projector?", True),
        ("Could you confirm whether you are coming by 3 May?", False),  # a deadline: still a request
        ("Could you send the signed form before Friday?", False),
        ("Is the hall available?", True),
    ],
)
def test_a_request_that_only_asks_back_states_nothing(sentence: str, asks: bool) -> None:
    assert asks_only(sentence) is asks


def test_non_something_is_not_the_thing_itself() -> None:
    power = frozenset({stem("powered")})

    def opposite(text: str) -> bool:
        return names_the_opposite(text, {t.stem for t in tokenize(text)}, power)

    assert opposite("A deposit of £100 is taken for each item of powered equipment.")
    assert not opposite("Non-powered tools need no deposit.")
    assert not opposite("No deposit is taken for non powered tools; powered ones need £100.")


QUIZ = (
    "# Quiz night\n\n## When\nThe quiz will take place on Friday 6 March from 7.30 pm in the church hall.\n\n"
    "## Tickets\nTickets are £5 and include a hot drink.\n"
)
SOCIAL = "# Summer social\n\n## Timing\nThe social runs from 2 pm until 6 pm on the green.\n"


async def test_a_start_time_does_not_say_when_something_ends() -> None:
    needs = QuestionNeeds.of("What time will the quiz finish?", {"quiz": 1.0, "finish": 1.0}, frozenset())
    assert needs.ends
    assert draft_score("What time will the quiz finish?", QUIZ) == 0.0
    assert draft_score("What time is the quiz?", QUIZ) > 0.0
    assert await grounded_quotes("What time does the summer social end?", trusted_chunks(SOCIAL)) == [
        "The social runs from 2 pm until 6 pm on the green."
    ]


def test_a_bound_on_the_other_side_of_the_same_number_is_another_case() -> None:
    asked = stated_bounds("Can treatments under £400 be paid in instalments?")
    assert asked == frozenset({("below", "400")})
    assert bounds_the_other_side("Treatments over £400 can be paid in six monthly instalments.", asked)
    assert not bounds_the_other_side("Treatments under £400 are paid on the day; over £400 in instalments.", asked)
    assert not bounds_the_other_side("Groups of more than 10 need a second leader.", asked)  # another number
