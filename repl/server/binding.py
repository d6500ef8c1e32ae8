"""Who speaks for a seat: a session's :class:`Binding` to a room, what the room tells a
:class:`Session`, and why it refuses one (:class:`Refused`, :class:`Unbound`).

The room decides which session acts for which seat at this moment and checks the
binding on every command (boardgame.io's master checks the credentials of every update
the same way); a front that remembered "I am seat 0" on its own would be a ghost.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from attrs import frozen

from ...core.events import CardDiscarded, CardDrawn
from ...core.lab.analysis import Decision
from ...core.told import Hint, Told


@frozen
class Note:
    """Something that happened at the table besides a move: ``key`` in the texts, with
    its parameters (a name, a seat number, a line someone said)."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def values(self) -> dict[str, object]:
        return dict(self.params)


@frozen
class Binding:
    """One session's place at a room: the player ``name`` speaks for ``seat`` (``None``:
    watches). ``number`` tells bindings apart; the room ends a binding when its session
    leaves or its seat is given up, and refuses it from then on."""

    number: int
    name: str
    seat: int | None


class Session(Protocol):
    """What a room tells a session at the table (a seat's front, or someone watching), and
    what its port tells it of the commands it sent."""

    def hear(self, told: Told) -> None:
        """A change of the game, as the session's seat may know it (on the event loop)."""

    def note(self, note: Note) -> None:
        """Something else that happened at the table."""

    def unseated(self) -> None:
        """The room ended this session's binding: its seat was given up."""

    def sent(self, outcome: asyncio.Future[object], *, move: bool) -> None:
        """A command went to the room (a ``move``, or the start): how it went, later (a
        refusal is told; what it did comes through :meth:`hear`)."""

    def asked(self, hint: asyncio.Future[Hint]) -> None:
        """The helper AI was asked: its hint, later (or why not)."""

    def refused(self, error: BaseException) -> None:
        """The room refused a command at once."""

    def advised(self, decision: Decision, move: CardDrawn | CardDiscarded) -> None:
        """The coach's verdict on the seat's last move (``coach on``): it cost clearly more
        than the hard AI's choice, ``decision``."""


class Refused(Exception):
    """A command the room refuses to a session; ``key`` says why, in the texts (the
    server cannot save right now, the table was closed, an error on the server)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Unbound(Refused):
    """Refused: the session's binding to the seat has ended (or it never sat there), or
    the command is the host's."""
