"""The limits of a server: what one connection, one name, one address and the whole
server may take (:class:`Limits`, docs/running-a-server.md lists them), and how a budget
of the whole server is shared among addresses and networks (:func:`connection_share` …).

A leaf: it imports no table, no hall and no connection, so that whatever holds a cap (a
connection's bytes, its keyboard, its display) reads it without the server's root.
"""

from __future__ import annotations

from attrs import frozen

from ..words.grammar import MAX_LINE
from .shares import Share

PER_NAME = 4
"""Hints and judgements one player may have asked for and not had yet, at all their
tables: a person asks one hint at a time and makes two moves a turn, so a player who
reaches it asks faster than the AI answers."""
PER_TABLE = 8
"""The same, for one table and everyone at it."""
THREADS = 1
"""The AI's threads hints and judgements may take at once, on the whole server."""


@frozen(kw_only=True)
class Limits:
    """What one connection, one name, one address and the whole server may take.

    Modelled on OpenSSH's ``sshd_config`` (``MaxStartups``, ``LoginGraceTime``,
    ``MaxAuthTries``, ``MaxSessions``, ``PerSourcePenalties``): every resource a stranger
    can make the server spend has a cap here, per connection or name, per address and in
    total, and nothing waits forever. An address is an IPv4 address or an IPv6 /64
    network (:func:`~.shares.address_of`); a network is an IPv4 /24 or an IPv6 /48
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
