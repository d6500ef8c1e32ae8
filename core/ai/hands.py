"""What a hand is worth: penalties, the best discards, and the outs of the next draw.

Every AI level judges hands with these functions. Hands are sorted tuples of
card codes (``Card.code``, 0-52) so that they hash cheaply and every loop runs
in the same order on every machine (a ``set`` of cards would iterate in an
order that depends on ``PYTHONHASHSEED``).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence

from attrs import frozen

from ..cards import (
    CARDS_BY_CODE,
    JOKER_CODE,
    Card,
    card_from_code,
    card_penalty,
    wild_rank_for_round,
)
from ..melds import best_arrangement

Codes = tuple[int, ...]

_CACHE_LIMIT = 200_000
_arrangements: dict[tuple[int, bool, Codes], tuple[int, int, int]] = {}
"""(round, aces high, hand) -> (penalty, points and code of the highest unmelded card)."""


_CODE_BY_ID = {id(card): card.code for card in CARDS_BY_CODE}
"""The engine hands out one instance per card; their codes, without the property's work."""
_points: dict[tuple[int, bool], tuple[int, ...]] = {}


def clear_cache() -> None:
    """Forget every hand valued so far (benchmarks use it to start cold)."""
    _arrangements.clear()


def code_of(card: Card) -> int:
    """``card.code``, quickly for the engine's own card instances."""
    code = _CODE_BY_ID.get(id(card))
    return card.code if code is None else code


def codes_of(cards: Iterable[Card]) -> Codes:
    """A hand as its sorted card codes."""
    return tuple(sorted(code_of(card) for card in cards))


def cards_of(codes: Iterable[int]) -> tuple[Card, ...]:
    return tuple(card_from_code(code) for code in codes)


def without(hand: Codes, code: int) -> Codes:
    """``hand`` less one copy of ``code``."""
    i = hand.index(code)
    return hand[:i] + hand[i + 1 :]


def with_card(hand: Codes, code: int) -> Codes:
    """``hand`` plus one copy of ``code``, still sorted."""
    out = list(hand)
    insort(out, code)
    return tuple(out)


@frozen
class RoundFacts:
    """The round's scoring facts: the round (for the wild rank) and the ace option."""

    round_no: int
    aces_high: bool

    def points(self, code: int) -> int:
        """Penalty points of one card when it is left out of a meld."""
        key = (self.round_no, self.aces_high)
        table = _points.get(key)
        if table is None:
            wild = wild_rank_for_round(self.round_no)
            table = tuple(
                card_penalty(card, wild, aces_high=self.aces_high) for card in CARDS_BY_CODE
            )
            _points[key] = table
        return table[code]

    def is_wild(self, code: int) -> bool:
        return code == JOKER_CODE or code % 13 + 1 == self.round_no + 2

    def judge(self, hand: Codes) -> tuple[int, int]:
        """(best penalty, points of the highest card left out of that arrangement)."""
        penalty, high, _ = self.solve(hand)
        return penalty, high

    def solve(self, hand: Codes) -> tuple[int, int, int]:
        """(best penalty, points and code of the highest unmelded card; 0, -1 if none)."""
        key = (self.round_no, self.aces_high, hand)
        known = _arrangements.get(key)
        if known is not None:
            return known
        arrangement = best_arrangement(cards_of(hand), self.round_no, aces_high=self.aces_high)
        points = self.points
        high, code = max(
            ((points(c), c) for c in map(code_of, arrangement.unmelded)),
            default=(0, -1),
        )
        if len(_arrangements) >= _CACHE_LIMIT:
            _arrangements.clear()
        _arrangements[key] = (arrangement.penalty, high, code)
        return arrangement.penalty, high, code

    def step(self, leave: Codes, code: int) -> tuple[Codes, int]:
        """Draw ``code`` onto ``leave`` and discard the highest unmelded card: (new leave, penalty).

        A hand that melds completely with the new card keeps the discard that
        leaves the lowest penalty (0 when it can go out).
        """
        grown = with_card(leave, code)
        penalty, high, out = self.solve(grown)
        if high:
            return without(grown, out), penalty - high
        best: tuple[int, int] | None = None
        for card in sorted(set(grown)):
            left = self.penalty(without(grown, card))
            if best is None or left < best[0]:
                best = (left, card)
                if left == 0:
                    break
        assert best is not None
        return without(grown, best[1]), best[0]

    def unmelded(self, hand: Codes) -> Codes:
        """The cards of ``hand`` left out of its best arrangement."""
        arrangement = best_arrangement(cards_of(hand), self.round_no, aces_high=self.aces_high)
        return codes_of(arrangement.unmelded)

    def penalty(self, hand: Codes) -> int:
        """The lowest penalty of ``hand`` (the game always arranges it so)."""
        return self.judge(hand)[0]

    def discards(self, hand: Codes, forbidden: int | None = None) -> list[tuple[int, int]]:
        """(penalty left, code) for each distinct card that may be discarded, best first.

        Ties go to the card with more points (the highest card), then the higher code.
        """
        scored = [
            (self.penalty(without(hand, code)), -self.points(code), -code)
            for code in sorted(set(hand))
            if code != forbidden
        ]
        scored.sort()
        return [(left, -negative_code) for left, _, negative_code in scored]

    def after_draw(self, leave: Codes, code: int) -> int:
        """The lowest penalty after drawing ``code`` onto ``leave`` and discarding well.

        Leaving out the highest unmelded card of the best arrangement is exact for
        almost every hand; a hand that melds completely tries every discard.
        """
        grown = with_card(leave, code)
        penalty, high = self.judge(grown)
        if high:
            return penalty - high
        return min(self.penalty(without(grown, card)) for card in sorted(set(grown)))

    def touches(self, leave: Codes, code: int) -> bool:
        """Whether ``code`` could join a meld with the naturals of ``leave`` (else it stays out).

        A wild always could; a natural needs one of its rank, or one of its suit
        close enough for the leave's wilds to fill the gap.
        """
        if self.is_wild(code):
            return True
        wilds = sum(1 for card in leave if self.is_wild(card))
        reach = max(2, wilds + 1)
        rank, suit = code % 13, code // 13
        position = self.position(rank)
        for card in leave:
            if card == JOKER_CODE or self.is_wild(card):
                continue
            if card % 13 == rank:
                return True
            if card // 13 == suit and abs(self.position(card % 13) - position) <= reach:
                return True
        return False

    def position(self, rank_index: int) -> int:
        """Place on the run line (ace low: A=0 … K=12; ace high: 2=0 … A=12)."""
        if self.aces_high:
            return 12 if rank_index == 0 else rank_index - 1
        return rank_index


@frozen
class Outlook:
    """A leave (the hand after a discard) and what one more draw would do to it.

    ``expected`` is the mean lowest penalty after drawing one card of ``unseen``
    (weighted by copies) and discarding well; ``outs`` lists the unseen cards
    that would join a meld (lowering the penalty by more than swapping a high
    card for a low one), with their copies; ``going_out`` counts the copies
    that would complete the hand.
    """

    leave: Codes
    penalty: int
    expected: float
    outs: tuple[tuple[int, float], ...]
    going_out: float


def outlook(table: RoundFacts, leave: Codes, unseen: Sequence[tuple[int, float]]) -> Outlook:
    """The :class:`Outlook` of ``leave`` when the next card comes from ``unseen`` (code, weight)."""
    penalty, high = table.judge(leave)
    total = 0.0
    weighted = 0.0
    outs: list[tuple[int, float]] = []
    going_out = 0.0
    for code, weight in unseen:
        if weight <= 0:
            continue
        swap = penalty - max(0, high - table.points(code))
        after = table.after_draw(leave, code) if table.touches(leave, code) else swap
        total += weight
        weighted += weight * after
        if after < swap:
            outs.append((code, weight))
            if after == 0:
                going_out += weight
    expected = weighted / total if total else float(penalty)
    return Outlook(leave, penalty, expected, tuple(outs), going_out)
