"""A shared table's turn clock: how long a person may take over a turn, a word to them
before it runs out, and the AI playing the turn when it has.

The room winds the clock whenever a person is to act (and again after each move of
theirs within the turn: the draw, then the discard, each gets the whole time); a clock
wound for another point of the game is stopped first, so only one ever runs per table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from attrs import frozen

from ...core.turns import HURRY


@frozen(kw_only=True)
class _Wound:
    key: tuple[int, int]
    """The seat and the event count the clock was wound at."""
    deadline: float
    """When it runs out, in the event loop's time."""
    timers: tuple[asyncio.TimerHandle, ...]


class TurnClock:
    """The turn clock of one table: ``limit`` seconds a turn (``None``: no clock). When
    :data:`HURRY` seconds are left, ``hurry(seat)``; when none, ``time_up(seat, count)``."""

    def __init__(
        self,
        limit: int | None,
        *,
        hurry: Callable[[int], None],
        time_up: Callable[[int, int], None],
    ) -> None:
        self.limit = limit
        self._hurry = hurry
        self._time_up = time_up
        self._wound: _Wound | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def wind(self, seat: int, count: int) -> None:
        """``seat`` is to act, the game at ``count`` events: its time runs from now (a
        clock already running for that point goes on)."""
        if not self.limit:
            return
        key = (seat, count)
        if self._wound is not None:
            if self._wound.key == key:
                return
            self.stop()
        loop = self._loop = asyncio.get_running_loop()
        timers = [loop.call_later(self.limit, self._ran_out, key)]
        if self.limit > HURRY:
            timers.append(loop.call_later(self.limit - HURRY, self._hurry, seat))
        self._wound = _Wound(key=key, deadline=loop.time() + self.limit, timers=tuple(timers))

    def stop(self) -> None:
        """No clock runs (the table is closing)."""
        if self._wound is not None:
            for timer in self._wound.timers:
                timer.cancel()
        self._wound = None

    @property
    def key(self) -> tuple[int, int] | None:
        """The seat and the event count the running clock was wound at (``None``: none runs)."""
        return None if self._wound is None else self._wound.key

    def time_left(self, seat: int) -> float | None:
        """Seconds left for ``seat``, when the clock runs for that seat."""
        wound = self._wound
        if wound is None or wound.key[0] != seat or self._loop is None:
            return None
        return max(wound.deadline - self._loop.time(), 0.0)

    def _ran_out(self, key: tuple[int, int]) -> None:
        self._wound = None
        self._time_up(*key)
