"""The meld solver against the exhaustive reference on thousands of generated hands (the
unit tests, tests/unit/test_melds.py, try the first few hundred of the same)."""

from __future__ import annotations

from hypothesis import given, settings

from tests.helpers.meld_reference import (
    Case,
    assert_matches_reference,
    crowded_cases,
    dealt_cases,
    dealt_hands,
    dense_hands,
)


@settings(max_examples=1000, deadline=None)
@given(dense_hands())
def test_dense_hands_match_the_reference(case: Case) -> None:
    assert_matches_reference(*case)


@settings(max_examples=150, deadline=None)
@given(dealt_hands())
def test_dealt_hands_match_the_reference(case: Case) -> None:
    assert_matches_reference(*case)


def test_thousands_of_dealt_hands_match_the_reference() -> None:
    for case in dealt_cases(3000):
        assert_matches_reference(*case)


def test_crowded_hands_with_many_wilds_match_the_reference() -> None:
    # Two suits over six ranks, two decks, and up to six wilds: the hardest shapes.
    for case in crowded_cases(1500):
        assert_matches_reference(*case)
