"""A slow, plain, exhaustive reference for the meld solver: the tests' oracle.

It shares no code with ``core.melds`` (only ``core.cards``) and follows the meld
definition literally. The one simplification is about identity, not rules: every
wild is a pure wild (it may stand for any card), so two wilds with the same penalty
are interchangeable, and the search keeps only *how many* wilds of the round's
rank (15 points each) and how many jokers (20 points each) are still free.

The search: the first remaining card is either left out (its penalty is paid) or
put into some valid meld together with other remaining cards. Every such meld is
tried; the naturals of a meld share one rank (a set) or one suit (a run), so only
cards of the first card's rank or suit can join it. The result for each remaining
multiset is memoised, so the search is exhaustive without being stupid.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

from threethirteen.core.cards import Card, card_penalty, is_wild, wild_rank_for_round

Natural = tuple[int, int]  # (rank value 1-13, suit index 0-3)
WILD_RANK_POINTS = 15
JOKER_POINTS = 20


def line_position(rank: int, aces_high: bool) -> int:
    """Where a rank sits on the run line, 1-13: A-2-…-K, or 2-…-K-A when aces are high."""
    if aces_high:
        return 13 if rank == 1 else rank - 1
    return rank


def reference_is_meld(naturals: Sequence[Natural], wilds: int, aces_high: bool) -> bool:
    """Whether ``naturals`` plus ``wilds`` wild cards form one meld, by the definition."""
    size = len(naturals) + wilds
    if size < 3:
        return False
    ranks = [rank for rank, _ in naturals]
    if len(set(ranks)) <= 1:
        return True  # a set (suits may repeat), or wilds only
    if len({suit for _, suit in naturals}) != 1 or len(set(ranks)) != len(ranks):
        return False
    positions = [line_position(rank, aces_high) for rank in ranks]
    # Some window of `size` consecutive places inside 1..13 must hold every natural.
    return any(
        all(start <= position < start + size for position in positions)
        for start in range(1, 14 - size + 1)
    )


def brute_force_penalty(cards: Iterable[Card], round_no: int, aces_high: bool = False) -> int:
    """The lowest penalty of any arrangement of ``cards`` in round ``round_no``."""
    wild_rank = wild_rank_for_round(round_no)
    hand = tuple(cards)
    naturals: list[Natural] = []
    rank_wilds = jokers = 0
    for card in hand:
        if card.rank is None or card.suit is None:
            jokers += 1
        elif is_wild(card, wild_rank):
            rank_wilds += 1
        else:
            naturals.append((card.rank.value, card.suit.index))
            # A natural's points do not depend on the round (the wild rank is never natural).
            assert card_penalty(card, wild_rank, aces_high=aces_high) == _points(
                naturals[-1], aces_high
            )
    return _least_penalty(tuple(sorted(naturals)), rank_wilds, jokers, aces_high)


def _points(natural: Natural, aces_high: bool) -> int:
    rank = natural[0]
    if rank == 1:
        return 15 if aces_high else 1
    return min(rank, 10)


def _without(cards: tuple[Natural, ...], taken: Sequence[Natural]) -> tuple[Natural, ...]:
    left = list(cards)
    for card in taken:
        left.remove(card)
    return tuple(left)


@functools.lru_cache(maxsize=1 << 20)
def _least_penalty(
    naturals: tuple[Natural, ...], rank_wilds: int, jokers: int, aces_high: bool
) -> int:
    if not naturals and rank_wilds == 0 and jokers == 0:
        return 0
    if naturals:
        first = naturals[0]
        rest = naturals[1:]
        best = _points(first, aces_high) + _least_penalty(rest, rank_wilds, jokers, aces_high)
        same_rank = [card for card in rest if card[0] == first[0]]
        # A run holds each rank once, so one copy of every other rank of the suit is enough.
        same_suit = sorted({card for card in rest if card[1] == first[1] and card[0] != first[0]})
        partners: set[tuple[Natural, ...]] = set()
        for pool in (same_rank, same_suit):
            for size in range(len(pool) + 1):
                partners.update(itertools.combinations(pool, size))
        for chosen in partners:
            meld = (first, *chosen)
            left = _without(rest, chosen)
            for wilds in range(rank_wilds + jokers + 1):
                if not reference_is_meld(meld, wilds, aces_high):
                    continue
                for from_rank in range(max(0, wilds - jokers), min(wilds, rank_wilds) + 1):
                    best = min(
                        best,
                        _least_penalty(
                            left, rank_wilds - from_rank, jokers - (wilds - from_rank), aces_high
                        ),
                    )
        return best
    # Only wilds are left: the first of them is left out or melds with other wilds.
    if rank_wilds:
        best = WILD_RANK_POINTS + _least_penalty((), rank_wilds - 1, jokers, aces_high)
        free_rank, free_jokers = rank_wilds - 1, jokers
    else:
        best = JOKER_POINTS + _least_penalty((), 0, jokers - 1, aces_high)
        free_rank, free_jokers = 0, jokers - 1
    for from_rank in range(free_rank + 1):
        for from_jokers in range(free_jokers + 1):
            if reference_is_meld((), 1 + from_rank + from_jokers, aces_high):
                best = min(
                    best,
                    _least_penalty((), free_rank - from_rank, free_jokers - from_jokers, aces_high),
                )
    return best


def clear_reference_cache() -> None:
    """Forget memoised sub-results (for timing the reference honestly)."""
    _least_penalty.cache_clear()
