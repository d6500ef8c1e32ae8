"""The table: one game in play, who plays each seat, and who is told what happened.

A :class:`Table` owns the game's log through a :class:`~core.timeline.Timeline`
(so undo, redo and the rule on when help marks a game assisted come with it),
knows who plays each seat (a person, or an AI :class:`~core.players.Policy`),
keeps a :class:`Store` in step with the log and tells its listeners every
change, in that order: *durable first, then tell*. It prints nothing and knows
no terminal; the terminal game, a test and several network sessions drive it
through the same few calls:

- :meth:`Table.submit`: a person's draw, discard or call for help, checked by
  the rules (only for the seat that person plays, only on their turn);
- :meth:`Table.play_turn`: one whole AI turn (callers may run it on another
  thread: the table is locked while it changes);
- :meth:`Table.view`: what one seat may know;
- :meth:`Table.subscribe`: every change, as it happens.

>>> from threethirteen.core.rules import new_game
>>> _, events = new_game(5, players=("human", "greedy", "greedy", "greedy"))
>>> table = Table(events, {1: load_policy("greedy"), 2: load_policy("greedy"),
...                        3: load_policy("greedy")})
>>> while table.ai_to_act() is not None:
...     _ = table.play_turn()
>>> table.state.turn, table.view(0).round_no
(0, 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from attrs import frozen

from .errors import IllegalMoveError
from .events import Assistance, Event
from .players import Policy, load_policy, policy_turn
from .rules import Assist, Discard, Draw, can, check, decide
from .state import GameState, Phase
from .timeline import Timeline
from .views import PlayerView, view_for

HELPER_LEVELS = ("hard", "medium", "easy", "greedy")
"""Who gives hints and plays ``auto`` turns, and who takes over a failing AI: the
strongest level that loads first (the order is reversed for a takeover)."""


class Store(Protocol):
    """Where a table's log is kept (the autosave, a server's table file).

    A store never raises into the table: it keeps and tells its own trouble (a full
    disk) and catches up at a later :meth:`sync`.
    """

    def sync(self, events: Sequence[Event]) -> None:
        """Make the stored log equal ``events``: append what is new, cut what was undone."""


@frozen
class Played:
    """Events were added: a move and what it caused, an AI turn, a call for help.

    ``before`` is the game before them; ``auto`` is true when the AI played a
    person's seat (``auto``) rather than its own.
    """

    events: tuple[Event, ...]
    before: GameState
    auto: bool = False


@frozen
class Undone:
    """``seat`` took its last move back: ``removed`` are the events cut off the log."""

    seat: int
    removed: tuple[Event, ...]
    newly_assisted: bool
    """The undo went back past a card the seat had not seen: the game is now assisted."""


@frozen
class Redone:
    """``seat`` played the undone events again, exactly: ``events``, after ``before``."""

    seat: int
    events: tuple[Event, ...]
    before: GameState


@frozen
class AiReplaced:
    """The AI of ``seat`` failed (``error``); a ``level`` AI played that turn instead."""

    seat: int
    error: Exception
    level: str


Change = Played | Undone | Redone | AiReplaced
Listener = Callable[[Change], None]


@frozen
class Hint:
    """What the helper AI would do now: the events its decision causes, and why."""

    events: tuple[Event, ...]
    reason: str


class Table:
    """A game in play and who plays each seat.

    ``policies`` maps each AI seat to its policy; every other seat is a person's.
    ``helper`` builds the AI that gives hints and plays ``auto`` turns (by default
    the strongest level that loads).
    """

    def __init__(
        self,
        events: Sequence[Event],
        policies: Mapping[int, Policy],
        *,
        store: Store | None = None,
        helper: Callable[[], Policy] | None = None,
    ) -> None:
        self.timeline = Timeline(events)
        self.policies = dict(policies)
        self.store = store
        self._make_helper = helper or _strongest_level
        self._helper: Policy | None = None
        self._listeners: list[Listener] = []
        self._lock = threading.RLock()

    # -- reading ---------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The whole game as it stands (for the table itself and the tests, not for players)."""
        return self.timeline.state

    @property
    def events(self) -> tuple[Event, ...]:
        """The log as it is stored: the events, then any pending assistance."""
        return self.timeline.recorded()

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now."""
        with self._lock:
            return view_for(self.state, seat)

    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat in range(4) if seat not in self.policies)

    def ai_to_act(self) -> int | None:
        """The AI seat whose turn it is, or ``None`` (a person is to act, or the game is over)."""
        seat = self.state.turn
        return seat if seat is not None and seat in self.policies else None

    def is_assisted(self, seat: int) -> bool:
        """Whether ``seat`` took help in this game (recorded, or pending after an undo)."""
        return self.timeline.assisted_for(seat)

    def check(self, seat: int, command: Draw | Discard | Assist) -> None:
        """Raise what :meth:`submit` would raise for ``command`` from ``seat`` now, and
        change nothing (the validator asks this before Enter)."""
        with self._lock:
            self._check_person(seat, command.seat)
            check(self.state, command)

    def can(self, seat: int, command: Draw | Discard | Assist) -> bool:
        """Whether :meth:`submit` would take ``command`` from ``seat`` now (the same checks)."""
        with self._lock:
            if seat in self.policies or command.seat != seat:
                return False
            return can(self.state, command)

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has a move to take back (and plays alone against AIs)."""
        return len(self.people()) == 1 and self.timeline.can_undo_for(seat)

    def can_redo(self, seat: int) -> bool:
        """Whether ``seat`` has an undone move to play again."""
        return len(self.people()) == 1 and seat in self.people() and self.timeline.can_redo

    # -- listening -------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` every change from now on; returns the call that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    # -- changing --------------------------------------------------------------------

    def submit(self, seat: int, command: Draw | Discard | Assist) -> tuple[Event, ...]:
        """A person's command for ``seat``: decided by the rules, stored, then told.

        Raises :class:`~core.errors.IllegalMoveError` (changing nothing) for a seat
        an AI plays, a command for another seat, or a move the rules refuse.
        """
        with self._lock:
            self._check_person(seat, command.seat)
            events = decide(self.state, command)
            self._record(events)
            return events

    def play_turn(self, seat: int | None = None) -> tuple[Event, ...]:
        """One whole turn (take, then discard) by the AI of the seat to act.

        With ``seat``, a person's own turn is played by the helper AI (``auto``; the
        caller records the help first, see :meth:`submit` with :class:`Assist`).
        An AI that fails is replaced for this turn by another level, and listeners
        are told (:class:`AiReplaced`); nothing is played when nobody can act.
        """
        with self._lock:
            to_act = self.state.turn
            if to_act is None or self.state.phase not in (Phase.DRAW, Phase.DISCARD):
                return ()
            if seat is not None:
                self._check_person(seat, to_act)
            elif to_act not in self.policies:
                raise IllegalMoveError("not_an_ai_seat", number=to_act)
            before = self.state
            auto = seat is not None
            played = self._decision(to_act, helper=auto)
            self._record(played, tell=False)
            state = self.state
            if state.turn == to_act and state.phase == Phase.DISCARD:
                more = self._decision(to_act, helper=auto)
                self._record(more, tell=False)
                played += more
            self._tell(Played(played, before, auto=auto))
            return played

    def hint(self, seat: int) -> Hint:
        """Record that ``seat`` asked for a hint, then what the helper AI would do."""
        with self._lock:
            self.submit(seat, Assist(seat=seat, help=Assistance.HINT))
            helper = self.helper()
            events = policy_turn(self.state, helper, "hint")
            reason = getattr(helper, "last_reason", "")
            return Hint(events, reason if isinstance(reason, str) else "")

    def undo(self, seat: int) -> tuple[Event, ...]:
        """Take back ``seat``'s last move (and all that followed it); the events cut off.

        Only a person playing alone against AIs may undo (at a table of several
        people the others have seen the move); an undo past a card the seat had not
        seen before marks the game assisted.
        """
        with self._lock:
            self._check_person(seat, seat)
            if len(self.people()) > 1:
                raise IllegalMoveError("undo_shared_table", seat=seat)
            was_assisted = self.is_assisted(seat)
            removed = self.timeline.undo_for(seat)
            if removed is None:
                raise IllegalMoveError("nothing_to_undo", seat=seat)
            self._sync()
            self._tell(Undone(seat, removed, self.is_assisted(seat) and not was_assisted))
            return removed

    def redo(self, seat: int) -> tuple[Event, ...]:
        """Play the latest undone move of ``seat`` again, exactly as it went."""
        with self._lock:
            self._check_person(seat, seat)
            before = self.state
            events = self.timeline.redo()
            if events is None:
                raise IllegalMoveError("nothing_to_redo", seat=seat)
            self._sync()
            self._tell(Redone(seat, events, before))
            return events

    # -- the AI ----------------------------------------------------------------------

    def helper(self) -> Policy:
        """The AI that gives hints and plays ``auto`` turns."""
        if self._helper is None:
            self._helper = self._make_helper()
        return self._helper

    def _decision(self, seat: int, *, helper: bool) -> tuple[Event, ...]:
        policy = self.helper() if helper else self.policies[seat]
        try:
            return policy_turn(self.state, policy, seat)
        except Exception as error:
            for level in HELPER_LEVELS[::-1]:
                try:
                    events = policy_turn(self.state, load_policy(level), level)
                except Exception:
                    continue
                self._tell(AiReplaced(seat, error, level))
                return events
            raise

    # -- inside ----------------------------------------------------------------------

    def _check_person(self, seat: int, acting: int) -> None:
        if seat in self.policies or not 0 <= seat < 4:
            raise IllegalMoveError("not_a_person_seat", number=seat)
        if acting != seat:
            raise IllegalMoveError("not_your_seat", number=seat, other=acting)

    def _record(self, events: tuple[Event, ...], *, auto: bool = False, tell: bool = True) -> None:
        before = self.state
        self.timeline.begin()
        self.timeline.extend(events)
        self._sync()
        if tell:
            self._tell(Played(events, before, auto=auto))

    def _sync(self) -> None:
        if self.store is not None:
            self.store.sync(self.timeline.recorded())

    def _tell(self, change: Change) -> None:
        for listener in tuple(self._listeners):
            listener(change)


def _strongest_level() -> Policy:
    for level in HELPER_LEVELS:
        try:
            return load_policy(level)
        except Exception:
            continue
    raise RuntimeError("no AI level can be loaded")
