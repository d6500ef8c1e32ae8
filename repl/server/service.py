"""What every connection to a server shares: its tables, its book of names and keys, and
the counts its limits are held to (:class:`Service`). The root of the server: whatever
holds it reaches every table, so a connection's own pieces (its bytes, keys and display)
import the leaves instead (:mod:`.limits`, :mod:`.shares`, :mod:`.server_log`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from .directory import NoLog
from .door import Door
from .hall import Hall
from .leases import Lease, Sessions
from .limits import (
    Limits,
    connection_share,
    handshake_share,
    new_connection_share,
    new_name_share,
)
from .names import Identity, KeyBook, visible_name
from .reception import Leaving
from .server_log import Refusals
from .shares import WHERE, Count, Held, Spent, Tally


class Service:
    """Everything the connections of one server share, and what they hold of it now."""

    def __init__(
        self,
        hall: Hall,
        keys: KeyBook,
        *,
        password: str | None = None,
        limits: Limits | None = None,
        report: Callable[[str], None] = print,
        chance: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.hall = hall
        self.door = Door(hall)
        """The way in to the tables for a front: the directory, and a link for each
        request (:mod:`.door`)."""
        self.keys = keys
        self.password = password
        self.limits = limits = limits or Limits()
        self.report = report
        draw = (chance or random.Random()).random
        self.refusals = Refusals(report, limits.log_window)
        self.connections = Held(connection_share(limits), chance=draw)
        """Open connections by address (and network)."""
        self.handshakes = Held(handshake_share(limits), chance=draw)
        """Connections not yet logged in, by address (and network)."""
        self.sessions = Sessions(
            per_name=limits.sessions_per_name,
            per_address=limits.sessions_per_address,
            total=limits.sessions_total,
        )
        """Sessions with a terminal, a command or a browser, by name and by address (each
        holds a :class:`~.leases.Lease`: :meth:`session`)."""
        self.opened = Spent(60.0, new_connection_share(limits), chance=draw, clock=clock)
        """Connections opened within the minute, by address, by network and in all."""
        self.wrong_passwords = Tally(limits.penalty_seconds, most=limits.password_tries_per_address)
        self.new_names = Spent(3600.0, new_name_share(limits), clock=clock)
        """Names claimed within the hour, by address, by network and in all."""
        self.logins = Count()
        """Logged-in connections and browsers, by name (a name in use is never freed: see
        :meth:`~.names.KeyBook.forget_lapsed`; each holds a lease: :meth:`login`)."""
        self.by_password = Count()
        """Logged-in connections that came in with the password, by name."""
        self.said_from = Tally(60.0, most=limits.says_per_address)
        """``say`` lines within the minute, by address."""
        self.said_at = Tally(60.0, most=limits.says_per_table)
        """``say`` lines within the minute, by table code."""
        self.present: set[Leaving] = set()
        """The connections and the terminals to tell when the server stops."""
        self.refusing = Count()
        """Refused connections still waiting to be told why (:class:`~.ssh_bytes.Parting`)."""
        self.stopping = False
        keys.in_use = lambda name: self.logins[name] > 0
        hall.seated = keys.sat
        hall.owner_since = keys.owner_since
        keys.seated_before(hall_names(hall))

    def refuse(self, kind: str, address: str, line: str) -> None:
        """Log a refusal, once per kind and address within :attr:`Limits.log_window`."""
        self.refusals(kind, address, line)

    def connection_problem(
        self, address: str, *, new: bool = True, logging_in: bool = True
    ) -> str | None:
        """Why a connection from ``address`` may not come in now, or ``None``: the server
        stops, or a shared budget is spent (``new``: one more open connection, and one more
        opened within the minute; ``logging_in``: one more login under way)."""
        if self.stopping:
            return "the server is stopping"
        budgets: list[tuple[str, Held | Spent]] = []
        if new:
            budgets += [("new connections", self.opened), ("connections", self.connections)]
        if logging_in:
            budgets.append(("logins at once", self.handshakes))
        for what, budget in budgets:
            why = budget.refusal(address)
            if why is not None:
                return f"too many {what}" + WHERE.get(why, "")
        return None

    def session_problem(self, name: str, address: str) -> str | None:
        """Why a session of ``name`` from ``address`` (a terminal, a command, a browser)
        may not start now, or ``None``: the server stops, or the sessions in all, of the
        address, of the name (:meth:`~.leases.Sessions.problem`)."""
        if self.stopping:
            return "the server is stopping"
        return self.sessions.problem(name, address)

    def session(self, name: str, address: str, *, login: bool = False) -> Lease:
        """A session of ``name`` from ``address`` starts (its :meth:`session_problem` was
        asked): counted until the lease is given back; with ``login``, its login too (a
        browser's session is its login)."""
        also = ((self.logins, name),) if login else ()
        return self.sessions.lease(name, address, *also)

    def login(self, name: str, *, password: bool) -> Lease:
        """A connection logged in as ``name`` (``password``: with the password, so it holds
        the name meanwhile): counted until the lease is given back."""
        held = [(self.logins, name)]
        if password:
            held.append((self.by_password, name))
        return Lease(*held)

    async def fetch_log(self, who: Identity, code: str) -> bytes | str:
        """The log of table ``code`` for ``who`` (``log CODE``, over SSH or in a browser),
        read on a worker; or the text key of why not (a file that cannot be read is
        logged, and said as no such table)."""
        try:
            found = await self.hall.fetch_log(who, code)
        except Exception as error:
            self.report(f"{who.name}: the log of {visible_name(code)!r} failed: {error!r}")
            found = NoLog.NONE
        if isinstance(found, NoLog):
            return f"server.no_log_{found.name.lower()}"
        return found

    def new_name_problem(self, address: str) -> str | None:
        """Why ``address`` may not claim a new name now (a text key), or ``None``."""
        if self.keys.full():
            return "server.names_full"
        return NAME_REFUSALS.get(self.new_names.refusal(address) or "")

    def name_claimed(self, address: str) -> None:
        """Count a new name claimed from ``address`` against the hour's shares."""
        self.new_names.spend(address)

    def take_name(self, name: str, key: str, address: str) -> str | None:
        """Take ``name`` for the key whose fingerprint is ``key`` now (in memory: the book
        is written next), a new name counted against ``address``'s shares; why not:
        ``other_key`` (another key owns it), ``password_name`` (someone holds it with the
        password), or a text key of why ``address`` may take no new name now."""
        new = self.keys.owner(name) is None
        if new and self.password_holds(name):
            return "password_name"
        why = self.new_name_problem(address) if new else None
        if why is not None:
            return why
        if not self.keys.take(name, key):
            return "other_key"
        if new:
            self.name_claimed(address)
        return None

    def most_names(self, why: str) -> int:
        """How many new names the share that refused one holds (an address's, a network's)."""
        limits = self.limits
        if why == "server.names_from_network":
            return limits.new_names_per_network
        return limits.new_names_per_address

    def password_holds(self, name: str) -> bool:
        """Whether someone who came in with the password holds ``name`` now: they are
        logged in under it, or sit at a table that is not over under it while no key owns
        it (also after a restart: the tables' plans say who sits where; a table that
        cannot be resumed keeps them, should its files be mended). A key cannot claim
        such a name."""
        if self.by_password[name]:
            return True
        if self.keys.owner(name) is not None:
            return False
        directory = self.hall.directory  # (as published: the name checks read only that)
        return directory.seated(name) or bool(directory.kept_of(name))


NAME_REFUSALS = {
    "address": "server.names_from_address",
    "network": "server.names_from_network",
    "total": "server.names_busy",
}
"""Why a new name is refused (a :meth:`~.shares.Share.refusal`), as a text key."""


def hall_names(hall: Hall) -> set[str]:
    """Every name that sits, or sat, at a table of ``hall`` (open, over, or one that
    cannot be resumed)."""
    names = set(hall.past)
    for room in hall.rooms.values():
        names.update(room.people())
    for kept in hall.kept.values():
        names.update(kept.people())
    return names
