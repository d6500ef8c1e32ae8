"""Card tracking: which cards a seat has not seen, from what its view shows.

Everything face up is accounted for: the seat's own hand, the discard pile, and
the cards each opponent is known to hold (taken from the pile and not
discarded since). Whatever is left of the double deck is *unseen*: in the stock
or in an opponent's hand.
"""

from __future__ import annotations

from collections import Counter

from ..cards import new_deck
from ..state import MoveKind
from ..views import PlayerView


def unseen_counts(view: PlayerView) -> dict[int, int]:
    """Copies of each card (by code, ascending) that ``view``'s seat has not seen."""
    left = Counter(card.code for card in new_deck(view.jokers, view.decks))
    seen: list[int] = [card.code for card in view.hand]
    seen += [card.code for card in view.discard_pile]
    for seat, known in enumerate(view.known_cards):
        if seat != view.seat:
            seen += [card.code for card in known]
    left.subtract(seen)
    return {code: left[code] for code in sorted(left) if left[code] > 0}


def unseen_list(view: PlayerView) -> list[tuple[int, float]]:
    """:func:`unseen_counts` as (code, copies) pairs, for weighting draws."""
    return [(code, float(copies)) for code, copies in unseen_counts(view).items()]


def turns_played(view: PlayerView, seat: int | None = None) -> int:
    """Discards made this round by ``seat`` (or by every seat): how far the round has gone."""
    return sum(
        1
        for move in view.history
        if move.kind == MoveKind.DISCARDED and (seat is None or move.seat == seat)
    )


def pickups(view: PlayerView) -> tuple[int, ...]:
    """Cards each seat has taken from the discard pile this round."""
    counts = [0] * view.seat_count
    for move in view.history:
        if move.kind == MoveKind.TOOK:
            counts[move.seat] += 1
    return tuple(counts)
