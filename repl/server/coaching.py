"""Hints and the coach at a shared table, and what they may hold of the server.

The coach (``coach on``): for each seat whose player turned it on, each move of that seat
is judged by the hard AI after it is made, and only the sessions of that seat hear the
verdict, as at a terminal (:mod:`repl.kit.coach`). The move is played on the room's writer
thread as any move is, with the coach's help recorded first (once a game: the seat's game
is assisted, for everyone to see, as after a hint); the state before it and the move are
kept for the judgement, which runs on the AI's own threads, so that the next move at the
table never waits for it.

A hint and a judgement take a worker of the AI (a tenth of a second or so at round 11,
13 cards), and a player may ask for them as fast as they type. So each table has one
:class:`Lane`: one hint or judgement of the table on the AI's threads at a time, the next
waiting its turn on the event loop (where waiting holds no thread), a hint asked again for
the same position answered by the one already worked out, and no more waiting than the
caps allow (per table, per player). The whole server's :class:`Advice` lets hints and
judgements use only some of the AI's threads at once, so that the AI's turns at the other
tables always find one free.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Executor
from typing import Any, Protocol, TypeVar

from attrs import frozen

from ...core.events import Assistance, CardDiscarded, CardDrawn, Event
from ...core.lab.analysis import Decision
from ...core.rules import Assist, Discard, Draw
from ...core.state import GameState
from ...core.table import Table
from ...core.told import Hint
from ..kit.coach import Coach
from .binding import Binding, Note, Refused, Session
from .limits import PER_NAME, PER_TABLE, THREADS

_T = TypeVar("_T")

Judged = tuple[Decision, CardDrawn | CardDiscarded]
"""What the coach says of a move: its judgement, and the move."""

class AdviceLimits(Protocol):
    """The caps on hints and the coach (the server's :class:`~.limits.Limits` has them)."""

    @property
    def advice_per_name(self) -> int: ...
    @property
    def advice_per_table(self) -> int: ...
    @property
    def advice_threads(self) -> int: ...


class Advice:
    """What hints and the coach's judgements hold of the whole server: the AI's threads they
    may take at once (``threads``), and each player's not answered yet (at most
    ``per_name``; at most ``per_table`` at one table, counted by its :class:`Lane`)."""

    def __init__(
        self, *, per_name: int = PER_NAME, per_table: int = PER_TABLE, threads: int = THREADS
    ) -> None:
        self.per_name = per_name
        self.per_table = per_table
        # A semaphore on the AI's own pool rather than a pool of their own: the AI is plain
        # Python, so threads share one core (the GIL) whichever pool they are in, and what a
        # turn can wait for is a worker that a hint holds. With the default two workers, one
        # is left to the AI's turns whatever hints and judgements wait (measured at round
        # 11: a hint 0.1 s, a judgement 0.01 to 0.1 s, a hard AI's turn 0.03 to 0.2 s).
        self.most_threads = threads
        self.threads = asyncio.Semaphore(threads)
        self.asked: Counter[str] = Counter()
        """For each player, the hints and judgements asked for and not answered yet."""

    @classmethod
    def of(cls, limits: AdviceLimits, workers: int | None = None) -> Advice:
        """The caps of ``limits``, on a server whose AI thinks on ``workers`` threads: hints
        and judgements take at most all but one of them (one, when there is only one)."""
        threads = limits.advice_threads
        if workers is not None:
            threads = max(1, min(threads, workers - 1))
        return cls(
            per_name=limits.advice_per_name, per_table=limits.advice_per_table, threads=threads
        )


@frozen
class Given:
    """A hint given to ``seat``: the table's latest change was then ``number``; the log had
    ``since`` events before the hint was asked (and recorded), ``count`` after."""

    seat: int
    number: int
    since: int
    count: int
    hint: Hint

    def answers(self, seat: int, told: int | None, table: Table) -> bool:
        """Whether this is the hint ``seat`` asks for now, having been told ``told`` events:
        nothing changed at the table since it was given, and the seat knew of the position
        it was given for (a stale ask goes to the table, which refuses it)."""
        if seat != self.seat or table.snapshot.number != self.number:
            return False
        return told is None or self.since <= told <= self.count


def given_hint(table: Table, seat: int, told: int | None) -> Given:
    """Ask ``table`` for the hint of ``seat`` (on a worker, with nothing else changing the
    table): the hint, and the position it answers."""
    since = table.snapshot.state.event_count
    hint = table.hint(seat, told=told)
    after = table.snapshot
    return Given(seat, after.number, since, after.state.event_count, hint)


class LaneRoom(Protocol):
    """What a lane asks of its room (:class:`~.room.Room` has all of it)."""

    coaching: Coaching
    think: Executor
    """Where the AI thinks."""
    closed: bool

    def bound(self) -> list[tuple[Binding, Session]]: ...

    def tell(self, note: Note, *, seat: int | None = None) -> None: ...


class Lane:
    """One table's hints and judgements: one at a time on the AI's threads, the next waiting
    its turn on the event loop, at most :attr:`Advice.per_table` of them not answered."""

    def __init__(self, room: LaneRoom, advice: Advice) -> None:
        self.room = room
        self.advice = advice
        self._turn = asyncio.Lock()
        self.waiting = 0
        """The hints and judgements of this table asked for and not answered yet."""
        self._asking: dict[tuple[int, int, int | None], asyncio.Future[Hint]] = {}
        """The hints being worked out, by who asked (the binding's number), when (the
        table's latest change) and what they had been told: the same ask shares them."""
        self._given: Given | None = None
        """The latest hint given at this table."""

    def hint(
        self, binding: Binding, ask: tuple[int, int | None, Table], act: Act
    ) -> asyncio.Future[Hint]:
        """The hint ``binding`` asks for (``ask``: its seat, what it had been told, and the
        table): the one given already when it answers this ask, or the one being worked out
        for the same ask; else worked out in the table's turn, by ``act`` (the room's one
        change at a time). Refused (``server.advice_busy``) past the caps."""
        seat, told, table = ask
        key = (binding.number, table.snapshot.number, told)
        asking = self._asking.get(key)
        if asking is not None:
            return asking
        given = self._given
        if given is not None and given.answers(seat, told, table):
            return _spawn(_answer(given.hint))
        if not self._take(binding.name):
            return _spawn(_refuse("server.advice_busy"))

        async def answer() -> Hint:
            given = self._given  # (given meanwhile, for an ask alike from elsewhere)
            if given is None or not given.answers(seat, told, table):
                given = self._given = await act(functools.partial(given_hint, table, seat, told))
            return given.hint

        hint = _spawn(self._run(binding.name, answer))
        self._asking[key] = hint
        hint.add_done_callback(lambda done: self._asking.pop(key, None))
        return hint

    def judge(self, name: str, seat: int, move: asyncio.Future[object]) -> None:
        """The coach judges the move of ``seat`` (``name``'s) just played (none when it was
        refused), in the table's turn; its verdict goes to the sessions of the seat. Past
        the caps the move goes unjudged, and the seat hears so."""
        if move.cancelled() or move.exception() is not None or not move.result():
            return
        room = self.room
        if not self._take(name):
            room.coaching.let_pass(seat)
            room.tell(Note("server.coach_behind"), seat=seat)
            return

        async def verdict() -> None:
            if room.closed:
                return
            loop = asyncio.get_running_loop()
            judged = await loop.run_in_executor(room.think, room.coaching.judge, seat)
            for binding, session in room.bound():
                if binding.seat == seat and judged is not None:
                    session.advised(*judged)

        _spawn(self._run(name, verdict))

    def _take(self, name: str) -> bool:
        """Count one more ask of ``name`` here, if the caps allow it."""
        advice = self.advice
        if self.waiting >= advice.per_table or advice.asked[name] >= advice.per_name:
            return False
        self.waiting += 1
        advice.asked[name] += 1
        return True

    async def _run(self, name: str, work: Callable[[], Awaitable[_T]]) -> _T:
        """``work`` (counted by :meth:`_take`) in the table's turn, once a thread is free."""
        try:
            async with self._turn, self.advice.threads:
                return await work()
        finally:
            self.waiting -= 1
            asked = self.advice.asked
            asked[name] -= 1
            if asked[name] <= 0:
                del asked[name]


Act = Callable[[Callable[[], Given]], Awaitable[Given]]
"""Runs a hint at the table, one change at a time (the room's)."""


def _spawn(work: Coroutine[Any, Any, _T]) -> asyncio.Future[_T]:
    """``work`` as a task whose outcome is always read (the caller reads it too)."""
    task = asyncio.ensure_future(work)
    task.add_done_callback(lambda done: done.cancelled() or done.exception())
    return task


async def _answer(hint: Hint) -> Hint:
    return hint


async def _refuse(key: str) -> Hint:
    raise Refused(key)


class Coaching:
    """The seats the coach speaks to, and the moves it has yet to judge."""

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self._coach: Coach | None = None
        self._to_judge: dict[int, deque[tuple[GameState, CardDrawn | CardDiscarded]]] = {}
        """Each seat's moves to be judged, oldest first (a move may come before the last
        one's judgement: each judgement takes the oldest, so they are said in order). The
        judgements of a table are made one at a time (its :class:`Lane`): the hard AI keeps
        the reason of its last choice."""
        self._queue = threading.Lock()
        """Held a moment, to add a move or take one (never while judging)."""

    def __contains__(self, seat: object) -> bool:
        return seat in self.seats

    def turn(self, seat: int, on: bool) -> None:
        """The coach on (or off) for ``seat``."""
        if on:
            self.seats.add(seat)
        else:
            self.seats.discard(seat)
            with self._queue:
                self._to_judge.pop(seat, None)

    def play(
        self, table: Table, seat: int, command: Draw | Discard, told: int | None
    ) -> tuple[Event, ...]:
        """Play ``seat``'s move at ``table`` (on the room's writer thread), its help recorded
        first, and keep it to be judged."""
        if (seat, Assistance.COACH) not in table.state.assisted:
            table.submit(seat, Assist(seat=seat, help=Assistance.COACH), told=told)
        before = table.state
        played = table.submit(seat, command, told=told)
        if played and isinstance(move := played[0], CardDrawn | CardDiscarded):
            with self._queue:
                self._to_judge.setdefault(seat, deque()).append((before, move))
        return played

    def let_pass(self, seat: int) -> None:
        """Judge no more the latest move of ``seat`` kept (too many wait to be judged)."""
        with self._queue:
            waiting = self._to_judge.get(seat)
            if waiting:
                waiting.pop()

    def judge(self, seat: int) -> Judged | None:
        """The verdict on ``seat``'s oldest move not judged yet (on the AI's threads, one
        judgement of the table at a time), when it cost clearly more than the hard AI's
        choice; ``None`` when it did not."""
        with self._queue:
            waiting = self._to_judge.get(seat)
            if not waiting or seat not in self.seats:
                return None
            kept = waiting.popleft()
        if self._coach is None:
            self._coach = Coach()
        decision = self._coach.judge(*kept)
        return None if decision is None else (decision, kept[1])
