"""Who sent a message, to whom, who was copied and when: answered by the message's own header lines (headers.py),
found in an outside check ("Who sent the message about lowering the DNS TTL?" was refused; "When was the boiler email
sent?" was answered with the body's "reply ... by Monday 10 November"). The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive.headers import asked_field
from domains.execution.briefing.extractive.provider import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.structure import read_units
from domains.execution.briefing.prompt_format import EvidenceItem
from domains.knowledge.ingestion.parsing.email import EmailParser, unquote
from tests.unit.execution.extractive.helpers import assert_verbatim, brief

ROOF_MAIL = (
    b"From: Odile Marchetti <odile@greywell-housing.example>\r\n"
    b"To: Tenants of Fernside House <tenants@fernside.example>\r\n"
    b"Cc: Rhys Pennant <rhys@greywell-housing.example>\r\n"
    b"Date: Mon, 9 Mar 2026 16:40:00 +0000\r\n"
    b"Subject: Roof repairs at Fernside House\r\n\r\n"
    b"Dear tenants,\r\n\r\nScaffolding goes up on Wednesday 18 March and the roofers start the following Monday.\r\n"
    b"Please reply by Friday 13 March if you need your loft emptied for you.\r\n\r\nBest wishes,\r\nOdile\r\n"
)
GATE_NOTE = (
    "Gate code change\n\nFrom: Hamish Doyle <hamish@fernside.example>\nDate: Tue, 10 Mar 2026 08:05:00 +0000\n\n"
    "The car park gate code changes to 4471 on 1 April. If your fob stops working, reply to this email and Rhys will "
    "send you a new one."
)


def _evidence() -> list[EvidenceItem]:
    roof = EmailParser().parse(ROOF_MAIL).text
    return [
        EvidenceItem("roof-0", "trusted", roof, rank=1, section="roof.eml / Roof repairs at Fernside House"),
        EvidenceItem("gate-0", "trusted", GATE_NOTE, rank=2, section="gate.eml / Gate code change"),
    ]


async def _quotes(question: str, evidence: list[EvidenceItem]) -> list[str]:
    """Return the default provider's quotes for the question, each asserted verbatim in its chunk."""
    output = (await brief(ExtractiveBriefingProvider(encoder=None), question, evidence)).output
    assert_verbatim(output, evidence)
    return [citation.quote for claim in output.claims for citation in claim.citations]


def _mail(raw: bytes, section: str) -> list[EvidenceItem]:
    return [EvidenceItem("mail-0", "trusted", EmailParser().parse(raw).text, rank=1, section=section)]


async def _answer(question: str) -> list[str]:
    return await _quotes(question, _evidence())


def test_the_email_parser_writes_the_header_lines_under_the_subject() -> None:
    text = EmailParser().parse(ROOF_MAIL).text
    assert text.startswith(
        "Roof repairs at Fernside House\n\nFrom: Odile Marchetti <odile@greywell-housing.example>\n"
        "To: Tenants of Fernside House <tenants@fernside.example>\nCc: Rhys Pennant <rhys@greywell-housing.example>\n"
        "Date: Mon, 9 Mar 2026 16:40:00 +0000\n\nDear tenants,"
    )


def test_questions_that_ask_for_a_header_field() -> None:
    asked = {
        "Who sent the email about the roof repairs?": "sender",
        "Who is the message from?": "sender",
        "Who emailed about the scaffolding?": "sender",
        "Who was the roof email sent to?": "recipient",
        "Who received the notice?": "recipient",
        "Who was copied on the email about the roof?": "cc",
        "When was the email about the roof sent?": "date",
        "When did Odile send the message?": "date",
    }
    for question, field in asked.items():
        found = asked_field(question)
        assert found is not None and found[0] == field, question
    for question in (
        "Who sent that parcel?",  # not a message
        "To whom should I send the form?",  # a duty, not the message's recipient
        "Who wrote the report?",
        "When will the roofers start?",
        "Who should I email about the loft?",
    ):
        assert asked_field(question) is None, question


async def test_a_header_question_is_answered_by_the_line_of_the_message_it_is_about() -> None:
    assert await _answer("Who sent the email about the roof repairs?") == [
        "From: Odile Marchetti <odile@greywell-housing.example>"
    ]
    assert await _answer("When was the email about the roof repairs sent?") == ["Date: Mon, 9 Mar 2026 16:40:00 +0000"]
    assert await _answer("Who was copied on the roof email?") == ["Cc: Rhys Pennant <rhys@greywell-housing.example>"]
    assert await _answer("Who was the roof repairs email sent to?") == [
        "To: Tenants of Fernside House <tenants@fernside.example>"
    ]
    # The other message, named by what it says rather than by its subject.
    assert await _answer("Who sent the message about the car park code?") == [
        "From: Hamish Doyle <hamish@fernside.example>"
    ]


async def test_a_missing_header_line_or_message_is_refused() -> None:
    assert await _answer("Who was copied on the gate code email?") == []  # that message has no Cc line
    assert await _answer("Who sent the email about the bin collection?") == []  # no message is about bins


async def test_other_questions_still_read_the_body() -> None:
    assert await _answer("When does the scaffolding go up?") == [
        "Scaffolding goes up on Wednesday 18 March and the roofers start the following Monday."
    ]


THREAD = (
    b"From: Nia Okoro <nia@bowls.example>\r\nTo: Club committee <committee@bowls.example>\r\n"
    b"Date: Fri, 16 May 2025 18:05:44 +0100\r\nSubject: Re: Re: Green repairs\r\n\r\n"
    b"Thanks both, I'll book the roller for Saturday.\r\n\r\n"
    b"On Thu, 15 May 2025 at 21:18, Ravi Shah <ravi@bowls.example> wrote:\r\n"
    b"> Saturday works for me.\r\n>\r\n"
    b"> On Wed, 14 May 2025 at 08:02, Edith Crane <edith@bowls.example> wrote:\r\n"
    b">> The storm has lifted the turf by the north bank, and the gutter on the pavilion is loose.\r\n"
)


async def _thread_answer(question: str) -> list[str]:
    return await _quotes(question, _mail(THREAD, "green.eml / Re: Re: Green repairs"))


async def test_the_first_email_of_a_thread_is_the_one_quoted_deepest() -> None:
    assert await _thread_answer("Who sent the first email about the storm damage to the green?") == [
        "On Wed, 14 May 2025 at 08:02, Edith Crane <edith@bowls.example> wrote:"
    ]
    assert await _thread_answer("Who sent the email about the green repairs?") == [
        "From: Nia Okoro <nia@bowls.example>"
    ]


def test_a_message_named_by_several_words_or_sent_to_me() -> None:
    assert asked_field("When was the vets' booster reminder email sent?") == ("date", ("date", "sent"))
    assert asked_field("Who sent me the reminder about Biscuit's booster?") == ("sender", ("from",))
    assert asked_field("Who sent me the parcel?") is None


LEASE = (
    b"From: Priya Raman <priya@harbourco.example>\r\nTo: Tom Becker <tom@harbourco.example>\r\n"
    b"Cc: Legal <legal@harbourco.example>\r\nDate: Tue, 14 Oct 2025 09:05:00 +0100\r\n"
    b"Subject: Re: Harbour lease renewal\r\n\r\n"
    b"Tom, the landlord has agreed to a five-year term at the current rent.\r\n\r\n"
    b"On Mon, 13 Oct 2025 at 17:40, Tom Becker <tom@harbourco.example> wrote:\r\n"
    b"> Priya, can you confirm whether the harbour lease renewal can run for five years?\r\n"
)


async def _lease_answer(question: str) -> list[str]:
    return await _quotes(question, _mail(LEASE, "lease.eml / Re: Harbour lease renewal"))


async def test_a_reply_s_attribution_names_the_original_message_s_sender() -> None:
    assert await _lease_answer("Who sent the original message asking about the harbour lease?") == [
        "On Mon, 13 Oct 2025 at 17:40, Tom Becker <tom@harbourco.example> wrote:"
    ]
    assert await _lease_answer("Who received Priya's email about the lease?") == [
        "To: Tom Becker <tom@harbourco.example>"
    ]
    assert await _lease_answer("What is Priya Raman's email address?") == [
        "From: Priya Raman <priya@harbourco.example>"
    ]
    assert await _lease_answer("What is Tom Becker's email address?") == ["To: Tom Becker <tom@harbourco.example>"]


# A reply that quotes an earlier message wrapped at 72 columns (outside check 21): the quote markers are the mail
# program's layout, taken off at ingestion, so a sentence wrapped across two quoted lines is quoted as written.
WRAPPED = (
    b"From: Lena Ortiz <lena@harbourschool.example>\r\nTo: Class 4 parents <class4@harbourschool.example>\r\n"
    b"Date: Mon, 2 Jun 2025 16:10:00 +0100\r\nSubject: Re: Beach trip\r\n\r\n"
    b"Yes, the minibus is booked.\r\n\r\n"
    b"On Fri, 30 May 2025 at 09:00, Lena Ortiz <lena@harbourschool.example> wrote:\r\n"
    b"> Dear parents,\r\n>\r\n"
    b"> Food: children need a packed lunch in a paper bag, and a named bottle\r\n"
    b"> of water. Please do not pack any glass jars or fizzy drinks.\r\n>\r\n"
    b"> Clothing: a sun hat and old trainers for rock pooling.\r\n"
)


def test_quote_markers_are_taken_off_and_a_change_of_depth_starts_a_paragraph() -> None:
    text = EmailParser().parse(WRAPPED).text
    assert ">" not in text.split("wrote:", 1)[1]
    assert "Yes, the minibus is booked.\n\nOn Fri, 30 May 2025" in text
    assert (
        "wrote:\n\nDear parents,\n\nFood: children need a packed lunch in a paper bag, and a named bottle\nof" in text
    )
    assert unquote("> a\n>> b\n>>\n>> c\nd") == "a\n\nb\n\nc\n\nd"


async def test_a_sentence_wrapped_across_quoted_lines_is_quoted_without_markers() -> None:
    # the labelled first line of a wrapped paragraph is no field of its own: its sentence runs on to "of water."
    quotes = await _quotes("What do the children need for food?", _mail(WRAPPED, "beach.eml / Re: Beach trip"))
    assert quotes[0] == "Food: children need a packed lunch in a paper bag, and a named bottle\nof water."
    text = EmailParser().parse(WRAPPED).text
    sentences = [text[unit.start : unit.end] for unit in read_units(text, 400)]
    assert "Please do not pack any glass jars or fizzy drinks." in sentences
    assert not any("\n>" in sentence or sentence.startswith(">") for sentence in sentences)
