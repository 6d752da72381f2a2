"""Answerer v55: a sheet's rows answer a question about several of them together ("Which expenses were not approved?"
quoted one row of two, tenth outside check); a letterhead that only names the practice answers nothing else, and
British and American spellings are one word (twelfth outside check). The texts are written for these tests."""

from __future__ import annotations

from domains.execution.briefing.extractive import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.checks import flag_contradicted
from domains.execution.briefing.extractive.listing import may_be_claim
from domains.execution.briefing.extractive.terms import stem
from tests.unit.execution.extractive.helpers import candidate_quotes, one_chunk

EXPENSES = "\n\n".join(
    [
        "Date: 2024-01-08 | Employee: Priya Shah | Category: Travel | Amount: 412.50 | Approved: Yes",
        "Date: 2024-01-15 | Employee: Marcus Lee | Category: Meals | Amount: 86.20 | Approved: Yes",
        "Date: 2024-02-02 | Employee: Priya Shah | Category: Software | Amount: 129.00 | Approved: No",
        "Date: 2024-02-19 | Employee: Elena Novak | Category: Travel | Amount: 1030.75 | Approved: Yes",
        "Date: 2024-03-05 | Employee: Marcus Lee | Category: Office supplies | Amount: 54.10 | Approved: Yes",
        "Date: 2024-03-22 | Employee: Elena Novak | Category: Meals | Amount: 47.80 | Approved: Pending",
    ]
)


def _quoted(question: str) -> set[str]:
    draft = ExtractiveBriefingProvider(encoder=None).draft(question, one_chunk(EXPENSES, "expenses-q1.csv"))
    return {quote.text.split(" | ")[0] for quote in draft.quotes}


def test_a_record_whose_first_column_is_a_date_is_a_claim_not_a_mail_header() -> None:
    assert may_be_claim("Date: 2024-01-08 | Employee: Priya Shah | Amount: 412.50")
    assert not may_be_claim("Date: Tue, 5 Mar 2024 09:30")  # a message's header field states nothing
    assert not may_be_claim("From: Ruth <ruth@school.example>")


def test_only_a_yes_affirms_a_flag_and_anything_else_may_deny_it() -> None:
    approved = frozenset({stem("approved")})
    pending = "Employee: Elena Novak | Approved: Pending"
    assert flag_contradicted(pending, approved, frozenset())  # "Which expenses were approved?"
    assert not flag_contradicted(pending, approved, approved)  # "Which expenses were not approved?"
    assert flag_contradicted("Employee: Priya Shah | Approved: Yes", approved, approved)
    # a column that is no flag is left alone, whatever the question names
    assert not flag_contradicted("Category: Travel | Amount: 412.50", frozenset({stem("category")}), frozenset())


def test_every_row_that_answers_a_question_about_several_rows_is_quoted() -> None:
    assert _quoted("Which expenses were approved?") == {
        "Date: 2024-01-08",
        "Date: 2024-01-15",
        "Date: 2024-02-19",
        "Date: 2024-03-05",
    }
    assert _quoted("Which expenses were not approved?") == {"Date: 2024-02-02", "Date: 2024-03-22"}
    assert _quoted("List Elena Novak's expenses.") == {"Date: 2024-02-19", "Date: 2024-03-22"}


def test_a_letterhead_that_only_names_the_practice_answers_no_question_about_something_else() -> None:
    # outside27 D3: a Word page header, a chunk of its own, answered "Can I be put to sleep ...?" by its names
    header = "Linden Street Dental - 2150 NE Linden Street, Portland, OR 97212 - 971-555-0187"
    assert (
        candidate_quotes("Can I be put to sleep for a procedure at Linden Street Dental?", header, "policy.docx") == []
    )
    for asked in ("Where is Linden Street Dental?", "What is the phone number of Linden Street Dental?"):
        assert candidate_quotes(asked, header, "policy.docx") == [header], asked


def test_british_and_american_spellings_are_one_word() -> None:
    for british, american in (
        ("cancelled", "canceled"),
        ("licence", "license"),
        ("colours", "colors"),
        ("organised", "organized"),
        ("enrolment", "enrollment"),
        ("travelling", "traveling"),
    ):
        assert stem(british) == stem(american), british
    assert stem("cheque") != stem("check")  # a check-up is no cheque
    text = "## Payment\n\nAppointments canceled with less than 24 hours' notice are charged in full."
    assert candidate_quotes("What happens if my appointment is cancelled late?", text, "policy.md")
