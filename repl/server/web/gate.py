"""Every TCP connection to the web front, counted and paced before HTTP parses a byte of it.

:class:`Gate` stands between asyncio's transport and aiohttp's request handler (its
:class:`aiohttp.web.Server` is a protocol factory; the gate is the protocol asyncio talks
to, and hands every call on). When a connection is made, the shares of the whole server are
asked first, the same ones SSH connections spend (:class:`~..house.Service`: open connections
by address, by network and in all; connections opened within the minute): a connection over
a cap is answered ``503`` in a few fixed bytes and closed, before anything it sent is read.
What it sends is paced (:attr:`~..house.Limits.bytes_per_second` after
:attr:`~..house.Limits.bytes_burst`): the gate stops reading from it until its bucket has
filled again, so a flood waits in the client's own buffers. A connection that has not
become a WebSocket within :attr:`~..house.Limits.login_timeout` (a page takes
milliseconds: a client that sends its request a byte at a time, or keeps a connection idle)
is closed; a WebSocket is the session's to bound from then on.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from ..house import Bucket, Service, address_of

BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Connection: close\r\nContent-Length: %d\r\n\r\n%s"
)


MOST_PAUSE = 60.0
"""The longest the gate stops reading from a connection that sent more than its pace."""

_PROXIED = itertools.count(1)


def busy_answer(why: str) -> bytes:
    """The whole answer to a connection refused at the gate."""
    body = f"The server is busy ({why}); try again in a while.\n".encode()
    return BUSY % (len(body), body)


class Gate(asyncio.Protocol):
    """One TCP connection to the web front: counted, paced, and handed to ``inner``."""

    def __init__(
        self,
        service: Service,
        inner: asyncio.Protocol,
        *,
        gates: set[Gate],
        proxied: bool = False,
    ) -> None:
        self.service = service
        self.inner = inner
        self.gates = gates
        self.proxied = proxied
        """Behind a reverse proxy every connection comes from the proxy: no cap by address
        then (the proxy's to hold), only the totals."""
        limits = service.limits
        self.bucket = Bucket(rate=limits.bytes_per_second, burst=limits.bytes_burst)
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.counted = False
        self.upgraded = False
        """Whether the connection became a WebSocket (its session bounds it then)."""
        self._paused: asyncio.TimerHandle | None = None
        self._deadline: asyncio.TimerHandle | None = None

    # -- asyncio's side --------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if self.proxied:  # each its own: the session counts the address the proxy names
            self.address = f"via proxy {next(_PROXIED)}"
        else:
            self.address = address_of(str(peer[0]) if peer else "?")
        why = self.service.connection_problem(self.address, logging_in=False)
        if why is not None:
            self.service.refuse("web full", self.address, f"refused a web connection: {why}")
            transport.write(busy_answer(why))
            transport.close()
            return
        service = self.service
        service.opened.spend(self.address)
        service.connections.add(self.address)
        self.counted = True
        self.gates.add(self)
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(service.limits.login_timeout, self._too_slow)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if not self.counted:
            return  # refused: nothing it sends is read
        debt = len(data) - self.bucket.take(len(data))
        if debt > 0 and self.transport is not None and self._paused is None:
            # over its pace: read no more until the bucket has made up for what came
            self.bucket.tokens -= debt
            wait = min(debt / self.bucket.rate, MOST_PAUSE)
            self.transport.pause_reading()
            self._paused = asyncio.get_running_loop().call_later(wait, self._resume)
        self.inner.data_received(data)

    def _resume(self) -> None:
        self._paused = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.resume_reading()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.counted else None

    def pause_writing(self) -> None:
        if self.counted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.counted:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self._paused, self._deadline):
            if timer is not None:
                timer.cancel()
        if not self.counted:
            return
        self.counted = False
        self.gates.discard(self)
        self.service.connections.remove(self.address)
        self.inner.connection_lost(exc)

    # -- the web front's side --------------------------------------------------------

    def became_socket(self) -> None:
        """The connection is a WebSocket now: its session bounds it (the login time, the
        keepalives, what it leaves unread)."""
        self.upgraded = True
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.upgraded and self.transport is not None:
            self.transport.abort()

    def close(self) -> None:
        """Close the connection now (the server stops)."""
        if self.transport is not None:
            self.transport.abort()


def gate_factory(
    service: Service, inner: Callable[[], Any], gates: set[Gate], *, proxied: bool
) -> Callable[[], Gate]:
    """The protocol factory asyncio's server calls for each connection."""
    return lambda: Gate(service, inner(), gates=gates, proxied=proxied)
