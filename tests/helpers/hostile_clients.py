"""The hostile clients of the soak (:mod:`tests.helpers.soak`): each from its own
address and each bounded (a rate, a number of connections), so that the soak measures the
server, not an unbounded client:

- a **flood** of keys and DEL bytes (:data:`FLOOD_BYTES_PER_SECOND`), read as it comes;
- **many connections** from one address (:data:`MANY_AT_ONCE` open, each held a moment);
- a **huge terminal** (:data:`HUGE`, and resized now and then) that lists the tables;
- **password guesses** (:data:`GUESSES_PER_SECOND`) on names nobody has;
- **tables made and left** (:data:`CHURN_PER_SECOND`);

and those of the fourth round of attacks (issue 25):

- **channels** opened on one connection and never started (:data:`CHANNELS_PER_SECOND`);
- a client that **never reads** (a 1 GiB SSH window, its socket no longer read) while it
  watches a normal table and asks for the rules again and again;
- **watchers who talk**: :data:`TALKERS` sessions from one address watch a normal table and
  ``say`` as fast as they are let;
- **new names** from :data:`NAME_ADDRESSES` addresses, :data:`NAMES_EACH` each, while a
  newcomer from an address of its own claims one every :data:`NEWCOMER_EVERY` seconds;
- **connections** opened and closed from :data:`CHURN_ADDRESSES` addresses, as fast as they
  are let (:data:`OPENS_PER_SECOND` each at most);
- a **takeover**: a password player sits at a table of their own, and a key tries their
  name every second.

:data:`HOSTILES` names them (``--hostile NAME,…``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import socket
import time
from collections.abc import Awaitable, Callable

import asyncssh
from attrs import define, frozen
from threethirteen.repl.lab.server_load import ESCAPE

from tests.helpers.attacks import connect

FLOOD_BYTES_PER_SECOND = 64 * 1024
MANY_AT_ONCE = 48
HUGE = (20000, 5000)
"""Columns and rows the huge terminal claims."""
GUESSES_PER_SECOND = 4.0
CHURN_PER_SECOND = 2.0
SLOW_DOWN = "Too many commands"
REFUSED_SAY = ("Not so fast", "Watchers do not talk")
"""What the server says to a line of ``say`` it does not pass on (counted as refused)."""
"""What the server says to a session that types commands faster than its limit."""
CHANNELS_PER_SECOND = 50.0
"""Session channels the channel hog opens in a second, on one connection."""
UNREAD_WINDOW = 1 << 30
"""The SSH window the client that never reads announces: the server may send it a GiB."""
RULES_EVERY = 0.6
"""Seconds between the ``rules`` the client that never reads asks for (each a few KiB)."""
TALKERS = 15
"""Watching sessions of the talkers, all from one address (five names, three each)."""
SAYS_EVERY = 1.0
"""Seconds between the lines each talker says."""
NAME_ADDRESSES = 40
NAMES_EACH = 5
NEWCOMER_EVERY = 15.0
"""Seconds between the newcomer's logins under a fresh name, from a fresh address."""
CHURN_ADDRESSES = 20
OPENS_PER_SECOND = 5.0
"""Connections each churning address opens in a second at most (one at a time)."""
TAKEOVER_NAME = "carol"
"""The password player whose name the takeover tries with a key."""
PASSWORD = "soak-password-of-the-server"


@frozen
class Arena:
    """What a hostile client knows of the soak: the server's port, the normal tables'
    codes (anyone may watch them) and the password of the server."""

    port: int
    codes: tuple[str, ...]
    password: str = PASSWORD


@define
class Hostile:
    """What one hostile client did, and what it met."""

    name: str
    did: int = 0
    """Its unit of work: kilobytes sent, connections opened, guesses, tables made ..."""
    unit: str = ""
    refused: int = 0
    """Attempts the server refused or cut off (a closed connection, a refused login)."""
    errors: int = 0
    note: str = ""

    def line(self) -> str:
        said = f"{self.name}: {self.did:,} {self.unit}, {self.refused:,} refused or cut off"
        if self.errors:
            said += f", {self.errors:,} other errors"
        return said + (f"; {self.note}" if self.note else "")


async def _drain(process: asyncssh.SSHClientProcess[str], into: list[int] | None = None) -> None:
    with contextlib.suppress(Exception):
        while text := await process.stdout.read(65536):
            if into is not None:
                into[0] += len(text)


async def until_seen(
    process: asyncssh.SSHClientProcess[str], text: str, limit: float, *, unless: str = "\0"
) -> bool:
    """Read until ``text`` comes (answering cursor requests), at most ``limit`` seconds;
    ``False`` if ``unless`` came first."""
    seen = ""

    async def read() -> bool:
        nonlocal seen
        while text not in (plain := ESCAPE.sub("", seen)):
            if unless in plain:
                return False
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise ConnectionError("the server closed the session")
            if "\x1b[6n" in chunk:
                process.stdin.write("\x1b[40;1R")
            seen = (seen + chunk)[-8192:]
        return True

    return await asyncio.wait_for(read(), limit)


async def _forever(work: Callable[[], Awaitable[None]], hostile: Hostile, pause: float) -> None:
    """Do ``work`` again and again; a failure is counted and the next try waits ``pause``."""
    while True:
        try:
            await work()
        except asyncio.CancelledError:
            raise
        except (asyncssh.PermissionDenied, asyncssh.DisconnectError, ConnectionError, OSError):
            hostile.refused += 1
            await asyncio.sleep(pause)
        except Exception:
            hostile.errors += 1
            await asyncio.sleep(pause)


async def flood(arena: Arena, hostile: Hostile) -> None:
    """Keys and DEL bytes as fast as :data:`FLOOD_BYTES_PER_SECOND` allows, read as they
    come; reconnect (once a second at most) when the server cuts the connection."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    chunk = ("flood" * 12 + "\x7f" * 60) * 8 + "\r"  # about 1 KiB: letters, DEL, Enter
    hostile.unit = "KiB of keys sent"

    async def once() -> None:
        async with await connect(arena.port, "flood", key=key, source="127.0.9.1") as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 40))
            reader = asyncio.ensure_future(_drain(process))
            try:
                while not reader.done():
                    process.stdin.write(chunk)
                    hostile.did += 1
                    await asyncio.sleep(1024 / FLOOD_BYTES_PER_SECOND)
                raise ConnectionError("cut off")
            finally:
                reader.cancel()

    await _forever(once, hostile, 1.0)


async def many(arena: Arena, hostile: Hostile) -> None:
    """:data:`MANY_AT_ONCE` connections from one address, each logged in with a session of
    its own and held two seconds, then opened again."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    hostile.unit = "connections opened"

    async def once() -> None:
        hostile.did += 1
        async with await connect(arena.port, "many", key=key, source="127.0.9.2") as conn:
            reader: asyncio.Future[None] | None = None
            with contextlib.suppress(asyncssh.ChannelOpenError):
                process = await conn.create_process(term_type="xterm", term_size=(80, 24))
                reader = asyncio.ensure_future(_drain(process))
            await asyncio.sleep(2.0)
            if reader is not None:
                reader.cancel()

    await asyncio.gather(*(_forever(once, hostile, 0.5) for _ in range(MANY_AT_ONCE)))


async def huge(arena: Arena, hostile: Hostile) -> None:
    """A terminal of :data:`HUGE` that lists the tables every two seconds and says a new
    size now and then; the bytes it is sent are counted."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    hostile.unit = "commands typed"
    received = [0]

    async def once() -> None:
        async with await connect(arena.port, "wide", key=key, source="127.0.9.3") as conn:
            process = await conn.create_process(term_type="xterm", term_size=HUGE)
            reader = asyncio.ensure_future(_drain(process, received))
            try:
                while not reader.done():
                    process.stdin.write("tables\r")
                    hostile.did += 1
                    if hostile.did % 3 == 0:
                        width, height = HUGE if hostile.did % 2 else (HUGE[0] // 2, HUGE[1])
                        process.change_terminal_size(width, height)
                    hostile.note = f"{received[0] / (1 << 20):.1f} MiB sent to it"
                    await asyncio.sleep(2.0)
                raise ConnectionError("cut off")
            finally:
                reader.cancel()

    await _forever(once, hostile, 1.0)


async def guess(arena: Arena, hostile: Hostile) -> None:
    """Wrong passwords, :data:`GUESSES_PER_SECOND` at most, for names nobody has."""
    hostile.unit = "passwords guessed"
    accepted = 0

    async def once() -> None:
        nonlocal accepted
        started = time.perf_counter()
        hostile.did += 1
        try:
            conn = await connect(
                arena.port,
                f"guess{hostile.did % 50}",
                source="127.0.9.4",
                password=f"wrong-{hostile.did}",
                preferred_auth="password",
            )
        except asyncssh.PermissionDenied:
            hostile.refused += 1
        else:
            accepted += 1
            hostile.note = f"{accepted} wrong passwords ACCEPTED"
            conn.close()
        await asyncio.sleep(max(0.0, 1 / GUESSES_PER_SECOND - (time.perf_counter() - started)))

    await _forever(once, hostile, 1 / GUESSES_PER_SECOND)


async def churn(arena: Arena, hostile: Hostile) -> None:
    """Tables made (``new``) and left (``leave``), :data:`CHURN_PER_SECOND` at most."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    hostile.unit = "tables made and left"

    async def command(process: asyncssh.SSHClientProcess[str], line: str, answer: str) -> None:
        """Type ``line`` until the server answers it (its limit on commands: wait, again)."""
        while True:
            process.stdin.write(line + "\r")
            if await until_seen(process, answer, 30, unless=SLOW_DOWN):
                return
            hostile.refused += 1
            await asyncio.sleep(1.0)

    async def once() -> None:
        async with await connect(arena.port, "churn", key=key, source="127.0.9.5") as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 40))
            await until_seen(process, "This is the lobby", 30)
            while True:
                started = time.perf_counter()
                await command(process, "new", "is yours")
                await command(process, "leave", "This is the lobby")
                hostile.did += 1
                spent = time.perf_counter() - started
                await asyncio.sleep(max(0.0, 1 / CHURN_PER_SECOND - spent))

    await _forever(once, hostile, 1.0)


async def channels(arena: Arena, hostile: Hostile) -> None:
    """Session channels on one connection, opened and never started (no terminal, no
    shell, no command), :data:`CHANNELS_PER_SECOND` at most; a channel refused is counted,
    and so is the connection when the server closes it, which is opened again."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    hostile.unit = "channels opened"

    async def once() -> None:
        async with await connect(arena.port, "chans", key=key, source="127.0.9.6") as conn:
            loop = asyncio.get_running_loop()
            while not conn.is_closed():
                # asyncssh's own client channel, sent no request (no call of its stops there)
                chan: asyncssh.SSHClientChannel[bytes] = asyncssh.SSHClientChannel(
                    conn, loop, "strict", None, "strict", 1 << 16, 1 << 15
                )
                try:
                    await chan._open(b"session")
                    hostile.did += 1
                except asyncssh.ChannelOpenError:
                    hostile.refused += 1
                await asyncio.sleep(1 / CHANNELS_PER_SECOND)
            raise ConnectionError("let go")

    await _forever(once, hostile, 1.0)


async def unread(arena: Arena, hostile: Hostile) -> None:
    """A client that announces a 1 GiB window and stops reading its socket, while it
    watches a normal table and asks for the rules every :data:`RULES_EVERY` seconds; after
    a minute it reads again, to see whether the server let it go."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    hostile.unit = "minutes without reading"
    let_go: list[float] = []

    async def once() -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel keeps little
        sock.bind(("127.0.9.10", 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", arena.port))
        async with await connect(arena.port, "deaf", key=key, source="", sock=sock) as conn:
            process = await conn.create_process(
                term_type="xterm", term_size=(200, 60), window=UNREAD_WINDOW
            )
            await until_seen(process, "This is the lobby", 30)
            process.stdin.write(f"watch {arena.codes[0]}\r")
            await until_seen(process, arena.codes[0], 30)
            transport = conn._transport
            assert transport is not None
            transport.pause_reading()  # from now on the server's bytes pile up
            started = time.perf_counter()
            while time.perf_counter() - started < 60 and not conn.is_closed():
                process.stdin.write("rules\r")
                await asyncio.sleep(RULES_EVERY)
            hostile.did += 1
            transport.resume_reading()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(_drain(process), 10)
            if conn.is_closed():
                hostile.refused += 1
                let_go.append(time.perf_counter() - started)
                hostile.note = f"let go after {min(let_go):.0f}-{max(let_go):.0f} s"
            else:
                hostile.note = "NOT let go within a minute"

    await _forever(once, hostile, 1.0)


async def talk(arena: Arena, hostile: Hostile) -> None:
    """:data:`TALKERS` sessions from one address (five names) watch a normal table and say
    a line every :data:`SAYS_EVERY` seconds each; a line the server refuses is counted."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(TALKERS // 3)]
    hostile.unit = "lines said"

    async def one(number: int) -> None:
        name, key = f"talk{number % len(keys)}", keys[number % len(keys)]
        async with await connect(arena.port, name, key=key, source="127.0.9.7") as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 40))
            await until_seen(process, "This is the lobby", 30)
            process.stdin.write(f"watch {arena.codes[-1]}\r")
            await until_seen(process, arena.codes[-1], 30)
            reader = asyncio.ensure_future(_count_refusals(process, hostile))
            try:
                while not reader.done():
                    process.stdin.write(f"say hello from watcher {number}\r")
                    hostile.did += 1
                    await asyncio.sleep(SAYS_EVERY)
                raise ConnectionError("cut off")
            finally:
                reader.cancel()

    talkers = (_forever(functools.partial(one, n), hostile, 1.0) for n in range(TALKERS))
    await asyncio.gather(*talkers)


async def _count_refusals(process: asyncssh.SSHClientProcess[str], hostile: Hostile) -> None:
    """Read what the server sends; count the lines it would not pass on."""
    with contextlib.suppress(Exception):
        while text := await process.stdout.read(65536):
            hostile.refused += sum(ESCAPE.sub("", text).count(word) for word in REFUSED_SAY)


async def names(arena: Arena, hostile: Hostile) -> None:
    """:data:`NAMES_EACH` new names from each of :data:`NAME_ADDRESSES` addresses, at once,
    tried again every ten seconds with names never seen; meanwhile a newcomer from a fresh
    address claims a fresh name every :data:`NEWCOMER_EVERY` seconds."""
    hostile.unit = "new names tried"
    taken = [0, 0]  # the newcomer's names taken, and tried
    counter = itertools.count()

    async def claim(address: str, name: str) -> bool:
        key = asyncssh.generate_private_key("ssh-ed25519")
        try:
            async with await connect(arena.port, name, key=key, source=address) as conn:
                await conn.run("log KITE-7", check=False)
            return True
        except (asyncssh.PermissionDenied, asyncssh.DisconnectError, ConnectionError, OSError):
            return False

    async def flood_from(number: int) -> None:
        address = f"127.0.10.{number + 1}"
        while True:
            tried = [claim(address, f"n{next(counter)}") for _ in range(NAMES_EACH)]
            results = await asyncio.gather(*tried)
            hostile.did += len(results)
            hostile.refused += results.count(False)
            await asyncio.sleep(10.0)

    async def newcomer() -> None:
        for number in itertools.count(1):
            await asyncio.sleep(NEWCOMER_EVERY)
            taken[1] += 1
            taken[0] += await claim(f"127.0.11.{number % 250 + 1}", f"newbie{number}")
            hostile.note = f"a newcomer's new name taken {taken[0]} of {taken[1]} times"

    await asyncio.gather(newcomer(), *(flood_from(n) for n in range(NAME_ADDRESSES)))


async def connections(arena: Arena, hostile: Hostile) -> None:
    """Connections opened and closed from :data:`CHURN_ADDRESSES` addresses, one at a time
    each, :data:`OPENS_PER_SECOND` a second each at most (each logs in, then leaves)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    hostile.unit = "connections opened"

    async def from_address(number: int) -> None:
        address = f"127.0.12.{number + 1}"
        while True:
            started = time.perf_counter()
            hostile.did += 1
            try:
                async with await connect(arena.port, f"churn{number}", key=key, source=address):
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:
                hostile.refused += 1
            await asyncio.sleep(max(0.0, 1 / OPENS_PER_SECOND - (time.perf_counter() - started)))

    await asyncio.gather(*(from_address(n) for n in range(CHURN_ADDRESSES)))


async def takeover(arena: Arena, hostile: Hostile) -> None:
    """A password player, :data:`TAKEOVER_NAME`, makes a table and sits there; a key tries
    that name every second. The soak fails if the key ever gets in."""
    hostile.unit = "logins as a seated password player tried"
    accepted = 0

    async def stranger() -> None:
        nonlocal accepted
        key = asyncssh.generate_private_key("ssh-ed25519")
        while True:
            hostile.did += 1
            try:
                conn = await connect(arena.port, TAKEOVER_NAME, key=key, source="127.0.9.9")
            except (asyncssh.PermissionDenied, asyncssh.DisconnectError, OSError):
                hostile.refused += 1
            else:
                accepted += 1
                hostile.note = f"{accepted} logins with another's name ACCEPTED"
                conn.close()
            await asyncio.sleep(1.0)

    async def owner() -> None:
        async with await connect(
            arena.port,
            TAKEOVER_NAME,
            source="127.0.9.8",
            password=arena.password,
            preferred_auth="password",
        ) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 40))
            await until_seen(process, "This is the lobby", 30)
            process.stdin.write("new\r")
            await until_seen(process, "is yours", 30)
            strangers = asyncio.ensure_future(stranger())
            try:
                await _drain(process)
            finally:
                strangers.cancel()
            raise ConnectionError("the password player was let go")

    await _forever(owner, hostile, 1.0)


HOSTILES: dict[str, tuple[str, Callable[[Arena, Hostile], Awaitable[None]]]] = {
    "flood": ("a flood of keys and DEL", flood),
    "many": ("many connections", many),
    "huge": ("a huge terminal", huge),
    "guess": ("password guesses", guess),
    "churn": ("tables made and left", churn),
    "channels": ("channels never started", channels),
    "unread": ("a client that never reads", unread),
    "talk": ("watchers who talk", talk),
    "names": ("new names from many addresses", names),
    "connections": ("connections from many addresses", connections),
    "takeover": ("a key that tries a password player's name", takeover),
}
"""Each hostile client by its short name (``--hostile``): what it is, and what it does."""
