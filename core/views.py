"""What one place at the table may know: :class:`PlayerView`, :class:`RoundView`, :class:`SeatView`.

AI players and every front see the game only through a view (boardgame.io's
``playerView``). A :class:`PlayerView` is one seat's view of the round in play: its own
hand, everything that was face up (the whole discard pile, every pickup and discard of the
round), hand sizes and scores, and nothing else about other hands or the stock. A
:class:`RoundView` is what the whole table sees of the round (someone watching sees that);
a :class:`SeatView` is the whole game from one place: how it began, the round in play, the
score sheet and the end. Each is built from the game state and holds no reference to it.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import attrs
from attrs import frozen

from .cards import Card, Rank, sort_cards
from .events import GameEnded, GameOptions, RoundScored
from .seats import seat_name
from .state import GameState, MoveKind, Phase, PublicMove


@frozen(kw_only=True)
class RoundView:
    """The round in play as the whole table sees it: nobody's hand, nothing of the stock
    but its size. Per-seat tuples are indexed by seat, clockwise from 0 (You): at four,
    1 Left, 2 Top, 3 Right."""

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
    decks: int = 2
    """The decks the game is played with (two at four seats)."""

    @property
    def seat_count(self) -> int:
        """Players at the table."""
        return len(self.hand_sizes)

    @property
    def last_actions(self) -> tuple[PublicMove | None, ...]:
        """Each seat's latest public move this round, or ``None``."""
        last: list[PublicMove | None] = [None] * self.seat_count
        for move in self.history:
            last[move.seat] = move
        return tuple(last)

    @property
    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Cards each seat is known to hold: taken from the discard pile and not discarded since."""
        known = [Counter[Card]() for _ in range(self.seat_count)]
        for move in self.history:
            if move.card is None:
                continue
            if move.kind == MoveKind.TOOK:
                known[move.seat][move.card] += 1
            elif move.kind == MoveKind.DISCARDED and known[move.seat][move.card] > 0:
                known[move.seat][move.card] -= 1
        return tuple(sort_cards(counter.elements()) for counter in known)


@frozen(kw_only=True)
class PlayerView(RoundView):
    """One seat's view of the round in play.

    The fields bots use most: ``hand`` (sorted), ``round_no``, ``wild_rank``,
    ``discard_top``, ``aces_high`` and ``must_not_discard`` (the card taken from
    the discard pile this turn, which may not be discarded again, else ``None``).
    """

    seat: int
    hand: tuple[Card, ...]
    must_not_discard: Card | None
    commitment: str | None = None
    """At a shared table, the promise of a fair deal (:mod:`core.fairness`): the seed stays
    secret until the game is over."""
    decision_seed: int
    """A number for this seat's random choices now, derived from the game seed, the seat
    and the point in the game (it does not reveal the seed or any hidden card)."""

    @property
    def is_last_turn(self) -> bool:
        """True when someone else has gone out and this is the seat's last turn."""
        return self.went_out is not None and self.went_out != self.seat

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat, self.seat_count)


def round_view(state: GameState) -> RoundView:
    """What the whole table sees of the round in play; the game must be in a round."""
    round_ = state.round
    if round_ is None or state.started is None:
        raise ValueError("a view of the round exists only while a round is in play")
    return RoundView(
        round_no=round_.round_no,
        wild_rank=round_.wild_rank,
        aces_high=state.options.aces_high,
        jokers=state.options.jokers,
        dealer=round_.dealer,
        turn=round_.turn,
        phase=state.phase,
        discard_pile=round_.discard_pile,
        discard_top=round_.discard_top,
        stock_size=len(round_.stock),
        rebuilds=round_.rebuilds,
        hand_sizes=tuple(len(hand) for hand in round_.hands),
        scores=state.totals,
        went_out=round_.went_out,
        last_turns=round_.last_turns,
        history=round_.history,
        decks=state.started.decks,
    )


def view_for(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of the round in play; the game must be in a round."""
    public = attrs.asdict(round_view(state), recurse=False)
    round_ = state.round
    started = state.started
    assert round_ is not None and started is not None
    return PlayerView(
        **public,
        seat=seat,
        hand=round_.hands[seat],
        must_not_discard=round_.taken_from_discard if round_.turn == seat else None,
        commitment=started.commitment,
        decision_seed=decision_seed(started.seed, seat, state.event_count),
    )


def decision_seed(game_seed: int, seat: int, decision_no: int) -> int:
    """A 64-bit number from (game seed, seat, decision number), stable across runs and machines."""
    digest = hashlib.sha256(f"threethirteen-ai:{game_seed}:{seat}:{decision_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@frozen(kw_only=True)
class SeatView:
    """The whole game as one place at the table may know it now: what a front shows.

    ``seat`` is the place (``None`` for someone watching, who sees what every player
    sees and the hands only once a round is scored). ``round`` is the round in play:
    a :class:`PlayerView` for a seat, a :class:`RoundView` for someone watching. The seed
    (and the salt of its commitment) is ``None`` while it is a secret: at a shared table,
    until the game is over. ``event_count`` says how far the game is (its state id).
    """

    seat: int | None
    options: GameOptions
    seats: tuple[str, ...]
    players: tuple[str, ...]
    commitment: str | None
    seed: int | None
    salt: str | None
    round: RoundView | None
    score_sheet: tuple[RoundScored, ...]
    totals: tuple[int, ...]
    ended: GameEnded | None
    assisted: frozenset[int]
    """The seats that took help (a hint, the AI for a turn, an undo past a seen card)."""
    event_count: int
    decks: int = 2

    @property
    def seat_count(self) -> int:
        """Players at the table: read it here (or from ``seats``), never assume four."""
        return len(self.seats)

    @property
    def mine(self) -> PlayerView | None:
        """The seat's own view of the round in play (``None`` between rounds, after the
        game, and for someone watching)."""
        return self.round if isinstance(self.round, PlayerView) else None

    @property
    def phase(self) -> Phase:
        if self.ended is not None:
            return Phase.GAME_OVER
        return Phase.ROUND_OVER if self.round is None else self.round.phase

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` when nobody is to act."""
        if self.ended is not None or self.round is None:
            return None
        return self.round.turn

    @property
    def my_turn(self) -> bool:
        """Whether this place is a seat and it is to act."""
        return self.seat is not None and self.turn == self.seat

    def is_assisted(self, seat: int | None) -> bool:
        """Whether ``seat`` took help in this game (never, for someone watching)."""
        return seat is not None and seat in self.assisted


def seat_view(
    state: GameState, seat: int | None, assisted: frozenset[int] | None = None
) -> SeatView:
    """What ``seat`` (``None``: someone watching) may know of the game now; the game must
    have started. ``assisted`` are the seats that took help, when the log does not say it
    all yet (help pending after an undo); by default, the log's."""
    started = state.started
    if started is None:
        raise ValueError("a seat's view exists only once the game has started")
    secret = started.commitment is not None and state.ended is None
    in_round: RoundView | None = None
    if state.round is not None:
        in_round = round_view(state) if seat is None else view_for(state, seat)
    return SeatView(
        seat=seat,
        options=started.options,
        seats=started.seats,
        players=started.players,
        commitment=started.commitment,
        seed=None if secret else started.seed,
        salt=None if secret else started.salt,
        round=in_round,
        score_sheet=state.score_sheet,
        totals=state.totals,
        ended=state.ended,
        assisted=frozenset(s for s, _ in state.assisted) if assisted is None else assisted,
        event_count=state.event_count,
        decks=started.decks,
    )
