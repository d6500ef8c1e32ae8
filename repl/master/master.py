"""A table's master: one inbox of acts, checked and played one change at a time, and the
news of each place put in its own newsbox.

Modelled on boardgame.io's ``Master``: every act comes from a binding, and is checked in
order: who sends it (the binding is in force: its place is still bound, its player still
sits there), whether that seat may act now, whether the table has moved on since the
sender saw it (the state id, ``seen``); then the change is made where changes are made
(the engine's writer), stored (the game's log, synced), and only then told, each place
its own part of it, redacted by the engine (:class:`~core.told.Told`). What else a front
draws is pushed when it changes: who sits where (:class:`~repl.protocol.news.Seating`),
whether the AI plays for the seat (:class:`~repl.protocol.news.Piloted`), its turn clock
(:class:`~repl.protocol.news.Clock`).

The master is the same for every kind of table. A server's room keeps a master on its
event loop, with its plan on disk (:class:`Keeper`), and wakes it when an act arrives; the
game at a terminal keeps one in its own thread and pumps it between the person's lines
(:meth:`Master.take_acts`, and the driver's turns one at a time), as boardgame.io's local
transport runs the same master in one process. What is due after each change (an AI turn
after the pace, a person's turn clock, the end) is the driver's (:mod:`.drive`).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from attrs import frozen

from ...core.errors import GameError
from ...core.events import Event
from ...core.store import StoreRefused
from ...core.table import Table
from ...core.told import Told
from ...core.turns import Scope
from ..protocol.acts import Binding
from ..protocol.link import Facts, Inbox, Link, Newsbox
from ..protocol.news import News, Note, Refusal, Reset, Seating, Unseated, WhileAway, Who
from .acting import handle
from .coach import Advice, Coaching, Lane
from .desk import Caps, Keeper
from .drive import Driver
from .engine import Engine
from .refused import Refused, Unbound
from .talk import Talk

_T = TypeVar("_T")

@frozen
class _Place:
    """One bound place: its link (and newsbox), and its caps on talk."""

    link: Link
    caps: Caps


class Master:
    """One table: the places bound to it, its game once dealt, its turns, talk and coach.

    ``keeper`` keeps the table (:class:`Keeper`), ``engine`` runs its work
    (:class:`~.engine.Engine`), ``facts`` are what every place knows of it, ``advice``
    what its hints and judgements may hold (a server shares one among its tables)."""

    def __init__(
        self,
        keeper: Keeper,
        engine: Engine,
        *,
        facts: Facts | None = None,
        advice: Advice | None = None,
        news_most: int | None = None,
    ) -> None:
        self.keeper = keeper
        self.engine = engine
        self.facts = Facts() if facts is None else facts
        self.news_most = news_most
        self.table: Table | None = None
        self.closed = False
        self.inbox = Inbox()
        self.inbox.ready = self.wake
        self.coaching = Coaching()
        self.lane = Lane(advice or Advice())
        self.talk = Talk(self)
        self.drive = Driver(self)
        self.away_since: dict[str, int] = {}
        """For a player who left a running game: how many events there were then."""
        self._places: dict[int, _Place] = {}
        self._numbers = itertools.count(1)
        self._delivered: dict[int, int] = {}
        """For each binding, the number of the table's latest change it was given."""
        self._listening: dict[int | None, Callable[[], None]] = {}
        self._gate = asyncio.Lock()
        self.starting = False
        """Whether the host's deal is under way."""
        self._tasks: set[asyncio.Future[Any]] = set()
        self._acting: set[asyncio.Future[None]] = set()
        self._draining = False
        self._seating: Who | None = None

    # -- what everyone may read -------------------------------------------------------

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

    @property
    def host(self) -> str:
        return self.keeper.seats().host

    def people(self) -> list[str]:
        """The names that sit at the table."""
        return [name for name in self.keeper.seats().people if name]

    def bound(self) -> list[Binding]:
        """Every binding in force, in the order they came."""
        return [place.link.binding for place in self._places.values()]

    def present(self, name: str) -> bool:
        """Whether ``name`` has a place at this table now."""
        return any(binding.name == name for binding in self.bound())

    def assisted(self, seat: int) -> bool:
        """Whether ``seat`` took help in this game (a hint, the AI for a turn)."""
        return self.table is not None and seat in self.table.snapshot.helped

    def piloted(self, seat: int) -> bool:
        """Whether the AI plays for the person of ``seat`` now (``auto``, or the turn their
        clock ran out on)."""
        return self.table is not None and self.table.autopilot(seat) is not None

    def who(self) -> Who:
        """Who is at the table now."""
        seats, talk = self.keeper.seats(), self.talk
        people = seats.people
        return Who(
            people=people,
            players=seats.players,
            host=seats.host,
            started=self.started,
            here=frozenset(name for name in people if name and self.present(name)),
            assisted=frozenset(seat for seat in range(len(people)) if self.assisted(seat)),
            auto=frozenset(s for s, name in enumerate(people) if name and self.piloted(s)),
            muted=tuple(talk.muted),
            watching=tuple(talk.watching()),
            watchers=talk.watchers,
            missing=seats.missing,
            ai=seats.ai,
        )

    def is_bound(self, binding: Binding) -> bool:
        """Whether ``binding`` is in force: the very binding this master gave (not one alike
        in its number, name and seat), not ended, and its player still sits there."""
        place = self._places.get(binding.number)
        if place is None or place.link.binding is not binding:
            return False
        people = self.keeper.seats().people
        return binding.seat is None or people[binding.seat] == binding.name

    # -- places ------------------------------------------------------------------------

    def link(self, name: str, seat: int | None, *, caps: Caps | None = None) -> Link:
        """Bind a place of the player ``name`` to ``seat`` (``None``: to watch): its link,
        with the seat's view now (``None`` before the game has begun). :class:`Unbound`
        when ``name`` does not sit at ``seat``; :class:`Refused` when the table is closed,
        or closed to watchers."""
        if seat is not None and self.keeper.seats().people[seat] != name:
            raise Unbound("server.unseated")
        if self.closed:
            raise Refused("server.table_closed", code=self.facts.code)
        if seat is None and self.talk.watchers == "off":
            raise Refused("server.no_watchers", code=self.facts.code)
        binding = Binding(next(self._numbers), name, seat)
        away = self.away_since.pop(name, None) if seat is not None else None
        if away is not None and self.started and not self.finished:
            self.tell(Note("server.came_back", (("name", name),)))  # to the others
        news = Newsbox() if self.news_most is None else Newsbox(self.news_most)
        number, view = 0, None
        if self.table is not None:
            self._listen(seat)
            number, view = self.table.view_now(seat)
        link = Link(
            binding=binding, inbox=self.inbox, news=news, view=view, number=number,
            facts=self.facts,
        )  # fmt: skip
        self._places[binding.number] = _Place(link, caps or (lambda: None))
        self._delivered[binding.number] = number
        if away is not None and self.table is not None:
            missed = self.table.catch_up(seat, away)
            if away < missed.after.event_count:
                news.put(WhileAway(missed.after.event_count - away, missed))
        if not self.seated():  # (the others hear it too: one more here)
            news.put(Seating(self.who()))
        self.drive.next()
        self.drive.tell_state(binding)
        return link

    def unlink(self, binding: Binding) -> None:
        """The place of ``binding`` got up (or its connection was lost)."""
        if not self._end(binding):
            return
        if binding.seat is None:
            self.seated()
            return
        name = binding.name
        if name in self.keeper.seats().people and not self.present(name):
            self.away_since[name] = len(self.events)
            if self.started and not self.finished:
                auto = self.piloted(binding.seat)  # (then nobody waits for them)
                key = "server.went_away_auto" if auto else "server.went_away"
                self.tell(Note(key, (("name", name),)))
        self.seated()

    def send_away(self, binding: Binding, *, watching: bool = True) -> None:
        """End ``binding`` and tell its place (the host closed the table to watchers, or
        its seat was given up)."""
        place = self._places.get(binding.number)
        if place is not None and self._end(binding):
            place.link.news.put(Unseated(watching=watching))
            place.link.news.close()

    def give_up(self, seat: int) -> None:
        """The player of ``seat`` stood up before the start: every place bound to it, in
        any terminal, is bound no more."""
        for binding in self.bound():
            if binding.seat == seat:
                self.send_away(binding, watching=False)

    def _end(self, binding: Binding) -> bool:
        place = self._places.get(binding.number)
        if place is None or place.link.binding is not binding:
            return False  # ended already, or a binding alike that this master never gave
        del self._places[binding.number]
        self._delivered.pop(binding.number, None)
        if binding.seat not in {b.seat for b in self.bound()}:
            stop = self._listening.pop(binding.seat, None)
            if stop is not None:
                stop()
        return True

    def seat_of(self, binding: Binding) -> int:
        """The seat ``binding`` may act for now; :class:`Unbound` when it may not."""
        if not self.is_bound(binding) or binding.seat is None:
            raise Unbound("server.unseated")
        return binding.seat

    def caps(self, binding: Binding) -> Caps:
        """The caps on talk of the place of ``binding``."""
        place = self._places.get(binding.number)
        return (lambda: None) if place is None else place.caps

    # -- news --------------------------------------------------------------------------

    def to(self, binding: Binding, news: News) -> None:
        """Tell ``news`` to the place of ``binding`` (if it is still bound: the very binding
        this master gave, never one alike, whose refusal is nobody's to hear)."""
        place = self._places.get(binding.number)
        if place is None or place.link.binding is not binding:
            return
        if not place.link.news.put(news) and place.link.news.overflowed:
            self.keeper.report(f"{binding.name}: a place that reads nothing was let go")
            self.unlink(binding)

    def tell(self, note: Note, *, seat: int | None = None, name: str | None = None) -> None:
        """Tell ``note`` to every place at the table (with ``seat``: those bound to it; with
        ``name``: those of that player)."""
        for binding in self.bound():
            if (seat is None or binding.seat == seat) and (name is None or binding.name == name):
                self.to(binding, note)

    def tell_seat(self, seat: int | None, news: News) -> None:
        """Tell ``news`` to every place bound to ``seat``."""
        for binding in self.bound():
            if binding.seat == seat:
                self.to(binding, news)

    def seated(self) -> bool:
        """Who sits where may have changed: told to every place when it did (whether it
        did)."""
        who = self.who()
        if who == self._seating:
            return False
        self._seating = who
        for binding in self.bound():
            self.to(binding, Seating(who))
        return True

    def _listen(self, seat: int | None) -> None:
        """Hear the table's changes as ``seat`` may know them (once for however many places
        share the seat)."""
        if self.table is not None and seat not in self._listening:
            self._listening[seat] = self.table.subscribe(self._from_table, seat)

    def _from_table(self, told: Told) -> None:
        """The table's listener (where the change was made): on to the master's thread."""
        self.engine.soon(lambda: self._deliver(told))

    def _deliver(self, told: Told) -> None:
        """Pass a change to every place bound to its seat (once, in order), then what it
        changed besides, then what is due."""
        for binding in self.bound():
            if binding.seat != told.seat or not self.is_bound(binding):
                continue
            if self._delivered.get(binding.number, 0) >= told.number:
                continue  # given with its view when it was bound, or at the start
            self._delivered[binding.number] = told.number
            self.to(binding, told)
        self.keeper.changed()
        self.seated()
        self.drive.changed()

    # -- the game ----------------------------------------------------------------------

    def begin(self, table: Table, *, told: bool = True) -> None:
        """Play ``table``'s game from now on (dealt now, found again after a restart, or at
        a terminal a new or loaded one): every place hears it (``told``: as the change that
        deals it; else as another game, :class:`~repl.protocol.news.Reset`)."""
        for stop in self._listening.values():
            stop()
        self._listening.clear()
        self.table = table
        self.drive.begin(table)
        for seat in {binding.seat for binding in self.bound()}:
            self._listen(seat)
            caught = table.catch_up(seat)
            for binding in self.bound():
                if binding.seat == seat:
                    self._delivered[binding.number] = caught.number
                    self.to(binding, caught if told else Reset(caught.after))
        self.keeper.changed()  # (a server's table is listed as started from now on)
        self.seated()

    def go_on(self) -> None:
        """Play what is due (a game just dealt, or found again after a restart)."""
        self.drive.next()

    def auto(self, seat: int, scope: Scope | None) -> int:
        """The AI plays for ``seat`` from its next turn (or this one), for ``scope``
        (``None``: no more); the log's count of events then."""
        return self.drive.auto(seat, scope)

    async def change(
        self, binding: Binding | None, work: Callable[[], _T], what: str, think: bool = False
    ) -> _T:
        """Run ``work`` where changes are made (``think``: where the AI thinks), one change
        at a time. A refused store is :class:`Refused` (``server.cannot_save``); an error
        that is neither the rules' nor the table's is reported, and is ``server.error``."""
        async with self._gate:
            if self.closed:
                raise Refused("server.table_closed", code=self.facts.code)
            if binding is not None:
                self.seat_of(binding)  # checked again at its turn: it may have ended since
            try:
                return await self.engine.run(work, think=think)
            except StoreRefused:
                raise Refused("server.cannot_save") from None
            except (GameError, Refused):
                raise
            except Exception as error:
                self.keeper.failed(what, error)
                raise Refused("server.error") from error

    async def settled(self) -> None:
        """Until the change in hand, if any, is done."""
        async with self._gate:
            pass

    # -- the inbox ---------------------------------------------------------------------

    def wake(self) -> None:
        """An act arrived: each act waiting is taken up, in order (on a server's loop; at a
        terminal the pump takes them)."""
        if self._draining or not self.engine.drives:
            return  # (a terminal's master: its pump takes the acts)
        self._take_acts()

    def _take_acts(self) -> list[asyncio.Future[None]]:
        started = []
        self._draining = True
        try:
            while acts := self.inbox.take():
                for binding, act in acts:
                    task = self.spawn(handle(self, binding, act))
                    self._acting.add(task)
                    task.add_done_callback(self._acting.discard)
                    started.append(task)
        finally:
            self._draining = False
        return started

    async def quiet(self) -> None:
        """Until every act sent so far has been carried out (or refused), and the change in
        hand is done: what a server's stop, and a test, wait for."""
        while self._acting or len(self.inbox):
            self.wake()
            await asyncio.gather(*self._acting, return_exceptions=True)
        await self.settled()

    async def take_acts(self) -> None:
        """Take every act waiting, each to its end, one after another (the game at a
        terminal, as soon as the person sent it: no task of its own, no hop of the loop)."""
        while acts := self.inbox.take():
            for binding, act in acts:
                await handle(self, binding, act)

    def spawn(self, work: Awaitable[_T]) -> asyncio.Future[_T]:
        """``work`` as a task of this master whose outcome is always read."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()

    async def close(self) -> None:
        """Close the table (nobody was at it for a long time, or the server stops): its
        timers stop, and it changes no more once the change in hand, if any, is done."""
        self.closed = True
        self.drive.stop()
        async with self._gate:
            pass
        for task in list(self._tasks):
            task.cancel()

    def refuse(self, binding: Binding, error: BaseException) -> None:
        """Tell the place of ``binding`` why its act was refused."""
        if isinstance(error, Refused):
            self.to(binding, error.news())
        elif isinstance(error, GameError):
            self.to(binding, Refusal.of(error))
