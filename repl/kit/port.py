"""A seat's port: the one way from a seated front to its table, handed out per binding.

Whoever holds a table hands each place at it a :class:`Port` (a room of the server when
it binds a connection to a seat, :meth:`Room.bind <repl.server.room.Room.bind>`; the game
at a terminal, :meth:`SoloGame.port <repl.solo.game.SoloGame.port>`). The front plays
through it and asks it the little it needs to know; what the table tells comes back the
other way, to the front's :meth:`~repl.kit.seat.SeatFront.hear` (and ``hinted``,
``refused``), from the one who handed the port out.

A port is a record: the view it was handed out with, and operations its maker bound for
this one place (at a server each names the binding, which the room checks first). It
holds no room and no table; only an operation reaches one, through its maker, and no
front can get from it to either. So what a front can reach of its table ends at its port,
where the privacy test's walk stops (``tests/unit/test_privacy.py``).

What the program around the seat does as a person sits down and gets up (the autosave, a
goodbye, where we are at a shared table) is not table business: it is the front's
:class:`~repl.kit.seat.Sitting`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from ...core.rules import Discard, Draw
from ...core.seen import Seen
from ...core.turns import Scope
from ...core.views import SeatView


def _no_clock() -> float | None:
    return None


@frozen(kw_only=True)
class Port:
    """One place's way to its table: ``seat`` (``None``: someone watching).

    ``view`` is what the seat had been told when the port was handed out (``None`` before
    the game has begun); every change after it is told to the front. ``send`` plays the
    seat's move, typed when the front had been told ``told`` events (the table refuses
    it if it has moved on since); ``hint`` asks the helper AI as far as ``told``; ``auto``
    lets the AI play for the seat (``None``: stop it) and ``autopilot`` says for how long
    it still does; ``seen`` is the log as the seat may know it; ``time_left`` the seconds
    on the seat's turn clock, while it runs.
    """

    seat: int | None
    view: SeatView | None
    send: Callable[[Draw | Discard, int | None], None]
    hint: Callable[[int | None], None]
    auto: Callable[[Scope | None], None]
    autopilot: Callable[[], Scope | None]
    seen: Callable[[], Sequence[Seen]]
    time_left: Callable[[], float | None] = _no_clock
