"""Another game after a table whose game ended (``again``): asked by one who played there.

The hall keeps the latest tables whose game ended (as many as it may have open, oldest
forgotten first, and one whose code a new table takes), with their masters, whose places
stay at the result. Any of their players (a seat of their name, proved as it was: see
:meth:`~.hall.Hall.sat_there`) may ask there for another game: a new table set up as the
last one (its seats, options, the AI's level and how many seats it may take, the turn
clock), made as any table is (:meth:`~.hall.Hall.create`: the same caps on tables per
name, per address and in total), the asker its host at the first seat. Everyone else who
played there and is still at it is told (``server.again_asked``: the asker's name, the new
table's code), and nobody is seated but the asker. Asked there again while that table waits
for its start, the answer is that table (and the door seats the one who asked); once it
started, another. Two who ask at once get the same table.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from ..protocol.news import Note
from .names import Identity
from .plan import Plan
from .room import Refused, Room


class Capped(Protocol):
    """The cap on open tables (the hall's :class:`~.hall.TableLimits`)."""

    @property
    def tables_total(self) -> int: ...


class Making(Protocol):
    """What another game needs of the hall (:class:`~.hall.Hall`)."""

    @property
    def limits(self) -> Capped: ...
    @property
    def rooms(self) -> dict[str, Room]: ...
    def find(self, code: str) -> Room | None: ...
    def sat_there(self, plan: Plan, who: Identity) -> bool: ...
    async def create(self, host: Identity, plan: Plan, address: str = "") -> Room: ...


class Encores:
    """The tables of ``hall`` whose game ended lately, and the tables their players were
    asked to for another game."""

    def __init__(self, hall: Making) -> None:
        self.hall = hall
        self.rooms: dict[str, Room] = {}
        """The tables whose game ended, by code, oldest first."""
        self.asked: dict[str, str] = {}
        """The code of the table each one's players were asked to, by its code."""
        self._making = asyncio.Lock()

    def ended(self, room: Room) -> None:
        """``room``'s game ended: kept for another game (at most as many as the hall may
        have open tables, the oldest forgotten first)."""
        self.forget(room.code)
        self.rooms[room.code] = room
        while len(self.rooms) > self.hall.limits.tables_total:
            self.forget(next(iter(self.rooms)))

    def forget(self, code: str) -> None:
        """The table ``code`` is asked for another game no more (a new table has its code)."""
        self.rooms.pop(code, None)
        self.asked.pop(code, None)

    async def again(self, who: Identity, code: str, address: str = "") -> tuple[Room, bool]:
        """Another game after the table ``code`` for ``who`` (connected from ``address``):
        the table its players were asked to, while it waits for its start, else a new one
        (``True``), whose code the others who played there are told.
        :class:`~.room.Refused` says why not."""
        hall, code = self.hall, code.strip().upper()[:12]
        old = self.rooms.get(code)
        if old is None:
            room = hall.rooms.get(code)
            if room is None:
                raise Refused("server.no_such_table", code=code)
            if room.seat_of(who.name) is None:
                raise Refused("server.again_not_yours", code=code)
            raise Refused("server.again_not_over")
        if not hall.sat_there(old.plan, who):
            raise Refused("server.again_not_yours", code=code)
        async with self._making:  # two who ask at once: one table
            asked = hall.find(self.asked.get(code, ""))
            if asked is not None and not asked.started:
                return asked, False
            was = old.plan
            plan = Plan(
                code="", host=who.name, jokers=was.jokers, aces_high=was.aces_high,
                level=was.level, turn_time=was.turn_time, seats=was.seats, ai=was.ai,
            )  # fmt: skip
            room = await hall.create(who, plan, address)
            self.asked[code] = room.code
        note = Note("server.again_asked", (("name", who.name), ("code", room.code)))
        for name in {name for name in was.people if name and name != who.name}:
            old.master.tell(note, name=name)
        return room, True
