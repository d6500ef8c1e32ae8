"""Rooms and halls of a server on an event loop, without the network: a session that keeps
what it hears, a clock the test moves, a disk that fills up, a wait on the loop, a wait
until a room has nothing in hand, a game played on to a given round, and the AI's threads
counted."""

from __future__ import annotations

import asyncio
import errno
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from threethirteen.core.events import CardDiscarded, CardDrawn, Event
from threethirteen.core.lab.analysis import Decision
from threethirteen.core.players import load_policy, play_on
from threethirteen.core.rules import Discard, Draw
from threethirteen.core.state import Phase, fold
from threethirteen.core.told import Hint, Moved, Told
from threethirteen.repl.protocol.acts import Act, Binding, Play
from threethirteen.repl.protocol.link import Link
from threethirteen.repl.protocol.news import (
    Advised,
    Clock,
    Hinted,
    News,
    Note,
    Piloted,
    Refusal,
    Seating,
    Unseated,
    Who,
)
from threethirteen.repl.server.plan import Plan

_P = ParamSpec("_P")
_T = TypeVar("_T")

if TYPE_CHECKING:
    from threethirteen.repl.server.room import Room


class Ear:
    """A place at a table in a test: its link (:meth:`at` binds one), and everything the
    table told it, kept in lists as it is read (every list reads the newsbox first)."""

    def __init__(self, link: Link | None = None) -> None:
        self.link = link
        self._told: list[Told] = []
        self._notes: list[Note] = []
        self._refusals: list[Refusal] = []
        self._hints: list[Hint] = []
        self._advice: list[tuple[Decision, CardDrawn | CardDiscarded]] = []
        self._seating: list[Who] = []
        self._piloted: list[Piloted] = []
        self._clocks: list[Clock] = []
        self._other: list[News] = []
        self._sent_away = 0

    @classmethod
    def at(cls, room: Room, name: str, seat: int | None) -> Ear:
        """A place of ``name`` at ``seat`` of ``room`` (``None``: to watch)."""
        return cls(room.link(name, seat))

    @property
    def binding(self) -> Binding:
        assert self.link is not None
        return self.link.binding

    def pull(self) -> None:
        """Read what the newsbox holds into the lists."""
        if self.link is None:
            return
        for news in self.link.news.take():
            match news:
                case Told():
                    self._told.append(news)
                case Note():
                    self._notes.append(news)
                case Refusal():
                    self._refusals.append(news)
                case Hinted():
                    self._hints.append(news.hint)
                case Advised():
                    self._advice.append((news.decision, news.move))
                case Seating():
                    self._seating.append(news.who)
                case Piloted():
                    self._piloted.append(news)
                case Clock():
                    self._clocks.append(news)
                case Unseated():
                    self._sent_away += 1
                case _:
                    self._other.append(news)

    @property
    def told(self) -> list[Told]:
        self.pull()
        return self._told

    @property
    def notes(self) -> list[Note]:
        self.pull()
        return self._notes

    @property
    def refusals(self) -> list[Refusal]:
        self.pull()
        return self._refusals

    @property
    def hints(self) -> list[Hint]:
        self.pull()
        return self._hints

    @property
    def advice(self) -> list[tuple[Decision, CardDrawn | CardDiscarded]]:
        self.pull()
        return self._advice

    @property
    def seating(self) -> list[Who]:
        self.pull()
        return self._seating

    @property
    def piloted(self) -> list[Piloted]:
        self.pull()
        return self._piloted

    @property
    def clocks(self) -> list[Clock]:
        self.pull()
        return self._clocks

    @property
    def other(self) -> list[News]:
        self.pull()
        return self._other

    @property
    def sent_away(self) -> int:
        self.pull()
        return self._sent_away

    @property
    def events(self) -> list[object]:
        return [e for t in self.told if isinstance(t.change, Moved) for e in t.change.events]

    async def send(self, room: Room, act: Act) -> Refusal | None:
        """Send ``act`` and wait until the table has taken it up: why it was refused
        (``None``: it was not)."""
        assert self.link is not None
        before = len(self.refusals)
        assert self.link.send(act)
        await room.master.quiet()
        refused = self.refusals[before:]
        return refused[-1] if refused else None

    async def play(self, room: Room, command: Draw | Discard, seen: int | None = None) -> None:
        """Play ``command``, which the table must take (a refusal fails the test)."""
        refused = await self.send(room, Play(command=command, seen=seen))
        assert refused is None, refused


class Terminal:
    """A connection that counts the times it was sent to the lobby (its screen shows what
    the table tells at once)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.away = 0

    def go_to_lobby(self) -> None:
        self.away += 1

    def sent_away(self) -> None:
        self.away += 1

    def may_say(self, table: str) -> str | None:
        return None

    def fetch(self, code: str) -> str:
        return f"ssh -p 2213 {self.name}@127.0.0.1 log {code}"

    def refresh(self) -> None:
        return None

    def heard(self) -> None:
        return None


class WallClock:
    """The wall clock as a test sets it (seconds since the epoch)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Disk:
    """``os.write`` onto a disk that is full while :attr:`full` (``ENOSPC``), after
    :attr:`writes_left` more writes when that is set; :attr:`refused` counts the writes
    it refused."""

    def __init__(self) -> None:
        self.full = False
        self.writes_left: int | None = None
        self.refused = 0

    def __call__(self, fd: int, data: bytes) -> int:
        if self.writes_left is not None:
            if self.writes_left == 0:
                self.full, self.writes_left = True, None
            else:
                self.writes_left -= 1
        if self.full:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(fd, data)


HELD = 10.0**9
"""A pace (or a wait) no test outlives: the AI seats of a room at this pace never play
while the test runs, however slow the machine, and a wait this long ends only by its event."""


async def settle(until: Callable[[], object]) -> None:
    """Wait (on the loop) until ``until()`` holds, however long a busy machine takes: no
    deadline of its own (the test's time limit, pytest-timeout, is the net)."""
    while not until():
        await asyncio.sleep(0.01)


async def at_rest(room: Room) -> None:
    """Wait until ``room`` has nothing in hand: no AI turn waits for its pace, and every
    change begun before (a move, an AI turn set off meanwhile) is done and told. What a
    change left undone would have done, it has done by then: the test may look for what
    must not have happened. (The master lets changes through one at a time, in order.)"""
    master = room.master
    while True:
        await master.quiet()
        await settle(lambda: not master.drive.running)
        await asyncio.sleep(0)  # an AI turn begun just now takes its place at the gate
        await master.quiet()  # every change queued before is done, and told
        if not master.drive.running:
            return


def loop_errors() -> list[dict[str, object]]:
    """Collect what the running loop's exception handler is given (an error nobody read)."""
    errors: list[dict[str, object]] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context))
    return errors


def played_to(plan: Plan, round_no: int, seat: int, deal: tuple[int, str]) -> tuple[Event, ...]:
    """The log of ``plan``'s game, dealt with ``deal`` (its seed and salt), played on by the
    greedy AI at every seat, people's too, until ``seat`` is to draw in round ``round_no``
    (round 11: thirteen cards): a room given it resumes the game there."""
    events = plan.first_events(*deal)
    greedy = [load_policy("greedy")] * plan.seats
    for made, state in play_on(fold(events), greedy):
        events += made
        at, to_draw = state.round, state.turn == seat and state.phase == Phase.DRAW
        if to_draw and at is not None and at.round_no == round_no:
            return events
    raise AssertionError(f"the game ended before seat {seat} drew in round {round_no}")


class Watched(ThreadPoolExecutor):
    """A pool of threads that counts its jobs: those waiting for a thread, and those
    running (the AI's threads in a room test: :meth:`starved` tells a turn that waits
    behind a table's hints and judgements, at once and without a clock)."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.workers = workers
        self.waiting = 0
        self.running = 0
        self._counting = threading.Lock()

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        with self._counting:
            self.waiting += 1

        def run() -> _T:
            with self._counting:
                self.waiting, self.running = self.waiting - 1, self.running + 1
            try:
                return fn(*args, **kwargs)
            finally:  # counted done before its future is: the loop never sees it running
                with self._counting:
                    self.running -= 1

        return super().submit(run)

    def starved(self) -> bool:
        """Whether a job waits for a thread while every thread runs another."""
        with self._counting:
            return self.waiting > 0 and self.running >= self.workers
