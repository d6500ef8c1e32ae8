"""How a master's work runs: where a change is made and where the AI thinks, how long a
turn is waited for, and how news from a worker thread comes back.

A server runs its masters on its event loop: a change on a writer thread, the AI on
threads of its own, a pause before each AI turn with the loop's timers
(:class:`LoopEngine`). The game at a terminal runs its one master at once, in its own
thread, between the person's lines, and pauses as a person can follow, Ctrl-C cutting
the pauses short (:class:`repl.solo.game.TerminalEngine`). The master is the same.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Protocol, TypeVar

from ...core.turns import Scope

_T = TypeVar("_T")


class Engine(Protocol):
    """Where and when a master's work runs. ``drives``: whether the master plays what is
    due by itself, as soon as it is due (a server, on its event loop); else its pump plays
    it between the person's lines (a terminal)."""

    drives: bool

    async def run(self, work: Callable[[], _T], *, think: bool = False) -> _T:
        """``work``'s outcome, run where changes are made (``think``: where the AI
        thinks)."""
        ...

    def soon(self, call: Callable[[], None]) -> None:
        """Call ``call`` on the master's own thread (it may be asked on a worker's)."""

    def later(self, seconds: float, call: Callable[[], None]) -> asyncio.TimerHandle | None:
        """Call ``call`` in ``seconds`` (a turn clock); ``None`` where no clock runs."""

    async def pause(self, scope: Scope | None, *, retry: bool) -> bool:
        """Wait before an AI turn (``scope``: the AI plays the person's, for so long;
        ``retry``: the last change could not be saved); whether to play it (``False``:
        the person took their turns back, at a terminal with Ctrl-C)."""
        ...


RETRY = 5.0
"""Seconds before an AI turn is tried again while the disk refuses the table's log."""


class LoopEngine:
    """A server's: changes on ``pool``'s threads, the AI on ``think``'s, timers on the event
    loop, ``pace`` seconds before each AI turn (:data:`RETRY` while the disk refuses)."""

    drives = True

    def __init__(self, pool: Executor, think: Executor | None = None, *, pace: float = 1.0) -> None:
        self.pool = pool
        self.think = pool if think is None else think
        self.pace = pace
        self._loop: asyncio.AbstractEventLoop | None = None

    async def run(self, work: Callable[[], _T], *, think: bool = False) -> _T:
        loop = self._loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.think if think else self.pool, work)

    def soon(self, call: Callable[[], None]) -> None:
        loop = self._loop
        if loop is None:
            try:
                loop = self._loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop yet: nothing runs elsewhere either
                call()
                return
        loop.call_soon_threadsafe(call)

    def later(self, seconds: float, call: Callable[[], None]) -> asyncio.TimerHandle | None:
        loop = self._loop = asyncio.get_running_loop()
        return loop.call_later(seconds, call)

    async def pause(self, scope: Scope | None, *, retry: bool) -> bool:
        await asyncio.sleep(max(self.pace, RETRY) if retry else self.pace)
        return True
