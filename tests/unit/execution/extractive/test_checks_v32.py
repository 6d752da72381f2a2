"""Answerer v32's rules, from the ninth batch of everyday documents (eighteenth session): a number told in a yes/no
question's situation is answered by a bound on either side of it; "10 or more" and "6 hours or more" are bounds; a
number after a product's name or inside a code is no day of a month; a month or weekday the situation names is met by
a sentence that names none; plain equivalents (finish / end, minimum / at least, money off / discount). The texts are
written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import (
    Expect,
    bounds_money_only,
    counts_durations_only,
    counts_nothing,
    expected_answer,
    holds_expected,
    in_stated_range,
    names_one,
    same_word,
    timetable_row_of,
)
from domains.execution.briefing.extractive.kinds import names_members
from domains.execution.briefing.extractive.terms import stem, tokenize
from tests.unit.execution.extractive.helpers import candidate_quotes, grounded_quotes, trusted_chunks

# A shop's delivery FAQ (v33 and v35)
SHIPPING_FAQ = (
    "# Larkspur Tea FAQ\n\n## Delivery\n\nStandard delivery within the country takes 3 to 5 working days. "
    "We currently ship to Belgium, the Netherlands and Luxembourg only. Orders over 40 euros ship free."
)
SHIPS_TO = "We currently ship to Belgium, the Netherlands and Luxembourg only."

POOL = (
    "## Facilities\n\nThe spa pool is open to swimmers aged 18 and over only.\n\n"
    "A one-off joining fee of £20 applies to every membership."
)


def test_a_number_of_the_askers_own_is_answered_by_a_bound_on_either_side() -> None:
    rule = "The spa pool is open to swimmers aged 18 and over only."
    assert rule in candidate_quotes("My daughter is 15, is she allowed in the spa pool?", POOL)
    assert rule in candidate_quotes("My daughter is 19, is she allowed in the spa pool?", POOL)
    # asked outright, not told, the number must lie on the stated side
    assert rule not in candidate_quotes("Is the spa pool open to a 15-year-old?", POOL)


def test_or_more_and_at_least_are_bounds() -> None:
    assert in_stated_range("12", "Groups of 10 or more must pre-order.")
    assert in_stated_range("10", "Premium economy may be booked for flights of 6 hours or more.")
    assert in_stated_range("20", "Open to anyone aged at least 18.")
    assert not in_stated_range("8", "Groups of 10 or more must pre-order.")
    assert in_stated_range("3", "Sessions for 4 people or fewer are free.")


def test_a_number_after_a_name_or_inside_a_code_is_no_day() -> None:
    terms = frozenset({stem("released")})
    text = "Tidewell 3.1 requires Windows 11 (version 22H2 or later) or macOS 13 Ventura or later."
    assert not holds_expected(Expect.DATE, tokenize(text), terms, text=text)
    dated = "Tidewell 3.1 came out on 14 May 2025."
    assert holds_expected(Expect.DATE, tokenize(dated), terms, text=dated)


def test_a_month_the_situation_names_is_met_by_a_sentence_naming_none() -> None:
    fee = "A one-off joining fee of £20 applies to every membership."
    assert fee in candidate_quotes("I'm joining in June - is there a joining fee?", POOL)
    winter = "## Fees\n\nIn January a joining fee of £10 applies."
    assert not candidate_quotes("I'm joining in June - is there a joining fee?", winter)  # another month's fee


def test_plain_equivalents_from_the_ninth_batch() -> None:
    for asked, written in (("finish", "ending"), ("minimum", "least"), ("screen", "display"), ("poorly", "unwell")):
        assert same_word(stem(asked), {stem(written)}), asked
    long = "A new password must be at least 14 characters long."
    assert long in candidate_quotes("What's the minimum length for a new password?", f"## Passwords\n\n{long}\n")


# v33, from the third outside check's own documents: sizes are neighbours; a country asked for is named as one


def test_a_price_for_another_size_does_not_answer() -> None:
    # a price list's rows as ORION writes a CSV's records
    rows = "## Menu\n\nItem: Cappuccino | Size: Regular | Price: 3.20\n\nItem: Latte | Size: Large | Price: 3.90\n"
    assert not candidate_quotes("How much is a large cappuccino?", rows)
    assert "Item: Latte | Size: Large | Price: 3.90" in candidate_quotes("How much is a large latte?", rows)


def test_which_countries_is_answered_by_countries_named() -> None:
    assert SHIPS_TO in candidate_quotes("Which countries can you send my order to?", SHIPPING_FAQ)
    assert names_members(stem("countries"), "Orders go to the UK and Ireland.")
    assert not names_members(stem("countries"), "Send us your order and we will call you.")  # "us" is no country
    assert names_members(stem("languages"), "Tours run in English, French and Welsh.")


# v34: the thing asked about is found as the broader word a rule is written with, never the other way round


def test_a_dog_is_found_among_pets_but_pets_are_not_a_dog() -> None:
    rules = "## House rules\n\nGuests must not bring pets into the bedrooms."
    assert "Guests must not bring pets into the bedrooms." in candidate_quotes(
        "Can I bring my dog into the bedroom?", rules
    )
    dogs = "## House rules\n\nGuests must not bring dogs into the bedrooms."
    assert not candidate_quotes("Can I bring my rabbit into the bedroom?", dogs)
    furniture = "## Returns\n\nFor furniture collections we deduct a fee of £20 from your refund."
    assert candidate_quotes("How much do you deduct when a wardrobe is collected?", furniture)


# v35: a yes/no question about one member of a kind, over a sentence naming only others of it


def test_a_country_not_among_the_only_ones_named_is_answered_no() -> None:
    assert SHIPS_TO in candidate_quotes("Do you ship to Germany?", SHIPPING_FAQ)
    assert not candidate_quotes("How long does shipping to Germany take?", SHIPPING_FAQ)  # not a yes/no question
    without_only = SHIPPING_FAQ.replace(" only.", ".")
    assert SHIPS_TO.replace(" only.", ".") not in candidate_quotes("Do you ship to Germany?", without_only)


# v36: staff and employees are one word to a reader; a share counts no one


def test_staff_are_employees_and_a_percentage_counts_no_one() -> None:
    assert same_word(stem("staff"), {stem("employees")})
    memo = "# Remote working\n\n## Summary\n\nFrom 1 April, employees may work from home up to three days per week."
    answer = "From 1 April, employees may work from home up to three days per week."
    assert answer in candidate_quotes("How many days a week can staff work from home?", memo)
    survey = "## Results\n\nStaff working in Customer Operations rose by 55% this year."
    assert not candidate_quotes("How many staff work in Customer Operations?", survey)
    counted = "## Results\n\nStaff working in Customer Operations rose to 42 this year."
    assert candidate_quotes("How many staff work in Customer Operations?", counted)
    assert counts_nothing("up 12% on last year, 55% in total") and not counts_nothing(
        "We have 12 staff, 50% part-time."
    )


# v37: a file's name asked as "the name of the file"; an initial that ends a sentence


def test_the_name_of_a_file_is_asked_like_a_file_name() -> None:
    notes = (
        "## Upgrade notes\n\nYour company file will be converted to the new format the first time you open it. "
        "Ledgerly keeps a backup copy named `books.pre42.ldg` in the same folder."
    )
    backup = "Ledgerly keeps a backup copy named `books.pre42.ldg` in the same folder."
    assert candidate_quotes("What's the name of the backup file it makes when converting?", notes) == [backup]


def test_a_single_letter_before_a_sentence_opener_ends_the_sentence() -> None:
    from domains.execution.briefing.extractive.sentences import split_sentences

    text = "Meet in Community Room, Block B. The AGM will be in September. Ask J. Smith or J. R. Tolkien."
    parts = [text[s.start : s.end] for s in split_sentences(text)]
    assert parts == [
        "Meet in Community Room, Block B.",
        "The AGM will be in September.",
        "Ask J. Smith or J. R. Tolkien.",
    ]


# v38, from the fourth outside check: a measure asked with "how heavy / wide / deep / tall" is met by a table's
# column that names the measure and carries the unit in its label


def test_a_measure_and_its_unit_may_be_a_columns_label() -> None:
    rows = (
        "## Models\n\nModel: Orla Tour | Frame: Steel | Price EUR: 1199 | Weight kg: 16.4\n\n"
        "Model: Orla Mini | Frame: Aluminium | Price EUR: 499 | Width (cm): 48\n"
    )
    tour = "Model: Orla Tour | Frame: Steel | Price EUR: 1199 | Weight kg: 16.4"
    assert tour in candidate_quotes("How heavy is the Orla Tour?", rows)
    assert "Model: Orla Mini | Frame: Aluminium | Price EUR: 499 | Width (cm): 48" in candidate_quotes(
        "How wide is the Orla Mini?", rows
    )
    # the unit must be the measure's: a price's column is no weight
    assert not candidate_quotes("How heavy is the Orla Mini?", rows)
    for asked, written in (("heavy", "weight"), ("wide", "width"), ("deep", "depth"), ("tall", "height")):
        assert same_word(stem(asked), {stem(written)}), asked


def test_plain_equivalents_from_the_eleventh_batch() -> None:
    for asked, written in (("normal", "standard"), ("cable", "lead"), ("smashed", "broken")):
        assert same_word(stem(asked), {stem(written)}), asked
    lead = "Do not use an extension lead or a multi-plug adaptor."
    assert lead in candidate_quotes("Can I plug it into an extension cable?", f"## Safety\n\n{lead}\n")


def test_a_part_of_a_country_is_found_where_the_country_is_written() -> None:
    rows = "## Delivery\n\nService: Standard (UK mainland) | Price: £3.95\n"
    assert "Service: Standard (UK mainland) | Price: £3.95" in candidate_quotes(
        "How much is normal delivery to Wales?", rows
    )
    # one way only: a question about the UK is not answered by a row for England alone
    england = "## Delivery\n\nService: Courier (England only) | Price: £6.00\n"
    assert not candidate_quotes("How much is courier delivery to the UK?", england)


# v39, from the eleventh batch (read): what an address, a version and sizes are; whose contact line it is; a count
# of durations counts no things


def test_a_postal_address_has_a_postcode_or_a_street() -> None:
    letter = (
        "## Camp\n\nThe camp will run from Friday 10 April at Glenhaven Outdoor Centre.\n\n"
        "## Returns\n\nSend returns to Returns Desk, Unit 4, Mill Lane, Penmore PN1 2AB.\n"
    )
    assert not candidate_quotes("What's the address of Glenhaven Outdoor Centre?", letter)
    assert "Send returns to Returns Desk, Unit 4, Mill Lane, Penmore PN1 2AB." in candidate_quotes(
        "What address do I send returns to?", letter
    )


def test_a_version_asked_is_a_number() -> None:
    notes = "## About\n\nThe app runs on Windows and macOS.\n\n## Requirements\n\nIt needs macOS 12 or later.\n"
    assert candidate_quotes("What's the minimum macOS version it needs?", notes) == ["It needs macOS 12 or later."]
    # "what was fixed in version 5.1.3" asks what, not which version
    fixed = "## Version 5.1.3\n\nFixed the export to PDF.\n"
    assert "Fixed the export to PDF." in candidate_quotes("What was fixed in version 5.1.3?", fixed)


def test_sizes_asked_are_sizes_named() -> None:
    kit = "## Kit\n\nThe club hoodie costs £24.\n\nHoodies come in sizes 6 to 16.\n"
    assert candidate_quotes("What sizes does the club hoodie come in?", kit) == ["Hoodies come in sizes 6 to 16."]


def test_a_contact_line_is_its_own_persons() -> None:
    contacts = (
        "## Contacts\n\nHead coach: Dan Price (training times only)\n\n"
        "Club secretary (fees and forms): Lorna Hill, 01632 960189\n"
    )
    assert not candidate_quotes("What's the head coach's phone number?", contacts)
    assert "Club secretary (fees and forms): Lorna Hill, 01632 960189" in candidate_quotes(
        "What's the club secretary's phone number?", contacts
    )


def test_a_count_of_days_counts_no_things() -> None:
    returns = "Urns, cups and teapots may be returned within 30 days."
    faq = f"## Returns\n\n{returns}\n\n## Hire\n\nThe large urn holds 40 cups.\n"
    assert candidate_quotes("How many cups does the urn make?", faq) == ["The large urn holds 40 cups."]
    # a count of days asked is answered by one
    assert returns in candidate_quotes("How many days do I have to return cups?", faq)


# v40, from the fourth outside check: of two sentences under one heading, the one that names what the heading does
# not leads ("What is the warranty on brakes?" -- the frames' warranty shares only the heading's word)
WARRANTY_FAQ = (
    "# Orla Cycles FAQ\n\n## Returns\n\nYou can return an unused bike within 30 days for a full refund.\n\n"
    "## Warranty\n\nFrames carry a 12-year warranty. Components such as brakes and gears are covered for 3 years.\n"
)
MOVE_EMAIL = (
    "From: Ines Roth <ines@orla.example>\nTo: Ops <ops@orla.example>\nSubject: Warehouse\n\nHi all,\n\n"
    "Opening hours stay the same: Monday to Friday, 8:00 to 18:00. The Bremen warehouse moves to Verden on "
    "3 March 2027.\n\nThanks,\nInes\n"
)


async def test_the_sentence_naming_what_the_heading_does_not_leads() -> None:
    quotes = await grounded_quotes("What is the warranty on brakes?", trusted_chunks(WARRANTY_FAQ))
    assert quotes[0] == "Components such as brakes and gears are covered for 3 years."
    quotes = await grounded_quotes("When does the Bremen warehouse move to Verden?", trusted_chunks(MOVE_EMAIL))
    assert quotes[0] == "The Bremen warehouse moves to Verden on 3 March 2027."


# v41: an act said in two words is not answered by its opposite ("put up" for "taken down")


def test_the_opposite_act_does_not_answer() -> None:
    notice = (
        "## Works\n\nScaffolding will be put up along the front on Monday 2 March.\n\n"
        "## Lights\n\nThe heating switches off at 22:00.\n"
    )
    assert not candidate_quotes("When will the scaffolding be taken down?", notice)
    assert "Scaffolding will be put up along the front on Monday 2 March." in candidate_quotes(
        "When will the scaffolding go up?", notice
    )
    assert not candidate_quotes("What time does the heating switch on?", notice)
    assert "The heating switches off at 22:00." in candidate_quotes("What time does the heating switch off?", notice)


def test_the_earliest_date_asks_for_a_date_and_the_verb_may_is_no_month() -> None:
    clause = (
        "## Break clause\n\nEither party may end the tenancy on or after 31 December 2026 by giving 2 months' notice.\n"
        "The Tenant may only use the break clause if all rent is paid up to date.\n"
    )
    assert candidate_quotes("What's the earliest date I can end the tenancy using the break clause?", clause) == [
        "Either party may end the tenancy on or after 31 December 2026 by giving 2 months' notice."
    ]
    # "which year group" asks for a group, not a date
    assert expected_answer("Which year group can start wearing a watch?") is not Expect.DATE
    assert expected_answer("Which year did the club open?") is Expect.DATE


# v42, from the fifth outside check (read): a friend brought along is a guest; a grandmother is a grandparent; "how
# quickly" asks for a length of time


def test_a_friend_is_a_guest_and_a_grandmother_a_grandparent() -> None:
    faq = "## Guests\n\nA guest pass costs £8 for the day.\n"
    assert "A guest pass costs £8 for the day." in candidate_quotes(
        "How much is it to bring a friend for the day?", faq
    )
    # one way only: a question about guests is not answered by a sentence about friends
    friends = "## Referrals\n\nRefer a friend and get £10 off.\n"
    assert not candidate_quotes("How much is a guest pass?", friends)
    assert expected_answer("How quickly must the landlord fix the boiler?") is Expect.DURATION


# v43, from batches 9 and 8 (read): a day the question names is no place a timetable row stands for; a sum that
# sets a condition's threshold prices nothing; "four local groups" names no group


def test_a_day_is_no_place_of_a_timetable_row() -> None:
    assert not timetable_row_of("Day: Saturday | Time: 13:00–16:00 | Session: Family swim", frozenset({"saturday"}))
    assert timetable_row_of("Mill Lane | 06:40 | 08:10 | 17:20", frozenset({"mill", "lane", "saturday"}))
    rota = (
        "# Lido timetable\n\n| Day | Time | Session |\n|---|---|---|\n| Saturday | 08:00–10:00 | Lane swim |\n"
        "| Saturday | 13:00–16:00 | Family swim |\n"
    )
    assert not candidate_quotes("What time does the ticket office phone line open on Saturdays?", rota)


def test_a_threshold_prices_nothing() -> None:
    assert bounds_money_only("We give a written quote before any repair costing more than £150.")
    assert bounds_money_only("Trips costing over $2,500 need a director's approval.")
    assert not bounds_money_only("Delivery is free on orders over £50.")  # "free" prices the delivery
    assert not bounds_money_only("Orders over £50 ship for £3.95.")
    assert not bounds_money_only("We refund parking receipts up to £30 per household.")  # a cap is what is paid
    faq = "## Repairs\n\nWe give a written quote before any repair costing more than £150.\n"
    assert not candidate_quotes("How much does a repair cost?", faq)
    # asked about the threshold itself, it answers
    assert candidate_quotes("Above what limit do you give a written quote for a repair?", faq)


def test_a_count_before_the_thing_names_none_of_them() -> None:
    minutes = (
        "## Grants\n\nThe village fund gave grants totalling £4,000 to three local clubs this spring.\n"
        "The largest grant went to Harlow Rovers Football Club.\n"
    )
    assert not names_one(tokenize("to three local clubs this spring"), stem("clubs"), frozenset({stem("fund")}))
    assert names_one(tokenize("to the Harlow Rovers club"), stem("clubs"), frozenset({stem("fund")}))
    assert "The village fund gave grants totalling £4,000 to three local clubs this spring." not in candidate_quotes(
        "Which clubs got money from the village fund?", minutes
    )


def test_half_and_full_indoor_and_outdoor_are_neighbours() -> None:
    prices = "## Hire\n\nSports hall hire (full): £58 per hour.\n\nOutdoor pitch hire: £40 per hour.\n"
    assert "Sports hall hire (full): £58 per hour." not in candidate_quotes(
        "How much is it to hire half of the sports hall?", prices
    )
    assert "Sports hall hire (full): £58 per hour." in candidate_quotes(
        "How much is it to hire the full sports hall?", prices
    )
    assert "Outdoor pitch hire: £40 per hour." not in candidate_quotes("How much is the indoor pitch?", prices)


def test_a_phase_number_is_no_day_of_a_month() -> None:
    minutes = "## Scope\n\nOnline payments are out of scope for phase 1 and will be looked at in phase 2.\n"
    assert not holds_expected(
        Expect.DATE, tokenize("will be looked at in phase 2 and phase 1"), frozenset({"2"}), False, "in phase 1"
    )
    assert not candidate_quotes("When will phase 2 with online payments start?", minutes)


def test_which_day_is_answered_by_a_weekday_and_what_hours_by_times() -> None:
    notice = (
        "## Bins\n\nFrom 3 March there will be an extra recycling collection every Tuesday.\n\n"
        "## Caretaker\n\nOur caretaker, Femi, is on site from 8am to 6pm every day.\n"
    )
    assert candidate_quotes("which day is the extra recycling collection", notice) == [
        "From 3 March there will be an extra recycling collection every Tuesday."
    ]
    assert candidate_quotes("what hours is the caretaker around", notice) == [
        "Our caretaker, Femi, is on site from 8am to 6pm every day."
    ]


def test_a_house_number_after_at_is_no_hour() -> None:
    assert not holds_expected(Expect.CLOCK, tokenize("buy it in their shop at 18 Market Row"), frozenset())
    assert holds_expected(Expect.CLOCK, tokenize("We open at 9 AM."), frozenset())


def test_a_length_of_time_is_no_date() -> None:
    def dated(text: str) -> bool:
        return holds_expected(Expect.DATE, tokenize(text), frozenset(), False, text)

    assert not dated("The assessment usually lasts between one and two hours.")
    assert not dated("Most patients stay on the ward for two nights.")
    assert dated("Your deposit is returned within 10 days.")  # a time counted from something says when
    assert dated("The course runs for 2 days from 4 May.")


# v44, from batch 12 (read after its first measurement): an ordinal asked is met by its number


def test_the_fourth_floor_is_floor_4() -> None:
    wardens = (
        "## Fire wardens\n\nFloor: 3 | Warden: Ada Okoro | Deputy warden: Lee Park\n\n"
        "Floor: 4 | Warden: Sam Reyes | Deputy warden: Noor Hadid\n"
    )
    quotes = candidate_quotes("who's the deputy warden for the fourth floor", wardens)
    assert "Floor: 4 | Warden: Sam Reyes | Deputy warden: Noor Hadid" in quotes
    assert "Floor: 3 | Warden: Ada Okoro | Deputy warden: Lee Park" not in quotes


def test_a_deadline_asked_for_is_a_date() -> None:
    assert expected_answer("deadline for sending back the bursary form?") is Expect.DATE
    assert expected_answer("What's the closing date for entries?") is Expect.DATE
    assert expected_answer("What happens if I miss the deadline for payment?") is Expect.ANY
    letter = (
        "## Bursary\n\nFamilies on a low income can apply for a bursary of £80 per child.\n"
        "Forms must be returned to the office by Friday 3 October 2025.\n"
    )
    assert candidate_quotes("deadline for sending back the bursary form?", letter) == [
        "Forms must be returned to the office by Friday 3 October 2025."
    ]


# v45, from batch 12 (read): "how many visitor bays" counts bays, and a time of day counts nothing


def test_a_people_word_before_the_counted_thing_names_whose_it_is() -> None:
    notice = "## Parking\n\nVisitors may use the marked guest bays for up to three hours between 9am and 6pm.\n"
    assert not candidate_quotes("how many guest bays are there", notice)
    assert counts_durations_only(tokenize("for up to three hours between 9am and 6pm"), stem("bays"))
    assert not counts_durations_only(tokenize("There are 12 guest bays, free for up to 3 hours."), stem("bays"))
