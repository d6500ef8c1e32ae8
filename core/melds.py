"""The meld solver: the lowest-penalty arrangement of a hand.

A hand scores the points of the cards left out of its melds, and the game always
arranges a hand for the lowest penalty (RULES.md). ``best_arrangement`` finds it:

>>> from core.cards import parse_cards
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

from attrs import frozen

from core.cards import CARDS_BY_CODE, JOKER_CODE, Card, Rank, is_wild, wild_rank_for_round

Meld = tuple[Card, ...]


@frozen(kw_only=True)
class Arrangement:
    """A hand laid out into melds and the cards left over; ``penalty`` is what they cost."""

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    penalty: int


def _line_position(rank: int, aces_high: bool) -> int:
    """0-12 along the run line: A…K, or 2…K A when aces are high."""
    if aces_high:
        return 12 if rank == 1 else rank - 2
    return rank - 1


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
    positions = [_line_position(rank.value, aces_high) for rank in ranks if rank is not None]
    # Wilds fill the gaps and the ends; the run must fit the line without wrapping.
    return max(positions) - min(positions) < len(group)


# --- encodings ----------------------------------------------------------------
# The naturals of a hand live in one integer: 4 bits of count per (line position,
# suit), field number position * 4 + suit. All naturals of one rank are then one
# 16-bit block (the scan settles a rank at a time) and a suit's run lane is every
# 16th bit. Counts up to 15 copies of a card fit.

_ONES = sum(1 << (4 * field) for field in range(52))
_LANE = sum(1 << (16 * position) for position in range(13))
_POINTS = {
    False: (1, *(min(rank, 10) for rank in range(2, 14))),
    True: (*(min(rank, 10) for rank in range(2, 14)), 15),
}
_WILD_POINTS = 15
_JOKER_POINTS = 20

Natural = tuple[int, int, int, int]  # field bit, line position, suit, points


def _naturals_table(round_no: int, aces_high: bool) -> tuple[Natural | None, ...]:
    wild = round_no + 2
    table: list[Natural | None] = []
    for code in range(JOKER_CODE):
        suit, rank = divmod(code, 13)
        position = _line_position(rank + 1, aces_high)
        natural = (1 << (16 * position + 4 * suit), position, suit, _POINTS[aces_high][position])
        table.append(None if rank + 1 == wild else natural)
    table.append(None)
    return tuple(table)


# Static lookup tables (not caches): per round and aces option, each code's natural
# encoding or None for a wild; and the code of every shared Card instance by id
# (those instances live as long as the module, so their ids are never reused).
_NATURALS = {
    (round_no, aces_high): _naturals_table(round_no, aces_high)
    for round_no in range(1, 12)
    for aces_high in (False, True)
}
_CODE_BY_ID = {id(card): code for code, card in enumerate(CARDS_BY_CODE)}
_CODE_AT = {
    aces_high: tuple(
        tuple(suit * 13 + (rank := (1 if position == 12 else position + 2) if aces_high
                           else position + 1) - 1 for suit in range(4))
        for position in range(13)
    )
    for aces_high in (False, True)
}

Vector = list[int]  # best melded points for 0, 1, … wilds
RunOption = tuple[int, int, int, tuple[int, ...]]  # taken fields, wilds, points, runs

_MEMO_LIMIT = 1 << 18
_RESULT_LIMIT = 1 << 17
_memos: dict[tuple[bool, int], dict[int, Vector]] = {}
_results: dict[tuple[int, ...], Arrangement] = {}


def clear_cache() -> None:
    """Forget every memoised result (benchmarks use it to time the solver cold)."""
    _memos.clear()
    _results.clear()


def _present(counts: int) -> int:
    """One bit at the bottom of every field whose count is not zero."""
    return (counts | counts >> 1 | counts >> 2 | counts >> 3) & _ONES


def _suit_runs(
    counts: int, position: int, suit: int, copies: int, budget: int, points: tuple[int, ...]
) -> list[RunOption]:
    """Ways to start 1…``copies`` runs from the natural at (position, suit).

    Each run takes one copy of every remaining natural of its suit up to its top
    card; two runs from the same card are taken longest first, so each pair of tops
    is tried once. ``taken`` counts only the fields above ``position``.
    """
    base = 16 * position + 4 * suit + 16
    found: list[RunOption] = []
    stack = [(counts, 0, 0, 0, (), 12)]
    while stack:
        now, taken, cost, value, runs, top = stack.pop()
        lane = (_present(now) >> base) & _LANE
        naturals, run_value, used = 1, points[position], 0
        while lane:
            low = lane & -lane
            lane ^= low
            end = position + 1 + ((low.bit_length() - 1) >> 4)
            if end > top:
                break
            naturals += 1
            run_value += points[end]
            used |= low
            span = end - position + 1
            need = (3 if span < 3 else span) - naturals
            if cost + need > budget:
                if span >= 3:
                    break  # past three cards each further natural needs as many wilds or more
                continue
            run = used << base
            option = (taken + run, cost + need, value + run_value, (*runs, run))
            found.append(option)
            if len(runs) + 1 < copies:
                stack.append((now - run, *option, end))
    return found


def _run_options(
    counts: int, shift: int, starters: int, budget: int, points: tuple[int, ...]
) -> list[RunOption]:
    """Every non-empty choice of runs starting at the lowest rank, across suits."""
    block = (counts >> shift) & 0xFFFF
    position = shift >> 4
    combos: list[RunOption] | None = None
    for suit in range(4):
        if not (starters >> (4 * suit)) & 1:
            continue
        runs = _suit_runs(counts, position, suit, (block >> (4 * suit)) & 15, budget, points)
        if not runs:
            continue
        if combos is None:
            combos = runs
            continue
        combos = [
            *combos,
            *runs,
            *(
                (t1 + t2, c1 + c2, v1 + v2, r1 + r2)
                for t1, c1, v1, r1 in combos
                for t2, c2, v2, r2 in runs
                if c1 + c2 <= budget
            ),
        ]
    return combos or []


def _with_set(child: Vector, size: int, value: int) -> Vector:
    """``child`` plus the choice to meld ``size`` cards worth ``value`` as one set."""
    if size >= 3:
        return [points + value for points in child]
    best = list(child)
    if size:
        need = 3 - size
        for wilds in range(need, len(child)):
            if value + child[wilds - need] > best[wilds]:
                best[wilds] = value + child[wilds - need]
    return best


def _solve(counts: int, budget: int, starts: int, aces_high: bool) -> dict[int, Vector]:
    """Fill the memo for ``counts``: each entry is the best points per wilds used."""
    memo = _memos.setdefault((aces_high, budget), {})
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    points = _POINTS[aces_high]
    zero = [0] * (budget + 1)

    def best(counts: int) -> Vector:
        known = memo.get(counts)
        if known is not None:
            return known
        shift = ((counts & -counts).bit_length() - 1) & -16
        block = (counts >> shift) & 0xFFFF
        rest = counts ^ (block << shift)
        value = points[shift >> 4]
        size = (block & 15) + (block >> 4 & 15) + (block >> 8 & 15) + (block >> 12)
        result = _with_set(best(rest) if rest else zero, size, size * value)
        starters = (starts >> shift) & (block | block >> 1 | block >> 2 | block >> 3) & 0x1111
        if starters:
            for taken, cost, run_value, runs in _run_options(
                counts, shift, starters, budget, points
            ):
                left = size - len(runs)
                after = best(rest - taken) if rest - taken else zero
                child = _with_set(after, left, left * value)
                for wilds in range(cost, budget + 1):
                    if run_value + child[wilds - cost] > result[wilds]:
                        result[wilds] = run_value + child[wilds - cost]
        memo[counts] = result
        return result

    if counts:
        best(counts)
    return memo


def _run_reach(mask: int, budget: int) -> tuple[int, int]:
    """For one suit's position mask: (positions that may start a run, positions in a run).

    A run holds two or more naturals of the suit, so a natural is in reach of a run
    when the next one up or down is close enough for the wilds to bridge the gap.
    """
    if budget == 0:
        start = mask & mask >> 1 & mask >> 2
        return start, start | start << 1 | start << 2
    above = below = 0
    for distance in range(1, budget + 2):
        above |= mask >> distance
        below |= mask << distance
    return mask & above, mask & (above | below)


def best_arrangement(
    cards: Iterable[Card], round_no: int, *, aces_high: bool = False
) -> Arrangement:
    """The lowest-penalty arrangement of a hand in round ``round_no`` (1-11).

    Every card appears once, in a meld or in ``unmelded``; ``penalty`` is the sum of
    the points of the unmelded cards, the lowest any arrangement of the hand can reach.
    """
    hand = cards if isinstance(cards, tuple) else tuple(cards)
    aces_high = bool(aces_high)
    table = _NATURALS.get((round_no, aces_high))
    if table is None:
        wild_rank_for_round(round_no)  # raises the game's error for a round that does not exist
        raise TypeError(f"round_no must be an int, not {round_no!r}")
    codes: list[int] = []
    shared = True
    for card in hand:
        code = _CODE_BY_ID.get(id(card))
        if code is None:
            code = card.code
            shared = False
        codes.append(code)
    codes.sort()
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
    masks = [0, 0, 0, 0]
    at = [0] * 13
    wilds: list[int] = []
    for code in codes:
        natural = table[code]
        if natural is None:
            wilds.append(code)
            continue
        field, position, suit, points = natural
        counts += field
        total += points
        masks[suit] |= 1 << position
        at[position] += 1
    budget = min(len(wilds), 2 * (len(codes) - len(wilds)))
    line_points = _POINTS[aces_high]
    if budget == 2 * (len(codes) - len(wilds)) and (budget or len(wilds) >= 3):
        # Enough wilds for every natural: each rank melds as a set.
        melds = [
            [*(code for code in codes if table[code] is not None and table[code][1] == p)]
            for p in range(13)
            if at[p]
        ]
        return _finish(melds, [False] * len(melds), [], wilds, 0)
    # Ranks some run may reach go to the scan; the others only ever form sets.
    starts = reach = 0
    for suit, mask in enumerate(masks):
        start, inside = _run_reach(mask, budget)
        reach |= inside
        while start:
            low = start & -start
            start ^= low
            starts |= 1 << (16 * (low.bit_length() - 1) + 4 * suit)
    scanned = 0
    pairs: list[tuple[int, int]] = []  # (points, position) of sets that need one wild
    singles: list[tuple[int, int]] = []  # … and of lone naturals that need two
    free: list[int] = []  # positions whose set needs no wild
    for position in range(13):
        if not at[position]:
            continue
        if (reach >> position) & 1:
            scanned |= 0xFFFF << (16 * position)
        elif at[position] >= 3:
            free.append(position)
        else:
            item = (at[position] * line_points[position], position)
            (pairs if at[position] == 2 else singles).append(item)
    scan = counts & scanned
    memo = _solve(scan, budget, starts, aces_high)
    curve = memo[scan] if scan else [0] * (budget + 1)
    pairs.sort(reverse=True)
    singles.sort(reverse=True)
    best, scan_budget, lone = -1, 0, 0
    for wilds in range(budget + 1):
        # The rest of the budget buys `two` lone naturals and as many pairs as remain.
        for two in range(min(len(singles), (budget - wilds) // 2) + 1):
            value = curve[wilds] + sum(v for v, _ in singles[:two])
            value += sum(v for v, _ in pairs[: budget - wilds - 2 * two])
            if value > best:
                best, scan_budget, lone = value, wilds, two
    best += sum(at[p] * line_points[p] for p in free)
    if best == 0 and len(wilds) < 3:
        spare_points = sum(_JOKER_POINTS if c == JOKER_CODE else _WILD_POINTS for c in wilds)
        return _finish([], [], list(codes), [], total + spare_points)
    melds: list[list[int]] = []
    runs_flags: list[bool] = []
    codes_at = _CODE_AT[aces_high]
    cards_at = [
        [codes_at[p][suit] for suit in range(4) for _ in range((counts >> (16 * p + 4 * suit)) & 15)]
        for p in range(13)
    ]
    for p in free:
        melds.append(cards_at[p])
    used_pairs = pairs[: budget - scan_budget - 2 * lone]
    for _, p in (*singles[:lone], *used_pairs):
        melds.append(cards_at[p])
    unmelded = [code for _, p in (*singles[lone:], *pairs[len(used_pairs):]) for code in cards_at[p]]
    runs_flags = [False] * len(melds)
    _trace(scan, scan_budget, memo, starts, aces_high, melds, runs_flags, unmelded)
    return _finish(melds, runs_flags, unmelded, wilds, total - best)


def _trace(
    counts: int,
    budget: int,
    memo: dict[int, Vector],
    starts: int,
    aces_high: bool,
    melds: list[list[int]],
    runs_flags: list[bool],
    unmelded: list[int],
) -> None:
    """Walk the memo along one best path, naming its runs, sets and left-out cards."""
    points = _POINTS[aces_high]
    codes_at = _CODE_AT[aces_high]
    full = len(memo[counts]) - 1 if counts else 0
    zero = [0] * (full + 1)
    while counts:
        target = memo[counts][budget]
        shift = ((counts & -counts).bit_length() - 1) & -16
        position = shift >> 4
        block = (counts >> shift) & 0xFFFF
        rest = counts ^ (block << shift)
        value = points[position]
        size = (block & 15) + (block >> 4 & 15) + (block >> 8 & 15) + (block >> 12)
        choice: RunOption = (0, 0, 0, ())
        starters = (starts >> shift) & (block | block >> 1 | block >> 2 | block >> 3) & 0x1111
        options = _run_options(counts, shift, starters, full, points) if starters else []
        for option in ((0, 0, 0, ()), *options):
            taken, cost, run_value, runs = option
            if cost > budget:
                continue
            left = size - len(runs)
            after = memo[rest - taken] if rest - taken else zero
            if run_value + _with_set(after, left, left * value)[budget - cost] == target:
                choice = option
                break
        taken, cost, run_value, runs = choice
        block_left = block
        for run in runs:
            suit = ((run.bit_length() - 1) >> 2) & 3
            block_left -= 1 << (4 * suit)
            meld = [codes_at[position][suit]]
            tops = position
            while run:
                low = run & -run
                run ^= low
                spot = (low.bit_length() - 1) >> 4
                meld.extend([-1] * (spot - tops - 1))  # wilds fill the gap
                meld.append(codes_at[spot][suit])
                tops = spot
            meld.extend([-1] * (3 - len(meld)))
            melds.append(meld)
            runs_flags.append(True)
        here = [codes_at[position][s] for s in range(4) for _ in range((block_left >> 4 * s) & 15)]
        left = len(here)
        budget -= cost
        after = memo[rest - taken] if rest - taken else zero
        if left and run_value + after[budget] != target:
            budget -= max(0, 3 - left)
            melds.append(here + [-1] * (3 - left))
            runs_flags.append(False)
        else:
            unmelded.extend(here)
        counts = rest - taken


def _finish(
    melds: list[list[int]],
    runs_flags: list[bool],
    unmelded: list[int],
    wilds: list[int],
    penalty: int,
) -> Arrangement:
    """Fill the wild places of ``melds`` (code -1) and give spare wilds a home."""
    spare = sorted(wilds, reverse=True)  # jokers first into the places
    for meld in melds:
        for i, code in enumerate(meld):
            if code < 0:
                meld[i] = spare.pop(0)
    if spare:
        if len(spare) >= 3 or not melds:
            melds.append(spare)
        elif False in runs_flags:
            melds[runs_flags.index(False)].extend(spare)
        else:
            for meld in melds:
                while spare and len(meld) < 13:
                    meld.append(spare.pop())
            if spare:
                # Only full 13-card runs: split one after its third card; both halves take wilds.
                full = melds.pop(0)
                melds.extend((full[:3], full[3:] + spare))
    return Arrangement(
        melds=tuple(tuple(CARDS_BY_CODE[code] for code in meld) for meld in melds),
        unmelded=tuple(CARDS_BY_CODE[code] for code in sorted(unmelded)),
        penalty=penalty,
    )
