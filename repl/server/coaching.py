"""The coach at a shared table (``coach on``): for each seat whose player turned it on,
each move of that seat is judged by the hard AI after it is made, and only the sessions
of that seat hear the verdict, as at a terminal (:mod:`repl.kit.coach`).

The move is played on the room's writer thread as any move is, with the coach's help
recorded first (once a game: the seat's game is assisted, for everyone to see, as after a
hint); the state before it and the move are kept for the judgement, which runs on the
AI's own threads, so that the next move at the table never waits for it.
"""

from __future__ import annotations

import threading
from collections import deque

from ...core.events import Assistance, CardDiscarded, CardDrawn, Event
from ...core.lab.analysis import Decision
from ...core.rules import Assist, Discard, Draw
from ...core.state import GameState
from ...core.table import Table
from ..kit.coach import Coach

Judged = tuple[Decision, CardDrawn | CardDiscarded]
"""What the coach says of a move: its judgement, and the move."""


class Coaching:
    """The seats the coach speaks to, and the moves it has yet to judge."""

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self._coach: Coach | None = None
        self._to_judge: dict[int, deque[tuple[GameState, CardDrawn | CardDiscarded]]] = {}
        """Each seat's moves to be judged, oldest first (a move may come before the last
        one's judgement: each judgement takes the oldest, so they are said in order)."""
        self._queue = threading.Lock()
        """Held a moment, to add a move or take the oldest (never while judging)."""
        self._judging = threading.Lock()
        """One judgement at a time, the oldest move first (the hard AI keeps the reason of
        its last choice): a move waits for no judgement, only the next judgement does."""

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

    def judge(self, seat: int) -> Judged | None:
        """The verdict on ``seat``'s oldest move not judged yet (on the AI's threads), when
        it cost clearly more than the hard AI's choice; ``None`` when it did not."""
        with self._judging:
            with self._queue:
                waiting = self._to_judge.get(seat)
                if not waiting or seat not in self.seats:
                    return None
                kept = waiting.popleft()
            if self._coach is None:
                self._coach = Coach()
            decision = self._coach.judge(*kept)
        return None if decision is None else (decision, kept[1])
