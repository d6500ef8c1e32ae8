"""What a person's connection asks of the server it came to (:class:`Reception`): the way in to
the tables (a :class:`~.directory.Tables`: their directory, and a link for each request),
the book of names, the limits, the counts of talk, the server's log, and whether it stops.

The server's :class:`~.service.Service` is the one reception; a connection's fronts (the lobby,
a table's session, the terminal and its lines) know it only as this, so that none of them
reaches a room, a master or the hall (import-linter holds them to it).
"""

from __future__ import annotations

from typing import Protocol

from .directory import Tables
from .limits import Limits
from .names import KeyBook
from .shares import Tally


class Leaving(Protocol):
    """A connection or a session the server tells, and closes, when it stops."""

    def stopping(self) -> None: ...


class Reception(Protocol):
    """The server, as a person's connection sees it."""

    @property
    def door(self) -> Tables:
        """The tables: their directory, and a link for each request."""

    @property
    def keys(self) -> KeyBook:
        """The book of names (and the language each chose)."""

    @property
    def limits(self) -> Limits: ...

    @property
    def present(self) -> set[Leaving]:
        """The connections and the terminals to tell when the server stops."""

    @property
    def stopping(self) -> bool:
        """Whether the server is stopping."""

    @property
    def said_from(self) -> Tally:
        """``say`` lines within the minute, by address."""

    @property
    def said_at(self) -> Tally:
        """``say`` lines within the minute, by table code."""

    def report(self, line: str) -> None:
        """A line of the server's log."""
