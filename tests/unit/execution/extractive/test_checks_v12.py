"""Answerer v12's rules, each from a fresh document asked through the running service: a name the document repeats
stands for the document, a phrasal verb asked where the document writes one verb, words after "how much" that name
no thing, a superlative that is no required modifier, and the question proper after a situation told before it
(checks.py, features.py). The texts are written for these tests."""

from __future__ import annotations

import pytest

from domains.execution.briefing.extractive.checks import asked_clause, day_of_kind, phrasal_equivalents, question_verb
from domains.execution.briefing.extractive.features import analyze, document_names, read_passages
from domains.execution.briefing.extractive.structure import read_units
from domains.execution.briefing.extractive.terms import stem, tokenize
from domains.execution.briefing.prompt_format import EvidenceItem
from tests.unit.execution.extractive.helpers import may_answer, question_needs

SHOP = (
    "# Returns\n\n"
    "We want you to love what you buy from Bramblewick.\n\n"
    "## Return windows\n\n"
    "Garden tools may be returned within 60 days.\n\n"
    "## Contact\n\n"
    "Call Bramblewick customer care on 0330 118 4420.\n"
)
ONE_MENTION = (
    "# Returns\n\n"
    "## Our partners\n\n"
    "We deliver for Bramblewick.\n\n"
    "## Return windows\n\n"
    "Garden tools may be returned within 60 days.\n"
)
INTRODUCED = (
    "# Returns\n\n"
    "We want you to love what you buy from Bramblewick.\n\n"
    "## Return windows\n\n"
    "Garden tools may be returned within 60 days.\n"
)


def _candidates(question: str, *texts: str) -> list[str]:
    evidence = [
        EvidenceItem(f"chunk-{index}", "trusted", text, rank=index + 1, section="returns.md")
        for index, text in enumerate(texts)
    ]
    analysis = analyze(question, evidence, max_sentence_chars=400)
    return [analysis.quote_text(c) for c in analysis.candidates]


def test_a_name_the_document_repeats_need_not_be_in_the_answering_section() -> None:
    window = "Garden tools may be returned within 60 days."
    question = "How long do I have to return garden tools to Bramblewick?"
    assert window in _candidates(question, SHOP)
    # Named once, in another paragraph, the name may be a neighbour's: the section must name it.
    assert window not in _candidates(question, ONE_MENTION)
    # Once is enough in the introduction right under the document's title: it says what the document is about.
    assert window in _candidates(question, INTRODUCED)
    # A name the document never writes is still missing.
    assert window not in _candidates("How long do I have to return garden tools to Hollowbrook?", SHOP)


def test_recurring_names_are_counted_per_document_and_by_paragraph() -> None:
    other = EvidenceItem("chunk-x", "trusted", "Seeds from Hollowbrook.\n\nDelivered by Hollowbrook.", section="b.md")
    mine = EvidenceItem("chunk-y", "trusted", SHOP, section="returns.md")
    names = document_names(read_passages([mine, other], 400))
    assert stem("bramblewick") in names["returns.md"]
    assert stem("hollowbrook") in names["b.md"] and stem("hollowbrook") not in names["returns.md"]
    # Two mentions in one sentence are one paragraph.
    once = EvidenceItem("chunk-z", "trusted", "Kestrel and Kestrel Ltd supply paper.", section="c.md")
    assert stem("kestrel") not in document_names(read_passages([once], 400))["c.md"]


def test_a_number_a_repeated_name_labels_belongs_to_the_document() -> None:
    letter = (
        "Dear parents of Year 5,\n\nThe Year 5 trip leaves on Monday.\n\n"
        "COST\nThe total cost of the trip is £186 per child.\n"
    )
    cost = "The total cost of the trip is £186 per child."
    assert cost in _candidates("How much does the Year 5 trip cost per child?", letter)
    assert cost not in _candidates("How much does the Year 6 trip cost per child?", letter)


@pytest.mark.parametrize(
    ("question", "asked", "equivalent"),
    [
        ("How long do I have to send back a fork?", "back", "return"),
        ("How long can I put my membership on hold?", "hold", "freeze"),
        ("Until when can I pass my ticket on to a friend?", "pass", "transfer"),
        ("What time should I turn up?", "turn", "arrive"),
        ("How long do deleted files stick around?", "around", "kept"),
        ("When should the refund show up?", "show", "appear"),
    ],
)
def test_a_phrasal_verb_is_found_where_the_document_writes_one_verb(question: str, asked: str, equivalent: str) -> None:
    found = phrasal_equivalents(tokenize(question))
    assert stem(equivalent) in found[stem(asked)]


def test_a_verb_without_its_particle_is_no_phrasal_verb() -> None:
    assert phrasal_equivalents(tokenize("Where do I send the form?")) == {}
    assert phrasal_equivalents(tokenize("Who will turn the heating down?")) == {}  # "turn ... down" is not listed
    # The particle must follow within a few words.
    assert phrasal_equivalents(tokenize("Send the signed form to the office and come back later")).get("send") is None


def test_a_phrasal_question_is_answered_by_the_one_verb_sentence() -> None:
    question = "For how long can I put my membership on hold?"
    assert may_answer(question, "You may freeze your membership for up to 3 months.")
    assert not may_answer(question, "You may cancel your membership with 30 days' notice.")


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("How much extra is it to bring a campervan?", None),
        ("How much comes off my refund for a collection?", None),
        ("How many times a year is the drill held?", None),
        ("How many tickets can I buy?", "ticket"),
        ("Which hygienist will see me?", "hygienist"),
    ],
)
def test_words_after_how_much_that_name_no_thing_are_no_head(question: str, head: str | None) -> None:
    assert question_needs(question).head == (stem(head) if head else None)


def test_a_comparative_after_how_much_asks_for_the_sum_not_an_extra_thing() -> None:
    question = "How much extra is it to bring a campervan?"
    assert may_answer(question, "If you bring a campervan, a separate pass costs £75.")
    assert not may_answer(question, "If you bring a campervan, park it in field C.")


def test_a_superlative_is_no_modifier_the_sentence_must_repeat() -> None:
    question = "Where is the closest car park?"
    assert may_answer(question, "The nearest option is the Quarry Lane car park, four minutes away.")
    # The noun phrase's other modifier still binds: a bike park is no car park.
    assert not may_answer(question, "The nearest option is the bike park by the entrance.")


@pytest.mark.parametrize(
    ("question", "proper"),
    [
        ("I paid with PayPal - how soon will the refund arrive?", "how soon will the refund arrive?"),
        ("If we're running late, how long will you keep our table?", "how long will you keep our table?"),
        ("The warning light came on: what does it mean?", "what does it mean?"),
        # A question that opens with its question word is read whole.
        ("What time is check-in, and can I leave bags?", "What time is check-in, and can I leave bags?"),
        ("How long is the warranty?", "How long is the warranty?"),
    ],
)
def test_the_question_proper_follows_the_situation_told_before_it(question: str, proper: str) -> None:
    assert asked_clause(question) == proper


def test_a_question_after_a_situation_is_read_for_its_own_verb() -> None:
    question = "If I lose my card, who should I tell?"
    assert question_verb(tokenize(question)) is None  # read whole, "If" opens no question
    assert question_verb(tokenize(asked_clause(question))) == stem("tell")
    needs = question_needs("If we're running late, how long will the bistro keep our table?")
    assert needs.verb == stem("keep")
    # The situation's words still count for the subject.
    assert stem("late") in needs.focus


@pytest.mark.parametrize(
    ("question", "sentence", "answers"),
    [
        ("What topic is covered in the week starting 9 March?", "Week 8 | 9 Mar | Climate risk | Ch. 9", True),
        ("What topic is covered in the week starting 9 April?", "Week 8 | 9 Mar | Climate risk | Ch. 9", False),
        ("When are the office hours on Tuesday?", "Office hours: Tues 2:00-4:00 pm", True),
        ("When are the office hours on Thursday?", "Office hours: Tues 2:00-4:00 pm", False),
        ("What time does the shop open on Saturday?", "Shop opening: Sat 9:00", True),
    ],
)
def test_a_month_or_weekday_asked_in_full_is_found_abbreviated(question: str, sentence: str, answers: bool) -> None:
    key = frozenset(t.stem for t in tokenize(question) if t.capitalized or t.numeric)
    assert may_answer(question, sentence, key_terms=key) is answers


@pytest.mark.parametrize(
    ("day", "text", "covered"),
    [
        ("saturday", "weekend", True),
        ("sunday", "weekend", True),
        ("tuesday", "weekday", True),
        ("saturday", "weekday", False),
        ("monday", "weekend", False),
        ("weekend", "weekend", False),
    ],
)
def test_a_day_asked_by_name_is_covered_by_its_kind_of_day(day: str, text: str, covered: bool) -> None:
    assert day_of_kind(day, {text}) is covered


def test_breakfast_at_weekends_answers_for_a_saturday() -> None:
    question = "Until what time is breakfast served on a Saturday?"
    key = frozenset({"saturday"})
    assert may_answer(question, "Breakfast is served from 8am to 10:30am at weekends.", key_terms=key)
    assert not may_answer(question, "Breakfast is served from 7am to 10am on weekdays.", key_terms=key)


def test_a_chunk_opening_with_its_own_section_heading_reads_it_as_a_heading_not_the_title() -> None:
    hint = ("hotel.html", "Frequently asked questions", "Can I bring my dog?")
    text = "Can I bring my dog?\n\nDogs are welcome for £15 per night."
    units = read_units(text, 400, hint)
    assert [text[u.start : u.end] for u in units] == ["Dogs are welcome for £15 per night."]
    assert units[0].title == "" and "Can I bring my dog?" in units[0].context
    # The document's own title opening a chunk is still its title.
    titled = read_units("Frequently asked questions\n\nAnswers to what guests ask.", 400, hint[:2])
    assert titled[0].title == "Frequently asked questions"


def test_chunks_without_a_location_hint_do_not_share_their_names() -> None:
    first = EvidenceItem("chunk-a", "trusted", "Sold by Bramblewick.\n\nDelivered by Bramblewick.")
    second = EvidenceItem("chunk-b", "trusted", "Garden tools may be returned within 60 days.")
    names = document_names(read_passages([first, second], 400))
    assert stem("bramblewick") in names["chunk-a"]
    assert not names["chunk-b"]
