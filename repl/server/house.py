"""What every connection to a server shares: its tables, its book of names and keys, the
limits one person or one address may take, and the counts those limits are held to.

>>> address_of("2001:db8::1"), address_of("::ffff:192.0.2.7")
('2001:db8::/64', '192.0.2.7')
"""

from __future__ import annotations

import ipaddress
import random
import threading
import time
from collections.abc import Callable
from typing import Protocol

from attrs import define, frozen

from ..words.grammar import MAX_LINE
from .coaching import PER_NAME, PER_TABLE, THREADS
from .hall import Hall
from .names import KeyBook
from .shares import Count as Count  # (re-exported: the counts were here first)
from .shares import Held, Share, Spent
from .shares import Tally as Tally


@frozen(kw_only=True)
class Limits:
    """What one connection, one name, one address and the whole server may take.

    Modelled on OpenSSH's ``sshd_config`` (``MaxStartups``, ``LoginGraceTime``,
    ``MaxAuthTries``, ``MaxSessions``, ``PerSourcePenalties``): every resource a stranger
    can make the server spend has a cap here, per connection or name, per address and in
    total, and nothing waits forever. An address is an IPv4 address or an IPv6 /64
    network (:func:`address_of`); a network is an IPv4 /24 or an IPv6 /48
    (:func:`~.shares.network_of`). A budget of the whole server is shared
    (:class:`~.shares.Share`): each address and each network may take a part of it only,
    and its reserve is kept for the networks that are quiet. docs/running-a-server.md
    lists them.
    """

    # -- connections -----------------------------------------------------------------
    connections_total: int = 256
    """Open SSH connections at once (a file descriptor each). Fewer when the process may
    not open that many files (``ulimit -n``): see :attr:`descriptors_reserve`."""
    connections_per_address: int = 16
    new_connections_per_address: int = 60
    """Connections an address may open within a minute (each costs the server a key
    exchange, a few milliseconds)."""
    new_connections_per_minute: int = 1200
    """Connections the whole server takes within a minute."""
    handshakes_total: int = 32
    """Connections not yet logged in, at once; from half of what is not reserved
    (:attr:`handshakes_reserve`) on, a new one from a network that is not quiet is
    dropped at random, more often the fuller it is (OpenSSH's ``MaxStartups`` 12:8:24)."""
    handshakes_per_address: int = 8
    login_timeout: float = 20.0
    """Seconds a connection may take to log in."""
    descriptors_reserve: int = 64
    """File descriptors kept free of connections, for the tables' files and the server
    itself; the connection caps shrink to what the process may open (``ulimit -n``)."""
    connections_per_network: int = 64
    """Open connections from one network (an IPv4 /24, an IPv6 /48) at once."""
    connections_reserve: int = 32
    """Of :attr:`connections_total`, the connections kept for quiet networks (those that
    hold fewer than a quarter of :attr:`connections_per_address`)."""
    new_connections_per_network: int = 300
    """Connections one network may open within a minute."""
    new_connections_reserve: int = 300
    """Of :attr:`new_connections_per_minute`, the connections kept for quiet networks
    (those that opened fewer than a quarter of :attr:`new_connections_per_address` within
    the minute); the others are dropped at random from half of the rest on."""
    handshakes_per_network: int = 16
    """Connections from one network not yet logged in, at once."""
    handshakes_reserve: int = 8
    """Of :attr:`handshakes_total`, the logins kept for quiet networks (those with fewer
    than a quarter of :attr:`handshakes_per_address` logging in); the others are dropped
    at random from half of the rest on."""
    proxy_connections: int = 128
    """Open connections from the reverse proxy in front of the web front (``serve
    --web-proxy``), all of them together: a share of :attr:`connections_total` that is the
    web front's own, never the reserve. The browsers behind it are counted by the address
    the proxy names, in shares of this one (:class:`~.web.gate.Proxied`)."""
    # -- logging in ------------------------------------------------------------------
    auth_tries: int = 6
    """Failed logins one connection may try (a key refused, a wrong password)."""
    password_tries_per_address: int = 6
    """Wrong passwords an address may try within :attr:`penalty_seconds`; then it waits."""
    penalty_seconds: float = 60.0
    password_delay: float = 1.0
    """Seconds before a wrong password is answered, doubled for each wrong one the address
    tried within :attr:`penalty_seconds` (at most eight times this)."""
    new_names_per_address: int = 5
    """Names an address may claim (their first key) within an hour."""
    new_names_per_hour: int = 200
    """Names the whole server takes within an hour."""
    names_total: int = 10_000
    """Names the book keeps keys for; a full book takes no new name."""
    new_names_per_network: int = 20
    """Names one network may claim within an hour."""
    new_names_reserve: int = 50
    """Of :attr:`new_names_per_hour`, the names kept for quiet networks (those that
    claimed none within the hour)."""
    unseated_names_kept: float = 86_400.0
    """Seconds a name that never sat at a table stays its key's; then it is free again
    (not while its key is logged in). A day: the names that never sit then number at most
    a day of :attr:`new_names_per_hour` (4,800), so the book cannot fill with them."""
    # -- sessions and terminals ------------------------------------------------------
    sessions_per_name: int = 3
    sessions_per_address: int = 16
    sessions_total: int = 256
    sessions_per_connection: int = 10
    """Session channels one connection may hold open, started or not (OpenSSH's
    ``MaxSessions``): one more is refused when it is opened."""
    session_grace: float = 30.0
    """Seconds a logged-in connection may go without a terminal or a command (from its
    login, or from the end of its last one) before it is let go."""
    columns: int = 300
    """The widest terminal drawn for (a client may say it is wider)."""
    rows: int = 120
    # -- typing ----------------------------------------------------------------------
    line: int = MAX_LINE
    """The longest line a client may type, in characters (more is dropped, and said); at
    most the game's own bound on a command line."""
    bytes_per_second: int = 2048
    """Bytes a client may type in a second (a paste or a held key included); more wait,
    and the client is made to wait too (its SSH window stays shut)."""
    bytes_burst: int = 8192
    """Bytes a client may type at once before :attr:`bytes_per_second` applies."""
    keys_per_second: float = 50.0
    """Keys one session may press in a second (a held key, a paste typed key by key; a
    bracketed paste is one key); more wait their turn."""
    keys_burst: int = 1000
    line_keys_per_second: float = 5.0
    """Keys that end, clear or complete a line (Enter, Ctrl-C, Ctrl-D, Tab, F2) one
    session may press in a second; more wait their turn."""
    line_keys_burst: int = 20
    commands: int = 20
    """Lines a session may run within :attr:`per_seconds`."""
    per_seconds: float = 10.0
    says_per_minute: int = 10
    """``say`` lines one session may send within a minute."""
    lobby_idle: float = 600.0
    """Seconds someone may sit in the lobby without typing before being let go."""
    keepalive_interval: float = 15.0
    """Seconds between the keepalives the server sends each logged-in connection, whatever
    the client sends meanwhile; its answer waits behind what it has not read."""
    keepalive_misses: int = 2
    """Keepalives a connection may leave unanswered in a row before it is let go."""
    write_buffer: int = 1 << 20
    """Bytes a client may leave unread before its connection is closed: all that waits to be
    sent to it, on its channel and in the connection's transport, whatever SSH window the
    client announced."""
    says_per_address: int = 20
    """``say`` lines one address may send within a minute, all its sessions together (at
    any tables): a crowd of sessions from one host talks no more than a few people."""
    says_per_table: int = 30
    """``say`` lines one table passes on within a minute, from everyone at it together:
    what reaches each player's terminal, however many talk."""
    # -- tables ----------------------------------------------------------------------
    tables_total: int = 100
    """Open tables (not finished) on the server."""
    tables_per_name: int = 3
    """Open tables one player may host."""
    tables_per_address: int = 6
    abandoned_after: float = 3600.0
    """Seconds a table may wait with nobody at it (before or during its game) before it is
    closed."""
    # -- hints and the coach ----------------------------------------------------------
    advice_per_name: int = PER_NAME
    """Hints and coach judgements one player may have asked for and not had yet, at all
    their tables; past it a hint is refused (ask again in a moment) and a move goes
    unjudged (the player hears both)."""
    advice_per_table: int = PER_TABLE
    """The same, for one table and everyone at it."""
    advice_threads: int = THREADS
    """The AI's threads hints and coach judgements take at once, on the whole server (a
    table's, one at a time); at most all of them but one, kept for the AI's turns."""
    # -- the server's own log --------------------------------------------------------
    log_window: float = 60.0
    """A refusal of one kind from one address is logged once within this many seconds."""


class Leaving(Protocol):
    """A connection or a session the server tells, and closes, when it stops."""

    def stopping(self) -> None: ...


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
        self.sessions = Count()
        """Sessions with a terminal or a command, by name."""
        self.sessions_from = Count()
        """The same sessions, by address."""
        self.opened = Spent(60.0, new_connection_share(limits), chance=draw, clock=clock)
        """Connections opened within the minute, by address, by network and in all."""
        self.wrong_passwords = Tally(limits.penalty_seconds, most=limits.password_tries_per_address)
        self.new_names = Spent(3600.0, new_name_share(limits), clock=clock)
        """Names claimed within the hour, by address, by network and in all."""
        self.logins = Count()
        """Logged-in connections, by name (a name in use is never freed: see
        :meth:`~.names.KeyBook.forget_lapsed`)."""
        self.by_password = Count()
        """Logged-in connections that came in with the password, by name."""
        self.said_from = Tally(60.0, most=limits.says_per_address)
        """``say`` lines within the minute, by address."""
        self.said_at = Tally(60.0, most=limits.says_per_table)
        """``say`` lines within the minute, by table code."""
        self.present: set[Leaving] = set()
        """The connections and the terminals to tell when the server stops."""
        self.refusing = Count()
        """Refused connections still waiting to be told why (:class:`~.wire.Refusal`)."""
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
        may not start now, or ``None``: the sessions in all, of the address, of the name."""
        limits = self.limits
        if self.stopping:
            return "the server is stopping"
        if self.sessions.total >= limits.sessions_total:
            return "too many sessions"
        if self.sessions_from[address] >= limits.sessions_per_address:
            return "too many sessions from the address"
        if self.sessions[name] >= limits.sessions_per_name:
            return "too many at once of the name"
        return None

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
        if any(room.seat_of(name) is not None for room in self.hall.open_tables()):
            return True
        return bool(self.hall.kept_of(name))


WHERE = {"address": " from the address", "network": " from the network"}
"""How a refusal of a shared budget (:meth:`~.shares.Share.refusal`) is logged: whose
share it was (the server's own, when none)."""

NAME_REFUSALS = {
    "address": "server.names_from_address",
    "network": "server.names_from_network",
    "total": "server.names_busy",
}
"""Why a new name is refused (a :meth:`Share.refusal`), as a text key."""


def hall_names(hall: Hall) -> set[str]:
    """Every name that sits, or sat, at a table of ``hall`` (open, over, or one that
    cannot be resumed)."""
    names = set(hall.past)
    for room in hall.rooms.values():
        names.update(room.people())
    for kept in hall.kept.values():
        names.update(kept.people())
    return names


def connection_share(limits: Limits) -> Share:
    """How the open connections are shared."""
    return Share(
        total=limits.connections_total,
        per_network=limits.connections_per_network,
        per_address=limits.connections_per_address,
        reserve=limits.connections_reserve,
    )


def handshake_share(limits: Limits) -> Share:
    """How the logins under way are shared (with random early drop)."""
    return Share(
        total=limits.handshakes_total,
        per_network=limits.handshakes_per_network,
        per_address=limits.handshakes_per_address,
        reserve=limits.handshakes_reserve,
        early_drop=True,
    )


def new_connection_share(limits: Limits) -> Share:
    """How the connections opened within a minute are shared (with random early drop)."""
    return Share(
        total=limits.new_connections_per_minute,
        per_network=limits.new_connections_per_network,
        per_address=limits.new_connections_per_address,
        reserve=limits.new_connections_reserve,
        early_drop=True,
    )


def new_name_share(limits: Limits) -> Share:
    """How the names claimed within an hour are shared (no drop at random: a name is
    refused for a reason that holds)."""
    return Share(
        total=limits.new_names_per_hour,
        per_network=limits.new_names_per_network,
        per_address=limits.new_names_per_address,
        reserve=limits.new_names_reserve,
    )


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up.

    >>> bucket = Bucket(rate=10, burst=20, now=0.0)
    >>> bucket.take(25, now=0.0), bucket.take(5, now=0.5), bucket.wait(1, now=0.5)
    (20, 5, 0.1)
    >>> bucket.owe(30); bucket.take(5, now=1.0), bucket.wait(1, now=1.0)  # 25 still owed
    (0, 2.6)
    """

    def __init__(self, *, rate: float, burst: float, now: float | None = None) -> None:
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1.0)
        self.tokens = self.burst
        self.stamp = time.monotonic() if now is None else now

    def _fill(self, now: float | None) -> None:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, wanted: int, now: float | None = None) -> int:
        """Take up to ``wanted`` tokens; how many were taken (none while a debt is being
        paid: it is never forgiven)."""
        self._fill(now)
        taken = max(min(wanted, int(self.tokens)), 0)
        self.tokens -= taken
        return taken

    def owe(self, tokens: float) -> None:
        """Owe ``tokens`` taken beyond what there was (what a connection sent beyond its
        pace): paid in full at :attr:`rate` before a token may be taken again."""
        self.tokens -= max(tokens, 0.0)

    def wait(self, wanted: float, now: float | None = None) -> float:
        """Seconds until ``wanted`` tokens are there (at most a full bucket's worth)."""
        self._fill(now)
        missing = min(wanted, self.burst) - self.tokens
        return round(max(missing, 0.0) / self.rate, 6)


@define
class _Said:
    at: float
    more: int = 0


class Refusals:
    """The server's log of refusals: one line per kind and address within ``window``
    seconds; the next line of that kind and address says how many were not logged.

    A flood of refusals from many addresses is bounded too: past ``keys`` kinds and
    addresses within the window, the rest count as one address, ``*``. Any thread may
    log (what a library says on a table's worker, :mod:`~.libraries`).
    """

    def __init__(self, report: Callable[[str], None], window: float, keys: int = 4096) -> None:
        self.report = report
        self.window = window
        self.keys = keys
        self._said: dict[tuple[str, str], _Said] = {}
        self._lock = threading.Lock()

    def __call__(self, kind: str, address: str, line: str) -> bool:
        """Log ``line`` unless ``kind`` from ``address`` was logged within the window;
        whether it was logged."""
        with self._lock:
            return self._log(kind, address, line)

    def _log(self, kind: str, address: str, line: str) -> bool:
        now = time.monotonic()
        key = (kind, address)
        said = self._said.get(key)
        if said is None and len(self._said) >= self.keys:
            self._forget(now)
            if len(self._said) >= self.keys:
                key = (kind, "*")
                said = self._said.get(key)
        if said is not None and now - said.at < self.window:
            said.more += 1
            return False
        more = said.more if said is not None else 0
        self._said[key] = _Said(now)
        self.report(line + (f" (and {more} more like it before)" if more else ""))
        return True

    def _forget(self, now: float) -> None:
        for key in [key for key, said in self._said.items() if now - said.at >= self.window]:
            del self._said[key]


def address_of(peer: str) -> str:
    """The address a peer's caps are counted by: its IPv4 address, or the /64 network of an
    IPv6 address (one host often holds a whole /64)."""
    try:
        ip = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
