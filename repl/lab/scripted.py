"""A table of the server bench and its scripted players, whatever their front
(:mod:`.server_load`'s terminals over SSH, :mod:`.web_load`'s browsers): what each player
was told and when, and the moves it types, each after a pause to think."""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections import deque

from attrs import define, field

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SLOW_DOWN = "Too many commands at once"
"""What the server's rate limit says to a line too many."""
LOGIN_TRIES = 30
"""Logins a client tries while the server says it is busy."""


@define
class BenchTable:
    """One table of the run: its code and the moves each seat typed, with their times."""

    number: int
    humans: int
    ai_level: str | None
    moves: int
    code: str = ""
    typed: int = 0
    over: bool = False
    sent: dict[int, list[float]] = field(factory=dict)
    code_known: asyncio.Event = field(factory=asyncio.Event)
    seated: asyncio.Event = field(factory=asyncio.Event)
    finished: asyncio.Event = field(factory=asyncio.Event)
    sat_down: int = 0
    refused: int = 0
    """Moves the server's rate limit refused (typed again a second later)."""
    until: float = math.inf
    """No move is typed after this moment (``time.perf_counter``): the end of a soak."""

    def done(self) -> bool:
        return self.over or self.typed >= self.moves or time.perf_counter() >= self.until


@define
class Player:
    """A scripted player, whatever their front: what they were told and when, and the
    moves they type (the front's class says how a line reaches the server)."""

    name: str
    seat: int
    table: BenchTable
    think: float
    rng: random.Random
    """Each pause is between half and one and a half times :attr:`think`, so that tables
    do not move in step (25 moves at the same instant would measure a burst)."""
    told: dict[int, list[float]] = field(factory=dict)
    """For each other seat (the table's numbering): when each of its moves was told here."""
    lobby: asyncio.Event = field(factory=asyncio.Event)
    acting: bool = False
    closing: bool = False
    typing: str = ""
    """The last move typed."""
    last: deque[str] = field(factory=lambda: deque(maxlen=30))
    """The last lines shown (to tell what a stalled table was waiting for)."""

    async def connect(self, port: int, address: str) -> None:
        """Log in from ``address`` and wait for the lobby."""
        raise NotImplementedError

    def send(self, line: str) -> None:
        """Type ``line`` at the game's command line."""
        raise NotImplementedError

    def close(self) -> asyncio.Future[None] | None:
        """Leave (:attr:`closing` is set); what to wait for, if anything."""
        raise NotImplementedError

    def said(self, line: str) -> None:
        """A line the server said, in the words of every front (narration, refusals)."""
        table = self.table
        if line.strip():
            self.last.append(line)
        if self.seat == 0 and " sits down (" in line:
            table.sat_down += 1
            if table.sat_down >= table.humans - 1:
                table.seated.set()
        if SLOW_DOWN in line and self.typing:
            # the server's rate limit refused the move: type it again a moment later
            table.refused += 1
            table.sent[self.seat].pop()
            self.forget_last()
            self.acting = True
            asyncio.get_running_loop().call_later(1.0, self.type_line, self.typing)
        if "Game over after" in line:
            table.over = True
            table.finished.set()

    def move(self, line: str) -> None:
        """Our turn: type ``line`` (a draw or a discard) after a pause to think."""
        table = self.table
        if table.done() or self.acting:
            self._stop_if_done()
            return
        table.typed += 1
        self.acting = True
        pause = self.think * self.rng.uniform(0.5, 1.5)
        asyncio.get_running_loop().call_later(pause, self.type_line, line)

    def type_line(self, line: str) -> None:
        """Type ``line`` now; its time goes to the table's :attr:`~BenchTable.sent`."""
        self.acting = False
        if self.closing:
            return
        self.typing = line
        self.table.sent.setdefault(self.seat, []).append(time.perf_counter())
        self.typed()
        self.send(line)
        self._stop_if_done()

    def meet(self, players: list[Player]) -> None:
        """The players of our table (us too), once they are all made."""

    def typed(self) -> None:
        """A move was just typed (its time is in the table's :attr:`~BenchTable.sent`)."""

    def forget_last(self) -> None:
        """The last move typed was refused: it is typed again."""

    def _stop_if_done(self) -> None:
        if self.table.done():
            self.table.finished.set()


def value(card: str) -> int:
    """A card's rank as a number (ace low), from ``7♥`` or ``7h``."""
    rank = card[:-1]
    return _RANKS.get(rank) or (int(rank) if rank.isdigit() else 0)
