"""Records, section lines and file-name titles: where a sentence's own section ends, and what a money question asks."""

from __future__ import annotations

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import (
    QuestionNeeds,
    asks_only,
    expects_money,
    holds_money,
    iso_date_stems,
    names_a_sibling,
    number_labels,
    same_word,
)
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.structure import Role, is_record_line, read_units
from domains.execution.briefing.extractive.terms import tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import draft_score, one_chunk

SHEET = (
    "Room: Cedar | Floor: 2 | Seats: 12 | Projector: yes\n"
    "Room: Birch | Floor: 3 | Seats: 30 | Price (£): 45\n"
    "Room: Alder | Floor: 1 | Seats: 8"
)
TIMETABLE_TAIL = (
    "## Sundays\n\n| Stop | First ferry | Frequency |\n|---|---|---|\n| North Pier | 09:15 | every 40 minutes |\n"
    "| Harbour | 09:40 | every 40 minutes |\n\nThere is no night service."
)
TIMETABLE_SECTION = "ferry-times.md / Line 7: North Pier to Harbour / Sundays"
FAQ_HTML = "Can I bring my own helmet?\nYes, any certified helmet is fine; rental helmets are cleaned after every ride."
FAQ_SECTION = "rentals.html / Scooter rental questions / Can I bring my own helmet?"


_score = draft_score


def test_spreadsheet_records_are_rows_of_their_own() -> None:
    assert is_record_line("Room: Cedar | Floor: 2 | Seats: 12")
    assert not is_record_line("Note: the Cedar room | is on floor 2")
    assert not is_record_line("Room: Cedar")
    units = read_units(SHEET, 400)
    assert [u.role for u in units] == [Role.ROW, Role.ROW, Role.ROW]
    assert len({u.block for u in units}) == 3


def test_a_record_answers_only_for_what_it_names_itself() -> None:
    # Only the Birch row states a price: no row states the Cedar room's, though the Cedar row is its neighbour.
    assert _score("What is the price of the Cedar room?", SHEET) == 0.0
    assert _score("What is the price of the room on floor 3?", SHEET) > 0.0


def test_a_section_line_from_the_hint_is_a_heading_never_the_answer() -> None:
    units = read_units(FAQ_HTML, 400, tuple(FAQ_SECTION.split(" / ")))
    quoted = [FAQ_HTML[u.start : u.end] for u in units]
    assert quoted == ["Yes, any certified helmet is fine; rental helmets are cleaned after every ride."]
    assert units[0].context.endswith("Can I bring my own helmet?")


def test_the_title_under_a_file_name_belongs_to_the_document_not_to_each_section() -> None:
    # The route number is the document's (its title); Sundays is what this section adds, and it is here.
    assert _score("How often does the line 7 ferry run on Sundays?", TIMETABLE_TAIL, TIMETABLE_SECTION) > 0.0
    # Asked about more than the title says, and none of that more is in this section: refused.
    saturday_nights = "How often does the line 7 ferry run at night on Saturdays?"
    assert _score(saturday_nights, TIMETABLE_TAIL, TIMETABLE_SECTION) == 0.0


def test_a_money_question_is_answered_by_a_sum_whatever_its_verb() -> None:
    report = "## Energy\nThe hall used 40,000 kWh of gas in 2025, costing £9,300 in total."
    assert _score("How much did the hall spend on gas in 2025?", report) > 0.0
    assert _score("How much did the hall spend on staff in 2025?", report) == 0.0


def test_free_states_a_price_only_when_said_of_something() -> None:
    assert holds_money("Parking is free during the works.") and holds_money("Entry is free of charge.")
    assert holds_money("Children under 5 travel free.")
    assert not holds_money("Please install the free colour analyser beforehand.")


# --- questions in the evidence, conditions, labelled numbers, an X the document never names ---------------------

THREAD = (
    "# Room booking\n\n"
    "> Is the large meeting room free on Thursday?\n\n"
    "It is booked for the board until 15:00.\n"
    "Could you send the final agenda before Monday noon?"
)
FILTER_MANUAL = (
    "# Air purifier\n\n## Filter\n"
    "1. Replace the filter whenever the indicator light turns red.\n"
    "2. Wipe the grille with a dry cloth."
)
CHANGELOG = (
    "# Quillpad release notes\n\n## 5.1\n"
    "Fixed\n\n- Exports to PDF no longer drop the last page.\n- Search finds words inside attachments."
)


def _quote(question: str, text: str) -> str | None:
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, one_chunk(text))
    return draft.quotes[0].text if draft.quotes and draft.score > 0 else None


def test_a_question_in_the_evidence_states_nothing_but_a_polite_request_does() -> None:
    assert asks_only("Is the large meeting room free on Thursday?")
    assert not asks_only("Could you send the final agenda before Monday noon?")
    assert not asks_only("Please confirm the booking by Friday?")
    asked = "Is the large meeting room free on Thursday?"
    assert _quote(asked, THREAD) != asked
    assert _score("By when must the final agenda be sent?", THREAD) > 0.0


def test_a_procedural_when_is_answered_by_a_condition() -> None:
    assert _score("When should the filter be replaced?", FILTER_MANUAL) > 0.0
    assert _score("When was the filter replaced?", FILTER_MANUAL) == 0.0


def test_a_label_is_found_where_its_number_is() -> None:
    assert number_labels(tokenize("What changed in version 5.1?")) == (("version", "5.1"),)
    assert _score("What was fixed in version 5.1?", CHANGELOG) > 0.0
    assert _score("What was fixed in version 6.0?", CHANGELOG) == 0.0


def test_which_x_that_the_document_never_names_is_not_required() -> None:
    assert _score("Which bugs were fixed in Quillpad 5.1?", CHANGELOG) > 0.0


# --- numbered section headings, "IT", measure and number questions, ISO dates ------------------------------------

MINUTES = (
    "Garden club committee, 3 March 2026\n\n"
    "1. Finances\nThe bank balance stands at £1,204.\n\n"
    "2. Water\nThe tap by the shed leaks. IT will move the monitors before Friday."
)
HEATER = "# Kettle guide\n\n## Controls\nThe dial sets the water temperature. Hold the button to boil."


def test_a_numbered_heading_is_a_heading_and_never_glued_to_its_first_sentence() -> None:
    units = read_units(MINUTES, 400)
    quoted = [MINUTES[u.start : u.end] for u in units]
    assert "The bank balance stands at £1,204." in quoted
    assert not any(q.startswith(("Finances", "Water")) for q in quoted)
    assert any(u.context.endswith("Finances") for u in units)
    steps = "1. Unplug the unit\n2. Remove the filter"
    assert [steps[u.start : u.end] for u in read_units(steps, 400)] == ["Unplug the unit", "Remove the filter"]


def test_it_the_department_is_no_pronoun() -> None:
    assert _quote("Who will move the monitors?", MINUTES) == "IT will move the monitors before Friday."


def test_a_temperature_asked_with_words_between_still_needs_degrees() -> None:
    assert _score("What is the maximum water temperature?", HEATER) == 0.0


def test_a_number_question_is_answered_by_a_number() -> None:
    card = "## Contact\nThe booking phone line is open on weekdays. The booking phone line is 01632 448 100."
    assert _quote("What is the booking phone number?", card) == "The booking phone line is 01632 448 100."
    assert _score("What is the booking phone number?", "## Contact\nThe booking phone line is open on weekdays.") == 0.0


def test_an_iso_date_is_found_by_its_day_and_month_name() -> None:
    assert iso_date_stems("Date: 2026-12-06 | Volunteer: Owen Price") == {"2026", "6", "decemb"}
    assert iso_date_stems("ref 2026-13-45") == frozenset()
    assert _score("Which task does the volunteer do on 6 December?", SHEET_DATED) > 0.0
    assert _score("Which task does the volunteer do on 7 December?", SHEET_DATED) == 0.0


SHEET_DATED = (
    "Date: 2026-12-05 | Volunteer: Ann Berg | Task: Till\nDate: 2026-12-06 | Volunteer: Tom Shah | Task: Window display"
)


# --- lists written a line each, bare titles, what-X heads, measure questions, -e verbs ---------------------------

RECIPE = (
    "Lemon traybake\n\n"
    "Makes 16 squares. Baking 35 minutes.\n\n"
    "Ingredients\n225 g butter\n225 g caster sugar\n4 eggs\n\n"
    "Method\n1. Heat the oven to 180 °C and line a 30 x 23 cm tin.\n2. Bake until golden.\n\n"
    "Storage\nKeep in an airtight tin for up to three days."
)
NOTES = (
    "# Tilly 2.0 release notes\n\n## Fixed\n- Sync no longer stalls on large folders.\n- Dark mode keeps its colours."
)


def test_a_list_written_a_line_each_is_one_item_per_line_and_a_bare_opening_line_is_the_title() -> None:
    units = read_units(RECIPE, 400)
    quoted = {RECIPE[u.start : u.end]: u for u in units}
    assert "225 g caster sugar" in quoted and quoted["225 g caster sugar"].role is Role.ITEM
    assert quoted["225 g caster sugar"].context.endswith("Ingredients")
    assert "Lemon traybake" not in quoted and all(u.title == "Lemon traybake" for u in units)
    wrapped = "The committee agreed to\nask the council for a\nsecond weekly collection."
    assert [wrapped[u.start : u.end] for u in read_units(wrapped, 400)] == [wrapped]


def test_measure_questions_need_their_unit_and_not_the_measured_word() -> None:
    assert _quote("At what temperature should the oven be set?", RECIPE) == (
        "Heat the oven to 180 °C and line a 30 x 23 cm tin."
    )
    assert _quote("What size tin is needed?", RECIPE) == "Heat the oven to 180 °C and line a 30 x 23 cm tin."
    assert _score("What size are the squares?", "## Serving\nCut into squares and keep for three days.") == 0.0


def test_a_verb_that_drops_its_e_is_the_same_word() -> None:
    assert same_word("bake", frozenset({"bak"})) and same_word("bak", frozenset({"bake"}))
    assert not same_word("bat", frozenset({"bake"}))


def test_what_x_questions_name_x_unless_the_document_never_does() -> None:
    assert _score("What bugs were fixed in Tilly 2.0?", NOTES) > 0.0
    assert _score("What features were added in Tilly 2.0?", NOTES + "\n\n## Features\nNothing this time.") == 0.0


def test_which_version_asks_for_a_version_and_does_not_need_the_word() -> None:
    needs = QuestionNeeds.of(
        "Which macOS version does Quillpad 5.1 require?", {"version": 2.5, "requir": 2.1}, frozenset()
    )
    assert "version" not in needs.focus and "requir" in needs.focus


# --- asking words, measured words, derived nouns, agreed actions -------------------------------------------------


def test_words_that_only_ask_are_not_required_of_the_answer() -> None:
    needs = QuestionNeeds.of(
        "What is the address of the new office?", {"address": 2.0, "new": 2.0, "offic": 1.0}, frozenset()
    )
    assert set(needs.focus) == {"offic"}
    listing = QuestionNeeds.of(
        "What follow-up actions were agreed?", {"follow": 1.9, "agre": 2.6, "action": 1.0}, frozenset()
    )
    assert set(listing.focus) == {"follow"}


def test_how_loud_is_answered_in_decibels() -> None:
    spec = "# Fan spec\n\n| Feature | Value |\n|---|---|\n| Noise level | 24–52 dB |\n| Power | 45 W |"
    assert _quote("How loud is the fan?", spec) == "Noise level | 24–52 dB"
    assert _score("How loud is the fan?", "# Fan spec\n\n## Power\nThe fan draws 45 W.") == 0.0


def test_a_derived_noun_is_the_same_word() -> None:
    assert same_word("paid", frozenset({"payment"})) and same_word("ship", frozenset({"shipment"}))
    assert not same_word("pain", frozenset({"payment"}))


def test_a_quoted_reply_keeps_its_header_lines_as_fields_and_its_blank_lines_as_breaks() -> None:
    thread = (
        "Thanks, Thursday works.\n\n> From: Sara Quinn\n> Date: 2026-11-10\n>\n> Hello Leo,\n>\n> The course costs £95."
    )
    units = read_units(thread, 400)
    quoted = [(thread[u.start : u.end], u.role) for u in units]
    assert ("From: Sara Quinn", Role.FIELD) in quoted and ("Date: 2026-11-10", Role.FIELD) in quoted
    assert ("The course costs £95.", Role.PROSE) in quoted
    assert not any(">" in text for text, _ in quoted)


def test_a_sibling_compound_speaks_of_the_neighbour() -> None:
    assert names_a_sibling("Late check-out until 1 pm costs £25.", (("check", "in"),))
    assert not names_a_sibling("Check-in opens at 3 pm; check-out is at 11 am.", (("check", "in"),))
    hotel = "## Late check-out\nLate check-out until 1 pm costs £25."
    assert _score("What time is check-in?", hotel) == 0.0
    assert _score("What time is check-out?", hotel) > 0.0


def test_how_much_compensation_asks_for_money() -> None:
    assert expects_money("How much compensation did the landlord offer?")
    assert (
        _score("How much compensation did the landlord offer?", "## Actions\nWrite to the landlord by 25 November.")
        == 0.0
    )


def test_a_plain_text_documents_title_from_its_first_chunk_counts_for_its_other_chunks() -> None:
    first = EvidenceItem(
        "c0", "trusted", "Rowing club committee meeting, 2 December\n\nPresent: Jo, Kit", rank=1, section="minutes.txt"
    )
    later = EvidenceItem(
        "c1", "trusted", "Boats\nKit will list the old boat online this week.", rank=2, section="minutes.txt / Boats"
    )
    provider = ExtractiveBriefingProvider(encoder=None)
    alone = analyze("What will Kit do after the meeting?", [later], max_sentence_chars=400)
    both = analyze("What will Kit do after the meeting?", [first, later], max_sentence_chars=400)
    assert not alone.candidates
    assert any(both.quote_text(c).startswith("Kit will list") for c in both.candidates)
    assert provider.draft("What will Kit do after the meeting?", [first, later]).quotes


def test_total_asks_and_is_not_required_of_the_answer() -> None:
    report = "## Funding\nIncome was £96,000, of which 61% came from donors."
    assert _quote("What was the total income?", report) == "Income was £96,000, of which 61% came from donors."
