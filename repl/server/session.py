"""One channel of a logged-in connection: the game's prompt in a terminal
(:class:`~.terminal.Guest`), or the command ``log CODE``.

A channel keeps little of what the client tells it (:func:`~.channels.keep_little`), runs
only once its connection's caps on sessions let it (per name, per address and in total),
and tells its connection when it starts and ends (:class:`~.channels.Channels`, which lets
go of a connection without a session).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import asyncssh

from ..words.i18n import Texts
from .channels import LONGEST_TERMINAL, Channels, keep_little
from .leases import Lease, refusal_key
from .names import Identity, visible_name
from .service import Service
from .ssh_bytes import drained, let_go, unread
from .terminal import Guest, language_of

LOG_PIECE = 1 << 16
"""Bytes of a log ``log CODE`` writes at once, each once the client has read enough of
those before (:meth:`GameSession._send_log`)."""


class LoggedIn(Protocol):
    """What a session asks of its connection (:class:`~.ssh.GameServer`)."""

    service: Service
    name: str
    address: str
    """The address its caps are counted by."""
    new_name: bool
    """Whether its login took its name just now (the book is still being written)."""
    channels: Channels

    @property
    def who(self) -> Identity:
        """Who logged in: the name, and the key that proved it (``None``: the password)."""


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One channel: the game's prompt in a terminal, or ``log CODE``."""

    def __init__(self, server: LoggedIn) -> None:
        self.server = server
        self.service = server.service
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.command: str | None = None
        self.has_terminal = False
        self.lease: Lease | None = None
        """The session's place in the server's counts, from its start to its end."""
        self.guest: Guest | None = None
        self.task: asyncio.Task[None] | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        keep_little(chan)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.channels.ended(started=self.lease is not None)
        if self.lease is not None:
            self.lease.give_back()
        if self.guest is not None:
            self.guest.input.end()
        if self.task is not None:
            self.task.cancel()

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.has_terminal = len(term_type) <= LONGEST_TERMINAL
        return self.has_terminal

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command[:200]
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.service.refuse(
            "subsystem",
            self.server.address,
            f"refused {self.server.name}: subsystem {visible_name(subsystem)}",
        )
        return False

    def session_started(self) -> None:
        chan = self.chan
        assert chan is not None
        tx = Texts(language_of(chan.get_environment()))
        why = self.service.session_problem(self.server.name, self.server.address)
        if why is not None:
            name, address = self.server.name, self.server.address
            self.service.refuse("session", address, f"refused a session of {name}: {why}")
            most = self.service.limits.sessions_per_name
            chan.write(tx(refusal_key(why), most=most).encode("utf-8") + b"\r\n")
            chan.exit(1)
            return
        self.lease = self.service.session(self.server.name, self.server.address)
        self.server.channels.began()
        if self.command is not None:
            self.task = asyncio.ensure_future(self._run_command(chan, self.command, tx))
            return
        if not self.has_terminal:
            chan.write(b"This game needs a terminal: connect with ssh -t.\r\n")
            chan.exit(1)
            return
        self.guest = Guest(self.service, self.server.who, chan)
        self.task = asyncio.ensure_future(self._run_guest(self.guest, tx))

    async def _name_kept(self, chan: asyncssh.SSHServerChannel[bytes], tx: Texts) -> bool:
        """A name taken at this login is on disk before it is used (or the session ends)."""
        if not self.server.new_name or await self.service.keys.keep(self.server.name):
            self.server.new_name = False
            return True
        self.service.report(f"{self.server.name}: the book of names cannot be written")
        chan.write(tx("server.name_not_kept").encode("utf-8") + b"\r\n")
        chan.exit(1)
        return False

    async def _run_guest(self, guest: Guest, tx: Texts) -> None:
        if await self._name_kept(guest.chan, tx):
            await guest.run()

    async def _run_command(
        self, chan: asyncssh.SSHServerChannel[bytes], command: str, tx: Texts
    ) -> None:
        """``log CODE``: a finished table's log, for someone who sat at it."""
        if not await self._name_kept(chan, tx):
            return
        words = command.split()
        name = self.server.name
        if len(words) != 2 or words[0] != "log":
            self.service.refuse(
                "command", self.server.address, f"refused {name}: command {visible_name(command)!r}"
            )
            chan.write_stderr(b"The only command this server runs is: log CODE\n")
            chan.exit(2)
            return
        self.task = asyncio.ensure_future(self._send_log(chan, name, words[1]))

    async def _send_log(self, chan: asyncssh.SSHServerChannel[bytes], name: str, code: str) -> None:
        """The log of table ``code``, written in pieces of :data:`LOG_PIECE` bytes as the
        client reads them (half of :attr:`~.limits.Limits.write_buffer` unread at most), or
        why not."""
        found = await self.service.fetch_log(self.server.who, code)  # on a worker
        if unread(chan) > self.service.limits.write_buffer:  # the last ones not read yet
            self.service.report(f"{name}: the client reads too slowly; closing")
            let_go(chan)
            return
        if isinstance(found, bytes):
            # in pieces, each once the client has read what it needs room for: the server's
            # own large answer never counts as a client that reads too slowly
            most = self.service.limits.write_buffer // 2
            for start in range(0, len(found), LOG_PIECE):
                piece = found[start : start + LOG_PIECE]
                await drained(chan, max(most - len(piece), 0))
                if chan.is_closing():
                    return
                chan.write(piece)
            self.service.report(f"{name} fetched the log of {visible_name(code).upper()}")
            chan.exit(0)
            return
        chan.write_stderr(ENGLISH(found).encode("utf-8") + b"\n")  # (as ssh's own words)
        chan.exit(1)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.guest is not None:
            self.guest.received(data)

    def eof_received(self) -> bool:
        if self.guest is not None:
            self.guest.ended()
            return False
        return True  # a command answers after its end of input (``ssh HOST log CODE </dev/null``)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.guest is not None:
            self.guest.resized()


ENGLISH = Texts("en")
"""The words of ``log CODE``'s answers: English, as the rest of a command's are."""
