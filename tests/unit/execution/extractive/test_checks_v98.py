"""Answerer v98: "no charge" says what paying asks. "Do I have to pay for it?" may be answered by "There is no
charge to you for the check", as "is it free?" already was (v60). The texts are written for these tests."""

from __future__ import annotations

from tests.unit.execution.extractive.helpers import may_answer

NO_CHARGE = "There is no charge to you for the check; it is covered by your landlord."


def test_no_charge_answers_whether_one_pays() -> None:
    assert may_answer("do i have to pay for it", NO_CHARGE, section="Gas safety check")
    assert may_answer("is it free", NO_CHARGE, section="Gas safety check")


def test_only_no_charge_says_it() -> None:
    assert not may_answer("do i have to pay for it", "The check is covered by your landlord.", section="Gas safety")
