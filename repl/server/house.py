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
    """What one person or one address may take of a server."""

    connections_per_address: int = 16
    sessions_per_name: int = 3
    line: int = 1000
    """The longest line a client may type, in characters (more is dropped, and said)."""
    commands: int = 20
    """Lines a session may run within :attr:`per_seconds`."""
    per_seconds: float = 10.0
    says_per_minute: int = 10
    lobby_idle: float = 600.0
    """Seconds someone may sit in the lobby without typing before being let go."""
    write_buffer: int = 1 << 20
    """Bytes a client may leave unread before its connection is closed."""


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
