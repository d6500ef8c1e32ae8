"""A table's turn clock: how long a person may take over a turn, a word to them before it
runs out, and the AI playing the turn when it has.

The master winds the clock whenever a person is to act (and again after each move of
theirs within the turn: the draw, then the discard, each gets the whole time); a clock
wound for another point of the game is stopped first, so only one ever runs per table.
Its timers are the engine's (:meth:`~.engine.Engine.later`): a table of one's own has no
clock.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from attrs import frozen

from ...core.turns import HURRY


@frozen(kw_only=True)
class _Wound:
    key: tuple[int, int]
    """The seat and the event count the clock was wound at."""
    deadline: float
    """When it runs out (:attr:`TurnClock.now`'s time)."""
    timers: tuple[asyncio.TimerHandle, ...]


class TurnClock:
    """The turn clock of one table: ``limit`` seconds a turn (``None``: no clock). When
    :data:`HURRY` seconds are left, ``hurry(seat)``; when none, ``time_up(seat, count)``.
    ``later`` sets its timers, ``now`` tells the time."""

    def __init__(
        self,
        limit: int | None,
        *,
        later: Callable[[float, Callable[[], None]], asyncio.TimerHandle | None],
        hurry: Callable[[int], None],
        time_up: Callable[[int, int], None],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.later = later
        self.now = now
        self._hurry = hurry
        self._time_up = time_up
        self._wound: _Wound | None = None

    def wind(self, seat: int, count: int) -> bool:
        """``seat`` is to act, the game at ``count`` events: its time runs from now (a
        clock already running for that point goes on); whether it was wound now."""
        if not self.limit:
            return False
        key = (seat, count)
        if self._wound is not None:
            if self._wound.key == key:
                return False
            self.stop()
        timers = [self.later(self.limit, lambda: self._ran_out(key))]
        if self.limit > HURRY:
            timers.append(self.later(self.limit - HURRY, lambda: self._hurry(seat)))
        kept = tuple(timer for timer in timers if timer is not None)
        self._wound = _Wound(key=key, deadline=self.now() + self.limit, timers=kept)
        return True

    def stop(self) -> None:
        """No clock runs (the turn moved on, or the table is closing)."""
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
        if wound is None or wound.key[0] != seat:
            return None
        return max(wound.deadline - self.now(), 0.0)

    def _ran_out(self, key: tuple[int, int]) -> None:
        self._wound = None
        self._time_up(*key)
