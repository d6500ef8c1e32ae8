"""What every connection to a server shares: its tables, its book of names and keys, and
the limits one person or one address may take."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from attrs import frozen

from .hall import Hall
from .names import KeyBook


@frozen(kw_only=True)
class Limits:
    """What one connection, one name, one address and the whole server may take.

    Modelled on OpenSSH's ``sshd_config`` (``MaxStartups``, ``LoginGraceTime``,
    ``MaxAuthTries``, ``MaxSessions``, ``PerSourcePenalties``): every resource a stranger
    can make the server spend has a cap here, per connection or name, per address and in
    total, and nothing waits forever. The README's "Running a server" lists them.
    """

    # -- connections -----------------------------------------------------------------
    connections_total: int = 256
    """Open SSH connections at once (a file descriptor each, and a prompt's two)."""
    connections_per_address: int = 16
    handshakes_total: int = 32
    """Connections not yet logged in, at once (more are dropped at random, early)."""
    handshakes_per_address: int = 8
    login_timeout: float = 20.0
    """Seconds a connection may take to log in."""
    # -- logging in ------------------------------------------------------------------
    password_tries_per_address: int = 6
    """Wrong passwords an address may try within :attr:`penalty_seconds`; then it waits."""
    penalty_seconds: float = 60.0
    new_names_per_address: int = 5
    """Names an address may claim (their first key) within an hour."""
    new_names_per_hour: int = 200
    """Names the whole server takes within an hour."""
    # -- sessions and terminals ------------------------------------------------------
    sessions_per_name: int = 3
    sessions_total: int = 256
    columns: int = 300
    """The widest terminal drawn for (a client may say it is wider)."""
    rows: int = 120
    # -- typing ----------------------------------------------------------------------
    line: int = 1000
    """The longest line a client may type, in characters (more is dropped, and said)."""
    bytes_per_second: int = 2048
    """Bytes a client may type in a second (a paste or a held key included)."""
    bytes_burst: int = 8192
    """Bytes a client may type at once before :attr:`bytes_per_second` applies."""
    commands: int = 20
    """Lines a session may run within :attr:`per_seconds`."""
    per_seconds: float = 10.0
    says_per_minute: int = 10
    lobby_idle: float = 600.0
    """Seconds someone may sit in the lobby without typing before being let go."""
    write_buffer: int = 1 << 20
    """Bytes a client may leave unread before its connection is closed."""
    # -- tables ----------------------------------------------------------------------
    tables_total: int = 100
    """Open tables (not finished) on the server."""
    tables_per_name: int = 3
    """Open tables one player may host."""
    tables_per_address: int = 6
    abandoned_after: float = 3600.0
    """Seconds a table may wait with nobody at it (before or during its game) before it is
    closed."""
    # -- the server's own log --------------------------------------------------------
    log_window: float = 60.0
    """A refusal of one kind from one address is logged once within this many seconds."""


class Service:
    """Everything the connections of one server share."""

    def __init__(
        self,
        hall: Hall,
        keys: KeyBook,
        *,
        password: str | None = None,
        limits: Limits | None = None,
        report: Callable[[str], None] = print,
    ) -> None:
        self.hall = hall
        self.keys = keys
        self.password = password
        self.limits = limits or Limits()
        self.report = report
        self.addresses: dict[str, int] = defaultdict(int)
        self.sessions: dict[str, int] = defaultdict(int)
