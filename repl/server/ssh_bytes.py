"""What a connection's bytes meet before SSH parses any of them: a pace, or a refusal; and
what the server sent that the client has not read, and whether it still reads.

asyncssh has no hook before its own parsing, so both take over the connection's
``data_received`` (the transport calls it with every read).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable

import asyncssh

from .limits import Limits
from .shares import Bucket, Count

RECEIVE_BUFFER = 1 << 16
"""Bytes the kernel holds for a connection that is being made to wait."""

SEND_BUFFER = 1 << 16
"""Bytes the kernel holds for a client that does not read (Linux doubles it, and would
grow it to 4 MiB by itself): past them, what the server sends waits in the connection's
transport, where :func:`unread` counts it."""

REFUSAL_WAIT = 0.5
"""Seconds a refused connection is kept at most, for the client's first packet."""

REFUSALS_KEPT = 16
"""Refused connections kept waiting at once; past them, one is closed at once (each holds a
file descriptor, and a mob is refused fastest)."""

DRAIN_TICK = 0.05
"""Seconds between two looks at what a client has not read yet, while the server waits for
it to read (:func:`drained`)."""


class Throttle:
    """A connection's bytes, paced before SSH parses any of them.

    A token bucket (:attr:`~.limits.Limits.bytes_per_second`,
    :attr:`~.limits.Limits.bytes_burst`) lets the bytes through to asyncssh; what comes
    beyond it is held (at most what one read brings) while the socket is not read, so a
    client that sends faster waits on its own side of the connection.
    """

    def __init__(self, conn: asyncssh.SSHServerConnection, limits: Limits) -> None:
        # asyncssh has no hook before its own parsing: its transport and its data_received
        # are taken over here (the transport calls the connection's data_received)
        transport = conn._transport
        assert transport is not None  # set by asyncssh before it calls the server's hooks
        self._transport: asyncio.Transport = transport
        self._deliver = conn.data_received
        self._bucket = Bucket(rate=limits.bytes_per_second, burst=limits.bytes_burst)
        self._held = bytearray()
        self._paused = False
        self._timer: asyncio.TimerHandle | None = None
        conn.data_received = self.data_received  # type: ignore[method-assign]
        sock = self._transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def data_received(self, data: bytes, datatype: asyncssh.DataType = None) -> None:
        self._held += data
        if self._timer is None:
            self._flow()

    def _flow(self) -> None:
        self._timer = None
        if self._transport.is_closing():
            self._held.clear()
            return
        let = self._bucket.take(len(self._held))
        if let:
            piece = bytes(self._held[:let])
            del self._held[:let]
            self._deliver(piece)
        if self._held:
            if not self._paused:
                self._paused = True
                self._transport.pause_reading()
            wait = max(self._bucket.wait(min(len(self._held), 512)), 0.01)
            self._timer = asyncio.get_running_loop().call_later(wait, self._flow)
        elif self._paused:
            self._paused = False
            self._transport.resume_reading()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._held.clear()


class Parting:
    """A connection refused before its key exchange: told why, then closed.

    A client shows a disconnect's words only once it knows it speaks to an SSH server, so
    they are sent after asyncssh's version. And a socket closed with bytes still unread
    is reset by the kernel, which can throw away the words before the client reads them:
    so the client's own version line and first packet are read (and dropped) before the
    words are sent, or :data:`REFUSAL_WAIT` seconds at most (none when
    :data:`REFUSALS_KEPT` refusals are waiting already).
    """

    def __init__(self, conn: asyncssh.SSHServerConnection, words: str, waiting: Count) -> None:
        self._conn = conn
        self._waiting = waiting
        self._words = words
        self._seen = bytearray()
        self._timer: asyncio.TimerHandle | None = None
        loop = asyncio.get_running_loop()
        if waiting.total >= REFUSALS_KEPT:
            loop.call_soon(self._close)  # after asyncssh has sent its version
            return
        waiting.add("")
        self._timer = loop.call_later(REFUSAL_WAIT, self._say)
        conn.data_received = self.data_received  # type: ignore[method-assign]

    def data_received(self, data: bytes, datatype: asyncssh.DataType = None) -> None:
        if self._timer is None:
            return
        self._seen += data[:512]
        line_end = self._seen.find(b"\n")
        after_version = line_end != -1 and len(self._seen) > line_end + 1
        if after_version or len(self._seen) >= 512:  # 512 bytes: not an SSH client anyway
            self._say()

    def _say(self) -> None:
        if self._timer is None:
            return
        self._timer.cancel()
        self._timer = None
        self._waiting.remove("")
        self._close()

    def _close(self) -> None:
        with contextlib.suppress(Exception):
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self._words)


def unread(chan: asyncssh.SSHServerChannel[bytes]) -> int:
    """Bytes sent to ``chan``'s client that it has not read: those on the channel, waiting
    for the client's SSH window, and those in the connection's transport, waiting for the
    client to read its socket (every channel's, and SSH's own).

    The client chooses its window (up to 4 GiB), and asyncssh writes to the transport
    whatever the window lets, never waiting for the socket: a client that announces a huge
    window and never reads fills the transport, not the channel."""
    conn = chan.get_extra_info("connection")
    transport = getattr(conn, "_transport", None)
    waiting = transport.get_write_buffer_size() if isinstance(transport, asyncio.Transport) else 0
    return chan.get_write_buffer_size() + waiting


async def drained(chan: asyncssh.SSHServerChannel[bytes], most: int) -> None:
    """Once ``chan``'s client has at most ``most`` bytes unread (:func:`unread`), or the
    channel closes. asyncssh tells a session when its channel's window frees, but not when
    the connection's transport drains, where a client with a large window keeps what it has
    not read: so it is looked at again every :data:`DRAIN_TICK` seconds."""
    while unread(chan) > most and not chan.is_closing():
        await asyncio.sleep(DRAIN_TICK)


def let_go(chan: asyncssh.SSHServerChannel[bytes]) -> None:
    """Close ``chan``'s connection at once, dropping what it has not read (a close would
    wait for the client to read it first)."""
    conn = chan.get_extra_info("connection")
    if isinstance(conn, asyncssh.SSHServerConnection):
        conn.abort()
    else:
        chan.close()


class Alive:
    """Whether a logged-in client still reads: every ``interval`` seconds a keepalive that
    it must answer, whatever it sends meanwhile; ``misses`` of them unanswered in a row,
    and ``let_go`` is called.

    asyncssh's own keepalive waits as long as the client sends anything, so a client that
    types but never reads is never asked; and its answer would wait behind all it has not
    read, so one that reads is let go too when it falls that far behind."""

    def __init__(
        self,
        conn: asyncssh.SSHServerConnection,
        interval: float,
        misses: int,
        let_go: Callable[[], None],
    ) -> None:
        self._conn = conn
        self._interval = interval
        self._misses = misses
        self._let_go = let_go
        self._missed = 0
        self._asking: asyncio.Task[None] | None = None
        loop = asyncio.get_running_loop()
        self._timer: asyncio.TimerHandle | None = loop.call_later(interval, self._ask)

    def _ask(self) -> None:
        self._timer = None
        if self._asking is None or self._asking.done():
            self._asking = asyncio.ensure_future(self._keepalive())
        else:
            self._missed += 1
            if self._missed >= self._misses:
                self.close()
                self._let_go()
                return
        self._timer = asyncio.get_running_loop().call_later(self._interval, self._ask)

    async def _keepalive(self) -> None:
        # the request OpenSSH's own keepalive sends: any answer will do, a refusal too
        with contextlib.suppress(Exception):
            await self._conn._make_global_request(b"keepalive@openssh.com")
            self._missed = 0

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._asking is not None:
            self._asking.cancel()
            self._asking = None
