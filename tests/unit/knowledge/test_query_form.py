"""A query or question is read in the form stored text has (outside check 22 found questions typed with combining
accents refused where the composed form was answered)."""

from __future__ import annotations

from packages.core.text import query_form


def test_a_combining_accent_is_composed_and_format_characters_go() -> None:
    assert query_form("cre\u0300me bru\u0302le\u0301e") == "crème brûlée"
    assert query_form("dish\u200bwasher\u200f") == "dishwasher"
    assert query_form("plain ascii stays") == "plain ascii stays"
