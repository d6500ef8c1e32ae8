"""The browser's players of ``threethirteen bench --server --web``: each a WebSocket client
(aiohttp's) speaking the wire of ``docs/web.md`` as the page does, where
:mod:`.server_load` types at a terminal over SSH. The run is the same (:func:`.server_load.measure`
with ``Scenario(front="web")``): the host makes the table, the others join it, each player
acts on the board it is sent.

A player logs in with its name and a key of its own (32 random bytes, base64url), then
sends ``line`` messages: ``new``, ``join CODE``, ``start``, then ``d`` when its board says it
may draw and ``x CARD`` (the highest card its best melds leave over) when it may discard.

What is measured: for every move sent, the time until each other player at the table has
received a ``board`` that shows it. A board says how far the game has come (``events``: the
events of the table's log); the move typed on a board of N events is shown by the first
board after it with more (nobody else may act while it is the mover's turn).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import secrets
import time
from typing import Any

import aiohttp
from attrs import define, field

from ..server.web.messages import patched
from .scripted import LOGIN_TRIES, Player, value


def browser_key() -> str:
    """A browser's own key, as the page makes it: 32 random bytes, base64url unpadded."""
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode("ascii")


@define
class WebClient(Player):
    """A scripted player in a browser (without the page): one WebSocket, boards in JSON."""

    session: aiohttp.ClientSession | None = None
    socket: aiohttp.ClientWebSocketResponse | None = None
    reader: asyncio.Future[None] | None = None
    board: dict[str, Any] | None = None
    """The last board received."""
    acted_on: int | None = None
    """The events of the board we last moved on (a board sent again is not a new turn)."""
    bases: list[int] = field(factory=list)
    """For each move we typed, the events of the board it was typed on."""
    sending: set[asyncio.Future[None]] = field(factory=set)
    """Lines on their way out (aiohttp sends a frame in a coroutine)."""
    peers: dict[int, WebClient] = field(factory=dict)
    """The others at our table, by seat (to match their moves with our boards)."""
    counting: bool = False
    """Whether the frames received are counted (from the deal on)."""
    received: int = 0
    """The bytes (UTF-8) of the frames received while counting."""
    frames: int = 0
    """The frames received while counting."""

    async def connect(self, port: int, address: str) -> None:
        for attempt in range(LOGIN_TRIES):
            session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))
            try:
                socket = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
                break
            except aiohttp.ClientError:
                await session.close()
                if attempt == LOGIN_TRIES - 1:
                    raise
                await asyncio.sleep(self.rng.uniform(0.2, 1.0))
        self.session, self.socket = session, socket
        login = {"type": "login", "name": self.name, "key": browser_key(), "lang": "en"}
        await socket.send_str(json.dumps(login))
        self.reader = asyncio.ensure_future(self._read())
        await asyncio.wait_for(self.lobby.wait(), 180)

    def send(self, line: str) -> None:
        if self.socket is not None and not self.socket.closed:
            sending = asyncio.ensure_future(self._send(json.dumps({"type": "line", "text": line})))
            self.sending.add(sending)
            sending.add_done_callback(self.sending.discard)

    async def _send(self, frame: str) -> None:
        if self.socket is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.socket.send_str(frame)

    def close(self) -> asyncio.Future[None] | None:
        self.closing = True
        if self.session is None:
            return None
        return asyncio.ensure_future(self._close())

    async def _close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.session is not None:
            await self.session.close()
        if self.reader is not None:
            await self.reader

    def meet(self, players: list[Player]) -> None:
        self.peers = {p.seat: p for p in players if isinstance(p, WebClient) and p is not self}

    def typed(self) -> None:
        self.bases.append(int((self.board or {}).get("events", 0)))

    def forget_last(self) -> None:
        self.bases.pop()

    async def _read(self) -> None:
        socket = self.socket
        assert socket is not None
        with contextlib.suppress(Exception):
            async for message in socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                if self.counting:
                    self.received += len(message.data.encode("utf-8"))
                    self.frames += 1
                self.got(json.loads(message.data), time.perf_counter())

    def got(self, message: dict[str, Any], now: float) -> None:
        """One message from the server."""
        kind = message.get("type")
        if kind == "place":
            if message.get("where") == "lobby":
                self.lobby.set()
            elif message.get("where") == "seat" and self.seat == 0 and message.get("code"):
                self.table.code = str(message["code"])
                self.table.code_known.set()
        elif kind == "text":
            text = "".join(str(part[1]) for part in message.get("parts", []))
            for line in text.split("\n"):
                self.said(line)
        elif kind in ("refused", "bye"):
            self.said(f"{kind}: {message.get('text')}")
        elif kind == "board":
            self.shown(message, now)
        elif kind == "patch" and self.board is not None:  # what changed of the last board
            self.shown(patched(self.board, message["ops"]), now)

    def shown(self, board: dict[str, Any], now: float) -> None:
        """A board: the moves of the others it shows, the game's end, or our turn."""
        self.board = board
        reached = int(board.get("events", 0))
        self.match(now, reached)
        if board.get("result") is not None:
            self.table.over = True
            self.table.finished.set()
            return
        can = board.get("can") or {}
        if reached == self.acted_on or not (can.get("draw") or can.get("discard")):
            return
        self.acted_on = reached
        if can.get("draw"):
            self.move("d")
            return
        taken = (board.get("taken") or {}).get("code")
        left_over = [card["code"] for card in board.get("left_over") or []]
        hand = [card["code"] for card in board.get("hand") or []]
        choices = [code for code in left_over or hand if code != taken] or hand
        self.move("x " + max(choices, key=value))

    def match(self, now: float, reached: int) -> None:
        """Note each move of the others that this board is the first here to show."""
        for seat, peer in self.peers.items():
            sent = self.table.sent.get(seat, [])
            told = self.told.setdefault(seat, [])
            while len(told) < len(sent) and len(told) < len(peer.bases):
                k = len(told)
                if now < sent[k] or reached <= peer.bases[k]:
                    break
                told.append(now)
