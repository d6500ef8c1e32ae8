"""One shared table: who sits where, which session speaks for which seat, and the turns.

A :class:`Room` holds a :class:`~core.table.Table` once its host starts the game, and
owns the *bindings*: which session (one connection's front) speaks for which seat at
this moment, or watches. Every command a session sends names its :class:`Binding`, and
the room checks it before anything else (boardgame.io's master checks the credentials
of every update the same way): a binding ended (its seat given up, its session gone) is
refused, so no front can act for a seat, or hear it, on the strength of what it once was.

Everything that changes the table (a person's move, an AI turn, a turn the clock ran out
on) runs on a worker thread, one at a time for the room, so a thinking AI never holds up
the server's event loop; the AI thinks (its turns, hints) on workers of its own
(``think``), so a person's move, which only decides and writes, never waits behind
another table's AI. The table stores each move in the room's log
file (appended and synced), then tells each seat what that seat may know (redacted by
the engine); the room passes it, on the event loop and in order, to the sessions bound
to that seat. When the disk cannot take a move the log file refuses it: the table keeps
nothing of it, tells nobody, and its player hears that the server cannot save right now
(an AI turn is tried again a few seconds later). The table's turn driver says what is
due after every change: the room waits the pace before an AI turn, or winds the turn
clock for a person, with the event loop's timers. Every task the room starts has its
outcome read, and an error nobody expected is logged in one line.

What is said at the table, and who may say it, is the room's :class:`~.talk.Talk`.

The room alone changes its (frozen) plan, and puts each change on disk through the hall's
writer (``keep``), one write after another (:mod:`.kept_plan`). Nobody hears of a seat,
nor goes to the table, before the plan with that seat is on disk; a seat the disk refuses
is free again.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, TypeVar

from attrs import evolve

from ...core.errors import GameError
from ...core.events import Event
from ...core.rules import Discard, Draw
from ...core.seen import Seen
from ...core.store import StoreRefused
from ...core.table import Table
from ...core.told import AiFailure, Hint, Told
from ...core.turns import HURRY, AiTurn, AutoTurn, Scope, Step
from ..files.log_file import LogFile
from .binding import Binding, Note, Refused, Session, Unbound
from .clock import TurnClock
from .coaching import Advice, Coaching, Lane
from .kept_plan import Keep, KeptPlan, nowhere
from .names import Identity
from .plan import Deal, Plan, secret_deal
from .port import RoomPort, port_for
from .talk import Talk

_T = TypeVar("_T")

RETRY = 5.0
"""Seconds before an AI turn is tried again while the disk refuses the table's log."""

__all__ = ["Binding", "Keep", "Note", "Plan", "Refused", "Room", "Session", "Unbound"]


class Room:
    """A table of the server, before and during its game."""

    def __init__(
        self,
        plan: Plan,
        folder: Path,
        *,
        pool: Executor,
        think: Executor | None = None,
        keep: Keep = nowhere,
        saved: bool = False,
        pace: float = 1.0,
        deal: Deal = secret_deal,
        report: Callable[[str], None] = lambda line: None,
        events: Sequence[Event] = (),
        clock: Callable[[], float] = time.time,
        on_over: Callable[[Room], None] = lambda room: None,
        advice: Advice | None = None,
    ) -> None:
        self._kept = KeptPlan(plan, keep, saved=saved)
        """The plan, and its copy on disk (``saved``: the plan given was read from there)."""
        self.folder = folder
        self.pool = pool
        self.think = pool if think is None else think
        """Where the AI thinks (its turns, hints); moves and writes go to ``pool``."""
        self.pace = pace
        self.deal = deal
        self.report = report
        self.clock = clock
        self.on_over = on_over
        """Hears that the game came to its end (once, on the event loop)."""
        self.away_since: dict[str, int] = {}
        """For a player who left a running game: how many events there were then."""
        self.table: Table | None = None
        self.touched = clock()
        """When someone was last at the table or the last move was made (see :meth:`idle`)."""
        self.closed = False
        self.store = LogFile(self.log_path, refuse=True)
        self.store.told = self._store_told
        self._bindings: dict[int, tuple[Binding, Session]] = {}
        self._numbers = itertools.count(1)
        self._delivered: dict[int, int] = {}
        """For each binding, the number of the table's latest change it was given."""
        self._listening: dict[int | None, Callable[[], None]] = {}
        self._gate = asyncio.Lock()
        self._pending: asyncio.TimerHandle | None = None
        self.turn_clock = TurnClock(plan.turn_time, hurry=self._hurry, time_up=self._time_up)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._starting = False
        self._told_finished = False
        self.coaching = Coaching()
        self.lane = Lane(self, advice or Advice())
        """Its hints and judgements (``advice``: what the server lets them hold)."""
        self.talk = Talk(self)
        """What may be said here, and by whom (:mod:`.talk`)."""
        if events:
            self._seat_game(events)
            self.store.adopt(events)

    # -- what the lobby reads --------------------------------------------------------

    @property
    def plan(self) -> Plan:
        """How the host set the table up and who sits where, as it is now (the room's
        own to change: see :meth:`sit`, :meth:`stand`, :meth:`ended`)."""
        return self._kept.plan

    @property
    def code(self) -> str:
        return self.plan.code

    @property
    def log_path(self) -> Path:
        return self.folder / f"{self.plan.code}.jsonl"

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def finished(self) -> bool:
        return self.table is not None and self.table.snapshot.state.ended is not None

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log (for the log file and ``log CODE`` once the game is over)."""
        return () if self.table is None else self.table.snapshot.events

    def round_no(self) -> int:
        """The round in play (0 before the deal and between rounds)."""
        state = None if self.table is None else self.table.snapshot.state
        return state.round.round_no if state is not None and state.round is not None else 0

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` sits at, if any."""
        return self.plan.people.index(name) if name in self.plan.people else None

    def kept_seat(self, name: str) -> int | None:
        """The seat ``name`` sits at, if it is on disk (the game begun, or the plan written)."""
        kept = self.started or self._kept.on_disk
        return self.seat_of(name) if kept else None

    def present(self, name: str) -> bool:
        """Whether ``name`` has a session at this table now."""
        return any(binding.name == name for binding, _ in self._bindings.values())

    def people(self) -> list[str]:
        return [name for name in self.plan.people if name]

    def bound(self) -> list[tuple[Binding, Session]]:
        """Every binding in force and its session, in the order they came."""
        return list(self._bindings.values())

    def assisted(self, seat: int) -> bool:
        """Whether ``seat`` took help in this game (a hint, the AI for a turn)."""
        return self.table is not None and seat in self.table.snapshot.helped

    def idle(self) -> float:
        """Seconds since someone was last at the table or the last move was made (0 while
        anyone is at it, watchers too)."""
        return 0.0 if self._bindings else max(self.clock() - self.touched, 0.0)

    async def close(self) -> None:
        """Close the table (nobody was at it for a long time, or the server stops): its
        timers stop, and it changes no more once the change in hand, if any, is done (its
        plan too: an ``auto`` asked a moment ago is on disk for the restart)."""
        self.closed = True
        if self._pending is not None:
            self._pending.cancel()
        self._pending = None
        self.turn_clock.stop()
        async with self._gate:
            pass
        await self._kept.save_quietly()

    # -- sitting down and standing up ------------------------------------------------

    async def sit(self, who: Identity) -> int:
        """Seat ``who``: their own seat in a game they play, else the next free one
        before the start (with their proof); the seat, once the plan with it is on disk
        (only then is the table told). The seat is taken at once, so that someone sitting
        down meanwhile gets the next one. :class:`Refused` when the game has started, the
        table is full or closed, or the disk refused the plan (``server.plan_unsaved``: the
        seat is free again)."""
        seat = self.seat_of(who.name)
        if seat is not None:
            if not self.started:
                await self.save()  # taken a moment ago, by another of their terminals
                if self.seat_of(who.name) != seat:  # and that sit was undone meanwhile
                    raise Refused("server.plan_unsaved")
            return seat
        if self.started or self._starting:
            raise Refused("server.already_started")
        if self.closed:
            raise Refused("server.table_closed", code=self.code)
        if None not in self._kept.plan.people:
            raise Refused("server.table_full")
        seat = self._kept.plan.people.index(None)
        self._kept.plan = self._kept.plan.seating(seat, who)
        try:
            await self.save()
        except Refused:
            kept = self._kept
            if kept.plan.people[seat] == who.name and not self.started:
                kept.plan = kept.plan.seating(seat, None)  # before the next write reads it
            raise
        if self.closed:  # closed, or forgotten by the hall, while the plan was written
            raise Refused("server.table_closed", code=self.code)
        self.tell(Note("server.sat_down", (("name", who.name), ("seat", seat))))
        return seat

    def stand(self, name: str) -> None:
        """``name`` leaves a table whose game has not started: their seat is free again
        (the next player becomes host if the host left), and every session bound to it,
        in any terminal, is bound no more. The plan goes to disk after (a disk that
        refuses it is reported by the hall's writer)."""
        seat = self.seat_of(name)
        if seat is None or self.started:
            return
        plan = self._kept.plan.seating(seat, None)
        people = [person for person in plan.people if person]
        if plan.host == name and people:
            plan = evolve(plan, host=people[0])
        self._kept.plan = plan
        for binding, session in list(self._bindings.values()):
            if binding.seat == seat:
                self._end(binding)
                session.unseated()
        self.tell(Note("server.stood_up", (("name", name),)))
        self._spawn(self._kept.save_quietly())

    async def save(self) -> None:
        """Put the plan as it is now on disk (see :class:`~.kept_plan.KeptPlan`)."""
        await self._kept.save()

    def ended(self, when: float, *, abandoned: bool = False) -> Plan:
        """Write down in the plan how the table ended: ``when``, the totals of a game
        played to its end, or that it was closed (``abandoned``). The hall moves the plan
        to the past (the room writes a plan of a table that is over no more)."""
        ended = None if self.table is None else self.table.snapshot.state.ended
        totals = None if ended is None else tuple(ended.totals)
        plan = self._kept.plan
        abandoned = abandoned or plan.abandoned
        self._kept.plan = evolve(plan, finished=when, totals=totals, abandoned=abandoned)
        return self._kept.plan

    def bind(self, session: Session, name: str, seat: int | None) -> RoomPort:
        """Bind ``session`` of the player ``name`` to ``seat`` (``None``: to watch); the
        binding's port, with the seat's view now (``None`` before the game has begun).
        Raises :class:`Unbound` when ``name`` does not sit at ``seat``."""
        if seat is not None and self.plan.people[seat] != name:
            raise Unbound("server.unseated")
        if self.closed:
            raise Refused("server.table_closed", code=self.code)
        if seat is None and self.talk.watchers == "off":
            raise Refused("server.no_watchers", code=self.code)
        binding = Binding(next(self._numbers), name, seat)
        away = self.away_since.pop(name, None) if seat is not None else None
        if away is not None and self.started and not self.finished:
            self.tell(Note("server.came_back", (("name", name),)))  # to the others
        self._bindings[binding.number] = (binding, session)
        self.touched = self.clock()
        view = None
        if self.table is not None:
            self._listen(seat)
            number, view = self.table.view_now(seat)
            self._delivered[binding.number] = number
        self._next()
        return port_for(self, binding, session, view, away)

    def unbind(self, binding: Binding) -> None:
        """The session of ``binding`` left the table (or lost the connection)."""
        if not self._end(binding):
            return
        self.touched = self.clock()
        if binding.seat is None:
            return
        name = binding.name
        if self.seat_of(name) is not None and not self.present(name):
            self.away_since[name] = len(self.events)
            if self.started and not self.finished:
                self.tell(Note("server.went_away", (("name", name),)))

    def is_bound(self, binding: Binding) -> bool:
        """Whether ``binding`` is in force: the very binding this room gave (not one alike
        in its number, name and seat), not ended, and its player still sits there."""
        held = self._bindings.get(binding.number)
        if held is None or held[0] is not binding:
            return False
        return binding.seat is None or self.plan.people[binding.seat] == binding.name

    def send_away(self, binding: Binding, session: Session) -> None:
        """End ``binding`` and tell its session (the host closed the table to watchers)."""
        if self._end(binding):
            session.unseated()

    def _end(self, binding: Binding) -> bool:
        held = self._bindings.get(binding.number)
        if held is None or held[0] is not binding:
            return False  # ended already, or a binding alike that this room never gave
        del self._bindings[binding.number]
        self._delivered.pop(binding.number, None)
        if binding.seat not in {b.seat for b, _ in self._bindings.values()}:
            stop = self._listening.pop(binding.seat, None)
            if stop is not None:
                stop()
        return True

    def _seat_of(self, binding: Binding) -> int:
        """The seat ``binding`` may act for now; :class:`Unbound` when it may not."""
        if not self.is_bound(binding) or binding.seat is None:
            raise Unbound("server.unseated")
        return binding.seat

    # -- what a session asks ---------------------------------------------------------

    def seen(self, binding: Binding) -> tuple[Seen, ...]:
        """The log so far as the seat of ``binding`` may know it."""
        if self.table is None or not self.is_bound(binding):
            return ()
        return self.table.seen(binding.seat)

    def missed(self, binding: Binding, since: int) -> Told | None:
        """What the seat of ``binding`` missed since the log had ``since`` events."""
        if self.table is None or not self.is_bound(binding):
            return None
        return self.table.catch_up(binding.seat, since)

    def autopilot(self, binding: Binding) -> Scope | None:
        if self.table is None or binding.seat is None or not self.is_bound(binding):
            return None
        return self.table.autopilot(binding.seat)

    # -- the game --------------------------------------------------------------------

    async def start(self, binding: Binding) -> None:
        """Deal: the AI takes every empty seat, the seed stays secret behind its commitment.
        Only the host starts, and only once the seats the AI may not take are taken; a
        second call while the first deals does nothing."""
        self._seat_of(binding)
        if binding.name != self.plan.host:
            raise Unbound("server.host_only", host=self.plan.host)
        if self.plan.missing():
            raise Refused("server.seats_for_people", n=self.plan.missing(), ai=self.plan.ai)
        if self._starting or self.started or self.closed:
            return
        self._starting = True
        try:
            try:
                await self.save()  # the seats dealt are the seats on disk
            except Refused:
                raise Refused("server.cannot_save") from None
            if self.plan.missing():  # a sit the disk refused was undone meanwhile
                raise Refused("server.seats_for_people", n=self.plan.missing(), ai=self.plan.ai)
            events = self.plan.first_events(*self.deal())
            await self._act(None, lambda: self.store.sync(events), "dealing")
        finally:
            self._starting = False
        table = self._seat_game(events)
        for seat in {b.seat for b, _ in self._bindings.values()}:
            self._listen(seat)
            told = table.catch_up(seat)
            for bound, session in list(self._bindings.values()):
                if bound.seat == seat:
                    self._delivered[bound.number] = told.number
                    session.hear(told)
        self.tell(Note("server.started"))
        self._next()

    def _seat_game(self, events: Sequence[Event]) -> Table:
        self.table = self.plan.table(events, store=self.store, on_ai_failure=self._ai_failed)
        self._told_finished = self.table.state.ended is not None
        return self.table

    def submit(
        self, binding: Binding, command: Draw | Discard, told: int | None = None
    ) -> asyncio.Future[object]:
        """Play the move of the seat of ``binding`` (checked by the table again, then; typed
        when the seat had been told ``told`` events, so a move the table has moved on from
        is refused); the future says how it went."""
        seat = self._seat_of(binding)
        table = self._require_table()

        def move() -> object:
            if seat in self.coaching:
                return self.coaching.play(table, seat, command, told)
            return table.submit(seat, command, told=told)

        outcome = self._spawn(self._act(binding, move, "a move"))
        if seat in self.coaching:
            outcome.add_done_callback(lambda done: self.lane.judge(binding.name, seat, done))
        return outcome

    def coach(self, binding: Binding, on: bool) -> None:
        """The coach on (or off) for the seat of ``binding`` (see :mod:`.coaching`)."""
        self.coaching.turn(self._seat_of(binding), on)

    def hint(self, binding: Binding, told: int | None = None) -> asyncio.Future[Hint]:
        """The helper AI's move for the seat of ``binding`` (recorded as help), worked out
        once for a position in the table's turn (:class:`~.coaching.Lane`)."""
        seat, table = self._seat_of(binding), self._require_table()
        return self.lane.hint(
            binding, (seat, told, table), lambda work: self._act(binding, work, "a hint", True)
        )

    def auto(self, binding: Binding, scope: Scope | None) -> None:
        """The AI plays for the seat of ``binding`` from its next turn (or this one), for a
        ``turn``, a ``round`` or the ``game``; ``None`` stops it."""
        seat = self._seat_of(binding)
        table = self._require_table()
        since = 0 if scope is None else table.auto(seat, scope)  # (the log's count then)
        if scope is None:
            table.auto_off(seat)
        self._kept.plan = self.plan.piloted(seat, scope, since)  # so a restart plays on for it
        self._spawn(self._kept.save_quietly())
        self._next()

    def tell(self, note: Note, *, seat: int | None = None) -> None:
        """Pass ``note`` to every session at the table (with ``seat``: to those bound to it)."""
        for binding, session in list(self._bindings.values()):
            if seat is None or binding.seat == seat:
                session.note(note)

    def time_left(self, seat: int) -> float | None:
        """Seconds left on the turn clock of ``seat``, when it runs for that seat."""
        return self.turn_clock.time_left(seat)

    # -- inside ----------------------------------------------------------------------

    def _require_table(self) -> Table:
        if self.table is None:
            raise RuntimeError("the game at this table has not started")
        return self.table

    def _listen(self, seat: int | None) -> None:
        """Hear the table's changes as ``seat`` may know them (once for however many
        sessions share the seat)."""
        if self.table is not None and seat not in self._listening:
            self._loop = asyncio.get_running_loop()
            self._listening[seat] = self.table.subscribe(self._from_worker, seat)

    async def _act(
        self, binding: Binding | None, work: Callable[[], _T], what: str, think: bool = False
    ) -> _T:
        """Run ``work`` on a worker (``think``: the AI's), one change at a time. A refused store is
        :class:`Refused` (``server.cannot_save``); an error that is neither the rules'
        nor the room's is logged and is ``server.error`` to the player."""
        async with self._gate:
            if self.closed:
                raise Refused("server.table_closed", code=self.code)
            if binding is not None:
                self._seat_of(binding)  # checked again at its turn: it may have ended since
            try:
                return await self._on_worker(work, self.think if think else self.pool)
            except StoreRefused:
                raise Refused("server.cannot_save") from None
            except (GameError, Refused):
                raise
            except Exception as error:
                self.report(f"table {self.code}: {what} failed: {error!r}")
                raise Refused("server.error") from error

    def _spawn(self, work: Coroutine[Any, Any, _T]) -> asyncio.Future[_T]:
        """``work`` as a task whose outcome is always read (the caller reads it too)."""
        task = asyncio.ensure_future(work)
        task.add_done_callback(_read)
        return task

    async def _on_worker(self, work: Callable[[], _T], pool: Executor) -> _T:
        loop = asyncio.get_running_loop()
        self._loop = loop
        return await loop.run_in_executor(pool, work)

    def _from_worker(self, told: Told) -> None:
        """The table's listener: it is called on a worker thread."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._deliver, told)

    def _deliver(self, told: Told) -> None:
        """Pass a change to every session bound to its seat (once, in order)."""
        for binding, session in list(self._bindings.values()):
            if binding.seat != told.seat or not self.is_bound(binding):
                continue
            if self._delivered.get(binding.number, 0) >= told.number:
                continue  # given with its view at binding, or at the start
            self._delivered[binding.number] = told.number
            session.hear(told)
        self.touched = self.clock()
        self._next()

    def go_on(self) -> None:
        """Play on (a table found again at a restart, whoever is at it)."""
        self._next()

    def _next(self) -> None:
        """What is due now: an AI turn (after the pace), a person's turn clock, or the end
        (told once, also when nobody listens: after ``auto game`` its player may be gone)."""
        table = self.table
        if self.finished and not self._told_finished:
            self._told_finished = True
            self.report(f"table {self.code} finished ({len(self.events)} events)")
            self.on_over(self)
        step = None if table is None or self.closed else table.next_step()
        if step is None:
            return
        if isinstance(step, AiTurn | AutoTurn):
            if self._pending is None:
                loop = asyncio.get_running_loop()
                pause = self.pace if self.store.failure is None else max(self.pace, RETRY)
                self._pending = loop.call_later(pause, self._play, step)
            return
        if table is not None:
            self.turn_clock.wind(step.seat, table.snapshot.state.event_count)

    def _play(self, step: Step) -> None:
        self._pending = None
        table = self._require_table()
        if table.next_step() != step or not isinstance(step, AiTurn | AutoTurn):
            self._next()
            return
        task = self._spawn(self._act(None, lambda: table.play_step(step), "an AI turn", True))
        task.add_done_callback(self._after_play)

    def _after_play(self, task: asyncio.Future[tuple[Event, ...]]) -> None:
        error = None if task.cancelled() else task.exception()
        if isinstance(error, GameError):  # the others are logged where they arose
            self.report(f"table {self.code}: AI turn failed: {error!r}")
        self._next()

    def _hurry(self, seat: int) -> None:
        if not self.closed:
            self.tell(Note("server.hurry", (("seconds", HURRY),)), seat=seat)

    def _time_up(self, seat: int, count: int) -> None:
        if self.table is None or self.closed or not self.table.time_up(seat, count):
            return
        name = self.plan.people[seat] or ""
        self.tell(Note("server.time_up", (("name", name), ("seat", seat))))
        self._next()

    def _ai_failed(self, failure: AiFailure) -> None:
        """An AI failed on a worker thread: logged; the table hears which level took over
        (never the error, which may name the AI's cards)."""
        self.report(f"table {self.code}: the AI of seat {failure.seat} failed: {failure.error!r}")
        note = Note(
            "msg.ai_failed", (("seat", failure.seat), ("error", ""), ("level", failure.level))
        )
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self.tell, note)

    def _store_told(self, failure: OSError | None) -> None:
        said = "saves again" if failure is None else f"cannot be saved: {failure}"
        self.report(f"table {self.code}: {said}")
        key = "server.store_back" if failure is None else "server.store_failed"
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self.tell, Note(key))


def _read(task: asyncio.Future[Any]) -> None:
    """Read a finished task's outcome, so that no error is left unread."""
    if not task.cancelled():
        task.exception()
