"""The meld solver held to the exhaustive reference (:mod:`tests.helpers.brute_force`) on
generated hands: the cases and the checks. The unit tests try a few hundred hands, the e2e
tests the thousands (``tests/e2e/test_melds_reference.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from hypothesis import strategies as st
from threethirteen.core.cards import (
    JOKER,
    RANKS,
    SUITS,
    Card,
    Rank,
    card_penalty,
    new_deck,
    wild_rank_for_round,
)
from threethirteen.core.melds import Arrangement, best_arrangement, is_meld

from tests.helpers.brute_force import brute_force_penalty

Case = tuple[list[Card], int, bool]
"""A hand, the round and whether aces are high."""


def assert_consistent(hand: Sequence[Card], round_no: int, aces_high: bool) -> Arrangement:
    """The arrangement uses every card once, in valid melds, and its penalty adds up."""
    arrangement = best_arrangement(hand, round_no, aces_high=aces_high)
    wild_rank = wild_rank_for_round(round_no)
    for meld in arrangement.melds:
        assert isinstance(meld, tuple)
        assert is_meld(meld, wild_rank, aces_high=aces_high), (meld, hand)
    laid_out = [card for meld in arrangement.melds for card in meld] + list(arrangement.unmelded)
    assert Counter(laid_out) == Counter(hand)
    left_out = arrangement.unmelded
    assert sum(card_penalty(card, wild_rank, aces_high=aces_high) for card in left_out) == (
        arrangement.penalty
    )
    return arrangement


def assert_matches_reference(hand: Sequence[Card], round_no: int, aces_high: bool) -> None:
    arrangement = assert_consistent(hand, round_no, aces_high)
    expected = brute_force_penalty(hand, round_no, aces_high)
    assert arrangement.penalty == expected, (" ".join(map(str, hand)), round_no, aces_high)


@st.composite
def dense_hands(draw: st.DrawFn) -> tuple[list[Card], int, bool]:
    """Hands crowded into a few suits and a short stretch of the rank line, with wilds.

    That is where runs, sets and wilds compete for the same cards, and where bugs hide.
    """
    round_no = draw(st.integers(1, 11))
    aces_high = draw(st.booleans())
    wild_rank = wild_rank_for_round(round_no)
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=3, unique=True))
    line = [*RANKS[1:], RANKS[0]] if aces_high else list(RANKS)
    start = draw(st.integers(0, 12))
    stretch = line[start : start + draw(st.one_of(st.integers(4, 8), st.integers(1, 8)))]
    naturals = [Card(rank, suit) for rank in stretch for suit in suits if rank != wild_rank]
    pool = naturals * 2  # two decks: at most two of a card
    jokers = [JOKER] * draw(st.sampled_from([0, 2, 4]))
    wilds = [Card(wild_rank, suit) for suit in SUITS] * 2 + jokers
    size = draw(st.one_of(st.integers(10, 14), st.integers(0, 14)))
    wild_count = draw(st.integers(0, min(size, len(wilds), 6)))
    natural_count = min(size - wild_count, len(pool))
    hand = [
        *draw(st.permutations(pool))[:natural_count],
        *draw(st.permutations(wilds))[:wild_count],
    ]
    return draw(st.permutations(hand)), round_no, aces_high


@st.composite
def dealt_hands(draw: st.DrawFn) -> tuple[list[Card], int, bool]:
    """Hands dealt from a shuffled double deck with 0, 2 or 4 jokers."""
    deck = draw(st.permutations(new_deck(draw(st.sampled_from([0, 2, 4])))))
    return list(deck[: draw(st.integers(0, 14))]), draw(st.integers(1, 11)), draw(st.booleans())


def dealt_cases(count: int) -> Iterator[Case]:
    """``count`` hands dealt from shuffled double decks (a third of any size to 20 cards),
    always the same ones: the first ``n`` of a longer run are the ``n`` of a shorter."""
    rng = random.Random(3313)
    for index in range(count):
        deck = list(new_deck(rng.choice([0, 2, 4])))
        rng.shuffle(deck)
        size = rng.randint(10, 14) if index % 3 else rng.randint(0, 20)
        yield deck[:size], rng.randint(1, 11), rng.random() < 0.5


def crowded_cases(count: int) -> Iterator[Case]:
    """``count`` hands of two suits over six ranks, two decks, and up to six wilds: the
    hardest shapes (always the same ones, as :func:`dealt_cases`)."""
    rng = random.Random(1311)
    for _ in range(count):
        round_no = rng.randint(1, 11)
        wild_rank = wild_rank_for_round(round_no)
        aces_high = rng.random() < 0.5
        suits = rng.sample(SUITS, 2)
        first = rng.randint(1, 8)
        pool = [Card(Rank(r), s) for r in range(first, first + 6) for s in suits] * 2
        pool = [card for card in pool if card.rank != wild_rank]
        wilds = [JOKER] * rng.choice([0, 2, 4]) + [Card(wild_rank, s) for s in SUITS] * 2
        hand = rng.sample(pool, rng.randint(5, min(12, len(pool)))) + rng.sample(
            wilds, rng.randint(0, 4)
        )
        yield hand, round_no, aces_high
