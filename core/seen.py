"""The log as one place at the table may know it: each event redacted for a seat.

boardgame.io's ``redactLog`` is the model: before anything leaves the table, every
event is turned into what that seat saw happen. A deal shows the seat its own hand and
the others' hand sizes; a card another seat drew from the stock stays unnamed; a rebuilt
stock is only a size; another seat's recorded reason (an AI's thoughts about its own
hand) is dropped; while the game is committed to a secret seed (a shared table), the seed
and its salt are not told until the game is over. Everything else was face up for the
whole table and is told as it is. Someone watching (``seat=None``) is told what every
seat is told, and no hand until a round is scored.

>>> from threethirteen.core.rules import new_game
>>> _, events = new_game(7)
>>> deal = redact(events[1], 2, secret=False)
>>> type(deal).__name__, len(deal.hand), deal.hand_sizes
('DealSeen', 3, (3, 3, 3, 3))
>>> redact(events[1], None, secret=False).hand
()
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from attrs import frozen

from .cards import Card, Rank
from .events import (
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameEnded,
    GameOptions,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)


@frozen(kw_only=True)
class StartSeen:
    """The game began (:class:`~core.events.GameStarted`); ``seed`` and ``salt`` are
    ``None`` while the seed is a secret."""

    options: GameOptions
    seats: tuple[str, ...]
    players: tuple[str, ...]
    first_dealer: int
    commitment: str | None
    seed: int | None
    salt: str | None

    @property
    def seat_count(self) -> int:
        """Players at the table."""
        return len(self.seats)


@frozen(kw_only=True)
class DealSeen:
    """A round was dealt (:class:`~core.events.RoundDealt`): the seat's own ``hand`` (none
    for someone watching), how many cards each seat holds, the upcard and the stock's size."""

    round_no: int
    dealer: int
    wild_rank: Rank
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    upcard: Card
    stock_size: int


@frozen(kw_only=True)
class UnseenDraw:
    """``seat`` drew the top card of the stock, which nobody else saw."""

    seat: int


@frozen(kw_only=True)
class RebuildSeen:
    """The stock was rebuilt from the discard pile (:class:`~core.events.StockRebuilt`),
    face down: only its size is known."""

    round_no: int
    rebuild_no: int
    stock_size: int


Seen = (
    StartSeen
    | DealSeen
    | CardDrawn
    | UnseenDraw
    | CardDiscarded
    | PlayerWentOut
    | RebuildSeen
    | RoundScored
    | AssistanceUsed
    | GameEnded
)
"""An event as one place at the table was told it."""


def redact(event: Event, seat: int | None, *, secret: bool) -> Seen:
    """``event`` as ``seat`` (``None``: someone watching) may know it; ``secret`` while the
    game's seed is still a secret."""
    match event:
        case GameStarted():
            return StartSeen(
                options=event.options,
                seats=event.seats,
                players=event.players,
                first_dealer=event.first_dealer,
                commitment=event.commitment,
                seed=None if secret else event.seed,
                salt=None if secret else event.salt,
            )
        case RoundDealt():
            return DealSeen(
                round_no=event.round_no,
                dealer=event.dealer,
                wild_rank=event.wild_rank,
                hand=() if seat is None else event.hands[seat],
                hand_sizes=tuple(len(hand) for hand in event.hands),
                upcard=event.upcard,
                stock_size=len(event.stock),
            )
        case CardDrawn() if event.seat != seat:
            if event.source == DrawSource.STOCK:
                return UnseenDraw(seat=event.seat)
            return attrs.evolve(event, reason="") if event.reason else event
        case CardDiscarded() if event.seat != seat and event.reason:
            return attrs.evolve(event, reason="")
        case StockRebuilt():
            return RebuildSeen(
                round_no=event.round_no, rebuild_no=event.rebuild_no, stock_size=len(event.stock)
            )
    return event


def redact_all(events: Iterable[Event], seat: int | None, *, secret: bool) -> tuple[Seen, ...]:
    """Every event of ``events`` as ``seat`` may know it (see :func:`redact`)."""
    return tuple(redact(event, seat, secret=secret) for event in events)
