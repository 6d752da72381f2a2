"""Answerer v13's rules and layout readings, each from a fresh document asked as a new user would
(evaluation/everyday-probes-3): a part of the day a clock time falls in, more phrasal verbs and plain equivalents, the
asker's own people and a situation's words that a document need not repeat, a "which X" field, contact details, the
other bound, a promise of details later, a sentence about other days of the week (checks.py); a bold value, a headline
in capitals and the names of headings (structure.py, features.py). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import (
    asked_extreme,
    day_part_stems,
    defers,
    expected_unit,
    names_other_days_only,
    states_other_extreme,
)
from domains.execution.briefing.extractive.structure import read_units
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Doors open at 18:45.", {"even"}),
        ("Silence from 11 pm until 8 am.", {"night", "morn"}),
        ("Collection from 7.15am.", {"morn"}),
        ("Lunch is served at 1pm.", {"afternoon"}),
        ("A ticket costs £2.50 and lasts 3 hours.", set()),
        ("Requires firmware 4.2.0 or later.", set()),
    ],
)
def test_a_clock_time_is_the_part_of_the_day_it_falls_in(text: str, parts: set[str]) -> None:
    assert day_part_stems(text) == {stem(part) if part not in ("even", "morn") else part for part in parts}


def test_an_evening_asked_is_a_clock_time_of_the_evening_in_a_row() -> None:
    sheet = (
        "# Timetable\n\n- Wednesday 19:15: Pilates class with Ines Ruiz\n"
        "- Wednesday 07:00: Pilates class with Tom Ash\n"
    )
    found = candidate_quotes("Who teaches the Pilates class on Wednesday evening?", sheet)
    assert any("Ines Ruiz" in quote for quote in found)
    assert not any("Tom Ash" in quote for quote in found)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("How long after the event can I still put in a claim?", "Claims must be submitted within 21 days."),
        ("How long will it take you to deal with my complaint?", "We process every complaint within 10 working days."),
        ("How many people can sit down for dinner in the hall?", "The hall seats 90 guests."),
        (
            "When must the rest of the fee be paid?",
            "The remaining balance of the fee is due 4 weeks before the course.",
        ),
        ("How much is a new entry card?", "A replacement entrance card costs £8."),
    ],
)
def test_a_phrase_or_word_the_document_writes_otherwise_is_found(question: str, text: str) -> None:
    assert text in candidate_quotes(question, f"# Terms\n\n- {text}\n")


def test_the_rest_of_is_no_synonym_that_finds_every_word_starting_with_rest() -> None:
    # "stick around" is written "remain"; were "rest" a plain synonym of "remaining", "Restore" would say it.
    restore = "# Archive\n\n- Restore backups from the archive within 30 days.\n"
    assert not candidate_quotes("How long do backups stick around?", restore)
    remain = "# Archive\n\n- Backups remain in the archive for 30 days.\n"
    assert candidate_quotes("How long do backups stick around?", remain)


def test_the_askers_own_people_and_a_cost_wise_need_not_be_written() -> None:
    text = "# Uniform\n\n- Sweatshirt: navy blue, with the school badge\n"
    assert any("navy" in q for q in candidate_quotes("What colour should my daughter's school jumper be?", text))
    fee = "A missed appointment is charged at £25."
    assert fee in candidate_quotes("What happens cost-wise if I miss my appointment?", f"# Fees\n\n- {fee}\n")


def test_a_situations_missing_words_weigh_less_than_the_question_propers() -> None:
    text = "# Courses\n\nAdult courses are open to ages 16 and over.\n"
    answer = "Adult courses are open to ages 16 and over."
    assert answer in candidate_quotes("My nephew is 16 and adores baking. Can he take an adult course?", text)
    # Without the situation, the same missing words are the question's own subject: the sentence does not answer.
    assert answer not in candidate_quotes("Can a 16-year-old nephew who adores baking take an adult course?", text)


def test_how_early_asks_for_a_time_not_for_the_word_early() -> None:
    letter = "# Bin collection day letter\n\nPut your bins out by 6:30 am on your collection day.\n"
    assert any("6:30" in q for q in candidate_quotes("How early do the bins have to be out on collection day?", letter))


def test_a_field_naming_the_x_of_which_x_answers_in_a_document_about_the_subject() -> None:
    letter = (
        "# Appointment for Pepper - Oakfield Vet\n\nDear Sam,\n\nThis confirms Pepper's check-up.\n\n"
        "Vet: Dr. Lena Marsh\n\nTime: 10:40\n"
    )
    assert "Vet: Dr. Lena Marsh" in candidate_quotes("Which vet will Pepper see?", letter)
    assert "Vet: Dr. Lena Marsh" not in candidate_quotes("Which vet will Rolo see?", letter)


def test_contact_questions_need_the_address_or_number_itself() -> None:
    assert expected_unit("What email address can I write to?") is not None
    assert expected_unit("Is there a phone number I can call about my bill?") is not None
    assert expected_unit("What is the reference number?") is None
    about_email = "Students with a university email address get 20% off."
    assert about_email not in candidate_quotes("What email address can I write to for support?", about_email)
    support = "Write to support@kettleworks.example for help."
    assert support in candidate_quotes("What email address can I write to for support?", support)
    phone = "Call our billing team on 0161 555 0199."
    assert phone in candidate_quotes("Is there a phone number I can call about billing?", phone)
    assert "Billing questions rose by 4%." not in candidate_quotes(
        "Is there a phone number I can call about billing?", "Billing questions rose by 4%."
    )


def test_the_other_bound_does_not_answer() -> None:
    assert asked_extreme("what's the maximum number of users?") == "maximum"
    assert asked_extreme("how many users are allowed?") is None
    assert states_other_extreme("Team plans need at least 3 users.", "maximum")
    assert not states_other_extreme("Team plans hold up to 50 users, minimum 3.", "maximum")
    minimum = "Team plans need a minimum of 3 users."
    assert minimum not in candidate_quotes("What's the maximum number of users on a team plan?", minimum)
    assert minimum in candidate_quotes("What's the minimum number of users on a team plan?", minimum)


def test_a_promise_of_details_later_answers_only_a_question_about_the_promise() -> None:
    later = "We will send details of the holiday opening times in November."
    assert defers(later) and defers("Workshop dates are to be announced.")
    assert not defers("Your bin will be emptied on Friday.")
    assert later not in candidate_quotes("What are the opening times over the holidays?", later)
    assert later in candidate_quotes("When will you send details of the holiday opening times?", later)


def test_a_sentence_about_other_days_of_the_week_does_not_answer_for_the_day_asked() -> None:
    tuesday = frozenset({stem("tuesday")})
    assert names_other_days_only("We added a Saturday morning session.", tuesday)
    assert not names_other_days_only("Open Monday to Friday, 9 am to 5 pm.", tuesday)
    assert not names_other_days_only("Open Sat to Wed.", tuesday)
    assert not names_other_days_only("Open daily from 10.", tuesday)
    assert not names_other_days_only("Open Tuesdays and Thursdays.", tuesday)
    text = "# Pantry opening\n\n- The pantry opens on Tuesdays at 9:30.\n- A Saturday session opens at 10:00.\n"
    found = candidate_quotes("What time does the pantry open on Tuesdays?", text)
    assert "The pantry opens on Tuesdays at 9:30." in found
    assert "A Saturday session opens at 10:00." not in found


def test_a_bold_value_opening_a_list_item_is_part_of_its_sentence_and_a_bold_label_is_not() -> None:
    text = "## Our year\n\n- **2,310** meals served from the kitchen\n- **Deposit:** £1,200\n"
    quoted = [text[unit.start : unit.end] for unit in read_units(text, 400)]
    assert "**2,310** meals served from the kitchen" in quoted
    assert "£1,200" in quoted and not any("Deposit" in quote for quote in quoted)


def test_a_headline_in_capitals_is_a_heading_not_a_field_or_an_answer() -> None:
    letter = (
        "Dear Resident,\n\nNOTICE: NEW RECYCLING DAY FROM MONDAY 3 MARCH\n\n"
        "Your recycling will be collected on Wednesdays from 5 March.\n"
    )
    units = read_units(letter, 400)
    assert not any(letter[u.start : u.end].startswith("NOTICE") for u in units)
    assert any("NEW RECYCLING DAY" in u.context for u in units if "Wednesdays" in letter[u.start : u.end])
    # Capitals with closing punctuation are a sentence shouted, not a headline.
    shouted = "Dear Resident,\n\nPLEASE DO NOT LEAVE BAGS ON THE PAVEMENT.\n\nThank you.\n"
    assert any(shouted[u.start : u.end].startswith("PLEASE") for u in read_units(shouted, 400))


def test_a_name_in_a_heading_counts_as_a_place_the_document_names_it() -> None:
    letter = (
        "Dear parents,\n\nSUMMER CAMP AT KESTREL LAKE\n\nThe camp runs for three days.\n\n"
        "COST AND PAYMENT\n\nA deposit of £35 is due by 2 May.\n\n"
        "CONSENT FORMS\n\nPlease return the Kestrel Lake form by Friday.\n"
    )
    found = candidate_quotes("How much is the deposit for Kestrel Lake?", letter, section="camp-letter.txt")
    assert "A deposit of £35 is due by 2 May." in found
    # Without the headline, the name is written once, in another paragraph: it may be a neighbour's.
    plain = letter.replace("SUMMER CAMP AT KESTREL LAKE\n\n", "")
    assert "A deposit of £35 is due by 2 May." not in candidate_quotes(
        "How much is the deposit for Kestrel Lake?", plain, section="camp-letter.txt"
    )


def test_a_dot_leader_is_a_field_and_a_rule_is_no_text() -> None:
    text = (
        "KEY DATES\n----------------------------\n\n"
        "  Poster submission deadline ........ 3 March 2025\n"
        "  Early registration ... €120\n\n"
        "----------------------------\n"
        "Tickets include lunch, coffee and the evening\n"
        "reception on the first day of the event, when the awards are presented.\n"
    )
    units = read_units(text, 400)
    quoted = {text[u.start : u.end]: u.context for u in units}
    assert quoted["3 March 2025"].endswith("Poster submission deadline")
    assert quoted["€120"].endswith("Early registration")
    assert not any(quote.startswith("---") for quote in quoted)
    # A line running on in lower case is a wrapped paragraph, not a heading over the rest of it.
    assert any(quote.startswith("Tickets include lunch") for quote in quoted)


def test_how_much_notice_is_a_time_before_though_notice_is_not_written() -> None:
    policy = "# Travel\n\n## Working abroad\n\n- Ask your manager at least **three weeks** before you travel.\n"
    question = "How much notice do I need to give before working abroad?"
    assert any("three weeks" in quote for quote in candidate_quotes(question, policy))
    # A duration that is no time before anything does not name the notice.
    other = "# Travel\n\n## Working abroad\n\n- Trips abroad may last up to three weeks.\n"
    assert not candidate_quotes(question, other)
