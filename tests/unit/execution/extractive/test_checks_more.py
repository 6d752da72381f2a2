"""Smaller v3 reading fixes: what a question asks with ('mean'), plurals in -es, names opening a minutes line."""

from __future__ import annotations

from domains.execution.briefing.extractive.checks import Expect, holds_expected
from domains.execution.briefing.extractive.terms import stem, tokenize


def test_plurals_in_es_meet_their_singular() -> None:
    assert stem("buses") == stem("bus")
    assert stem("fixes") == stem("fixed") == stem("fix")
    assert stem("uses") == stem("use")


def test_a_name_opening_an_action_line_answers_who() -> None:
    terms = frozenset({stem("write"), stem("article")})

    assert holds_expected(Expect.PERSON, tokenize("Felix to draft a help-centre article."), terms)
    assert not holds_expected(Expect.PERSON, tokenize("Replace the filter every month."), terms)
