"""What is due at a table after each change, and playing it: the AI's turns at a pace
people can follow, a person's turn clock, and the end of the game.

The one turn driver of every table (the engine's :class:`~core.turns.Turns` says what is
due; this plays it). On a server it plays as soon as a turn is due, on the event loop,
after the engine's pause; at a terminal the pump plays what is due between the person's
lines, each turn after a pause that Ctrl-C cuts short (:meth:`~.engine.Engine.pause`):
the same steps, in the same order, told the same way. A person's turn winds the turn
clock (a server's tables may have one): the seat is told its time
(:class:`~repl.protocol.news.Clock`), then to hurry, and when it runs out the AI plays
the turn. Whether the AI plays for a seat is told to it whenever it changes
(:class:`~repl.protocol.news.Piloted`), and to everyone as who sits where
(:class:`~repl.protocol.news.Seating`): the table waits for nobody the AI plays for.
"""

from __future__ import annotations

import asyncio
from functools import partial

from ...core.errors import GameError
from ...core.table import Table
from ...core.turns import HURRY, AiTurn, AutoTurn, Scope
from ..protocol.acts import Binding
from ..protocol.news import Clock, Note, Piloted
from .clock import TurnClock
from .desk import Desk
from .refused import Refused


class Driver:
    """One table's turns (its master's)."""

    def __init__(self, master: Desk) -> None:
        self.master = master
        engine = master.engine
        self.clock = TurnClock(
            master.facts.turn_time, later=engine.later, hurry=self._hurry, time_up=self._time_up
        )
        self.failing = False
        """Whether the last change could not be saved (the AI tries again later)."""
        self._task: asyncio.Future[None] | None = None
        self._told_over = False
        self._piloted: dict[int, Scope | None] = {}
        self._clocked: int | None = None

    @property
    def running(self) -> bool:
        """Whether AI turns are being played (or waited for) now."""
        return self._task is not None

    def begin(self, table: Table) -> None:
        """A game from now on: its end not told yet (unless it is over already)."""
        self._told_over = table.state.ended is not None
        self._piloted.clear()

    def changed(self) -> None:
        """After a change: what it changed for each seat's autopilot, then what is due."""
        table = self.master.table
        if table is not None:
            for seat in {b.seat for b in self.master.bound() if b.seat is not None}:
                self._pilot(seat, table.autopilot(seat))
        self.next()

    def next(self) -> None:
        """What is due now: an AI turn (played at once, or by the pump), a person's turn
        clock, or the end (told once, also when nobody listens: after ``auto game`` its
        player may be gone)."""
        master = self.master
        table = master.table
        if master.finished and not self._told_over:
            self._told_over = True
            master.keeper.over()
        step = None if table is None or master.closed else table.next_step()
        if isinstance(step, AiTurn | AutoTurn):
            if master.engine.drives and self._task is None:
                self._task = master.spawn(self._drive())
            return
        if step is not None and table is not None:
            if self.clock.wind(step.seat, table.snapshot.state.event_count):
                self._clock_to(step.seat)
        elif self._clocked is not None and self.clock.key is None:
            self._clock_to(None)

    def tell_state(self, binding: Binding) -> None:
        """A place was bound: whether the AI plays for its seat, and its clock, if so."""
        table, seat = self.master.table, binding.seat
        if table is None or seat is None:
            return
        scope = table.autopilot(seat)
        self._piloted[seat] = scope
        if scope is not None:
            self.master.to(binding, Piloted(scope))
        left = self.clock.time_left(seat)
        if left is not None:
            self.master.to(binding, Clock(left))

    async def _drive(self) -> None:
        try:
            await self.due()
        finally:
            self._task = None
        self.next()  # (a person's turn came: its clock)

    def due_now(self) -> AiTurn | AutoTurn | None:
        """The AI's turn due now (``None``: a person is to act, the game is over, or the
        table closed)."""
        master = self.master
        table = master.table
        if master.closed or table is None:
            return None
        step = table.next_step()
        return step if isinstance(step, AiTurn | AutoTurn) else None

    def piloting(self, step: AiTurn | AutoTurn) -> Scope | None:
        """For how long the AI plays the turn ``step`` for its person (``None``: an AI's)."""
        table = self.master.table
        if table is None or not isinstance(step, AutoTurn):
            return None
        return table.autopilot(step.seat)

    async def play(self, step: AiTurn | AutoTurn) -> None:
        """Play ``step``, if it is still what is due (one change, where the AI thinks)."""
        master = self.master
        table = master.table
        if table is None or master.closed or table.next_step() != step:
            return
        try:
            await master.change(None, partial(table.play_step, step), "an AI turn", think=True)
            self.failing = False
        except Refused as why:
            self.failing = why.key == "server.cannot_save"
        except GameError as error:
            master.keeper.report(f"table {master.facts.code}: AI turn failed: {error!r}")

    async def due(self) -> None:
        """Play every turn that is due, each after the engine's pause, until a person is to
        act (or the game is over, or the table closed): a server's, on its event loop. (At
        a terminal the pump plays them one at a time, pausing between them itself, where
        it may wait for a key: :meth:`due_now`, :meth:`play`.)"""
        while (step := self.due_now()) is not None:
            if not await self.master.engine.pause(self.piloting(step), retry=self.failing):
                self.interrupted()
                continue
            await self.play(step)

    def interrupted(self) -> None:
        """The person took their turns back (Ctrl-C): the AI plays for no seat bound here."""
        table = self.master.table
        if table is None:
            return
        for seat in {b.seat for b in self.master.bound() if b.seat is not None}:
            if table.auto_off(seat):
                self._pilot(seat, None, stopped=True)
        self.master.seated()

    def stop(self) -> None:
        """No more turns (the table is closing)."""
        self.clock.stop()
        if self._task is not None:
            self._task.cancel()

    def auto(self, seat: int, scope: Scope | None) -> int:
        """The AI plays for ``seat`` from its next turn (or this one), for ``scope``
        (``None``: no more); the log's count of events then."""
        table = self.master.table
        assert table is not None
        since = 0 if scope is None else table.auto(seat, scope)
        if scope is None:
            table.auto_off(seat)
        self._pilot(seat, table.autopilot(seat))
        self.master.seated()  # (the others: whether the table waits for that seat)
        self.next()
        return since

    def _pilot(self, seat: int, scope: Scope | None, *, stopped: bool = False) -> None:
        if self._piloted.get(seat) != scope or stopped:
            self._piloted[seat] = scope
            self.master.tell_seat(seat, Piloted(scope, stopped=stopped))

    def _clock_to(self, seat: int | None) -> None:
        """The clock runs for ``seat`` now (``None``: for nobody): each seat told."""
        if self._clocked is not None and self._clocked != seat:
            self.master.tell_seat(self._clocked, Clock(None))
        self._clocked = seat
        if seat is not None and self.clock.limit:
            self.master.tell_seat(seat, Clock(float(self.clock.limit)))

    def _hurry(self, seat: int) -> None:
        if not self.master.closed:
            self.master.tell(Note("server.hurry", (("seconds", HURRY),)), seat=seat)

    def _time_up(self, seat: int, count: int) -> None:
        master = self.master
        if master.table is None or master.closed or not master.table.time_up(seat, count):
            return
        name = master.keeper.seats().people[seat] or ""
        master.tell(Note("server.time_up", (("name", name), ("seat", seat))))
        self._clocked = None
        master.seated()  # (the AI plays that turn: nobody waits for it)
        self.changed()
