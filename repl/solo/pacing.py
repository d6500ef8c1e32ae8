"""The opponents' turns at a game of one's own, at a pace a person can follow: the engine of
a table's master at a terminal (:class:`TerminalEngine`).

The table's master (:class:`~repl.master.master.Master`) is the same as a server's; at a
terminal it runs in the person's own thread, between their lines (its pump): a change is
made at once, and before each AI turn the engine waits as the speed says, showing what
happened so far first. Ctrl-C skips the waits and gives back the person's turns that the
AI plays (``auto``); in ``step`` speed a key is waited for before each turn but the first.
A person's own command never waits for the opponents: it is told and done before they
start.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from ...core.turns import Scope
from ..kit.screen import Screen
from ..words.i18n import Texts
from .settings import DELAYS, Settings

_T = TypeVar("_T")


class TerminalEngine:
    """How the master of a game at a terminal runs: at once, in this thread; ``say`` tells
    the person a word of the engine's own, ``shown`` shows the news so far (before a
    pause, so that each turn is seen as it is played)."""

    drives = False

    def __init__(
        self,
        *,
        tx: Texts,
        screen: Screen,
        settings: Settings,
        say: Callable[[str], None] = lambda text: None,
        shown: Callable[[], None] = lambda: None,
        piloted: Callable[[], Scope | None] = lambda: None,
    ) -> None:
        self.tx = tx
        self.screen = screen
        self.settings = settings
        self.say = say
        self.shown = shown
        self.piloted = piloted
        """For how long the AI plays the person's turns now (it paces every turn)."""
        self._first = True
        self._skipped = False

    def pumping(self) -> None:
        """A pump begins: its first turn is not waited for with a key."""
        self._first = True
        self._skipped = False

    async def run(self, work: Callable[[], _T], *, think: bool = False) -> _T:
        return work()

    def soon(self, call: Callable[[], None]) -> None:
        call()

    def later(self, seconds: float, call: Callable[[], None]) -> asyncio.TimerHandle | None:
        return None  # a table of one's own has no turn clock

    async def pause(self, scope: Scope | None, *, retry: bool) -> bool:
        """Nothing to wait for on the loop: the pump pauses between turns itself, off the
        loop, where a key may be waited for (:meth:`wait`)."""
        return True

    def wait(self) -> bool:
        """Show what happened so far, then wait before the next AI turn: the speed's time,
        a key in ``step`` speed; Ctrl-C skips the waits, and stops ``auto`` (``False``)."""
        self.shown()
        screen = self.screen
        scope = self.piloted()
        if screen.interrupted and scope is not None:
            return False  # the person's own turns are theirs again
        delay = self.delay(scope)
        stepping = self.settings.speed == "step" and scope in (None, Scope.TURN)
        if stepping and not self._first and screen.interactive and not screen.interrupted:
            screen.wait_key(self.tx("msg.step"))  # not before your own turn
        self._first = False
        if screen.interrupted:
            if not self._skipped:
                self.say(self.tx("msg.narration_skipped"))
            self._skipped = True
            delay = 0.0
        screen.sleep(delay)
        if screen.interrupted and not self._skipped:  # said before what it skips
            self.say(self.tx("msg.narration_skipped"))
            self._skipped = True
        return True

    def delay(self, scope: Scope | None) -> float:
        """The pause before a turn: the speed's, but a long ``auto`` run (a round, the
        game) narrates at most at ``fast`` and never stops for keys."""
        speed = self.settings.speed
        delay = DELAYS[speed]
        if scope in (Scope.ROUND, Scope.GAME):
            return DELAYS["fast"] if speed == "step" else min(delay, DELAYS["fast"])
        return delay
