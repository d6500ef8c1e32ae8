"""One shared table of a server: its plan on disk, its log file, and its master.

A :class:`Room` keeps what a server keeps around a table: how its host set it up and who
sits where (its :class:`~.plan.Plan`, put on disk by the hall's writer, one write after
another: :mod:`.kept_plan`), and the game's log file (appended and synced before anyone is
told of a move). Everything else is its :class:`~repl.master.master.Master`'s, the same
master as at a terminal: the places bound to the table (each a
:class:`~repl.protocol.link.Link`, handed out by :meth:`Room.link`), the acts they send,
checked and played one change at a time on a worker thread (the AI on threads of its
own), the news each place is told, the turns (the pace before an AI turn, a person's turn
clock), the talk and the coach. The room is the master's :class:`~repl.master.master.Keeper`:
it deals (the seats on disk first), seats a game from its log, remembers an ``auto`` for a
restart, and hears the game's end.

Nobody hears of a seat, nor goes to the table, before the plan with that seat is on disk;
a seat the disk refuses is free again. When the disk cannot take a move the log file
refuses it: the table keeps nothing of it, tells nobody, and its player hears that the
server cannot save right now (an AI turn is tried again a few seconds later).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path

from attrs import evolve

from ...core.events import CardDiscarded, CardDrawn, Event
from ...core.players import LEVELS, load_policy
from ...core.state import GameState, fold
from ...core.store import Store
from ...core.table import Table
from ...core.told import AiFailure
from ...core.turns import Scope
from ..files.log_file import LogFile
from ..master.coach import Advice
from ..master.desk import Caps, Seats
from ..master.engine import LoopEngine
from ..master.master import Master
from ..master.refused import Refused
from ..protocol.link import Facts, Link
from ..protocol.news import Note
from .directory import Listed
from .kept_plan import Keep, KeptPlan, nowhere
from .names import Identity
from .plan import Deal, Plan, secret_deal

__all__ = ["Keep", "Plan", "Refused", "Room"]


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
        on_change: Callable[[Room], None] = lambda room: None,
        advice: Advice | None = None,
    ) -> None:
        self.on_change = on_change
        """Hears that what the lobby lists of this table may have changed: its plan, its
        game (a move, the deal), closed (the hall publishes its directory again)."""
        self._kept = KeptPlan(plan, keep, saved=saved, changed=lambda: self.on_change(self))
        """The plan, and its copy on disk (``saved``: the plan given was read from there)."""
        self.folder = folder
        self.chance = deal
        """Where a new game's seed and salt come from."""
        self.report = report
        self.clock = clock
        self.on_over = on_over
        """Hears that the game came to its end (once, on the event loop)."""
        self.touched = clock()
        """When someone was last at the table or the last move was made (see :meth:`idle`)."""
        self.store = LogFile(self.log_path, refuse=True)
        self.store.told = self._store_told
        facts = Facts(code=plan.code, turn_time=plan.turn_time, shared=True)
        engine = LoopEngine(pool, think, pace=pace)
        self.master = Master(self, engine, facts=facts, advice=advice)
        if events:
            self.master.begin(self.seat_game(events, fresh=False))
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
    def table(self) -> Table | None:
        """The game, once dealt (the master's)."""
        return self.master.table

    @property
    def closed(self) -> bool:
        """Whether the table is closed: nobody sits down there, nothing is played."""
        return self.master.closed

    @closed.setter
    def closed(self, closed: bool) -> None:
        self.master.closed = closed
        self.on_change(self)

    @property
    def watchers(self) -> str:
        """What the host allows those watching: ``off``, ``on`` or ``talk``."""
        return self.master.talk.watchers

    @property
    def started(self) -> bool:
        return self.master.started

    @property
    def finished(self) -> bool:
        return self.master.finished

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log (for the log file and ``log CODE`` once the game is over)."""
        return self.master.events

    def round_no(self) -> int:
        """The round in play (0 before the deal and between rounds)."""
        table = self.master.table
        state = None if table is None else table.snapshot.state
        return state.round.round_no if state is not None and state.round is not None else 0

    def listed(self) -> Listed:
        """This table as the lobby lists it now (a record that never changes)."""
        return Listed(
            self.code,
            self.plan,
            started=self.started,
            round_no=self.round_no(),
        )

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` sits at, if any."""
        return self.plan.people.index(name) if name in self.plan.people else None

    def kept_seat(self, name: str) -> int | None:
        """The seat ``name`` sits at, if it is on disk (the game begun, or the plan written)."""
        kept = self.started or self._kept.on_disk
        return self.seat_of(name) if kept else None

    def present(self, name: str) -> bool:
        """Whether ``name`` has a place at this table now."""
        return self.master.present(name)

    def people(self) -> list[str]:
        return [name for name in self.plan.people if name]

    def idle(self) -> float:
        """Seconds since someone was last at the table or the last move was made (0 while
        anyone is at it, watchers too)."""
        if self.master.bound():
            self.touched = self.clock()
        return max(self.clock() - self.touched, 0.0)

    async def close(self) -> None:
        """Close the table (nobody was at it for a long time, or the server stops): its
        timers stop, and it changes no more once the change in hand, if any, is done (its
        plan too: an ``auto`` asked a moment ago is on disk for the restart)."""
        await self.master.close()
        await self._kept.save_quietly()

    def go_on(self) -> None:
        """Play on (a table found again at a restart, whoever is at it)."""
        self.master.go_on()

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
        if self.started or self.master.starting:
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
        self.master.tell(Note("server.sat_down", (("name", who.name), ("seat", seat))))
        self.master.seated()
        return seat

    def stand(self, name: str) -> None:
        """``name`` leaves a table whose game has not started: their seat is free again
        (the next player becomes host if the host left), and every place bound to it, in
        any terminal, is bound no more. The plan goes to disk after (a disk that refuses
        it is reported by the hall's writer)."""
        seat = self.seat_of(name)
        if seat is None or self.started:
            return
        self.master.give_up(seat)
        plan = self._kept.plan.seating(seat, None)
        people = [person for person in plan.people if person]
        if plan.host == name and people:
            plan = evolve(plan, host=people[0])
        self._kept.plan = plan
        self.master.tell(Note("server.stood_up", (("name", name),)))
        self.master.seated()
        self.master.spawn(self._kept.save_quietly())

    async def save(self) -> None:
        """Put the plan as it is now on disk (see :class:`~.kept_plan.KeptPlan`)."""
        await self._kept.save()

    def ended(self, when: float, *, abandoned: bool = False) -> Plan:
        """Write down in the plan how the table ended: ``when``, the totals of a game
        played to its end, or that it was closed (``abandoned``). The hall moves the plan
        to the past (the room writes a plan of a table that is over no more)."""
        table = self.master.table
        ended = None if table is None else table.snapshot.state.ended
        totals = None if ended is None else tuple(ended.totals)
        plan = self._kept.plan
        abandoned = abandoned or plan.abandoned
        self._kept.plan = evolve(plan, finished=when, totals=totals, abandoned=abandoned)
        return self._kept.plan

    def link(self, name: str, seat: int | None, *, caps: Caps | None = None) -> Link:
        """A place for the player ``name`` at ``seat`` (``None``: to watch): its link to the
        table's master (see :meth:`~repl.master.master.Master.link`); ``caps`` bound what
        the place may say."""
        link = self.master.link(name, seat, caps=caps)
        self.touched = self.clock()
        return link

    # -- the master's keeper ---------------------------------------------------------

    def seats(self) -> Seats:
        plan = self.plan
        return Seats(
            people=plan.people,
            players=plan.players(),
            host=plan.host,
            missing=plan.missing(),
            ai=plan.ai,
        )

    def failed(self, what: str, error: Exception) -> None:
        self.report(f"table {self.code}: {what} failed: {error!r}")

    async def deal(self) -> Sequence[Event]:
        """The seed stays secret behind its commitment; the seats dealt are the seats on
        disk."""
        try:
            await self.save()
        except Refused:
            raise Refused("server.cannot_save") from None
        plan = self.plan
        if plan.missing():  # a sit the disk refused was undone meanwhile
            raise Refused("server.seats_for_people", n=plan.missing(), ai=plan.ai)
        return plan.first_events(*self.chance())

    def seat_game(self, events: Sequence[Event], *, fresh: bool) -> Table:
        if fresh:
            self.store.sync(events)
        return table_of(self.plan, events, store=self.store, on_ai_failure=self._ai_failed)

    def piloted(self, seat: int, scope: Scope | None, since: int) -> None:
        self._kept.plan = self.plan.piloted(seat, scope, since)  # so a restart plays on for it
        self.master.spawn(self._kept.save_quietly())

    def over(self) -> None:
        self.report(f"table {self.code} finished ({len(self.events)} events)")
        self.on_over(self)

    def played(self, seat: int, before: GameState, move: CardDrawn | CardDiscarded) -> None:
        """(A shared table says nothing of a move but the move.)"""

    def changed(self) -> None:
        self.touched = self.clock()
        self.on_change(self)

    # -- inside ----------------------------------------------------------------------

    def _ai_failed(self, failure: AiFailure) -> None:
        """An AI failed on a worker thread: logged; the table hears which level took over
        (never the error, which may name the AI's cards)."""
        self.report(f"table {self.code}: the AI of seat {failure.seat} failed: {failure.error!r}")
        note = Note(
            "msg.ai_failed", (("seat", failure.seat), ("error", ""), ("level", failure.level))
        )
        self.master.engine.soon(lambda: self.master.tell(note))

    def _store_told(self, failure: OSError | None) -> None:
        said = "saves again" if failure is None else f"cannot be saved: {failure}"
        self.report(f"table {self.code}: {said}")
        key = "server.store_back" if failure is None else "server.store_failed"
        self.master.engine.soon(lambda: self.master.tell(Note(key)))


def table_of(
    plan: Plan,
    events: Sequence[Event],
    *,
    store: Store,
    on_ai_failure: Callable[[AiFailure], None],
) -> Table:
    """The game of the table of ``plan`` from its log: the AI of the plan's level at each
    seat the log gives the AI (whatever level the log names: a stranger's file, which must
    name no module to import), and the seats whose ``auto`` was asked before a restart on
    autopilot again while it holds (:attr:`~.plan.Plan.pilots`)."""
    players = fold(events).started
    assert players is not None
    levels = {
        seat: player if player in LEVELS else plan.level
        for seat, player in enumerate(players.players)
        if player != "human"
    }
    if not set(levels.values()) <= set(LEVELS):  # a level names no module to import
        raise ValueError(f"no AI level {plan.level[:20]!r}")
    policies = {seat: load_policy(level) for seat, level in levels.items()}
    table = Table(events, policies, store=store, on_ai_failure=on_ai_failure)
    for pilot in plan.pilots:
        table.resume_auto(pilot.seat, pilot.scope, pilot.since)
    return table
