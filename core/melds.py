"""The meld solver: the lowest-penalty arrangement of a hand.

A hand scores the points of the cards left out of its melds; the game always
arranges a hand for the lowest penalty (RULES.md). ``best_arrangement`` finds it:

>>> from core.cards import parse_cards
>>> best_arrangement(parse_cards("7h 7h 7s 8h 9h"), 3).penalty
14
>>> is_meld(parse_cards("Qh Kh Ah"), Rank.THREE, aces_high=True)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from core.cards import Card, Rank, card_penalty, is_wild, wild_rank_for_round

Meld = tuple[Card, ...]


@frozen(kw_only=True)
class Arrangement:
    """A hand laid out into melds and the cards left over; ``penalty`` is what they cost."""

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    penalty: int


def _line_position(rank: Rank, aces_high: bool) -> int:
    """0-12 along the run line: A…K, or 2…K A when aces are high."""
    if aces_high:
        return 12 if rank == Rank.ACE else rank.value - 2
    return rank.value - 1


def is_meld(cards: Iterable[Card], wild_rank: Rank, *, aces_high: bool = False) -> bool:
    """Whether ``cards`` form one set or one run when ``wild_rank`` and jokers are wild."""
    group = tuple(cards)
    if len(group) < 3:
        return False
    naturals = [card for card in group if not is_wild(card, wild_rank)]
    ranks = {card.rank for card in naturals}
    if len(ranks) <= 1:
        return True  # a set, or wilds only
    if len(group) > 13 or len(ranks) != len(naturals):
        return False
    if len({card.suit for card in naturals}) != 1:
        return False
    positions = [_line_position(rank, aces_high) for rank in ranks if rank is not None]
    # Wilds fill the gaps and the ends; the run must fit the line without wrapping.
    return max(positions) - min(positions) < len(group)


# --- the search -------------------------------------------------------------
# Naturals live in one integer: 4 bits of count per (line position, suit), the
# position-major field index being position * 4 + suit. All cards at one line
# position are then one 16-bit block, and one suit's run lane is every 16th bit.

_ONES = sum(1 << (4 * field) for field in range(52))
_LANE = sum(1 << (16 * position) for position in range(13))
_POINTS = {
    False: tuple([1, *(min(rank, 10) for rank in range(2, 14))]),
    True: tuple([*(min(rank, 10) for rank in range(2, 14)), 15]),
}
_values: dict[tuple[bool, int, int], int] = {}


def clear_cache() -> None:
    """Forget every memoised result (benchmarks use it to time the solver cold)."""
    _values.clear()


def _present(counts: int) -> int:
    """One bit at the bottom of every field whose count is not zero."""
    return (counts | counts >> 1 | counts >> 2 | counts >> 3) & _ONES


def _suit_starts(
    counts: int, position: int, suit: int, budget: int, points: tuple[int, ...]
) -> list[tuple[int, int, int, int, list[int]]]:
    """Ways to start runs at ``position`` in ``suit``: (taken, wilds, value, runs, ends).

    A run started from the lowest card of its suit may take one copy of every natural
    inside its span (a natural elsewhere can swap with the wild standing in its place),
    so a run is fixed by its top natural. Two runs from the same card go longest first.
    """
    copies = (counts >> (16 * position + 4 * suit)) & 15
    base = 16 * position + 4 * suit
    found: list[tuple[int, int, int, int, list[int]]] = [(0, 0, 0, 0, [])]
    frontier = [(0, 0, 0, 0, 12, list[int]())]
    while frontier:
        taken, cost, value, runs, top, ends = frontier.pop()
        if runs == copies:
            continue
        lane = (_present(counts - taken) >> base) & _LANE
        above = lane >> 16
        used, naturals, run_value = 1, 1, points[position]
        while above:
            low = above & -above
            above ^= low
            distance = ((low.bit_length() - 1) >> 4) + 1
            if position + distance > top:
                break
            used |= low << 16
            naturals += 1
            run_value += points[position + distance]
            span = distance + 1
            need = max(3, span) - naturals
            if cost + need > budget:
                if span >= 3:
                    break  # past three cards every further natural needs as many wilds or more
                continue
            entry = (taken + (used << base), cost + need, value + run_value, runs + 1)
            new_ends = [*ends, position + distance]
            found.append((*entry, new_ends))
            frontier.append((*entry, position + distance, new_ends))
    return found


def _choices(
    counts: int, budget: int, points: tuple[int, ...]
) -> list[tuple[int, int, int, list[tuple[int, int]], int]]:
    """Every way to settle the lowest line position: (rest, wilds, value, runs, set size).

    At that position some cards start runs (upwards); the others either all form one
    set (a card left out could join it for free) or are all left out.
    """
    position = ((counts & -counts).bit_length() - 1) >> 4
    block = (counts >> (16 * position)) & 0xFFFF
    combos: list[tuple[int, int, int, int, list[tuple[int, int]]]] = [(0, 0, 0, 0, [])]
    for suit in range(4):
        if not (block >> (4 * suit)) & 15:
            continue
        starts = _suit_starts(counts, position, suit, budget, points)
        combos = [
            (taken + t2, cost + c2, value + v2, runs + r2, [*ends, *((suit, e) for e in e2)])
            for taken, cost, value, runs, ends in combos
            for t2, c2, v2, r2, e2 in starts
            if cost + c2 <= budget
        ]
    out: list[tuple[int, int, int, list[tuple[int, int]], int]] = []
    clear = ~(0xFFFF << (16 * position))
    total = sum((block >> (4 * suit)) & 15 for suit in range(4))
    for taken, cost, value, runs, ends in combos:
        rest = (counts - taken) & clear
        out.append((rest, cost, value, ends, 0))
        left = total - runs
        set_cost = max(0, 3 - left)
        if left and cost + set_cost <= budget:
            out.append((rest, cost + set_cost, value + left * points[position], ends, left))
    return out


def _best_value(counts: int, budget: int, aces_high: bool) -> int:
    """The most points the naturals in ``counts`` can meld using at most ``budget`` wilds."""
    if not counts:
        return 0
    key = (aces_high, counts, budget)
    known = _values.get(key)
    if known is not None:
        return known
    points = _POINTS[aces_high]
    best = 0
    for rest, cost, value, _, _ in _choices(counts, budget, points):
        best = max(best, value + _best_value(rest, budget - cost, aces_high))
    _values[key] = best
    return best


def _rank_at(position: int, aces_high: bool) -> int:
    if aces_high:
        return 1 if position == 12 else position + 2
    return position + 1


def best_arrangement(
    cards: Iterable[Card], round_no: int, *, aces_high: bool = False
) -> Arrangement:
    """The lowest-penalty arrangement of a hand in round ``round_no`` (1-11).

    Every card appears once, in a meld or in ``unmelded``; ``penalty`` is the sum of
    the points of the unmelded cards, the lowest any arrangement of the hand can reach.
    """
    hand = tuple(cards)
    wild_rank = wild_rank_for_round(round_no)
    by_code: dict[int, list[Card]] = {}
    for card in hand:
        by_code.setdefault(card.code, []).append(card)
    wilds = sorted(
        (card for card in hand if is_wild(card, wild_rank)),
        key=lambda card: card_penalty(card, wild_rank),
    )
    naturals = [card for card in hand if not is_wild(card, wild_rank)]
    counts = 0
    for card in naturals:
        assert card.rank is not None and card.suit is not None
        counts += 1 << (16 * _line_position(card.rank, aces_high) + 4 * card.suit.index)
    total = sum(card_penalty(card, wild_rank, aces_high=aces_high) for card in naturals)
    budget = min(len(wilds), 2 * len(naturals))
    best = _best_value(counts, budget, aces_high)
    if best == 0 and len(wilds) < 3:
        return Arrangement(
            melds=(),
            unmelded=tuple(sorted(hand)),
            penalty=total + sum(card_penalty(card, wild_rank) for card in wilds),
        )

    def take(code: int) -> Card:
        return by_code[code].pop()

    # Walk the memo again to name the melds that reach the best value.
    melds: list[list[Card]] = []
    runs_only: list[bool] = []
    unmelded: list[Card] = []
    spare = [take(card.code) for card in wilds]
    points = _POINTS[aces_high]
    while counts:
        position = ((counts & -counts).bit_length() - 1) >> 4
        block = (counts >> (16 * position)) & 0xFFFF
        target = _best_value(counts, budget, aces_high)
        for rest, cost, value, ends, set_size in _choices(counts, budget, points):
            if value + _best_value(rest, budget - cost, aces_high) == target:
                break
        for suit, end in ends:
            meld: list[Card] = []
            lane = _present(counts)
            for spot in range(position, end + 1):
                if (lane >> (16 * spot + 4 * suit)) & 1:
                    counts -= 1 << (16 * spot + 4 * suit)
                    meld.append(take(suit * 13 + _rank_at(spot, aces_high) - 1))
                else:
                    meld.append(spare.pop())
            while len(meld) < 3:
                meld.append(spare.pop())
            melds.append(meld)
            runs_only.append(True)
        block = (counts >> (16 * position)) & 0xFFFF
        here = [
            take(suit * 13 + _rank_at(position, aces_high) - 1)
            for suit in range(4)
            for _ in range((block >> (4 * suit)) & 15)
        ]
        if set_size:
            while len(here) < 3:
                here.append(spare.pop())
            melds.append(here)
            runs_only.append(False)
        else:
            unmelded.extend(here)
        counts &= ~(0xFFFF << (16 * position))
        budget -= cost
    _place_spare_wilds(melds, runs_only, spare)
    return Arrangement(
        melds=tuple(tuple(meld) for meld in melds),
        unmelded=tuple(sorted(unmelded)),
        penalty=total - best,
    )


def _place_spare_wilds(melds: list[list[Card]], runs_only: list[bool], spare: list[Card]) -> None:
    """Put leftover wilds into melds: they always fit, so they never cost points."""
    if len(spare) >= 3 or not melds:
        if spare:
            melds.append(list(spare))
        return
    for meld, is_run in zip(melds, runs_only, strict=True):
        if not is_run:
            meld.extend(spare)
            return
    for meld in melds:
        while spare and len(meld) < 13:
            meld.append(spare.pop())
    if spare:
        # Only full 13-card runs: split one after its third card; both halves take wilds.
        full = melds[0]
        melds[0] = full[3:]
        melds.append(full[:3])
        melds[0].extend(spare)
