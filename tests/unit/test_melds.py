"""The meld solver against RULES.md's worked examples and an exhaustive reference."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from threethirteen.core.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    new_deck,
    parse_cards,
    wild_rank_for_round,
)
from threethirteen.core.errors import GameError
from threethirteen.core.melds import Arrangement, best_arrangement, clear_cache, is_meld

from tests.helpers.brute_force import brute_force_penalty, reference_is_meld
from tests.helpers.meld_reference import (
    Case,
    assert_consistent,
    assert_matches_reference,
    crowded_cases,
    dealt_cases,
    dealt_hands,
    dense_hands,
)

# --- RULES.md -----------------------------------------------------------------

WORKED = [
    (1, "3s 7h Kd", False, 32),
    (1, "3c 3d 9s", False, 0),
    (1, "3c 3d 3s", False, 0),
    (1, "Qh Kh Ah", False, 21),
    (1, "Qh Kh Ah", True, 0),
    (2, "Ah 2h 3h", True, 20),
    (3, "7h 7h 7s 8h 9h", False, 14),
    (1, "jk 5d Kc", False, 35),
    (1, "jk 3d Kc", False, 0),
    (3, "5h 9h jk 3c 3d", False, 6),
]


@pytest.mark.parametrize(("round_no", "hand", "aces_high", "penalty"), WORKED)
def test_worked_examples_of_the_rules(
    round_no: int, hand: str, aces_high: bool, penalty: int
) -> None:
    cards = parse_cards(hand)
    assert assert_consistent(cards, round_no, aces_high).penalty == penalty
    assert brute_force_penalty(cards, round_no, aces_high) == penalty


def test_run_with_leftover_sevens_is_the_rules_example() -> None:
    arrangement = best_arrangement(parse_cards("7h 7h 7s 8h 9h"), 3)
    assert [sorted(meld) for meld in arrangement.melds] == [sorted(parse_cards("7h 8h 9h"))]
    assert sorted(arrangement.unmelded) == sorted(parse_cards("7h 7s"))


# --- is_meld ------------------------------------------------------------------

MELDS = [
    # sets: one rank, suits may repeat, no upper size
    ("7h 7s 7d", 1, False, True),
    ("7h 7h 7s", 1, False, True),
    ("7h 7s 7d 7c 7h 7s 7d 7c", 1, False, True),
    ("7h 7s", 1, False, False),
    ("7h 7s 8d", 1, False, False),
    # runs: one suit, consecutive, in any order
    ("5h 6h 7h", 1, False, True),
    ("7h 5h 6h", 1, False, True),
    ("5h 6h 8h", 1, False, False),
    ("5h 6s 7h", 1, False, False),
    ("5h 6h 7h 8h 9h 10h Jh Qh Kh", 1, False, True),
    # duplicates cannot share a run (but two of a rank plus a wild are a set)
    ("5h 5h 6h 7h", 1, False, False),
    ("5h 6h 6h 7h", 1, False, False),
    ("5h 5h jk", 1, False, True),
    # aces low: A-2-3, no Q-K-A, no wrap-around
    ("Ah 2h 4h", 1, False, False),
    ("Ah 2h 3h", 2, False, True),
    ("Qh Kh Ah", 2, False, False),
    ("Kh Ah 2h", 2, False, False),
    # aces high: Q-K-A, no A-2-3
    ("Qh Kh Ah", 2, True, True),
    ("Ah 2h 3h", 2, True, False),
    ("Kh Ah 2h", 2, True, False),
    # wilds: jokers and the round's rank fill gaps and extend either end
    ("5h jk 7h", 1, False, True),
    ("5h 3c 7h", 1, False, True),
    ("Kh jk jk", 1, False, True),
    ("Ah jk jk", 1, False, True),
    ("Ah jk jk", 1, True, True),
    ("5h jk 8h", 1, False, False),
    ("5h jk jk 8h", 1, False, True),
    ("5h 6s jk", 1, False, False),
    ("2h 3h 4h", 1, False, True),  # 3♥ is wild in round 1 and may stand for itself
    ("3h 9s 9d", 1, False, True),
    ("9h 9h 3h 3h", 1, False, True),
    # wilds only
    ("jk jk jk", 1, False, True),
    ("3c 3d jk", 1, False, True),
    ("3c 3d 3h 3s 3c 3d 3h 3s jk jk jk jk", 1, False, True),
    ("jk jk", 1, False, False),
    ("jk", 1, False, False),
    ("", 1, False, False),
    # a run has at most 13 cards
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", 1, False, True),
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh jk", 1, False, False),
    ("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", 1, True, True),
    ("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah jk", 1, True, False),
    ("Ah Kh jk jk jk jk jk jk jk jk jk jk jk", 1, False, True),
    ("Ah Kh jk jk jk jk jk jk jk jk jk jk", 1, False, False),
]


@pytest.mark.parametrize(("cards", "round_no", "aces_high", "expected"), MELDS)
def test_is_meld(cards: str, round_no: int, aces_high: bool, expected: bool) -> None:
    group = parse_cards(cards)
    assert is_meld(group, wild_rank_for_round(round_no), aces_high=aces_high) is expected
    # The reference's own meld test agrees (it is what the exhaustive search relies on).
    wild_rank = wild_rank_for_round(round_no)
    naturals = [
        (card.rank.value, card.suit.index)
        for card in group
        if card.rank is not None and card.suit is not None and card.rank != wild_rank
    ]
    assert reference_is_meld(naturals, len(group) - len(naturals), aces_high) is expected


# --- the arrangement ----------------------------------------------------------


def test_leftover_wilds_join_melds_even_a_full_run() -> None:
    # Round 1: 3♥ is wild and stands for itself, so A♥…K♥ is a 13-card run; the joker
    # still finds a home (the run splits), and so does a second spare wild.
    for extra in ("jk", "jk 3c"):
        hand = parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh " + extra)
        assert assert_consistent(hand, 1, False).penalty == 0


def test_no_meld_means_every_wild_pays() -> None:
    # One wild and no pair or neighbour, or two wilds alone: nothing melds at all.
    for hand, penalty in (("jk 9s 2d", 20 + 9 + 2), ("jk 3c", 20 + 15), ("3c 3d", 30)):
        arrangement = assert_consistent(parse_cards(hand), 1, False)
        assert arrangement.melds == ()
        assert arrangement.penalty == penalty


def test_empty_and_tiny_hands() -> None:
    assert best_arrangement((), 1) == Arrangement(melds=(), unmelded=(), penalty=0)
    assert best_arrangement(parse_cards("jk"), 5).penalty == 20
    assert best_arrangement(parse_cards("jk jk jk"), 5).penalty == 0


def test_own_card_objects_come_back() -> None:
    # Cards built by hand (not the shared instances) are returned as themselves.
    hand = [Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.EIGHT, Suit.HEARTS), JOKER]
    hand.append(Card(Rank.KING, Suit.CLUBS))
    arrangement = best_arrangement(iter(hand), 4)
    returned = [card for meld in arrangement.melds for card in meld] + list(arrangement.unmelded)
    assert sorted(map(id, returned)) == sorted(map(id, hand))
    assert arrangement.penalty == 10


def test_order_of_the_hand_and_the_cache_do_not_matter() -> None:
    rng = random.Random(7)
    deck = list(new_deck(4))
    for _ in range(50):
        rng.shuffle(deck)
        hand = deck[:13]
        first = best_arrangement(hand, 11, aces_high=True)
        clear_cache()
        again = best_arrangement(reversed(hand), 11, aces_high=True)
        assert first.penalty == again.penalty
        assert Counter(c for m in first.melds for c in m) == Counter(
            c for m in again.melds for c in m
        )


def test_the_arrangement_does_not_depend_on_what_was_solved_before() -> None:
    # The solver shares sub-results between hands; ties must still break one way only,
    # or a replayed game could show other (equally good) melds than the live one.
    rng = random.Random(11)
    deck = list(new_deck(4))
    cases = []
    for _ in range(200):
        rng.shuffle(deck)
        cases.append((tuple(deck[: rng.randint(8, 14)]), rng.randint(1, 11), rng.random() < 0.5))
    clear_cache()
    warm = [best_arrangement(hand, r, aces_high=a) for hand, r, a in cases]
    for (hand, r, a), expected in zip(cases, warm, strict=True):
        clear_cache()
        assert best_arrangement(hand, r, aces_high=a) == expected


def test_big_hands_and_the_copy_limit() -> None:
    # More cards than a round deals still work; sixteen copies of one card do not fit.
    hand = parse_cards("7h 8h 9h 10h 7s 7d 7c Kc Kd Ks jk 2c 2c 2d 5s 6s 8s 9s 9d 9c")
    assert_matches_reference(hand, 2, False)
    assert best_arrangement(parse_cards("jk") * 40, 3).penalty == 0
    with pytest.raises(ValueError, match="15 copies"):
        best_arrangement(parse_cards("7h") * 16, 1)
    assert best_arrangement(parse_cards("7h") * 15, 1).penalty == 0


def test_a_round_that_does_not_exist_is_refused() -> None:
    with pytest.raises(GameError):
        best_arrangement(parse_cards("7h 8h 9h"), 12)
    with pytest.raises(GameError):
        best_arrangement(parse_cards("7h 8h 9h"), 0)


# --- against the exhaustive reference (the thousands: tests/e2e/test_melds_reference.py) ---


@settings(max_examples=150, deadline=None)
@given(dense_hands())
def test_dense_hands_match_the_reference(case: Case) -> None:
    assert_matches_reference(*case)


@settings(max_examples=40, deadline=None)
@given(dealt_hands())
def test_dealt_hands_match_the_reference(case: Case) -> None:
    assert_matches_reference(*case)


def test_hundreds_of_dealt_hands_match_the_reference() -> None:
    for case in dealt_cases(300):
        assert_matches_reference(*case)


def test_crowded_hands_with_many_wilds_match_the_reference() -> None:
    for case in crowded_cases(150):
        assert_matches_reference(*case)
