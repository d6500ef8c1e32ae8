"""Beliefs about the opponents' hands, from what they took, passed on and discarded.

A player who takes a 7♥ from the pile probably holds other 7s or hearts near
it; one who passes on a 7♥ (draws from the stock instead) or throws one away
probably does not. Each opponent gets an *affinity* per card, a factor around
1 for how much likelier than average it is in that hand. From these follow

* how many copies of each unseen card are still in the stock (what a draw may bring),
* how much a discard would help the next player, the only one who can take it.
"""

from __future__ import annotations

from attrs import frozen

from ..cards import JOKER_CODE
from ..state import MoveKind
from ..views import PlayerView
from .hands import RoundFacts
from .tracking import unseen_counts

TOOK_RANK, TOOK_SUIT = 1.8, 1.4
"""Factors on cards that meld with a card the opponent took: its rank, its suit nearby."""
PASSED_RANK, PASSED_SUIT = 0.75, 0.85
"""Factors on cards that meld with a card the opponent left lying when drawing from the stock."""
THREW_RANK, THREW_SUIT = 0.7, 0.85
"""Factors on cards that meld with a card the opponent discarded."""
LOWEST, HIGHEST = 0.15, 6.0


@frozen
class Beliefs:
    """Per opponent seat, the affinity of each unseen card (``affinity[seat][code]``)."""

    seat: int
    affinity: tuple[dict[int, float], ...]
    unseen: dict[int, int]
    hidden: tuple[int, ...]
    """Cards of each seat's hand that nobody has seen."""
    pickups: tuple[int, ...]

    def stock_weights(self) -> list[tuple[int, float]]:
        """Expected copies of each unseen card that lie in the stock (code, copies)."""
        share: dict[int, float] = {code: 0.0 for code in self.unseen}
        for seat in range(len(self.hidden)):
            if seat == self.seat or not self.hidden[seat]:
                continue
            affinity = self.affinity[seat]
            mass = sum(copies * affinity[code] for code, copies in self.unseen.items())
            if mass <= 0:
                continue
            scale = self.hidden[seat] / mass
            for code in self.unseen:
                share[code] += scale * affinity[code]
        return [
            (code, copies * max(0.05, 1.0 - share[code])) for code, copies in self.unseen.items()
        ]

    def feeds(self, code: int) -> float:
        """How much discarding ``code`` would help the next seat, from 0 (not at all) to 1."""
        after = (self.seat + 1) % len(self.affinity)
        affinity = self.affinity[after].get(code, 1.0)
        return min(1.0, max(0.0, (affinity - 1.0) / 1.5))


def _close(table: RoundFacts, a: int, b: int) -> bool:
    """Same suit and at most two places apart on the run line."""
    if a // 13 != b // 13:
        return False
    return abs(table.position(a % 13) - table.position(b % 13)) <= 2


def read_beliefs(view: PlayerView) -> Beliefs:
    """Beliefs about each opponent's hand from the round's public moves."""
    table = RoundFacts(view.round_no, view.aces_high)
    unseen = unseen_counts(view)
    codes = list(unseen)
    seats = view.seat_count
    affinity: list[dict[int, float]] = [dict.fromkeys(codes, 1.0) for _ in range(seats)]
    pickups = [0] * seats
    for move in view.history:
        if move.seat == view.seat:
            continue
        if move.kind == MoveKind.TOOK and move.card is not None:
            pickups[move.seat] += 1
            _lean(table, affinity[move.seat], move.card.code, TOOK_RANK, TOOK_SUIT)
        elif move.kind == MoveKind.DREW and move.passed is not None:
            _lean(table, affinity[move.seat], move.passed.code, PASSED_RANK, PASSED_SUIT)
        elif move.kind == MoveKind.DISCARDED and move.card is not None:
            _lean(table, affinity[move.seat], move.card.code, THREW_RANK, THREW_SUIT)
    for seat_affinity in affinity:
        for code in codes:
            seat_affinity[code] = min(HIGHEST, max(LOWEST, seat_affinity[code]))
    hidden = tuple(
        max(0, size - len(known))
        for size, known in zip(view.hand_sizes, view.known_cards, strict=True)
    )
    return Beliefs(view.seat, tuple(affinity), unseen, hidden, tuple(pickups))


def _lean(
    table: RoundFacts,
    affinity: dict[int, float],
    card: int,
    rank_factor: float,
    suit_factor: float,
) -> None:
    """Multiply the affinity of the cards that meld with ``card`` (a wild says nothing)."""
    if table.is_wild(card):
        return
    for code in affinity:
        if code == JOKER_CODE or table.is_wild(code):
            continue
        if code % 13 == card % 13:
            affinity[code] *= rank_factor
        elif _close(table, code, card):
            affinity[code] *= suit_factor
