"""Every TCP connection to the web front, counted and paced before HTTP parses a byte of it.

:class:`Gate` stands between asyncio's transport and aiohttp's request handler (its
:class:`aiohttp.web.Server` is a protocol factory; the gate is the protocol asyncio talks
to, and hands every call on). When a connection is made, the shares of the whole server are
asked first, the same ones SSH connections spend (:class:`~..service.Service`: open connections
by address, by network and in all; connections opened within the minute): a connection over
a cap is answered ``503`` in a few bytes (why, in the game's words) and closed, before
anything it sent is read.
Behind a reverse proxy (``--web-proxy``) every connection comes from the proxy: they are
counted together, as one source (:data:`PROXY`), in a share of the web front's own
(:attr:`~..limits.Limits.proxy_connections`) that never reaches the reserve and never spends
the SSH newcomers' minute; the browsers behind it are counted once their request is read,
by the address the proxy names (:class:`Proxied`).
What a connection sends is paced (:attr:`~..limits.Limits.bytes_per_second` after
:attr:`~..limits.Limits.bytes_burst`): the gate stops reading from it until its bucket has
made up for all it sent, so a flood waits in the client's own buffers. A connection that has
not become a WebSocket within :attr:`~..limits.Limits.login_timeout` (a page takes
milliseconds: a client that sends its request a byte at a time, or keeps a connection idle)
is closed; a WebSocket is the session's to bound from then on.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from ...words.i18n import Texts
from ..limits import Limits, new_connection_share
from ..service import Service
from ..shares import WHERE, Bucket, Held, Share, Spent, address_of

BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Connection: close\r\nContent-Length: %d\r\n\r\n%s"
)

PROXY = "the web proxy"
"""What the connections from a reverse proxy are counted as: one source, which is no
address (so never a quiet network that may take the reserve) and the same for every
connection (so its refusals are logged once a minute, as any source's)."""


def busy_words(why: str) -> str:
    """What a client refused for a shared budget is told, in the game's words, in English
    and German (its language is not known yet): whose share was spent (``why`` ends in
    ``address`` or ``network``), or the server's."""
    key = "server.full"
    if why.endswith(("address", "network")):
        key += "_" + why.rsplit(" ", 1)[1]
    return "".join(Texts(lang)(key) + "\n" for lang in ("en", "de"))


def busy_answer(why: str) -> bytes:
    """The whole answer to a connection refused at the gate."""
    body = busy_words(why).encode()
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
        """Behind a reverse proxy every connection comes from the proxy: counted as one
        source (:data:`PROXY`); its browsers are counted by address once read."""
        limits = service.limits
        self.bucket = Bucket(rate=limits.bytes_per_second, burst=limits.bytes_burst)
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.counted = False
        self.upgraded = False
        """Whether the connection became a WebSocket (its session bounds it then)."""
        self._paused: asyncio.TimerHandle | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._writable = asyncio.Event()
        self._writable.set()

    # -- asyncio's side --------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if self.proxied:
            self.address = PROXY
        else:
            self.address = address_of(str(peer[0]) if peer else "?")
        why = self._problem()
        if why is not None:
            self.service.refuse("web full", self.address, f"refused a web connection: {why}")
            transport.write(busy_answer(why))
            transport.close()
            return
        service = self.service
        if not self.proxied:  # (behind a proxy, the browser's request is counted once read)
            service.opened.spend(self.address)
        service.connections.add(self.address)
        self.counted = True
        self.gates.add(self)
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(service.limits.login_timeout, self._too_slow)
        self.inner.connection_made(transport)

    def _problem(self) -> str | None:
        """Why this connection may not come in now, or ``None``."""
        service = self.service
        if not self.proxied:
            return service.connection_problem(self.address, logging_in=False)
        if service.stopping:
            return "the server is stopping"
        limits = service.limits
        if service.connections[PROXY] >= limits.proxy_connections:
            return "too many connections from the proxy"
        if service.connections.total >= limits.connections_total - limits.connections_reserve:
            return "too many connections"  # the reserve is for the quiet networks
        return None

    def data_received(self, data: bytes) -> None:
        if not self.counted:
            return  # refused: nothing it sends is read
        owed = len(data) - self.bucket.take(len(data))
        if owed > 0:
            # over its pace: read no more until the bucket has made up for all that came
            self.bucket.owe(owed)
            if self.transport is not None and self._paused is None:
                self.transport.pause_reading()
                self._pause()
        self.inner.data_received(data)

    def _pause(self) -> None:
        wait = self.bucket.wait(1)
        self._paused = asyncio.get_running_loop().call_later(wait, self._resume)

    def _resume(self) -> None:
        self._paused = None
        if self.transport is None or self.transport.is_closing():
            return
        if self.bucket.wait(1) > 0:  # (a timer may fire a little early)
            self._pause()
            return
        self.transport.resume_reading()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.counted else None

    def pause_writing(self) -> None:
        self._writable.clear()
        if self.counted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        self._writable.set()
        if self.counted:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._writable.set()  # whoever waits to write learns it is gone
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

    async def drained(self) -> None:
        """Once what was written to the connection is below its transport's high-water
        mark: the client has read the rest (or the connection is gone)."""
        await self._writable.wait()

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.upgraded and self.transport is not None:
            self.transport.abort()

    def close(self) -> None:
        """Close the connection now (the server stops)."""
        if self.transport is not None:
            self.transport.abort()


class Proxied:
    """The browsers behind a reverse proxy, counted once their request is read, by the
    address the proxy names (the last of ``X-Forwarded-For``): the pages and sockets each
    address and network holds now, and those it asked for within the minute, in shares of
    the web front's own. They are the shares of SSH's connections (an address's, a
    network's, a reserve for the quiet networks); the open ones within
    :attr:`~..limits.Limits.proxy_connections`, what the proxy may hold in all.

    >>> proxied = Proxied(Limits(new_connections_per_address=2))
    >>> for _ in range(3):
    ...     why = proxied.refusal("192.0.2.7")
    ...     proxied.enter("192.0.2.7"); proxied.leave("192.0.2.7")
    >>> why, proxied.refusal("198.51.100.1")
    ('too many new connections from the address', None)
    """

    def __init__(
        self,
        limits: Limits,
        *,
        chance: Callable[[], float] = random.random,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        total = limits.proxy_connections
        per_network = min(limits.connections_per_network, total)
        reserve = limits.connections_reserve * total // max(limits.connections_total, 1)
        share = Share(
            total=total,
            per_network=per_network,
            per_address=min(limits.connections_per_address, per_network),
            reserve=min(max(reserve, 1), total - 1),
        )
        self.held = Held(share, chance=chance)
        """The pages and sockets in hand, by address (and network)."""
        self.opened = Spent(60.0, new_connection_share(limits), chance=chance, clock=clock)
        """The pages and sockets asked for within the minute, by address (and network)."""

    def refusal(self, address: str) -> str | None:
        """Why the browser at ``address`` may not have a page or a socket now, or
        ``None``; the words end in whose share it was (``from the address``, ``from the
        network``; none: the web front's in all)."""
        for what, budget in (("new connections", self.opened), ("connections", self.held)):
            why = budget.refusal(address)
            if why is not None:
                return f"too many {what}" + WHERE.get(why, "")
        return None

    def enter(self, address: str) -> None:
        """A page or a socket of ``address``'s, from now until :meth:`leave`."""
        self.opened.spend(address)
        self.held.add(address)

    def leave(self, address: str) -> None:
        self.held.remove(address)


def gate_factory(
    service: Service, inner: Callable[[], Any], gates: set[Gate], *, proxied: bool
) -> Callable[[], Gate]:
    """The protocol factory asyncio's server calls for each connection."""
    return lambda: Gate(service, inner(), gates=gates, proxied=proxied)
