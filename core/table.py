"""The table: one game in play, who plays each seat, and what each place at it is told.

A :class:`Table` folds the game's log once, through a :class:`~core.timeline.Timeline`
(so undo, redo and the rule on when help marks a game assisted come with it), knows
who plays each seat (a person, or an AI :class:`~core.players.Policy`), drives the
turns (:class:`~core.turns.Turns`: the AI seats, ``auto``, the turn clock), keeps a
:class:`~core.store.Store` in step with the log, and then tells its listeners, each only what its
seat may know: *durable first, then tell*. A store may refuse a change
(:class:`StoreRefused`, a server whose disk is full): the table is then put back as it
was, nobody is told, and the caller gets the error. Like boardgame.io's master, it redacts
before anything leaves it (:mod:`core.seen`, :mod:`core.views`): a listener is handed a
:class:`Told` (the events as its seat saw them, and the seat's view before and after),
never the game state. It prints nothing and knows no terminal; the game at a terminal,
a shared table's room and the tests drive it through the same few calls:

- :meth:`Table.submit`: a person's draw, discard or call for help, checked by the rules
  (only for the seat that person plays, only on their turn);
- :meth:`Table.next_step` and :meth:`Table.play_step`: what is due (an AI's turn, a
  person's turn on autopilot, or a person to wait for) and playing it; :meth:`Table.auto`
  and :meth:`Table.time_up` set the autopilot;
- :meth:`Table.view` and :meth:`Table.seen`: what one place may know, now and so far;
- :meth:`Table.subscribe`: every change, as one place may know it.

Callers may play on another thread: the table is locked while it changes. Its readers
(``view``, ``seen``, ``check``, ``next_step``, ``subscribe``) never wait for that lock: after
every change the table publishes a :class:`Snapshot` (the folded state, which is never
changed in place, and the log), and they read the latest one, so an event loop can ask
while an AI thinks on a worker thread.

>>> from threethirteen.core.rules import new_game
>>> _, events = new_game(5, players=("human", "greedy", "greedy", "greedy"))
>>> table = Table(events, {1: load_policy("greedy"), 2: load_policy("greedy"),
...                        3: load_policy("greedy")})
>>> while isinstance(step := table.next_step(), AiTurn):
...     _ = table.play_step(step)
>>> type(step).__name__, step.seat, table.view(0).round.round_no
('PersonTurn', 0, 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence

from .errors import IllegalMoveError
from .events import Assistance, Event
from .players import Policy, load_policy, policy_turn
from .rules import Assist, Discard, Draw, check, decide
from .seen import Seen, redact_all
from .stale import OwnEvents
from .state import GameState, Phase, fold
from .store import Store, StoreRefused
from .timeline import Checkpoint, Timeline
from .told import (
    AiFailure,
    Change,
    Hint,
    Listener,
    Moved,
    PlayedAgain,
    Snapshot,
    Told,
    TookBack,
)
from .turns import AiTurn, AutoTurn, Scope, Step, Turns
from .views import SeatView, seat_view

HELPER_LEVELS = ("hard", "medium", "easy", "greedy")
"""Who gives hints and plays ``auto`` turns, and who takes over a failing AI: the
strongest level that loads first (the order is reversed for a takeover)."""


class Table:
    """A game in play, who plays each seat, and who is told what.

    ``policies`` maps each AI seat to its policy; every other seat is a person's.
    ``helper`` builds the AI that gives hints and plays ``auto`` turns (by default the
    strongest level that loads); ``on_ai_failure`` hears an AI that failed.
    """

    def __init__(
        self,
        events: Sequence[Event],
        policies: Mapping[int, Policy],
        *,
        store: Store | None = None,
        helper: Callable[[], Policy] | None = None,
        on_ai_failure: Callable[[AiFailure], None] | None = None,
    ) -> None:
        self.timeline = Timeline(events)
        self.policies = dict(policies)
        self.store = store
        self.turns = Turns(frozenset(self.policies))
        self.on_ai_failure = on_ai_failure
        self._make_helper = helper or _strongest_level
        self._helper: Policy | None = None
        self._listeners: dict[int | None, tuple[Listener, ...]] = {}
        self._listening = threading.Lock()  # held only to replace the listeners' dict
        self._lock = threading.RLock()
        self.snapshot = self._published(0)
        self._own = OwnEvents()  # which events a seat's own commands made: core.stale

    # -- reading (for the table's owner: the whole game) -----------------------------

    @property
    def state(self) -> GameState:
        """The whole game as it stands (for the table itself and the tests, not for players)."""
        return self.timeline.state

    @property
    def events(self) -> tuple[Event, ...]:
        """The log as it is stored: the events, then any pending assistance."""
        return self.timeline.recorded()

    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        seats = self.timeline.state.seat_count
        return tuple(seat for seat in range(seats) if seat not in self.policies)

    def is_assisted(self, seat: int) -> bool:
        """Whether ``seat`` took help in this game (recorded, or pending after an undo)."""
        return self.timeline.assisted_for(seat)

    # -- reading (for one place at the table) ----------------------------------------

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` (``None``: someone watching) may know of the game now."""
        return self.view_now(seat)[1]

    def view_now(self, seat: int | None) -> tuple[int, SeatView]:
        """The number of the latest change told, and what ``seat`` may know after it."""
        snapshot = self.snapshot
        return snapshot.number, seat_view(snapshot.state, seat, snapshot.helped)

    def seen(self, seat: int | None) -> tuple[Seen, ...]:
        """The log so far as ``seat`` (``None``: someone watching) may know it."""
        snapshot = self.snapshot
        return redact_all(snapshot.events, seat, secret=_secret(snapshot.state))

    def check(self, seat: int, command: Draw | Discard | Assist) -> None:
        """Raise what :meth:`submit` would raise for ``command`` from ``seat`` now, and
        change nothing."""
        self._check(seat, command, self.snapshot.state)

    def _check(self, seat: int, command: Draw | Discard | Assist, state: GameState) -> None:
        self._check_seat(seat, command, state)
        check(state, command)

    def _check_seat(self, seat: int, command: Draw | Discard | Assist, state: GameState) -> None:
        """What the table adds to the rules: the seat is the person's, not on autopilot."""
        self._check_person(seat, command.seat)
        self._check_pilot(seat, command, state)

    def can(self, seat: int, command: Draw | Discard | Assist) -> bool:
        """Whether :meth:`submit` would take ``command`` from ``seat`` now (the same checks)."""
        try:
            self.check(seat, command)
        except ValueError:
            return False
        return True

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has a move to take back (and plays alone against AIs)."""
        return len(self.people()) == 1 and self.timeline.can_undo_for(seat)

    def can_redo(self, seat: int) -> bool:
        """Whether ``seat`` has an undone move to play again."""
        return len(self.people()) == 1 and seat in self.people() and self.timeline.can_redo

    # -- listening -------------------------------------------------------------------

    def subscribe(self, listener: Listener, seat: int | None) -> Callable[[], None]:
        """Tell ``listener`` every change from now on, as ``seat`` (``None``: someone
        watching) may know it; returns the call that stops it."""
        with self._listening:
            listeners = {**self._listeners}
            listeners[seat] = (*listeners.get(seat, ()), listener)
            self._listeners = listeners

        def unsubscribe() -> None:
            with self._listening:
                listeners = {**self._listeners}
                left = tuple(other for other in listeners.get(seat, ()) if other != listener)
                if left:
                    listeners[seat] = left
                else:
                    listeners.pop(seat, None)
                self._listeners = listeners

        return unsubscribe

    # -- the turns -------------------------------------------------------------------

    def next_step(self) -> Step | None:
        """What is due now: an AI's turn, a person's turn the AI plays for them, or a
        person to wait for; ``None`` when the game is over."""
        return self.turns.step(self.snapshot.state)

    def play_step(self, step: AiTurn | AutoTurn) -> tuple[Event, ...]:
        """Play ``step`` (from :meth:`next_step`) if it is still due; the events, or ``()``
        when the game moved on meanwhile (a person moved first)."""
        with self._lock:
            if self.turns.step(self.state) != step:
                return ()
            if isinstance(step, AiTurn):
                return self.play_turn()
            played: tuple[Event, ...] = ()
            seat = step.seat
            if step.record:
                played = self.submit(seat, Assist(seat=seat, help=Assistance.AUTO))
                self.turns.recorded(seat)
            # spent once the turn is stored, before it is told: then it is no longer auto
            return played + self._play_turn(seat, spent=lambda: self.turns.played(seat))

    def auto(self, seat: int, scope: Scope) -> int:
        """``auto SCOPE``: the AI plays for ``seat`` from the person's next turn (or this
        one); it is recorded as help when it plays. The number of events it was asked at
        (what :meth:`resume_auto` takes after a restart)."""
        snapshot = self.snapshot
        self._check_person(seat, seat)
        if snapshot.state.ended is not None:
            raise IllegalMoveError("game_over")
        self.turns.ask(seat, scope, snapshot.state)
        return len(snapshot.events)

    def resume_auto(self, seat: int, scope: Scope, asked_at: int) -> None:
        """``auto SCOPE`` asked for ``seat`` when the log had ``asked_at`` events, before a
        restart: on again while it holds in the log as it stands (see
        :meth:`~core.turns.Turns.resume`). Nothing for a seat the AI plays."""
        if seat in self.policies or not 0 <= seat < self.state.seat_count:
            return
        events = self.snapshot.events
        asked = fold(events[:asked_at]) if asked_at < len(events) else self.snapshot.state
        self.turns.resume(seat, scope, asked, events[asked_at:])

    def auto_off(self, seat: int) -> bool:
        """``auto off``: ``seat`` plays again; whether the AI was playing for it."""
        return self.turns.stop(seat)

    def autopilot(self, seat: int) -> Scope | None:
        """How long the AI still plays for ``seat`` (``None``: it does not)."""
        return self.turns.scope(seat, self.snapshot.state)

    def time_up(self, seat: int, event_count: int) -> bool:
        """The turn clock ran out on ``seat``, whose turn it was at ``event_count``: if
        nothing happened since, the AI plays that turn (unless a move is made first);
        whether it will."""
        state = self.snapshot.state
        if state.event_count != event_count or state.turn != seat or seat in self.policies:
            return False
        self.turns.time_up(seat, state)
        return True

    # -- changing --------------------------------------------------------------------

    def submit(
        self, seat: int, command: Draw | Discard | Assist, *, told: int | None = None
    ) -> tuple[Event, ...]:
        """A person's command for ``seat``, typed after ``told`` events: decided, stored, told.

        Raises :class:`~core.errors.IllegalMoveError` (changing nothing) for a seat an AI
        plays, a command for another seat, a stale command (:mod:`core.stale`), a move
        while the AI plays for the seat, or a move the rules refuse; :class:`StoreRefused`
        (changing nothing) when the store cannot keep it.
        """
        with self._lock:
            self._check_told(seat, told, self.state)
            self._check_seat(seat, command, self.state)
            events = decide(self.state, command)  # the rules: checked once, by deciding
            if not events:  # help past the log's bound: given, not recorded
                return ()
            since = self._own.since(seat, number=self.snapshot.number, count=self.state.event_count)
            events = self._record(events)
            self._own.made(seat, since, number=self.snapshot.number)
            return events

    def play_turn(self, seat: int | None = None) -> tuple[Event, ...]:
        """One whole turn (take, then discard) by the AI of the seat to act.

        With ``seat``, a person's own turn is played by the helper AI (``auto``; the
        caller records the help first, see :meth:`play_step`). An AI that fails is
        replaced for this turn by another level (the owner hears of it, see
        :class:`AiFailure`); nothing is played when nobody can act. The whole turn is
        stored at once, then told; when it cannot be stored (:class:`StoreRefused`) or no
        AI can play, nothing of it is kept.
        """
        return self._play_turn(seat)

    def _play_turn(
        self, seat: int | None, spent: Callable[[], None] | None = None
    ) -> tuple[Event, ...]:
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
            checkpoint = self.timeline.checkpoint()
            try:
                played = self._decision(to_act, helper=auto)
                self._extend(played)
                state = self.state
                if state.turn == to_act and state.phase == Phase.DISCARD:
                    more = self._decision(to_act, helper=auto)
                    self._extend(more)
                    played += more
            except BaseException:
                self.timeline.restore(checkpoint)
                raise
            self._sync(checkpoint)
            if spent is not None:
                spent()
            self._tell_moved(played, before, auto_seat=to_act if auto else None)
            return played

    def hint(self, seat: int, *, told: int | None = None) -> Hint:
        """Record that ``seat`` asked for a hint, then what the helper AI would do."""
        with self._lock:
            self._check_person(seat, seat)
            self._check_told(seat, told, self.state)
            if self.state.turn != seat:  # the helper plays the seat to act: never another's
                raise IllegalMoveError("hint_not_your_turn", seat=seat)
            self.submit(seat, Assist(seat=seat, help=Assistance.HINT))
            helper = self.helper()
            events = policy_turn(self.state, helper, "hint")
            reason = getattr(helper, "last_reason", "")
            return Hint.of(events, reason if isinstance(reason, str) else "")

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
            before = self.state
            checkpoint = self.timeline.checkpoint()
            removed = self.timeline.undo_for(seat)
            if removed is None:
                raise IllegalMoveError("nothing_to_undo", seat=seat)
            self._sync(checkpoint)
            newly = self.is_assisted(seat) and not was_assisted

            def took_back(audience: int | None, secret: bool) -> Change:
                seen = redact_all(removed, audience, secret=secret)
                return TookBack(seat=seat, removed=seen, newly_assisted=newly)

            self._tell(before, took_back)
            return removed

    def redo(self, seat: int) -> tuple[Event, ...]:
        """Play the latest undone move of ``seat`` again, exactly as it went."""
        with self._lock:
            self._check_person(seat, seat)
            before = self.state
            checkpoint = self.timeline.checkpoint()
            events = self.timeline.redo()
            if events is None:
                raise IllegalMoveError("nothing_to_redo", seat=seat)
            self._sync(checkpoint)

            def played_again(audience: int | None, secret: bool) -> Change:
                return PlayedAgain(seat=seat, events=redact_all(events, audience, secret=secret))

            self._tell(before, played_again)
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
                if self.on_ai_failure is not None:
                    self.on_ai_failure(AiFailure(seat=seat, error=error, level=level))
                return events
            raise

    # -- inside ----------------------------------------------------------------------

    def _check_person(self, seat: int, acting: int) -> None:
        if seat in self.policies or not 0 <= seat < self.timeline.state.seat_count:
            raise IllegalMoveError("not_a_person_seat", number=seat)
        if acting != seat:
            raise IllegalMoveError("not_your_seat", number=seat, other=acting)

    def _check_told(self, seat: int, told: int | None, state: GameState) -> None:
        number, count = self.snapshot.number, state.event_count
        if told is not None and self._own.stale(seat, told, number=number, count=count):
            raise IllegalMoveError("stale_command", seat=seat)

    def _check_pilot(self, seat: int, command: Draw | Discard | Assist, state: GameState) -> None:
        if isinstance(command, Draw | Discard) and self.turns.scope(seat, state) is not None:
            raise IllegalMoveError("on_autopilot", seat=seat)

    def _record(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """Add ``events``, store them, then tell them (or, refused, keep nothing); those kept."""
        before = self.state
        checkpoint = self.timeline.checkpoint()
        events = self._extend(events)
        self._sync(checkpoint)
        self._tell_moved(events, before, auto_seat=None)
        return events

    def _extend(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        self.timeline.begin()
        return self.timeline.extend(events)

    def _published(self, number: int) -> Snapshot:
        timeline = self.timeline
        helped = frozenset(seat for seat, _ in timeline.state.assisted) | {
            pending.seat for pending in timeline.pending
        }
        return Snapshot(
            number=number, state=timeline.state, events=timeline.recorded(), helped=helped
        )

    def _sync(self, checkpoint: Checkpoint) -> None:
        """Store the log; when the store refuses, go back to ``checkpoint`` and raise."""
        if self.store is None:
            return
        try:
            self.store.sync(self.timeline.recorded())
        except StoreRefused:
            self.timeline.restore(checkpoint)
            raise

    def _tell_moved(
        self, events: tuple[Event, ...], before: GameState, *, auto_seat: int | None
    ) -> None:
        def moved(audience: int | None, secret: bool) -> Change:
            seen = redact_all(events, audience, secret=secret)
            return Moved(events=seen, auto=auto_seat is not None and audience == auto_seat)

        self._tell(before, moved)

    def _tell(self, before: GameState, change: Callable[[int | None, bool], Change]) -> None:
        """Tell each listener the change as its seat may know it: redacted once per seat,
        however many listen from that seat."""
        earlier = self.snapshot.helped
        self.snapshot = snapshot = self._published(self.snapshot.number + 1)
        after = snapshot.state
        self.turns.settle(after)
        secret = _secret(after)
        for seat, listeners in self._listeners.items():
            told = Told(
                seat=seat,
                number=snapshot.number,
                change=change(seat, secret),
                before=None if before.started is None else seat_view(before, seat, earlier),
                after=seat_view(after, seat, snapshot.helped),
            )
            for listener in listeners:
                listener(told)

    def catch_up(self, seat: int | None, since: int = 0) -> Told:
        """What ``seat`` missed since the log had ``since`` events, as one change (the deal
        of a game that starts, or a game gone on while its player was away)."""
        snapshot = self.snapshot
        events, state = snapshot.events, snapshot.state
        before = fold(events[:since]) if since else None
        was = None
        if before is not None and before.started is not None:
            was = seat_view(before, seat)
        return Told(
            seat=seat,
            number=snapshot.number,
            change=Moved(events=redact_all(events[since:], seat, secret=_secret(state))),
            before=was,
            after=seat_view(state, seat, snapshot.helped),
        )


def _secret(state: GameState) -> bool:
    """Whether the game's seed is still a secret (a committed game not yet over)."""
    started = state.started
    return started is not None and started.commitment is not None and state.ended is None


def _strongest_level() -> Policy:
    for level in HELPER_LEVELS:
        try:
            return load_policy(level)
        except Exception:
            continue
    raise RuntimeError("no AI level can be loaded")
