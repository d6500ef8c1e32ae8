"""Where a table's log is kept: the :class:`Store` a table keeps in step with its log, and
its one refusal, :class:`StoreRefused`.

The autosave of a game at a terminal and a server's table file are stores
(:mod:`repl.files.log_file`); they know this much of the table and nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .events import Event


class Store(Protocol):
    """Where a table's log is kept (the autosave, a server's table file).

    A store either keeps the change or refuses it with :class:`StoreRefused`; any other
    trouble is its own. The autosave of a game at a terminal never refuses (it tells of a
    full disk and catches up at a later :meth:`sync`); a server's table file refuses, so
    that no player is told a move the disk does not hold.
    """

    def sync(self, events: Sequence[Event]) -> None:
        """Make the stored log equal ``events``: append what is new, cut what was undone;
        raise :class:`StoreRefused` when that cannot be done now."""


class StoreRefused(Exception):
    """A store could not keep a change (the disk is full). The table that asked put its
    log back as it was before the change and told nobody; try again later."""
