"""Talk at a shared table: who may say a line, the host's ``mute`` and ``watchers``, and
the line made safe before anyone hears it.

What friends at a table expect: the players talk; someone watching (a stranger as often
as a friend) watches quietly, unless the host lets watchers talk, and then each of their
lines is marked as a watcher's, so that nobody mistakes it for a player's. The host may
mute anyone at the table, player or watcher: their lines reach nobody, and they are told
so once. The host may close the table to watchers: those watching go back to the lobby,
and ``watch CODE`` is refused. The lines a minute are capped per session, per address
and per table (the caps a place was linked with), so that a crowd of sessions cannot
flood the players' terminals.

A line said is made safe (:func:`~repl.kit.safe.clean_line`): no control characters, and
none a terminal draws wider or narrower than one column, so that the line is as wide as it
is long and is broken where the screen ends, never by the terminal (a line of wide blanks
could otherwise put a forged "ana wins with 12." at the start of a row).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..protocol.acts import Binding
from ..protocol.news import Note
from .refused import Refused, Unbound

WATCHERS = ("off", "on", "talk")
"""What the host allows watchers (``watchers off|on|talk``): nobody watches; they watch and
do not talk (a new table); they watch and talk, their lines marked as a watcher's."""

MOST_MUTED = 64
"""The names one table keeps muted (``mute NAME``)."""


class Gathering(Protocol):
    """What talk needs of its table's master (:class:`~.master.Master`)."""

    @property
    def host(self) -> str: ...

    def people(self) -> list[str]: ...

    def present(self, name: str) -> bool: ...

    def is_bound(self, binding: Binding) -> bool: ...

    def bound(self) -> list[Binding]: ...

    def send_away(self, binding: Binding) -> None: ...

    def tell(self, note: Note, *, seat: int | None = None, name: str | None = None) -> None: ...

    def seated(self) -> bool: ...


class Talk:
    """What may be said at one table, and by whom (the room's, one per table)."""

    def __init__(self, room: Gathering) -> None:
        self.room = room
        self.watchers = "on"
        """What the host allows watchers now: one of :data:`WATCHERS`."""
        self.muted: dict[str, bool] = {}
        """The names the host muted at this table, each with whether it was told so."""

    def say(
        self, binding: Binding, text: str, caps: Callable[[], str | None] = lambda: None
    ) -> None:
        """A line the one of ``binding`` says to everyone at the table, marked as a
        watcher's when a watcher says it. :class:`Refused` when they may not talk here: a
        watcher while the host has not let watchers talk, someone muted (told once; after
        that their lines reach nobody, without a word), or ``caps`` says why not (the lines
        a minute of the session, its address and the table: asked, and counted, only for a
        line that would be heard)."""
        room = self.room
        if not room.is_bound(binding):
            raise Unbound("server.unseated")
        name = binding.name
        if name in self.muted:
            if self.muted[name]:
                return
            self.muted[name] = True
            raise Refused("server.muted_you")
        player = name in room.people()
        if not player and self.watchers != "talk":
            raise Refused("server.watchers_quiet", host=room.host)
        why = caps()
        if why is not None:
            raise Refused(why)
        key = "server.said" if player else "server.said_watching"
        room.tell(Note(key, (("name", name), ("text", text))))

    def here(self) -> list[str]:
        """Everyone at the table: its players (away or not), then those watching."""
        return list(dict.fromkeys([*self.room.people(), *self.watching()]))

    def watching(self) -> list[str]:
        """The names watching the table now (once each, in the order they came)."""
        return list(dict.fromkeys(b.name for b in self.room.bound() if b.seat is None))

    def mute(self, binding: Binding, name: str) -> None:
        """The host mutes ``name`` (a player or someone watching): their lines reach nobody
        at this table, and they are told so once (now, or at their next line)."""
        self._host(binding)
        if name not in self.here():
            raise Refused("server.nobody_here", name=name)
        if name not in self.muted:
            if len(self.muted) >= MOST_MUTED:
                raise Refused("server.mute_full", n=MOST_MUTED)
            self.muted[name] = self.room.present(name)
            self._tell(name, Note("server.muted_you"))
        self._tell(binding.name, Note("server.muted", (("name", name),)))
        self.room.seated()

    def unmute(self, binding: Binding, name: str) -> None:
        """The host lets ``name`` talk again."""
        self._host(binding)
        if self.muted.pop(name, None) is None:
            raise Refused("server.not_muted", name=name)
        self._tell(name, Note("server.unmuted_you"))
        self._tell(binding.name, Note("server.unmuted", (("name", name),)))
        self.room.seated()

    def set_watchers(self, binding: Binding, how: str) -> None:
        """The host decides what watchers may (one of :data:`WATCHERS`); ``off`` sends those
        watching back to the lobby, and the room refuses ``watch CODE`` from then on."""
        self._host(binding)
        if how not in WATCHERS:
            raise ValueError(f"watchers {how[:8]!r}")
        self.watchers = how
        if how == "off":
            for bound in self.room.bound():
                if bound.seat is None:
                    self.room.send_away(bound)
        self.room.tell(Note(f"server.watchers_{how}", (("name", binding.name),)))
        self.room.seated()

    def _host(self, binding: Binding) -> None:
        """:class:`Unbound` unless ``binding`` is in force and its player is the host."""
        room = self.room
        if not room.is_bound(binding) or binding.name != room.host:
            raise Unbound("server.host_decides", host=room.host)

    def _tell(self, name: str, note: Note) -> None:
        """Pass ``note`` to every place of ``name`` at the table."""
        self.room.tell(note, name=name)
