"""Who a name is, and budgets a few addresses cannot spend (issue 25, findings 2 and 3),
with real clients against ``threethirteen serve --password-file F``.

- carol comes in with the password and plays; eve, with any key, asks for the name
  ``carol`` and is refused (in English and German), and carol plays on; also after the
  server is killed and started again while carol sits at her table.
- Twenty loopback addresses open and close connections as fast as they are let: a
  newcomer from another network still logs in.
- Forty addresses claim five names each: a name from a quiet address is still taken.
- carol plays a game to its end with the password and leaves; eve's key then takes the
  name ``carol`` (nobody holds it any more) and gets none of carol's tables: neither
  ``ssh carol@HOST log CODE`` nor ``history`` (issue 34, finding 4).

The attackers are OpenSSH's ``ssh`` and asyncssh's client, and raw sockets where all an
attack needs is a connection; other loopback addresses (127.0.0.2 …, 127.N.0.2) stand for
other hosts and other networks. Every wait is for something to come, with a generous
bound; figures are printed (``pytest -s``), never asserted.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Sequence
from pathlib import Path

import asyncssh
import pytest

from tests.helpers.attacks import (
    ANSWER,
    Banners,
    addresses,
    connect,
    figure,
    limits_file,
    stop_server,
    wait_for_log,
)
from tests.helpers.sshclient import SSH, SSH_KEYGEN, Server, plain, ssh_run

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

PASSWORD = "correct horse battery"

REFUSED = "The name 'carol' is in use by a player who logs in with the password"
REFUSED_DE = "Den Namen 'carol' benutzt jemand, der sich mit dem Passwort anmeldet"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "password"
    path.write_text(PASSWORD + "\n", encoding="utf-8")
    return path


def password_server(folder: Path, secret: Path, *extra: str) -> Server:
    return Server(folder, "--password-file", str(secret), *extra).start()


class Terminal(asyncssh.SSHClientSession[bytes]):
    """A terminal session as asyncssh's client sees it: every byte kept, and a wait for
    text to come (woken by each packet, never by a timer)."""

    def __init__(self) -> None:
        self.raw = bytearray()
        self.seen = 0
        self.news = asyncio.Event()
        self.closed = False
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.raw += data
        self.news.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.news.set()

    def text(self) -> str:
        return plain(self.raw.decode("utf-8", "replace"))

    async def expect(self, pattern: str, timeout: float = ANSWER) -> re.Match[str]:
        regex = re.compile(pattern)
        async with asyncio.timeout(timeout):
            while True:
                found = regex.search(self.text(), self.seen)
                if found:
                    self.seen = found.end()
                    return found
                assert not self.closed, f"closed before {pattern!r}: {self.text()[-800:]!r}"
                self.news.clear()
                await self.news.wait()

    def line(self, text: str) -> None:
        assert self.chan is not None
        self.chan.write(text.encode() + b"\r")


async def password_terminal(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    """``name`` logs in with the password, in a terminal 100 columns wide."""
    conn = await connect(port, name, client=Banners([PASSWORD]), preferred_auth="password")
    _, term = await conn.create_session(
        Terminal, term_type="xterm", term_size=(100, 30), encoding=None
    )
    return conn, term


async def carol_deals(
    port: int, options: str
) -> tuple[asyncssh.SSHClientConnection, Terminal, str]:
    """carol, in with the password, makes a table (``new OPTIONS``) and starts it: her
    connection, her terminal and the table's code."""
    conn, carol = await password_terminal(port, "carol")
    await carol.expect(r"Welcome, carol\.")
    carol.line(f"new {options}")
    code = (await carol.expect(r"Table ([A-Z]{4}-\d+) is yours")).group(1)
    carol.line("start")
    await carol.expect(r"The cards are dealt\.")
    return conn, carol, code


async def play_turn(term: Terminal) -> str:
    """On the player's turn: draw from the stock and discard what was drawn; the card."""
    await term.expect(r"your turn: draw or take")
    term.line("d")
    drawn = (await term.expect(r"You draw (\S+) from the stock\.")).group(1)
    term.line(f"x {drawn}")
    told = await term.expect(rf"You discard {re.escape(drawn)}\.|{re.escape(drawn)} is wild:")
    if "is wild" in told.group(0):  # a wild card is discarded at the second Enter
        term.line("")
        await term.expect(rf"You discard {re.escape(drawn)}\.")
    return drawn


def eve_as_carol(server: Server, keys: dict[str, Path], home: Path) -> str:
    """eve's key asks for the name ``carol``: it must be refused; what ssh said."""
    tried = ssh_run(server.port, keys["eve"], "carol", "log", "X-1", home=home)
    said = tried.stderr.decode("utf-8", "replace")
    assert tried.returncode == 255, f"eve got in as carol ({tried.returncode}): {said}"
    return said


# -- finding 2: one owner per name ----------------------------------------------------------


def test_no_key_takes_the_name_of_a_seated_password_player(
    tmp_path: Path, secret: Path, keys: dict[str, Path], home: Path
) -> None:
    server = password_server(tmp_path / "server", secret)
    try:

        async def before_restart() -> str:
            conn, carol, code = await carol_deals(server.port, "--seats 2")
            await play_turn(carol)
            said = await asyncio.to_thread(eve_as_carol, server, keys, home)
            assert REFUSED in said and REFUSED_DE in said, said
            assert "Permission denied" in said
            await play_turn(carol)  # carol plays on, at her own seat
            conn.close()
            return code

        code = asyncio.run(before_restart())
        server.wait_log("a key for carol, a name in use with the password")
        # eve is let in under a name of her own meanwhile; carol's stays carol's
        own = ssh_run(server.port, keys["eve"], "eve", "log", "X-1", home=home)
        assert own.returncode == 1, own.stderr

        server.kill()  # carol sits at her table; the plan on disk says so
        server.start()
        said = eve_as_carol(server, keys, home)
        assert REFUSED in said, said

        async def after_restart() -> None:
            conn, carol = await password_terminal(server.port, "carol")
            await carol.expect(rf"Table {code}")
            await play_turn(carol)
            conn.close()

        asyncio.run(after_restart())
        figure(f"identity: eve refused as carol twice, before and after a restart; carol "
               f"played three turns at {code}")  # fmt: skip
    finally:
        stop_server(server)


def test_a_key_that_takes_a_password_player_s_name_later_gets_none_of_her_tables(
    tmp_path: Path, secret: Path, keys: dict[str, Path], home: Path
) -> None:
    """carol comes in with the password, plays a game to its end (``auto game``: the
    server's ``auto`` is the greedy AI's) and fetches its log; then she leaves, and eve's
    key logs in as ``carol``: the same ``log CODE`` is no table of hers, and her
    ``history`` lists nothing."""
    server = Server(tmp_path / "server", "--password-file", str(secret), deal=(2213, "ab" * 16))
    server.start()
    try:

        async def carol_plays() -> tuple[str, bytes]:
            conn, carol, code = await carol_deals(server.port, "--seats 2 --level greedy")
            carol.line("auto game")
            await carol.expect(r"Game over after 11 rounds\.")
            fetched = await conn.run(f"log {code}", encoding=None)
            assert fetched.exit_status == 0 and isinstance(fetched.stdout, bytes)
            conn.close()
            await conn.wait_closed()
            return code, fetched.stdout

        code, log = asyncio.run(carol_plays())
        assert log.startswith(b'{"format": "threethirteen-log"')
        server.wait_log("carol left (connection closed)")  # (her name is let go before)
        taken = ssh_run(server.port, keys["eve"], "carol", "log", code, home=home)
        said = taken.stderr.decode("utf-8", "replace")
        assert taken.returncode == 1 and taken.stdout == b"", said
        assert "No table with that code that you sat at." in said

        async def eve_looks() -> None:
            conn = await connect(server.port, "carol", key=keys["eve"])
            _, term = await conn.create_session(
                Terminal, term_type="xterm", term_size=(100, 30), encoding=None
            )
            assert isinstance(term, Terminal)
            await term.expect(r"Welcome, carol\.")
            term.line("history")
            listed = await term.expect(r"None of the tables you sat at is over yet|log " + code)
            assert listed.group(0).startswith("None"), term.text()[-800:]
            conn.close()

        asyncio.run(eve_looks())
        figure(f"identity: carol's table {code} ({len(log)} bytes of log) is hers only")
    finally:
        stop_server(server)


# -- finding 3: budgets a few addresses cannot spend ----------------------------------------


def spread(count: int, first: int = 1) -> list[str]:
    """``count`` loopback addresses, each in a /24 network of its own (127.N.0.2)."""
    return [f"127.{n}.0.2" for n in range(first, first + count)]


async def open_and_close(port: int, source: str, times: int) -> None:
    """Open a connection from ``source`` and close it once the server has said its first
    line (its SSH version: a connection it counted, or one it refuses), ``times`` times
    one after another."""
    for _ in range(times):
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            continue
        try:
            await asyncio.wait_for(reader.readline(), ANSWER)
        except (OSError, TimeoutError):
            pass
        finally:
            writer.transport.abort()  # closed at once, as a flood does


def test_twenty_addresses_opening_connections_leave_room_for_a_newcomer(
    tmp_path: Path, secret: Path, keys: dict[str, Path], home: Path
) -> None:
    """Ten addresses of one /24 and ten of ten networks open and close connections as fast
    as they are let, twice the minute's budget and more; a newcomer from another network
    logs in. (The limits file names a total and a cap per address only, as one written
    before the budgets were shared: the network's share and the reserve follow.)"""
    limits = limits_file(
        tmp_path, "new_connections_per_minute = 100\nnew_connections_per_address = 10\n"
    )
    server = password_server(tmp_path / "server", secret, "--limits", str(limits))
    try:
        flood = addresses(10) + spread(10)

        async def attack() -> None:
            await asyncio.gather(*(open_and_close(server.port, one, 15) for one in flood))

        start = time.monotonic()
        asyncio.run(attack())
        took = time.monotonic() - start
        wait_for_log(server, ": too many new connections")  # the flood spent its part
        elsewhere = ("-o", "BindAddress=127.0.77.1")
        newcomer = ssh_run(server.port, keys["ben"], "ben", "log", "X-1", options=elsewhere,
                           home=home)  # fmt: skip
        said = newcomer.stderr.decode("utf-8", "replace")
        refused = sum(" refused 127." in line for line in server.log().splitlines())
        figure(f"connection flood: {len(flood) * 15} connections from {len(flood)} addresses "
               f"in {took:.1f} s ({refused} lines of refusals logged); the newcomer's ssh "
               f"exited {newcomer.returncode}")  # fmt: skip
        assert newcomer.returncode == 1, said  # in: there is no table X-1
        server.wait_log("ben logged in from 127.0.77.1")
    finally:
        stop_server(server)


async def claim(port: int, source: str, names: Sequence[str], key: Path) -> list[str]:
    """Log in from ``source`` under each of ``names`` in turn with ``key`` (a new name
    each time); the banners of the refused ones."""
    said = []
    for name in names:
        client = Banners()
        try:
            conn = await connect(port, name, key=key, source=source, client=client)
        except (asyncssh.Error, OSError):
            said.append(" ".join(client.banners))
        else:
            conn.close()
            await conn.wait_closed()
    return said


def test_forty_addresses_claiming_names_leave_names_for_a_quiet_one(
    tmp_path: Path, secret: Path, keys: dict[str, Path], home: Path
) -> None:
    """35 addresses of one /24 and 5 of five networks claim five names each; the hour's
    names are not all spent: a new name from a quiet address is taken."""
    # a network's share follows the total: 5 names, as an address's; the reserve 10
    limits = limits_file(tmp_path, "new_names_per_hour = 40\nnew_names_per_address = 5\n")
    server = password_server(tmp_path / "server", secret, "--limits", str(limits))
    try:
        flood = addresses(35) + spread(5)

        async def attack() -> list[list[str]]:
            gate = asyncio.Semaphore(6)

            async def one(n: int, source: str) -> list[str]:
                async with gate:
                    names = [f"a{n}n{m}" for m in range(5)]
                    return await claim(server.port, source, names, keys["eve"])

            return list(await asyncio.gather(*(one(n, s) for n, s in enumerate(flood))))

        start = time.monotonic()
        refusals = [banner for each in asyncio.run(attack()) for banner in each]
        took = time.monotonic() - start
        taken = len(flood) * 5 - len(refusals)
        elsewhere = ("-o", "BindAddress=127.0.99.1")
        quiet = ssh_run(server.port, keys["ben"], "quiet", "log", "X-1", options=elsewhere,
                        home=home)  # fmt: skip
        said = quiet.stderr.decode("utf-8", "replace")
        figure(f"name flood: {len(flood) * 5} names tried from {len(flood)} addresses in "
               f"{took:.1f} s, {taken} taken; the quiet address's ssh exited "
               f"{quiet.returncode}")  # fmt: skip
        assert quiet.returncode == 1, said  # in, under a new name
        assert taken <= 30  # six networks of five names each, within the part before the reserve
        assert any("Your network has claimed 5 new names within the hour" in b for b in refusals)
        assert any("Aus deinem Netz wurden" in b for b in refusals)
    finally:
        stop_server(server)
