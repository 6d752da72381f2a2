"""Answerer v19's rules beside the message headers (test_message_headers.py), each from a third outside check's
documents (fourteenth session): the period the asker is in ("this year"); a numbered group inside a stated range of them
("Year 4" in "Years 3 to 6"); school dinners and children said as meals and pupils; "which day" answered by a weekday;
a quoted reply's sentence wrapped over its lines; an age ("my 12-year-old") read against the ages stated; v20's
signature name and v21's letter paragraphs. The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import same_word
from domains.execution.briefing.extractive.features import analyze
from domains.execution.briefing.extractive.terms import stem
from domains.execution.briefing.prompt_format import EvidenceItem
from domains.knowledge.ingestion.parsing.email import EmailParser
from tests.unit.execution.extractive.helpers import candidate_quotes, grounded_quotes, question_needs

MINUTES = "## 4. Summer fair\n\nThe summer fair will be held on Saturday 21 June from noon to 4pm."
NEWSLETTER = (
    "Lunches\n\nFrom 1 May the price of a school meal for pupils in Years 2 to 5 will rise from £2.40 to £2.55."
)


def test_the_period_the_asker_is_in_is_never_missing() -> None:
    fair = "The summer fair will be held on Saturday 21 June from noon to 4pm."
    assert fair in candidate_quotes("When is the fair on this year?", MINUTES)
    assert fair in candidate_quotes("When is the fair on?", MINUTES)
    assert fair in candidate_quotes("When is the summer fair this year?", MINUTES)
    assert not candidate_quotes("When is the winter fair this year?", MINUTES)  # a neighbouring event


def test_school_dinners_are_meals_and_children_pupils() -> None:
    price = "From 1 May the price of a school meal for pupils in Years 2 to 5 will rise from £2.40 to £2.55."
    assert price in candidate_quotes("How much will school dinners cost for my Year 3 child from May?", NEWSLETTER)
    assert same_word(stem("dinners"), {stem("meal")}) and same_word(stem("children"), {stem("pupils")})
    assert not same_word(stem("lunch"), {stem("dinner")})  # a different meal


def test_a_numbered_group_inside_a_stated_range_of_them() -> None:
    price = "From 1 May the price of a school meal for pupils in Years 2 to 5 will rise from £2.40 to £2.55."
    assert price in candidate_quotes("How much does a school meal cost for a Year 4 pupil from May?", NEWSLETTER)
    assert not candidate_quotes("How much does a school meal cost for a Year 6 pupil from May?", NEWSLETTER)
    assert not candidate_quotes("How much does a school meal cost for a Year 1 pupil from May?", NEWSLETTER)


def test_which_day_is_answered_by_a_weekday() -> None:
    moved = "After-school chess club is moving from Tuesday to Friday from next week."
    assert moved in candidate_quotes("Which day is chess club on now?", f"## Clubs\n\n{moved}\n")
    meets = "The chess club meets on Fridays in the library."
    assert meets in candidate_quotes("Which day does the chess club meet?", f"## Clubs\n\n{meets}\n")
    assert not candidate_quotes("Which day does the chess club meet?", "## Clubs\n\nThe chess club meets weekly.\n")


REPLY = (
    "Thanks, we'll take the Barn.\n\n"
    "> Hi Sol,\n"
    "> The Barn holds up to 60 people and costs £900. The Loft seats\n"
    "> up to 35 and costs £540. Amplified music must end\n"
    "> by 10:45pm under our licence.\n"
    "> Parking is free after 6pm.\n"
    ">\n"
    "> Kind regards,\n"
    "> Ines\n"
)


def test_a_quoted_reply_wrapped_over_lines_is_quoted_whole() -> None:
    assert "The Loft seats\n> up to 35 and costs £540." in candidate_quotes("How many people can the Loft seat?", REPLY)
    music = "Amplified music must end\n> by 10:45pm under our licence."
    assert music in candidate_quotes("By what time does the music have to end?", REPLY)
    analysis = analyze("Who wrote back?", [EvidenceItem("c", "trusted", REPLY, rank=1)], max_sentence_chars=400)
    quoted = [REPLY[s.start : s.end] for p in analysis.passages for s in p.spans]
    assert "Hi Sol," in quoted  # a greeting stays a line of its own
    assert "Parking is free after 6pm." in quoted
    assert not any(q.startswith(">") for q in quoted)  # no sentence opens on a quote marker


PRICES = (
    "## Prices\n\nActivity: Climbing | Adult: £9.00 | Junior (under 14): £6.50\n\n"
    "Activity: Sauna | Adult: £6.10 | Junior (under 14): –\n"
)


def test_an_age_is_read_against_the_ages_stated_not_as_a_year() -> None:
    row = "Activity: Climbing | Adult: £9.00 | Junior (under 14): £6.50"
    assert row in candidate_quotes("How much is climbing for my 11-year-old?", PRICES)
    assert not candidate_quotes("How much is climbing for my 15-year-old?", PRICES)  # no age given for adults


def test_in_the_end_is_no_subject_and_money_back_is_a_refund() -> None:
    thread = "Hi Jo,\n\nThanks for the quick reply. The final number of guests is 62, including four children.\n"
    final = "The final number of guests is 62, including four children."
    assert final in candidate_quotes("How many guests are coming in the end?", thread, section="party.eml / Party")
    assert question_needs("How many guests are coming in the end?").present == {"end"}
    assert question_needs("When does the party end?").present == frozenset()
    policy = "## Cancelling\n\nAfter 14 days you can cancel at any time and we will refund the unused premium.\n"
    refund = "After 14 days you can cancel at any time and we will refund the unused premium."
    assert refund in candidate_quotes("If I cancel, do I get any money back?", policy)


async def test_a_signature_role_line_answers_who_with_the_name_above_it() -> None:
    letter = (
        "Dear parents,\n\nThe Year 5 trip to Brackwater Farm is on Friday 6 June.\n\n"
        "Yours sincerely,\n\nMrs Helen Oduya\nYear 5 Teacher and Trip Leader\n"
    )
    evidence = [EvidenceItem("letter-0", "trusted", letter, rank=1, section="trip.txt")]
    quotes = await grounded_quotes("Who is the trip leader?", evidence)
    assert quotes[:1] == ["Mrs Helen Oduya\nYear 5 Teacher and Trip Leader"]
    assert await grounded_quotes("When is the Year 5 trip?", evidence) == [
        "The Year 5 trip to Brackwater Farm is on Friday 6 June."
    ]


def test_a_letter_s_paragraph_must_name_the_thing_asked_about() -> None:
    """v21: in a letter's body under no heading of its own, a name the question asks about must be in the answering
    sentence's paragraph (or the title, or what the letter is about), not two paragraphs up."""
    mail = (
        b"From: Library team <library@town.example>\r\nTo: Members <members@town.example>\r\n"
        b"Date: Mon, 3 Feb 2025 09:00:00 +0000\r\nSubject: Library changes\r\n\r\n"
        b"Dear members,\r\n\r\n"
        b"From 1 March the library will charge late fees for books of 0.20 euros per item per day.\r\n\r\n"
        b"DVDs and board games can still be borrowed for one week only.\r\n\r\n"
        b"Kind regards,\r\nThe library team\r\n"
    )
    letter = EmailParser().parse(mail).text
    fee = "From 1 March the library will charge late fees for books of 0.20 euros per item per day."
    section = "notice.eml / Library changes — Library team library@town.example — 2025-02-03T09:00:00+00:00"
    assert fee in candidate_quotes("What is the late fee for books?", letter, section=section)
    assert fee not in candidate_quotes("What is the late fee for DVDs?", letter, section=section)
