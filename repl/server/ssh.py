"""The SSH side of a server: who may log in, what a connection may ask for, the limits,
and one person's prompt in their own terminal.

A connection may open one kind of channel: a session with a terminal, which runs the
game's prompt (:class:`Guest`), or the single command ``log CODE``, which sends a
finished table's log to someone who sat at it. Nothing else is served: no other
command, no shell, no SFTP or SCP, no port, agent or X11 forwarding.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
from typing import Any

import asyncssh

from .house import Service
from .names import name_problem, password_matches
from .terminal import Guest


class GameServer(asyncssh.SSHServer):
    """One SSH connection: its address, its user name and how it proved it."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.name = ""
        self.fingerprint: str | None = None
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        service = self.service
        if service.addresses[self.address] >= service.limits.connections_per_address:
            service.report(f"refused {self.address}: too many connections")
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections")
            return
        service.addresses[self.address] += 1
        self.counted = True
        service.report(f"connection from {self.address}")

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.service.addresses[self.address] -= 1
        if exc is not None and not isinstance(exc, asyncssh.ConnectionLost):
            self.service.report(f"connection from {self.address} ({self.name}) ended: {exc}")

    def begin_auth(self, username: str) -> bool:
        self.name = username[:40]
        if name_problem(username) is not None and self.conn is not None:
            self.service.report(f"refused {self.address}: the name {visible_name(username)!r}")
            self._banner(
                f"'{visible_name(username)}' cannot be a player's name: use a lower-case "
                "letter, then up to 15 letters, digits, - or _ (ssh NAME@host)."
            )
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if name_problem(username) is not None:
            return False
        fingerprint = key.get_fingerprint("sha256")
        owner = self.service.keys.owner(username)
        if owner is not None and owner != fingerprint:
            self.service.report(f"refused {self.address}: name {username} with another key")
            self._banner(
                f"The name '{username}' belongs to another key on this server. "
                "Log in with that key, or choose another name (ssh OTHER@host)."
            )
            return False
        self.fingerprint = fingerprint
        return True

    def password_auth_supported(self) -> bool:
        return bool(self.service.password)

    def validate_password(self, username: str, password: str) -> bool:
        if name_problem(username) is not None:
            return False
        if self.service.keys.owner(username) is not None:
            self._banner(f"The name '{username}' belongs to a key: log in with that key.")
            return False
        if not password_matches(self.service.password, password):
            self.service.report(f"refused {self.address}: wrong password for {username}")
            return False
        self.fingerprint = None
        return True

    def auth_completed(self) -> None:
        service = self.service
        try:
            taken = self.fingerprint is not None and not service.keys.claim(
                self.name, self.fingerprint
            )
        except OSError as error:  # a full disk: a name that cannot be kept is not given
            service.report(f"refused {self.address}: cannot keep the name {self.name}: {error}")
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "the server cannot save now")
            return
        if taken:
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "name taken")
            return
        how = "key " + self.fingerprint if self.fingerprint else "password"
        service.report(f"{self.name} logged in from {self.address} ({how})")

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        service = self.service
        if service.sessions[self.name] >= service.limits.sessions_per_name:
            service.report(f"refused a session of {self.name}: too many at once")
            return False
        return GameSession(self)

    def _banner(self, text: str) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.send_auth_banner(text + "\r\n")


def visible_name(name: str) -> str:
    """A refused user name, safe to show: printable ASCII only, at most 20 characters."""
    return "".join(c if c.isascii() and c.isprintable() else "?" for c in name[:20])


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One channel: the game's prompt in a terminal, or ``log CODE``."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.service = server.service
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.command: str | None = None
        self.has_terminal = False
        self.guest: Guest | None = None
        self.task: asyncio.Task[None] | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.service.sessions[self.server.name] += 1

    def connection_lost(self, exc: Exception | None) -> None:
        self.service.sessions[self.server.name] -= 1
        if self.task is not None:
            self.task.cancel()

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.has_terminal = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command[:200]
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.service.report(f"refused {self.server.name}: subsystem {visible_name(subsystem)}")
        return False

    def session_started(self) -> None:
        chan = self.chan
        assert chan is not None
        if self.command is not None:
            self._run_command(chan, self.command)
            return
        if not self.has_terminal:
            chan.write(b"This game needs a terminal: connect with ssh -t.\r\n")
            chan.exit(1)
            return
        self.guest = Guest(self.service, self.server.name, chan)
        self.task = asyncio.ensure_future(self.guest.run())

    def _run_command(self, chan: asyncssh.SSHServerChannel[bytes], command: str) -> None:
        """``log CODE``: a finished table's log, for someone who sat at it."""
        words = command.split()
        name = self.server.name
        if len(words) != 2 or words[0] != "log":
            self.service.report(f"refused {name}: command {visible_name(command)!r}")
            chan.write_stderr(b"The only command this server runs is: log CODE\n")
            chan.exit(2)
            return
        self.task = asyncio.ensure_future(self._send_log(chan, name, words[1]))

    async def _send_log(self, chan: asyncssh.SSHServerChannel[bytes], name: str, code: str) -> None:
        try:
            found = await self.service.hall.fetch_log(name, code)  # read on a worker thread
        except Exception as error:  # (an unreadable file: said as no such table, and logged)
            self.service.report(f"{name}: the log of {visible_name(code)!r} failed: {error!r}")
            found = "none"
        if isinstance(found, bytes):
            chan.write(found)
            self.service.report(f"{name} fetched the log of {visible_name(code).upper()}")
            chan.exit(0)
            return
        chan.write_stderr(_NO_LOG.get(found, _NO_LOG["none"]))
        chan.exit(1)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.guest is None:
            return
        text = self._decoder.decode(data)
        self.guest.typed(text)

    def eof_received(self) -> bool:
        if self.guest is not None:
            self.guest.typed("\x04")
        return self.command is not None  # (half open: a log may still be on its way)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.guest is not None:
            self.guest.resized()


_NO_LOG = {
    "none": b"No table with that code that you sat at.\n",
    "running": b"That game is not over yet: its log is sent once it is.\n",
    "closed": b"That game was closed before its end: its seed stays a secret.\n",
}
"""Why ``log CODE`` sends nothing (see :meth:`~.hall.Hall.fetch_log`)."""
