"""The web front holds what the SSH side holds, against a stranger with a browser or a
socket: a flood of messages, huge frames, thousands of connections, a client that never
reads, one that sends its request a byte at a time or never logs in, and the caps of the
limits file per address and in total."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import attrs
from threethirteen.repl.lab.web_load import browser_key
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.session import GameSession

from tests.helpers.channel import Channel
from tests.helpers.rooms import settle
from tests.helpers.web import Browser, web_front, words


def run(test: object) -> None:
    asyncio.run(test)  # type: ignore[arg-type]


def frame(text: str) -> bytes:
    """One masked text frame, as a client sends it (RFC 6455, 5.2)."""
    data = text.encode("utf-8")
    mask = os.urandom(4)
    size = len(data)
    head = bytes([0x81])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", size)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", size)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


async def raw_socket(port: int, *, receive_buffer: int | None = None) -> tuple[
    asyncio.StreamReader, asyncio.StreamWriter
]:  # fmt: skip
    """A WebSocket opened by hand (its answer read), with a small receive buffer if asked."""
    sock = socket.socket()
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = await reader.readuntil(b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return reader, writer


def test_a_huge_frame_closes_the_socket_before_it_is_read(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            await ana.line("say " + "x" * 100_000)
            closing = await ana.closed()
            assert closing.type == aiohttp.WSMsgType.CLOSE
            assert closing.data == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
            await ana.close()
            await settle(lambda: front.service.sessions.total == 0)

    run(test())


def test_a_flood_of_lines_is_refused_and_said_so_once_a_second(tmp_path: Path) -> None:
    said: list[str] = []
    limits = Limits(commands=5, per_seconds=1.0, line_keys_per_second=1000.0,
                    line_keys_burst=1000)  # fmt: skip

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (_front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            for _ in range(300):
                await ana.line("tables")
            await ana.said("Too many commands at once")

            # the session lives on: a line is taken again once the window has passed (one
            # refused meanwhile goes unsaid: asked again until one is answered)
            async def ask() -> None:
                while True:
                    await ana.line("history")
                    await asyncio.sleep(0.2)

            asking = asyncio.ensure_future(ask())
            await ana.said("None of the tables you sat at")
            asking.cancel()
            refusals = [m for m in ana.messages if "Too many commands" in words(m)]
            assert 1 <= len(refusals) < 30  # not one for each of the 300
            await ana.close()

    run(test())


def test_lines_are_paced_before_they_are_parsed(tmp_path: Path) -> None:
    """Frames beyond the pace of Enter keys wait: the server stops reading the socket
    (here a pace that never lets a third in), while it serves others."""
    said: list[str] = []
    limits = Limits(line_keys_per_second=1e-6, line_keys_burst=2)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            for _ in range(5):
                await ana.line("tables")
            for _ in range(2):  # the first two are run
                await ana.until(lambda m: m["type"] == "tables")
            ben = await Browser(port, "ben").connect()  # meanwhile another is served
            await ben.line("tables")
            await ben.until(lambda m: m["type"] == "tables")
            ana_session = next(one for one in front.sessions if one.name == "ana")
            assert len(ana_session.caps._times) == 2  # the other three wait, unread
            await ben.close()
        # once the server has stopped: her close frame would wait unread behind her three
        # lines, and the client waits 10 s for the server's answer to it
        await ana.close()

    run(test())


def test_thousands_of_connections_from_one_address_are_turned_away(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (front, port):
            opened = []
            answers = []
            for _ in range(200):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                opened.append(writer)
                if len(opened) > Limits().connections_per_address:
                    answers.append(reader.read(200))
            refused = await asyncio.gather(*answers)
            assert all(answer.startswith(b"HTTP/1.1 503") for answer in refused)
            assert front.service.connections.total == Limits().connections_per_address
            for writer in opened:
                writer.close()
            await settle(lambda: front.service.connections.total == 0)
        assert sum("refused a web connection" in line for line in said) == 1  # logged once

    run(test())


def test_a_request_sent_a_byte_at_a_time_is_cut_off(tmp_path: Path) -> None:
    said: list[str] = []
    limits = Limits(login_timeout=0.5)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the end of it
            assert await reader.read() == b""  # closed by the server
            writer.close()
            await settle(lambda: front.service.connections.total == 0)

    run(test())


def test_a_socket_that_never_logs_in_is_let_go(tmp_path: Path) -> None:
    said: list[str] = []
    limits = Limits(login_timeout=0.5)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            reader, writer = await raw_socket(port)
            await settle(lambda: front.service.handshakes.total == 1)
            assert await reader.read() != b"x"  # read to its end: closed by the server
            await settle(lambda: front.service.handshakes.total == 0)
            await settle(lambda: front.service.connections.total == 0)
            writer.close()

    run(test())


def test_a_client_that_never_reads_is_let_go(tmp_path: Path) -> None:
    said: list[str] = []
    limits = Limits(write_buffer=64 * 1024, commands=100_000, line_keys_per_second=100_000.0,
                    line_keys_burst=100_000, bytes_per_second=10_000_000,
                    bytes_burst=10_000_000)  # fmt: skip

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            _reader, writer = await raw_socket(port, receive_buffer=4096)
            login = {"type": "login", "name": "ana", "key": browser_key(), "lang": "en"}
            writer.write(frame(json.dumps(login)))
            await settle(lambda: front.service.sessions.total == 1)
            help_line = frame(json.dumps({"type": "line", "text": "help"}))
            while front.service.sessions.total:  # and never a byte read
                try:
                    writer.write(help_line * 20)
                    await writer.drain()
                except ConnectionError:  # let go: what the test waits for
                    break
                await asyncio.sleep(0)
            assert any("reads too slowly" in line for line in said)
            await settle(lambda: front.service.connections.total == 0)
            writer.close()

    run(test())


def test_sessions_are_capped_per_address_and_per_name(tmp_path: Path) -> None:
    said: list[str] = []
    limits = Limits(sessions_per_address=2, sessions_per_name=1)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            twice = await Browser(port, "ana", key=ana.key).connect()
            said_twice = await twice.until(lambda m: m["type"] == "refused")
            assert "sessions open" in said_twice["text"]
            ben = await Browser(port, "ben").connect()
            await ben.until(lambda m: m["type"] == "welcome")
            cleo = await Browser(port, "cleo").connect()
            assert "busy" in (await cleo.until(lambda m: m["type"] == "refused"))["text"]
            for one in (ana, twice, ben, cleo):
                await one.close()
            await settle(lambda: front.service.sessions.total == 0)

    run(test())


def test_a_terminal_and_a_browser_are_counted_against_the_same_sessions(
    tmp_path: Path,
) -> None:
    """Each session takes one lease of the server's sessions, an SSH channel's as a
    browser's: with room for one session, a browser waits for the terminal to end, and
    the terminal's end gives back its own session once, never the browser's."""
    said: list[str] = []
    limits = Limits(sessions_total=1)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            server = SimpleNamespace(
                service=front.service,
                name="bo",
                address="127.0.0.9",
                channels=SimpleNamespace(began=lambda: None, ended=lambda started: None),
            )
            terminal = GameSession(server)  # type: ignore[arg-type]
            terminal.chan = Channel()  # type: ignore[assignment]
            terminal.session_started()  # (no terminal asked for: told so, still counted)
            assert front.service.sessions.total == 1
            ana = await Browser(port, "ana").connect()
            assert "busy" in (await ana.until(lambda m: m["type"] == "refused"))["text"]
            await ana.close()
            terminal.connection_lost(None)
            assert front.service.sessions.total == 0
            again = await Browser(port, "ana", key=ana.key).connect()
            await again.until(lambda m: m["type"] == "welcome")
            terminal.connection_lost(None)  # (asyncssh says it once; twice gives nothing)
            assert front.service.sessions.by_name["ana"] == 1
            assert front.service.logins["ana"] == 1
            await again.close()
            await settle(lambda: front.service.sessions.total == 0)
            assert front.service.logins["ana"] == 0

    run(test())


def test_new_names_are_capped_per_address(tmp_path: Path) -> None:
    said: list[str] = []
    limits = attrs.evolve(Limits(), new_names_per_address=2)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            for name in ("ana", "ben"):
                one = await Browser(port, name).connect()
                await one.until(lambda m: m["type"] == "welcome")
                await one.close()
            third = await Browser(port, "cleo").connect()
            refused = await third.until(lambda m: m["type"] == "refused")
            assert "new names within the hour" in refused["text"]
            await third.close()
            assert front.service.keys.owner("cleo") is None

    run(test())


def test_the_server_stopping_says_goodbye(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            front.service.stopping = True
            for one in list(front.service.present):
                one.stopping()
            bye = await ana.until(lambda m: m["type"] == "bye")
            assert "The server is stopping" in bye["text"] and bye["again"]  # (a restart)
            await ana.closed()
            await ana.close()

    run(test())


def test_a_lobby_left_idle_is_left(tmp_path: Path) -> None:
    said: list[str] = []
    limits = Limits(lobby_idle=0.5)

    async def test() -> None:
        async with web_front(tmp_path, said, limits) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            bye = await ana.until(lambda m: m["type"] == "bye")  # and nothing typed
            assert "idle" in bye["text"] and not bye["again"]  # the page waits for a click
            await ana.closed()
            await ana.close()
            await settle(lambda: front.service.sessions.total == 0)

    run(test())
