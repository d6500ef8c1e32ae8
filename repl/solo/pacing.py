"""The opponents' turns at a game of one's own, at a pace a person can follow.

The loop calls :meth:`Pacing.play_due` between the person's lines (and before the first
prompt): it plays what the table's turn driver (:class:`~core.turns.Turns`) says is due,
the AI's turns and the person's own while ``auto`` lets the AI play for them, each after
a pause; a server's room plays the same steps on its event loop, on a timer. A person's
own command never waits for the opponents: it is told and done before they start.
"""

from __future__ import annotations

from ...core.table import Table
from ...core.turns import AiTurn, AutoTurn, Scope
from ..kit.screen import Screen
from ..kit.seat import SeatFront
from ..words.i18n import Texts
from .settings import DELAYS, YOU, Settings


class Pacing:
    """How the opponents' turns are played at a terminal: ``settings.speed`` says how long
    to pause before each (``step``: until a key); Ctrl-C skips the pauses and stops
    ``auto``."""

    def __init__(self, *, tx: Texts, screen: Screen, settings: Settings) -> None:
        self.tx = tx
        self.screen = screen
        self.settings = settings

    def play_due(self, table: Table, front: SeatFront) -> None:
        """Play every turn that is due at ``table`` until the person is to act (or the
        game is over), each after its pause; ``front`` hears each as it is played."""
        screen, speed = self.screen, self.settings.speed
        scope = table.autopilot(YOU)
        skipped = False
        with screen.interruptible():
            while isinstance(step := table.next_step(), AiTurn | AutoTurn):
                if screen.interrupted and scope is not None and table.auto_off(YOU):
                    front.auto_stopped()  # the person's own turns are theirs again
                    continue
                delay = self.delay(scope)
                if screen.interrupted:
                    if not skipped:
                        front.say(self.tx("msg.narration_skipped"), "class:dim")
                    skipped = True
                    delay = 0.0
                screen.sleep(delay)
                if screen.interrupted and not skipped:  # said before what it skips
                    front.say(self.tx("msg.narration_skipped"), "class:dim")
                    skipped = True
                table.play_step(step)
                stepping = speed == "step" and scope in (None, Scope.TURN)
                more = isinstance(table.next_step(), AiTurn | AutoTurn)
                if stepping and more and screen.interactive and not screen.interrupted:
                    screen.wait_key(self.tx("msg.step"))  # not before your own turn

    def delay(self, scope: Scope | None) -> float:
        """The pause before a turn: the speed's, but a long ``auto`` run (a round, the
        game) narrates at most at ``fast`` and never stops for keys."""
        speed = self.settings.speed
        delay = DELAYS[speed]
        if scope in (Scope.ROUND, Scope.GAME):
            return DELAYS["fast"] if speed == "step" else min(delay, DELAYS["fast"])
        return delay
