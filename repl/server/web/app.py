"""The web front's HTTP side: the page, its script and styles, and the WebSocket.

aiohttp serves on the server's own event loop, beside asyncssh, behind the
:class:`~.gate.Gate` that counts and paces every connection before HTTP parses it. The
page, its script and its styles are read from the package once, at the start, and served
from memory with a strict Content Security Policy (no inline script or style, nothing from
another origin). HTTP itself is bounded (aiohttp's request line, header count and sizes).
Every request names one of the front's own hosts (:mod:`.hosts`; ``421`` otherwise), and
behind a reverse proxy each page and socket is counted by the browser's address once its
request is read (:class:`~.gate.Proxied`; ``429`` or ``503`` over a share).
The WebSocket checks its ``Origin`` (the page's own, or one ``--web-origin`` names), counts
as a login under way until its ``login`` (within :attr:`~..limits.Limits.login_timeout`),
takes frames of at most :data:`~.messages.MOST_FRAME` bytes (no compression), paced before
they are parsed as JSON, answers pings, and lets go of a browser that leaves
:attr:`~..limits.Limits.write_buffer` bytes unread or misses its keepalives.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from ..addresses import machine_addresses
from ..service import Service
from ..shares import Bucket, address_of
from .browser import BrowserSession
from .gate import Gate, Proxied, busy_words, gate_factory
from .hosts import allowed_hosts, host_name
from .messages import (
    MOST_FRAME,
    Outbox,
    read_fetch,
    read_hello,
    read_lang,
    read_line,
    read_message,
    read_page_act,
)

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
"""The page's Content Security Policy: its own script, styles and socket, nothing else."""

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-cache",
}

FILES = {
    "index.html": "text/html",
    "table.js": "text/javascript",
    "table.css": "text/css",
}
"""The files of the page (``static/``), and their types."""

CODE = re.compile(r"[A-Za-z0-9-]{1,12}")
"""What an invite link's table code may look like (``/t/KITE-7``)."""

BAD_FRAMES = 20
"""Frames that are not a message a browser sends, before its socket is closed."""

HIGH_WATER = 1 << 16
"""What a socket's connection holds unsent before its pump waits for it to drain (at
most a quarter of :attr:`~..limits.Limits.write_buffer`): the room a file's next piece waits
for."""


def page_files() -> dict[str, bytes]:
    """The page's files, as the package holds them."""
    folder = resources.files(__package__ or "threethirteen.repl.server.web") / "static"
    return {name: (folder / name).read_bytes() for name in FILES}


class WebFront:
    """The web front of one server: ``start`` it on the server's loop, ``stop`` it."""

    def __init__(
        self,
        service: Service,
        *,
        origins: tuple[str, ...] = (),
        proxied: bool = False,
        addresses: Callable[[], list[str]] = machine_addresses,
    ) -> None:
        self.service = service
        self.origins = frozenset(origin.rstrip("/") for origin in origins)
        self.proxied = proxied
        self.addresses = addresses
        """The machine's addresses, for a front that listens on all of them."""
        self.hosts: frozenset[str] = frozenset()
        """The hosts this front answers for (:func:`~.hosts.allowed_hosts`), once started."""
        opened = service.opened
        self.behind = Proxied(service.limits, chance=opened.chance, clock=opened.clock)
        """Behind a proxy: what each browser's address holds and asked for."""
        self.files = page_files()
        self.gates: set[Gate] = set()
        self.sessions: set[BrowserSession] = set()
        self._runner: web.AppRunner | None = None
        self._server: asyncio.Server | None = None

    async def start(self, host: str, port: int, backlog: int = 64) -> int:
        """Listen on ``host``:``port``; the port it listens on."""
        self.hosts = allowed_hosts(host, self.origins, self.addresses)
        app = web.Application(client_max_size=1024, middlewares=[self._hosted])
        app.router.add_get("/", self._page)
        app.router.add_get("/t/{code}", self._page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/favicon.ico", self._no_icon)
        app.router.add_get("/ws", self._socket)
        limits = self.service.limits
        runner = web.AppRunner(
            app,
            handle_signals=False,
            access_log=None,
            keepalive_timeout=limits.login_timeout,
            max_line_size=4096,
            max_field_size=4096,
            max_headers=32,
        )
        await runner.setup()
        self._runner = runner
        inner = runner.server
        assert inner is not None
        loop = asyncio.get_running_loop()
        factory = gate_factory(self.service, inner, self.gates, proxied=self.proxied)
        self._server = await loop.create_server(factory, host, port, backlog=backlog)
        return int(self._server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Tell every browser, then close every connection."""
        for session in list(self.sessions):
            session.stopping()
        if self._server is not None:
            self._server.close()
        for gate in list(self.gates):
            gate.close()
        if self._runner is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._runner.cleanup(), 1.0)

    # -- the page --------------------------------------------------------------------

    def _answer(self, name: str) -> web.Response:
        return web.Response(
            body=self.files[name], content_type=FILES[name], charset="utf-8", headers=HEADERS
        )

    async def _page(self, request: web.Request) -> web.Response:
        code = request.match_info.get("code")
        if code is not None and CODE.fullmatch(code) is None:
            raise web.HTTPNotFound(headers=HEADERS)
        address = self._let_in(request)
        try:
            return self._answer("index.html")
        finally:
            self._let_out(address)

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in FILES or name == "index.html":
            raise web.HTTPNotFound(headers=HEADERS)
        return self._answer(name)

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204, headers=HEADERS)

    # -- who asks --------------------------------------------------------------------

    @web.middleware
    async def _hosted(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every request names one of this front's own hosts (else a page of another site
        that had its name point here, DNS rebinding, could use the game as its own)."""
        host = host_name(request.headers.get("Host", ""))
        if host not in self.hosts:
            address = address_of(self._peer(request))
            self.service.refuse("web host", address, f"refused a request for the host "
                                f"{host[:60]!r}: not this server's (--web-origin names "
                                "the hosts of a proxy)")  # fmt: skip
            raise web.HTTPMisdirectedRequest(text="This server does not answer for that host.\n")
        return await handler(request)

    def _let_in(self, request: web.Request) -> str:
        """Behind a proxy, count a page or a socket against the shares of the browser's
        address (:class:`~.gate.Proxied`), or refuse it (``429``, its own share spent;
        ``503``, the front's); the address counted (:meth:`_let_out` once it is done)."""
        address = address_of(self._peer(request))
        if not self.proxied:
            return address
        why = self.behind.refusal(address)
        if why is not None:
            self.service.refuse("web busy", address, f"refused a browser behind the proxy: {why}")
            words = busy_words(why)
            if why.endswith(("address", "network")):
                raise web.HTTPTooManyRequests(text=words, headers={"Retry-After": "60"})
            raise web.HTTPServiceUnavailable(text=words, headers={"Retry-After": "60"})
        self.behind.enter(address)
        return address

    def _let_out(self, address: str) -> None:
        if self.proxied:
            self.behind.leave(address)

    def _peer(self, request: web.Request) -> str:
        """The browser's address: the connection's, or behind a proxy the last one the
        proxy added to ``X-Forwarded-For`` (the proxy's own if that is no address)."""
        peer = request.transport.get_extra_info("peername") if request.transport else None
        address = str(peer[0]) if peer else "?"
        if self.proxied:
            forwarded = request.headers.get("X-Forwarded-For", "")
            last = forwarded.rsplit(",", 1)[-1].strip()[:64]
            try:
                return str(ipaddress.ip_address(last))
            except ValueError:
                return address
        return address

    # -- the socket ------------------------------------------------------------------

    def _origin_allowed(self, request: web.Request) -> bool:
        """Whether the socket was opened by the page itself, at one of this front's hosts
        (:meth:`_hosted`), or by one ``--web-origin`` names (or by a script, which sends no
        ``Origin``): never by a page of another site."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        origin = origin.rstrip("/")
        return origin in self.origins or origin in (
            f"http://{request.host}",
            f"https://{request.host}",
        )

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        address = address_of(self._peer(request))
        if not self._origin_allowed(request):
            self.service.refuse("web origin", address, f"refused a web socket from another "
                                f"origin ({request.headers.get('Origin', '')[:60]!r})")  # fmt: skip
            raise web.HTTPForbidden(text="This socket is for the game's own page.\n")
        self._let_in(request)
        try:
            return await self._play(request, address)
        finally:
            self._let_out(address)

    async def _play(self, request: web.Request, address: str) -> web.StreamResponse:
        """The socket of one browser, from its opening to its end."""
        service, limits = self.service, self.service.limits
        peer = self._peer(request)
        why = service.connection_problem(address, new=False)  # (the gate counted it)
        if why is not None:
            service.refuse("web logins", address, f"refused a web socket: {why}")
            raise web.HTTPServiceUnavailable(text="The server is busy; try again in a while.\n")
        gate = next((one for one in self.gates if one.transport is request.transport), None)
        ws = web.WebSocketResponse(
            max_msg_size=MOST_FRAME,
            heartbeat=limits.keepalive_interval,
            compress=False,
            timeout=2.0,
        )
        await ws.prepare(request)
        if gate is not None:
            gate.became_socket()
        transport = request.transport
        if transport is not None:  # drained: at most a quarter of what it may leave unread
            high = max(min(HIGH_WATER, limits.write_buffer // 4), 1024)
            transport.set_write_buffer_limits(high=high)
        outbox = Outbox(
            limits.write_buffer,
            unsent=lambda: transport.get_write_buffer_size() if transport else 0,
            overflow=lambda: self._too_slow(transport, peer),
        )
        ended = asyncio.Event()
        session = BrowserSession(
            service,
            outbox,
            address=address,
            peer=peer,
            end=ended.set,
        )
        session.greet(request.query.get("lang"))  # the login form's words, before the login
        drained = gate.drained if gate is not None else _at_once
        pump = asyncio.ensure_future(_pump(outbox, ws, drained))
        closing = asyncio.ensure_future(_close_when(ended, outbox, pump, ws))
        service.handshakes.add(address)
        handshaking = True
        try:
            try:
                first = await ws.receive(timeout=limits.login_timeout)
            except TimeoutError:
                return ws
            service.handshakes.remove(address)
            handshaking = False
            message = read_message(first.data) if first.type == WSMsgType.TEXT else None
            hello = None if message is None else read_hello(message)
            if hello is None or not await session.log_in(hello):
                return ws
            self.sessions.add(session)
            await session.begin(hello.table)
            await self._read(ws, session)
        finally:
            if handshaking:
                service.handshakes.remove(address)
            self.sessions.discard(session)
            session.close()
            outbox.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(closing), 3.0)
            if not ws.closed:
                with contextlib.suppress(Exception):
                    await ws.close()
            pump.cancel()
        return ws

    async def _read(self, ws: web.WebSocketResponse, session: BrowserSession) -> None:
        """The browser's frames, each paced before it is parsed, until it leaves."""
        limits = self.service.limits
        pace = Bucket(rate=limits.line_keys_per_second, burst=limits.line_keys_burst)
        bad = 0
        while not session.closed:
            frame = await ws.receive()
            if frame.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                              WSMsgType.ERROR):  # fmt: skip
                return
            if not pace.take(1):  # more than its pace: read on only once it may
                await asyncio.sleep(pace.wait(1))
                pace.take(1)
            message = read_message(frame.data) if frame.type == WSMsgType.TEXT else None
            line = None if message is None else read_line(message)
            wanted = None if message is None else read_fetch(message)
            act = None if message is None else read_page_act(message)
            lang = None if message is None else read_lang(message)
            if lang is not None:
                session.switch_language(lang)
                continue
            if wanted is not None:
                await session.send_log(wanted)
                continue
            if act is not None:
                await session.act(act)
                continue
            if line is None:
                bad += 1
                if bad >= BAD_FRAMES:
                    await ws.close(code=1003, message=b"not a message of the game")
                    return
                continue
            await session.line(line)

    def _too_slow(self, transport: asyncio.Transport | None, peer: str) -> None:
        self.service.refuse("web slow", address_of(peer), f"{peer}: a browser reads too slowly; "
                            "closing")  # fmt: skip
        if transport is not None:
            transport.abort()


async def _pump(
    outbox: Outbox, ws: web.WebSocketResponse, drained: Callable[[], Awaitable[None]]
) -> None:
    """Send what the session said, in order, as fast as the browser reads it: the next
    message is taken once the connection has drained (so a file's next piece waits for
    room, :class:`~.messages.Outbox`)."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        while (text := await outbox.get()) is not None:
            await ws.send_str(text)
            await drained()


async def _at_once() -> None:
    """A connection without a gate drains as aiohttp's writer does."""


async def _close_when(
    ended: asyncio.Event, outbox: Outbox, pump: asyncio.Future[None], ws: web.WebSocketResponse
) -> None:
    """Once the session ends, send what it said last, then close the socket."""
    await ended.wait()
    outbox.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(asyncio.shield(pump), 2.0)
    with contextlib.suppress(Exception):
        await ws.close()
