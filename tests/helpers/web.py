"""A web front on the test's own event loop, and scripted browsers that talk to it over a
real WebSocket (aiohttp's client), as the page does (docs/web.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import aiohttp
from threethirteen.repl.lab.web_load import browser_key
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import KeyBook
from threethirteen.repl.server.plan import Deal, secret_deal
from threethirteen.repl.server.service import Service
from threethirteen.repl.server.web.app import WebFront
from threethirteen.repl.server.web.messages import patched

Message = dict[str, Any]


@contextlib.asynccontextmanager
async def web_front(
    folder: Path,
    said: list[str],
    limits: Limits | None = None,
    *,
    deal: Deal = secret_deal,
    proxied: bool = False,
    origins: tuple[str, ...] = (),
) -> AsyncIterator[tuple[WebFront, int]]:
    """A server's service (its hall at pace 0) with a web front on a free port of
    127.0.0.1 (behind a proxy, and with the origins ``--web-origin`` names, if asked);
    what it reports is appended to ``said``. Stopped at the end."""
    limits = limits or Limits()
    pool, think = ThreadPoolExecutor(2), ThreadPoolExecutor(1)
    hall = Hall(folder, pool=pool, think=think, limits=limits, pace=0.0, deal=deal,
                report=said.append)  # fmt: skip
    hall.load()
    keys = KeyBook(folder / "keys.json", pool=pool)
    service = Service(hall, keys, limits=limits, report=said.append)
    front = WebFront(service, proxied=proxied, origins=origins)
    port = await front.start("127.0.0.1", 0)
    try:
        yield front, port
    finally:
        service.stopping = True
        await hall.stop()
        for one in list(service.present):
            one.stopping()
        await front.stop()
        pool.shutdown(wait=True)
        think.shutdown(wait=True)


class Browser:
    """One scripted browser: logs in, sends lines, and keeps every message it is sent,
    read as it comes (as a page reads: so it answers the server's pings however long a
    test looks elsewhere)."""

    def __init__(self, port: int, name: str, key: str | None = None, **login: Any) -> None:
        self.port = port
        self.name = name
        self.key = key or browser_key()
        self.login = login
        self.messages: list[Message] = []
        """What the server sent, a ``patch`` kept as the whole board it makes."""
        self.wire: list[str] = []
        """The frames as they came."""
        self.last_board: Message | None = None
        self._session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._seen = 0
        self._news = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._end: aiohttp.WSMessage | None = None
        """The frame that ended the socket, once it has ended."""

    async def connect(self, headers: dict[str, str] | None = None) -> Browser:
        """Open the socket and log in (the answer is read by :meth:`until`)."""
        self._session = aiohttp.ClientSession()
        url = f"http://127.0.0.1:{self.port}/ws"
        self.ws = await self._session.ws_connect(url, headers=headers, autoping=True)
        self._reader = asyncio.ensure_future(self._read())
        login = {"type": "login", "name": self.name, "key": self.key, "lang": "en"}
        await self.send({**login, **self.login})
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        while True:
            frame = await self.ws.receive()
            if frame.type != aiohttp.WSMsgType.TEXT:
                self._end = frame
                self._news.set()
                return
            message = json.loads(frame.data)
            if message.get("type") == "board":
                self.last_board = message
            elif message.get("type") == "patch" and self.last_board is not None:
                # what changed of the last board: kept as the whole board it makes (a
                # patch's values are the board's, so what is checked of a board holds of it)
                message = self.last_board = patched(self.last_board, message["ops"])
            self.wire.append(frame.data)
            self.messages.append(message)
            self._news.set()

    async def send(self, message: Message) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps(message))

    async def line(self, text: str) -> None:
        await self.send({"type": "line", "text": text})

    async def until(self, wanted: Callable[[Message], bool]) -> Message:
        """The first message from now on (after those already looked at) that is
        ``wanted``, however long it takes; fails if the socket closes first."""
        while True:
            while self._seen < len(self.messages):
                message = self.messages[self._seen]
                self._seen += 1
                if wanted(message):
                    return message
            if self._end is not None:
                raise AssertionError(f"{self.name}: the socket closed ({self._end.type}, "
                                     f"{self._end.data!r}) before that came")  # fmt: skip
            self._news.clear()
            await self._news.wait()

    async def board(self, wanted: Callable[[Message], bool] = lambda board: True) -> Message:
        return await self.until(lambda m: m["type"] == "board" and wanted(m))

    async def said(self, text: str) -> Message:
        """The first ``text`` message from now on that says ``text``."""
        return await self.until(lambda m: m["type"] == "text" and text in words(m))

    async def closed(self) -> aiohttp.WSMessage:
        """Wait until the server closes the socket; the closing frame."""
        assert self._reader is not None
        await asyncio.shield(self._reader)
        assert self._end is not None
        return self._end

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, aiohttp.ClientError):
                await self._reader
        if self._session is not None:
            await self._session.close()


def words(message: Message) -> str:
    """What a ``text`` message says, its styles left out."""
    return "".join(text for _style, text in message.get("parts", ()))


async def two_at_a_table(port: int) -> tuple[Browser, Browser, str]:
    """ana makes a table of two and ben sits down by its invite link (``/t/CODE``): both
    browsers, and the table's code."""
    ana = await Browser(port, "ana").connect()
    await ana.line("new --seats 2")
    code = str((await ana.until(lambda m: m["type"] == "place" and m["code"]))["code"])
    ben = await Browser(port, "ben", table=code).connect()
    await ben.until(lambda m: m["type"] == "place" and m["where"] == "seat")
    return ana, ben, code


async def deal(host: Browser, *players: Browser) -> list[Message]:
    """The host starts the game once it may; the first board of the deal of each of
    ``players``."""
    await host.board(lambda b: b["can"]["start"])
    await host.line("start")
    return [await one.board(lambda b: b["round"] is not None) for one in players]
