"""What a connection's bytes meet before SSH parses any of them: a pace, or a refusal.

asyncssh has no hook before its own parsing, so both take over the connection's
``data_received`` (the transport calls it with every read).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket

import asyncssh

from .house import Bucket, Count, Limits

RECEIVE_BUFFER = 1 << 16
"""Bytes the kernel holds for a connection that is being made to wait."""

REFUSAL_WAIT = 0.5
"""Seconds a refused connection is kept at most, for the client's first packet."""

REFUSALS_KEPT = 16
"""Refused connections kept waiting at once; past them, one is closed at once (each holds a
file descriptor, and a mob is refused fastest)."""


class Throttle:
    """A connection's bytes, paced before SSH parses any of them.

    A token bucket (:attr:`~.house.Limits.bytes_per_second`,
    :attr:`~.house.Limits.bytes_burst`) lets the bytes through to asyncssh; what comes
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


class Refusal:
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
