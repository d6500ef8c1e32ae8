"""What one seat may know: the :class:`PlayerView`.

AI players and the REPL see the game only through a view. It holds the seat's
own hand, everything that was face up (the whole discard pile, every pickup
and discard of the round), hand sizes and scores, and nothing else about other
hands or the stock.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import TypeVar

import attrs
from attrs import frozen

from .cards import SEATS, Card, Rank, sort_cards
from .events import (
    SEAT_NAMES,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    Event,
    GameEnded,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
)
from .state import GameState, MoveKind, Phase, PublicMove


@frozen(kw_only=True)
class PlayerView:
    """One seat's view of the game in play.

    The fields bots use most: ``hand`` (sorted), ``round_no``, ``wild_rank``,
    ``discard_top``, ``aces_high`` and ``must_not_discard`` (the card taken from
    the discard pile this turn, which may not be discarded again, else ``None``).
    Per-seat tuples are indexed by seat: 0 You, 1 Left, 2 Top, 3 Right.
    """

    seat: int
    hand: tuple[Card, ...]
    round_no: int
    wild_rank: Rank
    aces_high: bool
    jokers: int
    dealer: int
    turn: int
    phase: Phase
    discard_pile: tuple[Card, ...]
    """All of it, top last."""
    discard_top: Card | None
    must_not_discard: Card | None
    stock_size: int
    rebuilds: int
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    """Game totals before this round."""
    went_out: int | None
    """The seat that went out this round, if any: every other seat then has one last turn."""
    last_turns: tuple[int, ...]
    """After someone went out, the seats whose last turn is still to come, in turn order."""
    history: tuple[PublicMove, ...]
    """Every public move of this round, in order."""
    commitment: str | None = None
    """At a shared table, the promise of a fair deal (:mod:`core.fairness`): the seed stays
    secret until the game is over."""
    decision_seed: int
    """A number for this seat's random choices now, derived from the game seed, the seat
    and the point in the game (it does not reveal the seed or any hidden card)."""

    @property
    def last_actions(self) -> tuple[PublicMove | None, ...]:
        """Each seat's latest public move this round, or ``None``."""
        last: list[PublicMove | None] = [None] * SEATS
        for move in self.history:
            last[move.seat] = move
        return tuple(last)

    @property
    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Cards each seat is known to hold: taken from the discard pile and not discarded since."""
        known = [Counter[Card]() for _ in range(SEATS)]
        for move in self.history:
            if move.card is None:
                continue
            if move.kind == MoveKind.TOOK:
                known[move.seat][move.card] += 1
            elif move.kind == MoveKind.DISCARDED and known[move.seat][move.card] > 0:
                known[move.seat][move.card] -= 1
        return tuple(sort_cards(counter.elements()) for counter in known)

    @property
    def is_last_turn(self) -> bool:
        """True when someone else has gone out and this is the seat's last turn."""
        return self.went_out is not None and self.went_out != self.seat

    @property
    def seat_name(self) -> str:
        return SEAT_NAMES[self.seat]


def view_for(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``; the game must be in a round."""
    round_ = state.round
    if round_ is None or state.started is None:
        raise ValueError("a player's view exists only while a round is in play")
    return PlayerView(
        seat=seat,
        hand=round_.hands[seat],
        round_no=round_.round_no,
        wild_rank=round_.wild_rank,
        aces_high=state.options.aces_high,
        jokers=state.options.jokers,
        dealer=round_.dealer,
        turn=round_.turn,
        phase=state.phase,
        discard_pile=round_.discard_pile,
        discard_top=round_.discard_top,
        must_not_discard=round_.taken_from_discard if round_.turn == seat else None,
        stock_size=len(round_.stock),
        rebuilds=round_.rebuilds,
        hand_sizes=tuple(len(hand) for hand in round_.hands),
        scores=state.totals,
        went_out=round_.went_out,
        last_turns=round_.last_turns,
        history=round_.history,
        commitment=state.started.commitment,
        decision_seed=decision_seed(state.started.seed, seat, state.event_count),
    )


def decision_seed(game_seed: int, seat: int, decision_no: int) -> int:
    """A 64-bit number from (game seed, seat, decision number), stable across runs and machines."""
    digest = hashlib.sha256(f"threethirteen-ai:{game_seed}:{seat}:{decision_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_T = TypeVar("_T")


def seen_from(event: Event, seat: int) -> Event:
    """``event`` as the player at ``seat`` tells it: seats renumbered so that ``seat`` is
    0 (You) and the others keep their places around the table (1 Left, 2 Top, 3 Right).

    A shared table folds these for each player, so one narration serves every seat.

    >>> from threethirteen.core.events import DrawSource
    >>> from threethirteen.core.cards import parse_card
    >>> seen_from(CardDrawn(seat=2, source=DrawSource.STOCK, card=parse_card("7h")), 3).seat
    3
    """
    if seat == 0:
        return event

    def mine(number: int) -> int:
        return (number - seat) % SEATS

    def turned(values: tuple[_T, ...]) -> tuple[_T, ...]:
        return values[seat:] + values[:seat]

    match event:
        case GameStarted():
            players = turned(event.players)
            return attrs.evolve(event, players=players, first_dealer=mine(event.first_dealer))
        case RoundDealt():
            return attrs.evolve(event, dealer=mine(event.dealer), hands=turned(event.hands))
        case CardDrawn() | CardDiscarded() | AssistanceUsed():
            return attrs.evolve(event, seat=mine(event.seat))
        case PlayerWentOut():
            last = tuple(mine(s) for s in event.last_turns)
            return attrs.evolve(event, seat=mine(event.seat), last_turns=last)
        case RoundScored():
            went_out = None if event.went_out is None else mine(event.went_out)
            return attrs.evolve(
                event, went_out=went_out, scores=turned(event.scores), totals=turned(event.totals)
            )
        case GameEnded():
            winner = None if event.winner is None else mine(event.winner)
            return attrs.evolve(event, winner=winner, totals=turned(event.totals))
    return event
