"""What one connection may hold, attacked with real clients against a real ``threethirteen
serve`` on loopback (issue 25, findings 4 and 5): session channels opened and never
started, a connection logged in without a session, environment variables told again and
again, the server's log at its stop, and a client that never reads its socket: one that
announces a window of a GiB while a table plays, one that types all the while.

The hoarders are asyncssh clients (:mod:`tests.helpers.hoarders`); the players at the table
are OpenSSH's ``ssh`` in a pseudo-terminal. Every wait is for something to happen (a
channel refused, a connection closed, a line in the server's log, a line on a terminal),
with a generous bound; figures are printed (``pytest -s``), never asserted.
"""

from __future__ import annotations

import asyncio
import re
import socket
import struct
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest
from asyncssh.constants import MSG_IGNORE
from asyncssh.packet import String

from tests.helpers.attacks import (
    ANSWER,
    Screen,
    connect,
    figure,
    limits_file,
    resident_bytes,
    stop_server,
    wait_for_log,
)
from tests.helpers.hoarders import HUGE_WINDOW, bare_channel, bare_channels, deaf_connection, told
from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

STAMPED = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S")
"""How every line of the server's log begins: the time, then what happened."""


async def terminal(
    conn: asyncssh.SSHClientConnection, name: str, **options: object
) -> tuple[asyncssh.SSHClientChannel[bytes], Screen]:
    """A session with a terminal on ``conn``, in the lobby."""
    chan, screen = await conn.create_session(
        Screen, term_type="xterm", term_size=(100, 30), encoding=None, **options
    )
    assert isinstance(screen, Screen)
    await screen.wait_for(f", {name}.")
    return chan, screen


# -- 4. channels, a connection without a session, what a channel keeps ------------------------


def test_an_eleventh_channel_on_one_connection_is_refused(
    server: Server, keys: dict[str, Path]
) -> None:
    """eve plays in one terminal and opens bare channels on the same connection: nine more
    open, the eleventh is refused (OpenSSH's ``MaxSessions`` is 10), once one is closed
    another opens, and her next connection has channels of its own; logged once."""

    async def attack() -> tuple[int, int, int, int]:
        conn = await connect(server.port, "eve", key=keys["eve"])
        try:
            await terminal(conn, "eve")
            opened, refused = await bare_channels(conn, 12)
            opened[0].close()
            await opened[0].wait_closed()
            again, _ = await bare_channels(conn, 1)
            other = await connect(server.port, "eve", key=keys["eve"])
            elsewhere, _ = await bare_channels(other, 5)
            other.close()
            return len(opened), refused, len(again), len(elsewhere)
        finally:
            conn.close()

    opened, refused, again, elsewhere = asyncio.run(attack())
    figure(f"bare channels beside a terminal: {opened} opened, {refused} refused")
    assert (opened, refused) == (9, 3)
    assert again == 1 and elsewhere == 5
    wait_for_log(server, "refused 127.0.0.1: too many channels on one connection (eve)")
    assert server.log().count("too many channels on one connection") == 1


def test_a_connection_without_a_session_is_let_go_after_the_grace(
    tmp_path: Path, keys: dict[str, Path]
) -> None:
    """With ``session_grace = 1``: a connection that logs in and opens nothing, and one
    that opens bare channels, are closed; ana's terminal, older than both, still answers;
    a connection whose command has ended is let go in its turn."""
    limits = limits_file(tmp_path, "session_grace = 1.0\n")
    server = Server(tmp_path / "server", "--limits", str(limits)).start()

    async def attack() -> float:
        ana = await connect(server.port, "ana", key=keys["ana"])
        chan, screen = await terminal(ana, "ana")
        idle = await connect(server.port, "eve", key=keys["eve"])
        hoarder = await connect(server.port, "eve", key=keys["eve"])
        await bare_channels(hoarder, 3)
        started = time.monotonic()
        await asyncio.wait_for(idle.wait_closed(), ANSWER)
        await asyncio.wait_for(hoarder.wait_closed(), ANSWER)
        took = time.monotonic() - started
        chan.write(b"tables\r")
        await screen.wait_for("No open tables yet")
        fetcher = await connect(server.port, "ben", key=keys["ben"], source="127.0.0.4")
        done = await fetcher.run("log KITE-7", check=False)
        assert done.exit_status == 1
        await asyncio.wait_for(fetcher.wait_closed(), ANSWER)
        ana.close()
        return took

    try:
        took = asyncio.run(attack())
        figure(f"connections without a session let go {took:.1f} s after they logged in")
        wait_for_log(server, "let go 127.0.0.4 (ben): no session within 1 s")
        server.wait_log("let go 127.0.0.1 (eve): no session within 1 s")
        assert "(ana): no session" not in server.log()
    finally:
        server.stop()


def test_a_channel_keeps_only_the_few_variables_the_server_reads(
    server: Server, keys: dict[str, Path]
) -> None:
    """A bare channel is told 120 variables of its own names, and a LANG of 1,000
    characters: it keeps none of them; a LANG of the usual length is kept, and a terminal
    told 50 variables besides its LANG speaks German."""
    assert server.process is not None
    before = resident_bytes(server.process.pid)

    async def attack() -> tuple[int, bool, bool, str]:
        conn = await connect(server.port, "eve", key=keys["eve"])
        try:
            chan, _ = await bare_channel(conn)
            taken = [await told(chan, f"HOARD_{n:03}", "v" * 40) for n in range(120)]
            long = await told(chan, "LANG", "de_DE" + "x" * 995)
            usual = await told(chan, "LANG", "de_DE.UTF-8")
            junk = {f"JUNK_{n:02}": "w" * 40 for n in range(50)}
            _, screen = await terminal(conn, "eve", env={**junk, "LANG": "de_DE.UTF-8"})
            return sum(taken), long, usual, screen.text()
        finally:
            conn.close()

    taken, long, usual, welcome = asyncio.run(attack())
    grown = resident_bytes(server.process.pid) - before
    figure(f"a channel told 120 variables took {taken}; server memory +{grown >> 10} KiB")
    assert taken == 0 and not long
    assert usual and "Willkommen, eve." in welcome


def test_at_its_stop_every_line_of_the_server_log_is_its_own(
    server: Server, keys: dict[str, Path]
) -> None:
    """A client fills its connection with ten channels, sends more than the server reads at
    once and resets the connection; at SIGTERM the server writes to the dead socket (asyncio
    warns at each write). Every line of its log has the time first, and a library's warning
    is logged once, not once per write."""

    async def attack() -> None:
        conn = await connect(server.port, "eve", key=keys["eve"])
        await bare_channels(conn, 10)
        for _ in range(40):  # 40 KB, more than the pace lets through: the server stops reading
            conn.send_packet(MSG_IGNORE, String(b"x" * 1000))
        sock = conn.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        transport = conn._transport
        assert transport is not None
        await asyncio.sleep(0)  # the 40 KB written before the reset
        transport.abort()  # a reset the server does not read: it stopped reading

    asyncio.run(attack())
    wait_for_log(server, "eve logged in")
    stop_server(server)
    lines = server.log().splitlines()
    unstamped = [line for line in lines if not STAMPED.match(line)]
    warned = [line for line in lines if "socket.send() raised exception" in line]
    figure(f"the log at the stop: {len(lines)} lines, {len(warned)} of asyncio's warning")
    assert lines[-1].endswith("server stopped")
    assert not unstamped, unstamped[:5]
    assert len(warned) <= 1


# -- 5. a client that never reads ----------------------------------------------------------


def test_a_client_that_never_reads_is_let_go_and_the_table_plays_on(
    tmp_path: Path, keys: dict[str, Path], connect: Callable[..., Player]
) -> None:
    """eve announces a window of a GiB, watches ana's table, stops reading her socket and
    types ``help`` twice a second; ana lets the AI play her game to its end, ben watches it.
    The server lets eve go once 64 KiB (``write_buffer``) wait for her, in the transport or
    on the channel, and ben sees the whole game. (Its keepalives would let her go too: they
    wait ten minutes here.)"""
    limits = limits_file(tmp_path, "write_buffer = 65536\nkeepalive_interval = 600.0\n")
    server = Server(tmp_path / "server", "--limits", str(limits)).start()
    try:
        ana = connect(server.port, "ana", lobby=True)
        ben = connect(server.port, "ben", lobby=True)
        ana.line("new --level greedy")
        code = ana.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
        ana.line("start")
        ana.expect(r"The cards are dealt\.")
        ben.line(f"watch {code}")
        ben.expect(rf"Watching table {code}")

        async def deaf() -> tuple[float, bool]:
            conn, transport = await deaf_connection(
                server.port, "eve", str(keys["eve"]), "127.0.0.3"
            )
            chan, screen = await conn.create_session(
                Screen, term_type="xterm", term_size=(200, 60), encoding=None, window=HUGE_WINDOW
            )
            assert isinstance(screen, Screen)
            await screen.wait_for("Welcome, eve.")
            chan.write(f"watch {code}\r".encode())
            await screen.wait_for(f"Watching table {code}")
            transport.pause_reading()  # from now on what the server sends eve piles up
            started = time.monotonic()
            await asyncio.to_thread(ana.line, "auto game")
            while not conn.is_closed() and time.monotonic() - started < 4 * ANSWER:
                if "reads too slowly" in server.log():
                    break
                chan.write(b"help\r")
                await asyncio.sleep(0.5)
            took = time.monotonic() - started
            transport.resume_reading()
            try:
                await asyncio.wait_for(conn.wait_closed(), ANSWER)
            except TimeoutError:
                conn.close()
                return took, False
            return took, True

        took, closed = asyncio.run(deaf())
        ben.expect(r"Game over after 11 rounds\.", timeout=150)
        ana.expect(r"Game over after 11 rounds\.", timeout=ANSWER)
        figure(f"a client that never reads let go {took:.1f} s after it stopped reading")
        wait_for_log(server, "eve: the client reads too slowly")
        assert closed
    finally:
        server.stop()


def test_a_client_that_types_but_never_reads_is_let_go_by_its_keepalives(
    tmp_path: Path, keys: dict[str, Path]
) -> None:
    """With a keepalive a second: eve stops reading her socket and types ``tables`` three
    times a second, which would put asyncssh's keepalive off for ever; two keepalives go
    unanswered and she is let go. ana, logged in before her, reads and stays."""
    limits = limits_file(tmp_path, "keepalive_interval = 1.0\nkeepalive_misses = 2\n")
    server = Server(tmp_path / "server", "--limits", str(limits)).start()

    async def attack() -> float:
        ana = await connect(server.port, "ana", key=keys["ana"])
        chan, screen = await terminal(ana, "ana")
        conn, transport = await deaf_connection(server.port, "eve", str(keys["eve"]), "127.0.0.3")
        deaf, _ = await terminal(conn, "eve")
        transport.pause_reading()
        started = time.monotonic()
        while "no answer to 2 keepalives" not in server.log():
            assert time.monotonic() - started < 3 * ANSWER, "eve was not let go"
            deaf.write(b"tables\r")
            await asyncio.sleep(0.3)
        took = time.monotonic() - started
        transport.resume_reading()
        await asyncio.wait_for(conn.wait_closed(), ANSWER)
        chan.write(b"tables\r")
        await screen.wait_for("No open tables yet")
        ana.close()
        return took

    try:
        took = asyncio.run(attack())
        figure(f"a client that types but never reads let go {took:.1f} s after it stopped")
        server.wait_log("let go 127.0.0.3 (eve): no answer to 2 keepalives")
        assert "(ana): no answer" not in server.log()
    finally:
        server.stop()
