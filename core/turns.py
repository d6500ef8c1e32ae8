"""Who acts next at a table: the AI seats, a person's autopilot (``auto``), the turn clock.

One driver for every front: the game at a terminal asks it between its pauses (it
sleeps), a shared table asks it after every change (it sets a timer on the event loop).
:meth:`Turns.step` says what is due, given the game as it stands:

- :class:`AiTurn`: an AI seat is to act;
- :class:`AutoTurn`: the AI plays a person's turn for them (``auto``, or the turn clock ran
  out); ``record`` says the help is still to be written into the log first;
- :class:`PersonTurn`: a person is to act; a table with a turn clock gives them its time.

``auto turn|round|game`` is taken at any time: it starts at the person's next turn (or
now, on their turn). ``turn`` plays one turn, ``round`` the person's turns until the
round it was asked in is over, ``game`` every turn to the end; ``auto off`` stops it. The
driver keeps no clock and moves no card: callers wait, then play what :meth:`step` said.
A request made before a server's restart is taken again from the log as it stands
(:meth:`Turns.resume`): what the AI played for the seat since says whether it holds yet.

>>> from threethirteen.core.rules import new_game
>>> state, _ = new_game(5)
>>> turns = Turns(ai_seats=frozenset({1, 2, 3}))
>>> turns.step(state) == (PersonTurn(seat=0) if state.turn == 0 else AiTurn(seat=state.turn))
True
>>> turns.ask(0, Scope.GAME, state)
>>> turns.scope(0, state)
<Scope.GAME: 'game'>
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Sequence

import attrs
from attrs import frozen

from .events import Assistance, AssistanceUsed, CardDiscarded, Event
from .state import GameState, Phase

HURRY = 10
"""Seconds left on a turn clock when its player is told to hurry (and a front shows the
time left as a warning)."""


class Scope(enum.StrEnum):
    """How long the AI plays for a person (``auto turn|round|game``)."""

    TURN = "turn"
    ROUND = "round"
    GAME = "game"


@frozen(kw_only=True)
class Autopilot:
    """A person's request that the AI play for them.

    ``round_no`` is the round it was asked in (a ``round`` scope ends with it); ``recorded``
    is true once the help is in the log; ``at`` ties it to one point of one turn (the turn
    clock's: the round and the moves made in it): when a move was made before the AI
    played, it has lapsed.
    """

    scope: Scope
    round_no: int
    recorded: bool = False
    at: tuple[int, int] | None = None


@frozen
class AiTurn:
    """The AI of ``seat`` is to act."""

    seat: int


@frozen
class AutoTurn:
    """The AI plays the turn of ``seat``, a person's; with ``record``, the help first."""

    seat: int
    record: bool


@frozen
class PersonTurn:
    """The person at ``seat`` is to act."""

    seat: int


Step = AiTurn | AutoTurn | PersonTurn


class Turns:
    """The AI seats of a table and each person's autopilot.

    Safe to ask from one thread while another plays: the autopilot is changed under a
    small lock of its own, held only for a dictionary's update.
    """

    def __init__(self, ai_seats: frozenset[int]) -> None:
        self.ai_seats = ai_seats
        self._pilots: dict[int, Autopilot] = {}
        self._lock = threading.Lock()

    def step(self, state: GameState) -> Step | None:
        """What is due in ``state``; ``None`` when nobody is to act (the game is over)."""
        seat = state.turn
        if seat is None or state.phase not in (Phase.DRAW, Phase.DISCARD):
            return None
        if seat in self.ai_seats:
            return AiTurn(seat)
        pilot = self._live(seat, state)
        if pilot is not None:
            return AutoTurn(seat, record=not pilot.recorded)
        return PersonTurn(seat)

    def scope(self, seat: int, state: GameState) -> Scope | None:
        """How long the AI still plays for ``seat`` (``None``: it does not)."""
        pilot = self._live(seat, state)
        return None if pilot is None else pilot.scope

    def ask(self, seat: int, scope: Scope, state: GameState) -> None:
        """``auto SCOPE`` for ``seat``: from the person's next turn, or this one."""
        with self._lock:
            self._pilots[seat] = Autopilot(scope=scope, round_no=_asked_in(state))

    def resume(self, seat: int, scope: Scope, asked: GameState, since: Sequence[Event]) -> None:
        """``auto SCOPE`` asked for ``seat`` in the game as it was at ``asked``, with the
        events ``since`` then (a restart came in between): on again as it was, unless a
        ``turn`` was played for the seat since (a ``round`` or the game over is seen by
        :meth:`step`, as ever). Its help counts as recorded if the log holds it since."""
        if scope == Scope.TURN and any(_discards(event, seat) for event in since):
            return
        recorded = any(_helped(event, seat) for event in since)
        pilot = Autopilot(scope=scope, round_no=_asked_in(asked), recorded=recorded)
        with self._lock:
            self._pilots[seat] = pilot

    def stop(self, seat: int) -> bool:
        """``auto off``: the person plays again; whether the AI was playing for them."""
        with self._lock:
            return self._pilots.pop(seat, None) is not None

    def time_up(self, seat: int, state: GameState) -> None:
        """The turn clock ran out on ``seat``: the AI plays this turn (and only this one)."""
        round_no = state.round.round_no if state.round is not None else 0
        pilot = Autopilot(scope=Scope.TURN, round_no=round_no, at=_point(state))
        with self._lock:
            self._pilots[seat] = pilot

    def settle(self, state: GameState) -> None:
        """Forget every autopilot that has lapsed in ``state`` (its round is over, or the
        clock's turn was played), so that taking a move back never revives one."""
        with self._lock:
            for seat in [seat for seat in self._pilots if self._live(seat, state) is None]:
                del self._pilots[seat]

    def recorded(self, seat: int) -> None:
        """The help of ``seat``'s autopilot is in the log (its turn is still to be played)."""
        with self._lock:
            pilot = self._pilots.get(seat)
            if pilot is not None:
                self._pilots[seat] = attrs.evolve(pilot, recorded=True)

    def played(self, seat: int) -> None:
        """The AI played a turn of ``seat`` for its person: the help is recorded, and a
        ``turn`` scope is spent."""
        with self._lock:
            pilot = self._pilots.get(seat)
            if pilot is None:
                return
            if pilot.scope == Scope.TURN:
                del self._pilots[seat]
            else:
                self._pilots[seat] = attrs.evolve(pilot, recorded=True)

    def _live(self, seat: int, state: GameState) -> Autopilot | None:
        pilot = self._pilots.get(seat)
        if pilot is None:
            return None
        if pilot.at is not None and pilot.at != _point(state):
            return None  # a move was made before the clock's AI played
        round_no = state.round.round_no if state.round is not None else None
        if pilot.scope == Scope.ROUND and round_no != pilot.round_no:
            return None
        return pilot


def _asked_in(state: GameState) -> int:
    """The round ``auto`` is asked in: the one in play, or between rounds the next."""
    return state.round.round_no if state.round is not None else len(state.score_sheet) + 1


def _discards(event: Event, seat: int) -> bool:
    """Whether ``event`` ends a turn of ``seat`` (the AI's, on autopilot: the person's
    own moves are refused meanwhile)."""
    return isinstance(event, CardDiscarded) and event.seat == seat


def _helped(event: Event, seat: int) -> bool:
    """Whether ``event`` records that the AI played for ``seat``."""
    if not isinstance(event, AssistanceUsed):
        return False
    return event.seat == seat and event.help == Assistance.AUTO


def _point(state: GameState) -> tuple[int, int]:
    """Where a round is: its number and the moves made in it (a hint is no move)."""
    round_ = state.round
    return (0, 0) if round_ is None else (round_.round_no, len(round_.history))
