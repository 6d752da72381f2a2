"""A query or question is read in the form stored text has (outside check 22 found questions typed with combining
accents refused where the composed form was answered)."""

from __future__ import annotations

from packages.core.text import query_form


def test_a_combining_accent_is_composed_and_format_characters_go() -> None:
    assert query_form("cre\u0300me bru\u0302le\u0301e") == "crème brûlée"
    assert query_form("dish\u200bwasher\u200f") == "dishwasher"
    assert query_form("plain ascii stays") == "plain ascii stays"


def test_fullwidth_letters_and_ligatures_are_read_as_plain_letters() -> None:
    """Outside check 32: "ｐｒｉｃｅ of the ｂｏｒｄｅｒ ｓｐａｄｅ" found nothing, and "ﬁ" turned an answer into a
    refusal."""
    assert query_form("ｐｒｉｃｅ of the ｂｏｒｄｅｒ ｓｐａｄｅ？") == "price of the border spade?"
    assert query_form("where is the ﬁre exit") == "where is the fire exit"
    assert query_form("東京\u3000駅") == "東京 駅"
    # other compatibility characters keep their form: they are what a document writes too
    assert query_form("a 2 m² room for ½ price") == "a 2 m² room for ½ price"
