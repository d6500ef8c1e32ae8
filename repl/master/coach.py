"""The coach and the helper AI at a table: hints, and each coached move judged after it.

The coach (``coach on``): for each seat whose player turned it on, each move of that seat
is judged by the hard AI after it is made, and only the places of that seat hear the
verdict (:class:`~repl.protocol.news.Advised`). The judgement is the analysis's
(:func:`core.lab.analysis.judge`, as ``replay --analyze`` makes it): both choices valued
by the penalty they lead to, on average over the cards the seat had not seen, one turn
ahead; it is made from the view the seat had before the move, so nothing is said that the
seat did not know, and it is said after the move, never before. A coached game is
assisted: the coach is recorded as help (once a game) before the first move it judges, as
a hint is. The move is played as any move is, with the coach's help recorded first; the
state before it and the move are kept for the judgement, which runs where the AI thinks,
so that the next move at the table never waits for it.

The threshold is :data:`~repl.kit.coach.THRESHOLD` (why two points: there).

A hint and a judgement take a worker of the AI (a tenth of a second or so at round 11,
13 cards), and a player may ask for them as fast as they type. So each table has one
:class:`Lane`: one hint or judgement of the table on the AI's threads at a time, the next
waiting its turn on the event loop (where waiting holds no thread), a hint asked again for
the same position answered by the one already worked out, and no more waiting than the
caps allow (per table, per player). A server's :class:`Advice` lets hints and judgements
use only some of the AI's threads at once, so that the AI's turns at the other tables
always find one free.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from attrs import frozen

from ...core.events import Assistance, CardDiscarded, CardDrawn, Event
from ...core.lab.analysis import Decision, judge
from ...core.players import Policy, load_policy
from ...core.rules import Assist, Discard, Draw
from ...core.state import GameState
from ...core.table import Table
from ...core.told import Hint
from ..kit.coach import ADVISOR, THRESHOLD
from .refused import Refused

_T = TypeVar("_T")

Judged = tuple[Decision, CardDrawn | CardDiscarded]
"""What the coach says of a move: its judgement, and the move."""

PER_NAME = 4
"""Hints and judgements one player may have asked for and not had yet, at all their
tables: a person asks one hint at a time and makes two moves a turn, so a player who
reaches it asks faster than the AI answers."""
PER_TABLE = 8
"""The same, for one table and everyone at it."""
THREADS = 1
"""The AI's threads hints and judgements may take at once, on the whole server."""


class Coach:
    """Judges a person's moves one at a time, as they are made."""

    def __init__(self, advisor: Policy | None = None, threshold: float = THRESHOLD) -> None:
        self.advisor = advisor or load_policy(ADVISOR)
        self.threshold = threshold

    def judge(self, before: GameState, move: CardDrawn | CardDiscarded) -> Decision | None:
        """The hard AI's choice where ``move`` (made in ``before``) costs at least
        :attr:`threshold` more; ``None`` when it was as good, or nearly."""
        decision = judge(before, move, self.advisor)
        if decision is None or decision.cost < self.threshold:
            return None
        return decision


class AdviceLimits(Protocol):
    """The caps on hints and the coach (a server's limits have them)."""

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

    def answers(self, seat: int, seen: int | None, table: Table) -> bool:
        """Whether this is the hint ``seat`` asks for now, having been told ``seen`` events:
        nothing changed at the table since it was given, and the seat knew of the position
        it was given for (a stale ask goes to the table, which refuses it)."""
        if seat != self.seat or table.snapshot.number != self.number:
            return False
        return seen is None or self.since <= seen <= self.count


def given_hint(table: Table, seat: int, seen: int | None) -> Given:
    """Ask ``table`` for the hint of ``seat`` (where the AI thinks, with nothing else
    changing the table): the hint, and the position it answers."""
    since = table.snapshot.state.event_count
    hint = table.hint(seat, told=seen)
    after = table.snapshot
    return Given(seat, after.number, since, after.state.event_count, hint)


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
        self, table: Table, seat: int, command: Draw | Discard, seen: int | None
    ) -> tuple[Event, ...]:
        """Play ``seat``'s move at ``table`` (where changes are made), its help recorded
        first, and keep it to be judged."""
        if (seat, Assistance.COACH) not in table.state.assisted:
            table.submit(seat, Assist(seat=seat, help=Assistance.COACH), told=seen)
        before = table.state
        played = table.submit(seat, command, told=seen)
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
        """The verdict on ``seat``'s oldest move not judged yet (where the AI thinks, one
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


Work = Callable[[Callable[[], _T]], Awaitable[_T]]
"""Runs a piece of work at the table (a hint: one change at a time; a judgement: where the
AI thinks)."""


class Lane:
    """One table's hints and judgements: one at a time on the AI's threads, the next waiting
    its turn on the event loop, at most :attr:`Advice.per_table` of them not answered."""

    def __init__(self, advice: Advice) -> None:
        self.advice = advice
        self._turn = asyncio.Lock()
        self.waiting = 0
        """The hints and judgements of this table asked for and not answered yet."""
        self._asking: dict[tuple[int, int, int | None], asyncio.Future[Given]] = {}
        """The hints being worked out, by who asked (the binding's number), when (the
        table's latest change) and what they had been told: the same ask shares them."""
        self._given: Given | None = None
        """The latest hint given at this table."""

    async def hint(
        self, number: int, name: str, ask: tuple[int, int | None, Table], work: Work[Given]
    ) -> Hint:
        """The hint the binding ``number`` of ``name`` asks for (``ask``: its seat, what it
        had been told, and the table): the one given already when it answers this ask, or
        the one being worked out for the same ask; else worked out in the table's turn, by
        ``work`` (one change at a time). Refused (``server.advice_busy``) past the caps."""
        seat, seen, table = ask
        key = (number, table.snapshot.number, seen)
        asking = self._asking.get(key)
        if asking is not None:
            return (await asyncio.shield(asking)).hint
        given = self._given
        if given is not None and given.answers(seat, seen, table):
            return given.hint
        if not self._take(name):
            raise Refused("server.advice_busy")

        async def answer() -> Given:
            given = self._given  # (given meanwhile, for an ask alike from elsewhere)
            if given is None or not given.answers(seat, seen, table):
                given = self._given = await work(lambda: given_hint(table, seat, seen))
            return given

        asking = asyncio.ensure_future(self._run(name, answer))
        self._asking[key] = asking
        try:
            return (await asking).hint
        finally:
            self._asking.pop(key, None)

    async def judge(
        self, name: str, verdict: Callable[[], Awaitable[Judged | None]]
    ) -> Judged | None:
        """The coach's verdict on a move of ``name``'s just played, in the table's turn
        (``verdict`` runs :meth:`Coaching.judge` where the AI thinks). Refused
        (``server.coach_behind``) past the caps: the move goes unjudged."""
        if not self._take(name):
            raise Refused("server.coach_behind")
        return await self._run(name, verdict)

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

    async def idle(self) -> None:
        """Until no hint or judgement of this table waits (the terminal's pump: a verdict
        is said before the opponents play)."""
        while self.waiting:
            async with self._turn:
                pass
            await asyncio.sleep(0)
