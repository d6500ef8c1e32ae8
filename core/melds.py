"""The meld solver: the lowest-penalty arrangement of a hand.

A hand scores the points of the cards left out of its melds, and the game always
arranges a hand for the lowest penalty (RULES.md). ``best_arrangement`` finds it:

>>> from threethirteen.core.cards import parse_cards
>>> best_arrangement(parse_cards("7h 7h 7s 8h 9h"), 3).penalty
14
>>> is_meld(parse_cards("Qh Kh Ah"), Rank.THREE, aces_high=True)
True

How it works. Wilds only matter by their number: once any meld exists, spare wilds
join it (a set takes any number; a run shorter than 13 grows by one; a full 13-card
run splits into 3 + 10), so wilds cost points only when no meld is possible at all.
The solver therefore finds the most natural points that can be melded with at most
``w`` wilds, for every ``w`` up to the number of wilds held. It scans the run line
from the lowest rank up, settling every natural of a rank at once: some start runs
upwards, the rest form one set of that rank or stay out. A run started from the
lowest card of its suit may take one copy of every natural inside its span (any
natural used elsewhere can swap places with the wild standing in for it), so a run
is fixed by its top card. Ranks that no run can reach only ever form sets; they
become small knapsack items merged at the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat

from attrs import frozen

from . import meld_scan
from .cards import (
    CARDS_BY_CODE,
    JOKER_CODE,
    Card,
    Rank,
    is_wild,
    wild_rank_for_round,
)
from .meld_scan import (
    _CODE_AT,
    _CODE_BY_ID,
    _JOKER_POINTS,
    _LANE,
    _NATURALS,
    _ONES,
    _POINTS,
    _WILD_POINTS,
    Memo,
    Natural,
    _solve,
    _solve_one_wild,
    line_position,
)

Meld = tuple[Card, ...]


@frozen(kw_only=True)
class Arrangement:
    """A hand laid out into melds and the cards left over; ``penalty`` is what they cost."""

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    penalty: int


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
    positions = [line_position(rank.value, aces_high) for rank in ranks if rank is not None]
    # Wilds fill the gaps and the ends; the run must fit the line without wrapping.
    return max(positions) - min(positions) < len(group)


# Whole arrangements per canonical hand (the scan keeps its own sub-results, see
# meld_scan). Each entry depends only on its key, and the cache starts afresh when
# full, which bounds it to a few MB.
_RESULT_LIMIT = 1 << 14
_results: dict[tuple[int, ...], Arrangement] = {}


def clear_cache() -> None:
    """Forget every memoised result (benchmarks use it to time the solver cold)."""
    meld_scan.memos.clear()
    _results.clear()


# --- the public entry ---------------------------------------------------------


def best_arrangement(
    cards: Iterable[Card], round_no: int, *, aces_high: bool = False
) -> Arrangement:
    """The lowest-penalty arrangement of a hand in round ``round_no`` (1-11).

    Every card appears once, in a meld or in ``unmelded``; ``penalty`` is the sum of
    the points of the unmelded cards, the lowest any arrangement of the hand can reach.
    """
    hand = tuple(cards)  # a tuple comes back as itself
    aces_high = bool(aces_high)
    table = _NATURALS.get((round_no, aces_high))
    if table is None:
        wild_rank_for_round(round_no)  # raises the game's error for a round that does not exist
        raise TypeError(f"round_no must be an int, not {round_no!r}")
    codes = sorted(map(_CODE_BY_ID.get, map(id, hand), repeat(-1)))
    shared = not codes or codes[0] >= 0  # only shared Card instances may be handed back as is
    if not shared:
        codes = sorted(card.code for card in hand)
    if len(codes) > 15:  # a natural's count must fit its 4-bit field; wilds are not stored
        naturals = [code for code in codes if table[code] is not None]
        if naturals and max(map(naturals.count, naturals)) > 15:
            raise ValueError("a hand may hold at most 15 copies of a card (a game has two)")
    key = (round_no, aces_high, *codes)
    known = _results.get(key)
    if known is None:
        known = _arrange(codes, table, aces_high)
        if len(_results) > _RESULT_LIMIT:
            _results.clear()
        _results[key] = known
    return known if shared else _with_own_cards(known, hand)


def _with_own_cards(arrangement: Arrangement, hand: tuple[Card, ...]) -> Arrangement:
    """The same arrangement made of the hand's own Card objects."""
    own: dict[int, list[Card]] = {}
    for card in hand:
        own.setdefault(card.code, []).append(card)
    return Arrangement(
        melds=tuple(tuple(own[card.code].pop() for card in meld) for meld in arrangement.melds),
        unmelded=tuple(own[card.code].pop() for card in arrangement.unmelded),
        penalty=arrangement.penalty,
    )


def _arrange(codes: list[int], table: tuple[Natural | None, ...], aces_high: bool) -> Arrangement:
    """Solve a hand given by its sorted card codes."""
    counts = total = 0
    at: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], []]
    spare: list[int] = []  # the wilds, in code order: jokers come last
    for code in codes:
        natural = table[code]
        if natural is None:
            spare.append(code)
        else:
            field, position, points = natural
            counts += field
            total += points
            at[position].append(code)
    budget = len(spare)
    if budget >= 2 * (len(codes) - budget) and len(codes) >= 3:
        # Enough wilds for every natural: each rank melds as a set.
        sets = [here + [spare.pop() for _ in range(3 - len(here))] for here in at if here]
        return _finish(sets, 0, [], spare, 0)
    # Ranks that a run may reach go to the scan; the others only ever form sets. A run
    # holds two naturals or more, so its next natural must lie within the wilds' reach.
    # Shifting by 16 bits moves every natural one rank along its own suit's lane.
    present = (counts | counts >> 1 | counts >> 2 | counts >> 3) & _ONES
    if budget:
        above = below = 0
        for distance in range(16, 16 * min(budget + 1, 12) + 1, 16):
            above |= present >> distance
            below |= present << distance
        starts, inside = present & above, present & (above | below)
    else:
        starts = present & present >> 16 & present >> 32
        inside = starts | starts << 16 | starts << 32
    reach = (inside | inside >> 4 | inside >> 8 | inside >> 12) & _LANE
    loose = (present | present >> 4 | present >> 8 | present >> 12) & _LANE & ~reach
    # Ranks no run reaches: three naturals or more are a free set; two need a wild and
    # one needs two. The latter are (points << 4 | position), so plain sorting ranks them.
    melds: list[list[int]] = []
    best = 0
    pairs: list[int] = []
    singles: list[int] = []
    line_points = _POINTS[aces_high]
    while loose:
        low = loose & -loose
        loose ^= low
        position = (low.bit_length() - 1) >> 4
        here = at[position]
        if len(here) >= 3:
            melds.append(here)
            best += len(here) * line_points[position]
        elif len(here) == 2:
            pairs.append(2 * line_points[position] << 4 | position)
        else:
            singles.append(line_points[position] << 4 | position)
    scan = counts & reach * 0xFFFF
    if scan:
        if budget == 1:
            vectors, routes = _solve_one_wild(scan, starts, aces_high)
        else:
            vectors, routes = _solve(scan, budget, starts, aces_high)
        curve = vectors[scan]
    else:
        vectors, routes, curve = {}, {}, [0] * (budget + 1)
    top, scan_budget, lone = curve[budget], budget, 0
    if budget == 1:
        # One wild: the scan may have it, or the best pair (a lone natural needs two).
        if pairs and curve[0] + (max(pairs) >> 4) > top:
            pairs.sort(reverse=True)
            top, scan_budget = curve[0] + (pairs[0] >> 4), 0
    elif budget and (pairs or singles):
        # The scan gets `used` wilds; the rest buys `lone` single naturals, then pairs.
        pairs.sort(reverse=True)
        singles.sort(reverse=True)
        pair_sums = [0]
        for item in pairs[:budget]:
            pair_sums.append(pair_sums[-1] + (item >> 4))
        single_sum = 0
        for two in range(min(len(singles), budget // 2) + 1):
            if two:
                single_sum += singles[two - 1] >> 4
            for used in range(budget - 2 * two + 1):
                value = curve[used] + single_sum
                value += pair_sums[min(budget - 2 * two - used, len(pair_sums) - 1)]
                if value > top:
                    top, scan_budget, lone = value, used, two
    best += top
    if best == 0 and budget < 3:
        spare_points = sum(_JOKER_POINTS if code == JOKER_CODE else _WILD_POINTS for code in spare)
        return _finish([], -1, codes, [], total + spare_points)
    unmelded: list[int] = []
    pair_count = budget - scan_budget - 2 * lone
    for index, item in enumerate(singles):
        if index < lone:
            melds.append([*at[item & 15], spare.pop(), spare.pop()])
        else:
            unmelded += at[item & 15]
    for index, item in enumerate(pairs):
        if index < pair_count:
            melds.append([*at[item & 15], spare.pop()])
        else:
            unmelded += at[item & 15]
    set_index = 0 if melds else -1
    if scan:
        set_index = _trace(
            scan,
            scan_budget,
            memo=(vectors, routes),
            at=at,
            codes_at=_CODE_AT[aces_high],
            melds=melds,
            set_index=set_index,
            unmelded=unmelded,
            spare=spare,
        )
    return _finish(melds, set_index, unmelded, spare, total - best)


def _trace(
    counts: int,
    budget: int,
    *,
    memo: Memo,
    at: list[list[int]],
    codes_at: tuple[tuple[int, ...], ...],
    melds: list[list[int]],
    set_index: int,
    unmelded: list[int],
    spare: list[int],
) -> int:
    """Walk the memo along one best path, naming its runs, sets and left-out cards.

    ``at`` holds the codes of the naturals at each line position; wilds come from
    ``spare``. Returns the index of a set among ``melds``, or -1 if there is none.
    """
    vectors, routes = memo
    route_at = routes.get
    scan = counts
    while counts:
        target = vectors[counts][budget]
        shift = ((counts & -counts).bit_length() - 1) & -16
        position = shift >> 4
        block = (counts >> shift) & 0xFFFF
        rest = counts ^ (block << shift)
        here = at[position]
        route = route_at(counts)
        option = route[budget] if route is not None else None
        if option is not None:
            taken, cost, run_value, runs = option
            target -= run_value
            budget -= cost
            for run in runs:
                suit = ((run.bit_length() - 1) >> 2) & 3
                block -= 1 << (4 * suit)
                melds.append(_run_codes(run, position, suit, codes_at, spare))
            rest -= taken
        if block != (scan >> shift) & 0xFFFF:
            # Runs took some naturals of this rank: keep as many of each suit as are left.
            here = [codes_at[position][s] for s in range(4) for _ in range((block >> 4 * s) & 15)]
        counts = rest
        # The rank's other naturals form a set if that is what reaches the target.
        if here and (vectors[rest][budget] if rest else 0) != target:
            missing = 3 - len(here)
            if missing > 0:
                budget -= missing
                here = here + spare[-missing:]
                del spare[-missing:]
            melds.append(here)
            if set_index < 0:
                set_index = len(melds) - 1
        else:
            unmelded += here
    return set_index


def _run_codes(
    run: int, position: int, suit: int, codes_at: tuple[tuple[int, ...], ...], spare: list[int]
) -> list[int]:
    """The codes of the run from (``position``, ``suit``) whose upper fields are ``run``."""
    meld = [codes_at[position][suit]]
    top = position
    while run:
        low = run & -run
        run ^= low
        spot = (low.bit_length() - 1) >> 4
        if spot > top + 1:  # wilds fill the gap
            meld += spare[top + 1 - spot :]
            del spare[top + 1 - spot :]
        meld.append(codes_at[spot][suit])
        top = spot
    if len(meld) < 3:
        extra = spare[len(meld) - 3 :]
        del spare[len(meld) - 3 :]
        # The missing cards go above the top, or below the start at the top of the line.
        meld = meld + extra if top + len(extra) <= 12 else extra + meld
    return meld


def _finish(
    melds: list[list[int]], set_index: int, unmelded: list[int], spare: list[int], penalty: int
) -> Arrangement:
    """Give the spare wilds a home and name the cards."""
    if spare:
        if len(spare) >= 3 or not melds:
            melds.append(spare)
        elif set_index >= 0:
            melds[set_index] = melds[set_index] + spare
        else:
            for index, meld in enumerate(melds):
                room = 13 - len(meld)
                if room > 0 and spare:
                    melds[index] = meld + spare[:room]
                    del spare[:room]
            if spare:
                # Only full 13-card runs: split one after its third card; both halves take wilds.
                full = melds.pop(0)
                melds += [full[:3], full[3:] + spare]
    cards = CARDS_BY_CODE
    return Arrangement(
        melds=tuple([tuple([cards[code] for code in meld]) for meld in melds]),
        unmelded=tuple(map(cards.__getitem__, sorted(unmelded))),
        penalty=penalty,
    )
