"""Talk at a shared table: who may say a line, the host's ``mute`` and ``watchers``, and
the line made safe before anyone hears it.

What friends at a table expect: the players talk; someone watching (a stranger as often
as a friend) watches quietly, unless the host lets watchers talk, and then each of their
lines is marked as a watcher's, so that nobody mistakes it for a player's. The host may
mute anyone at the table, player or watcher: their lines reach nobody, and they are told
so once. The host may close the table to watchers: those watching go back to the lobby,
and ``watch CODE`` is refused. The lines a minute are capped per session, per address
and per table (:meth:`~.terminal.Guest.may_say`), so that a crowd of sessions cannot
flood the players' terminals.

A line said is made safe (:func:`clean_line`): no control characters, and none a terminal
draws wider or narrower than one column, so that the line is as wide as it is long and is
broken where the screen ends, never by the terminal (a line of wide blanks could
otherwise put a forged "ana wins with 12." at the start of a row).

>>> clean_line("gg \\u3164\\u3164 ana wins\\x1b[2J ")
'gg ana wins[2J'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Protocol

from prompt_toolkit.utils import get_cwidth

from ..kit.safe import visible
from .binding import Binding, Note, Refused, Session, Unbound
from .plan import Plan

WATCHERS = ("off", "on", "talk")
"""What the host allows watchers (``watchers off|on|talk``): nobody watches; they watch and
do not talk (a new table); they watch and talk, their lines marked as a watcher's."""

MOST_MUTED = 64
"""The names one table keeps muted (``mute NAME``)."""

MAX_SAY = 200
"""The longest line ``say`` passes to the table, in characters."""

MAX_NAME = 16
"""The longest name a shared table shows (a player's name has at most 16 characters)."""


class Gathering(Protocol):
    """What talk needs of its room (:class:`~.room.Room`)."""

    @property
    def plan(self) -> Plan: ...

    def is_bound(self, binding: Binding) -> bool: ...

    def people(self) -> list[str]: ...

    def present(self, name: str) -> bool: ...

    def bound(self) -> list[tuple[Binding, Session]]: ...

    def send_away(self, binding: Binding, session: Session) -> None: ...

    def tell(self, note: Note, *, seat: int | None = None) -> None: ...


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
        player = name in room.plan.people
        if not player and self.watchers != "talk":
            raise Refused("server.watchers_quiet", host=room.plan.host)
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
        return list(dict.fromkeys(b.name for b, _ in self.room.bound() if b.seat is None))

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

    def unmute(self, binding: Binding, name: str) -> None:
        """The host lets ``name`` talk again."""
        self._host(binding)
        if self.muted.pop(name, None) is None:
            raise Refused("server.not_muted", name=name)
        self._tell(name, Note("server.unmuted_you"))
        self._tell(binding.name, Note("server.unmuted", (("name", name),)))

    def set_watchers(self, binding: Binding, how: str) -> None:
        """The host decides what watchers may (one of :data:`WATCHERS`); ``off`` sends those
        watching back to the lobby, and the room refuses ``watch CODE`` from then on."""
        self._host(binding)
        if how not in WATCHERS:
            raise ValueError(f"watchers {how[:8]!r}")
        self.watchers = how
        if how == "off":
            for bound, session in self.room.bound():
                if bound.seat is None:
                    self.room.send_away(bound, session)
        self.room.tell(Note(f"server.watchers_{how}", (("name", binding.name),)))

    def _host(self, binding: Binding) -> None:
        """:class:`Unbound` unless ``binding`` is in force and its player is the host."""
        room = self.room
        if not room.is_bound(binding) or binding.name != room.plan.host:
            raise Unbound("server.host_decides", host=room.plan.host)

    def _tell(self, name: str, note: Note) -> None:
        """Pass ``note`` to every session of ``name`` at the table."""
        for bound, session in self.room.bound():
            if bound.name == name:
                session.note(note)


def clean_line(text: str, most: int = MAX_SAY) -> str:
    """A line someone typed for others, at most ``most`` characters: control characters
    dropped, and every character a terminal does not draw one column wide (a combining
    mark, a zero-width or "wide blank" like U+3164, a double-width character), so that the
    line is as wide as it is long and breaks where the screen's width says."""
    composed = unicodedata.normalize("NFC", text)  # é typed as e and its accent: one column
    kept = "".join(c for c in composed if _one_column(c))
    return visible(" ".join(kept.split()))[:most]


def clean_name(name: str) -> str:
    """A name shown at a table, as :func:`clean_line` keeps a line (at most :data:`MAX_NAME`)."""
    return clean_line(name, MAX_NAME)


def _one_column(char: str) -> bool:
    """Whether ``char`` is printable and drawn one column wide, wherever it is drawn: East
    Asian wide and fullwidth characters take two (U+3164 too, though wcwidth says none)."""
    if not char.isprintable() or char in "\u2028\u2029":
        return False
    if unicodedata.east_asian_width(char) in "WF":
        return False
    return get_cwidth(char) == 1
