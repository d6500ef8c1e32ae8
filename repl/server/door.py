"""The way in to a server's tables for a front: what the lobby (in a terminal, in a
browser) holds instead of the hall.

A :class:`Door` answers the requests of :mod:`.directory` (a table made, joined, watched,
a running game gone back to, another game after one that is over) each with a link to
the table's master, or :class:`~repl.protocol.refused.Refused` and why; and it shows the
hall's published directory and the tables that are over of the one who asks. It is the one
:class:`~.directory.Tables` of a server: a front that holds it reaches no room, master or
table (import-linter holds the fronts to the directory).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..protocol.link import Link
from ..protocol.refused import Refused
from .directory import (
    Directory,
    JoinTable,
    MakeTable,
    MaySay,
    NoLog,
    Past,
    PlayAgain,
    WatchTable,
)
from .hall import Hall
from .names import Identity
from .room import Room


class Door:
    """The tables of ``hall``, as a front asks for them (:class:`~.directory.Tables`)."""

    def __init__(self, hall: Hall) -> None:
        self._hall = hall

    @property
    def directory(self) -> Directory:
        return self._hall.directory

    @property
    def abandoned_after(self) -> float:
        return self._hall.limits.abandoned_after

    # -- the requests, each answered with a link ------------------------------------

    async def make(self, request: MakeTable) -> Link:
        """A new table (:meth:`~.hall.Hall.create`), and its maker's place at seat 0."""
        room = await self._hall.create(request.who, request.plan, request.address)
        return room.link(request.who.name, 0, caps=_caps(request.may_say, room.code))

    async def join(self, request: JoinTable) -> Link:
        """A seat at the table ``request.code`` for its player: theirs, if it is on disk
        already (a game they play, a seat kept), else the next free one before the start,
        once it is on disk (:meth:`~.room.Room.sit`); its link."""
        room, name = self._open(request.code), request.who.name
        if room.kept_seat(name) is None:
            await room.sit(request.who)
        seat = room.seat_of(name)
        if seat is None:  # (stood up meanwhile, in another terminal)
            raise Refused("server.plan_unsaved")
        return room.link(name, seat, caps=_caps(request.may_say, room.code))

    async def again(self, request: PlayAgain) -> tuple[Link, bool]:
        """Another game after a table that is over (:mod:`.again`): the asker's
        seat at the new table (made now, its host's: ``True``), or at the one its players
        were asked to already (taken now, once it is on disk)."""
        room, made = await self._hall.encores.again(request.who, request.code, request.address)
        name = request.who.name
        if not made and room.kept_seat(name) is None:
            await room.sit(request.who)
        seat = room.seat_of(name)
        if seat is None:  # (stood up meanwhile, in another terminal)
            raise Refused("server.plan_unsaved")
        return room.link(name, seat, caps=_caps(request.may_say, room.code)), made

    def seat_now(self, request: JoinTable) -> Link | None:
        """The player's own seat at the table ``request.code``, if it is on disk already:
        its link at once (``None``: :meth:`join` takes one)."""
        room, name = self._open(request.code), request.who.name
        seat = room.kept_seat(name)
        if seat is None:
            return None
        return room.link(name, seat, caps=_caps(request.may_say, room.code))

    def watch(self, request: WatchTable) -> Link:
        """A place to watch the table ``request.code`` from (refused when it is closed, or
        closed to watchers)."""
        room = self._open(request.code)
        return room.link(request.who.name, None, caps=_caps(request.may_say, room.code))

    def back(self, who: Identity, may_say: MaySay) -> Link | None:
        """The seat of ``who`` at a running game, if they have one: its link, at once."""
        for room in self._hall.rooms.values():
            seat = room.seat_of(who.name)
            if room.started and not room.finished and seat is not None:
                return room.link(who.name, seat, caps=_caps(may_say, room.code))
        return None

    def _open(self, code: str) -> Room:
        room = self._hall.find(code)
        if room is None:
            raise Refused("server.no_such_table", code=code.strip()[:12])
        return room

    # -- the rest a front asks --------------------------------------------------------

    def leave(self, code: str, name: str) -> None:
        self._hall.leave(code, name)

    def history(self, who: Identity) -> Sequence[Past]:
        return self._hall.history(who)

    def closed_news(self, who: Identity) -> Sequence[Past]:
        return self._hall.closed_news(who)

    def log_problem(self, who: Identity, code: str) -> NoLog | None:
        return self._hall.log_problem(who, code)

    def report(self, line: str) -> None:
        self._hall.report(line)


def _caps(may_say: MaySay, code: str) -> Callable[[], str | None]:
    """What a place at the table ``code`` may say: as its connection counts it."""
    return lambda: may_say(code)
