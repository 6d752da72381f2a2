"""Model v7's reading of a question: its verb, counted people, the numbers of a date, a particular X, contractions,
codes, acronyms and plain synonyms (checks.py, terms.py)."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    Expect,
    QuestionNeeds,
    compared_years,
    holds_expected,
    names_one,
    noun_phrases,
    question_verb,
    same_word,
    spells_out,
)
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import may_answer, question_needs


@pytest.mark.parametrize(
    ("question", "pairs"),
    [
        # The subject runs into the verb: the verb is no head the modifier must stand beside.
        ("How long will the old router firmware get updates?", {("router", "firmware")}),
        ("Until when is the garden hose covered?", {("garden", "hose")}),
        ("What does the bronze plan include?", {("bronze", "plan")}),
        ("What does the warranty cover?", set()),
        # A phrase cut at three words before its verb keeps its head.
        ("When does the second evening ferry leave the harbour?", {("second", "ferry")}),  # "evening": -ing
        # No inversion: the last word of the phrase is a noun.
        ("What is the carbon filter price?", {("carbon", "price"), ("filter", "price")}),
    ],
)
def test_an_inverted_questions_verb_is_not_the_head_of_its_subject(question: str, pairs: set[tuple[str, str]]) -> None:
    tokens = tokenize(question)
    focus = {t.stem: 1.0 for t in tokens if t.content}

    assert set(noun_phrases(tokens, focus)) == {(stem(a), stem(b)) for a, b in pairs}


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("Which discount does the gym offer students?", "offer"),
        ("Why was the autumn concert cancelled?", "cancelled"),
        ("Who signed the lease for the shop?", "signed"),
        ("Who is the treasurer?", None),
        ("What is the deposit?", None),
    ],
)
def test_question_verb(question: str, verb: str | None) -> None:
    assert question_verb(tokenize(question)) == (stem(verb) if verb else None)


def test_a_paraphrased_verb_does_not_cost_the_answer_but_a_missing_subject_does() -> None:
    question = "Why was the spring newsletter postponed?"
    answer = "The spring newsletter moves to 14 April because the printer is closed for repairs."

    assert may_answer(question, answer)
    assert not may_answer(question, "The printer is closed for repairs until 14 April.")


def test_the_verb_still_decides_when_all_else_is_the_title() -> None:
    # "approved" is the only word beyond the document's title: a sentence without it does not answer.
    assert not may_answer(
        "When was the travel policy approved?", "The hotel limit is £140 a night.", title="Travel policy"
    )


def test_how_many_people_may_be_counted_without_naming_them() -> None:
    assert may_answer("How many members voted for the new bylaws?", "The vote on the bylaws was 9 for and 3 against.")
    assert may_answer("How many people does the chilli serve?", "Serves 6.", section="Chilli con carne")
    # Any other counted thing must still be named.
    assert not may_answer("How many bikes does the club own?", "The club has 40 members.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Nobody has had a fixed desk since 1 September 2026.", False),
        ("Bookings open on March 3, 2026.", False),
        ("Members may bring 2 guests.", True),
        ("Deposit paid on 1 June: £500.00", True),
        ("Event: summer lunch, 26 June 2026, 60 guests", True),
        ("The hall seats 120.", True),
    ],
)
def test_the_numbers_of_a_date_are_no_quantity(sentence: str, expected: bool) -> None:
    assert holds_expected(Expect.QUANTITY, tokenize(sentence), frozenset()) is expected


@pytest.mark.parametrize(
    ("question", "head", "sentence", "expected"),
    [
        ("Which projector will be used at the launch?", "projector", "The launch needs a projector.", False),
        ("Which courier lost the parcels?", "courier", "Most losses came from one courier last month.", False),
        ("Which nurse runs the clinic?", "nurse", "Ring 0161 555 0101 before 8:30 to book.", False),
        ("Which nurse runs the clinic?", "nurse", "Sister Okoro, the senior nurse, runs it.", True),
        ("Which room is the training in?", "room", "The training is in room 3.12.", True),
        ("Which cable goes into the modem?", "cable", "Plug the short yellow cable into the modem.", True),
        ("Which hours is the desk staffed?", "hours", "The desk is staffed between 9:00 and 17:00.", True),
        ("Which builder will fix the roof?", "builder", "The job goes to Hartley & Sons on Monday.", True),
    ],
)
def test_which_x_needs_that_x_made_particular(question: str, head: str, sentence: str, expected: bool) -> None:
    terms = frozenset(t.stem for t in tokenize(question) if t.content)

    assert names_one(tokenize(sentence), stem(head), terms) is expected


def test_contractions_and_ok_are_function_words_and_a_code_is_one_token() -> None:
    tokens = tokenize("What isn't covered? I'm not sure it's OK. The display says E21.")

    assert not any(t.content for t in tokens if t.lower in ("isn't", "i'm", "it's", "ok"))
    assert [t.lower for t in tokens][-1] == "e21"
    assert may_answer("What isn’t covered by the guarantee?", "Filters and hoses are not covered by the guarantee.")


def test_an_acronym_is_found_spelled_out_in_capitalised_words() -> None:
    assert spells_out("agm", "Annual General Meeting: Friday 7 November")
    assert spells_out("doh", "a letter from the Department of Health")
    assert not spells_out("agm", "a good meal")
    sentence = "Annual General Meeting: Friday 7 November, 19:30"
    assert may_answer("When is the rowing club's AGM?", sentence, title="Rowing club news")


def test_plain_synonyms_match_and_broader_words_do_not() -> None:
    assert same_word(stem("guaranteed"), {stem("warranty")})
    assert same_word(stem("fix"), {stem("repairs")})
    assert not same_word(stem("leave"), {stem("holiday")})  # "leave" is also a verb
    assert may_answer(
        "How long is the kettle guaranteed for?", "Warranty period: 2 years from purchase.", title="Kettle"
    )


def test_a_run_of_four_content_words_makes_no_modifier_pair() -> None:
    tokens = tokenize("What does an hour-long solo walk cost?")

    assert noun_phrases(tokens, {t.stem: 1.0 for t in tokens if t.content}) == ()


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Racing starts at 10:30 from the harbour wall.", True),
        ("The shop opens at nine.", True),
        ("Collections are at noon on Fridays.", True),
        ("Harbour Cup regatta: Saturday 12 July", False),  # a date is no time of day
    ],
)
def test_what_time_asks_for_a_time_of_day(sentence: str, expected: bool) -> None:
    question = "What time does the regatta start?"
    terms = frozenset(t.stem for t in tokenize(question) if t.content)

    assert question_needs(question).expect is Expect.CLOCK
    assert holds_expected(Expect.CLOCK, tokenize(sentence), terms) is expected
    assert question_needs("What time period does the report cover?").expect is not Expect.CLOCK


def test_a_year_after_up_from_is_the_point_of_comparison() -> None:
    assert compared_years(tokenize("Loans rose to 9,100, up from 7,800 in 2023.")) == {"2023"}
    assert compared_years(tokenize("The new fee applies from 2024.")) == frozenset()


def test_a_plain_paragraph_without_the_questions_number_cannot_answer() -> None:
    question = "What is new in version 4.2 of the app?"
    tokens = tokenize(question)
    weights = {t.stem: 1.0 for t in tokens if t.content}
    needs = QuestionNeeds.of(question, weights, frozenset(t.stem for t in tokens if t.numeric))
    sentence = tokenize("You can now choose from 25 new templates.")
    own = frozenset(t.stem for t in sentence)

    assert not needs.eligible(sentence, own, frozenset(), own, False, "You can now choose from 25 new templates.", own)
    with_version = own | {"4.2"}
    assert needs.eligible(
        sentence, own, frozenset(), own, False, "You can now choose from 25 new templates.", with_version
    )


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        ("Is there a weekly pass?", "A weekly pass costs £12.", True),
        ("Is there a weekly pass?", "Members showed their passes at the desk last week.", False),
        ("Is there a late-payment fee?", "A late payment fee of £5 applies after 14 days.", True),
        ("Is there a fee for late payment?", "Invoices must be paid within 14 days.", False),
    ],
)
def test_is_there_a_x_needs_that_x_named(question: str, sentence: str, expected: bool) -> None:
    assert may_answer(question, sentence) is expected
