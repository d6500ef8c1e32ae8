"""Chance, injected: the first dealer and every deck order come from a shuffler.

The engine never calls the ``random`` module itself. :class:`SeededShuffler`
derives each outcome from the game seed and *where* it happens (the round, the
rebuild number) only, never from what the players did, so two tables with
different players get the same deals from the same seed. Each outcome is then
written into an event, so folding a log needs no shuffler at all; and
:class:`RecordedShuffler` reads them back, to re-decide a log that was not
dealt from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from attrs import frozen

from .cards import Card, sort_cards
from .events import Event, GameStarted, RoundDealt, StockRebuilt


class Shuffler(Protocol):
    """Where the engine's chance comes from."""

    @property
    def seeded(self) -> bool:
        """True when every outcome follows from the game seed alone (a replay can check it)."""
        ...

    def first_dealer(self, seats: int) -> int:
        """The seat of the ``seats`` at the table that deals round 1."""
        ...

    def deal_order(self, round_no: int, deck: tuple[Card, ...]) -> tuple[Card, ...]:
        """The shuffled deck for round ``round_no``, top first."""
        ...

    def rebuild_order(
        self, round_no: int, rebuild_no: int, cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """The new stock, top first, made of ``cards`` (the discard pile but its top)."""
        ...


@frozen
class SeededShuffler:
    """Every outcome from ``random.Random`` seeded by a string naming the game seed and the place.

    A ``str`` seed goes through SHA-512 in ``random.seed``, so the orders do not
    depend on ``PYTHONHASHSEED``, the platform or the machine.
    """

    seed: int

    @property
    def seeded(self) -> bool:
        return True

    def _rng(self, *place: object) -> random.Random:
        return random.Random(":".join(map(str, ("threethirteen", self.seed, *place))))

    def first_dealer(self, seats: int) -> int:
        return self._rng("first-dealer").randrange(seats)

    def deal_order(self, round_no: int, deck: tuple[Card, ...]) -> tuple[Card, ...]:
        return self._shuffled(deck, "round", round_no)

    def rebuild_order(
        self, round_no: int, rebuild_no: int, cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        return self._shuffled(cards, "round", round_no, "rebuild", rebuild_no)

    def _shuffled(self, cards: Sequence[Card], *place: object) -> tuple[Card, ...]:
        # Start from the canonical order so that the result depends on which
        # cards there are, never on the order play left them in.
        order = list(sort_cards(cards))
        self._rng(*place).shuffle(order)
        return tuple(order)


def deck_order(dealt: RoundDealt) -> tuple[Card, ...]:
    """The deck order that deals ``dealt``: card i went to seat dealer + 1 + i.

    Raises ``ValueError`` when the hands are not all of one size (no deal makes them).
    """
    size = len(dealt.hands[0])
    if any(len(hand) != size for hand in dealt.hands):
        sizes = ", ".join(str(len(hand)) for hand in dealt.hands)
        raise ValueError(
            f"the hands of round {dealt.round_no} have {sizes} cards: no deal does that"
        )
    seats = len(dealt.hands)
    order: list[Card] = []
    for i in range(seats * size):
        order.append(dealt.hands[(dealt.dealer + 1 + i) % seats][i // seats])
    return (*order, dealt.upcard, *dealt.stock)


@frozen
class RecordedShuffler:
    """Chance as the log recorded it, for logs that are not ``seeded``."""

    events: Sequence[Event]

    @property
    def seeded(self) -> bool:
        return False

    def first_dealer(self, seats: int) -> int:
        started = self.events[0]
        assert isinstance(started, GameStarted)
        return started.first_dealer

    def deal_order(self, round_no: int, deck: tuple[Card, ...]) -> tuple[Card, ...]:
        for event in self.events:
            if isinstance(event, RoundDealt) and event.round_no == round_no:
                return deck_order(event)
        raise ValueError(f"the log has no deal for round {round_no}")

    def rebuild_order(
        self, round_no: int, rebuild_no: int, cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        for event in self.events:
            if isinstance(event, StockRebuilt) and (event.round_no, event.rebuild_no) == (
                round_no,
                rebuild_no,
            ):
                return event.stock
        raise ValueError(f"the log has no rebuild {rebuild_no} in round {round_no}")
