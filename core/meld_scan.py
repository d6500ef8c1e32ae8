"""The meld solver's scan: hands as integers, and the most points meldable with w wilds.

The naturals of a hand are counts packed into one integer; the scan settles one rank
at a time (some copies start runs upwards, the rest form a set or stay out) and keeps
the best points per number of wilds. :mod:`core.melds` builds the arrangement from it;
how and why it works is told there.
"""

from __future__ import annotations

from .cards import CARDS_BY_CODE, JOKER_CODE


def line_position(rank: int, aces_high: bool) -> int:
    """0-12 along the run line: A…K, or 2…K A when aces are high."""
    if aces_high:
        return 12 if rank == 1 else rank - 2
    return rank - 1


# --- encodings ----------------------------------------------------------------
# The naturals of a hand live in one integer: 4 bits of count per (line position,
# suit), field number position * 4 + suit. All naturals of one rank are then one
# 16-bit block (the scan settles a rank at a time) and a suit's run lane is every
# 16th bit. Counts up to 15 copies of a card fit.

_LANE = sum(1 << (16 * position) for position in range(13))
_ONES = _LANE * 0x1111  # the lowest bit of every field
_POINTS = {
    False: (1, *(min(rank, 10) for rank in range(2, 14))),
    True: (*(min(rank, 10) for rank in range(2, 14)), 15),
}
_WILD_POINTS = 15
_JOKER_POINTS = 20

Natural = tuple[int, int, int]  # a natural's field bit, line position and points


def _naturals_table(round_no: int, aces_high: bool) -> tuple[Natural | None, ...]:
    wild = round_no + 2
    table: list[Natural | None] = []
    for code in range(JOKER_CODE):
        suit, rank = divmod(code, 13)
        position = line_position(rank + 1, aces_high)
        natural = (1 << (16 * position + 4 * suit), position, _POINTS[aces_high][position])
        table.append(None if rank + 1 == wild else natural)
    table.append(None)
    return tuple(table)


def _codes_by_position(aces_high: bool) -> tuple[tuple[int, ...], ...]:
    """The card code of each (line position, suit)."""
    ranks = [1 + (position + 1) % 13 if aces_high else position + 1 for position in range(13)]
    return tuple(tuple(suit * 13 + rank - 1 for suit in range(4)) for rank in ranks)


# Static lookup tables, not caches: each code's natural encoding (None for a wild) per
# round and aces option; the code at each (position, suit); and the code of each shared
# Card instance by id (they live as long as the module, so their ids are never reused).
_NATURALS = {
    (round_no, aces_high): _naturals_table(round_no, aces_high)
    for round_no in range(1, 12)
    for aces_high in (False, True)
}
_CODE_AT = {aces_high: _codes_by_position(aces_high) for aces_high in (False, True)}
_CODE_BY_ID = {id(card): code for code, card in enumerate(CARDS_BY_CODE)}

Vector = list[int]  # the most points melded with 0, 1, 2 … wilds
RunOption = tuple[int, int, int, tuple[int, ...]]  # fields taken above, wilds, points, runs
Route = list["RunOption | None"]  # per wilds, the runs a rank starts on a best path
Memo = tuple[dict[int, Vector], dict[int, Route]]

# The scan's cache: sub-results per (aces option, wilds), shared between hands. Each
# entry depends only on its key (ties break the same way whatever was solved before),
# and the cache starts afresh when full, which bounds it to a few MB.
MEMO_LIMIT = 1 << 14
memos: dict[tuple[bool, int], Memo] = {}


# --- the scan -----------------------------------------------------------------


def _suit_runs(
    counts: int, position: int, suit: int, copies: int, budget: int, points: tuple[int, ...]
) -> list[RunOption]:
    """Ways to start 1…``copies`` runs from the natural at (position, suit).

    Each run takes one copy of every remaining natural of its suit up to its top
    card; two runs from the same card are taken longest first, so each pair of tops
    is tried once.
    """
    base = 16 * position + 4 * suit + 16
    lane = counts >> base
    lane = (lane | lane >> 1 | lane >> 2 | lane >> 3) & _LANE  # the suit's naturals above
    found: list[RunOption] = []
    naturals, run_value, used = 1, points[position], 0
    while lane:
        low = lane & -lane
        lane ^= low
        end = position + 1 + ((low.bit_length() - 1) >> 4)
        naturals += 1
        run_value += points[end]
        used |= low
        span = end - position + 1
        need = (3 if span < 3 else span) - naturals
        if need > budget:
            if span >= 3:
                break  # past three cards each further natural needs as many wilds or more
            continue
        found.append((used << base, need, run_value, (used << base,)))
    if copies > 1:
        # Further runs from another copy of the card, within what the first one left.
        for first in found[:]:
            taken, cost, value, runs = first
            top = position + ((runs[0].bit_length() - 1 - base) >> 4) + 1
            left = counts - taken
            for more in _suit_runs(left, position, suit, copies - 1, budget - cost, points):
                if position + ((more[3][0].bit_length() - 1 - base) >> 4) + 1 <= top:
                    found.append((taken + more[0], cost + more[1], value + more[2], runs + more[3]))
    return found


def _run_options(
    counts: int, shift: int, starters: int, budget: int, points: tuple[int, ...]
) -> list[RunOption]:
    """Every non-empty choice of runs starting at the lowest rank, across suits."""
    block = (counts >> shift) & 0xFFFF
    position = shift >> 4
    combos: list[RunOption] = []
    for suit in range(4):
        if not (starters >> (4 * suit)) & 1:
            continue
        runs = _suit_runs(counts, position, suit, (block >> (4 * suit)) & 15, budget, points)
        combos += [
            *runs,
            *(
                (t1 + t2, c1 + c2, v1 + v2, r1 + r2)
                for t1, c1, v1, r1 in combos
                for t2, c2, v2, r2 in runs
                if c1 + c2 <= budget
            ),
        ]
    return combos


def _solve(counts: int, budget: int, starts: int, aces_high: bool) -> Memo:
    """Fill the memo for ``counts``: the most points per wilds used, and how."""
    memo = memos.get((aces_high, budget))
    if memo is None or len(memo[0]) > MEMO_LIMIT:
        memo = memos[aces_high, budget] = ({}, {})
    vectors, routes = memo
    known_vector = vectors.get
    points = _POINTS[aces_high]
    width = budget + 1
    lanes = range(width)
    zero = [0] * width

    def best(counts: int) -> Vector:
        known = known_vector(counts)
        if known is not None:
            return known
        shift = ((counts & -counts).bit_length() - 1) & -16
        block = (counts >> shift) & 0xFFFF
        rest = counts ^ (block << shift)
        value = points[shift >> 4]
        size = (block & 15) + (block >> 4 & 15) + (block >> 8 & 15) + (block >> 12)
        # No runs start here: the rank's naturals form one set or stay out.
        child = best(rest) if rest else zero
        result = child[:]
        bonus = size * value
        if size >= 3:  # a free set is always taken
            for wilds in lanes:
                result[wilds] += bonus
        else:
            need = 3 - size
            for wilds in range(need, width):
                if child[wilds - need] + bonus > result[wilds]:
                    result[wilds] = child[wilds - need] + bonus
        starters = (starts >> shift) & 0x1111
        if starters and (starters := starters & (block | block >> 1 | block >> 2 | block >> 3)):
            if starters & (starters - 1):
                options = _run_options(counts, shift, starters, budget, points)
            else:
                bit = starters.bit_length() - 1
                options = _suit_runs(
                    counts, shift >> 4, bit >> 2, (block >> bit) & 15, budget, points
                )
            how: Route | None = None
            for option in options:
                taken, cost, run_value, runs = option
                left = size - len(runs)
                after = best(rest - taken) if rest != taken else zero
                bonus = left * value
                need = 3 - left if left < 3 else 0
                for wilds in range(cost, width):
                    got = after[wilds - cost]
                    if left and wilds - cost >= need and after[wilds - cost - need] + bonus > got:
                        got = after[wilds - cost - need] + bonus
                    # Ties go to the later, longer run: fewer and longer melds read better.
                    if got + run_value >= result[wilds]:
                        result[wilds] = got + run_value
                        if how is None:
                            how = [None] * width
                        how[wilds] = option
            if how is not None:
                routes[counts] = how
        vectors[counts] = result
        return result

    best(counts)
    return memo


def _solve_one_wild(counts: int, starts: int, aces_high: bool) -> Memo:
    """``_solve`` for a single wild, the commonest hand: the same scan on pairs of numbers."""
    memo = memos.get((aces_high, 1))
    if memo is None or len(memo[0]) > MEMO_LIMIT:
        memo = memos[aces_high, 1] = ({}, {})
    vectors, routes = memo
    known_vector = vectors.get
    points = _POINTS[aces_high]

    def best(counts: int) -> Vector:
        known = known_vector(counts)
        if known is not None:
            return known
        shift = ((counts & -counts).bit_length() - 1) & -16
        block = (counts >> shift) & 0xFFFF
        rest = counts ^ (block << shift)
        value = points[shift >> 4]
        size = (block & 15) + (block >> 4 & 15) + (block >> 8 & 15) + (block >> 12)
        none, one = best(rest) if rest else (0, 0)  # the most points with no wild, one wild
        if size >= 3:
            none += size * value
            one += size * value
        elif size == 2 and none + 2 * value > one:
            one = none + 2 * value
        starters = (starts >> shift) & 0x1111
        if starters and (starters := starters & (block | block >> 1 | block >> 2 | block >> 3)):
            if starters & (starters - 1):
                options = _run_options(counts, shift, starters, 1, points)
            else:
                bit = starters.bit_length() - 1
                options = _suit_runs(counts, shift >> 4, bit >> 2, (block >> bit) & 15, 1, points)
            how_none = how_one = None
            for option in options:
                taken, cost, run_value, runs = option
                left = size - len(runs)
                after_none, after_one = best(rest - taken) if rest != taken else (0, 0)
                if left >= 3:
                    after_none += left * value
                    after_one += left * value
                elif left == 2 and after_none + 2 * value > after_one:
                    after_one = after_none + 2 * value
                # Ties go to the later, longer run: fewer and longer melds read better.
                if cost:
                    if after_none + run_value >= one:
                        one, how_one = after_none + run_value, option
                    continue
                if after_none + run_value >= none:
                    none, how_none = after_none + run_value, option
                if after_one + run_value >= one:
                    one, how_one = after_one + run_value, option
            if how_none is not None or how_one is not None:
                routes[counts] = [how_none, how_one]
        result = vectors[counts] = [none, one]
        return result

    best(counts)
    return memo
