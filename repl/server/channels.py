"""What one logged-in connection may hold: how many session channels (started or not), what
each keeps of what the client tells it, and how long it may go without a session.

An SSH client may open session channels on one connection and never start them, or log
in and open none; asyncssh would keep every channel and the connection for ever, and
every environment variable a client tells a channel. So a connection holds at most
:attr:`~.limits.Limits.sessions_per_connection` channels (OpenSSH's ``MaxSessions``), is
let go when it has had no terminal or command for :attr:`~.limits.Limits.session_grace`
seconds (:class:`Channels`), and a channel keeps only the few variables the server reads,
each short (:func:`keep_little`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import asyncssh
from asyncssh.packet import SSHPacket

KEPT = frozenset({b"LANG", b"LC_ALL", b"LC_MESSAGES", b"LANGUAGE", b"NO_COLOR"})
"""The environment variables a channel keeps: those the server reads (the language, and
whether to draw in colour). Any other is refused, as OpenSSH's ``AcceptEnv`` does."""

LONGEST_VALUE = 64
"""The longest value of a variable kept, in bytes (a locale is a dozen)."""

LONGEST_TERMINAL = 64
"""The longest terminal type a session takes (``xterm-256color`` is 14)."""


class Channels:
    """The session channels of one logged-in connection: how many are open, how many of
    them run a terminal or a command, and the wait for one when none does."""

    def __init__(self, most: int, grace: float, let_go: Callable[[], None]) -> None:
        self.most = most
        self.grace = grace
        self.open = 0
        """Channels open, started or not."""
        self.started = 0
        """Channels that run a terminal or a command."""
        self._let_go = let_go
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False

    def full(self) -> bool:
        """Whether one more channel would be too many."""
        return self.open >= self.most

    def opened(self) -> None:
        self.open += 1

    def began(self) -> None:
        """A channel started a terminal or a command: the connection has a session."""
        self.started += 1
        self._cancel()

    def ended(self, started: bool) -> None:
        """A channel closed (``started``: it ran a terminal or a command)."""
        self.open = max(self.open - 1, 0)
        if started:
            self.started = max(self.started - 1, 0)
            if not self.started:
                self.wait()

    def wait(self) -> None:
        """Wait :attr:`grace` seconds for a session; with none by then, let go."""
        self._cancel()
        if not self._closed:
            self._timer = asyncio.get_running_loop().call_later(self.grace, self._expired)

    def close(self) -> None:
        """The connection is gone: nothing more to wait for."""
        self._closed = True
        self._cancel()

    def _expired(self) -> None:
        self._timer = None
        if not self.started and not self._closed:
            self._let_go()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def keep_little(chan: asyncssh.SSHServerChannel[bytes]) -> None:
    """Let ``chan`` keep only the variables of :data:`KEPT`, each of
    :data:`LONGEST_VALUE` bytes at most, and refuse X11 and agent forwarding at once.

    asyncssh keeps every variable a client tells a channel, any number, each as long as a
    packet; and it answers a forwarding in a task of its own (to refuse it, here). It has
    no hook for either, so its handlers of the two requests are replaced on the channel."""

    def environment(packet: SSHPacket) -> bool:
        name, value = packet.get_string(), packet.get_string()
        packet.check_end()
        if name not in KEPT or len(value) > LONGEST_VALUE:
            return False
        chan._env[name] = value
        return True

    def refused(packet: SSHPacket) -> bool:
        return False

    chan._process_env_request = environment  # type: ignore[method-assign]
    chan._process_x11_req_request = refused  # type: ignore[method-assign]
    # (asyncssh's agent handler answers later, and says so by returning None)
    chan._process_auth_agent_req_at_openssh_dot_com_request = refused  # type: ignore[method-assign,assignment]
